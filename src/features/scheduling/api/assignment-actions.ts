// Assigning and withdrawing people (online calls: the server decides conflicts and capacity, and its
// message is shown where the manager acted).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import { ScheduleEventAssignment } from '../../../contract/scheduling';
import { BOARD_KEY } from './get-board-week';
import { ACTIVITY_KEY } from './get-event-activity';
import { fromWire } from './wire';

const Assignment = fromWire(ScheduleEventAssignment);

function useRefreshBoard() {
  const queryClient = useQueryClient();
  return (eventId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BOARD_KEY }),
      queryClient.invalidateQueries({ queryKey: [...ACTIVITY_KEY, eventId] }),
    ]);
}

export function useAssign() {
  const api = useApiClient();
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (p: { eventId: number; timeSlotId: number; employeeId: number }) =>
      api.post(
        `schedule-events/${p.eventId}/time-slots/${p.timeSlotId}/assignments`,
        { EmployeeID: p.employeeId },
        { schema: Assignment },
      ),
    onSuccess: (_data, p) => refresh(p.eventId),
  });
}

export function useUnassign() {
  const api = useApiClient();
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (p: { eventId: number; assignmentId: number; version: number }) =>
      api.delete(`schedule-events/${p.eventId}/assignments/${p.assignmentId}`, {
        query: { version: p.version },
        schema: Assignment,
      }),
    onSettled: (_data, _err, p) => refresh(p.eventId),
  });
}
