// The test archive writer (tests/helpers/pmtiles-writer.ts), checked by reading its output back with
// the `pmtiles` library that the server uses: header fields, every tile's bytes, run lengths,
// de-duplicated contents, metadata, and the synthetic street grid built on it.
import { gunzipSync } from 'node:zlib';
import { Compression, PMTiles, type RangeResponse, type Source, TileType, zxyToTileId } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { HEADER_BYTES, serializeDirectory, writePmtiles, writeVarint } from '../helpers/pmtiles-writer';
import { GRID_CITIES, streetGridArchive, streetGridTiles } from '../helpers/street-grid';

class BytesSource implements Source {
  constructor(private readonly bytes: Uint8Array) {}
  getKey() {
    return 'memory';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const slice = this.bytes.slice(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) };
  }
}

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('PMTiles writer', () => {
  it('writes unsigned LEB128 varints', () => {
    const enc = (v: number) => {
      const out: number[] = [];
      writeVarint(out, v);
      return out;
    };
    expect(enc(0)).toEqual([0]);
    expect(enc(127)).toEqual([127]);
    expect(enc(128)).toEqual([0x80, 0x01]);
    expect(enc(300)).toEqual([0xac, 0x02]);
    expect(enc(2 ** 35)).toEqual([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]);
    expect(() => enc(-1)).toThrow();
  });

  it('serialises a directory column by column, offsets 0 when contiguous', () => {
    const dir = serializeDirectory([
      { tileId: 5, offset: 0, length: 10, runLength: 1 },
      { tileId: 6, offset: 10, length: 4, runLength: 3 },
      { tileId: 20, offset: 0, length: 10, runLength: 1 },
    ]);
    // count; id deltas 5,1,14; run lengths; lengths; offsets: first+1, contiguous 0, back to 0 → 1
    expect([...dir]).toEqual([3, 5, 1, 14, 1, 3, 1, 10, 4, 10, 1, 0, 1]);
  });

  it('writes an archive the pmtiles library reads back tile by tile', async () => {
    const tiles = [
      { z: 0, x: 0, y: 0, data: bytes(1, 2, 3) },
      { z: 1, x: 0, y: 0, data: bytes(9, 9) },
      { z: 1, x: 0, y: 1, data: bytes(9, 9) }, // same content, next tile id: one run
      { z: 1, x: 1, y: 1, data: bytes(9, 9) },
      { z: 2, x: 3, y: 1, data: bytes(1, 2, 3) }, // same content as z0, not adjacent: stored once
      { z: 2, x: 1, y: 2, data: bytes(7) },
    ];
    const archive = writePmtiles(tiles, { metadata: { name: 'tiny', attribution: 'me' } });
    expect(new TextDecoder().decode(archive.slice(0, 7))).toBe('PMTiles');
    const reader = new PMTiles(new BytesSource(archive));
    const h = await reader.getHeader();
    expect(h.specVersion).toBe(3);
    expect(h.rootDirectoryOffset).toBe(HEADER_BYTES);
    expect(h.tileType).toBe(TileType.Mvt);
    expect(h.tileCompression).toBe(Compression.Gzip);
    expect(h.internalCompression).toBe(Compression.Gzip);
    expect([h.minZoom, h.maxZoom]).toEqual([0, 2]);
    expect(h.clustered).toBe(true);
    expect(h.numAddressedTiles).toBe(6);
    expect(h.numTileContents).toBe(3);
    // z1 (0,0), (0,1), (1,1) are Hilbert ids 1, 2, 3: one entry with run length 3.
    expect([zxyToTileId(1, 0, 0), zxyToTileId(1, 0, 1), zxyToTileId(1, 1, 1)]).toEqual([1, 2, 3]);
    expect(h.numTileEntries).toBe(4);
    expect(h.tileDataOffset + (h.tileDataLength ?? 0)).toBe(archive.length);
    for (const t of tiles) {
      const got = await reader.getZxy(t.z, t.x, t.y);
      expect(got && [...new Uint8Array(got.data)], `${t.z}/${t.x}/${t.y}`).toEqual([...t.data]);
    }
    expect(await reader.getZxy(1, 1, 0)).toBeUndefined();
    expect(await reader.getZxy(2, 0, 0)).toBeUndefined();
    expect(await reader.getMetadata()).toEqual({ name: 'tiny', attribution: 'me' });
  });

  it('stores the tiles gzip-compressed as the header says, or plain', async () => {
    const tiles = [{ z: 0, x: 0, y: 0, data: bytes(4, 5, 6, 7) }];
    const gz = writePmtiles(tiles);
    const h = await new PMTiles(new BytesSource(gz)).getHeader();
    const stored = gz.slice(h.tileDataOffset, h.tileDataOffset + (h.tileDataLength ?? 0));
    expect([...gunzipSync(stored)]).toEqual([4, 5, 6, 7]);
    const plain = writePmtiles(tiles, { tileCompression: 'none' });
    const hp = await new PMTiles(new BytesSource(plain)).getHeader();
    expect(hp.tileCompression).toBe(Compression.None);
    expect([...plain.slice(hp.tileDataOffset)]).toEqual([4, 5, 6, 7]);
  });

  it('bounds and center from the options, as e7 integers', async () => {
    const archive = writePmtiles([{ z: 3, x: 2, y: 2, data: bytes(1) }], {
      bounds: [-79.5, 43.5, -79.25, 43.75],
      center: [-79.4, 43.66, 12],
    });
    const h = await new PMTiles(new BytesSource(archive)).getHeader();
    expect([h.minLon, h.minLat, h.maxLon, h.maxLat]).toEqual([-79.5, 43.5, -79.25, 43.75]);
    expect([h.centerLon, h.centerLat, h.centerZoom]).toEqual([-79.4, 43.66, 12]);
  });

  it('the street grid around the demo offices reads back, with streets at street zoom', async () => {
    const tiles = streetGridTiles({ maxZoom: 15 });
    const archive = streetGridArchive({ maxZoom: 15 });
    const reader = new PMTiles(new BytesSource(archive));
    const h = await reader.getHeader();
    expect([h.minZoom, h.maxZoom]).toEqual([0, 15]);
    expect(h.numAddressedTiles).toBe(tiles.length);
    for (const city of GRID_CITIES) {
      const lat = (city.lat * Math.PI) / 180;
      const x = Math.floor(((city.lng + 180) / 360) * 2 ** 15);
      const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** 15);
      const got = await reader.getZxy(15, x, y);
      const want = tiles.find((t) => t.z === 15 && t.x === x && t.y === y);
      expect(want, city.name).toBeDefined();
      const body = Buffer.from(got ? new Uint8Array(got.data) : new Uint8Array());
      expect(body.equals(Buffer.from(want?.data ?? [])), city.name).toBe(true);
      // A vector tile with a "roads" layer naming the city's streets.
      expect(body.includes(Buffer.from('roads'))).toBe(true);
      expect(body.includes(Buffer.from(`${city.name} Street`))).toBe(true);
    }
  });
});
