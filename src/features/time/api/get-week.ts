import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { WeekSummary } from '../../../contract/time';
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
        () => api.get(weekPath(date), { signal, schema: WeekSummary }),
        (raw) => WeekSummary.parse(raw),
      ),
    networkMode: 'always',
  });
}

export function useWeek(userId: string, date: string) {
  const api = useApiClient();
  return useQuery(weekQueryOptions(api, userId, date));
}
