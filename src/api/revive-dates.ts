// Date handling on the wire (spec 000 §7, §9; docs/architecture.md "The contract").
//
// Responses: date-like strings become Dates.
// - An ISO-8601 date-time ('2024-03-01T10:15:00Z', '…+02:00', '…T10:15', with optional seconds and
//   fraction) becomes the Date of that instant; without an offset it is read as local wall time,
//   as ECMAScript does.
// - A bare calendar date 'YYYY-MM-DD' becomes a CalendarDate: a Date at local midnight of that
//   calendar day, never a UTC shift (new Date('2024-03-01') would be UTC midnight, the evening
//   before in the Americas).
// - Anything else stays a string: '2024', '2024-03', times 'HH:mm:ss', phone numbers, impossible
//   dates such as '2024-02-30'.
//
// Requests: a CalendarDate is written as 'YYYY-MM-DD' (its toJSON), any other Date as its ISO
// instant. So a bare date read from the server goes back as the same calendar day, and an instant
// stays an instant even when it falls on local midnight. To send a calendar day from a date picker,
// pass a 'YYYY-MM-DD' string (formatWireDate) or toCalendarDate(date). A structured clone
// (IndexedDB, postMessage) turns a CalendarDate back into a plain Date: format it before storing.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function validCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of a Date's local calendar day. */
export function formatWireDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A calendar day without a time: a Date at local midnight that goes on the wire as 'YYYY-MM-DD'. */
export class CalendarDate extends Date {
  /** month is 1-12; years below 100 are not shifted to 19xx. */
  constructor(year: number, month?: number, day?: number) {
    if (month === undefined || day === undefined) {
      // One argument: a time value. date-fns (and others) clone a Date with
      // `new date.constructor(+date)`, so this form must keep working.
      super(year);
      return;
    }
    super(2000, 0, 1);
    this.setFullYear(year, month - 1, day);
    this.setHours(0, 0, 0, 0);
  }

  override toJSON(): string {
    return formatWireDate(this);
  }
}

/** The calendar day (local) of a Date, as a CalendarDate. */
export function toCalendarDate(date: Date): CalendarDate {
  return new CalendarDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** The Date a date-like string stands for, or undefined when the string is not date-like. */
export function parseDateLike(value: string): Date | undefined {
  if (value.length < 10 || value.length > 40) return undefined;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    return validCalendarDay(year, month, day) ? new CalendarDate(year, month, day) : undefined;
  }
  const dateTime = DATE_TIME.exec(value);
  if (!dateTime) return undefined;
  if (!validCalendarDay(Number(dateTime[1]), Number(dateTime[2]), Number(dateTime[3]))) return undefined;
  // ECMAScript only guarantees the extended offset form (+hh:mm); normalise +hhmm.
  const normalised = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A JSON.parse reviver that turns date-like strings into Dates. */
export function dateReviver(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? (parseDateLike(value) ?? value) : value;
}

/** Parses JSON text, turning date-like strings into Dates. */
export function parseJsonWithDates(textBody: string): unknown {
  return JSON.parse(textBody, dateReviver);
}

/** Turns date-like strings into Dates throughout a value (arrays and plain objects), in place. */
export function reviveDates<T>(value: T): T {
  if (typeof value === 'string') return (parseDateLike(value) ?? value) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = reviveDates(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = reviveDates(record[key]);
  }
  return value;
}

/** How a Date goes into a query string: a CalendarDate as 'YYYY-MM-DD', any other as its ISO instant. */
export function serializeDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return date instanceof CalendarDate ? formatWireDate(date) : date.toISOString();
}
