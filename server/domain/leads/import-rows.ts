// Lead batch files: the built-in import schemas (column headers → lead fields), matching a file's
// header row to a schema, and turning one data row into a lead candidate or a clear error.
import { Country } from '../../../src/contract/common';
import {
  type ImportSchema,
  type ImportSchemaColumn,
  LEAD_DATA_VALUE_MAX,
  leadDataKeysOf,
} from '../../../src/contract/leads';

const STANDARD_COLUMNS: ImportSchemaColumn[] = [
  {
    Field: 'StreetLine1',
    DataKey: null,
    Header: 'Address',
    Aliases: ['Street', 'Street Address', 'StreetLine1', 'Address 1', 'Address Line 1'],
  },
  {
    Field: 'StreetLine2',
    DataKey: null,
    Header: 'Suite',
    Aliases: ['Unit', 'Apt', 'StreetLine2', 'Address 2', 'Address Line 2'],
  },
  { Field: 'City', DataKey: null, Header: 'City', Aliases: ['Town', 'Municipality'] },
  {
    Field: 'StateProvince',
    DataKey: null,
    Header: 'Province/State',
    Aliases: ['Province', 'State', 'StateProvince', 'Prov', 'Region'],
  },
  {
    Field: 'PostalCode',
    DataKey: null,
    Header: 'Postal Code',
    Aliases: ['PostalCode', 'Postal', 'ZIP', 'ZIP Code', 'Zipcode', 'Postcode'],
  },
  { Field: 'Country', DataKey: null, Header: 'Country', Aliases: ['CountryID', 'Country Code'] },
  { Field: 'Latitude', DataKey: null, Header: 'Latitude', Aliases: ['Lat'] },
  { Field: 'Longitude', DataKey: null, Header: 'Longitude', Aliases: ['Lng', 'Lon', 'Long'] },
  { Field: 'LeadStatus', DataKey: null, Header: 'Status', Aliases: ['Lead Status', 'LeadStatus'] },
  { Field: 'Note', DataKey: null, Header: 'Note', Aliases: ['Notes', 'Comment', 'Comments'] },
];

/** Built-in import schemas (ids 1 and 2), stored in import_schemas on first use. */
export const DEFAULT_IMPORT_SCHEMAS: ImportSchema[] = [
  { ImportSchemaID: 1, Name: 'Standard leads', DivisionID: null, IsDefault: true, Columns: STANDARD_COLUMNS },
  {
    ImportSchemaID: 2,
    Name: 'Rogers leads with promo codes',
    DivisionID: 35,
    IsDefault: false,
    Columns: [
      ...STANDARD_COLUMNS,
      ...leadDataKeysOf(35).map((k) => ({
        Field: 'Data' as const,
        DataKey: k.Key,
        Header: k.Key,
        Aliases: [`${k.Label} (${k.Key})`],
      })),
    ],
  },
];

export const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface HeaderMap {
  /** Column index → schema column. */
  columns: Map<number, ImportSchemaColumn>;
  ignored: string[];
}

export function mapHeaders(headers: readonly string[], schema: ImportSchema): HeaderMap {
  const byName = new Map<string, ImportSchemaColumn>();
  for (const c of schema.Columns) {
    for (const name of [c.Header, ...c.Aliases]) {
      const key = normalizeHeader(name);
      if (!byName.has(key)) byName.set(key, c);
    }
  }
  const columns = new Map<number, ImportSchemaColumn>();
  const ignored: string[] = [];
  const taken = new Set<ImportSchemaColumn>();
  headers.forEach((h, i) => {
    const c = byName.get(normalizeHeader(h));
    if (c && !taken.has(c)) {
      columns.set(i, c);
      taken.add(c);
    } else if (h.trim()) ignored.push(h.trim());
  });
  return { columns, ignored };
}

export interface LeadCandidate {
  RowNumber: number;
  Latitude: number | null;
  Longitude: number | null;
  StreetLine1: string | null;
  StreetLine2: string | null;
  City: string | null;
  StateProvince: string | null;
  PostalCode: string | null;
  CountryID: number | null;
  LeadStatusName: string | null;
  Note: string | null;
  Data: Record<string, string>;
}

export type RowResult =
  | { kind: 'blank' }
  | { kind: 'error'; message: string }
  | { kind: 'candidate'; lead: LeadCandidate };

const CA_POSTAL = /^([A-Za-z]\d[A-Za-z])\s*-?\s*(\d[A-Za-z]\d)?$/;
const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/;

/** 'm6g1a1' → 'M6G 1A1', '90210-1234' kept; anything else as typed. */
export function normalizePostalCode(value: string): string {
  const v = value.trim();
  const ca = CA_POSTAL.exec(v);
  if (ca) return ca[2] ? `${ca[1]} ${ca[2]}`.toUpperCase() : ca[1].toUpperCase();
  const us = US_ZIP.exec(v);
  if (us) return us[2] ? `${us[1]}-${us[2]}` : us[1];
  return v.toUpperCase();
}

export function countryOfPostalCode(value: string): number | null {
  if (CA_POSTAL.test(value.trim())) return Country.Canada;
  if (US_ZIP.test(value.trim())) return Country.US;
  return null;
}

export function parseCountry(value: string): number | null | 'invalid' {
  const v = normalizeHeader(value);
  if (!v) return null;
  if (['ca', 'can', 'canada', '2'].includes(v)) return Country.Canada;
  if (['us', 'usa', 'unitedstates', 'unitedstatesofamerica', 'america', '1'].includes(v)) return Country.US;
  return 'invalid';
}

function parseCoordinate(raw: string, min: number, max: number): number | null | 'invalid' {
  const v = raw.trim();
  if (!v) return null;
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(v)) return 'invalid';
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : 'invalid';
}

/** One data row (1-based `rowNumber` counts data rows, not the header) → candidate or error. */
export function readRow(
  cells: readonly string[],
  rowNumber: number,
  headerCount: number,
  map: HeaderMap,
): RowResult {
  if (cells.every((c) => c.trim() === '')) return { kind: 'blank' };
  const where = `Row ${rowNumber}`;
  if (cells.length > headerCount && cells.slice(headerCount).some((c) => c.trim() !== ''))
    return {
      kind: 'error',
      message: `${where}: has ${cells.length} fields but the header has ${headerCount}.`,
    };
  const lead: LeadCandidate = {
    RowNumber: rowNumber,
    Latitude: null,
    Longitude: null,
    StreetLine1: null,
    StreetLine2: null,
    City: null,
    StateProvince: null,
    PostalCode: null,
    CountryID: null,
    LeadStatusName: null,
    Note: null,
    Data: {},
  };
  let lat: number | null | 'invalid' = null;
  let lng: number | null | 'invalid' = null;
  let country: number | null | 'invalid' = null;
  for (const [index, column] of map.columns) {
    const raw = (cells[index] ?? '').trim();
    if (!raw) continue;
    const text = raw.slice(0, 200);
    switch (column.Field) {
      case 'Latitude':
        lat = parseCoordinate(raw, -90, 90);
        break;
      case 'Longitude':
        lng = parseCoordinate(raw, -180, 180);
        break;
      case 'Country':
        country = parseCountry(raw);
        break;
      case 'PostalCode':
        lead.PostalCode = normalizePostalCode(text);
        break;
      case 'StateProvince':
        lead.StateProvince = text.length <= 3 ? text.toUpperCase() : text;
        break;
      case 'LeadStatus':
        lead.LeadStatusName = text;
        break;
      case 'Note':
        lead.Note = raw.slice(0, 2000);
        break;
      case 'Data':
        if (column.DataKey) {
          if (raw.length > LEAD_DATA_VALUE_MAX)
            return {
              kind: 'error',
              message: `${where}: ${column.Header} is longer than ${LEAD_DATA_VALUE_MAX} characters.`,
            };
          lead.Data[column.DataKey] = raw;
        }
        break;
      default:
        lead[column.Field] = text;
    }
  }
  if (lat === 'invalid')
    return { kind: 'error', message: `${where}: Latitude is not a number between -90 and 90.` };
  if (lng === 'invalid')
    return { kind: 'error', message: `${where}: Longitude is not a number between -180 and 180.` };
  if ((lat === null) !== (lng === null))
    return { kind: 'error', message: `${where}: give both Latitude and Longitude, or neither.` };
  if (country === 'invalid') return { kind: 'error', message: `${where}: Country must be Canada or US.` };
  lead.Latitude = lat;
  lead.Longitude = lng;
  lead.CountryID = country ?? (lead.PostalCode ? countryOfPostalCode(lead.PostalCode) : null);
  if (lat === null && !lead.StreetLine1 && !lead.City && !lead.PostalCode)
    return { kind: 'error', message: `${where}: no coordinates, address, city or postal code to locate.` };
  return { kind: 'candidate', lead };
}
