// How the payroll reports show money, hours, days and months, and sort their tables (pure; no React).
import { addDays, format } from 'date-fns';
import { wireDay } from '../../../contract/time-management';
import { dayDate } from '../../time-management/format';

// Days and pay windows read as on the processing screens: one formatter for both.
export { formatDay, formatWindow } from '../processing/format';

export type Currency = 'USD' | 'CAD';

/** Country 1 is the US (USD), 2 Canada (CAD). */
export function currencyOf(countryId: number | null | undefined): Currency {
  return countryId === 1 ? 'USD' : 'CAD';
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * '$1,234.50'; '—' for null. `explicit`: 'US$1,234.50' for US dollars, where Canadian and US amounts
 * meet on one screen without a currency column.
 */
export function formatMoney(
  amount: number | null | undefined,
  currency: Currency = 'CAD',
  explicit = false,
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const key = `${currency}|${explicit}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-CA', {
      style: 'currency',
      currency,
      currencyDisplay: explicit ? 'symbol' : 'narrowSymbol',
    });
    moneyFormats.set(key, f);
  }
  return f.format(amount);
}

/** A signed change: '+$12.50', '−$3.00', '$0.00'. */
export function formatChange(amount: number | null | undefined, currency: Currency = 'CAD'): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  if (amount === 0) return formatMoney(0, currency);
  return `${amount > 0 ? '+' : '−'}${formatMoney(Math.abs(amount), currency)}`;
}

/** Hours with 2 decimals ('38.50'); '—' for null. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '—';
  return hours.toFixed(2);
}

/** A rate with 2 to 4 decimals ('27.75', '25.875'); '—' for null. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  const fixed = rate.toFixed(4).replace(/0{1,2}$/, '');
  return fixed;
}

/** The calendar day `n` days after a 'YYYY-MM-DD' (or revived) day, as 'YYYY-MM-DD'. */
export function shiftDay(day: string | Date, n: number): string {
  return format(addDays(dayDate(wireDay(day)), n), 'yyyy-MM-dd');
}

/** 'Nov 2026' of 'YYYY-MM'. */
export function formatMonth(month: string): string {
  return format(dayDate(`${month}-01`), 'MMM yyyy');
}

export interface Sort<K extends string> {
  column: K;
  descending: boolean;
}

/** The next sort after a click on `column`: the same column flips, another starts ascending. */
export function nextSort<K extends string>(sort: Sort<K>, column: K): Sort<K> {
  return sort.column === column ? { column, descending: !sort.descending } : { column, descending: false };
}

/** Rows sorted by a column (numbers numerically, text case-insensitively, nulls last), stable. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: Sort<K>,
  value: (row: T, column: K) => string | number | null,
): T[] {
  const dir = sort.descending ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i, v: value(row, sort.column) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      const c =
        typeof a.v === 'number' && typeof b.v === 'number'
          ? a.v - b.v
          : String(a.v).localeCompare(String(b.v), undefined, { sensitivity: 'base' });
      return c * dir || a.i - b.i;
    })
    .map((x) => x.row);
}

/** Sums per currency of rows that carry a CountryID, in cents to stay exact. */
export function totalsByCurrency<T extends { CountryID: number }, K extends keyof T>(
  rows: readonly T[],
  keys: readonly K[],
): Array<{ currency: Currency } & Record<K, number>> {
  const out = new Map<Currency, Record<string, number>>();
  for (const row of rows) {
    const currency = currencyOf(row.CountryID);
    const acc = out.get(currency) ?? Object.fromEntries(keys.map((k) => [k, 0]));
    for (const k of keys) acc[k as string] += Math.round(Number(row[k]) * 100);
    out.set(currency, acc);
  }
  return [...out.entries()]
    .sort(([a], [b]) => (a === b ? 0 : a === 'CAD' ? -1 : 1))
    .map(([currency, acc]) => ({
      currency,
      ...(Object.fromEntries(keys.map((k) => [k, acc[k as string] / 100])) as Record<K, number>),
    }));
}
