// The pay-period calendar and a period's state, pure. Pay frequencies are the ids of the
// `pay-frequencies` lookup: Weekly 1, Bi-weekly 2, Semi-monthly 3, Monthly 4.
// - Weekly: Monday to Sunday.
// - Bi-weekly: two weeks from a Monday, counted from Monday 2025-01-06 (BIWEEKLY_ANCHOR).
// - Semi-monthly: the 1st to the 15th, the 16th to the month's last day.
// - Monthly: the calendar month.
// An unknown or missing frequency is bi-weekly.
import { addDays, dayNumber } from '../time/clock-time';
import { weekOf } from '../time/week';

export const PayFrequency = { Weekly: 1, BiWeekly: 2, SemiMonthly: 3, Monthly: 4 } as const;
export const BIWEEKLY_ANCHOR = '2025-01-06';

export interface DateRange {
  start: string;
  end: string;
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The period of a frequency containing a day. */
export function periodContaining(day: string, frequencyId: number | null | undefined): DateRange {
  switch (frequencyId) {
    case PayFrequency.Weekly: {
      const w = weekOf(day);
      return { start: w.start, end: w.end };
    }
    case PayFrequency.SemiMonthly:
    case PayFrequency.Monthly: {
      const [y, m, d] = day.split('-').map(Number);
      const last = lastDayOfMonth(y, m);
      const month = `${y}-${pad(m)}`;
      if (frequencyId === PayFrequency.Monthly) return { start: `${month}-01`, end: `${month}-${pad(last)}` };
      return d <= 15
        ? { start: `${month}-01`, end: `${month}-15` }
        : { start: `${month}-16`, end: `${month}-${pad(last)}` };
    }
    default: {
      const offset = dayNumber(day) - dayNumber(BIWEEKLY_ANCHOR);
      const start = addDays(BIWEEKLY_ANCHOR, Math.floor(offset / 14) * 14);
      return { start, end: addDays(start, 13) };
    }
  }
}

/** The periods of a frequency from the one containing `from` to the one containing `to`. */
export function periodsBetween(
  from: string,
  to: string,
  frequencyId: number | null | undefined,
): DateRange[] {
  const out: DateRange[] = [];
  // Wire dates are YYYY-MM-DD (compared as text); past year 9999 the text order breaks, so the
  // range is refused rather than looped over forever.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to))
    throw new RangeError(`periodsBetween: dates must be YYYY-MM-DD (${from}, ${to})`);
  let current = periodContaining(from, frequencyId);
  while (current.start <= to && /^\d{4}-/.test(current.start)) {
    out.push(current);
    current = periodContaining(addDays(current.end, 1), frequencyId);
  }
  return out;
}

export type PeriodState = 'Open' | 'Approved' | 'Locked';

export function periodState(p: { IsApproved: boolean; IsLocked: boolean }): PeriodState {
  if (p.IsLocked) return 'Locked';
  if (p.IsApproved) return 'Approved';
  return 'Open';
}

/** Approved or locked: changes of its time become late adjustments. */
export function isClosed(p: { IsApproved: boolean; IsLocked: boolean }): boolean {
  return p.IsApproved || p.IsLocked;
}

/** The weeks of a period: seven days each from its start (the last one may be shorter). */
export function periodWeeks(
  start: string,
  end: string,
): { WeekNumber: number; start: string; end: string }[] {
  const weeks: { WeekNumber: number; start: string; end: string }[] = [];
  for (let s = start, n = 1; s <= end; s = addDays(s, 7), n++) {
    const e = addDays(s, 6);
    weeks.push({ WeekNumber: n, start: s, end: e < end ? e : end });
  }
  return weeks;
}
