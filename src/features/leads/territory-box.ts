// The box around a lead group's territories: where its map opens (get-group-home.ts) and the area
// "Save map for offline" and the offline warm-up keep the streets of (offline-streets.ts).
import type { Territory } from '../../contract/leads';
import type { TileBox } from '../../contract/tiles';

/** The box around some polygons ([lng, lat] rings), or null with none. */
export function boxAround(rings: readonly (readonly (readonly number[])[])[]): TileBox | null {
  let west = 180;
  let east = -180;
  let south = 90;
  let north = -90;
  for (const ring of rings)
    for (const [lng, lat] of ring) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  return west <= east && south <= north ? { west, south, east, north } : null;
}

/** The box around territories (polygons and multipolygons), or null with none. */
export function territoriesBox(territories: readonly Pick<Territory, 'Polygon'>[]): TileBox | null {
  return boxAround(
    territories.flatMap((t) =>
      t.Polygon.type === 'Polygon' ? t.Polygon.coordinates : t.Polygon.coordinates.flat(),
    ),
  );
}
