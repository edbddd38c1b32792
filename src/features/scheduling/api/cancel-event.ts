// Cancelling an event (online: DELETE schedule-events/{id} with the Version shown). The server withdraws
// its assignments and tells the people; a stale Version is a 409 whose message is shown.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import { ScheduleEventDetail } from '../../../contract/scheduling';
import { BOARD_KEY } from './get-board-week';
import { ACTIVITY_KEY } from './get-event-activity';
import { fromWire } from './wire';

const Detail = fromWire(ScheduleEventDetail);

export function useCancelEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { eventId: number; version: number }) =>
      api.delete(`schedule-events/${p.eventId}`, { query: { version: p.version }, schema: Detail }),
    onSettled: (_data, _err, p) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
        queryClient.invalidateQueries({ queryKey: [...ACTIVITY_KEY, p.eventId] }),
      ]),
  });
}
