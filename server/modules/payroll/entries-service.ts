// A payroll's entries: list, save (the entry save payload, then that entry is recalculated), the
// manual request flag (IsProcessedByAdp), the calculations (POST payrolls/{id}/calculations with the
// totals request) and what a calculation reads (GET payrolls/{id}/calculations/input).
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type CalculationInput,
  type EntrySavePayload,
  fromCents,
  type ManualRequest,
  PAYROLL_ENTRY_NOT_FOUND,
  PAYROLL_LOCKED_MESSAGE,
  PAYROLL_LOCKED_RECALC_MESSAGE,
  type PayrollEntry,
  type TotalsRequest,
  type TotalsResponse,
  toCents,
} from '../../../src/contract/payroll';
import { payPeriods, payrollCommissionPieces, payrollEntries } from '../../db/tables';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { recalculateEntries } from './calculate';
import { ensurePayrolls } from './ensure';
import { gather } from './gather';
import { type Conn, entryInScope, PROCESS, processablePayroll, READ, readablePayroll } from './scope';
import { type EntryRow, entryWires, inputsOf } from './wire';

const entryNotFound = () => new AppError(404, PAYROLL_ENTRY_NOT_FOUND);

function byName(a: PayrollEntry, b: PayrollEntry): number {
  const x = a.Employee;
  const y = b.Employee;
  return (
    (x?.LastName ?? '').localeCompare(y?.LastName ?? '', 'en', { sensitivity: 'base' }) ||
    (x?.FirstName ?? '').localeCompare(y?.FirstName ?? '', 'en', { sensitivity: 'base' }) ||
    a.StartDate.localeCompare(b.StartDate) ||
    a.PayPeriodID - b.PayPeriodID
  );
}

/** Entries of a payroll in the caller's read scope. */
async function scopedEntryRows(db: Conn, actor: Actor, payrollId: number): Promise<EntryRow[]> {
  const scope = actor.offices(READ);
  if (scope !== 'all' && !scope.size) return [];
  return db
    .select()
    .from(payrollEntries)
    .where(
      and(
        eq(payrollEntries.PayrollID, payrollId),
        scope === 'all' ? undefined : inArray(payrollEntries.IcdOfficeID, [...scope]),
      ),
    );
}

/** GET payrolls/{id}/entries: sorted by employee name. */
export async function listEntries(args: { db: Conn; actor: Actor; id: number }): Promise<PayrollEntry[]> {
  const { db, actor, id } = args;
  const payroll = await readablePayroll(db, actor, id);
  await ensurePayrolls(db, { corporationIds: [payroll.IcdCorporationID] });
  return (await entryWires(db, await scopedEntryRows(db, actor, id))).sort(byName);
}

/** The entry of a pay period in a payroll the caller may process (404 otherwise). */
async function processableEntry(
  db: Conn,
  actor: Actor,
  payrollId: number,
  payPeriodId: number,
): Promise<EntryRow> {
  const [row] = await db
    .select()
    .from(payrollEntries)
    .where(and(eq(payrollEntries.PayrollID, payrollId), eq(payrollEntries.PayPeriodID, payPeriodId)))
    .for('update');
  if (!row || !entryInScope(actor, READ, row.IcdOfficeID)) throw entryNotFound();
  if (!entryInScope(actor, PROCESS, row.IcdOfficeID)) throw entryNotFound();
  return row;
}

async function oneWire(db: Conn, row: EntryRow): Promise<PayrollEntry> {
  const [wire] = await entryWires(db, [row]);
  return wire;
}

/**
 * PUT payrolls/{id}/entries/{payPeriodId}: saves the inputs and commission pieces and recalculates
 * the entry. Locked payroll → 409 with PAYROLL_LOCKED_MESSAGE; stale Version → 409 with Current.
 */
export async function saveEntry(args: {
  db: Conn;
  actor: Actor;
  id: number;
  payPeriodId: number;
  body: EntrySavePayload;
}): Promise<PayrollEntry> {
  const { db, actor, id, payPeriodId, body } = args;
  if (body.PayPeriodID !== payPeriodId)
    throw badRequest('The pay period of the entry does not match the address.', {
      PayPeriodID: ['This pay period does not match the address.'],
    });
  return db.transaction(async (tx) => {
    const payroll = await processablePayroll(tx, actor, id, true);
    await ensurePayrolls(tx, { corporationIds: [payroll.IcdCorporationID] });
    const row = await processableEntry(tx, actor, id, payPeriodId);
    if (payroll.IsLocked) throw new AppError(409, PAYROLL_LOCKED_MESSAGE);
    if (body.Version !== undefined && body.Version !== row.Version)
      throw new AppError(409, 'This item was changed by someone else. Review the current version.', {
        body: { Current: await oneWire(tx, row) },
      });
    const now = new Date();
    await tx
      .update(payrollEntries)
      .set({
        Inputs: inputsOf(body),
        UpdatedByEmployeeID: actor.EmployeeID,
        UpdatedAt: now,
        Version: sql`${payrollEntries.Version} + 1`,
      })
      .where(eq(payrollEntries.PayrollEntryID, row.PayrollEntryID));
    await savePieces(tx, row.PayrollEntryID, body.CommissionPieces);
    const { entries } = await recalculateEntries(tx, id, [payPeriodId], 'entry-save', {
      actorEmployeeID: actor.EmployeeID,
      now,
    });
    return oneWire(tx, entries[0] ?? row);
  });
}

/**
 * Saves an entry's commission pieces by number: a piece earned by a sale (SourceType set, e.g. a
 * product order) keeps its row and source and may be neither changed nor removed here — the order's
 * status decides it (400 naming the piece); other pieces are updated, removed or added as sent.
 */
async function savePieces(
  tx: Conn,
  entryId: number,
  sent: EntrySavePayload['CommissionPieces'],
): Promise<void> {
  const existing = await tx
    .select()
    .from(payrollCommissionPieces)
    .where(eq(payrollCommissionPieces.PayrollEntryID, entryId));
  const byNumber = new Map(sent.map((p) => [p.PieceNumber, p]));
  const refused = existing.filter((e) => {
    if (!e.SourceType) return false;
    const s = byNumber.get(e.PieceNumber);
    return !s || s.PieceQty !== e.PieceQty || toCents(s.PieceRate) !== e.PieceRateCents;
  });
  if (refused.length)
    throw badRequest('A piece earned by a sale cannot be changed here.', {
      CommissionPieces: refused.map(
        (e) =>
          `Piece #${e.PieceNumber} was earned by a sale: change the order's status instead of the piece.`,
      ),
    });
  for (const e of existing) {
    if (e.SourceType) continue;
    const s = byNumber.get(e.PieceNumber);
    if (!s)
      await tx
        .delete(payrollCommissionPieces)
        .where(eq(payrollCommissionPieces.PayrollCommissionPieceID, e.PayrollCommissionPieceID));
    else if (s.PieceQty !== e.PieceQty || toCents(s.PieceRate) !== e.PieceRateCents)
      await tx
        .update(payrollCommissionPieces)
        .set({ PieceQty: s.PieceQty, PieceRateCents: toCents(s.PieceRate) })
        .where(eq(payrollCommissionPieces.PayrollCommissionPieceID, e.PayrollCommissionPieceID));
  }
  const known = new Set(existing.map((e) => e.PieceNumber));
  const added = sent.filter((p) => !known.has(p.PieceNumber));
  if (added.length)
    await tx.insert(payrollCommissionPieces).values(
      added.map((p) => ({
        PayrollEntryID: entryId,
        PieceNumber: p.PieceNumber,
        PieceQty: p.PieceQty,
        PieceRateCents: toCents(p.PieceRate),
      })),
    );
}

/** PATCH payrolls/{id}/manual-requests: marks an entry's manual request processed by the provider (or not). */
export async function setManualRequest(args: {
  db: Conn;
  actor: Actor;
  id: number;
  body: ManualRequest;
}): Promise<PayrollEntry> {
  const { db, actor, id, body } = args;
  return db.transaction(async (tx) => {
    const payroll = await processablePayroll(tx, actor, id);
    await ensurePayrolls(tx, { corporationIds: [payroll.IcdCorporationID] });
    const row = await processableEntry(tx, actor, id, body.PayPeriodID);
    if (row.IsProcessedByAdp === body.IsProcessedByAdp) return oneWire(tx, row);
    const [updated] = await tx
      .update(payrollEntries)
      .set({
        IsProcessedByAdp: body.IsProcessedByAdp,
        UpdatedByEmployeeID: actor.EmployeeID,
        UpdatedAt: new Date(),
        Version: sql`${payrollEntries.Version} + 1`,
      })
      .where(eq(payrollEntries.PayrollEntryID, row.PayrollEntryID))
      .returning();
    return oneWire(tx, updated);
  });
}

const overlaps = (a: { StartDate: string; EndDate: string }, b: { StartDate: string; EndDate: string }) =>
  a.StartDate <= b.EndDate && b.StartDate <= a.EndDate;

/**
 * POST payrolls/{id}/calculations: recalculates the payroll's entries (those of the pay periods the
 * request names, or all) and answers them with their employees. ExtraShowHours of a manual
 * submission add their hours to the extra hours worked of the pay period holding their date, for
 * this calculation. A locked payroll is refused (409).
 */
export async function calculate(args: {
  db: Conn;
  actor: Actor;
  id: number;
  body: TotalsRequest;
}): Promise<TotalsResponse> {
  const { db, actor, id, body } = args;
  if (body.EndDate < body.StartDate)
    throw badRequest('The end date is before the start date.', {
      EndDate: ['End on or after the start date.'],
    });
  return db.transaction(async (tx) => {
    const payroll = await processablePayroll(tx, actor, id, true);
    if (payroll.IsLocked) throw new AppError(409, PAYROLL_LOCKED_RECALC_MESSAGE);
    if (!overlaps(body, payroll))
      throw badRequest('These dates are outside this payroll.', {
        StartDate: [`Use dates from ${payroll.StartDate} to ${payroll.EndDate}.`],
      });
    await ensurePayrolls(tx, { corporationIds: [payroll.IcdCorporationID] });
    const rows = await scopedEntryRows(tx, actor, id);
    const processScope = actor.offices(PROCESS);
    const periods = rows.length
      ? await tx
          .select({
            id: payPeriods.PayPeriodID,
            StartDate: payPeriods.StartDate,
            EndDate: payPeriods.EndDate,
          })
          .from(payPeriods)
          .where(eq(payPeriods.PayrollID, id))
      : [];
    const inScope = new Set(
      rows.filter((r) => processScope === 'all' || processScope.has(r.IcdOfficeID)).map((r) => r.PayPeriodID),
    );
    let selected = periods.filter((p) => inScope.has(p.id));
    if (body.PayPeriods.length)
      selected = selected.filter((p) =>
        body.PayPeriods.some((w) => (w.PayPeriodID ? w.PayPeriodID === p.id : overlaps(w, p))),
      );
    const extra = new Map<number, number>();
    for (const w of body.PayPeriods)
      for (const show of w.ManualSubmission?.ExtraShowHours ?? []) {
        const p = selected.find((x) =>
          w.PayPeriodID ? x.id === w.PayPeriodID : x.StartDate <= show.Date && show.Date <= x.EndDate,
        );
        if (p && show.Hours) extra.set(p.id, Math.round(((extra.get(p.id) ?? 0) + show.Hours) * 100) / 100);
      }
    const result = await recalculateEntries(
      tx,
      id,
      selected.map((p) => p.id),
      'calculation',
      { actorEmployeeID: actor.EmployeeID, extraHours: extra },
    );
    const wires = (await entryWires(tx, result.entries)).sort(byName);
    const employees = [
      ...new Map(wires.flatMap((w) => (w.Employee ? [[w.EmployeeID, w.Employee] as const] : []))).values(),
    ];
    return { PayrollEntries: wires.map(({ Employee: _e, ...w }) => w), Employees: employees };
  });
}

/** GET payrolls/{id}/calculations/input: what the engine reads for each entry in the caller's scope. */
export async function calculationInput(args: {
  db: Conn;
  actor: Actor;
  id: number;
}): Promise<CalculationInput> {
  const { db, actor, id } = args;
  const payroll = await readablePayroll(db, actor, id);
  await ensurePayrolls(db, { corporationIds: [payroll.IcdCorporationID] });
  const scope = actor.offices(READ);
  const gathered = (await gather(db, payroll)).filter(
    (g) => scope === 'all' || scope.has(g.entry.IcdOfficeID),
  );
  const money = (v: string | null | undefined) => (v == null ? null : Number(v));
  return {
    PayrollID: payroll.PayrollID,
    StartDate: payroll.StartDate,
    EndDate: payroll.EndDate,
    PayPeriods: gathered
      .sort(
        (a, b) =>
          a.entry.EmployeeID - b.entry.EmployeeID || a.period.StartDate.localeCompare(b.period.StartDate),
      )
      .map((g) => ({
        PayPeriodID: g.period.PayPeriodID,
        EmployeeID: g.entry.EmployeeID,
        IcdOfficeID: g.entry.IcdOfficeID,
        StartDate: g.period.StartDate,
        EndDate: g.period.EndDate,
        IsApproved: g.period.IsApproved,
        IsLocked: g.period.IsLocked,
        CountryID: g.office.CountryID,
        StateProvince: g.office.StateProvince,
        PayRate: money(g.record?.PayRate),
        Salary: money(g.record?.Salary),
        CommissionThreshold: money(g.record?.CommissionThreshold),
        BasisOfPayID: g.record?.BasisOfPayID ?? null,
        TimeEntries: g.input.TimeEntries.filter((t) => !t.IsBreak).map((t) => {
          const breaks = g.input.TimeEntries.filter(
            (b) => b.IsBreak && b.ParentTimeEntryID === t.TimeEntryID,
          );
          return {
            TimeEntryID: t.TimeEntryID,
            Date: t.Date,
            StartTime: t.StartTime,
            EndTime: t.EndTime,
            Minutes: span(t.StartTime, t.EndTime),
            BreakMinutes: breaks.reduce((s, b) => s + span(b.StartTime, b.EndTime), 0),
            ProgramID: t.ProgramID ?? null,
            StoreID: t.StoreID ?? null,
          };
        }),
        LateAdjustments: g.input.LateAdjustments.map((l) => ({
          LateAdjustmentID: l.LateAdjustmentID,
          EntryDate: l.EntryDate,
          AppliedMinutes: l.Minutes,
          PayPeriodID: g.period.PayPeriodID,
        })),
        MinimumWage: g.input.MinimumWages.map((w) => ({
          StartDate: w.StartDate,
          EndDate: w.EndDate ?? g.period.EndDate,
          MinimumWage: fromCents(w.MinimumWage),
        })),
      })),
  };
}

/** Minutes from a start to an end wall-clock time (an end before the start is the next day; open: 0). */
function span(start: string | null, end: string | null): number {
  if (!start || !end) return 0;
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const d = m(end) - m(start);
  return d < 0 ? d + 1440 : d;
}
