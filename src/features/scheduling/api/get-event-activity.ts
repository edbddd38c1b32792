import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { ScheduleEventActivity } from '../../../contract/scheduling';
import { BOARD_REFRESH_MS } from './get-board-week';
import { fromWire } from './wire';

const Activity = fromWire(z.array(ScheduleEventActivity));

export const ACTIVITY_KEY = ['scheduling', 'activity'] as const;

/** The event's timeline, oldest first. */
export function eventActivityQueryOptions(api: ApiClient, eventId: number) {
  return queryOptions({
    queryKey: [...ACTIVITY_KEY, eventId],
    queryFn: ({ signal }) => api.get(`schedule-events/${eventId}/activity`, { signal, schema: Activity }),
    // Read again as often as the board while the drawer shows it (answers arrive meanwhile).
    refetchInterval: () => (navigator.onLine ? BOARD_REFRESH_MS : false),
  });
}

export function useEventActivity(eventId: number | null) {
  const api = useApiClient();
  return useQuery({ ...eventActivityQueryOptions(api, eventId ?? 0), enabled: !!eventId && eventId > 0 });
}
