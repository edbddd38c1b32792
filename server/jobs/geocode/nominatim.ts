// A street-address geocoder over a Nominatim-style HTTP service (GEOCODER_URL, e.g.
// https://nominatim.example.org/search): structured query, JSON answer [{ lat, lon, display_name }].
// Requests are spaced (Nominatim's usage policy asks for at most one per second) and time out.
// Never called in tests: the worker uses it only when GEOCODER_URL is set.
import { z } from 'zod';

export interface AddressQuery {
  StreetLine1: string;
  City: string | null;
  StateProvince: string | null;
  PostalCode: string | null;
  CountryID: number | null;
}

export interface GeocoderHit {
  Latitude: number;
  Longitude: number;
  DisplayName: string;
}

export interface Geocoder {
  search(query: AddressQuery): Promise<GeocoderHit[]>;
}

const Answer = z.array(
  z.object({ lat: z.coerce.number(), lon: z.coerce.number(), display_name: z.string().optional() }),
);

export interface NominatimOptions {
  url: string;
  fetchImpl?: typeof fetch;
  /** Minimum time between two requests (default 1000 ms). */
  minIntervalMs?: number;
  timeoutMs?: number;
  userAgent?: string;
  sleep?: (ms: number) => Promise<void>;
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const fetchImpl = options.fetchImpl ?? fetch;
  const minInterval = options.minIntervalMs ?? 1000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let last = 0;
  return {
    async search(query) {
      const wait = last + minInterval - Date.now();
      if (wait > 0) await sleep(wait);
      last = Date.now();
      const url = new URL(options.url);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', '3');
      url.searchParams.set('street', query.StreetLine1);
      if (query.City) url.searchParams.set('city', query.City);
      if (query.StateProvince) url.searchParams.set('state', query.StateProvince);
      if (query.PostalCode) url.searchParams.set('postalcode', query.PostalCode);
      url.searchParams.set(
        'countrycodes',
        query.CountryID === 1 ? 'us' : query.CountryID === 2 ? 'ca' : 'ca,us',
      );
      const res = await fetchImpl(url, {
        headers: { accept: 'application/json', 'user-agent': options.userAgent ?? 'Apex lead import' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!res.ok) throw new Error(`The geocoding service answered ${res.status}.`);
      const parsed = Answer.safeParse(await res.json());
      if (!parsed.success) throw new Error('The geocoding service sent an answer that is not understood.');
      return parsed.data
        .filter((h) => Number.isFinite(h.lat) && Number.isFinite(h.lon))
        .map((h) => ({ Latitude: h.lat, Longitude: h.lon, DisplayName: h.display_name ?? '' }));
    },
  };
}
