// The Rogers screens' pure helpers: a cell shown by its column format, sorting and the CSV export.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Column, Row } from '../../../src/contract/rogers';
import { rangeProblem } from '../../../src/features/reports/rogers/filters';
import { formatCell, nextSort, sortRows, toCsv } from '../../../src/features/reports/rogers/format';

const rows: Row[] = [
  { Name: 'b', Units: 2, Day: '2026-06-02' },
  { Name: 'a', Units: 10, Day: null },
  { Name: 'c', Units: 1, Day: '2026-06-01' },
];

describe('Rogers report helpers', () => {
  it('formats cells by their column format', () => {
    expect(formatCell(0.1234, 'percent')).toBe('12.3%');
    expect(formatCell(1234.5, 'money')).toBe('$1,234.50');
    expect(formatCell(1234, 'int')).toBe('1,234');
    expect(formatCell(3.456, 'decimal')).toBe('3.46');
    expect(formatCell(null, 'money')).toBe('—');
    expect(formatCell('2026-06-02', 'date')).toMatch(/2026/);
  });

  it('sorts numbers by value, text by text, empty cells last, and toggles the direction', () => {
    expect(sortRows(rows, { key: 'Units', descending: false }).map((r) => r.Name)).toEqual(['c', 'b', 'a']);
    expect(sortRows(rows, { key: 'Units', descending: true }).map((r) => r.Name)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, { key: 'Day', descending: false }).map((r) => r.Name)).toEqual(['c', 'b', 'a']);
    expect(sortRows(rows, null)).toEqual(rows);
    const first = nextSort(null, 'Units');
    expect(first).toEqual({ key: 'Units', descending: false });
    expect(nextSort(first, 'Units')).toEqual({ key: 'Units', descending: true });
    expect(nextSort(first, 'Name')).toEqual({ key: 'Name', descending: false });
  });

  it('writes CSV with the labels as header and the wire values, quoting commas', () => {
    const columns: Column[] = [
      { Key: 'Name', Format: 'text' },
      { Key: 'Units', Format: 'int' },
    ];
    const csv = toCsv(columns, ['Name', 'Units sold'], [...rows, { Name: 'Smith, J', Units: 3 }]);
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed[0]).toEqual(['Name', 'Units sold']);
    expect(parsed[1]).toEqual(['b', '2']);
    expect(parsed[4]).toEqual(['Smith, J', '3']);
  });

  it('refuses an end date before the start date', () => {
    expect(rangeProblem('2026-06-02', '2026-06-01')).toBe('rangeOrder');
    expect(rangeProblem('2026-06-01', '2026-06-01')).toBeNull();
    expect(rangeProblem(undefined, '2026-06-01')).toBeNull();
  });
});
