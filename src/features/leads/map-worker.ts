// The MapLibre worker, bundled under a `map-` name so the service worker keeps it out of the precache
// (vite.config.ts globIgnores `**/map-*.js`) and caches it at run time with the map chunk. MapLibre's
// package is marked side-effect free, so importing its worker module for effect would be dropped:
// this does what that module's own last statement does.
import MaplibreWorker from 'maplibre-gl/dist/maplibre-gl-worker.mjs';

(self as unknown as { worker: unknown }).worker = new MaplibreWorker(self);
