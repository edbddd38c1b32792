import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { ScheduleEventDetail } from '../../../contract/scheduling';
import { fromWire } from './wire';

export const EventDetail = fromWire(ScheduleEventDetail);

export const EVENT_DETAIL_KEY = ['scheduling', 'event'] as const;

/** One event as the server has it now, with its additional hours (GET schedule-events/{id}). */
export function eventDetailQueryOptions(api: ApiClient, eventId: number) {
  return queryOptions({
    queryKey: [...EVENT_DETAIL_KEY, eventId],
    queryFn: ({ signal }) => api.get(`schedule-events/${eventId}`, { signal, schema: EventDetail }),
  });
}

export function useEventDetail(eventId: number | null, enabled = true) {
  const api = useApiClient();
  return useQuery({
    ...eventDetailQueryOptions(api, eventId ?? 0),
    enabled: enabled && !!eventId && eventId > 0,
  });
}
