// The pay stub comparison (spec 001 §3 "Pay period change record", §5 rounding and the Meal Period
// Premium rule; not in the spec's call list: GET pay-stubs/employee/{id}/compare?payPeriodId=&left=&right=).
// Compares two numbered versions of a pay period's entry (payroll_entry_snapshots: each calculation
// that changed the entry) over the payroll difference columns (columns.ts), and explains each
// difference (why.ts) from the versions in between and the timekeeping of the window between them:
// the time entries created, corrected or deleted (audit_logs) and the late adjustments accepted into
// the period (late_adjustments).
import { and, asc, between, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { EntryVersion, PayPeriodChangeRecord } from '../../../src/contract/pay-stubs';
import { LateAdjustmentStatus } from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import {
  auditLogs,
  employees,
  lateAdjustments,
  payrollEntries,
  payrollEntrySnapshots,
} from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import { minutesDelta } from '../../domain/time-management/changes';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { compareColumns, showFlags, type TotalsRow } from './columns';
import { stubRows, stubScope, weekNumberOf } from './stubs-service';
import { explain, type TimeEvent, type VersionFacts } from './why';

export const NO_ENTRY = 'This pay period has no pay stub.';
export const NO_VERSION = 'This version of the pay stub does not exist.';
export const LEFT_BEFORE_RIGHT = 'Choose a left version older than the right one';

type Snapshot = typeof payrollEntrySnapshots.$inferSelect;

const TIME_ACTIONS = ['TimeEntryCreated', 'TimeEntryUpdated', 'TimeEntryDeleted'];
const KIND_OF: Record<string, TimeEvent['Kind']> = {
  TimeEntryCreated: 'EntryCreated',
  TimeEntryUpdated: 'EntryChanged',
  TimeEntryDeleted: 'EntryDeleted',
};

const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));
const at = (v: string | Date) => (v instanceof Date ? v : new Date(v));

async function names(db: Db, ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(employees)
    .where(inArray(employees.EmployeeID, wanted));
  return new Map(rows.map((r) => [r.EmployeeID, `${r.FirstName} ${r.LastName}`]));
}

/** The timekeeping that reached the period between two instants. */
async function timeEvents(
  db: Db,
  period: {
    PayPeriodID: number;
    EmployeeID: number;
    IcdOfficeID: number;
    StartDate: string;
    EndDate: string;
  },
  from: Date,
  to: Date,
): Promise<TimeEvent[]> {
  const [audits, lates] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.EmployeeID, period.EmployeeID),
          eq(auditLogs.IcdOfficeID, period.IcdOfficeID),
          inArray(auditLogs.Action, TIME_ACTIONS),
          isNull(auditLogs.LateAdjustmentID),
          gt(auditLogs.OccurredAt, from),
          lte(auditLogs.OccurredAt, to),
          // The days of the period and the workweek before it (they count for weekly overtime).
          between(auditLogs.EntryDate, addDays(period.StartDate, -6), period.EndDate),
        ),
      )
      .orderBy(asc(auditLogs.OccurredAt), asc(auditLogs.AuditLogID)),
    db
      .select()
      .from(lateAdjustments)
      .where(
        and(
          eq(lateAdjustments.AppliedPayPeriodID, period.PayPeriodID),
          eq(lateAdjustments.StatusID, LateAdjustmentStatus.Accepted),
          gt(lateAdjustments.ResolvedAt, from),
          lte(lateAdjustments.ResolvedAt, to),
        ),
      )
      .orderBy(asc(lateAdjustments.ResolvedAt)),
  ]);
  const who = await names(db, [
    ...audits.map((a) => a.ActorEmployeeID),
    ...lates.flatMap((l) => [l.RequestedByEmployeeID, l.ResolvedByEmployeeID]),
  ]);
  const lateEntries = new Set(lates.map((l) => l.TimeEntryID));
  const events: TimeEvent[] = audits
    // A break follows its work entry; an entry a late adjustment changed is told by the adjustment.
    .filter((a) => a.TimeEntryID === null || !lateEntries.has(a.TimeEntryID))
    .filter((a) => !((a.After ?? a.Before)?.IsBreak === true && minutesDelta(a.Before, a.After) === 0))
    .map((a) => ({
      Kind: KIND_OF[a.Action] ?? 'EntryChanged',
      TimeEntryID: a.TimeEntryID,
      EntryDate: a.EntryDate ? day(a.EntryDate) : null,
      ByName: a.ActorEmployeeID ? (who.get(a.ActorEmployeeID) ?? null) : null,
      At: at(a.OccurredAt),
      Minutes: minutesDelta(a.Before, a.After) || null,
    }));
  for (const l of lates)
    events.push({
      Kind: 'LateAdjustment',
      TimeEntryID: l.TimeEntryID,
      EntryDate: day(l.EntryDate),
      ByName: who.get(l.RequestedByEmployeeID) ?? null,
      At: at(l.RequestedAt),
      LateAdjustmentID: l.LateAdjustmentID,
      AcceptedByName: l.ResolvedByEmployeeID ? (who.get(l.ResolvedByEmployeeID) ?? null) : null,
      AcceptedAt: l.ResolvedAt ? at(l.ResolvedAt) : null,
      Minutes: l.AppliedMinutes ?? minutesDelta(l.Before, l.Proposed),
    });
  return events.sort((a, b) => a.At.getTime() - b.At.getTime());
}

function facts(s: Snapshot, who: Map<number, string>): VersionFacts {
  return {
    SnapshotNumber: s.SnapshotNumber,
    Trigger: s.Trigger,
    ByName: s.ActorEmployeeID ? (who.get(s.ActorEmployeeID) ?? null) : null,
    At: at(s.CreatedAt),
    Inputs: s.Inputs as unknown as Record<string, unknown>,
    Lines: s.Lines.map((l) => ({ Kind: l.Kind, Rate: l.Rate, AmountCents: l.AmountCents, Trace: l.Trace })),
    Pieces: s.Pieces ?? [],
  };
}

function version(s: Snapshot, who: Map<number, string>): EntryVersion {
  return {
    Version: s.SnapshotNumber,
    CalculatedAt: at(s.CreatedAt).toISOString(),
    Trigger: s.Trigger,
    ByName: s.ActorEmployeeID ? (who.get(s.ActorEmployeeID) ?? null) : null,
    GrossPay: Math.round(s.GrossPayCents) / 100,
  };
}

/** GET pay-stubs/employee/{id}/compare. */
export async function compareStub(args: {
  db: Db;
  actor: Actor;
  employeeId: number;
  payPeriodId: number;
  left?: number;
  right?: number;
  all?: boolean;
}): Promise<PayPeriodChangeRecord> {
  const { db, actor, employeeId, payPeriodId } = args;
  const scope = await stubScope(db, actor, employeeId);
  const [row] = await stubRows(db, scope, eq(payrollEntries.PayPeriodID, payPeriodId), 1);
  if (!row) throw new AppError(404, NO_ENTRY);
  const snapshots = await db
    .select()
    .from(payrollEntrySnapshots)
    .where(eq(payrollEntrySnapshots.PayrollEntryID, row.PayrollEntryID))
    .orderBy(asc(payrollEntrySnapshots.SnapshotNumber));
  if (!snapshots.length) throw new AppError(404, NO_ENTRY);
  const byNumber = new Map(snapshots.map((s) => [s.SnapshotNumber, s]));
  const right = args.right === undefined ? snapshots[snapshots.length - 1] : byNumber.get(args.right);
  if (!right) throw new AppError(404, NO_VERSION);
  let left: Snapshot | undefined | null;
  if (args.left === undefined)
    left = snapshots.filter((s) => s.SnapshotNumber < right.SnapshotNumber).at(-1) ?? null;
  else {
    if (args.left >= right.SnapshotNumber) throw badRequest(LEFT_BEFORE_RIGHT, { left: [LEFT_BEFORE_RIGHT] });
    left = byNumber.get(args.left);
    if (!left) throw new AppError(404, NO_VERSION);
  }
  const chain = snapshots.filter(
    (s) =>
      s.SnapshotNumber >= (left?.SnapshotNumber ?? right.SnapshotNumber) &&
      s.SnapshotNumber <= right.SnapshotNumber,
  );
  const who = await names(db, [employeeId, ...snapshots.map((s) => s.ActorEmployeeID)]);
  // The payroll's other entries decide its Show* flags with the two versions compared.
  const payrollTotals = await db
    .select({ Totals: payrollEntries.Totals })
    .from(payrollEntries)
    .where(eq(payrollEntries.PayrollID, row.PayrollID));
  const rows: TotalsRow[] = [
    ...payrollTotals.map((p) => p.Totals),
    right.Totals,
    ...(left ? [left.Totals] : []),
  ];
  const flags = showFlags(rows);
  const diffs = compareColumns(left?.Totals ?? right.Totals, right.Totals, flags, args.all ?? false);
  const startDate = day(row.StartDate);
  const events = left
    ? await timeEvents(
        db,
        {
          PayPeriodID: row.PayPeriodID,
          EmployeeID: row.EmployeeID,
          IcdOfficeID: row.IcdOfficeID,
          StartDate: startDate,
          EndDate: day(row.EndDate),
        },
        at(left.CreatedAt),
        at(right.CreatedAt),
      )
    : [];
  const differences = explain({
    diffs,
    chain: chain.map((s) => facts(s, who)),
    events,
    timeZone: row.TimeZone,
  });
  return {
    PayPeriodID: row.PayPeriodID,
    Employee: { EmployeeID: row.EmployeeID, FullName: `${row.FirstName} ${row.LastName}` },
    WeekNumber: weekNumberOf(startDate),
    Left: left ? version(left, who) : null,
    Right: version(right, who),
    Versions: snapshots.map((s) => version(s, who)),
    Flags: flags,
    Differences: differences,
  };
}
