// Relative times ('3 minutes ago') and how often they must refresh (spec 000 §9, spec 002 §9).

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a relative time may be shown before it needs refreshing: every 1 s under 1 minute, every
 * 30 s under 60 minutes, every 300 s under 180 minutes, else every 3600 s. The age is measured either
 * way (a time in the future counts down the same).
 */
export function refreshIntervalMs(date: Date | number, now: Date | number = Date.now()): number {
  const age = Math.abs(Number(now) - Number(date));
  if (age < MINUTE) return 1 * SECOND;
  if (age < 60 * MINUTE) return 30 * SECOND;
  if (age < 180 * MINUTE) return 300 * SECOND;
  return 3600 * SECOND;
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** The largest whole unit that fits the age, truncated toward zero ('1 hour ago' until 2 h). */
export function relativeTimeParts(
  date: Date | number,
  now: Date | number = Date.now(),
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const diff = Number(date) - Number(now);
  const age = Math.abs(diff);
  const sign = diff < 0 ? -1 : 1;
  for (const [unit, size] of UNITS) {
    if (age >= size) return { value: sign * Math.floor(age / size), unit };
  }
  return { value: sign * Math.floor(age / SECOND), unit: 'second' };
}

/**
 * '5 minutes ago', 'in 2 hours', 'now', 'yesterday' in the given BCP 47 locale ('en-CA'); the words
 * come from the platform's Intl data, so no translation keys are needed.
 */
export function formatRelativeTime(
  date: Date | number,
  now: Date | number = Date.now(),
  locale: string = 'en-CA',
): string {
  const { value, unit } = relativeTimeParts(date, now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}

/** 'en_CA' (the app's locale ids) → 'en-CA' (BCP 47, what Intl takes). */
export function toBcp47(localeId: string): string {
  return localeId.replace('_', '-');
}
