// Reading an uploaded payroll import workbook row by row with exceljs' streaming WorkbookReader: the
// file is recognised by its content (a ZIP archive holding xl/workbook.xml), never by its name; the
// workbook model is never built, so a 50 000-row file is held once (its bytes) plus the rows' text.

import { Readable } from 'node:stream';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportField } from '../../../src/contract/imports';
import { AppError, badRequest } from '../../errors';
import { excel } from '../../libraries';
import type { ZipDirectory } from '../../zip';
import { zipDirectory } from '../leads/spreadsheet';
import { worksheetsLast } from './worksheets-last';

/** One data row: its line in the sheet and the text of each mapped field present in the file. */
export interface SheetRow {
  line: number;
  values: Partial<Record<ImportField, string>>;
  /** Date cells of the row's mapped fields, as YYYY-MM-DD (Excel dates are stored as UTC days). */
  dates: Partial<Record<ImportField, string>>;
}

/** 400 with one message under File. */
export const fileError = (message: string) => badRequest(message, { File: [message] });

/** Refuses what is not an .xlsx workbook (415), by its bytes; the archive's directory otherwise. */
export function requireWorkbook(bytes: Buffer): ZipDirectory {
  const zip = zipDirectory(bytes);
  if (!zip?.entries.some((e) => e.name === 'xl/workbook.xml'))
    throw new AppError(415, IMPORT_MESSAGES.notSpreadsheet, {
      Errors: { File: [IMPORT_MESSAGES.notSpreadsheet] },
    });
  return zip;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The text a cell shows (numbers without float noise, rich text joined, formulas' results). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(+value.toPrecision(15));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoDay(value);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: string;
    };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return '';
  }
  return String(value).trim();
}

const normal = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

export interface ReadOptions {
  headerRow: number;
  sheetName: string | null;
  /** Field → header text. */
  columns: Partial<Record<ImportField, string>>;
  required: readonly ImportField[];
  /** When set, at least one of these sets of columns must all be present (ways to identify employees). */
  anyOf: readonly (readonly ImportField[])[] | null;
  /** Human names of fields for the missing-column message. */
  label: (field: ImportField) => string;
}

/**
 * Reads the data rows of the chosen sheet (the first, or the one named) under its header row; empty
 * rows are skipped. A required column missing from the header row is one 400 naming every missing
 * column and the headers found.
 */
export async function readRows(bytes: Buffer, zip: ZipDirectory, options: ReadOptions): Promise<SheetRow[]> {
  const ExcelJS = await excel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([worksheetsLast(bytes, zip)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: SheetRow[] = [];
  let found = false;
  let headerSeen = false;
  const at = new Map<ImportField, number>();
  try {
    for await (const sheet of reader) {
      const name = (sheet as unknown as { name?: string }).name ?? '';
      if (found || (options.sheetName && normal(name) !== normal(options.sheetName))) {
        // Drain a sheet that is not read (the stream moves on only once it is consumed).
        for await (const _ of sheet) void _;
        continue;
      }
      found = true;
      for await (const row of sheet) {
        const line = row.number;
        if (line < options.headerRow) continue;
        const cells = row.values as unknown[];
        if (line === options.headerRow) {
          headerSeen = true;
          const headers = cells.map((c) => normal(cellText(c)));
          for (const [field, header] of Object.entries(options.columns) as [ImportField, string][]) {
            const index = headers.indexOf(normal(header));
            if (index > 0) at.set(field, index);
          }
          requireColumns(options, at, cells);
          continue;
        }
        if (!headerSeen) break;
        const values: SheetRow['values'] = {};
        const dates: SheetRow['dates'] = {};
        let any = false;
        for (const [field, index] of at) {
          const cell = cells[index];
          const text = cellText(cell);
          if (text) {
            values[field] = text;
            any = true;
          }
          if (cell instanceof Date && !Number.isNaN(cell.getTime())) dates[field] = isoDay(cell);
        }
        if (!any) continue;
        if (rows.length >= IMPORT_MAX_ROWS) throw fileError(IMPORT_MESSAGES.tooManyRows);
        rows.push({ line, values, dates });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, IMPORT_MESSAGES.unreadable, {
      Errors: { File: [IMPORT_MESSAGES.unreadable] },
      cause: error,
    });
  }
  if (!found) {
    const message = options.sheetName
      ? `The workbook has no sheet named “${options.sheetName}”.`
      : IMPORT_MESSAGES.noRows;
    throw fileError(message);
  }
  if (!headerSeen) {
    requireColumns(options, at, []);
  }
  if (!rows.length) throw fileError(IMPORT_MESSAGES.noRows);
  return rows;
}

function requireColumns(options: ReadOptions, at: Map<ImportField, number>, headerCells: unknown[]): void {
  const missing = options.required.filter((f) => !at.has(f));
  const usable = (options.anyOf ?? []).filter((set) => set.every((f) => options.columns[f]));
  const identifies = !options.anyOf || usable.some((set) => set.every((f) => at.has(f)));
  if (!missing.length && identifies) return;
  const found = headerCells.map(cellText).filter(Boolean);
  const name = (f: ImportField) => `“${options.columns[f]}” (${options.label(f)})`;
  const parts: string[] = [];
  if (missing.length)
    parts.push(`The file has no column ${missing.map(name).join(', ')} on row ${options.headerRow}.`);
  if (!identifies)
    parts.push(
      `The file has no column that identifies employees on row ${options.headerRow}: add one of ${usable
        .map((set) => set.map(name).join(' and '))
        .join(', ')}.`,
    );
  const message =
    `${parts.join(' ')} Nothing was read.` +
    (found.length ? ` Columns found: ${found.join(', ')}.` : ' That row is empty.');
  throw badRequest(message, { File: [message] });
}
