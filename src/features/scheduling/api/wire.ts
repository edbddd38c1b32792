// Responses of the scheduling calls, parsed with the contract's schemas. The PWA's client revives a
// bare 'YYYY-MM-DD' into a CalendarDate (spec 000 §7), while the scheduling contract declares its
// dates as wire strings; a revived calendar day is written back as 'YYYY-MM-DD' before parsing, so a
// date stays a date string in the screens and in the offline cache (instants stay Dates).
import { z } from 'zod';
import { CalendarDate, formatWireDate } from '../../../api/revive-dates';

function calendarDaysToWire(value: unknown): unknown {
  if (value instanceof CalendarDate) return formatWireDate(value);
  if (Array.isArray(value)) return value.map(calendarDaysToWire);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, calendarDaysToWire(v)]));
  }
  return value;
}

/** The contract schema, accepting revived calendar days where it expects 'YYYY-MM-DD'. */
export function fromWire<T extends z.ZodType>(schema: T) {
  return z.preprocess(calendarDaysToWire, schema);
}

/** 'YYYY-MM-DD' of a wire date that may have been revived (a Date at local midnight) or cloned. */
export function wireDay(value: unknown): string {
  return value instanceof Date ? formatWireDate(value) : String(value);
}
