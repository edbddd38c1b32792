import { describe, expect, it } from 'vitest';
import type { LeadCandidate } from '../../../server/domain/leads/import-rows';
import {
  gazetteerRequested,
  lookupCity,
  lookupPostalCode,
  normalizeName,
} from '../../../server/jobs/geocode/gazetteer';
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
  it('is not read until a row needs it', async () => {
    expect(gazetteerRequested()).toBe(false);
    await geocodeCandidate(candidate({ Latitude: 1, Longitude: 2 }), offline);
    expect(gazetteerRequested()).toBe(false);
    await lookupCity('Toronto');
    expect(gazetteerRequested()).toBe(true);
  });

  it('matches city names without accents, case or punctuation', async () => {
    expect(normalizeName('Montréal')).toBe(normalizeName('MONTREAL'));
    expect(await lookupCity('Saint Paul', 'Minnesota')).toHaveLength(1);
    expect((await lookupCity("st john's", 'NL'))[0].Name).toBe("St. John's");
    expect((await lookupCity('Quebec City'))[0].Region).toBe('QC');
    expect((await lookupCity('TROIS RIVIERES'))[0]).toMatchObject({ Name: 'Trois-Rivières', Region: 'QC' });
  });

  it('knows GeoNames places of both countries and US post-office towns', async () => {
    const [ottawa] = await lookupCity('Ottawa', 'Ontario');
    expect(ottawa).toMatchObject({ Name: 'Ottawa', Region: 'ON', CountryID: 2 });
    expect(ottawa.Latitude).toBeCloseTo(45.41, 1);
    expect(ottawa.Longitude).toBeCloseTo(-75.7, 1);
    expect(ottawa.Population).toBeGreaterThan(500_000);
    // Scarborough is a place of its own (GeoNames), not only a Toronto alias.
    expect((await lookupCity('Scarborough', 'ON'))[0].Latitude).toBeCloseTo(43.77, 1);
    // Toronto, Kansas has a post office but fewer than 1000 people: known from its ZIP code.
    expect(await lookupCity('Toronto', 'KS')).toEqual([
      expect.objectContaining({ Region: 'KS', Population: 0 }),
    ]);
    expect((await lookupCity('London')).map((p) => p.Region).slice(0, 3)).toEqual(['ON', 'OH', 'KY']);
    expect(await lookupCity('London', null, 2)).toHaveLength(1);
  });

  it('finds a postal code: Canadian FSA centroids named after their place, US ZIP centroids', async () => {
    expect(await lookupPostalCode('M6G 1A1')).toMatchObject({ Name: 'Toronto', Region: 'ON', CountryID: 2 });
    expect((await lookupPostalCode('K7L3N6'))?.Name).toBe('Kingston');
    // 'Plateau Mont-Royal Southeast' is in Montréal, not the town of Mont-Royal.
    const plateau = await lookupPostalCode('h2x 1y4');
    expect(plateau).toMatchObject({ Name: 'Montréal', Region: 'QC' });
    expect(plateau?.Latitude).toBeCloseTo(45.515, 2);
    // Two FSAs of one city have their own centroids.
    const downtown = await lookupPostalCode('M5V 2T6');
    expect(downtown?.Name).toBe('Toronto');
    expect(downtown?.Longitude).not.toBeCloseTo(plateau?.Longitude ?? 0, 1);
    expect(await lookupPostalCode('60606')).toMatchObject({ Name: 'Chicago', Region: 'IL', CountryID: 1 });
    expect(await lookupPostalCode('90210-1234')).toMatchObject({ Name: 'Beverly Hills', Region: 'CA' });
    // A ZIP whose leading zero a spreadsheet dropped.
    expect(await lookupPostalCode('2134')).toMatchObject({ Name: 'Allston', Region: 'MA' });
    expect(await lookupPostalCode('Z9Z 9Z9')).toBeNull();
    expect(await lookupPostalCode('00000')).toBeNull();
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
    expect(
      await geocodeCandidate(candidate({ City: 'Atlantis', StateProvince: 'ON' }), offline),
    ).toMatchObject({
      outcome: 'NoResults',
      message: "Row 1: no place found for 'Atlantis, ON'.",
    });
  });

  it('a city far larger than its namesakes is the one meant; long lists of namesakes are cut', async () => {
    expect(await geocodeCandidate(candidate({ City: 'Toronto' }), offline)).toMatchObject({
      outcome: 'LocatedUnsure',
      place: { Name: 'Toronto', Region: 'ON' },
    });
    const springfield = await geocodeCandidate(candidate({ City: 'Springfield' }), offline);
    expect(springfield).toMatchObject({ outcome: 'MultipleResults' });
    expect('message' in springfield && springfield.message).toMatch(
      /^Row 1: 'Springfield' could be Springfield, MO or Springfield, MA or Springfield, IL or Springfield, OR \(or \d+ more\); add the province or state\.$/,
    );
  });

  it('a postal code of another country than the row says is not used', async () => {
    expect(await geocodeCandidate(candidate({ PostalCode: '60606', CountryID: 2 }), offline)).toMatchObject({
      outcome: 'NoResults',
    });
    expect(
      await geocodeCandidate(candidate({ PostalCode: '60606', City: 'Toronto', CountryID: 2 }), offline),
    ).toMatchObject({ outcome: 'LocatedUnsure', place: { Region: 'ON' } });
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
