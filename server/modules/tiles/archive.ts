// The street-map archive: one PMTiles v3 file (an OpenStreetMap extract in the Protomaps schema) read
// with the `pmtiles` library over a file handle. Header and directories are parsed (and cached) by the
// library; a tile's bytes are handed out as stored, still compressed, so the server can send them with
// the archive's Content-Encoding and never recompress.
import { createHash } from 'node:crypto';
import { type FileHandle, open, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  Compression,
  findTile,
  type Header,
  PMTiles,
  type RangeResponse,
  SharedPromiseCache,
  type Source,
  TileType,
  zxyToTileId,
} from 'pmtiles';

/** A `pmtiles` Source over an open file: byte ranges read with fs. */
export class FileHandleSource implements Source {
  constructor(
    private readonly handle: FileHandle,
    private readonly key: string,
    private readonly size: number,
  ) {}

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const wanted = Math.max(0, Math.min(length, this.size - offset));
    const buffer = Buffer.alloc(wanted);
    let read = 0;
    while (read < wanted) {
      const { bytesRead } = await this.handle.read(buffer, read, wanted - read, offset + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    // A fresh ArrayBuffer of exactly the bytes read (Buffer.alloc may share a pool).
    const data = new ArrayBuffer(read);
    new Uint8Array(data).set(buffer.subarray(0, read));
    return { data };
  }
}

/** What a tile request finds. */
export type TileLookup =
  | { kind: 'tile'; data: Uint8Array }
  /** Inside the archive's zoom range and bounds, but no tile stored there (sea, empty land). */
  | { kind: 'empty' }
  /** Outside the archive's zoom range or bounds. */
  | { kind: 'outside' };

export interface ArchiveInfo {
  path: string;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] */
  bounds: [number, number, number, number];
  center: [number, number, number];
  /** Compression of the stored tiles: 'gzip', 'br' or null (stored plain). */
  encoding: 'gzip' | 'br' | null;
  /** Identifies this archive's content for ETags (file size and modification time). */
  etag: string;
  /** Attribution from the archive's metadata, if any. */
  attribution: string | null;
}

/** Longitude/latitude of a tile corner (web mercator). */
function tileLng(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}
function tileLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

export class TileArchive {
  private constructor(
    readonly info: ArchiveInfo,
    private readonly cache: SharedPromiseCache,
    private readonly header: Header,
    private readonly source: FileHandleSource,
    private readonly handle: FileHandle,
  ) {}

  /** Opens and checks an archive; throws an Error with a readable message when it is not usable. */
  static async open(path: string): Promise<TileArchive> {
    const full = resolve(path);
    const stats = await stat(full);
    if (!stats.isFile()) throw new Error('not a file');
    const handle = await open(full, 'r');
    try {
      const source = new FileHandleSource(handle, full, stats.size);
      const cache = new SharedPromiseCache(200);
      let header: Header;
      try {
        header = await cache.getHeader(source);
      } catch (err) {
        throw new Error(`not a PMTiles v3 archive (${(err as Error).message})`);
      }
      if (header.specVersion !== 3) throw new Error(`PMTiles spec version ${header.specVersion}, not 3`);
      if (header.tileType !== TileType.Mvt) throw new Error('its tiles are not vector tiles (MVT)');
      const encoding =
        header.tileCompression === Compression.Gzip
          ? 'gzip'
          : header.tileCompression === Compression.Brotli
            ? 'br'
            : header.tileCompression === Compression.None
              ? null
              : undefined;
      if (encoding === undefined) throw new Error(`unsupported tile compression ${header.tileCompression}`);
      if (header.tileDataOffset + (header.tileDataLength ?? 0) > stats.size)
        throw new Error('the file is truncated (tile data runs past its end)');
      const archive = new TileArchive(
        {
          path: full,
          minZoom: header.minZoom,
          maxZoom: header.maxZoom,
          bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
          center: [header.centerLon, header.centerLat, header.centerZoom],
          encoding,
          etag: createHash('sha256')
            .update(`${full}|${stats.size}|${stats.mtimeMs}`)
            .digest('base64url')
            .slice(0, 16),
          attribution: null,
        },
        cache,
        header,
        source,
        handle,
      );
      // Reads the root directory once now, so a corrupt one is found at start, not on a request.
      await archive.cache.getDirectory(
        source,
        header.rootDirectoryOffset,
        header.rootDirectoryLength,
        header,
      );
      archive.info.attribution = await archive.readAttribution();
      return archive;
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  private async readAttribution(): Promise<string | null> {
    try {
      const meta = (await new PMTiles(this.source, this.cache).getMetadata()) as { attribution?: unknown };
      return typeof meta.attribution === 'string' ? meta.attribution : null;
    } catch {
      return null;
    }
  }

  /** Whether tile z/x/y lies inside the archive's zoom range and bounds. */
  covers(z: number, x: number, y: number): boolean {
    const { minZoom, maxZoom, bounds } = this.info;
    if (z < minZoom || z > maxZoom) return false;
    const [west, south, east, north] = bounds;
    // An archive with no usable bounds covers the whole world.
    if (!(west < east && south < north)) return true;
    return (
      tileLng(x + 1, z) > west && tileLng(x, z) < east && tileLat(y, z) > south && tileLat(y + 1, z) < north
    );
  }

  /** Where tile z/x/y is stored (its entry), or null when the archive has none. */
  private async entry(z: number, x: number, y: number): Promise<{ offset: number; length: number } | null> {
    const id = zxyToTileId(z, x, y);
    const h = this.header;
    let offset = h.rootDirectoryOffset;
    let length = h.rootDirectoryLength;
    for (let depth = 0; depth <= 3; depth++) {
      const entries = await this.cache.getDirectory(this.source, offset, length, h);
      const entry = findTile(entries, id);
      if (!entry) return null;
      if (entry.runLength > 0) return { offset: h.tileDataOffset + entry.offset, length: entry.length };
      offset = h.leafDirectoryOffset + entry.offset;
      length = entry.length;
    }
    throw new Error('maximum directory depth exceeded');
  }

  /** The stored size of tile z/x/y (0 when absent or outside), without reading it. */
  async storedSize(z: number, x: number, y: number): Promise<number> {
    if (!this.covers(z, x, y)) return 0;
    return (await this.entry(z, x, y))?.length ?? 0;
  }

  /** The stored (compressed) bytes of tile z/x/y. */
  async tile(z: number, x: number, y: number): Promise<TileLookup> {
    if (!this.covers(z, x, y)) return { kind: 'outside' };
    const found = await this.entry(z, x, y);
    if (!found) return { kind: 'empty' };
    const bytes = await this.source.getBytes(found.offset, found.length);
    if (bytes.data.byteLength !== found.length) throw new Error('tile data runs past the end of the file');
    return { kind: 'tile', data: new Uint8Array(bytes.data) };
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

/** The archive to serve: MAP_TILES, or else the first *.pmtiles (by name) in `DATA_DIR/tiles/`. */
export async function findArchivePath(mapTiles: string | null, dataDir: string): Promise<string | null> {
  if (mapTiles) return resolve(mapTiles);
  const dir = join(dataDir, 'tiles');
  try {
    const names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith('.pmtiles')).sort();
    return names.length ? resolve(dir, names[0]) : null;
  } catch {
    return null;
  }
}
