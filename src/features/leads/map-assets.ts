// The map's files that are not code chunks: its worker and, with no street style configured, the
// basemap shipped with the app. The offline warm-up fetches them so the service worker keeps them.
import { BASEMAP_URL, configuredStyleUrl } from './basemap-style';
import workerUrl from './map-worker.ts?worker&url';

export const MAP_ASSET_URLS: readonly string[] = [
  workerUrl,
  ...(configuredStyleUrl(import.meta.env.VITE_MAP_STYLE_URL as string | undefined) ? [] : [BASEMAP_URL]),
];
