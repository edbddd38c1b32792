// Team and member changes (online). A stale Version answers 409 with the current member; the screen
// shows that message and reloads the team.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import {
  TeamDetail,
  TeamMember,
  type TeamMemberSave,
  type TeamMemberUpdate,
  type TeamSave,
  type TeamUpdate,
} from '../../../contract/teams';
import { TEAMS_KEY } from './get-teams';

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
}

export function useCreateTeam() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TeamSave) => api.post('teams', body, { schema: TeamDetail }),
    onSuccess: invalidate,
  });
}

export function useAddMember() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { teamId: number; body: TeamMemberSave }) =>
      api.post(`teams/${p.teamId}/team-members`, p.body, { schema: TeamMember }),
    onSuccess: invalidate,
  });
}

export function useUpdateMember() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { teamId: number; employeeId: number; body: TeamMemberUpdate }) =>
      api.put(`teams/${p.teamId}/team-members/${p.employeeId}`, p.body, { schema: TeamMember }),
    onSettled: invalidate,
  });
}

export function useRemoveMember() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { teamId: number; employeeId: number }) =>
      api.delete(`teams/${p.teamId}/team-members/${p.employeeId}`),
    onSettled: invalidate,
  });
}

export function useRenameTeam() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { teamId: number; body: TeamUpdate }) =>
      api.put(`teams/${p.teamId}`, p.body, { schema: TeamDetail }),
    onSettled: invalidate,
  });
}

export function useDeleteTeam() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { teamId: number; version: number }) =>
      api.delete(`teams/${p.teamId}`, { query: { version: p.version } }),
    onSettled: invalidate,
  });
}
