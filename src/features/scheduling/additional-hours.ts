// The event drawer's additional-hours editor (pure): rows as the manager types them, their checks
// (the messages are i18n keys under scheduling.hours.errors), the payload of PUT
// schedule-events/{id}/additional-hours, and the server's field errors put back on their rows.
import type { AdditionalHours, AdditionalHoursSave } from '../../contract/scheduling';

/** Most hours one person can be given for one event (the contract's limit). */
export const MAX_HOURS = 24;
export const MAX_COMMENT = 1000;

export interface HoursRow {
  /** Stable React key. */
  key: string;
  EmployeeID: number | null;
  /** What the number input holds: a number, or '' while empty. */
  Hours: number | string;
  Comments: string;
}

export type RowField = 'EmployeeID' | 'Hours' | 'Comments';
/** Per row index, per field: an i18n key (with its values) to show under the field. */
export type RowErrors = Record<number, Partial<Record<RowField, RowError>>>;
export interface RowError {
  key: string;
  values?: Record<string, string | number>;
  /** A message from the server, shown as it is. */
  text?: string;
}

let counter = 0;
const nextKey = () => `row-${++counter}`;

export function rowsFrom(saved: readonly AdditionalHours[]): HoursRow[] {
  return saved.map((h) => ({
    key: nextKey(),
    EmployeeID: h.EmployeeID,
    Hours: h.Hours,
    Comments: h.Comments ?? '',
  }));
}

export function emptyRow(): HoursRow {
  return { key: nextKey(), EmployeeID: null, Hours: '', Comments: '' };
}

const hoursOf = (row: HoursRow): number | null =>
  row.Hours === '' || row.Hours === null ? null : Number(row.Hours);

/**
 * Checks the rows: a person is chosen and listed once, hours are more than 0 and at most 24 with at
 * most two decimals, a comment fits. Returns the errors by row, or the payload when there are none.
 */
export function checkRows(
  rows: readonly HoursRow[],
  version: number,
  nameOf: (employeeId: number) => string,
): { errors: RowErrors; payload: AdditionalHoursSave | null } {
  const errors: RowErrors = {};
  const put = (i: number, field: RowField, error: RowError) => {
    errors[i] = { ...errors[i], [field]: error };
  };
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    if (row.EmployeeID === null) put(i, 'EmployeeID', { key: 'scheduling.hours.errors.employee' });
    else if (seen.has(row.EmployeeID))
      put(i, 'EmployeeID', {
        key: 'scheduling.hours.errors.twice',
        values: { name: nameOf(row.EmployeeID) },
      });
    else seen.add(row.EmployeeID);
    const hours = hoursOf(row);
    if (hours === null || Number.isNaN(hours)) put(i, 'Hours', { key: 'scheduling.hours.errors.hours' });
    else if (hours <= 0) put(i, 'Hours', { key: 'scheduling.hours.errors.hoursMin' });
    else if (hours > MAX_HOURS)
      put(i, 'Hours', { key: 'scheduling.hours.errors.hoursMax', values: { max: MAX_HOURS } });
    else if (Math.round(hours * 100) !== hours * 100)
      put(i, 'Hours', { key: 'scheduling.hours.errors.hoursStep' });
    if (row.Comments.trim().length > MAX_COMMENT)
      put(i, 'Comments', { key: 'scheduling.hours.errors.comment', values: { max: MAX_COMMENT } });
  });
  if (Object.keys(errors).length) return { errors, payload: null };
  return {
    errors,
    payload: {
      Version: version,
      AdditionalHours: rows.map((r) => ({
        EmployeeID: r.EmployeeID as number,
        Hours: hoursOf(r) as number,
        Comments: r.Comments.trim() || null,
      })),
    },
  };
}

/** The total of the rows' valid hours. */
export function totalHours(rows: readonly { Hours: number | string }[]): number {
  const sum = rows.reduce((n, r) => {
    const h = r.Hours === '' ? 0 : Number(r.Hours);
    return Number.isFinite(h) && h > 0 ? n + h : n;
  }, 0);
  return Math.round(sum * 100) / 100;
}

const FIELD = /^AdditionalHours\.(\d+)\.(EmployeeID|Hours|Comments)$/;

/** The server's field errors (`Errors` of a 400, e.g. `AdditionalHours.1.EmployeeID`) by row. */
export function serverRowErrors(data: unknown): RowErrors {
  const out: RowErrors = {};
  const errors = (data as { Errors?: Record<string, unknown> } | null)?.Errors;
  if (!errors || typeof errors !== 'object') return out;
  for (const [path, messages] of Object.entries(errors)) {
    const match = FIELD.exec(path);
    if (!match || !Array.isArray(messages) || typeof messages[0] !== 'string') continue;
    const i = Number(match[1]);
    out[i] = { ...out[i], [match[2]]: { key: '', text: messages[0] } };
  }
  return out;
}

/** 'h.hh' without trailing zeros: 1.5, 2, 0.25. */
export function formatHours(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}
