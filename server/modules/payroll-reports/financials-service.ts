// Financials (payrolls/financials per division, corporation and month; payrolls/financials-program
// per program) and the NCR summary (ncr-summary: non-commission remuneration per payroll and office).
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type {
  Financials,
  FinancialsQuery,
  FinancialsRow,
  NcrQuery,
  NcrRow,
  NcrSummary,
  ProgramFinancials,
  ProgramFinancialsQuery,
  ProgramFinancialsRow,
} from '../../../src/contract/payroll-reports';
import type { Db } from '../../db/client';
import { divisions, employmentRecordDivisions, employmentRecords, payrolls } from '../../db/tables';
import type { Actor } from '../access/service';
import { overlapping } from './analysis-service';
import { addSums, emptySums, entrySums, hours, money, type Sums, toFigures } from './figures';
import { loadEntries, workedTime } from './load';
import { headersWhere, reportScope, requireCorporation, visiblePayroll } from './scope';

const paidBetween = (startDate?: string, endDate?: string) =>
  and(
    startDate ? gte(payrolls.PayDate, startDate) : undefined,
    endDate ? lte(payrolls.PayDate, endDate) : undefined,
  );

/** The divisions of each employee's employment records, by `${EmployeeID}|${IcdOfficeID}`, sorted. */
async function divisionsOfRecords(db: Db, employeeIds: readonly number[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (!employeeIds.length) return out;
  const rows = await db
    .selectDistinct({
      EmployeeID: employmentRecords.EmployeeID,
      IcdOfficeID: employmentRecords.IcdOfficeID,
      DivisionID: employmentRecordDivisions.DivisionID,
    })
    .from(employmentRecords)
    .innerJoin(
      employmentRecordDivisions,
      eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
    )
    .where(inArray(employmentRecords.EmployeeID, [...new Set(employeeIds)]));
  for (const r of rows) {
    const key = `${r.EmployeeID}|${r.IcdOfficeID}`;
    out.set(
      key,
      [...(out.get(key) ?? []), r.DivisionID].sort((a, b) => a - b),
    );
  }
  return out;
}

const monthOf = (date: string | Date) => String(date).slice(0, 7);

interface Bucket {
  sums: Sums;
  payrolls: Set<number>;
}

export async function financials(p: { db: Db; actor: Actor; query: FinancialsQuery }): Promise<Financials> {
  const { db, query } = p;
  const scope = await reportScope(db, p.actor);
  const headers = await headersWhere(db, scope, paidBetween(query.startDate, query.endDate));
  const headerOf = new Map(headers.map((h) => [h.PayrollID, h]));
  const entries = await loadEntries(
    db,
    scope,
    headers.map((h) => h.PayrollID),
  );
  const worked = await workedTime(
    db,
    entries.map((e) => e.PayPeriodID),
  );
  const recordDivisions = await divisionsOfRecords(
    db,
    entries.map((e) => e.EmployeeID),
  );
  const divisionNames = new Map(
    (await db.select({ id: divisions.DivisionID, name: divisions.Name }).from(divisions)).map((d) => [
      d.id,
      d.name,
    ]),
  );
  const rows = new Map<
    string,
    Bucket & {
      Month: string;
      DivisionID: number | null;
      IcdCorporationID: number;
      Owner: string;
      ClientName: string;
      CountryID: number;
    }
  >();
  for (const e of entries) {
    const h = headerOf.get(e.PayrollID);
    if (!h) continue;
    // The entry's pay split by division in proportion to its minutes; time without a program, or no
    // time at all (salary, allowances), goes to the divisions of the employee's employment record at
    // the office in equal parts (none: no division).
    const total = worked.total.get(e.PayPeriodID) ?? 0;
    const shares = new Map<number | null, number>();
    const fallback = recordDivisions.get(`${e.EmployeeID}|${e.IcdOfficeID}`) ?? [null];
    const spread = (weight: number) => {
      for (const d of fallback) shares.set(d, (shares.get(d) ?? 0) + weight / fallback.length);
    };
    if (!total) spread(1);
    else
      for (const pair of worked.byPair.get(e.PayPeriodID) ?? []) {
        if (pair.DivisionID === null) spread(pair.minutes / total);
        else shares.set(pair.DivisionID, (shares.get(pair.DivisionID) ?? 0) + pair.minutes / total);
      }
    for (const [divisionId, share] of shares) {
      if (query.divisionID !== undefined && divisionId !== query.divisionID) continue;
      const Month = monthOf(h.PayDate ?? h.EndDate);
      const key = `${Month}|${divisionId ?? ''}|${h.IcdCorporationID}`;
      const row = rows.get(key) ?? {
        Month,
        DivisionID: divisionId,
        IcdCorporationID: h.IcdCorporationID,
        Owner: h.Owner,
        ClientName: h.ClientName,
        CountryID: h.CountryID,
        sums: emptySums(),
        payrolls: new Set<number>(),
      };
      addSums(row.sums, entrySums(e, share));
      row.payrolls.add(e.PayrollID);
      rows.set(key, row);
    }
  }
  const total = emptySums();
  const out: FinancialsRow[] = [...rows.values()].map((r) => {
    addSums(total, r.sums);
    const f = toFigures(r.sums);
    return {
      Month: r.Month,
      DivisionID: r.DivisionID,
      DivisionName: r.DivisionID === null ? null : (divisionNames.get(r.DivisionID) ?? null),
      IcdCorporationID: r.IcdCorporationID,
      Owner: r.Owner,
      ClientName: r.ClientName,
      CountryID: r.CountryID,
      PayrollCount: r.payrolls.size,
      EmployeeCount: f.EmployeeCount,
      Hours: f.TotalHours,
      Wages: f.Wages,
      Commission: f.Commission,
      Premiums: f.Premiums,
      Other: f.Other,
      GrossPay: f.GrossPay,
    };
  });
  out.sort(
    (a, b) =>
      a.Month.localeCompare(b.Month) ||
      (a.DivisionName ?? '\uffff').localeCompare(b.DivisionName ?? '\uffff') ||
      a.Owner.localeCompare(b.Owner, undefined, { sensitivity: 'base' }) ||
      a.ClientName.localeCompare(b.ClientName, undefined, { sensitivity: 'base' }),
  );
  const t = toFigures(total);
  return {
    Rows: out,
    Totals: {
      Hours: t.TotalHours,
      Wages: t.Wages,
      Commission: t.Commission,
      Premiums: t.Premiums,
      Other: t.Other,
      GrossPay: t.GrossPay,
    },
  };
}

export async function programFinancials(p: {
  db: Db;
  actor: Actor;
  query: ProgramFinancialsQuery;
}): Promise<ProgramFinancials> {
  const { db, query } = p;
  const scope = await reportScope(db, p.actor);
  const headers = await headersWhere(db, scope, paidBetween(query.startDate, query.endDate));
  const headerOf = new Map(headers.map((h) => [h.PayrollID, h]));
  const entries = await loadEntries(
    db,
    scope,
    headers.map((h) => h.PayrollID),
  );
  const worked = await workedTime(
    db,
    entries.map((e) => e.PayPeriodID),
  );
  const rows = new Map<
    string,
    Omit<ProgramFinancialsRow, 'EmployeeCount' | 'Hours' | 'GrossPay' | 'Wages' | 'Commission'> & {
      sums: Sums;
      minutes: number;
    }
  >();
  for (const e of entries) {
    const h = headerOf.get(e.PayrollID);
    const total = worked.total.get(e.PayPeriodID) ?? 0;
    if (!h || !total) continue;
    const byProgram = new Map<number, { name: string; division: number; minutes: number }>();
    for (const pair of worked.byPair.get(e.PayPeriodID) ?? []) {
      if (pair.ProgramID === null || pair.ProgramName === null || pair.DivisionID === null) continue;
      if (query.programID !== undefined && pair.ProgramID !== query.programID) continue;
      const m = byProgram.get(pair.ProgramID) ?? {
        name: pair.ProgramName,
        division: pair.DivisionID,
        minutes: 0,
      };
      m.minutes += pair.minutes;
      byProgram.set(pair.ProgramID, m);
    }
    for (const [programId, m] of byProgram) {
      const Month = monthOf(h.PayDate ?? h.EndDate);
      const key = `${Month}|${programId}|${h.IcdCorporationID}`;
      const row = rows.get(key) ?? {
        Month,
        ProgramID: programId,
        ProgramName: m.name,
        DivisionID: m.division,
        IcdCorporationID: h.IcdCorporationID,
        ClientName: h.ClientName,
        CountryID: h.CountryID,
        sums: emptySums(),
        minutes: 0,
      };
      addSums(row.sums, entrySums(e, m.minutes / total));
      row.minutes += m.minutes;
      rows.set(key, row);
    }
  }
  let minutes = 0;
  const total = emptySums();
  const out: ProgramFinancialsRow[] = [...rows.values()].map(({ sums, minutes: m, ...r }) => {
    minutes += m;
    addSums(total, sums);
    const f = toFigures(sums);
    return {
      ...r,
      EmployeeCount: f.EmployeeCount,
      Hours: hours(m / 60),
      GrossPay: f.GrossPay,
      Wages: f.Wages,
      Commission: f.Commission,
    };
  });
  out.sort(
    (a, b) =>
      a.Month.localeCompare(b.Month) ||
      a.ProgramName.localeCompare(b.ProgramName) ||
      a.ClientName.localeCompare(b.ClientName, undefined, { sensitivity: 'base' }),
  );
  const t = toFigures(total);
  return {
    Rows: out,
    Totals: { Hours: hours(minutes / 60), GrossPay: t.GrossPay, Wages: t.Wages, Commission: t.Commission },
  };
}

export async function ncrSummary(p: { db: Db; actor: Actor; query: NcrQuery }): Promise<NcrSummary> {
  const { db, query } = p;
  const scope = await reportScope(db, p.actor);
  if (query.payrollID !== undefined) await visiblePayroll(db, scope, query.payrollID);
  if (query.icdCorporationID !== undefined) requireCorporation(scope, query.icdCorporationID);
  const headers = await headersWhere(
    db,
    scope,
    and(
      query.payrollID !== undefined ? eq(payrolls.PayrollID, query.payrollID) : undefined,
      query.icdCorporationID !== undefined
        ? eq(payrolls.IcdCorporationID, query.icdCorporationID)
        : undefined,
      overlapping(query.startDate, query.endDate),
    ),
  );
  const entries = await loadEntries(
    db,
    scope,
    headers.map((h) => h.PayrollID),
  );
  const rows: NcrRow[] = [];
  const all = emptySums();
  for (const h of headers) {
    const offices = new Map<number, { name: string; sums: Sums }>();
    for (const e of entries) {
      if (e.PayrollID !== h.PayrollID) continue;
      const o = offices.get(e.IcdOfficeID) ?? { name: e.OfficeName, sums: emptySums() };
      addSums(o.sums, entrySums(e));
      offices.set(e.IcdOfficeID, o);
    }
    for (const [officeId, o] of offices) {
      addSums(all, o.sums);
      rows.push({
        PayrollID: h.PayrollID,
        IcdCorporationID: h.IcdCorporationID,
        Owner: h.Owner,
        ClientName: h.ClientName,
        CountryID: h.CountryID,
        IcdOfficeID: officeId,
        OfficeName: o.name,
        StartDate: h.StartDate,
        EndDate: h.EndDate,
        ...ncrFigures(o.sums),
      });
    }
  }
  return { Rows: rows, Totals: ncrFigures(all) };
}

function ncrFigures(s: Sums) {
  const f = toFigures(s);
  const ncrCents = Math.round(s.wages) + Math.round(s.premiums);
  const gross = Math.round(s.gross);
  return {
    EmployeeCount: f.EmployeeCount,
    NcrHours: f.TotalHours,
    NcrAmount: money(ncrCents),
    Commission: f.Commission,
    Other: f.Other,
    GrossPay: f.GrossPay,
    NcrShare: gross === 0 ? null : Math.round((ncrCents / gross) * 10_000) / 10_000,
  };
}
