// The four punches, each queued as an offline command (works with no connection).
import type { TimeEntrySave } from '../../../contract/time';
import { allocateTempId } from '../../../offline/db';
import { createTimeEntry, patchTimeEntry } from '../commands';
import { type LocalEntry, timeZoneOffset, wireDate, wireTime } from '../punch';
import type { Fix } from './position';

export { currentPosition, type Fix } from './position';

export interface Where {
  IcdOfficeID: number;
  ProgramID: number | null;
  StoreID: number | null;
  TimeEntryTypeID: number;
}

function localCopy(id: number, entry: TimeEntrySave, version: number): LocalEntry & Record<string, unknown> {
  return {
    ...entry,
    Id: id,
    Date: entry.Date,
    StartTime: entry.StartTime ?? null,
    EndTime: entry.EndTime ?? null,
    IsBreak: entry.IsBreak ?? false,
    ParentTimeEntryID: entry.ParentTimeEntryID ?? null,
    ProgramID: entry.ProgramID ?? null,
    StoreID: entry.StoreID ?? null,
    Version: version,
  };
}

export async function clockIn(userId: string, where: Where, now: Date, fix: Fix | null): Promise<number> {
  const id = await allocateTempId(userId);
  const entry: TimeEntrySave = {
    Date: wireDate(now),
    StartTime: wireTime(now),
    EndTime: null,
    IsBreak: false,
    IsRealTime: true,
    TimeZoneOffset: timeZoneOffset(now),
    ...where,
    ...(fix ?? {}),
  };
  await createTimeEntry.enqueue(userId, { Id: id, entry, local: localCopy(id, entry, 1) });
  return id;
}

export async function startBreak(
  userId: string,
  work: LocalEntry,
  now: Date,
  fix: Fix | null,
): Promise<number> {
  const id = await allocateTempId(userId);
  const entry: TimeEntrySave = {
    Date: work.Date,
    StartTime: wireTime(now),
    EndTime: null,
    IsBreak: true,
    ParentTimeEntryID: work.Id,
    IsRealTime: true,
    TimeZoneOffset: timeZoneOffset(now),
    IcdOfficeID: work.IcdOfficeID,
    ProgramID: work.ProgramID,
    StoreID: work.StoreID,
    TimeEntryTypeID: work.TimeEntryTypeID,
    ...(fix ?? {}),
  };
  await createTimeEntry.enqueue(userId, { Id: id, entry, local: localCopy(id, entry, 1) });
  return id;
}

/**
 * Closes an open entry (end of break, clock-out). The Version sent is the one the local copy holds;
 * each queued change of an entry raises it by one, as the server does when it applies it.
 */
export async function closeEntry(userId: string, entry: LocalEntry, at: Date): Promise<void> {
  // An entry may not end in the second it started (the server refuses equal times, which would be
  // ambiguous with a 24-hour shift): a punch that quick is recorded at the next second.
  let now = at;
  if (entry.Date === wireDate(now) && wireTime(now) === entry.StartTime) {
    await new Promise((r) => setTimeout(r, 1000 - now.getMilliseconds()));
    now = new Date(Math.max(Date.now(), now.getTime() + 1000 - now.getMilliseconds()));
  }
  // The entry keeps the position of its start punch (an entry has one position on the wire).
  const patch = { EndTime: wireTime(now), Version: entry.Version };
  const { pending: _p, failed: _f, ...plain } = entry;
  await patchTimeEntry.enqueue(userId, {
    Id: entry.Id,
    patch,
    local: { ...plain, EndTime: patch.EndTime, Version: entry.Version + 1 },
  });
}
