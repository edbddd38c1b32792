// Province and state codes: the names people write for them (English and French, common
// abbreviations), GeoNames' numeric admin1 codes for Canada, and the province of a Canadian postal
// code's first letter. These are fixed code lists (ISO 3166-2:CA/US, GeoNames admin1CodesASCII,
// Canada Post), not geodata; the places themselves come from packages (see gazetteer.ts).

export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bsainte\b/g, 'ste')
    .trim();
}

/** Normalized name → province/state code. */
const REGION_NAMES: Readonly<Record<string, string>> = {
  alberta: 'AB',
  alta: 'AB',
  'british columbia': 'BC',
  'colombie britannique': 'BC',
  manitoba: 'MB',
  man: 'MB',
  'new brunswick': 'NB',
  'nouveau brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  'newfoundland & labrador': 'NL',
  newfoundland: 'NL',
  nfld: 'NL',
  'terre neuve et labrador': 'NL',
  'nova scotia': 'NS',
  'nouvelle ecosse': 'NS',
  'northwest territories': 'NT',
  'northwest territory': 'NT',
  'territoires du nord ouest': 'NT',
  nwt: 'NT',
  nunavut: 'NU',
  'nunavut territory': 'NU',
  ontario: 'ON',
  ont: 'ON',
  'prince edward island': 'PE',
  'ile du prince edouard': 'PE',
  pei: 'PE',
  quebec: 'QC',
  que: 'QC',
  pq: 'QC',
  saskatchewan: 'SK',
  sask: 'SK',
  yukon: 'YT',
  'yukon territory': 'YT',
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  calif: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  'washington dc': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  mass: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
  guam: 'GU',
  'us virgin islands': 'VI',
  'american samoa': 'AS',
  'northern mariana islands': 'MP',
};

/** 'Ontario', 'ont', 'ON' → 'ON'; unknown → the input upper-cased. */
export function normalizeRegion(value: string): string {
  const name = normalizeName(value);
  return REGION_NAMES[name] ?? value.trim().toUpperCase().replace(/\./g, '');
}

export const CANADIAN_REGIONS: ReadonlySet<string> = new Set([
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
]);

/** GeoNames admin1 codes of Canada's provinces and territories. */
export const GEONAMES_CA_ADMIN1: Readonly<Record<string, string>> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

/** The province of a Canadian postal code's first letter ('X' is shared by NT and NU). */
export const POSTAL_LETTER_REGION: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};
