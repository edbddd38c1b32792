// A synthetic street map of the demo offices' neighbourhoods in the Protomaps schema (layers earth,
// water, roads with kind/name), cut into vector tiles (@maplibre/geojson-vt → @maplibre/vt-pbf) and
// written as a PMTiles v3 archive (./pmtiles-writer.ts). The tests need no download: streets every
// ~220 m in a box around each city, a major road every fifth street, and Lake Ontario south of
// Toronto's grid. Between the cities there is nothing (tiles inside the archive's bounds but absent).

import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { type TileInput, writePmtiles } from './pmtiles-writer';

export interface City {
  name: string;
  lng: number;
  lat: number;
}

/** Around the demo offices and lead groups (server/seed/demo.ts, server/seed/leads.ts). */
export const GRID_CITIES: City[] = [
  { name: 'Toronto', lng: -79.4, lat: 43.66 },
  { name: 'Vancouver', lng: -123.14, lat: 49.272 },
  { name: 'Calgary', lng: -114.0708, lat: 50.9857 },
  { name: 'Chicago', lng: -87.6359, lat: 41.8789 },
  { name: 'Los Angeles', lng: -118.4186, lat: 34.0584 },
];

/** Half the side of each city's box, in degrees. */
export const GRID_HALF = 0.03;
const STEP = 0.002;

type Feature = GeoJSON.Feature<GeoJSON.Geometry, Record<string, string | number>>;

function box(c: City, half = GRID_HALF): [number, number, number, number] {
  return [c.lng - half, c.lat - half, c.lng + half, c.lat + half];
}

function polygon(b: [number, number, number, number], props: Record<string, string>): Feature {
  const [w, s, e, n] = b;
  return {
    type: 'Feature',
    properties: props,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    },
  };
}

export function streetGridGeojson(cities: readonly City[] = GRID_CITIES) {
  const earth: Feature[] = [];
  const water: Feature[] = [];
  const roads: Feature[] = [];
  for (const c of cities) {
    const [w, s, e, n] = box(c);
    earth.push(polygon([w, s, e, n], { kind: 'earth' }));
    if (c.name === 'Toronto')
      water.push(polygon([w, s, e, c.lat - 0.022], { kind: 'lake', name: 'Lake Ontario' }));
    const steps = Math.round((2 * GRID_HALF) / STEP);
    for (let i = 0; i <= steps; i++) {
      const major = i % 5 === 0;
      const kind = major ? 'major_road' : 'minor_road';
      roads.push({
        type: 'Feature',
        properties: {
          kind,
          kind_detail: major ? 'secondary' : 'residential',
          name: `${c.name} Street ${i + 1}`,
          min_zoom: major ? 8 : 12,
        },
        geometry: {
          type: 'LineString',
          coordinates: [
            [w + i * STEP, s],
            [w + i * STEP, n],
          ],
        },
      });
      roads.push({
        type: 'Feature',
        properties: {
          kind,
          kind_detail: major ? 'secondary' : 'residential',
          name: `${c.name} Avenue ${i + 1}`,
          min_zoom: major ? 8 : 12,
        },
        geometry: {
          type: 'LineString',
          coordinates: [
            [w, s + i * STEP],
            [e, s + i * STEP],
          ],
        },
      });
    }
  }
  const fc = (features: Feature[]) => ({ type: 'FeatureCollection' as const, features });
  return { earth: fc(earth), water: fc(water), roads: fc(roads) };
}

function tileRange(b: [number, number, number, number], z: number) {
  const n = 2 ** z;
  const x = (lng: number) => Math.min(n - 1, Math.max(0, Math.floor(((lng + 180) / 360) * n)));
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.min(
      n - 1,
      Math.max(0, Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)),
    );
  };
  return { x0: x(b[0]), x1: x(b[2]), y0: y(b[3]), y1: y(b[1]) };
}

export interface GridArchiveOptions {
  minZoom?: number;
  maxZoom?: number;
  cities?: readonly City[];
}

/** The MVT tiles of the grid, from minZoom to maxZoom. */
export function streetGridTiles(options: GridArchiveOptions = {}): TileInput[] {
  const minZoom = options.minZoom ?? 0;
  const maxZoom = options.maxZoom ?? 15;
  const cities = options.cities ?? GRID_CITIES;
  const data = streetGridGeojson(cities);
  const indexes = Object.fromEntries(
    Object.entries(data).map(([layer, fc]) => [
      layer,
      new GeoJSONVT(fc, { maxZoom, indexMaxZoom: 4, indexMaxPoints: 10_000, tolerance: 3 }),
    ]),
  ) as Record<string, GeoJSONVT>;
  const seen = new Set<string>();
  const out: TileInput[] = [];
  for (let z = minZoom; z <= maxZoom; z++)
    for (const c of cities) {
      const r = tileRange(box(c), z);
      for (let x = r.x0; x <= r.x1; x++)
        for (let y = r.y0; y <= r.y1; y++) {
          const key = `${z}/${x}/${y}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const layers: Record<string, GeoJSONVTTile> = {};
          for (const [name, index] of Object.entries(indexes)) {
            const tile = index.getTile(z, x, y);
            if (tile && tile.features.length > 0) layers[name] = tile;
          }
          if (Object.keys(layers).length > 0)
            out.push({ z, x, y, data: fromGeojsonVt(layers, { version: 2, extent: 4096 }) });
        }
    }
  return out;
}

/** A PMTiles archive of the grid; its bounds span all the cities (with nothing between them). */
export function streetGridArchive(options: GridArchiveOptions = {}): Uint8Array {
  const cities = options.cities ?? GRID_CITIES;
  const tiles = streetGridTiles(options);
  const bounds: [number, number, number, number] = [
    Math.min(...cities.map((c) => box(c)[0])),
    Math.min(...cities.map((c) => box(c)[1])),
    Math.max(...cities.map((c) => box(c)[2])),
    Math.max(...cities.map((c) => box(c)[3])),
  ];
  const toronto = cities.find((c) => c.name === 'Toronto') ?? cities[0];
  return writePmtiles(tiles, {
    minZoom: options.minZoom ?? 0,
    maxZoom: options.maxZoom ?? 15,
    bounds,
    center: [toronto.lng, toronto.lat, 12],
    metadata: {
      name: 'Apex test streets',
      attribution: 'Synthetic street grid (tests)',
      vector_layers: [{ id: 'earth' }, { id: 'water' }, { id: 'roads' }],
    },
  });
}
