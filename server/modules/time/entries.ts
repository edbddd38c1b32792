// Time entries (spec 002 §7): create (POST), replace (PUT), patch (PATCH) and delete (DELETE) of one
// entry, each applied or, in a closed pay period, stored as a late adjustment request
// (late-requests.ts). Deleting a new entry that waits as a request withdraws the request.
import { and, eq } from 'drizzle-orm';
import type { TimeEntry, TimeEntryPatch, TimeEntrySave } from '../../../src/contract/time';
import { LateAdjustmentStatus, type TimeEntryLate } from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { lateAdjustments } from '../../db/tables';
import { together } from '../../db/together';
import { notFound } from '../../errors';
import type { Actor } from '../access/service';
import { storeLateAdjustment, withdrawLateAdjustment } from '../time-management/late-store';
import { doerOf } from '../time-management/record';
import { assertMayWriteAt, loadForWrite, lockEmployee, mayAccess, resolveTarget } from './access';
import {
  closedPeriodOfRow,
  lateTargetOf,
  pendingCreateAt,
  requestLateCreate,
  requestLateUpdate,
  updatePendingCreate,
} from './late-requests';
import {
  assertSameEmployee,
  checkVersion,
  cleanComments,
  type Draft,
  draftFromRow,
  draftFromSave,
  type Row,
  type Tx,
  toWire,
} from './model';
import { prepare } from './rules';
import { insertEntry, softDelete, updateEntry } from './writes';

/** POST: a new entry (a late adjustment request when its pay period is closed). */
export async function createTimeEntry(args: {
  db: Db;
  actor: Actor;
  entry: TimeEntrySave;
}): Promise<TimeEntry | TimeEntryLate> {
  const { db, actor, entry } = args;
  return db.transaction(async (tx) => {
    const employeeId = await resolveTarget(tx, actor, entry.EmployeeID ?? entry.employeeId);
    await lockEmployee(tx, employeeId);
    const draft = draftFromSave(entry);
    // The pay period and the rules' reads go together. The rules' verdict counts for an entry applied
    // now; one for a closed period is checked as its request (a break's work entry may be a request).
    const [late, checked] = await together(tx, [
      () => lateTargetOf(tx, employeeId, draft),
      () => prepare(tx, { actor, employeeId, selfId: null, children: [] }, draft),
    ] as const);
    if (late.status === 'rejected') throw late.reason;
    if (late.value) return requestLateCreate(tx, actor, employeeId, draft, late.value);
    if (checked.status === 'rejected') throw checked.reason;
    return toWire(await insertEntry(tx, actor, employeeId, draft, '', { prepared: checked.value }));
  });
}

/** A change of a stored entry: applied, or a late adjustment request when a period is closed. */
async function changeEntry(tx: Tx, actor: Actor, row: Row, next: Draft): Promise<TimeEntry | TimeEntryLate> {
  const period = (await closedPeriodOfRow(tx, row)) ?? (await lateTargetOf(tx, row.EmployeeID, next))?.period;
  if (period) return requestLateUpdate(tx, actor, row, next, period);
  return toWire(await updateEntry(tx, actor, row, next));
}

/** PUT: the whole entry; Version must match. */
export async function replaceTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  entry: TimeEntrySave & { Version: number };
}): Promise<TimeEntry | TimeEntryLate> {
  const { db, actor, id, entry } = args;
  return db.transaction(async (tx) => {
    const pending = await pendingCreateAt(tx, id);
    if (pending) {
      assertSameEmployee({ EmployeeID: pending.EmployeeID } as Row, entry.EmployeeID ?? entry.employeeId);
      return updatePendingCreate(tx, actor, pending, entry.Version, () => draftFromSave(entry));
    }
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, entry.Version);
    assertSameEmployee(row, entry.EmployeeID ?? entry.employeeId);
    return changeEntry(tx, actor, row, draftFromSave(entry));
  });
}

/** PATCH: only the fields sent change; Version must match. */
export async function patchTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  patch: TimeEntryPatch;
}): Promise<TimeEntry | TimeEntryLate> {
  const { db, actor, id, patch } = args;
  const apply = (current: Draft): Draft => {
    const next = { ...current };
    const { Version: _version, ...fields } = patch;
    for (const [key, value] of Object.entries(fields) as [keyof Draft, unknown][]) {
      if (value === undefined) continue;
      (next as unknown as Record<string, unknown>)[key] =
        key === 'Comments' ? cleanComments(value as string | null) : value;
    }
    // A break turned into a work entry leaves its work entry behind.
    if (patch.IsBreak === false && patch.ParentTimeEntryID === undefined) next.ParentTimeEntryID = null;
    return next;
  };
  return db.transaction(async (tx) => {
    const pending = await pendingCreateAt(tx, id);
    if (pending) return updatePendingCreate(tx, actor, pending, patch.Version, apply);
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, patch.Version);
    return changeEntry(tx, actor, row, apply(draftFromRow(row)));
  });
}

/**
 * DELETE: a soft delete of the entry and its breaks. Null when done; in a closed pay period the
 * entry as it is with the late adjustment request stored instead. Deleting a new entry that waits as
 * a request withdraws the request (and those of its breaks).
 */
export async function deleteTimeEntry(args: {
  db: Db;
  actor: Actor;
  id: number;
  /** The Version the caller saw; when given, a changed entry is refused with 409. */
  version?: number;
}): Promise<TimeEntryLate | null> {
  const { db, actor, id, version } = args;
  return db.transaction(async (tx) => {
    const pending = await pendingCreateAt(tx, id);
    if (pending) {
      if (!mayAccess(actor, pending)) throw notFound('The time entry');
      const by = doerOf(actor);
      const breaks = await tx
        .select()
        .from(lateAdjustments)
        .where(
          and(
            eq(lateAdjustments.ParentTimeEntryID, pending.TimeEntryID),
            eq(lateAdjustments.StatusID, LateAdjustmentStatus.Pending),
          ),
        );
      for (const request of [pending, ...breaks]) await withdrawLateAdjustment(tx, request, by);
      return null;
    }
    const row = await loadForWrite(tx, actor, id);
    checkVersion(row, version);
    await assertMayWriteAt(tx, actor, row.EmployeeID, row.IcdOfficeID);
    const period = await closedPeriodOfRow(tx, row);
    if (period) {
      const wire = toWire(row);
      const LateAdjustment = await storeLateAdjustment(tx, {
        action: 'Delete',
        by: doerOf(actor),
        period,
        entryId: row.Id,
        parentEntryId: row.ParentTimeEntryID,
        employeeId: row.EmployeeID,
        officeId: row.IcdOfficeID,
        entryDate: row.Date,
        isBreak: row.IsBreak,
        before: wire,
        proposed: null,
      });
      return { ...wire, LateAdjustment };
    }
    await softDelete(tx, row, doerOf(actor));
    return null;
  });
}
