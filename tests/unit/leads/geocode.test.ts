import { describe, expect, it } from 'vitest';
import type { LeadCandidate } from '../../../server/domain/leads/import-rows';
import { lookupCity, lookupPostalCode, normalizeName } from '../../../server/jobs/geocode/gazetteer';
import { geocodeCandidate } from '../../../server/jobs/geocode/geocode-row';
import { createNominatimGeocoder, type Geocoder } from '../../../server/jobs/geocode/nominatim';

const candidate = (over: Partial<LeadCandidate>): LeadCandidate => ({
  RowNumber: 1,
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
  ...over,
});
const offline = { geocoder: null, preferredRegions: new Set<string>() };

describe('gazetteer', () => {
  it('matches city names without accents, case or punctuation', () => {
    expect(normalizeName('Montréal')).toBe(normalizeName('MONTREAL'));
    expect(lookupCity('Saint Paul', 'Minnesota')).toHaveLength(1);
    expect(lookupCity("st john's", 'NL')[0].Name).toBe("St. John's");
    expect(lookupCity('Quebec City')[0].Region).toBe('QC');
  });

  it('finds a postal code prefix: FSA letter+digit or ZIP3', () => {
    expect(lookupPostalCode('M6G 1A1')?.Name).toBe('Toronto');
    expect(lookupPostalCode('K7L3N6')?.Name).toBe('Kingston');
    expect(lookupPostalCode('60606')?.Name).toBe('Chicago');
    expect(lookupPostalCode('X0A 0H0')).toBeNull();
  });
});

describe('geocoding a row', () => {
  it('coordinates are Located as given', async () => {
    expect(await geocodeCandidate(candidate({ Latitude: 1, Longitude: 2 }), offline)).toEqual({
      outcome: 'Located',
      Latitude: 1,
      Longitude: 2,
    });
  });

  it('a known city or postal prefix is LocatedUnsure; ambiguity and unknowns are told apart', async () => {
    expect(await geocodeCandidate(candidate({ City: 'Calgary' }), offline)).toMatchObject({
      outcome: 'LocatedUnsure',
    });
    expect(await geocodeCandidate(candidate({ PostalCode: 'V6K 1A1' }), offline)).toMatchObject({
      outcome: 'LocatedUnsure',
      place: { Name: 'Vancouver', Region: 'BC' },
    });
    expect(await geocodeCandidate(candidate({ City: 'London' }), offline)).toMatchObject({
      outcome: 'MultipleResults',
    });
    expect(
      await geocodeCandidate(candidate({ City: 'London', StateProvince: 'Ontario' }), offline),
    ).toMatchObject({
      outcome: 'LocatedUnsure',
      place: { Region: 'ON' },
    });
    // The group's geographies settle it.
    expect(
      await geocodeCandidate(candidate({ City: 'London' }), {
        geocoder: null,
        preferredRegions: new Set(['ON']),
      }),
    ).toMatchObject({ outcome: 'LocatedUnsure', place: { Region: 'ON' } });
    expect(await geocodeCandidate(candidate({ City: 'Atlantis' }), offline)).toMatchObject({
      outcome: 'NoResults',
    });
  });

  it('a street address goes to the geocoding service when there is one', async () => {
    const one: Geocoder = { search: async () => [{ Latitude: 43.1, Longitude: -79.1, DisplayName: 'x' }] };
    const two: Geocoder = {
      search: async () => [
        { Latitude: 43.1, Longitude: -79.1, DisplayName: 'Main St, A' },
        { Latitude: 44.1, Longitude: -78.1, DisplayName: 'Main St, B' },
      ],
    };
    const row = candidate({ StreetLine1: '1 Main St', City: 'Toronto' });
    expect(await geocodeCandidate(row, { geocoder: one, preferredRegions: new Set() })).toMatchObject({
      outcome: 'Located',
      Latitude: 43.1,
    });
    expect(await geocodeCandidate(row, { geocoder: two, preferredRegions: new Set() })).toMatchObject({
      outcome: 'MultipleResults',
    });
  });

  it('a failing service falls back to the gazetteer and is reported once', async () => {
    const errors: unknown[] = [];
    const down: Geocoder = {
      search: async () => {
        throw new Error('ECONNREFUSED');
      },
    };
    const result = await geocodeCandidate(candidate({ StreetLine1: '1 Main St', City: 'Toronto' }), {
      geocoder: down,
      preferredRegions: new Set(),
      onServiceError: (e) => errors.push(e),
    });
    expect(result).toMatchObject({ outcome: 'LocatedUnsure' });
    expect(errors).toHaveLength(1);
  });
});

describe('Nominatim-style geocoder', () => {
  it('sends a structured query and spaces its requests', async () => {
    const urls: string[] = [];
    const waits: number[] = [];
    const geocoder = createNominatimGeocoder({
      url: 'https://geocoder.invalid/search',
      minIntervalMs: 1000,
      sleep: async (ms) => {
        waits.push(ms);
      },
      fetchImpl: (async (url: URL) => {
        urls.push(String(url));
        return new Response(JSON.stringify([{ lat: '43.5', lon: '-79.5', display_name: 'Somewhere' }]), {
          headers: { 'content-type': 'application/json' },
        });
      }) as unknown as typeof fetch,
    });
    const query = {
      StreetLine1: '1 Main St',
      City: 'Toronto',
      StateProvince: 'ON',
      PostalCode: null,
      CountryID: 2,
    };
    expect(await geocoder.search(query)).toEqual([
      { Latitude: 43.5, Longitude: -79.5, DisplayName: 'Somewhere' },
    ]);
    await geocoder.search(query);
    const url = new URL(urls[0]);
    expect(url.searchParams.get('street')).toBe('1 Main St');
    expect(url.searchParams.get('countrycodes')).toBe('ca');
    expect(url.searchParams.get('format')).toBe('jsonv2');
    expect(waits).toHaveLength(1);
  });
});
