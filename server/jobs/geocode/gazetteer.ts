// Lookups in the offline gazetteer: a postal code's prefix, or a city name (with its province/state
// and country when given). Names match without accents, case or punctuation ('Montreal' =
// 'Montréal', 'Saint Paul' = 'St. Paul').
import { CITIES, CITY_ALIASES, type CityRow, POSTAL_PREFIXES, REGION_NAMES } from './gazetteer-data';

export interface Place {
  Name: string;
  Region: string;
  CountryID: number;
  Latitude: number;
  Longitude: number;
}

export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bsainte\b/g, 'ste')
    .trim();
}

/** 'Ontario', 'ont', 'ON' → 'ON'; unknown → the input upper-cased. */
export function normalizeRegion(value: string): string {
  const name = normalizeName(value);
  return REGION_NAMES[name] ?? value.trim().toUpperCase().replace(/\./g, '');
}

const toPlace = (r: CityRow): Place => ({
  Name: r[0],
  Region: r[1],
  CountryID: r[2],
  Latitude: r[3],
  Longitude: r[4],
});

const byName = new Map<string, Place[]>();
for (const row of CITIES) {
  const key = normalizeName(row[0]);
  byName.set(key, [...(byName.get(key) ?? []), toPlace(row)]);
}
function exact(name: string, region: string): Place | null {
  return (byName.get(normalizeName(name)) ?? []).find((p) => p.Region === region) ?? null;
}

/** Places a city name may mean, narrowed by region and country when given. */
export function lookupCity(city: string, region?: string | null, countryId?: number | null): Place[] {
  const key = normalizeName(city);
  if (!key) return [];
  const alias = CITY_ALIASES[key];
  let found = alias ? [exact(alias[0], alias[1])!].filter(Boolean) : (byName.get(key) ?? []);
  if (region?.trim()) {
    const code = normalizeRegion(region);
    found = found.filter((p) => p.Region === code);
  }
  if (countryId) found = found.filter((p) => p.CountryID === countryId);
  return found;
}

/** The city a postal code's prefix belongs to (FSA or FSA letter+digit; US ZIP3), or null. */
export function lookupPostalCode(postalCode: string): Place | null {
  const code = postalCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const candidates = /^[A-Z]\d[A-Z]/.test(code)
    ? [code.slice(0, 3), code.slice(0, 2)]
    : /^\d{5}/.test(code)
      ? [code.slice(0, 3)]
      : [];
  for (const prefix of candidates) {
    const hit = POSTAL_PREFIXES[prefix];
    if (hit) return exact(hit[0], hit[1]);
  }
  return null;
}
