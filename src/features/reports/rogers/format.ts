// How the Rogers screens show a cell by its column format, sort rows and write CSV (pure; no React).
import Papa from 'papaparse';
import type { Cell, CellFormat, Column, Row } from '../../../contract/rogers';
import { formatDay, formatMoney } from '../../payroll/reports/format';

/** Text columns whose values are names the screen translates (values.<value>). */
export const TRANSLATED_VALUES = new Set(['Slippage', 'Kind', 'PayoutComparison']);

const ints = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatCell(value: Cell | undefined, format: CellFormat): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return format === 'date' ? formatDay(value) : value;
  switch (format) {
    case 'money':
      return formatMoney(value);
    case 'percent':
      return `${(value * 100).toFixed(1)}%`;
    case 'decimal':
      return decimals.format(value);
    case 'int':
      return ints.format(value);
    default:
      return String(value);
  }
}

export interface Sort {
  key: string;
  descending: boolean;
}

export function nextSort(sort: Sort | null, key: string): Sort {
  return sort?.key === key ? { key, descending: !sort.descending } : { key, descending: false };
}

/** Rows in the sort's order (numbers by value, text and days by their text; empty cells last). */
export function sortRows(rows: readonly Row[], sort: Sort | null): Row[] {
  if (!sort) return [...rows];
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return String(x).localeCompare(String(y)) * sign;
  });
}

/** CSV of the rows with the given header labels; cells as on the wire (numbers unformatted). */
export function toCsv(columns: readonly Column[], labels: readonly string[], rows: readonly Row[]): string {
  return Papa.unparse({
    fields: [...labels],
    data: rows.map((r) => columns.map((c) => r[c.Key] ?? '')),
  });
}

/** Starts a browser download of a text file. */
export function download(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
