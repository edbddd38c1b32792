// Calendar days and wall-clock times as plain numbers: a day is its number of days since 1970-01-01,
// a time its seconds since midnight. No time zones here: time entries are wall clock.

export const SECONDS_PER_DAY = 86_400;

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds since midnight of 'HH:mm:ss' (or 'HH:mm'). */
export function secondsOfTime(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return h * 3600 + m * 60 + (s || 0);
}

/** 'HH:mm:ss' of seconds since midnight (taken modulo one day). */
export function formatTime(seconds: number): string {
  const t = ((seconds % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  return `${pad(Math.floor(t / 3600))}:${pad(Math.floor((t % 3600) / 60))}:${pad(t % 60)}`;
}

/** 'HH:mm' of seconds since midnight (taken modulo one day), as messages show times. */
export function formatHm(seconds: number): string {
  return formatTime(seconds).slice(0, 5);
}

/** Days since 1970-01-01 of 'YYYY-MM-DD'. */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / (SECONDS_PER_DAY * 1000));
}

/** 'YYYY-MM-DD' of a day number. */
export function dateOfDay(day: number): string {
  const d = new Date(day * SECONDS_PER_DAY * 1000);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** ISO weekday: Monday 1 … Sunday 7. */
export function isoWeekday(date: string): number {
  // 1970-01-01 was a Thursday (4).
  return ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

/** Seconds from a start time to an end time; an end earlier than the start is on the next day. */
export function durationSeconds(startTime: string, endTime: string): number {
  const diff = secondsOfTime(endTime) - secondsOfTime(startTime);
  return diff < 0 ? diff + SECONDS_PER_DAY : diff;
}

/** Whole minutes from a start time to an end time (seconds beyond a whole minute are dropped). */
export function durationMinutes(startTime: string, endTime: string): number {
  return Math.floor(durationSeconds(startTime, endTime) / 60);
}
