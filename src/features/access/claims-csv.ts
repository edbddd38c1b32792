// Reading a claim permissions CSV (ClaimType, ClaimValue, PermissionKey, Value) with papaparse: the
// header row is skipped, blank lines are ignored, and each row keeps its line number so errors can
// name it. The server checks every row again (nothing is applied when one is bad).
import Papa from 'papaparse';
import type { ClaimPermission } from '../../contract/permissions';

export interface CsvClaimRow {
  /** The line of the file (the header is line 1). */
  Line: number;
  ClaimType: string;
  ClaimValue: string | null;
  PermissionKey: string;
  Value: string;
}

export interface ParsedClaimsCsv {
  rows: CsvClaimRow[];
  /** Problems papaparse itself found (unclosed quotes …), by line. */
  errors: Array<{ Line: number; Message: string }>;
}

export function parseClaimsCsv(text: string): ParsedClaimsCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  const rows: CsvClaimRow[] = [];
  parsed.data.forEach((cells, index) => {
    if (index === 0) return; // the header row
    if (cells.every((c) => c.trim() === '')) return;
    const [ClaimType = '', ClaimValue = '', PermissionKey = '', Value = ''] = cells.map((c) => c.trim());
    rows.push({
      Line: index + 1,
      ClaimType,
      ClaimValue: ClaimValue === '' ? null : ClaimValue,
      PermissionKey,
      Value,
    });
  });
  const errors = parsed.errors.map((e) => ({ Line: (e.row ?? 0) + 1, Message: e.message }));
  return { rows, errors };
}

/** The rows as the import call takes them (the server's row n is the n-th row sent). */
export function importBody(rows: readonly CsvClaimRow[]): ClaimPermission[] {
  return rows.map(({ Line: _line, ...r }) => r);
}
