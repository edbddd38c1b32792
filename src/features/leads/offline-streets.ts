// "Save map for offline": the street tiles of an area (the rep's territories), from zoom 10 to street
// level, fetched once and kept in the service worker's street cache (`apex-streets`, sw/sw.ts), which
// then serves them with no signal and refreshes them in the background as they age. Before saving,
// the server says what it costs (`/tiles/extent`); the device's free space is checked first and a
// quota error while saving stops with what was kept. What was saved is remembered per user on the
// device (local storage) for the map's offline state.
import { type TileBox, TileExtent, tilesIn } from '../../contract/tiles';

/** The service worker's street cache (sw/sw.ts STREETS_CACHE). */
export const STREETS_CACHE = 'apex-streets';
/** Zoom levels saved: the city down to street level (the archive's own range limits it further). */
export const OFFLINE_MIN_ZOOM = 10;
export const OFFLINE_MAX_ZOOM = 16;
/** The most one area may take on the device. */
export const STREETS_BUDGET_BYTES = 100 * 1024 * 1024;
/** Tiles fetched at once while saving. */
const PARALLEL = 4;

export class StreetsQuotaError extends Error {
  constructor(
    readonly needed: number,
    readonly free: number | null,
    readonly saved: number,
  ) {
    super('Not enough space on this device for the street map.');
  }
}

export interface SavedStreets {
  label: string;
  box: TileBox;
  minZoom: number;
  maxZoom: number;
  tiles: number;
  bytes: number;
  savedAt: number;
}

const savedKey = (userId: string) => `apex.streets.saved:${userId}`;

/** The areas this user saved on this device, newest first. */
export function savedStreets(userId: string): SavedStreets[] {
  try {
    const list = JSON.parse(localStorage.getItem(savedKey(userId)) ?? '[]') as SavedStreets[];
    return Array.isArray(list) ? list.sort((a, b) => b.savedAt - a.savedAt) : [];
  } catch {
    return [];
  }
}

function remember(userId: string, saved: SavedStreets): void {
  const others = savedStreets(userId).filter((s) => s.label !== saved.label);
  localStorage.setItem(savedKey(userId), JSON.stringify([saved, ...others].slice(0, 10)));
}

/**
 * The area to save around some territories: half their size again on every side (at least ~1 km), so
 * a rep at a territory's edge still sees the streets across it.
 */
export function padBox(box: TileBox): TileBox {
  const dx = Math.max(0.012, (box.east - box.west) / 2);
  const dy = Math.max(0.009, (box.north - box.south) / 2);
  return {
    west: Math.max(-180, box.west - dx),
    east: Math.min(180, box.east + dx),
    south: Math.max(-85, box.south - dy),
    north: Math.min(85, box.north + dy),
  };
}

/** "3.8 MB", "640 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What saving `box` costs, as the server counts it. */
export async function estimateStreets(
  box: TileBox,
  fetchImpl: typeof fetch = fetch,
  zooms: { min: number; max: number } = { min: OFFLINE_MIN_ZOOM, max: OFFLINE_MAX_ZOOM },
): Promise<TileExtent> {
  const q = new URLSearchParams({
    west: String(box.west),
    south: String(box.south),
    east: String(box.east),
    north: String(box.north),
    minZoom: String(zooms.min),
    maxZoom: String(zooms.max),
  });
  const res = await fetchImpl(`/tiles/extent?${q}`, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { Message?: string } | null;
    throw new Error(body?.Message ?? `The street map answered ${res.status}.`);
  }
  return TileExtent.parse(await res.json());
}

export interface SaveOptions {
  userId: string;
  label: string;
  box: TileBox;
  extent: TileExtent;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  cacheStorage?: CacheStorage;
  /** navigator.storage.estimate, when the browser has it. */
  estimate?: () => Promise<StorageEstimate>;
  /** The time recorded as saved (default now). */
  now?: number;
}

const isQuotaError = (err: unknown) =>
  err instanceof DOMException && (err.name === 'QuotaExceededError' || err.code === 22);

/** Fetches and keeps every tile of the area; resolves with what was saved. */
export async function saveStreets(opts: SaveOptions): Promise<SavedStreets> {
  const { extent, box } = opts;
  const fetchImpl = opts.fetchImpl ?? fetch;
  const estimate =
    opts.estimate ??
    (typeof navigator !== 'undefined' && navigator.storage?.estimate
      ? () => navigator.storage.estimate()
      : null);
  if (extent.Bytes > STREETS_BUDGET_BYTES) throw new StreetsQuotaError(extent.Bytes, STREETS_BUDGET_BYTES, 0);
  if (estimate) {
    const { quota, usage } = await estimate();
    if (quota !== undefined && usage !== undefined && quota - usage < extent.Bytes * 1.2)
      throw new StreetsQuotaError(extent.Bytes, Math.max(0, quota - usage), 0);
  }
  const cache = await (opts.cacheStorage ?? caches).open(STREETS_CACHE);
  const tiles = [...tilesIn(box, extent.MinZoom, extent.MaxZoom)];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < tiles.length) {
      opts.signal?.throwIfAborted();
      const [z, x, y] = tiles[next++];
      const url = `/tiles/${z}/${x}/${y}.mvt`;
      const res = await fetchImpl(url, { credentials: 'same-origin', signal: opts.signal });
      if (res.status !== 200 && res.status !== 204 && res.status !== 404)
        throw new Error(`The street map answered ${res.status} for ${url}.`);
      if (res.status !== 404) {
        try {
          await cache.put(url, res);
        } catch (err) {
          if (isQuotaError(err)) throw new StreetsQuotaError(extent.Bytes, null, done);
          throw err;
        }
      }
      done++;
      opts.onProgress?.(done, tiles.length);
    }
  };
  // The first failure stops every worker (no more fetches behind an error).
  const guarded = () =>
    worker().catch((err: unknown) => {
      next = tiles.length;
      throw err;
    });
  await Promise.all(Array.from({ length: Math.min(PARALLEL, tiles.length) }, guarded));
  const saved: SavedStreets = {
    label: opts.label,
    box,
    minZoom: extent.MinZoom,
    maxZoom: extent.MaxZoom,
    tiles: done,
    bytes: extent.Bytes,
    savedAt: opts.now ?? Date.now(),
  };
  remember(opts.userId, saved);
  return saved;
}

/** What preparing the device for offline may spend on streets without asking. */
export const AUTO_STREETS_BUDGET_BYTES = 30 * 1024 * 1024;
/** A saved area younger than this is not saved again (the service worker refreshes aging tiles). */
const RESAVE_AFTER_MS = 7 * 86_400_000;

/**
 * Preparing the device for offline (src/features/leads/offline-ready.ts): the streets of `box` within
 * `budget`, dropping the deepest zoom levels until it fits. Nothing when the server has no street map
 * or the same area was saved lately. A lack of space is thrown as a QuotaExceededError (the readiness
 * list reports a full device).
 */
export async function keepStreets(opts: {
  userId: string;
  label: string;
  box: TileBox;
  signal?: AbortSignal;
  budget?: number;
  now?: number;
  fetchImpl?: typeof fetch;
}): Promise<SavedStreets | null> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const budget = opts.budget ?? AUTO_STREETS_BUDGET_BYTES;
  const now = opts.now ?? Date.now();
  const style = await fetchImpl('/tiles/style.json', { credentials: 'same-origin', signal: opts.signal });
  if (style.status === 404) return null;
  if (!style.ok) throw new Error(`The street map answered ${style.status}.`);
  const same = savedStreets(opts.userId).find(
    (s) => s.label === opts.label && JSON.stringify(s.box) === JSON.stringify(opts.box),
  );
  if (same && now - same.savedAt < RESAVE_AFTER_MS) return same;
  let max = OFFLINE_MAX_ZOOM;
  let extent = await estimateStreets(opts.box, fetchImpl, { min: OFFLINE_MIN_ZOOM, max });
  while (extent.Bytes > budget && max > OFFLINE_MIN_ZOOM) {
    max = Math.min(max, extent.MaxZoom) - 1;
    extent = await estimateStreets(opts.box, fetchImpl, { min: OFFLINE_MIN_ZOOM, max });
  }
  if (extent.Bytes > budget || extent.Tiles === 0) return null;
  try {
    return await saveStreets({ ...opts, extent, fetchImpl, now });
  } catch (err) {
    if (err instanceof StreetsQuotaError) throw new DOMException(err.message, 'QuotaExceededError');
    throw err;
  }
}
