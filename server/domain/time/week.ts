// Weeks run Monday to Sunday; totals are whole minutes. An entry counts on its Date (an overnight
// entry counts whole on the day it started); a break counts on its work entry's date, which is the
// date it is filed under.
import { addDays, isoWeekday } from './clock-time';
import { countedMinutes, isClosed, type Times } from './entry-rules';

export interface WeekBounds {
  /** Monday */
  start: string;
  /** Sunday */
  end: string;
  /** Monday … Sunday */
  days: string[];
}

/** The Monday-to-Sunday week containing a date. */
export function weekOf(date: string): WeekBounds {
  const start = addDays(date, 1 - isoWeekday(date));
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  return { start, end: days[6], days };
}

export interface SummaryEntry extends Times {
  Id: number;
  Date: string;
  IsBreak: boolean;
  ParentTimeEntryID: number | null;
}

export interface DayTotals {
  Date: string;
  WorkMinutes: number;
  BreakMinutes: number;
  WorkedMinutes: number;
  OpenCount: number;
}

export interface WeekTotals {
  Days: DayTotals[];
  WorkMinutes: number;
  BreakMinutes: number;
  WorkedMinutes: number;
}

/**
 * Per-day and week totals of one employee's entries:
 * - WorkMinutes: closed work entries, breaks not deducted;
 * - BreakMinutes: closed breaks;
 * - WorkedMinutes: each closed work entry minus its closed breaks (never below 0);
 * - OpenCount: entries without an end yet (they count 0).
 * Entries dated outside the week are ignored.
 */
export function summarizeWeek(weekStart: string, entries: readonly SummaryEntry[]): WeekTotals {
  const { days } = weekOf(weekStart);
  const byDay = new Map<string, DayTotals>(
    days.map((day) => [day, { Date: day, WorkMinutes: 0, BreakMinutes: 0, WorkedMinutes: 0, OpenCount: 0 }]),
  );
  const breaksOf = new Map<number, number>();
  for (const e of entries) {
    if (!e.IsBreak || e.ParentTimeEntryID === null || !isClosed(e)) continue;
    breaksOf.set(e.ParentTimeEntryID, (breaksOf.get(e.ParentTimeEntryID) ?? 0) + countedMinutes(e));
  }
  for (const e of entries) {
    const day = byDay.get(e.Date);
    if (!day) continue;
    if (!isClosed(e)) {
      day.OpenCount += 1;
      continue;
    }
    const minutes = countedMinutes(e);
    if (e.IsBreak) {
      day.BreakMinutes += minutes;
    } else {
      day.WorkMinutes += minutes;
      day.WorkedMinutes += Math.max(0, minutes - (breaksOf.get(e.Id) ?? 0));
    }
  }
  const Days = days.map((d) => byDay.get(d) as DayTotals);
  const sum = (key: 'WorkMinutes' | 'BreakMinutes' | 'WorkedMinutes') =>
    Days.reduce((total, d) => total + d[key], 0);
  return {
    Days,
    WorkMinutes: sum('WorkMinutes'),
    BreakMinutes: sum('BreakMinutes'),
    WorkedMinutes: sum('WorkedMinutes'),
  };
}
