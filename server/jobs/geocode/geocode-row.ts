// Where an imported row is: its own coordinates (Located); a street address through the geocoding
// service when one is configured (Located, or MultipleResults when it finds distinct places); else
// the offline gazetteer by postal code (US ZIP, Canadian FSA) or city (LocatedUnsure, or
// MultipleResults when a city name is ambiguous, e.g. 'Vancouver' with no province/state, unless the
// lead group's provinces/states or a far larger namesake settle it); nothing → NoResults.
import { GeocodeOutcome } from '../../../src/contract/leads';
import { distanceMeters } from '../../domain/leads/geometry';
import type { LeadCandidate } from '../../domain/leads/import-rows';
import { loadGazetteer, normalizeRegion, type Place } from './gazetteer';
import type { Geocoder } from './nominatim';

export type Geocoded =
  | { outcome: 'Located' | 'LocatedUnsure'; Latitude: number; Longitude: number; place?: Place }
  | { outcome: 'NoResults' | 'MultipleResults'; message: string };

export interface GeocodeContext {
  geocoder: Geocoder | null;
  /** Province/state codes of the lead group's geographies: they settle ambiguous city names. */
  preferredRegions: ReadonlySet<string>;
  /** Told once per failure of the geocoding service (the row falls back to the gazetteer). */
  onServiceError?: (error: unknown) => void;
}

/** Hits closer than this are the same place. */
const SAME_PLACE_METERS = 150;
/**
 * A city this many times as populous as each of its namesakes is the one meant ('Toronto' is not
 * Toronto, Ohio; 'London' stays ambiguous between Ontario, Ohio and Kentucky). Post-office towns
 * missing from GeoNames count as 1000 people.
 */
const DOMINANT_RATIO = 100;
const SMALL_TOWN = 1000;
/** Candidates named in a MultipleResults message. */
const LISTED = 4;

export async function geocodeCandidate(c: LeadCandidate, ctx: GeocodeContext): Promise<Geocoded> {
  const where = `Row ${c.RowNumber}`;
  if (c.Latitude !== null && c.Longitude !== null)
    return { outcome: GeocodeOutcome.Located, Latitude: c.Latitude, Longitude: c.Longitude };

  if (c.StreetLine1 && ctx.geocoder) {
    try {
      const hits = await ctx.geocoder.search({
        StreetLine1: c.StreetLine1,
        City: c.City,
        StateProvince: c.StateProvince,
        PostalCode: c.PostalCode,
        CountryID: c.CountryID,
      });
      if (hits.length > 0) {
        const first = hits[0];
        const distinct = hits.some(
          (h) => distanceMeters(first.Latitude, first.Longitude, h.Latitude, h.Longitude) > SAME_PLACE_METERS,
        );
        if (!distinct)
          return { outcome: GeocodeOutcome.Located, Latitude: first.Latitude, Longitude: first.Longitude };
        return {
          outcome: GeocodeOutcome.MultipleResults,
          message: `${where}: '${c.StreetLine1}' matches several places (${hits
            .slice(0, 3)
            .map((h) => h.DisplayName || `${h.Latitude},${h.Longitude}`)
            .join('; ')}).`,
        };
      }
    } catch (error) {
      ctx.onServiceError?.(error);
    }
  }

  if (!c.PostalCode && !c.City) return noResults(c);
  const gazetteer = await loadGazetteer();
  if (c.PostalCode) {
    const place = gazetteer.lookupPostalCode(c.PostalCode);
    if (place && (!c.CountryID || c.CountryID === place.CountryID))
      return {
        outcome: GeocodeOutcome.LocatedUnsure,
        Latitude: place.Latitude,
        Longitude: place.Longitude,
        place,
      };
  }

  if (c.City) {
    let places = gazetteer.lookupCity(c.City, c.StateProvince, c.CountryID);
    if (places.length > 1 && ctx.preferredRegions.size > 0) {
      const preferred = places.filter((p) => ctx.preferredRegions.has(normalizeRegion(p.Region)));
      if (preferred.length > 0) places = preferred;
    }
    if (places.length > 1) {
      // Most populous first.
      const size = (p: Place) => Math.max(p.Population, SMALL_TOWN);
      if (places.slice(1).every((p) => size(places[0]) >= DOMINANT_RATIO * size(p))) places = [places[0]];
    }
    if (places.length === 1) {
      const place = places[0];
      return {
        outcome: GeocodeOutcome.LocatedUnsure,
        Latitude: place.Latitude,
        Longitude: place.Longitude,
        place,
      };
    }
    if (places.length > 1)
      return {
        outcome: GeocodeOutcome.MultipleResults,
        message: `${where}: '${c.City}' could be ${places
          .slice(0, LISTED)
          .map((p) => `${p.Name}, ${p.Region}`)
          .join(' or ')}${
          places.length > LISTED ? ` (or ${places.length - LISTED} more)` : ''
        }; add the province or state.`,
      };
  }
  return noResults(c);
}

function noResults(c: LeadCandidate): Geocoded {
  const what = [c.StreetLine1, c.City, c.StateProvince, c.PostalCode].filter(Boolean).join(', ');
  return { outcome: GeocodeOutcome.NoResults, message: `Row ${c.RowNumber}: no place found for '${what}'.` };
}
