// Date helpers shared by the widgets. A bare wire date ('2025-03-14') is local midnight of that day,
// never a UTC shift (docs/architecture.md, "The contract").
import { isValid, parseISO } from 'date-fns';
import i18next from 'i18next';
import { getI18n } from 'react-i18next';

/** Activity timeline dates (spec 000 §9): 'Mar 14, 2025 at 3:05 PM'. */
export const ACTIVITY_DATE_FORMAT = "MMM d, yyyy 'at' h:mm a";

export type DateInput = Date | string | number | null | undefined;

/**
 * The UI language ('en_CA'): that of the app's i18next instance (createI18n makes its own and hands it
 * to react-i18next), else the global instance's; undefined before either is set up.
 */
export function currentLanguage(): string | undefined {
  return getI18n()?.language ?? i18next.language;
}

/** A Date from a Date, an epoch number or an ISO-8601 string; null when missing or invalid. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'MMM d, yyyy at h:mm a' (ACTIVITY_DATE_FORMAT, English month names), or '' when there is no valid
 * date. Written out for this one pattern: a general formatter and its locale data would weigh on
 * every screen that shows a relative time.
 */
export function formatActivityDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${String(date.getFullYear()).padStart(4, '0')} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * How each locale writes a time of day. Both English locales use the 12-hour clock ('2:05 PM'), as the
 * activity dates do; a locale that is not listed (or none yet) reads like en_CA.
 */
export const TIME_OF_DAY_CLOCK: Record<string, '12h' | '24h'> = { en_CA: '12h', en_US: '12h' };

/**
 * A time of day as the locale writes it, the one formatter for every screen: a wall-clock time
 * ('HH:mm' or 'HH:mm:ss', as the wire and time inputs have it) or a Date's local time.
 * '14:05:00' → '2:05 PM' (12h) or '14:05' (24h); `short` drops ':00' minutes on the 12-hour clock
 * ('2 PM', for narrow columns). '' when there is no valid time.
 */
export function formatTimeOfDay(
  value: string | Date | null | undefined,
  options: { locale?: string; short?: boolean } = {},
): string {
  let hours: number;
  let minutes: number;
  if (value instanceof Date) {
    if (!isValid(value)) return '';
    hours = value.getHours();
    minutes = value.getMinutes();
  } else {
    const match = value ? /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value) : null;
    if (!match) return '';
    hours = Number(match[1]);
    minutes = Number(match[2]);
    if (hours > 23 || minutes > 59) return '';
  }
  const mm = String(minutes).padStart(2, '0');
  const clock = TIME_OF_DAY_CLOCK[options.locale ?? currentLanguage() ?? 'en_CA'] ?? '12h';
  if (clock === '24h') return `${String(hours).padStart(2, '0')}:${mm}`;
  const h12 = hours % 12 || 12;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return options.short && minutes === 0 ? `${h12} ${suffix}` : `${h12}:${mm} ${suffix}`;
}
