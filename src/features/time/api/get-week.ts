import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import type { WeekSummary } from '../../../contract/time';
import { cachedRead } from '../../../offline/cached-read';
import { weekPath } from './paths';

/** The user's week (Monday–Sunday) containing `date` (YYYY-MM-DD); kept for offline use. */
export function weekQueryOptions(api: ApiClient, userId: string, date: string) {
  return queryOptions({
    queryKey: ['time', 'week', userId, date],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `time/week/${date}`,
        // The server sends it through the contract's schema (server/modules/time/routes.ts): it
        // is not parsed again here, which would put the schema library on the Clock's first load.
        () => api.get<WeekSummary>(weekPath(date), { signal }),
        // A kept copy (maybe from an older app) is checked against the contract.
        async (raw) => (await import('../../../contract/time')).WeekSummary.parse(raw),
      ),
    networkMode: 'always',
  });
}

export function useWeek(userId: string, date: string) {
  const api = useApiClient();
  return useQuery(weekQueryOptions(api, userId, date));
}
