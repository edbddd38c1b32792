// How the payroll screens show money, hours and pay windows (pure; no React).
import { format } from 'date-fns';
import { wireDay } from '../../../contract/time-management';
import { formatDay as formatSharedDay } from '../../../lib/date-display';
import { dayDate } from '../../time-management/format';

/** Country 1 is the US (USD), 2 Canada (CAD). */
export function currencyOf(countryId: number | null | undefined): 'USD' | 'CAD' {
  return countryId === 1 ? 'USD' : 'CAD';
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** '$1,234.50' in the locale; '—' for null. */
export function formatMoney(
  amount: number | null | undefined,
  currency: 'USD' | 'CAD' = 'CAD',
  locale = 'en-CA',
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const key = `${locale}|${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    moneyFormats.set(key, f);
  }
  return f.format(amount);
}

/** Hours with 2 decimals at most ('38.5', '0'); '—' for null. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '—';
  return String(Math.round(hours * 100) / 100);
}

/** 'Nov 2, 2026' of a calendar day (a 'YYYY-MM-DD' or a revived date). */
export function formatDay(day: string | Date | null | undefined): string {
  return day ? formatSharedDay(wireDay(day), { empty: '—' }) : '—';
}

/** 'Nov 2 – Nov 15, 2026' */
export function formatWindow(start: string | Date, end: string | Date): string {
  return `${format(dayDate(wireDay(start)), 'MMM d')} – ${formatDay(end)}`;
}

/** Sum of a numeric field over rows, rounded to cents. */
export function sumOf<T>(rows: readonly T[], pick: (row: T) => number | null | undefined): number {
  const cents = rows.reduce((acc, row) => acc + Math.round((pick(row) ?? 0) * 100), 0);
  return cents / 100;
}

/** 'CommissionAboveThreshold' → 'Commission above threshold' (lookup names are identifiers). */
export function humanize(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ');
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(' ');
}
