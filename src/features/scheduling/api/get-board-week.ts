import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { OfficeTimeSlot, ScheduleEvent, ScheduleEventWithSlots } from '../../../contract/scheduling';
import { cachedRead } from '../../../offline/cached-read';
import { addDays, combineWeek } from '../board';
import { fromWire } from './wire';

const Events = fromWire(z.array(ScheduleEvent));
const EventsWithSlots = fromWire(z.array(ScheduleEventWithSlots));
const Slots = fromWire(z.array(OfficeTimeSlot));

/** The root key of every board week (invalidated after assignments and synced drafts). */
export const BOARD_KEY = ['scheduling', 'board'] as const;

/** One office's week (Monday `start` to Sunday): its events with slots and people. */
export async function fetchBoardWeek(api: ApiClient, officeId: number, start: string, signal?: AbortSignal) {
  const range = { startDate: start, endDate: addDays(start, 6) };
  // Cancelled events stay on the board (marked), so a manager sees what was called off.
  const withCancelled = { ...range, includeCancelled: true };
  const [events, withAssignments, slots] = await Promise.all([
    api.get('schedule-events', {
      query: { icdOfficeID: officeId, ...withCancelled },
      signal,
      schema: Events,
    }),
    api.get(`icd-offices/${officeId}/assigned-schedule-events`, {
      query: withCancelled,
      signal,
      schema: EventsWithSlots,
    }),
    api.get(`icd-offices/${officeId}/schedule-event-time-slots`, {
      query: withCancelled,
      signal,
      schema: Slots,
    }),
  ]);
  return combineWeek(events, withAssignments, slots);
}

/** The board week; the last copy read is kept so the board can be read offline. */
export function boardWeekQueryOptions(api: ApiClient, userId: string, officeId: number, start: string) {
  return queryOptions({
    queryKey: [...BOARD_KEY, userId, officeId, start],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `scheduling/board/${officeId}/${start}`,
        () => fetchBoardWeek(api, officeId, start, signal),
        (raw) => EventsWithSlots.parse(raw),
      ),
    networkMode: 'always',
    // Staff answer from their phones meanwhile: read the week again every half minute while the board
    // is visible and online (TanStack pauses the interval in a background tab).
    refetchInterval: () => (navigator.onLine ? BOARD_REFRESH_MS : false),
    // And at once when the manager comes back to the board (another app, a locked tablet) or the
    // connection returns, however fresh the last read.
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

export const BOARD_REFRESH_MS = 30_000;

export function useBoardWeek(userId: string, officeId: number | null, start: string) {
  const api = useApiClient();
  return useQuery({
    ...boardWeekQueryOptions(api, userId, officeId ?? 0, start),
    enabled: !!userId && !!officeId,
  });
}
