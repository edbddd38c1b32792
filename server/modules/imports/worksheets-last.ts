// Reorders an .xlsx archive so its worksheets come after every other part (workbook, relationships,
// shared strings, styles), without inflating anything: each entry's stored bytes are moved whole and
// the central directory is rewritten with the new offsets.
//
// Why: exceljs' streaming WorkbookReader reads the archive front to back. Files written by exceljs
// (and some other tools) store the worksheets first and `xl/workbook.xml` last, so the reader parks
// each sheet in a temporary file and resolves sheet names only after the last entry; under load that
// last step can run before the workbook part was read (exceljs issue #3064: "Cannot read properties of
// undefined (reading 'sheets')"), and a sound file was refused as damaged. With the worksheets last,
// names and shared strings are known before the first row, and rows stream straight from the archive.

import { readZipDirectory, type ZipDirectory, type ZipEntry } from '../../zip';

const LOCAL = 0x04034b50;

const isWorksheet = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name);

/**
 * The same archive with its worksheets moved to the end, or the bytes unchanged when they are already
 * last or the archive is not a plain one this can rewrite (ZIP64, a prefix before the first entry,
 * overlapping entries): the reader then sees the file exactly as uploaded.
 */
export function worksheetsLast(bytes: Buffer, zip: ZipDirectory | null = readZipDirectory(bytes)): Buffer {
  if (!zip) return bytes;
  const { entries, directory, end } = zip;
  const order = [
    ...entries.filter((e) => !isWorksheet(e.name)),
    ...entries.filter((e) => isWorksheet(e.name)),
  ];
  if (order.every((e, i) => e === entries[i])) return bytes;

  // Each entry's stored bytes run from its local header to the next one (or to the directory).
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const starts = entries.map((e) => e.local).sort((a, b) => a - b);
  if (starts[0] !== 0 || new Set(starts).size !== starts.length || (starts.at(-1) ?? 0) >= directory)
    return bytes;
  const span = new Map<number, [number, number]>();
  for (const [i, start] of starts.entries()) {
    if (view.getUint32(start, true) !== LOCAL) return bytes;
    span.set(start, [start, starts[i + 1] ?? directory]);
  }

  const out = Buffer.alloc(bytes.length);
  let offset = 0;
  const moved = new Map<ZipEntry, number>();
  for (const entry of order) {
    const [from, to] = span.get(entry.local) as [number, number];
    moved.set(entry, offset);
    offset += bytes.copy(out, offset, from, to);
  }
  const directoryAt = offset;
  const outView = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (const entry of order) {
    const recordAt = offset;
    out.set(entry.record, offset);
    offset += entry.record.length;
    outView.setUint32(recordAt + 42, moved.get(entry) as number, true);
  }
  const endAt = offset;
  offset += bytes.copy(out, offset, end);
  outView.setUint32(endAt + 16, directoryAt, true);
  return out.subarray(0, offset);
}
