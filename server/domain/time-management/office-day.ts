// The office's calendar (issue 5 item 1: "the week boundary and totals follow the employee's office
// time zone"). A time entry's times are wall clock where it was recorded (Date, StartTime and the
// TimeZoneOffset of that place). The day an entry counts on — for week totals, pay periods and
// approvals — is the day its start falls on in its office's time zone (IANA, date-fns-tz). With a
// device in the office's zone that is simply the entry's Date; a punch recorded at 23:30 in Vancouver
// for a Toronto office counts on the next day in Toronto. A break counts with its work entry.
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

export interface RecordedStart {
  /** 'YYYY-MM-DD' where the entry was recorded. */
  Date: string;
  /** 'HH:mm:ss' wall clock there (null: the entry's date at midnight). */
  StartTime: string | null;
  /** Minutes east of UTC there (Toronto in winter: -300). */
  TimeZoneOffset: number;
}

/** The instant an entry started. */
export function entryInstant(e: RecordedStart): Date {
  const [y, m, d] = e.Date.split('-').map(Number);
  const [hh, mm, ss] = (e.StartTime ?? '00:00:00').split(':').map(Number);
  return new Date(Date.UTC(y, m - 1, d, hh, mm, ss || 0) - e.TimeZoneOffset * 60_000);
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, 'yyyy-MM-dd');
}

/** The day an entry counts on in its office's time zone. */
export function officeDay(e: RecordedStart, timeZone: string): string {
  return dayIn(entryInstant(e), timeZone);
}

/** Today in a time zone. */
export function officeToday(timeZone: string, now: Date = new Date()): string {
  return dayIn(now, timeZone);
}

/**
 * The instants bounding whole days of a time zone: [start of `startDate`, start of the day after
 * `endDate`). Either may be omitted.
 */
export function dayRange(
  timeZone: string,
  startDate?: string,
  endDate?: string,
): { from: Date | null; until: Date | null } {
  const from = startDate ? fromZonedTime(`${startDate}T00:00:00`, timeZone) : null;
  let until: Date | null = null;
  if (endDate) {
    const [y, m, d] = endDate.split('-').map(Number);
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    const day = next.toISOString().slice(0, 10);
    until = fromZonedTime(`${day}T00:00:00`, timeZone);
  }
  return { from, until };
}

export interface CountedEntry extends RecordedStart {
  Id: number;
  IsBreak: boolean;
  ParentTimeEntryID: number | null;
}

/**
 * The office day of each entry of a list (by Id): work entries by their own start, breaks by their
 * work entry's (when it is in the list; otherwise by their own start).
 */
export function officeDays<T extends CountedEntry>(
  entries: readonly T[],
  zoneOf: (entry: T) => string,
): Map<number, string> {
  const days = new Map<number, string>();
  for (const e of entries) if (!e.IsBreak) days.set(e.Id, officeDay(e, zoneOf(e)));
  for (const e of entries) {
    if (!e.IsBreak) continue;
    const parent = e.ParentTimeEntryID === null ? undefined : days.get(e.ParentTimeEntryID);
    days.set(e.Id, parent ?? officeDay(e, zoneOf(e)));
  }
  return days;
}
