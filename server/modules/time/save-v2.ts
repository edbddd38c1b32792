// Time entries: the v2 save (POST/PUT v2/time-entries): a work part and an embedded break in one
// transaction, applied or, in a closed pay period, stored as late adjustment requests.
import type { BreakPart, TimeEntry, TimeEntrySaveV2, TimeEntryV2Result } from '../../../src/contract/time';
import type { TimeEntryLate, TimeEntryV2Late } from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { checkTimes, resolveV2Kind } from '../../domain/time/entry-rules';
import { badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { closedPeriodOf } from '../time-management/periods';
import { liveBreaksOf, liveRow, loadForWrite, lockEmployee, resolveTarget } from './access';
import {
  closedPeriodOfRow,
  draftFromSnapshot,
  lateTargetOf,
  requestLateCreate,
  requestLateUpdate,
} from './late-requests';
import {
  assertSameEmployee,
  type Conn,
  checkVersion,
  type Draft,
  draftFromSave,
  type Row,
  ruleFailed,
  type Tx,
  toWire,
} from './model';
import { insertEntry, updateEntry } from './writes';

const withoutNotice = ({ LateAdjustment: _notice, ...entry }: TimeEntryLate): TimeEntry => entry;

/** The break part of a v2 body as a break of its work entry (`work`, stored or proposed). */
function breakPartOf(
  work: Draft,
  times: { StartTime: string | null; EndTime: string | null },
  parentId: number,
): Draft {
  return {
    ...work,
    ...times,
    Comments: null,
    IsBreak: true,
    ParentTimeEntryID: parentId,
    Latitude: null,
    Longitude: null,
    LocationAccuracy: null,
  };
}

/** The break of a v2 update's entry that its break part changes (see saveTimeEntryV2). */
async function v2BreakTarget(tx: Conn, row: Row, part: BreakPart | null): Promise<Row | null> {
  let target: Row | null;
  if (part?.Id !== undefined) {
    const found = await liveRow(tx, part.Id);
    if (!found?.IsBreak || found.ParentTimeEntryID !== row.Id) {
      const message = 'This break does not belong to this entry.';
      throw badRequest(message, { 'Break.Id': [message] });
    }
    target = found;
  } else {
    const existing = await liveBreaksOf(tx, row.Id);
    if (existing.length > 1) {
      const message = 'This entry has several breaks. Send the one to change in Break.Id.';
      throw badRequest(message, { 'Break.Id': [message] });
    }
    target = existing[0] ?? null;
  }
  if (target) checkVersion(target, part?.Version);
  return target;
}

/** A v2 save in a closed pay period: the work part and the break part as late adjustment requests. */
async function saveV2Late(
  tx: Tx,
  actor: Actor,
  a: {
    row: Row | null;
    owner: number;
    kind: 'work' | 'work-with-break' | 'break';
    base: Draft;
    work: { StartTime: string | null; EndTime: string | null };
    brk: { StartTime: string | null; EndTime: string | null } | null;
    part: BreakPart | null;
  },
): Promise<TimeEntryV2Late | null> {
  const answer = (entry: TimeEntryLate, brk: TimeEntryLate | null): TimeEntryV2Late => ({
    Entry: withoutNotice(entry),
    Break: brk ? withoutNotice(brk) : null,
    LateAdjustment: entry.LateAdjustment,
  });
  if (a.kind === 'break') {
    const draft: Draft = { ...a.base, ...(a.brk ?? a.work), IsBreak: true };
    if (a.row) {
      const period = (await closedPeriodOfRow(tx, a.row)) ?? (await lateTargetOf(tx, a.owner, draft))?.period;
      if (!period) return null;
      return answer(await requestLateUpdate(tx, actor, a.row, draft, period, { prefix: 'Break.' }), null);
    }
    const target = await lateTargetOf(tx, a.owner, draft);
    if (!target) return null;
    return answer(await requestLateCreate(tx, actor, a.owner, draft, target, 'Break.'), null);
  }
  const draft: Draft = { ...a.base, ...a.work, IsBreak: false, ParentTimeEntryID: null };
  const period =
    (a.row ? await closedPeriodOfRow(tx, a.row) : undefined) ?? (await closedPeriodOf(tx, a.owner, draft));
  if (!period) return null;
  const target = a.kind === 'work-with-break' && a.row ? await v2BreakTarget(tx, a.row, a.part) : null;
  const entry = a.row
    ? await requestLateUpdate(tx, actor, a.row, draft, period, { skipChildIds: target ? [target.Id] : [] })
    : await requestLateCreate(tx, actor, a.owner, draft, { period });
  if (a.kind === 'work' || !a.brk) return answer(entry, null);
  const parentDraft = draftFromSnapshot(entry);
  const breakDraft = breakPartOf(parentDraft, a.brk, entry.Id);
  const brk = target
    ? await requestLateUpdate(tx, actor, target, breakDraft, period, { prefix: 'Break.', parentDraft })
    : await requestLateCreate(
        tx,
        actor,
        a.owner,
        breakDraft,
        { period, parentDraft, parentId: entry.Id },
        'Break.',
      );
  return answer(entry, brk);
}

/**
 * v2 save: the work part (StartTime/EndTime) and an embedded Break, in one transaction (see
 * TimeEntrySaveV2 in the contract for which kind a body makes).
 * - Create: the work entry, then its break as a child entry.
 * - Update (body.Id + Version): the entry; its break part updates Break.Id, or the entry's only
 *   break, or creates one when it has none (400 when it has several and Break.Id is missing).
 *   A Break.Version, when sent, is checked like the entry's.
 * - An absent or null Break leaves the entry's existing breaks as they are.
 */
export async function saveTimeEntryV2(args: {
  db: Db;
  actor: Actor;
  body: TimeEntrySaveV2;
  mode: 'create' | 'update';
}): Promise<TimeEntryV2Result | TimeEntryV2Late> {
  const { db, actor, body, mode } = args;
  const work = { StartTime: body.StartTime ?? null, EndTime: body.EndTime ?? null };
  const part: BreakPart | null = body.Break ?? null;
  const brk = part ? { StartTime: part.StartTime ?? null, EndTime: part.EndTime ?? null } : null;
  const kind = resolveV2Kind(work, brk);
  if (typeof kind !== 'string') throw ruleFailed(kind);
  if (brk && kind !== 'work') {
    const error = checkTimes(brk, undefined, 'break');
    if (error) throw ruleFailed(error, 'Break.');
  }
  const { Break: _break, Id: _id, EmployeeID, employeeId, ...fields } = body;
  const base = draftFromSave(fields);

  return db.transaction(async (tx) => {
    let row: Row | null = null;
    let owner: number;
    if (mode === 'update') {
      row = await loadForWrite(tx, actor, body.Id as number);
      checkVersion(row, body.Version);
      assertSameEmployee(row, EmployeeID ?? employeeId);
      owner = row.EmployeeID;
    } else {
      owner = await resolveTarget(tx, actor, EmployeeID ?? employeeId);
      await lockEmployee(tx, owner);
    }

    const late = await saveV2Late(tx, actor, { row, owner, kind, base, work, brk, part });
    if (late) return late;

    if (kind === 'break') {
      const draft: Draft = { ...base, ...(brk as typeof work), IsBreak: true };
      const entry = row
        ? await updateEntry(tx, actor, row, draft, { prefix: 'Break.' })
        : await insertEntry(tx, actor, owner, draft, 'Break.');
      return { Entry: toWire(entry), Break: null };
    }

    // The break to update, found (and its Version checked) before the work entry changes.
    const target = kind === 'work-with-break' && row ? await v2BreakTarget(tx, row, part) : null;

    const draft: Draft = { ...base, ...work, IsBreak: false, ParentTimeEntryID: null };
    const entry = row
      ? await updateEntry(tx, actor, row, draft, { skipChildIds: target ? [target.Id] : [] })
      : await insertEntry(tx, actor, owner, draft);
    if (kind === 'work') return { Entry: toWire(entry), Break: null };

    const breakDraft = breakPartOf({ ...draft, Date: entry.Date }, brk as typeof work, entry.Id);
    const current = target ? await liveRow(tx, target.Id) : undefined;
    const saved = current
      ? await updateEntry(tx, actor, current, breakDraft, { prefix: 'Break.' })
      : await insertEntry(tx, actor, owner, breakDraft, 'Break.');
    return { Entry: toWire(entry), Break: toWire(saved) };
  });
}
