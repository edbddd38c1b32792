// Reading lead batch files: what kind a file is (by name, declared type and its first bytes) and
// its rows as text. CSV uses papaparse and XLSX exceljs, both approved for the project; they are
// loaded when needed, so the server runs (and CSV imports work, with the built-in RFC 4180 reader)
// while a package is not installed yet.
import { parseCsv } from '../../domain/leads/csv';

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
