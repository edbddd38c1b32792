// Payroll summary (payrolls/summary), analysis (payrolls/{id}/analysis) and inquiry
// (payrolls/inquiry): totals per payroll, per office and per employee, and the comparison with the
// corporation's previous payroll.
import { and, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type {
  AnalysisEmployee,
  AnalysisOffice,
  InquiryQuery,
  PayrollAnalysis,
  PayrollHeader,
  PayrollInquiryRow,
  PayrollSummary,
  SummaryQuery,
} from '../../../src/contract/payroll-reports';
import type { Db } from '../../db/client';
import { corporations, payrollEntries, payrolls } from '../../db/tables';
import type { Actor } from '../access/service';
import { addSums, diffFigures, emptySums, entrySums, money, type Sums, toFigures } from './figures';
import { type EntryRow, loadEntries, shareAt, workedTime } from './load';
import {
  headerSelect,
  headersWhere,
  idCondition,
  type ReportScope,
  reportScope,
  visiblePayroll,
} from './scope';

/** Payrolls whose pay window overlaps the range (either end open). */
export function overlapping(startDate?: string, endDate?: string) {
  return and(
    startDate ? gte(payrolls.EndDate, startDate) : undefined,
    endDate ? lte(payrolls.StartDate, endDate) : undefined,
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const list = out.get(key(item)) ?? [];
    list.push(item);
    out.set(key(item), list);
  }
  return out;
}

const sumsOf = (entries: readonly EntryRow[]): Sums =>
  entries.reduce((s, e) => addSums(s, entrySums(e)), emptySums());

export async function payrollSummary(p: {
  db: Db;
  actor: Actor;
  query: SummaryQuery;
}): Promise<PayrollSummary> {
  const { db, query } = p;
  const scope = await reportScope(db, p.actor);
  const owner = query.owner?.trim();
  const headers = await headersWhere(
    db,
    scope,
    and(
      overlapping(query.startDate, query.endDate),
      owner ? sql`strpos(lower(${corporations.Owner}), lower(${owner})) > 0` : undefined,
    ),
  );
  let entries = await loadEntries(
    db,
    scope,
    headers.map((h) => h.PayrollID),
  );
  if (query.programID !== undefined) {
    const worked = await workedTime(
      db,
      entries.map((e) => e.PayPeriodID),
    );
    entries = entries.filter((e) => shareAt(worked, e.PayPeriodID, query.programID) > 0);
  }
  const byPayroll = groupBy(entries, (e) => e.PayrollID);
  const rows = headers
    .filter((h) => query.programID === undefined || byPayroll.has(h.PayrollID))
    .map((h) => ({ ...h, ...toFigures(sumsOf(byPayroll.get(h.PayrollID) ?? [])) }));
  return {
    Rows: rows,
    Totals: toFigures(sumsOf(entries)),
    NotApplied: query.retailerID !== undefined ? ['retailerID'] : [],
  };
}

/** The corporation's payroll that ended last before this one started. */
async function previousPayroll(
  db: Db,
  scope: ReportScope,
  payroll: PayrollHeader,
): Promise<PayrollHeader | null> {
  const [row] = await db
    .select(headerSelect)
    .from(payrolls)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
    .where(
      and(
        eq(payrolls.IcdCorporationID, payroll.IcdCorporationID),
        lt(payrolls.EndDate, String(payroll.StartDate)),
        idCondition(scope.corporations, payrolls.IcdCorporationID),
      ),
    )
    .orderBy(desc(payrolls.EndDate), desc(payrolls.PayrollID))
    .limit(1);
  return row ?? null;
}

export async function payrollAnalysis(p: { db: Db; actor: Actor; id: number }): Promise<PayrollAnalysis> {
  const { db } = p;
  const scope = await reportScope(db, p.actor);
  const payroll = await visiblePayroll(db, scope, p.id);
  const previous = await previousPayroll(db, scope, payroll);
  const entries = await loadEntries(db, scope, [payroll.PayrollID]);
  const before = previous ? await loadEntries(db, scope, [previous.PayrollID]) : [];
  const totals = toFigures(sumsOf(entries));
  const previousTotals = previous ? toFigures(sumsOf(before)) : null;

  const Offices: AnalysisOffice[] = [...groupBy(entries, (e) => e.IcdOfficeID).values()].map((list) => ({
    IcdOfficeID: list[0].IcdOfficeID,
    OfficeName: list[0].OfficeName,
    ...toFigures(sumsOf(list)),
  }));
  const previousGross = new Map<string, number>();
  for (const e of before) {
    const key = `${e.EmployeeID}|${e.IcdOfficeID}`;
    previousGross.set(key, (previousGross.get(key) ?? 0) + e.GrossPayCents);
  }
  const Employees: AnalysisEmployee[] = entries.map((e) => {
    const { EmployeeCount: _count, ...f } = toFigures(entrySums(e));
    const prior = previous ? previousGross.get(`${e.EmployeeID}|${e.IcdOfficeID}`) : undefined;
    return {
      EmployeeID: e.EmployeeID,
      EmployeeName: e.EmployeeName,
      PayPeriodID: e.PayPeriodID,
      IcdOfficeID: e.IcdOfficeID,
      OfficeName: e.OfficeName,
      ...f,
      PreviousGrossPay: prior === undefined ? null : money(prior),
      GrossPayChange: prior === undefined ? null : money(e.GrossPayCents - prior),
    };
  });
  return {
    Payroll: payroll,
    Totals: totals,
    Previous: previous && previousTotals ? { ...previous, Totals: previousTotals } : null,
    Change: previousTotals ? diffFigures(totals, previousTotals) : null,
    Offices,
    Employees,
  };
}

export async function payrollInquiry(p: {
  db: Db;
  actor: Actor;
  query: InquiryQuery;
}): Promise<PayrollInquiryRow[]> {
  const { db, query } = p;
  const scope = await reportScope(db, p.actor);
  const rows = await db
    .select({
      ...headerSelect,
      IsVisible: payrolls.IsVisible,
      IsDisclosed: payrolls.IsDisclosed,
      IsPending: payrolls.IsPending,
      IsCompleted: payrolls.IsCompleted,
      LockedAt: payrolls.LockedAt,
      CompletedAt: payrolls.CompletedAt,
    })
    .from(payrolls)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
    .where(
      and(
        idCondition(scope.corporations, payrolls.IcdCorporationID),
        overlapping(query.startDate, query.endDate),
      ),
    )
    .orderBy(
      sql`lower(${corporations.Owner})`,
      sql`lower(${corporations.ClientName})`,
      payrolls.StartDate,
      payrolls.PayrollID,
    );
  const ids = rows.map((r) => r.PayrollID);
  const totals = ids.length
    ? await db
        .select({
          PayrollID: payrollEntries.PayrollID,
          n: count(),
          gross: sql<string>`coalesce(sum(${payrollEntries.GrossPayCents}), 0)`,
        })
        .from(payrollEntries)
        .where(
          and(inArray(payrollEntries.PayrollID, ids), idCondition(scope.offices, payrollEntries.IcdOfficeID)),
        )
        .groupBy(payrollEntries.PayrollID)
    : [];
  const byId = new Map(totals.map((t) => [t.PayrollID, t]));
  return rows.map(({ LockedAt, CompletedAt, ...r }) => ({
    ...r,
    LockedDate: LockedAt ? LockedAt.toISOString() : null,
    CompletedDate: CompletedAt ? CompletedAt.toISOString() : null,
    EntryCount: byId.get(r.PayrollID)?.n ?? 0,
    GrossPay: money(Number(byId.get(r.PayrollID)?.gross ?? 0)),
  }));
}
