import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import type { ClockLookups } from '../../../contract/time';
import { cachedRead } from '../../../offline/cached-read';
import { CLOCK_LOOKUPS_PATH } from './paths';

/** Offices, programs, stores and entry types the clock offers; kept for offline use. */
export function clockLookupsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['time', 'clock-lookups', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'time/clock-lookups',
        // The server sends it through the contract's schema (server/modules/time/routes.ts): it
        // is not parsed again here, which would put the schema library on the Clock's first load.
        () => api.get<ClockLookups>(CLOCK_LOOKUPS_PATH, { signal }),
        // A kept copy (maybe from an older app) is checked against the contract.
        async (raw) => (await import('../../../contract/time')).ClockLookups.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
}

export function useClockLookups(userId: string) {
  const api = useApiClient();
  return useQuery(clockLookupsQueryOptions(api, userId));
}
