// "Save map for offline" (src/features/leads/offline-streets.ts): every tile of the area is fetched
// and kept in the service worker's street cache, what was saved is remembered, and a lack of space —
// known beforehand or met while saving — is reported, never silently half done.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countTiles, type TileExtent } from '../../../src/contract/tiles';
import {
  formatBytes,
  keepStreets,
  padBox,
  STREETS_CACHE,
  StreetsQuotaError,
  savedStreets,
  saveStreets,
} from '../../../src/features/leads/offline-streets';
import { boxAround, territoriesBox } from '../../../src/features/leads/territory-box';

const BOX = { west: -79.415, south: 43.655, east: -79.395, north: 43.668 };

function extentOf(minZoom: number, maxZoom: number, bytes = 1000): TileExtent {
  const tiles = countTiles(BOX, minZoom, maxZoom);
  return { MinZoom: minZoom, MaxZoom: maxZoom, Tiles: tiles, Stored: tiles, Bytes: bytes };
}

class FakeCache {
  readonly kept = new Map<string, number>();
  constructor(private readonly room = Number.POSITIVE_INFINITY) {}
  async put(url: string, res: Response) {
    if (this.kept.size >= this.room) throw new DOMException('full', 'QuotaExceededError');
    this.kept.set(url, res.status);
  }
}

function storage(cache: FakeCache) {
  const opened: string[] = [];
  return {
    opened,
    storage: {
      open: async (name: string) => {
        opened.push(name);
        return cache;
      },
    } as unknown as CacheStorage,
  };
}

const fetched: string[] = [];
const fetchImpl = (async (url: string) => {
  fetched.push(url);
  // Odd x: nothing there (204).
  const x = Number(url.split('/')[3]);
  return x % 2
    ? new Response(null, { status: 204 })
    : new Response(new Uint8Array([1, 2, 3]), { status: 200 });
}) as unknown as typeof fetch;

beforeEach(() => {
  fetched.length = 0;
  localStorage.clear();
});

describe('save map for offline', () => {
  it('fetches every tile of the area once and keeps it (empty ones too) in the street cache', async () => {
    const cache = new FakeCache();
    const { opened, storage: cacheStorage } = storage(cache);
    const progress: number[] = [];
    const extent = extentOf(10, 15, 4_000_000);
    const saved = await saveStreets({
      userId: '7',
      label: 'Toronto West End',
      box: BOX,
      extent,
      fetchImpl,
      cacheStorage,
      estimate: async () => ({ quota: 1e9, usage: 0 }),
      onProgress: (done) => progress.push(done),
    });
    expect(opened).toEqual([STREETS_CACHE]);
    expect(fetched.length).toBe(extent.Tiles);
    expect(new Set(fetched).size).toBe(extent.Tiles);
    expect(fetched.every((u) => /^\/tiles\/(1[0-5])\/\d+\/\d+\.mvt$/.test(u))).toBe(true);
    expect(cache.kept.size).toBe(extent.Tiles);
    expect([...cache.kept.values()]).toEqual(expect.arrayContaining([200, 204]));
    expect(progress.at(-1)).toBe(extent.Tiles);
    expect(saved).toMatchObject({ label: 'Toronto West End', minZoom: 10, maxZoom: 15, tiles: extent.Tiles });
    expect(savedStreets('7')).toEqual([saved]);
    expect(savedStreets('8')).toEqual([]);
  });

  it('refuses before fetching anything when the device lacks the space', async () => {
    const cache = new FakeCache();
    const err = await saveStreets({
      userId: '7',
      label: 'West End',
      box: BOX,
      extent: extentOf(10, 12, 50 * 1024 * 1024),
      fetchImpl,
      cacheStorage: storage(cache).storage,
      estimate: async () => ({ quota: 60 * 1024 * 1024, usage: 20 * 1024 * 1024 }),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreetsQuotaError);
    expect((err as StreetsQuotaError).free).toBe(40 * 1024 * 1024);
    expect(fetched).toEqual([]);
    expect(savedStreets('7')).toEqual([]);
  });

  it('stops on a quota error while saving and says how far it got', async () => {
    const cache = new FakeCache(5);
    const err = await saveStreets({
      userId: '7',
      label: 'West End',
      box: BOX,
      extent: extentOf(10, 15),
      fetchImpl,
      cacheStorage: storage(cache).storage,
      estimate: async () => ({ quota: 1e9, usage: 0 }),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreetsQuotaError);
    expect((err as StreetsQuotaError).saved).toBeLessThanOrEqual(5);
    expect(savedStreets('7')).toEqual([]);
  });

  it('a box around the territories; sizes as people read them', () => {
    expect(
      boxAround([
        [
          [-79.41, 43.66],
          [-79.4, 43.65],
        ],
        [[-79.42, 43.67]],
      ]),
    ).toEqual({ west: -79.42, south: 43.65, east: -79.4, north: 43.67 });
    expect(boxAround([])).toBeNull();
    // A group's territories, polygons and multipolygons alike (the area "Save map for offline" keeps).
    const square = (w: number, s: number, size: number): [number, number][][] => [
      [
        [w, s],
        [w + size, s],
        [w + size, s + size],
        [w, s],
      ],
    ];
    expect(
      territoriesBox([
        { Polygon: { type: 'Polygon', coordinates: square(-79.42, 43.65, 0.01) } },
        {
          Polygon: {
            type: 'MultiPolygon',
            coordinates: [square(-79.4, 43.66, 0.005), square(-79.39, 43.64, 0.002)],
          },
        },
      ]),
    ).toEqual({ west: -79.42, south: 43.64, east: -79.388, north: 43.665 });
    expect(territoriesBox([])).toBeNull();
    expect(formatBytes(38 * 1024 * 1024)).toBe('38 MB');
    expect(formatBytes(3.84 * 1024 * 1024)).toBe('3.8 MB');
    expect(formatBytes(640 * 1024)).toBe('640 KB');
  });
});

describe('streets kept when preparing the device for offline', () => {
  /** A server whose street map holds 1 MB per zoom level from zoom 10 to 15 in this box. */
  function server(opts: { style?: number } = {}) {
    const asked: string[] = [];
    const impl = (async (url: string) => {
      asked.push(url);
      if (url === '/tiles/style.json') return new Response('{}', { status: opts.style ?? 200 });
      if (url.startsWith('/tiles/extent')) {
        const q = new URLSearchParams(url.split('?')[1]);
        const min = Number(q.get('minZoom'));
        const max = Math.min(15, Number(q.get('maxZoom')));
        const body = {
          MinZoom: min,
          MaxZoom: max,
          Tiles: countTiles(BOX, min, max),
          Stored: 1,
          Bytes: (max - min + 1) * 1024 * 1024,
        };
        return new Response(JSON.stringify(body), { status: 200 });
      }
      return new Response(new Uint8Array([1]), { status: 200 });
    }) as unknown as typeof fetch;
    return { asked, impl };
  }

  it('nothing when the server has no street map', async () => {
    const s = server({ style: 404 });
    expect(await keepStreets({ userId: '7', label: 'West End', box: BOX, fetchImpl: s.impl })).toBeNull();
    expect(s.asked).toEqual(['/tiles/style.json']);
  });

  it('drops the deepest zoom levels until the area fits the budget, then not again for a week', async () => {
    const s = server();
    const cache = new FakeCache();
    vi.stubGlobal('caches', storage(cache).storage);
    try {
      const saved = await keepStreets({
        userId: '7',
        label: 'West End',
        box: BOX,
        fetchImpl: s.impl,
        budget: 3.5 * 1024 * 1024,
        now: 1_000,
      });
      expect(saved).toMatchObject({ minZoom: 10, maxZoom: 12, bytes: 3 * 1024 * 1024 });
      expect(cache.kept.size).toBe(countTiles(BOX, 10, 12));
      const again = server();
      const second = await keepStreets({
        userId: '7',
        label: 'West End',
        box: BOX,
        fetchImpl: again.impl,
        now: 2_000,
      });
      expect(saved?.savedAt).toBe(1_000);
      expect(second?.savedAt).toBe(1_000);
      expect(again.asked).toEqual(['/tiles/style.json']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the area saved around territories', () => {
  it('half their size again on every side, at least about a kilometre', () => {
    const box = padBox({ west: -79.42, south: 43.65, east: -79.4, north: 43.67 });
    expect(box.west).toBeCloseTo(-79.432, 9);
    expect(box.east).toBeCloseTo(-79.388, 9);
    expect(box.south).toBeCloseTo(43.64, 9);
    expect(box.north).toBeCloseTo(43.68, 9);
    const wide = padBox({ west: -80, south: 43, east: -79, north: 44 });
    expect(wide).toEqual({ west: -80.5, south: 42.5, east: -78.5, north: 44.5 });
  });
});
