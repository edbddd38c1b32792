// The map's base: with no style URL configured, a style that needs no outside service (North
// American land, lakes, country and state/province boundaries from Natural Earth 1:50m, shipped under
// public/basemap/ by scripts/build-basemap.ts); with VITE_MAP_STYLE_URL set at build time, that style
// (real street tiles, cached by the service worker once seen). With none, the streets Apex serves
// itself (`/tiles/style.json`, from an operator's PMTiles archive) laid over the offline basemap, when
// the server has them.

export const BASEMAP_URL = '/basemap/north-america.geojson';

export interface BasemapStyle {
  version: 8;
  sources: Record<string, { type: 'geojson'; data: string; attribution?: string }>;
  layers: Record<string, unknown>[];
}

/** The offline basemap style (`origin`: absolute URLs for the worker). */
export function offlineBasemapStyle(origin: string): BasemapStyle {
  return {
    version: 8,
    sources: {
      basemap: {
        type: 'geojson',
        data: new URL(BASEMAP_URL, origin).href,
        attribution: 'Natural Earth',
      },
    },
    layers: [
      { id: 'basemap-water', type: 'background', paint: { 'background-color': '#d6e4ee' } },
      {
        id: 'basemap-land',
        type: 'fill',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': '#f4f3ee' },
      },
      {
        id: 'basemap-lakes',
        type: 'fill',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'water'],
        paint: { 'fill-color': '#d6e4ee' },
      },
      {
        id: 'basemap-admin1',
        type: 'line',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'admin1'],
        paint: { 'line-color': '#9aa5b1', 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'basemap-country',
        type: 'line',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'country'],
        paint: { 'line-color': '#6b7785', 'line-width': 1.6 },
      },
    ],
  };
}

/** The configured street style URL, if any (trimmed; empty means none). */
export function configuredStyleUrl(value: string | undefined): string | null {
  const url = value?.trim();
  return url ? url : null;
}

/** The street map's style, served by Apex when an archive is installed (server/modules/tiles/). */
export const STREET_STYLE_URL = '/tiles/style.json';

interface StreetStyleJson {
  version: 8;
  sources: Record<string, { type: string; tiles?: string[]; [key: string]: unknown }>;
  layers: { id: string; [key: string]: unknown }[];
}

/** What the map draws on: Apex's streets over the offline basemap, or the offline basemap alone. */
export interface ResolvedBasemap {
  kind: 'streets' | 'natural-earth';
  style: { version: 8; sources: Record<string, unknown>; layers: Record<string, unknown>[] };
  /** The server's answer when it has no street map (a 404's Message): shown to administrators. */
  missing: string | null;
}

/**
 * The street style laid over the offline basemap: where a street tile is not at hand (offline,
 * outside the saved area) the Natural Earth land and water still show. Relative tile URLs are made
 * absolute (the map's worker resolves nothing); the street style's own background is dropped.
 */
export function combineStreetStyle(street: StreetStyleJson, origin: string): ResolvedBasemap['style'] {
  const base = offlineBasemapStyle(origin);
  const absolute = (u: string) => (u.startsWith('/') ? `${origin}${u}` : u);
  const sources: Record<string, unknown> = { ...base.sources };
  for (const [id, source] of Object.entries(street.sources))
    sources[id] = source.tiles ? { ...source, tiles: source.tiles.map(absolute) } : source;
  return {
    version: 8,
    sources,
    layers: [...base.layers, ...street.layers.filter((l) => l.id !== 'background')],
  };
}

/**
 * Asks Apex for its street style (signed-in: the session cookie goes with it). No street map (404),
 * no answer within `timeoutMs` or no connection: the offline basemap.
 */
export async function resolveBasemapStyle(
  origin: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 4000,
): Promise<ResolvedBasemap> {
  const fallback = (missing: string | null): ResolvedBasemap => ({
    kind: 'natural-earth',
    style: offlineBasemapStyle(origin) as unknown as ResolvedBasemap['style'],
    missing,
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(`${origin}${STREET_STYLE_URL}`, {
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (res.status === 404) {
      const body = (await res.json().catch(() => null)) as { Message?: unknown } | null;
      return fallback(typeof body?.Message === 'string' ? body.Message : '');
    }
    if (!res.ok) return fallback(null);
    const street = (await res.json()) as StreetStyleJson;
    if (street?.version !== 8 || !street.sources || !Array.isArray(street.layers)) return fallback(null);
    return { kind: 'streets', style: combineStreetStyle(street, origin), missing: null };
  } catch {
    return fallback(null);
  } finally {
    clearTimeout(timer);
  }
}
