// Display formats of the scheduling screens (date-fns; times as the activity timeline shows them).
import { format } from 'date-fns';
import { formatTimeOfDay } from '../../lib/dates';
import { dayAsDate } from './board';

/** '14:00:00' → '2:00 PM' (the locale's time of day, src/lib/dates.ts). */
export function formatTime(time: string): string {
  return formatTimeOfDay(time);
}

/** '2:00 PM – 6:00 PM'. */
export function formatRange(start: string, end: string): string {
  return `${formatTime(start)} – ${formatTime(end)}`;
}

/** 'Wed, Nov 25'. */
export function formatDay(day: string): string {
  return format(dayAsDate(day), 'EEE, MMM d');
}

/** 'Wednesday, November 25, 2026'. */
export function formatLongDay(day: string): string {
  return format(dayAsDate(day), 'EEEE, MMMM d, yyyy');
}

/** 'Nov 16 – Nov 22, 2026'. */
export function formatWeek(monday: string, sunday: string): string {
  return `${format(dayAsDate(monday), 'MMM d')} – ${format(dayAsDate(sunday), 'MMM d, yyyy')}`;
}

/** Compact, for narrow board columns: '10 AM', '2:30 PM'. */
export function formatShortTime(time: string): string {
  return formatTimeOfDay(time, { short: true });
}

/** '10 AM–2 PM'. */
export function formatShortRange(start: string, end: string): string {
  return `${formatShortTime(start)}–${formatShortTime(end)}`;
}
