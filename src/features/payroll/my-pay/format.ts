// Money, hours and dates as My pay shows them (pure; no React). The locale is i18next's ('en_CA').
import { format } from 'date-fns';
import { wireDay } from '../../../contract/time-management';
import { dayDate } from '../../time-management/format';

function bcp47(locale: string): string {
  return (locale || 'en_CA').replace('_', '-');
}

/** '$1,474.90' in the stub's country's dollars (1 US, 2 Canada); negative with a minus sign. */
export function money(amount: number, locale: string, countryId = 2, fractionDigits = 2): string {
  return new Intl.NumberFormat(bcp47(locale), {
    style: 'currency',
    currency: countryId === 1 ? 'USD' : 'CAD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** A rate per unit: 2 to 4 decimals ('$25.875'). */
export function rate(amount: number, locale: string, countryId = 2): string {
  return money(amount, locale, countryId, 4);
}

/** '1.5' */
export function quantity(value: number, locale: string): string {
  return new Intl.NumberFormat(bcp47(locale), { maximumFractionDigits: 2 }).format(value);
}

/** '+1.5' / '−2' */
export function signed(value: number, locale: string, isCurrency: boolean, countryId = 2): string {
  const text = isCurrency ? money(Math.abs(value), locale, countryId) : quantity(Math.abs(value), locale);
  return `${value < 0 ? '−' : '+'}${text}`;
}

/** 'Nov 9 – Nov 22, 2026' */
export function periodLabel(start: string | Date, end: string | Date): string {
  const a = dayDate(wireDay(start));
  const b = dayDate(wireDay(end));
  return `${format(a, 'MMM d')} – ${format(b, 'MMM d, yyyy')}`;
}

/** 'Fri, Nov 27, 2026' */
export function longDay(day: string | Date): string {
  return format(dayDate(wireDay(day)), 'EEE, MMM d, yyyy');
}

/** 'Nov 12' of a day or an instant (an instant in the device's time zone). */
export function shortDay(value: string | Date): string {
  if (typeof value === 'string' && value.length > 10) return format(new Date(value), 'MMM d');
  return format(dayDate(wireDay(value)), 'MMM d');
}

/** 'Tuesday' of a day. */
export function weekdayOf(day: string | Date): string {
  return format(dayDate(wireDay(day)), 'EEEE');
}
