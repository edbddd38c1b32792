// Street maps served by Apex (server/modules/tiles/): a real PMTiles archive built in the suite from a
// synthetic street grid around the demo offices (tests/helpers/street-grid.ts), served at
// /tiles/{z}/{x}/{y}.mvt with the archive's compression, long cache headers and ETags; 204 inside
// the archive where it has no tile, 404 outside, 400 for what is not a tile; the style over them; a
// signed-in caller only; and a missing or corrupt archive → 404 with a Message, one log line, no crash.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { findArchivePath } from '../../server/modules/tiles/archive';
import {
  accepts,
  loadStreetMap,
  NO_STREET_MAP,
  TILE_CACHE_CONTROL,
  TILE_CONTENT_TYPE,
} from '../../server/modules/tiles/routes';
import { countTiles, tilesIn } from '../../src/contract/tiles';
import { streetGridArchive, streetGridTiles } from '../helpers/street-grid';
import { createTestApp, type Session, type TestApp } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'apex-tiles-'));
const archivePath = join(dir, 'streets.pmtiles');
const tiles = streetGridTiles();
/** A valid header whose tile data runs past the end of the file (a download cut short). */
const truncated = join(dir, 'truncated.pmtiles');

/** The tile at a place and zoom (web mercator). */
function tileAt(lng: number, lat: number, z: number) {
  const r = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lng + 180) / 360) * 2 ** z),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z),
  };
}
const TORONTO = tileAt(-79.4, 43.66, 15);
const torontoUrl = `/tiles/${TORONTO.z}/${TORONTO.x}/${TORONTO.y}.mvt`;
const expectedMvt = () => {
  const t = tiles.find((t) => t.z === TORONTO.z && t.x === TORONTO.x && t.y === TORONTO.y);
  if (!t) throw new Error('the grid has no Toronto tile');
  return Buffer.from(t.data);
};

let t: TestApp;
let rep: Session;

beforeAll(async () => {
  const archive = streetGridArchive();
  writeFileSync(archivePath, archive);
  writeFileSync(truncated, archive.subarray(0, Math.floor(archive.length / 2)));
  t = await createTestApp({ mapTiles: archivePath });
  rep = await t.signIn('rep');
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: rep.cookie, ...headers } });

describe('tiles', () => {
  it('serves a street tile gzip-compressed as stored, with the vector tile content type', async () => {
    const res = await get(torontoUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(TILE_CONTENT_TYPE);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.rawPayload).equals(expectedMvt())).toBe(true);
  });

  it('decompresses for a client that does not accept gzip', async () => {
    for (const accept of [undefined, 'identity', 'br', 'gzip;q=0']) {
      const res = await get(torontoUrl, accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.rawPayload.equals(expectedMvt()), accept).toBe(true);
    }
  });

  it('long private cache headers and an ETag; If-None-Match → 304 with no body', async () => {
    const res = await get(torontoUrl, { 'accept-encoding': 'gzip' });
    expect(res.headers['cache-control']).toBe(TILE_CACHE_CONTROL);
    expect(res.headers['cache-control']).toMatch(/max-age=(\d{6,})/);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+-15-\d+-\d+-gzip"$/);
    const again = await get(torontoUrl, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another tile, or the plain representation of the same one, does not match.
    const plain = await get(torontoUrl, { 'if-none-match': etag });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
    const next = await get(`/tiles/15/${TORONTO.x + 1}/${TORONTO.y}.mvt`, { 'if-none-match': etag });
    expect(next.statusCode).toBe(200);
  });

  it('204 for a tile the archive lacks inside its bounds (between the cities)', async () => {
    const kansas = tileAt(-95, 40, 12);
    const res = await get(`/tiles/${kansas.z}/${kansas.x}/${kansas.y}.mvt`);
    expect(res.statusCode).toBe(204);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['cache-control']).toBe(TILE_CACHE_CONTROL);
  });

  it('404 with a Message outside the zoom range or the bounds', async () => {
    const deeper = tileAt(-79.4, 43.66, 16);
    const europe = tileAt(2.35, 48.85, 10);
    for (const url of [
      `/tiles/16/${deeper.x}/${deeper.y}.mvt`,
      `/tiles/10/${europe.x}/${europe.y}.mvt`,
      `/tiles/10/${tileAt(-79.4, 60, 10).x}/${tileAt(-79.4, 60, 10).y}.mvt`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().Message, url).toMatch(/zoom 0–15/);
    }
  });

  it('400 for what is not a tile address', async () => {
    for (const url of [
      '/tiles/abc/1/1.mvt',
      '/tiles/3/8/0.mvt', // x beyond 2^3 - 1
      '/tiles/3/0/8.mvt',
      '/tiles/31/0/0.mvt',
      '/tiles/3/1/1.png',
      '/tiles/3/-1/1.mvt',
      '/tiles/3/1/1.mvt.mvt',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().Message, url).toBe('string');
    }
  });

  it('needs a signed-in caller: session cookie or Bearer token; anonymous and bad credentials → 401', async () => {
    const bearer = await t.app.inject({
      method: 'GET',
      url: torontoUrl,
      headers: { authorization: `Bearer ${rep.token}` },
    });
    expect(bearer.statusCode).toBe(200);
    for (const headers of [
      {},
      { cookie: 'apex_session=not-a-session' },
      { authorization: 'Bearer not.a.token' },
    ] as Record<string, string>[]) {
      for (const url of [torontoUrl, '/tiles/style.json']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.rawPayload.includes(Buffer.from('roads'))).toBe(false);
      }
    }
  });
});

describe('extent (what saving an area for offline costs)', () => {
  const box = { west: -79.415, south: 43.655, east: -79.395, north: 43.668 };
  const query = (b: Record<string, number>) =>
    `/tiles/extent?${new URLSearchParams(Object.entries(b).map(([k, v]) => [k, String(v)]))}`;

  it('counts the tiles of an area within the archive’s zoom range and their size as sent', async () => {
    const res = await get(query({ ...box, minZoom: 10, maxZoom: 16 }));
    expect(res.statusCode).toBe(200);
    const extent = res.json();
    expect(extent).toMatchObject({ MinZoom: 10, MaxZoom: 15, Tiles: countTiles(box, 10, 15) });
    let bytes = 0;
    let stored = 0;
    for (const [z, x, y] of tilesIn(box, 10, 15)) {
      const tile = await get(`/tiles/${z}/${x}/${y}.mvt`, { 'accept-encoding': 'gzip' });
      if (tile.statusCode === 200) {
        stored++;
        bytes += tile.rawPayload.length;
      } else expect(tile.statusCode).toBe(204);
    }
    expect(stored).toBeGreaterThan(10);
    expect(extent.Stored).toBe(stored);
    expect(extent.Bytes).toBe(bytes);
  });

  it('an area with no streets costs nothing; bad or too large areas are 400', async () => {
    const empty = await get(
      query({ west: -96, south: 39, east: -95.9, north: 39.1, minZoom: 10, maxZoom: 12 }),
    );
    expect(empty.json()).toMatchObject({ Stored: 0, Bytes: 0 });
    expect(empty.json().Tiles).toBeGreaterThan(0);
    for (const bad of [
      { ...box, minZoom: 10 },
      { ...box, west: 200, minZoom: 10, maxZoom: 12 },
      { ...box, west: -79.3, east: -79.4, minZoom: 10, maxZoom: 12 },
      { west: -125, south: 30, east: -75, north: 52, minZoom: 0, maxZoom: 15 },
    ]) {
      const res = await get(query(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().Message).toBe('string');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: query({ ...box, minZoom: 10, maxZoom: 12 }) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('style', () => {
  it('a MapLibre style over this server’s tiles, English labels, no outside URL, no icons', async () => {
    const res = await get('/tiles/style.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const style = res.json();
    expect(style.version).toBe(8);
    expect(style.sources.protomaps).toMatchObject({
      type: 'vector',
      tiles: ['/tiles/{z}/{x}/{y}.mvt'],
      minzoom: 0,
      maxzoom: 15,
      attribution: 'Synthetic street grid (tests)',
    });
    // No glyphs or sprite: MapLibre draws label text with the device's font; nothing leaves the server.
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    const text = JSON.stringify(style);
    expect(text).not.toMatch(/https?:\/\//);
    expect(text).not.toContain('icon-image');
    const ids = style.layers.map((l: { id: string }) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['earth', 'water', 'roads_minor', 'roads_labels_minor']));
    expect(ids).not.toContain('pois');
    // English names first in the labels.
    expect(text).toContain('name:en');
  });

  it('revalidates with its ETag (304)', async () => {
    const res = await get('/tiles/style.json');
    const again = await get('/tiles/style.json', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('no archive, or one that cannot be read', () => {
  it('a corrupt archive: /tiles answers 404 with how to add streets, the app keeps working', async () => {
    const other = await createTestApp({ mapTiles: truncated });
    try {
      const s = await other.signIn('rep');
      const style = await other.app.inject({
        method: 'GET',
        url: '/tiles/style.json',
        headers: { cookie: s.cookie },
      });
      expect(style.statusCode).toBe(404);
      expect(style.json().Message).toBe(NO_STREET_MAP);
      expect(style.json().Message).toMatch(/MAP_TILES/);
      const tile = await other.app.inject({ method: 'GET', url: torontoUrl, headers: { cookie: s.cookie } });
      expect(tile.statusCode).toBe(404);
      // …and the rest of the server answers.
      const identity = await s.call({ method: 'GET', url: '/api/Home/identity' });
      expect(identity.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('logs exactly one clear line at start: what is served, or why nothing is', async () => {
    const lines = async (path: string | null) => {
      const out: { level: string; msg: string }[] = [];
      const log = {
        info: (msg: string) => out.push({ level: 'info', msg }),
        warn: (msg: string) => out.push({ level: 'warn', msg }),
      };
      const archive = await loadStreetMap(path, log as never);
      await archive?.close();
      return { out, served: archive !== null };
    };
    const none = await lines(null);
    expect(none.served).toBe(false);
    expect(none.out).toEqual([
      { level: 'info', msg: expect.stringMatching(/no PMTiles archive.*MAP_TILES/) },
    ]);
    const missing = await lines(join(dir, 'nope.pmtiles'));
    expect(missing.out).toEqual([
      { level: 'warn', msg: expect.stringMatching(/nope\.pmtiles: no such file/) },
    ]);
    const garbage = join(dir, 'text.pmtiles');
    writeFileSync(garbage, 'hello, this is not an archive');
    const bad = await lines(garbage);
    expect(bad.served).toBe(false);
    expect(bad.out).toEqual([
      { level: 'warn', msg: expect.stringMatching(/text\.pmtiles: .*not a PMTiles/) },
    ]);
    const cut = await lines(truncated);
    expect(cut.served).toBe(false);
    expect(cut.out).toEqual([{ level: 'warn', msg: expect.stringMatching(/truncated/) }]);
    const ok = await lines(archivePath);
    expect(ok.served).toBe(true);
    expect(ok.out).toEqual([
      { level: 'info', msg: expect.stringMatching(/serving .*streets\.pmtiles \(zoom 0–15/) },
    ]);
  });
});

describe('configuration', () => {
  it('MAP_TILES names a .pmtiles file; without it the first *.pmtiles in DATA_DIR/tiles/ by name', async () => {
    expect(loadConfig({ MAP_TILES: '/srv/maps/ontario.pmtiles' }).mapTiles).toBe('/srv/maps/ontario.pmtiles');
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(() => loadConfig({ MAP_TILES: '/srv/maps/ontario.mbtiles' })).toThrow(ConfigError);
    const data = mkdtempSync(join(tmpdir(), 'apex-data-'));
    expect(await findArchivePath(null, data)).toBeNull();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(data, 'tiles'));
    writeFileSync(join(data, 'tiles', 'readme.txt'), '');
    expect(await findArchivePath(null, data)).toBeNull();
    writeFileSync(join(data, 'tiles', 'b-region.pmtiles'), '');
    writeFileSync(join(data, 'tiles', 'a-region.PMTILES'), '');
    expect(await findArchivePath(null, data)).toBe(join(data, 'tiles', 'a-region.PMTILES'));
    expect(await findArchivePath('/x/y.pmtiles', data)).toBe('/x/y.pmtiles');
  });

  it('Accept-Encoding with q-values', () => {
    expect(accepts('gzip, br', 'gzip')).toBe(true);
    expect(accepts('br;q=1, gzip;q=0', 'gzip')).toBe(false);
    expect(accepts('*', 'gzip')).toBe(true);
    expect(accepts('identity', 'gzip')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });
});
