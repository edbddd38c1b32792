/// <reference lib="webworker" />
// The service worker (Workbox, injectManifest): precaches the app shell, answers navigations with it
// (never /api/ or the account form posts), keeps lookups fresh with stale-while-revalidate, caches map
// tiles cache-first with expiry (CORS only, no opaque responses), never caches a mutation, and relays
// Background Sync to the page, where the sync engine runs.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

export const SYNC_TAG = 'apex-outbox';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//i, /^\/account\/(logout|renew|proxy)/i],
  }),
);

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

// Map tiles, glyphs and styles: cache-first with expiry. Only CORS (status 200) responses are kept:
// an opaque response costs several MB of quota each.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    (request.destination === 'image' || /\/(tiles|fonts|glyphs|sprites?)\//.test(url.pathname)) &&
    /tile|map|glyph|sprite|basemap/i.test(url.href),
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
