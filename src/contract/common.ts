// Wire-format building blocks shared by the PWA, the service worker and the server.
import { z } from 'zod';

/** Every error the server sends (ARCHITECTURE: Errors). */
export const ErrorBody = z.object({
  Message: z.string(),
  Messages: z.array(z.string()).optional(),
  Errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Bounds of a PostgreSQL `integer` column, which holds every id and count of the API. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
export const NUMBER_TOO_LARGE = 'This number is too large';
export const NUMBER_TOO_SMALL = 'This number is too small';

/**
 * A whole number an `integer` column holds (ids, counts, versions, minutes). Chain .positive(),
 * .min() etc. for narrower rules. A larger number cannot name a stored record: in a path it answers
 * 404, elsewhere 400.
 */
export const Int32 = z.number().int().min(INT32_MIN, NUMBER_TOO_SMALL).max(INT32_MAX, NUMBER_TOO_LARGE);
/** Int32 from a path segment or a query string (text coerced to a number). */
export const QueryInt32 = z.coerce
  .number()
  .int()
  .min(INT32_MIN, NUMBER_TOO_SMALL)
  .max(INT32_MAX, NUMBER_TOO_LARGE);

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const DATE_DOES_NOT_EXIST = 'This date does not exist';

/** Whether 'YYYY-MM-DD' names a day that exists (2026-02-30 and 0000-01-01 do not). */
export function isCalendarDay(value: string): boolean {
  const m = WIRE_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** The years a date of the API may fall in: day arithmetic far from them is meaningless and slow. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2999;
export const DATE_OUT_OF_RANGE = `Use a date from ${MIN_DATE_YEAR} to ${MAX_DATE_YEAR}`;

/**
 * YYYY-MM-DD of a day that exists, from 1900 to 2999. A malformed value gets the format message
 * alone; 2026-02-30 gets "This date does not exist".
 */
export const WireDate = z
  .string()
  .regex(WIRE_DATE, 'Use the format YYYY-MM-DD')
  .refine((value) => !WIRE_DATE.test(value) || isCalendarDay(value), DATE_DOES_NOT_EXIST)
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return !isCalendarDay(value) || (year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR);
  }, DATE_OUT_OF_RANGE);
/** HH:mm:ss */
export const WireTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'Use the format HH:mm:ss');

/**
 * An instant: ISO-8601 with offset on the wire; a Date once the PWA's client has revived it (spec
 * 000 §7: date-like strings in responses become dates), so client-side parsing accepts both.
 */
export const Instant = z.union([z.iso.datetime({ offset: true }), z.date()]);
export type Instant = z.infer<typeof Instant>;

export const Division = { RoadShow: 29, Dtv: 31, Rogers: 35 } as const;
export const Country = { US: 1, Canada: 2 } as const;
export const JobStatus = { Queued: 1, Processing: 2, Failed: 3, Succeeded: 4 } as const;
export const EmployeeStatus = { Active: 1, Terminated: 2, Pending: 3 } as const;
export const CorporationStatus = { Active: 1, Inactive: 2 } as const;
export const GrantType = { GrantAll: 1, GrantRole: 2, GrantClaims: 3, None: 4 } as const;
export const RoleScope = {
  Global: 1,
  Divisional: 2,
  Organizational: 3,
  EmploymentRecord: 4,
  Hidden: 5,
} as const;

export const PagingQuery = z.object({
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(500).default(25),
});

export function pagedResult<T extends z.ZodType>(item: T) {
  return z.object({
    Items: z.array(item),
    TotalCount: Int32,
    PageIndex: Int32,
    PageSize: Int32,
  });
}
