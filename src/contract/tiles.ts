// Street-map tiles of an area (shared by the server's /tiles/extent and the PWA's "Save map for
// offline"): which z/x/y tiles cover a box, and what the server says saving them costs.
import { z } from 'zod';

export interface TileBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The tiles (web mercator, XYZ) covering `box` at zoom `zoom`. */
export function tileRange(box: TileBox, zoom: number): { x0: number; x1: number; y0: number; y1: number } {
  const n = 2 ** zoom;
  const clampLat = (lat: number) => Math.max(-85.0511, Math.min(85.0511, lat));
  const x = (lng: number) => Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
  const y = (lat: number) => {
    const r = (clampLat(lat) * Math.PI) / 180;
    return Math.min(
      n - 1,
      Math.max(0, Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)),
    );
  };
  return { x0: x(box.west), x1: x(box.east), y0: y(box.north), y1: y(box.south) };
}

/** How many tiles cover `box` from `minZoom` to `maxZoom`. */
export function countTiles(box: TileBox, minZoom: number, maxZoom: number): number {
  let total = 0;
  for (let zoom = minZoom; zoom <= maxZoom; zoom++) {
    const r = tileRange(box, zoom);
    total += (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
  }
  return total;
}

/** Every tile covering `box` from `minZoom` to `maxZoom`, lowest zoom first. */
export function* tilesIn(
  box: TileBox,
  minZoom: number,
  maxZoom: number,
): Generator<[number, number, number]> {
  for (let zoom = minZoom; zoom <= maxZoom; zoom++) {
    const r = tileRange(box, zoom);
    for (let x = r.x0; x <= r.x1; x++) for (let y = r.y0; y <= r.y1; y++) yield [zoom, x, y];
  }
}

/** At most this many tiles in one extent (a city district from zoom 10 to 16 is a few thousand). */
export const MAX_EXTENT_TILES = 50_000;

/** `GET /tiles/extent`: the tiles of an area within the street map's zoom range, and their size. */
export const TileExtent = z.object({
  /** The zoom range saved: the asked one within the archive's. */
  MinZoom: z.number().int(),
  MaxZoom: z.number().int(),
  /** Tile addresses covering the area (each fetched once when saving). */
  Tiles: z.number().int(),
  /** Of those, the ones the archive holds (the rest are empty: sea, or outside its area). */
  Stored: z.number().int(),
  /** Bytes of the stored tiles as sent (compressed). */
  Bytes: z.number().int(),
});
export type TileExtent = z.infer<typeof TileExtent>;
