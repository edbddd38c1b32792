// Time entries: late adjustments (a change of time in an approved or locked pay period). A change of
// an entry whose pay period is closed (the entry's day in its office's time zone) is validated like
// any other, then stored as a late adjustment request instead of applied: the write answers 202 with
// the entry as it would be and `LateAdjustment` (src/contract/time-management.ts). Also: changes of
// a new entry still waiting as a request, and applying a request payroll accepted.
import { eq } from 'drizzle-orm';
import type { TimeEntry } from '../../../src/contract/time';
import {
  LateAdjustmentAction,
  type TimeEntryLate,
  type TimeEntryV2Late,
} from '../../../src/contract/time-management';
import { payPeriods } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  type LateAdjustmentRow,
  pendingLateAdjustment,
  reserveTimeEntryId,
  storeLateAdjustment,
} from '../time-management/late-store';
import { closedPeriodOf, type PayPeriodRow } from '../time-management/periods';
import { type Doer, doerOf } from '../time-management/record';
import { liveBreaksOf, liveRow, lockEmployee, mayAccess } from './access';
import { type Conn, type Draft, type Row, STALE_MESSAGE, type Tx, toWire } from './model';
import { prepare, prepareBreakOf } from './rules';
import { insertEntry, softDelete, updateEntry } from './writes';

const DRAFT_KEYS = [
  'Date',
  'TimeEntryTypeID',
  'IcdOfficeID',
  'ProgramID',
  'StoreID',
  'Comments',
  'IsRealTime',
  'TimeZoneOffset',
  'StartTime',
  'EndTime',
  'IsBreak',
  'ParentTimeEntryID',
  'Latitude',
  'Longitude',
  'LocationAccuracy',
] as const satisfies readonly (keyof Draft)[];

/** The stored fields of an entry copy (a late adjustment's proposal). */
export function draftFromSnapshot(copy: Readonly<Record<string, unknown>>): Draft {
  const out: Record<string, unknown> = {};
  for (const key of DRAFT_KEYS) out[key] = copy[key] ?? null;
  const date = copy.Date;
  out.Date = date instanceof Date ? date.toISOString().slice(0, 10) : String(date).slice(0, 10);
  out.IsRealTime = copy.IsRealTime === true;
  out.IsBreak = copy.IsBreak === true;
  out.TimeZoneOffset = Number(copy.TimeZoneOffset ?? 0);
  return out as unknown as Draft;
}

/** A row-shaped copy of an entry that is not (yet) stored as such. */
function proposedRow(
  id: number,
  employeeId: number,
  draft: Draft,
  by: Doer,
  version: number,
  base?: Row,
): Row {
  const now = new Date();
  return {
    ...draft,
    Id: id,
    EmployeeID: employeeId,
    CreatedByEmployeeID: base?.CreatedByEmployeeID ?? by.EmployeeID,
    UpdatedByEmployeeID: by.EmployeeID,
    CreatedAt: base?.CreatedAt ?? now,
    UpdatedAt: now,
    Version: version,
    DeletedAt: null,
  };
}

export function isLate<T extends object>(
  result: T | TimeEntryLate | TimeEntryV2Late,
): result is TimeEntryLate | TimeEntryV2Late {
  return 'LateAdjustment' in result;
}

interface LateTarget {
  period: PayPeriodRow;
  /** For a break: its work entry as proposed (a pending new entry, or the entry being changed). */
  parentDraft?: Draft;
  parentId?: number;
}

async function periodById(tx: Conn, id: number): Promise<PayPeriodRow> {
  const [row] = await tx.select().from(payPeriods).where(eq(payPeriods.PayPeriodID, id)).limit(1);
  return row;
}

/** A break's work entry when it is a new entry waiting as a late adjustment. */
async function pendingParent(
  tx: Conn,
  employeeId: number,
  parentId: number,
): Promise<LateAdjustmentRow | undefined> {
  const pending = await pendingLateAdjustment(tx, parentId);
  return pending && pending.ActionID === LateAdjustmentAction.Create && pending.EmployeeID === employeeId
    ? pending
    : undefined;
}

/** Whether a new or changed entry falls in a closed pay period (a break: its work entry's). */
export async function lateTargetOf(tx: Conn, employeeId: number, draft: Draft): Promise<LateTarget | null> {
  if (draft.IsBreak && draft.ParentTimeEntryID !== null) {
    const parent = await liveRow(tx, draft.ParentTimeEntryID);
    if (parent) {
      const period = await closedPeriodOf(tx, employeeId, parent);
      return period ? { period } : null;
    }
    const pending = await pendingParent(tx, employeeId, draft.ParentTimeEntryID);
    if (!pending?.Proposed) return null; // prepare() reports the missing work entry
    return {
      period: await periodById(tx, pending.PayPeriodID),
      parentDraft: draftFromSnapshot(pending.Proposed),
      parentId: pending.TimeEntryID,
    };
  }
  const period = await closedPeriodOf(tx, employeeId, draft);
  return period ? { period } : null;
}

/** The closed period of an existing entry (a break: its work entry's), if any. */
export async function closedPeriodOfRow(tx: Conn, row: Row): Promise<PayPeriodRow | undefined> {
  const subject =
    row.IsBreak && row.ParentTimeEntryID !== null ? await liveRow(tx, row.ParentTimeEntryID) : row;
  return closedPeriodOf(tx, row.EmployeeID, subject ?? row);
}

/**
 * Stores the late adjustment request of an entry as it would be (`proposed`, made of `draft`, a
 * create's or a change's) and answers with that entry and the request.
 */
async function storeProposal(
  tx: Tx,
  action: 'Create' | 'Update',
  by: Doer,
  period: PayPeriodRow,
  draft: Draft,
  before: TimeEntry | null,
  proposed: TimeEntry,
): Promise<TimeEntryLate> {
  const LateAdjustment = await storeLateAdjustment(tx, {
    action,
    by,
    period,
    entryId: proposed.Id,
    parentEntryId: draft.IsBreak ? draft.ParentTimeEntryID : null,
    employeeId: proposed.EmployeeID,
    officeId: draft.IcdOfficeID,
    entryDate: draft.Date,
    isBreak: draft.IsBreak,
    before,
    proposed,
  });
  return { ...proposed, LateAdjustment };
}

/** A new entry for a closed period: validated, given its future Id, stored as a request. */
export async function requestLateCreate(
  tx: Tx,
  actor: Actor,
  employeeId: number,
  input: Draft,
  target: LateTarget,
  prefix = '',
): Promise<TimeEntryLate> {
  const draft =
    target.parentDraft && target.parentId !== undefined
      ? await prepareBreakOf(tx, actor, employeeId, target.parentDraft, target.parentId, input, prefix)
      : await prepare(tx, { actor, employeeId, selfId: null, children: [], prefix }, input);
  const by = doerOf(actor);
  const id = await reserveTimeEntryId(tx);
  const wire = toWire(proposedRow(id, employeeId, draft, by, 1));
  return storeProposal(tx, 'Create', by, target.period, draft, null, wire);
}

/** A change of a stored entry in a closed period: validated, stored as a request. */
export async function requestLateUpdate(
  tx: Tx,
  actor: Actor,
  row: Row,
  input: Draft,
  period: PayPeriodRow,
  options: { prefix?: string; parentDraft?: Draft; skipChildIds?: readonly number[] } = {},
): Promise<TimeEntryLate> {
  const skip = new Set(options.skipChildIds ?? []);
  const children = (row.IsBreak ? [] : await liveBreaksOf(tx, row.Id)).filter((c) => !skip.has(c.Id));
  if (input.IsBreak && children.length) {
    const message = 'This entry has breaks. Delete them before making it a break.';
    throw badRequest(message, { IsBreak: [message] });
  }
  const draft =
    options.parentDraft && input.IsBreak && input.ParentTimeEntryID !== null
      ? await prepareBreakOf(
          tx,
          actor,
          row.EmployeeID,
          options.parentDraft,
          input.ParentTimeEntryID,
          input,
          options.prefix,
        )
      : await prepare(
          tx,
          { actor, employeeId: row.EmployeeID, selfId: row.Id, children, prefix: options.prefix },
          input,
        );
  const by = doerOf(actor);
  // The entry keeps its Version: it is not changed until payroll accepts the request.
  const wire = toWire(proposedRow(row.Id, row.EmployeeID, draft, by, row.Version, row));
  return storeProposal(tx, 'Update', by, period, draft, toWire(row), wire);
}

/**
 * A change (PUT/PATCH) of a new entry that waits as a late adjustment (the device queued the
 * clock-in and the clock-out, and the clock-in became a request): the proposal changes.
 */
export async function updatePendingCreate(
  tx: Tx,
  actor: Actor,
  pending: LateAdjustmentRow,
  version: number | undefined,
  apply: (current: Draft) => Draft,
): Promise<TimeEntryLate> {
  if (!mayAccess(actor, pending) || !pending.Proposed) throw notFound('The time entry');
  const proposal = pending.Proposed;
  const currentVersion = Number(proposal.Version ?? 1);
  if (version !== undefined && version !== currentVersion)
    throw new AppError(409, STALE_MESSAGE, { body: { Current: proposal } });
  const next = apply(draftFromSnapshot(proposal));
  let draft: Draft;
  const target = await lateTargetOf(tx, pending.EmployeeID, next);
  if (target?.parentDraft && target.parentId !== undefined)
    draft = await prepareBreakOf(tx, actor, pending.EmployeeID, target.parentDraft, target.parentId, next);
  else draft = await prepare(tx, { actor, employeeId: pending.EmployeeID, selfId: null, children: [] }, next);
  const by = doerOf(actor);
  const wire = toWire(proposedRow(pending.TimeEntryID, pending.EmployeeID, draft, by, currentVersion + 1));
  return storeProposal(tx, 'Create', by, await periodById(tx, pending.PayPeriodID), draft, null, wire);
}

/** The pending new entry an id names when no stored entry has it (read without a lock). */
async function readPendingCreate(tx: Conn, id: number): Promise<LateAdjustmentRow | undefined> {
  if (await liveRow(tx, id)) return undefined;
  const pending = await pendingLateAdjustment(tx, id);
  return pending?.ActionID === LateAdjustmentAction.Create ? pending : undefined;
}

/**
 * The pending new entry an id names, read again under its employee's lock, so that changing or
 * withdrawing it cannot race payroll accepting or rejecting it (which take the same lock).
 */
export async function pendingCreateAt(tx: Conn, id: number): Promise<LateAdjustmentRow | undefined> {
  const first = await readPendingCreate(tx, id);
  if (!first) return undefined;
  await lockEmployee(tx, first.EmployeeID);
  return readPendingCreate(tx, id);
}

/**
 * Applies an accepted late adjustment (server/modules/time-management): the change is made as its
 * requester asked, through every rule except the closed period. Returns the entry after it (null
 * for a delete). An entry changed since the request answers 409.
 */
export async function applyLateAdjustment(args: {
  tx: Tx;
  actor: Actor;
  adjustment: LateAdjustmentRow;
  requester: Doer;
}): Promise<TimeEntry | null> {
  const { tx, actor, adjustment, requester } = args;
  const record = { by: requester, lateAdjustmentId: adjustment.LateAdjustmentID };
  await lockEmployee(tx, adjustment.EmployeeID);
  if (adjustment.ActionID === LateAdjustmentAction.Create) {
    const draft = draftFromSnapshot(adjustment.Proposed ?? {});
    if (draft.IsBreak && draft.ParentTimeEntryID !== null && !(await liveRow(tx, draft.ParentTimeEntryID))) {
      const message = 'Accept the work entry of this break first.';
      throw badRequest(message);
    }
    const row = await insertEntry(tx, actor, adjustment.EmployeeID, draft, '', {
      ...record,
      id: adjustment.TimeEntryID,
    });
    return toWire(row);
  }
  const row = await liveRow(tx, adjustment.TimeEntryID);
  const expected = Number(adjustment.Before?.Version ?? 0);
  if (!row || row.Version !== expected)
    throw new AppError(
      409,
      'The time entry changed since this request was made. Reject it and ask for a new one.',
      {
        body: { Current: row ? toWire(row) : null },
      },
    );
  if (adjustment.ActionID === LateAdjustmentAction.Update) {
    return toWire(await updateEntry(tx, actor, row, draftFromSnapshot(adjustment.Proposed ?? {}), record));
  }
  await softDelete(tx, row, requester, adjustment.LateAdjustmentID);
  return null;
}
