import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../server/domain/leads/csv';
import {
  DEFAULT_IMPORT_SCHEMAS,
  mapHeaders,
  normalizePostalCode,
  readRow,
} from '../../../server/domain/leads/import-rows';
import { detectSheetKind } from '../../../server/modules/leads/spreadsheet';

describe('CSV reader', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, CRLF and a BOM', () => {
    const { rows, errors } = parseCsv('\uFEFFa,b,c\r\n"1, x","say ""hi""","two\nlines"\r\n4,,6');
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      ['a', 'b', 'c'],
      ['1, x', 'say "hi"', 'two\nlines'],
      ['4', '', '6'],
    ]);
  });

  it('guesses semicolons and tabs from the header line', () => {
    expect(parseCsv('a;b\n1;2').rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2').rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reports an unclosed quote', () => {
    expect(parseCsv('a\n"open').errors[0]).toMatch(/not closed/);
  });
});

describe('import rows', () => {
  const [standard, rogers] = DEFAULT_IMPORT_SCHEMAS;
  const header = ['Street Address', 'CITY', 'Prov', 'zip', 'lat', 'LNG', 'New Offer', 'Notes', 'Extra'];

  it('maps headers case- and punctuation-insensitively through aliases, and lists the others', () => {
    const map = mapHeaders(header, rogers);
    expect([...map.columns.values()].map((c) => c.Field)).toEqual([
      'StreetLine1',
      'City',
      'StateProvince',
      'PostalCode',
      'Latitude',
      'Longitude',
      'Data',
      'Note',
    ]);
    expect(map.ignored).toEqual(['Extra']);
    expect(mapHeaders(header, standard).ignored).toEqual(['New Offer', 'Extra']);
  });

  it('turns a row into a lead candidate (country from the postal code)', () => {
    const map = mapHeaders(header, rogers);
    const row = readRow(
      ['1 Main St', 'Toronto', 'on', 'm6g1a1', '43.6', '-79.4', 'P1', 'hi', ''],
      1,
      header.length,
      map,
    );
    expect(row).toEqual({
      kind: 'candidate',
      lead: expect.objectContaining({
        StreetLine1: '1 Main St',
        StateProvince: 'ON',
        PostalCode: 'M6G 1A1',
        CountryID: 2,
        Latitude: 43.6,
        Longitude: -79.4,
        Data: { 'New Offer': 'P1' },
        Note: 'hi',
      }),
    });
  });

  it('blank rows are skipped; malformed rows are errors with the row number', () => {
    const map = mapHeaders(header, rogers);
    const read = (cells: string[]) => readRow(cells, 7, header.length, map);
    expect(read(['', ' ', ''])).toEqual({ kind: 'blank' });
    expect(read(['', '', '', '', 'north', '-79', '', '', ''])).toEqual({
      kind: 'error',
      message: 'Row 7: Latitude is not a number between -90 and 90.',
    });
    expect(read(['', '', '', '', '43', '', '', '', ''])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/both/),
    });
    expect(read(['', '', '', '', '', '', 'P1', 'note', ''])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/nothing|no coordinates/),
    });
    expect(read(['x', 'y', '', '', '', '', '', '', '', 'spill'])).toMatchObject({
      kind: 'error',
      message: expect.stringMatching(/10 fields/),
    });
  });

  it('normalizes postal codes', () => {
    expect(normalizePostalCode('k1a0b1')).toBe('K1A 0B1');
    expect(normalizePostalCode('902101234')).toBe('90210-1234');
    expect(normalizePostalCode('m5v')).toBe('M5V');
  });
});

describe('file kinds', () => {
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]);
  const text = new TextEncoder().encode('a,b\n1,2');
  it('accepts CSV and XLSX by name, type and content; refuses the rest', () => {
    expect(detectSheetKind('a.csv', 'text/csv', text)).toBe('csv');
    expect(detectSheetKind('a.CSV', undefined, text)).toBe('csv');
    expect(detectSheetKind('a.csv', 'application/vnd.ms-excel', text)).toBe('csv');
    expect(detectSheetKind('a.xlsx', undefined, zip)).toBe('xlsx');
    expect(detectSheetKind('a.csv', undefined, zip)).toBeNull();
    expect(detectSheetKind('a.xlsx', undefined, text)).toBeNull();
    expect(detectSheetKind('a.pdf', 'application/pdf', text)).toBeNull();
    expect(detectSheetKind('a.csv', 'image/png', text)).toBeNull();
  });
});
