// The client revives 'YYYY-MM-DD' in responses into CalendarDate objects, but some contract schemas
// (TerritoryOffice.FromDate/ToDate: WireDate) accept only the string. Calls whose answers hold such
// fields are read without a schema, turned back into wire dates, then parsed.
import type { z } from 'zod';
import type { ApiClient, CallOptions } from '../../../api/api-client';
import { CalendarDate, formatWireDate } from '../../../api/revive-dates';

/** A deep copy with every CalendarDate as its 'YYYY-MM-DD'. */
export function calendarDatesToWire<T>(value: T): T {
  if (value instanceof CalendarDate) return formatWireDate(value) as T;
  if (Array.isArray(value)) return value.map(calendarDatesToWire) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = calendarDatesToWire(v);
    return out as T;
  }
  return value;
}

type Options = Omit<CallOptions, 'schema'>;

export async function getWire<T>(
  api: ApiClient,
  path: string,
  schema: z.ZodType<T>,
  options: Options = {},
): Promise<T> {
  return schema.parse(calendarDatesToWire(await api.get(path, options)));
}

export async function sendWire<T>(
  api: ApiClient,
  method: 'post' | 'put' | 'patch',
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  return schema.parse(calendarDatesToWire(await api[method](path, body)));
}
