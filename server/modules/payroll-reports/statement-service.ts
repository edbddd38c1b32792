// Statement of earnings (spec 001 §3 "Earnings line", §7 payroll/{id}/statement-of-earnings) and the
// program/store pairs worked in a payroll (payroll/{id}/active-program-store-pairs).
import { and, eq, inArray } from 'drizzle-orm';
import type {
  EarningsLine,
  ProgramStorePair,
  StatementEmployee,
  StatementOfEarnings,
  StatementQuery,
} from '../../../src/contract/payroll-reports';
import type { Db } from '../../db/client';
import { payPeriods, payrollCommissionPieces, programs, stores } from '../../db/tables';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { classOf, hours, isHourLine, type LineLike, lineRank, money } from './figures';
import { type EntryRow, loadEntries, shareAt, workedTime } from './load';
import { idCondition, reportScope, visiblePayroll } from './scope';

const isMealPremium = (line: Pick<LineLike, 'Kind' | 'Caption'>) =>
  classOf(line) === 'premium' && /meal/i.test(`${line.Kind} ${line.Caption}`);

interface Piece {
  PayrollEntryID: number;
  PieceNumber: number;
  ProgramID: number | null;
  StoreID: number | null;
}

async function piecesOf(db: Db, entryIds: readonly number[]): Promise<Piece[]> {
  if (!entryIds.length) return [];
  return db
    .select({
      PayrollEntryID: payrollCommissionPieces.PayrollEntryID,
      PieceNumber: payrollCommissionPieces.PieceNumber,
      ProgramID: payrollCommissionPieces.ProgramID,
      StoreID: payrollCommissionPieces.StoreID,
    })
    .from(payrollCommissionPieces)
    .where(inArray(payrollCommissionPieces.PayrollEntryID, [...entryIds]));
}

interface Filter {
  programId?: number;
  storeId?: number;
}

/**
 * One employee's statement lines: in the spec's order, the Meal Period Premium without rate or
 * units; under a program/store filter the hour lines scaled to the share of hours worked there, a
 * piece sold at another program/store left out, and the lines not paid for time shown whole
 * (Attributed false).
 */
export function statementLines(
  entry: Pick<EntryRow, 'lines'>,
  share: number,
  filter: Filter,
  pieces: readonly Pick<Piece, 'PieceNumber' | 'ProgramID' | 'StoreID'>[],
): EarningsLine[] {
  const filtered = filter.programId !== undefined || filter.storeId !== undefined;
  const out: Array<EarningsLine & { rank: number; at: number }> = [];
  entry.lines.forEach((line, at) => {
    const meal = isMealPremium(line);
    const base = {
      Kind: line.Kind,
      Caption: line.Caption,
      Rate: meal || line.Rate === null ? null : Math.round(line.Rate * 10_000) / 10_000,
      IsDetail: line.IsDetail,
      rank: lineRank(line),
      at,
    };
    if (!filtered) {
      out.push({
        ...base,
        Units: meal || line.Units === null ? null : hours(line.Units),
        Amount: money(line.AmountCents),
        Attributed: true,
      });
      return;
    }
    if (isHourLine(line)) {
      out.push({
        ...base,
        Units: line.Units === null ? null : hours(line.Units * share),
        Amount: money(line.AmountCents * share),
        Attributed: true,
      });
      return;
    }
    const pieceNo = /^Commission Piece #(\d+)$/.exec(line.Caption);
    const piece = pieceNo ? pieces.find((p) => p.PieceNumber === Number(pieceNo[1])) : undefined;
    const located = piece && (piece.ProgramID !== null || piece.StoreID !== null);
    if (located) {
      const matches =
        (filter.programId === undefined || piece.ProgramID === filter.programId) &&
        (filter.storeId === undefined || piece.StoreID === filter.storeId);
      if (!matches) return;
    }
    out.push({
      ...base,
      Units: meal || line.Units === null ? null : hours(line.Units),
      Amount: money(line.AmountCents),
      Attributed: !!located,
    });
  });
  return out.sort((a, b) => a.rank - b.rank || a.at - b.at).map(({ rank: _rank, at: _at, ...line }) => line);
}

const cents = (amount: number) => Math.round(amount * 100);

export async function statementOfEarnings(p: {
  db: Db;
  actor: Actor;
  id: number;
  query: StatementQuery;
}): Promise<StatementOfEarnings> {
  const { db, query } = p;
  const scope = await reportScope(db, p.actor);
  const payroll = await visiblePayroll(db, scope, p.id);
  let program: { ProgramID: number; Name: string } | undefined;
  let store: { StoreID: number; Name: string; ProgramID: number } | undefined;
  if (query.programID !== undefined) {
    [program] = await db
      .select({ ProgramID: programs.ProgramID, Name: programs.Name })
      .from(programs)
      .where(eq(programs.ProgramID, query.programID));
    if (!program) throw notFound('The program');
  }
  if (query.storeID !== undefined) {
    [store] = await db
      .select({ StoreID: stores.StoreID, Name: stores.Name, ProgramID: stores.ProgramID })
      .from(stores)
      .where(eq(stores.StoreID, query.storeID));
    if (!store) throw notFound('The store');
    if (program && store.ProgramID !== program.ProgramID)
      throw badRequest('The store is not one of the program’s stores.', {
        storeID: ['The store is not one of the program’s stores.'],
      });
  }
  const filter: Filter = { programId: query.programID, storeId: query.storeID };
  const filtered = program !== undefined || store !== undefined;
  const entries = await loadEntries(db, scope, [payroll.PayrollID], query.filteredEmployeeID);
  const worked = filtered
    ? await workedTime(
        db,
        entries.map((e) => e.PayPeriodID),
      )
    : null;
  const pieces = filtered
    ? await piecesOf(
        db,
        entries.map((e) => e.PayrollEntryID),
      )
    : [];

  const Employees: StatementEmployee[] = [];
  for (const e of entries) {
    const share = worked ? shareAt(worked, e.PayPeriodID, filter.programId, filter.storeId) : 1;
    if (filtered && share === 0) continue;
    if (!e.lines.length) continue;
    const Lines = statementLines(
      e,
      share,
      filter,
      pieces.filter((x) => x.PayrollEntryID === e.PayrollEntryID),
    );
    Employees.push({
      EmployeeID: e.EmployeeID,
      EmployeeName: e.EmployeeName,
      PayPeriodID: e.PayPeriodID,
      IcdOfficeID: e.IcdOfficeID,
      OfficeName: e.OfficeName,
      StartDate: e.StartDate,
      EndDate: e.EndDate,
      Lines,
      GrossPay: money(Lines.reduce((sum, l) => sum + (l.IsDetail ? 0 : cents(l.Amount)), 0)),
      Share: Math.round(share * 10_000) / 10_000,
    });
  }

  const totals = new Map<
    string,
    { Kind: string; Caption: string; Units: number | null; cents: number; rank: number }
  >();
  for (const e of Employees)
    for (const l of e.Lines) {
      if (l.IsDetail) continue;
      const t = totals.get(l.Caption) ?? {
        Kind: l.Kind,
        Caption: l.Caption,
        Units: null,
        cents: 0,
        rank: lineRank(l),
      };
      if (l.Units !== null) t.Units = hours((t.Units ?? 0) + l.Units);
      t.cents += cents(l.Amount);
      totals.set(l.Caption, t);
    }
  const Totals = [...totals.values()]
    .sort((a, b) => a.rank - b.rank || a.Caption.localeCompare(b.Caption))
    .map((t) => ({ Kind: t.Kind, Caption: t.Caption, Units: t.Units, Amount: money(t.cents) }));

  return {
    Payroll: payroll,
    ProgramID: program?.ProgramID ?? null,
    ProgramName: program?.Name ?? null,
    StoreID: store?.StoreID ?? null,
    StoreName: store?.Name ?? null,
    Employees,
    Totals,
    GrossPay: money(Employees.reduce((sum, e) => sum + cents(e.GrossPay), 0)),
  };
}

/** Program/store pairs with worked time in the payroll's pay periods (at offices in scope). */
export async function activeProgramStorePairs(p: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<ProgramStorePair[]> {
  const scope = await reportScope(p.db, p.actor);
  const payroll = await visiblePayroll(p.db, scope, p.id);
  const periods = await p.db
    .select({ PayPeriodID: payPeriods.PayPeriodID, EmployeeID: payPeriods.EmployeeID })
    .from(payPeriods)
    .where(
      and(eq(payPeriods.PayrollID, payroll.PayrollID), idCondition(scope.offices, payPeriods.IcdOfficeID)),
    );
  const worked = await workedTime(
    p.db,
    periods.map((r) => r.PayPeriodID),
  );
  const employeeOf = new Map(periods.map((r) => [r.PayPeriodID, r.EmployeeID]));
  const pairs = new Map<string, ProgramStorePair & { minutes: number; people: Set<number> }>();
  for (const [payPeriodId, list] of worked.byPair)
    for (const w of list) {
      if (w.ProgramID === null || w.ProgramName === null) continue;
      const key = `${w.ProgramID}|${w.StoreID ?? ''}`;
      const pair = pairs.get(key) ?? {
        ProgramID: w.ProgramID,
        ProgramName: w.ProgramName,
        StoreID: w.StoreID,
        StoreName: w.StoreName,
        Hours: 0,
        EmployeeCount: 0,
        minutes: 0,
        people: new Set<number>(),
      };
      pair.minutes += w.minutes;
      pair.people.add(employeeOf.get(payPeriodId) ?? 0);
      pairs.set(key, pair);
    }
  return [...pairs.values()]
    .map(({ minutes, people, ...pair }) => ({
      ...pair,
      Hours: hours(minutes / 60),
      EmployeeCount: people.size,
    }))
    .sort(
      (a, b) =>
        a.ProgramName.localeCompare(b.ProgramName) ||
        (a.StoreName ?? '').localeCompare(b.StoreName ?? '') ||
        a.ProgramID - b.ProgramID,
    );
}
