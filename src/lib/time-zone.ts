// Guessing an IANA time zone from a Canadian or US city (spec 002 §8, §9). The list is fixed: the
// major cities where the company works; anything else gives null and the caller asks the user.

export type CountryCode = 'CA' | 'US';

export interface CityTimeZone {
  city: string;
  /** Other spellings of the city (accents, 'Saint' or 'St.' and the like are normalised anyway). */
  aliases?: readonly string[];
  /** Province, territory or state code. */
  region: string;
  country: CountryCode;
  timeZone: string;
}

const ca = (city: string, region: string, timeZone: string, aliases?: string[]): CityTimeZone => ({
  city,
  region,
  country: 'CA',
  timeZone,
  aliases,
});
const us = (city: string, region: string, timeZone: string, aliases?: string[]): CityTimeZone => ({
  city,
  region,
  country: 'US',
  timeZone,
  aliases,
});

/**
 * The fixed city list. Where two cities share a name, the first one listed is the one guessed when no
 * province or state is given (Vancouver BC before Vancouver WA, Portland OR before Portland ME).
 */
export const CITY_TIME_ZONES: readonly CityTimeZone[] = [
  ca('Toronto', 'ON', 'America/Toronto'),
  ca('Ottawa', 'ON', 'America/Toronto'),
  ca('Mississauga', 'ON', 'America/Toronto'),
  ca('Brampton', 'ON', 'America/Toronto'),
  ca('Hamilton', 'ON', 'America/Toronto'),
  ca('London', 'ON', 'America/Toronto'),
  ca('Kitchener', 'ON', 'America/Toronto'),
  ca('Windsor', 'ON', 'America/Toronto'),
  ca('Thunder Bay', 'ON', 'America/Toronto'),
  ca('Montreal', 'QC', 'America/Toronto'),
  ca('Quebec City', 'QC', 'America/Toronto', ['Quebec', 'Ville de Quebec']),
  ca('Laval', 'QC', 'America/Toronto'),
  ca('Gatineau', 'QC', 'America/Toronto'),
  ca('Vancouver', 'BC', 'America/Vancouver'),
  ca('Surrey', 'BC', 'America/Vancouver'),
  ca('Burnaby', 'BC', 'America/Vancouver'),
  ca('Richmond', 'BC', 'America/Vancouver'),
  ca('Victoria', 'BC', 'America/Vancouver'),
  ca('Kelowna', 'BC', 'America/Vancouver'),
  ca('Calgary', 'AB', 'America/Edmonton'),
  ca('Edmonton', 'AB', 'America/Edmonton'),
  ca('Winnipeg', 'MB', 'America/Winnipeg'),
  ca('Regina', 'SK', 'America/Regina'),
  ca('Saskatoon', 'SK', 'America/Regina'),
  ca('Halifax', 'NS', 'America/Halifax'),
  ca('Charlottetown', 'PE', 'America/Halifax'),
  ca('Moncton', 'NB', 'America/Moncton'),
  ca('Saint John', 'NB', 'America/Moncton'),
  ca('Fredericton', 'NB', 'America/Moncton'),
  ca("St. John's", 'NL', 'America/St_Johns'),
  ca('Whitehorse', 'YT', 'America/Whitehorse'),
  ca('Yellowknife', 'NT', 'America/Edmonton'),
  ca('Iqaluit', 'NU', 'America/Iqaluit'),
  us('New York', 'NY', 'America/New_York', ['New York City', 'NYC', 'Brooklyn', 'Manhattan']),
  us('Buffalo', 'NY', 'America/New_York'),
  us('Boston', 'MA', 'America/New_York'),
  us('Philadelphia', 'PA', 'America/New_York'),
  us('Pittsburgh', 'PA', 'America/New_York'),
  us('Washington', 'DC', 'America/New_York', ['Washington DC', 'Washington D.C.']),
  us('Baltimore', 'MD', 'America/New_York'),
  us('Richmond', 'VA', 'America/New_York'),
  us('Charlotte', 'NC', 'America/New_York'),
  us('Atlanta', 'GA', 'America/New_York'),
  us('Miami', 'FL', 'America/New_York'),
  us('Orlando', 'FL', 'America/New_York'),
  us('Tampa', 'FL', 'America/New_York'),
  us('Columbus', 'OH', 'America/New_York'),
  us('Cleveland', 'OH', 'America/New_York'),
  us('Detroit', 'MI', 'America/Detroit'),
  us('Indianapolis', 'IN', 'America/Indiana/Indianapolis'),
  us('Louisville', 'KY', 'America/Kentucky/Louisville'),
  us('Chicago', 'IL', 'America/Chicago'),
  us('Milwaukee', 'WI', 'America/Chicago'),
  us('Minneapolis', 'MN', 'America/Chicago'),
  us('St. Louis', 'MO', 'America/Chicago'),
  us('Kansas City', 'MO', 'America/Chicago'),
  us('Nashville', 'TN', 'America/Chicago'),
  us('Memphis', 'TN', 'America/Chicago'),
  us('New Orleans', 'LA', 'America/Chicago'),
  us('Dallas', 'TX', 'America/Chicago'),
  us('Fort Worth', 'TX', 'America/Chicago'),
  us('Houston', 'TX', 'America/Chicago'),
  us('San Antonio', 'TX', 'America/Chicago'),
  us('Austin', 'TX', 'America/Chicago'),
  us('Oklahoma City', 'OK', 'America/Chicago'),
  us('Denver', 'CO', 'America/Denver'),
  us('Albuquerque', 'NM', 'America/Denver'),
  us('Salt Lake City', 'UT', 'America/Denver'),
  us('Boise', 'ID', 'America/Boise'),
  us('Phoenix', 'AZ', 'America/Phoenix'),
  us('Tucson', 'AZ', 'America/Phoenix'),
  us('Las Vegas', 'NV', 'America/Los_Angeles'),
  us('Los Angeles', 'CA', 'America/Los_Angeles', ['LA']),
  us('San Diego', 'CA', 'America/Los_Angeles'),
  us('San Jose', 'CA', 'America/Los_Angeles'),
  us('San Francisco', 'CA', 'America/Los_Angeles'),
  us('Sacramento', 'CA', 'America/Los_Angeles'),
  us('Seattle', 'WA', 'America/Los_Angeles'),
  us('Vancouver', 'WA', 'America/Los_Angeles'),
  us('Portland', 'OR', 'America/Los_Angeles'),
  us('Portland', 'ME', 'America/New_York'),
  us('Anchorage', 'AK', 'America/Anchorage'),
  us('Honolulu', 'HI', 'Pacific/Honolulu'),
];

/** Province, territory and state names by code, for a region given in full ('Québec', 'Texas'). */
const REGION_NAMES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
  AK: 'Alaska',
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  ME: 'Maine',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  NC: 'North Carolina',
  NM: 'New Mexico',
  NV: 'Nevada',
  NY: 'New York',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VA: 'Virginia',
  WA: 'Washington',
  WI: 'Wisconsin',
};

/**
 * Lower case, accents removed, punctuation dropped, 'St'/'Ste' read as 'Saint'/'Sainte', spaces
 * collapsed: 'Montréal' → 'montreal', 'ST. LOUIS' → 'saint louis', "St. John's" → 'saint johns'.
 */
export function normalizePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bste\b/g, 'sainte')
    .replace(/\bst\b/g, 'saint');
}

const NAME_INDEX = new Map<string, CityTimeZone[]>();
for (const entry of CITY_TIME_ZONES) {
  for (const name of [entry.city, ...(entry.aliases ?? [])]) {
    const key = normalizePlaceName(name);
    NAME_INDEX.set(key, [...(NAME_INDEX.get(key) ?? []), entry]);
  }
}

function regionCode(region: string): string | null {
  const key = normalizePlaceName(region);
  if (key === '') return null;
  for (const [code, name] of Object.entries(REGION_NAMES)) {
    if (key === code.toLowerCase() || key === normalizePlaceName(name)) return code;
  }
  return null;
}

/**
 * Guesses the IANA time zone of a Canadian or US city, ignoring case and accents. A province or state
 * (code or name) picks between cities sharing a name; a region that matches none of them gives null
 * rather than a wrong zone. Unknown cities give null.
 */
export function guessTimeZone(city: string, region?: string | null): string | null {
  const candidates = NAME_INDEX.get(normalizePlaceName(city));
  if (!candidates) return null;
  if (region && region.trim() !== '') {
    const code = regionCode(region);
    return candidates.find((entry) => entry.region === code)?.timeZone ?? null;
  }
  return candidates[0].timeZone;
}

/** The part of the `Intl` namespace the browser zone lookup reads. */
export interface IntlLike {
  DateTimeFormat?: () => { resolvedOptions(): { timeZone?: string } };
}

/**
 * The browser's own IANA zone, or null with a console warning when the time-zone support (Intl with
 * time zones) is missing.
 */
export function browserTimeZone(
  intl: IntlLike | undefined = globalThis.Intl as IntlLike | undefined,
): string | null {
  const zone = intl?.DateTimeFormat?.().resolvedOptions().timeZone;
  if (!zone) {
    console.warn('time zone: Intl time-zone support is missing; the time zone cannot be determined');
    return null;
  }
  return zone;
}
