// Calendar and clock helpers of scheduling: wall-clock times `HH:mm:ss`, calendar dates `YYYY-MM-DD`
// (no time zone: a schedule date is a calendar day at the office).

/** Minutes since midnight of `HH:mm` or `HH:mm:ss`. */
export function toMinutes(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return h * 60 + m + (s ?? 0) / 60;
}

/** `HH:mm:ss` → `HH:mm` (how times read in messages). */
export function hm(time: string): string {
  // As the screens show times (h:mm a): '14:00:00' → '2:00 PM'.
  const [h, m] = time.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export interface Interval {
  Date: string;
  StartTime: string;
  EndTime: string;
}

/** Same date and the intervals share some time (touching ends do not overlap). */
export function overlaps(a: Interval, b: Interval): boolean {
  return (
    a.Date === b.Date &&
    toMinutes(a.StartTime) < toMinutes(b.EndTime) &&
    toMinutes(b.StartTime) < toMinutes(a.EndTime)
  );
}

/** Length in hours, rounded to 2 decimals. */
export function hoursBetween(start: string, end: string): number {
  return round2((toMinutes(end) - toMinutes(start)) / 60);
}

export function round2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

export function round4(n: number): number {
  return Math.round((n + Number.EPSILON) * 10_000) / 10_000;
}

function parseDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function formatDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = parseDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return formatDate(d);
}

/** Days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((parseDate(b).getTime() - parseDate(a).getTime()) / 86_400_000);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (parseDate(date).getUTCDay() + 6) % 7;
}

/** The RS schedule week (rotation) holding a date: Monday to Sunday. */
export function rotationWeek(date: string): { StartDate: string; EndDate: string } {
  const start = addDays(date, -weekdayIndex(date));
  return { StartDate: start, EndDate: addDays(start, 6) };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-06-03` → `Wed, Jun 3, 2026` (mail text). */
export function longDate(date: string): string {
  const d = parseDate(date);
  return `${WEEKDAYS[weekdayIndex(date)]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** The calendar date of an instant in the process's local time zone, `YYYY-MM-DD`. */
export function localDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
