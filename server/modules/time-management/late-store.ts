// Storing late adjustment requests (src/contract/time-management.ts, "Late adjustments"). Called by
// the time-entry writes (server/modules/time/late-requests.ts) inside their transaction once they found
// the entry's pay period closed and validated the change.
import { and, eq, sql } from 'drizzle-orm';
import {
  LATE_ADJUSTMENT_MESSAGE,
  LateAdjustmentAction,
  type LateAdjustmentNotice,
  LateAdjustmentStatus,
} from '../../../src/contract/time-management';
import { lateAdjustments } from '../../db/tables';
import { periodState } from '../../domain/time-management/pay-periods';
import type { PayPeriodRow } from './periods';
import { type Conn, type Doer, recordAudit, snapshot } from './record';

export type LateAdjustmentRow = typeof lateAdjustments.$inferSelect;

/** The next id of the time-entry sequence, for a new entry that waits as a late adjustment. */
export async function reserveTimeEntryId(db: Conn): Promise<number> {
  const result = await db.execute<{ id: number | string }>(
    sql`select nextval(pg_get_serial_sequence('time_entries', 'time_entry_id')) as id`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number | string }[] }).rows) as {
    id: number | string;
  }[];
  return Number(rows[0].id);
}

/** The pending request about an entry (or a reserved entry id), if any. */
export async function pendingLateAdjustment(
  db: Conn,
  entryId: number,
): Promise<LateAdjustmentRow | undefined> {
  const [row] = await db
    .select()
    .from(lateAdjustments)
    .where(
      and(
        eq(lateAdjustments.TimeEntryID, entryId),
        eq(lateAdjustments.StatusID, LateAdjustmentStatus.Pending),
      ),
    )
    .limit(1);
  return row;
}

export function lateNotice(row: LateAdjustmentRow, period: PayPeriodRow): LateAdjustmentNotice {
  return {
    LateAdjustmentID: row.LateAdjustmentID,
    StatusID: row.StatusID,
    ActionID: row.ActionID,
    PayPeriodID: period.PayPeriodID,
    PayPeriodStartDate: period.StartDate,
    PayPeriodEndDate: period.EndDate,
    PayPeriodState: periodState(period) === 'Locked' ? 'Locked' : 'Approved',
    Message: LATE_ADJUSTMENT_MESSAGE,
  };
}

export interface LateRequest {
  action: keyof typeof LateAdjustmentAction;
  by: Doer;
  period: PayPeriodRow;
  /** The entry changed, or the id reserved for a new one. */
  entryId: number;
  parentEntryId: number | null;
  employeeId: number;
  officeId: number;
  entryDate: string;
  isBreak: boolean;
  /** The entry as it is (null for a create). */
  before: object | null;
  /** The entry as it would be (null for a delete). */
  proposed: object | null;
  /** When it was asked (default: now; the demo seed passes its clock). */
  at?: Date;
}

/**
 * Stores the request, or folds it into the pending request of the same entry (the latest proposal
 * wins; the entry as it was stays the one first seen). Recorded in the audit.
 */
export async function storeLateAdjustment(db: Conn, request: LateRequest): Promise<LateAdjustmentNotice> {
  const now = request.at ?? new Date();
  const existing = await pendingLateAdjustment(db, request.entryId);
  let row: LateAdjustmentRow;
  if (existing) {
    // A pending create stays a create; an edit followed by a delete becomes a delete.
    const action =
      existing.ActionID === LateAdjustmentAction.Create
        ? existing.ActionID
        : LateAdjustmentAction[request.action];
    [row] = await db
      .update(lateAdjustments)
      .set({
        ActionID: action,
        Proposed: snapshot(request.proposed),
        EntryDate: request.entryDate,
        RequestedByEmployeeID: request.by.EmployeeID,
        RequestedAt: now,
        UpdatedAt: now,
        Version: existing.Version + 1,
      })
      .where(eq(lateAdjustments.LateAdjustmentID, existing.LateAdjustmentID))
      .returning();
  } else {
    [row] = await db
      .insert(lateAdjustments)
      .values({
        TimeEntryID: request.entryId,
        ParentTimeEntryID: request.parentEntryId,
        ActionID: LateAdjustmentAction[request.action],
        StatusID: LateAdjustmentStatus.Pending,
        EmployeeID: request.employeeId,
        IcdOfficeID: request.officeId,
        PayPeriodID: request.period.PayPeriodID,
        EntryDate: request.entryDate,
        IsBreak: request.isBreak,
        Before: snapshot(request.before),
        Proposed: snapshot(request.proposed),
        RequestedByEmployeeID: request.by.EmployeeID,
        RequestedAt: now,
        UpdatedAt: now,
      })
      .returning();
  }
  await recordAudit(db, {
    action: 'LateAdjustmentRequested',
    entityType: 'LateAdjustment',
    entityId: row.LateAdjustmentID,
    by: request.by,
    employeeId: row.EmployeeID,
    officeId: row.IcdOfficeID,
    timeEntryId: row.TimeEntryID,
    payPeriodId: row.PayPeriodID,
    lateAdjustmentId: row.LateAdjustmentID,
    entryDate: row.EntryDate,
    before: row.Before,
    after: row.Proposed,
    note: existing ? 'The pending request was changed again' : null,
    at: now,
  });
  return lateNotice(row, request.period);
}

/** A pending request withdrawn by its requester (e.g. a queued new entry deleted again). */
export async function withdrawLateAdjustment(db: Conn, row: LateAdjustmentRow, by: Doer): Promise<void> {
  const now = new Date();
  await db
    .update(lateAdjustments)
    .set({
      StatusID: LateAdjustmentStatus.Withdrawn,
      ResolvedByEmployeeID: by.EmployeeID,
      ResolvedAt: now,
      UpdatedAt: now,
      Version: row.Version + 1,
    })
    .where(eq(lateAdjustments.LateAdjustmentID, row.LateAdjustmentID));
  await recordAudit(db, {
    action: 'LateAdjustmentWithdrawn',
    entityType: 'LateAdjustment',
    entityId: row.LateAdjustmentID,
    by,
    employeeId: row.EmployeeID,
    officeId: row.IcdOfficeID,
    timeEntryId: row.TimeEntryID,
    payPeriodId: row.PayPeriodID,
    lateAdjustmentId: row.LateAdjustmentID,
    entryDate: row.EntryDate,
    before: row.Proposed,
    after: null,
    at: now,
  });
}
