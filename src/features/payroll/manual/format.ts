// Display helpers of the manual submissions and wage policies screens (no React).
import { wireDay } from '../../../contract/time-management';
import { formatDateTime } from '../../../lib/date-display';

/** 'YYYY-MM-DD' of a date the client revived (or the string as sent). */
export function day(value: string | Date | null | undefined): string {
  return value == null ? '' : wireDay(value);
}

/** Dollars with 2 decimals ('$1,234.50'; '-$5.00'): Canadian and US amounts alike. */
export function money(amount: number, language: string): string {
  const n = new Intl.NumberFormat(language.replace('_', '-'), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${n}`;
}

/** 'Nov 19, 2026, 5:59 AM' (the shared date-time format); '' when there is none. */
export function instant(value: string | Date | null | undefined, language: string): string {
  return formatDateTime(value, { locale: language });
}

/** Status colours of the board (badges). */
export const STATUS_COLORS: Record<number, string> = {
  1: 'blue',
  2: 'indigo',
  3: 'gray',
  4: 'yellow',
  5: 'orange',
  6: 'green',
};
