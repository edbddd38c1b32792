// A small PMTiles v3 writer for tests (spec: github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md):
// a 127-byte header, one root directory (varint-encoded columns: tile id deltas, run lengths,
// lengths, offsets with 0 meaning "right after the previous tile"), gzip-compressed JSON metadata
// and the tile data, ordered by Hilbert tile id (clustered). Identical tile contents are stored
// once; a run of consecutive tile ids with the same content is one entry with its run length.
// Everything must fit a root directory (header + root ≤ 16 KiB), which a test archive does.
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

export const HEADER_BYTES = 127;
/** Header and root directory must lie within the first 16 KiB (what readers fetch first). */
const FIRST_READ = 16384;

export interface TileInput {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes, uncompressed (an MVT); gzip-compressed by the writer. */
  data: Uint8Array;
}

export interface WriteOptions {
  minZoom?: number;
  maxZoom?: number;
  /** [west, south, east, north]; default: from the tiles. */
  bounds?: [number, number, number, number];
  center?: [number, number, number];
  metadata?: Record<string, unknown>;
  /** Tiles stored gzip-compressed (default) or plain. */
  tileCompression?: 'gzip' | 'none';
}

export interface DirEntry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

/** An unsigned LEB128 varint of a non-negative integer up to 2^53. */
export function writeVarint(out: number[], value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`varint out of range: ${value}`);
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

/** A directory as the spec serialises it (before compression). */
export function serializeDirectory(entries: readonly DirEntry[]): Uint8Array {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let last = 0;
  for (const e of entries) {
    writeVarint(out, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) writeVarint(out, e.runLength);
  for (const e of entries) writeVarint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    writeVarint(out, i > 0 && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return Uint8Array.from(out);
}

function setUint64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value % 2 ** 32, true);
  view.setUint32(at + 4, Math.floor(value / 2 ** 32), true);
}

function tileLng(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}
function tileLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/** The archive's bytes. */
export function writePmtiles(tiles: readonly TileInput[], options: WriteOptions = {}): Uint8Array {
  if (tiles.length === 0) throw new Error('an archive needs at least one tile');
  const gzip = (options.tileCompression ?? 'gzip') === 'gzip';
  const byId = new Map<number, Uint8Array>();
  for (const t of tiles) byId.set(zxyToTileId(t.z, t.x, t.y), gzip ? gzipSync(t.data) : t.data);
  const ids = [...byId.keys()].sort((a, b) => a - b);

  // Tile data in tile id order; a content already stored is pointed at again.
  const stored = new Map<string, { offset: number; length: number }>();
  const chunks: Uint8Array[] = [];
  let dataLength = 0;
  const entries: DirEntry[] = [];
  for (const id of ids) {
    const bytes = byId.get(id) as Uint8Array;
    const key = Buffer.from(bytes).toString('base64');
    let place = stored.get(key);
    if (!place) {
      place = { offset: dataLength, length: bytes.length };
      stored.set(key, place);
      chunks.push(bytes);
      dataLength += bytes.length;
    }
    const last = entries[entries.length - 1];
    if (last && last.tileId + last.runLength === id && last.offset === place.offset) last.runLength++;
    else entries.push({ tileId: id, offset: place.offset, length: place.length, runLength: 1 });
  }

  const root = gzipSync(serializeDirectory(entries));
  if (HEADER_BYTES + root.length > FIRST_READ)
    throw new Error(`root directory too large for this writer (${root.length} bytes); use fewer tiles`);
  const metadata = gzipSync(Buffer.from(JSON.stringify(options.metadata ?? {})));

  const zooms = tiles.map((t) => t.z);
  const minZoom = options.minZoom ?? Math.min(...zooms);
  const maxZoom = options.maxZoom ?? Math.max(...zooms);
  const bounds =
    options.bounds ??
    (() => {
      const deepest = tiles.filter((t) => t.z === maxZoom);
      return [
        Math.min(...deepest.map((t) => tileLng(t.x, t.z))),
        Math.min(...deepest.map((t) => tileLat(t.y + 1, t.z))),
        Math.max(...deepest.map((t) => tileLng(t.x + 1, t.z))),
        Math.max(...deepest.map((t) => tileLat(t.y, t.z))),
      ] as [number, number, number, number];
    })();
  const center = options.center ?? [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, minZoom];

  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leafOffset = metadataOffset + metadata.length;
  const dataOffset = leafOffset;
  const total = dataOffset + dataLength;

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('PMTiles'), 0);
  view.setUint8(7, 3);
  setUint64(view, 8, rootOffset);
  setUint64(view, 16, root.length);
  setUint64(view, 24, metadataOffset);
  setUint64(view, 32, metadata.length);
  setUint64(view, 40, leafOffset);
  setUint64(view, 48, 0);
  setUint64(view, 56, dataOffset);
  setUint64(view, 64, dataLength);
  setUint64(view, 72, ids.length); // addressed tiles
  setUint64(view, 80, entries.length); // tile entries
  setUint64(view, 88, stored.size); // tile contents
  view.setUint8(96, 1); // clustered
  view.setUint8(97, 2); // internal compression: gzip
  view.setUint8(98, gzip ? 2 : 1); // tile compression
  view.setUint8(99, 1); // tile type: MVT
  view.setUint8(100, minZoom);
  view.setUint8(101, maxZoom);
  const e7 = (v: number) => Math.round(v * 1e7);
  view.setInt32(102, e7(bounds[0]), true);
  view.setInt32(106, e7(bounds[1]), true);
  view.setInt32(110, e7(bounds[2]), true);
  view.setInt32(114, e7(bounds[3]), true);
  view.setUint8(118, center[2]);
  view.setInt32(119, e7(center[0]), true);
  view.setInt32(123, e7(center[1]), true);
  out.set(root, rootOffset);
  out.set(metadata, metadataOffset);
  let at = dataOffset;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
