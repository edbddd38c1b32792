// Saving an event's additional hours (online: PUT schedule-events/{id}/additional-hours with the
// Version read). The whole list is replaced; a stale Version is a 409 carrying the current event.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import type { AdditionalHoursSave } from '../../../contract/scheduling';
import { BOARD_KEY } from './get-board-week';
import { ACTIVITY_KEY } from './get-event-activity';
import { EVENT_DETAIL_KEY, EventDetail } from './get-event-detail';

export function useSaveAdditionalHours() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { eventId: number; body: AdditionalHoursSave }) =>
      api.put(`schedule-events/${p.eventId}/additional-hours`, p.body, { schema: EventDetail }),
    onSuccess: (detail, p) => queryClient.setQueryData([...EVENT_DETAIL_KEY, p.eventId], detail),
    onSettled: (_data, err, p) =>
      Promise.all([
        // The event's Version changed: the board's copy (and an edit started from it) must follow.
        queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
        queryClient.invalidateQueries({ queryKey: [...ACTIVITY_KEY, p.eventId] }),
        // Refused (e.g. someone saved meanwhile): read what the server has now.
        err ? queryClient.invalidateQueries({ queryKey: [...EVENT_DETAIL_KEY, p.eventId] }) : null,
      ]),
  });
}
