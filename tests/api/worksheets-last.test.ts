// The import reader's archive reordering: worksheets after the workbook parts, every entry's bytes
// moved whole (the archive stays valid and reads the same), and anything it cannot rewrite untouched.
import type { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { worksheetsLast } from '../../server/modules/imports/worksheets-last';
import { zipEntryNames } from '../../server/modules/leads/spreadsheet';

async function twoSheets(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Notes').addRow(['Exported from ADP']);
  const ws = wb.addWorksheet('Export');
  ws.addRow(['Apex #', 'File Number']);
  ws.addRow([12, 940001]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const sheetIndex = (names: string[]) => names.findIndex((n) => n.startsWith('xl/worksheets/sheet'));

describe('worksheetsLast', () => {
  it('moves the worksheets after the workbook, shared strings and styles; nothing else changes', async () => {
    const bytes = await twoSheets();
    const before = zipEntryNames(bytes) as string[];
    // As exceljs writes it, the sheets come before the workbook part.
    expect(sheetIndex(before)).toBeLessThan(before.indexOf('xl/workbook.xml'));

    const out = worksheetsLast(bytes);
    const after = zipEntryNames(out) as string[];
    expect(out.length).toBe(bytes.length);
    expect([...after].sort()).toEqual([...before].sort());
    expect(after.slice(-2)).toEqual(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml']);
    for (const part of [
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
    ])
      expect(after.indexOf(part)).toBeLessThan(sheetIndex(after));

    // Still a sound archive: the whole-file reader (central directory) sees the same cells.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(out).buffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Notes', 'Export']);
    expect(wb.getWorksheet('Export')?.getRow(2).values).toEqual([undefined, 12, 940001]);
  });

  it('lets the streaming reader name each sheet and read its rows straight from the archive', async () => {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(
      Readable.from([worksheetsLast(await twoSheets())]),
      {
        worksheets: 'emit',
        sharedStrings: 'cache',
        entries: 'emit',
      },
    );
    const seen: string[] = [];
    // The reader is an EventEmitter; exceljs' types leave that out.
    (reader as unknown as EventEmitter).on('entry', (e: { type: string }) => seen.push(e.type));
    const sheets: Record<string, unknown[][]> = {};
    for await (const sheet of reader) {
      const name = (sheet as unknown as { name: string }).name;
      sheets[name] = [];
      for await (const row of sheet as AsyncIterable<{ values: unknown[] }>)
        sheets[name].push(row.values.slice(1));
    }
    expect(sheets).toEqual({
      Notes: [['Exported from ADP']],
      Export: [
        ['Apex #', 'File Number'],
        [12, 940001],
      ],
    });
    // The workbook and its shared strings were read before the first worksheet.
    expect(seen.indexOf('workbook')).toBeLessThan(seen.indexOf('worksheet'));
    expect(seen.indexOf('shared-strings')).toBeLessThan(seen.indexOf('worksheet'));
  });

  it('returns the bytes untouched when the sheets are already last or the archive cannot be rewritten', async () => {
    const ordered = worksheetsLast(await twoSheets());
    expect(worksheetsLast(ordered)).toBe(ordered);
    const notZip = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(worksheetsLast(notZip)).toBe(notZip);
    const truncated = (await twoSheets()).subarray(0, 400);
    expect(worksheetsLast(truncated)).toBe(truncated);
    // A prefix before the first entry (a self-extracting stub) is not moved around.
    const prefixed = Buffer.concat([Buffer.from('stub'), await twoSheets()]);
    expect(worksheetsLast(prefixed)).toBe(prefixed);
  });
});
