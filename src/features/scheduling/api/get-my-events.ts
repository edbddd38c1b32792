import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { EmployeeAssignedEvent } from '../../../contract/scheduling';
import { cachedRead } from '../../../offline/cached-read';
import { fromWire } from './wire';

const MyEvents = fromWire(z.array(EmployeeAssignedEvent));

/** The user's assigned events from `from` (YYYY-MM-DD) on, every status; kept for offline reading. */
export function myEventsQueryOptions(api: ApiClient, userId: string, from: string) {
  return queryOptions({
    queryKey: ['scheduling', 'my-events', userId, from],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'scheduling/my-events',
        () =>
          api.get(`employees/${userId}/assigned-schedule-events`, {
            query: { startDate: from },
            signal,
            schema: MyEvents,
          }),
        (raw) => MyEvents.parse(raw),
      ),
    networkMode: 'always',
  });
}

export function useMyEvents(userId: string, from: string) {
  const api = useApiClient();
  return useQuery({ ...myEventsQueryOptions(api, userId, from), enabled: !!userId });
}
