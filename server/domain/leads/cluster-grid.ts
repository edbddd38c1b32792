// The grid a lead-markers answer is grouped on when its viewport holds more leads than its limit:
// web-mercator tiles (the slippy-map scheme of the map's own tiles), CELL_DEPTH levels below the map's
// zoom, so a cell is 64 px on screen (MapLibre draws the world 512 · 2^zoom px wide) — near the 46 px
// radius the map clusters its own points with, so grouped and client-side clusters look alike. Cells are aligned on the world's tile grid,
// so neighbouring viewports (and the copies a phone keeps offline) share them.

/** Cells are tiles this many levels below the map zoom (512 px / 2³ = 64 px on screen). */
export const CELL_DEPTH = 3;
/**
 * Most cells one answer's grid may span (a desktop's viewport box at 64 px cells spans up to about
 * 48 × 48); a larger box gets a coarser grid.
 */
export const MAX_CELLS = 4096;
export const MAX_CELL_ZOOM = 22;
/** Without a zoom, about this many cells across the box. */
const CELLS_ACROSS = 16;
const MAX_LAT = 85.0511287798;

export interface GridBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function tileX(lng: number, zoom: number): number {
  const n = 2 ** zoom;
  return clamp(Math.floor(((lng + 180) / 360) * n), 0, n - 1);
}

export function tileY(lat: number, zoom: number): number {
  const n = 2 ** zoom;
  const r = (clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180;
  return clamp(Math.floor(((1 - Math.asinh(Math.tan(r)) / Math.PI) / 2) * n), 0, n - 1);
}

/** The latitude of the northern edge of tile row `y`. */
export function rowLatitude(y: number, zoom: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** zoom;
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/**
 * The tile rows of `zoom` the box spans, north (top) to south (bottom), and the latitudes between
 * them in ascending order: a latitude below edges[0] is in row `bottom`, one at or above edges[k - 1]
 * and below edges[k] in row `bottom - k` (SQL: bottom − width_bucket(latitude, edges)). Cheaper per
 * lead than the mercator formula, and the same rows.
 */
export function rowEdges(box: GridBox, zoom: number): { top: number; bottom: number; edges: number[] } {
  const top = tileY(box.north, zoom);
  const bottom = tileY(box.south, zoom);
  const edges: number[] = [];
  for (let y = bottom; y > top; y--) edges.push(rowLatitude(y, zoom));
  return { top, bottom, edges };
}

/** How many cells of `zoom` the box spans. */
export function cellsSpanned(box: GridBox, zoom: number): number {
  const columns = tileX(box.east, zoom) - tileX(box.west, zoom) + 1;
  const rows = tileY(box.south, zoom) - tileY(box.north, zoom) + 1;
  return columns * rows;
}

export const WORLD: GridBox = { west: -180, south: -MAX_LAT, east: 180, north: MAX_LAT };

/**
 * The tile zoom of the grid's cells: the map's zoom + CELL_DEPTH (or, without a zoom, about
 * CELLS_ACROSS cells across the box), made coarser until the box spans at most MAX_CELLS cells.
 */
export function gridZoom(params: { zoom?: number; box?: GridBox }): number {
  const box = params.box ?? WORLD;
  let zoom: number;
  if (params.zoom !== undefined) zoom = params.zoom + CELL_DEPTH;
  else {
    const span = Math.max(box.east - box.west, 1e-9);
    zoom = Math.floor(Math.log2((CELLS_ACROSS * 360) / span));
  }
  zoom = clamp(zoom, 0, MAX_CELL_ZOOM);
  while (zoom > 0 && cellsSpanned(box, zoom) > MAX_CELLS) zoom--;
  return zoom;
}
