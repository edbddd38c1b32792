// Viewports as the marker queries see them: the visible box is widened to the web-mercator tiles one
// zoom level up that cover it, so small pans reuse the same query (and the same offline copy).
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface SnappedViewport {
  bbox: Bbox;
  /** Stable key of the tile range, e.g. `14/4577-4579/5980-5981`. */
  key: string;
  /** The map's zoom, whole (one more than the key's tile zoom): sizes the server's grid of clusters. */
  zoom: number;
}

const MAX_LAT = 85.0511;
const clampLat = (lat: number) => Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
const clampLng = (lng: number) => Math.max(-180, Math.min(180, lng));

function tileX(lng: number, z: number): number {
  return Math.floor(((clampLng(lng) + 180) / 360) * 2 ** z);
}
function tileY(lat: number, z: number): number {
  const r = (clampLat(lat) * Math.PI) / 180;
  return Math.floor(((1 - Math.asinh(Math.tan(r)) / Math.PI) / 2) * 2 ** z);
}
function tileLng(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}
function tileLat(y: number, z: number): number {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The box of the tiles (at zoom − 1, never below 0) that cover `view`, and its key. */
export function snapViewport(view: Bbox, zoom: number): SnappedViewport {
  const whole = Math.max(0, Math.min(21, Math.floor(zoom)));
  const z = Math.max(0, whole - 1);
  const max = 2 ** z - 1;
  const x0 = Math.max(0, tileX(view.west, z));
  const x1 = Math.min(max, tileX(view.east, z));
  const y0 = Math.max(0, tileY(view.north, z));
  const y1 = Math.min(max, tileY(view.south, z));
  return { key: `${z}/${x0}-${x1}/${y0}-${y1}`, bbox: rangeBbox(z, x0, x1, y0, y1), zoom: whole };
}

function rangeBbox(z: number, x0: number, x1: number, y0: number, y1: number): Bbox {
  return {
    west: round6(Math.max(-180, tileLng(x0, z))),
    east: round6(Math.min(180, tileLng(x1 + 1, z))),
    north: round6(Math.min(90, tileLat(y0, z))),
    south: round6(Math.max(-90, tileLat(y1 + 1, z))),
  };
}

/** The box a snapped viewport's key stands for (null for anything else). */
export function bboxOfKey(key: string): Bbox | null {
  const m = /^(\d+)\/(\d+)-(\d+)\/(\d+)-(\d+)$/.exec(key);
  if (!m) return null;
  const [z, x0, x1, y0, y1] = m.slice(1).map(Number);
  return rangeBbox(z, x0, x1, y0, y1);
}

/** A web-mercator tile (zoom, column, row), as the server's grid of clusters names its cells. */
export interface Tile {
  Zoom: number;
  X: number;
  Y: number;
}

/** The tile of `zoom` a position lies in. */
export function tileOf(latitude: number, longitude: number, zoom: number): Tile {
  const max = 2 ** zoom - 1;
  return {
    Zoom: zoom,
    X: Math.min(max, tileX(longitude, zoom)),
    Y: Math.max(0, Math.min(max, tileY(latitude, zoom))),
  };
}

export const tileKey = (t: Tile) => `${t.Zoom}/${t.X}/${t.Y}`;

/** A tile's box (not rounded). */
export function tileBbox(t: Tile): Bbox {
  return {
    west: tileLng(t.X, t.Zoom),
    east: tileLng(t.X + 1, t.Zoom),
    north: tileLat(t.Y, t.Zoom),
    south: tileLat(t.Y + 1, t.Zoom),
  };
}

/** Whether two boxes overlap. */
export function intersects(a: Bbox, b: Bbox): boolean {
  return a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;
}
