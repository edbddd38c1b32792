// The map's base: with no style URL configured, a style that needs no outside service (North
// American land, lakes, country and state/province boundaries from Natural Earth 1:50m, shipped under
// public/basemap/ by scripts/build-basemap.ts); with VITE_MAP_STYLE_URL set at build time, that style
// (real street tiles, cached by the service worker once seen). Pure.

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
