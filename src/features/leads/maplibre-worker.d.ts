// MapLibre ships its worker as a module with no type declarations: its default export is the class
// that answers the map's messages inside the worker.
declare module 'maplibre-gl/dist/maplibre-gl-worker.mjs' {
  export default class MaplibreWorker {
    constructor(scope: unknown);
  }
}
