// The payroll list's sort orders (spec 001 §9), its five status flags and the processing export's
// address (pure; no React).
import {
  PAYROLL_EXPORT_FORMATS,
  PAYROLL_FLAGS,
  type PayrollExportFormat,
  type PayrollFlag,
  type PayrollSort,
} from '../../../contract/payroll';

export { PAYROLL_FLAGS, type PayrollFlag };

/** Spec 001 §9: by Owner, ClientName, Division, StartDate, EndDate, LockedDate, CompletedDate. */
export const SORT_COLUMNS = [
  'Owner',
  'ClientName',
  'Division',
  'StartDate',
  'EndDate',
  'LockedDate',
  'CompletedDate',
] as const;
export type PayrollSortColumn = (typeof SORT_COLUMNS)[number];

/** Owner, ClientName and Division sort ascending only; the dates also descending. */
export function sortsDescending(column: PayrollSortColumn): boolean {
  return column !== 'Owner' && column !== 'ClientName' && column !== 'Division';
}

export interface SortState {
  sort: PayrollSortColumn;
  descending: boolean;
}

/**
 * A click on a column header: a new column starts with its natural direction (dates newest first,
 * names A→Z); the current one flips, when it may be descending.
 */
export function nextSort(current: SortState, column: PayrollSortColumn): SortState {
  if (current.sort !== column) return { sort: column, descending: sortsDescending(column) };
  return { sort: column, descending: sortsDescending(column) ? !current.descending : false };
}

/** The wire's sort value: 'StartDateDesc' for StartDate descending. */
export function wireSort({ sort, descending }: SortState): PayrollSort {
  return descending && sortsDescending(sort) ? (`${sort}Desc` as PayrollSort) : sort;
}

/** The wire field holding each flag. */
export const FLAG_FIELD = {
  visible: 'IsVisible',
  locked: 'IsLocked',
  disclosed: 'IsDisclosed',
  pending: 'IsPending',
  completed: 'IsCompleted',
} as const satisfies Record<PayrollFlag, string>;

export type PayrollFlags = { [F in PayrollFlag as (typeof FLAG_FIELD)[F]]: boolean };

export function flagPath(payrollId: number, flag: PayrollFlag, value: boolean): string {
  return `payrolls/${payrollId}/${flag}/${value}`;
}

/** The flags a payroll shows as badges, in the list's order. */
export function activeFlags(payroll: PayrollFlags): PayrollFlag[] {
  return PAYROLL_FLAGS.filter((f) => payroll[FLAG_FIELD[f]]);
}

export type ExportFormat = PayrollExportFormat;

/** Spec 001 §3: the processing export's formats. DefaultWithSsn only for a caller who may see SSNs. */
export function exportFormats(canSeeSsn: boolean): ExportFormat[] {
  return PAYROLL_EXPORT_FORMATS.filter((f) => canSeeSsn || f !== 'DefaultWithSsn');
}

/** Query values of a list request: empty and undefined values left out. */
export function cleanQuery(
  query: Record<string, string | number | boolean | null | undefined>,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  return out;
}

/** The address the browser navigates to for the processing spreadsheet (a download, cookie-authenticated). */
export function processingExportUrl(
  format: ExportFormat,
  query: Record<string, string | number | boolean | null | undefined>,
  apiRoot = '/api/',
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanQuery({ ...query, format }))) params.set(key, String(value));
  return `${apiRoot}payrolls/processing.xlsx?${params.toString()}`;
}
