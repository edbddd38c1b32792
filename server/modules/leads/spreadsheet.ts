// Reading lead batch files: what kind a file is (by name, declared type and its first bytes) and
// its rows as text. CSV uses papaparse and XLSX exceljs, both approved for the project; they are
// loaded when needed, so the server runs (and CSV imports work, with the built-in RFC 4180 reader)
// while a package is not installed yet.
import { parseCsv } from '../../domain/leads/csv';
import { readZipDirectory, type ZipDirectory } from '../../zip';

export type SheetKind = 'csv' | 'xlsx';

const XLSX_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'];
const CSV_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'text/comma-separated-values',
];

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** 'csv', 'xlsx', or null when the file is neither (or its name, type and content disagree). */
export function detectSheetKind(
  fileName: string,
  contentType: string | undefined,
  bytes: Uint8Array,
): SheetKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (isZip(bytes)) {
    if (ext === 'xlsx' || (ext === '' && XLSX_TYPES.includes(type))) return 'xlsx';
    return null;
  }
  const looksCsv = ext === 'csv' || ext === 'txt' || (ext === '' && CSV_TYPES.includes(type));
  if (!looksCsv || (type && !CSV_TYPES.includes(type) && type !== 'application/octet-stream')) return null;
  // Text has no NUL bytes (a binary file renamed .csv does).
  if (bytes.subarray(0, 4096).includes(0)) return null;
  return 'csv';
}

export const NOT_A_WORKBOOK_MESSAGE =
  'This file is named .xlsx but is not an Excel workbook (it may be damaged or renamed). Save it again from Excel as .xlsx or .csv.';
export const NOT_TEXT_MESSAGE =
  'This file is named .csv but is not text (it may be a renamed binary file). Save the sheet as CSV (UTF-8) and upload it again.';

export const WRONG_TYPE_MESSAGE = 'Only CSV or XLSX files can be imported.';

/**
 * The kind of an uploaded sheet, or the message of its 415: the name (or the declared type) says which
 * kind it claims to be, and its content must be one (see sheetContentProblem).
 */
export function recogniseSheet(
  fileName: string,
  contentType: string | undefined,
  bytes: Uint8Array,
): { kind: SheetKind; problem: null } | { kind: null; problem: string } {
  const kind = detectSheetKind(fileName, contentType, bytes);
  if (kind) {
    const problem = sheetContentProblem(kind, bytes);
    return problem ? { kind: null, problem } : { kind, problem: null };
  }
  // Not one: say what the name claimed and why the content is not that.
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const typeFits = (types: string[]) => !type || type === 'application/octet-stream' || types.includes(type);
  if (ext === 'xlsx' && typeFits(XLSX_TYPES)) return { kind: null, problem: NOT_A_WORKBOOK_MESSAGE };
  if ((ext === 'csv' || ext === 'txt') && typeFits(CSV_TYPES))
    return { kind: null, problem: NOT_TEXT_MESSAGE };
  return { kind: null, problem: WRONG_TYPE_MESSAGE };
}

/**
 * Why the content is not a file of that kind (the message of a 415), or null when it is one: an
 * XLSX is a ZIP archive whose directory lists xl/workbook.xml; a CSV is text (UTF-8, or Windows-1252
 * as Excel saves it) with no control characters but tab, line feed, carriage return and form feed.
 * Cheap: the ZIP's central directory is read, nothing is inflated (a workbook whose parts are damaged
 * still fails its job, with a message).
 */
export function sheetContentProblem(kind: SheetKind, bytes: Uint8Array): string | null {
  if (kind === 'xlsx') {
    const names = zipEntryNames(bytes);
    return names?.includes('xl/workbook.xml') ? null : NOT_A_WORKBOOK_MESSAGE;
  }
  return isText(bytes) ? null : NOT_TEXT_MESSAGE;
}

// Bytes never seen in text: C0 controls but tab (09), LF (0a), FF (0c), CR (0d), and DEL (7f).
const isControl = (b: number) =>
  (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f;
// Bytes Windows-1252 leaves undefined.
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function isText(bytes: Uint8Array): boolean {
  for (const b of bytes) if (isControl(b)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    for (const b of bytes) if (UNDEFINED_1252.has(b)) return false;
    return true;
  }
}

/**
 * The names in a ZIP archive's central directory, or null when the bytes are not a whole ZIP archive
 * (no end-of-central-directory record, a directory out of bounds, ZIP64).
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  return zipDirectory(bytes)?.entries.map((e) => e.name) ?? null;
}

/** The central directory of bytes that start as a ZIP archive, or null (see `readZipDirectory`). */
export function zipDirectory(bytes: Uint8Array): ZipDirectory | null {
  return isZip(bytes) ? readZipDirectory(bytes) : null;
}

/** UTF-8 (with or without BOM); files that are not valid UTF-8 are read as Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export class SheetError extends Error {}

interface PapaModule {
  parse(
    text: string,
    config: { skipEmptyLines: boolean; delimiter?: string },
  ): {
    data: string[][];
    errors: { message: string; row?: number }[];
  };
}
interface ExcelCell {
  text: string;
}
interface ExcelRow {
  getCell(index: number): ExcelCell;
}
interface ExcelWorksheet {
  columnCount: number;
  rowCount: number;
  getRow(index: number): ExcelRow;
}
interface ExcelModule {
  Workbook: new () => {
    xlsx: { load(data: ArrayBuffer | Buffer): Promise<unknown> };
    worksheets: ExcelWorksheet[];
  };
}

/** Imports an optional package; null when it is not installed. */
async function optional<T>(name: string): Promise<T | null> {
  try {
    const mod = (await import(/* @vite-ignore */ name)) as { default?: T } & T;
    return mod.default ?? mod;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return null;
    throw error;
  }
}

export interface Sheet {
  rows: string[][];
  errors: string[];
}

export const MAX_ROWS = 100_000;

export async function readSheet(kind: SheetKind, bytes: Buffer): Promise<Sheet> {
  if (kind === 'csv') {
    const text = decodeText(bytes);
    const papa = await optional<PapaModule>('papaparse');
    if (!papa) return parseCsv(text);
    const result = papa.parse(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
    return {
      rows: result.data.map((r) => r.map((c) => String(c ?? ''))),
      errors: result.errors
        .filter((e) => !/delimit/i.test(e.message))
        .map((e) => (e.row !== undefined ? `Line ${e.row + 1}: ${e.message}` : e.message)),
    };
  }
  const excel = await optional<ExcelModule>('exceljs');
  if (!excel)
    throw new SheetError(
      'XLSX files cannot be read on this server yet (exceljs is not installed); save the sheet as CSV.',
    );
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(bytes);
  } catch {
    throw new SheetError('The XLSX file could not be read; it may be damaged.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [], errors: [] };
  const rows: string[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= Math.min(sheet.rowCount, MAX_ROWS + 1); r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(row.getCell(c).text ?? '');
    rows.push(cells);
  }
  return { rows, errors: [] };
}
