/// <reference lib="webworker" />
// The service worker (Workbox, injectManifest): precaches the app shell, answers navigations with it
// (never /api/ or the account form posts), keeps lookups fresh with stale-while-revalidate, caches map
// tiles cache-first with expiry (CORS only, no opaque responses), never caches a mutation, and relays
// Background Sync to the page, where the sync engine runs.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

export const SYNC_TAG = 'apex-outbox';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A first install takes the open page at once (it was loaded from this very version, so nothing can
// mix): the offline warm-up that runs after sign-in then goes through this worker, which keeps the
// map's code and basemap, and the app opens offline without a reload first. Updates still wait for
// the user (registerType prompt): claiming changes nothing for pages an older version controls.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//i, /^\/account\/(logout|renew|proxy)/i],
  }),
);

/** Set on an answer taken from the service worker's cache (kept in step with src/api/api-client.ts). */
const KEPT_COPY_HEADER = 'X-Apex-Kept-Copy';

/** Reads that change rarely and that field screens need offline. */
const LOOKUPS =
  /^\/api\/(app\/states|app\/features|icd-modules|divisional-modules|time-entry-types|job-titles|lead-statuses|pay-frequencies|basis-of-pay|employee-statuses|termination-reasons|home\/password-validator)(\/|$|\?)/i;

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && LOOKUPS.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'apex-lookups',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 }),
      // A kept copy says nothing about the connection: the page's API client does not count it as
      // an answer from the server (src/api/connection.ts).
      {
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(KEPT_COPY_HEADER, '1');
          return new Response(cachedResponse.body, {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/resources\/locale-/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'apex-locales',
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// The map's code (`assets/map-*.js`: MapLibre and its worker, ~450 KB gzip, kept out of the precache)
// and the basemap shipped with the app (`/basemap/`): kept once used, so the map opens offline after
// the first visit. The code is content-hashed (cache-first); the basemap may change (revalidated).
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/assets\/map-[^/]+\.js$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'apex-map-code',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 8, purgeOnQuotaError: true }),
    ],
  }),
);
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && /^\/basemap\//.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'apex-basemap',
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// Apex's own street map (/tiles/, server/modules/tiles/): its style revalidated in the background,
// its tiles cache-first in their own cache (the session cookie goes with each request; an empty tile,
// 204, is kept too). A tile older than STREET_REFRESH_DAYS is served and fetched again in the
// background; one older than STREET_MAX_DAYS is fetched first (and served stale if that fails).
export const STREETS_CACHE = 'apex-streets';
const STREET_REFRESH_DAYS = 7;
const STREET_MAX_DAYS = 60;
const STREET_TILE = /^\/tiles\/\d+\/\d+\/\d+\.mvt$/;

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname === '/tiles/style.json',
  new StaleWhileRevalidate({
    cacheName: STREETS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && STREET_TILE.test(url.pathname),
  async ({ request, event }) => {
    const cache = await caches.open(STREETS_CACHE);
    const hit = await cache.match(request);
    const days = hit ? (Date.now() - Date.parse(hit.headers.get('date') ?? '')) / 86_400_000 : Number.NaN;
    const refresh = fetch(request).then(async (res) => {
      if (res.status === 200 || res.status === 204)
        await cache.put(request, res.clone()).catch(() => undefined); // quota: served, not kept
      return res;
    });
    if (hit && days < STREET_REFRESH_DAYS) return hit;
    if (hit && days < STREET_MAX_DAYS) {
      event.waitUntil(refresh.catch(() => undefined));
      return hit;
    }
    try {
      return await refresh;
    } catch (err) {
      if (hit) return hit;
      throw err;
    }
  },
);

// Anything else of Apex's under /tiles/ (the size of an area, /tiles/extent) goes to the network as is,
// with the session cookie, never to the generic map cache below.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/tiles/'),
  new NetworkOnly(),
);

/** The street style configured at build time (VITE_MAP_STYLE_URL): everything from its host is map data. */
const MAP_STYLE_ORIGIN = (() => {
  const env = (import.meta as ImportMeta & { env?: { VITE_MAP_STYLE_URL?: string } }).env;
  try {
    return env?.VITE_MAP_STYLE_URL ? new URL(env.VITE_MAP_STYLE_URL).origin : null;
  } catch {
    return null;
  }
})();

// Map tiles, glyphs and styles: cache-first with expiry. Only CORS (status 200) responses are kept:
// an opaque response costs several MB of quota each. Vector tiles (.pbf/.mvt) are fetched by the map's
// worker with no image destination, so they are recognised by their extension too.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    ((MAP_STYLE_ORIGIN !== null && url.origin === MAP_STYLE_ORIGIN && url.origin !== self.location.origin) ||
      ((request.destination === 'image' ||
        /\/(tiles|fonts|glyphs|sprites?)\//.test(url.pathname) ||
        /\.(pbf|mvt)$/i.test(url.pathname)) &&
        /tile|map|glyph|sprite|basemap|font/i.test(url.href))),
  new CacheFirst({
    cacheName: 'apex-map-tiles',
    fetchOptions: { mode: 'cors', credentials: 'omit' },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

// Background Sync: wake the page's sync engine (it owns the outbox and the sign-in).
self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag !== SYNC_TAG) return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sync' });
    }),
  );
});
