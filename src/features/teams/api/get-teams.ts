import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { QualifyingEmployee } from '../../../contract/scheduling';
import { Team, TeamDetail } from '../../../contract/teams';

export const TEAMS_KEY = ['teams'] as const;

/** Every team of the offices the caller manages (an office filter is applied on the screen). */
export function teamsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...TEAMS_KEY, 'list'],
    queryFn: ({ signal }) => api.get('teams', { signal, schema: z.array(Team) }),
  });
}

export function useTeams() {
  const api = useApiClient();
  return useQuery(teamsQueryOptions(api));
}

/** A team with its members. */
export function teamQueryOptions(api: ApiClient, teamId: number) {
  return queryOptions({
    queryKey: [...TEAMS_KEY, 'detail', teamId],
    queryFn: ({ signal }) => api.get(`teams/${teamId}`, { signal, schema: TeamDetail }),
  });
}

export function useTeam(teamId: number) {
  const api = useApiClient();
  return useQuery({ ...teamQueryOptions(api, teamId), enabled: teamId > 0 });
}

const Office = z.object({ IcdOfficeID: z.number().int(), OfficeName: z.string() });
export type TeamOffice = z.infer<typeof Office>;

/**
 * The offices the caller manages teams for: those of the teams, and those with schedule events in the
 * coming months (an office without a team yet can get its first one).
 */
export function teamOfficesQueryOptions(api: ApiClient, from: string, to: string) {
  return queryOptions({
    queryKey: [...TEAMS_KEY, 'offices', from, to],
    queryFn: async ({ signal }) => {
      const [teams, events] = await Promise.all([
        api.get('teams', { signal, schema: z.array(Team) }),
        api.get('schedule-events', {
          query: { startDate: from, endDate: to },
          signal,
          schema: z.array(Office),
        }),
      ]);
      const byId = new Map<number, TeamOffice>();
      for (const o of [...teams, ...events])
        byId.set(o.IcdOfficeID, { IcdOfficeID: o.IcdOfficeID, OfficeName: o.OfficeName });
      return [...byId.values()].sort((a, b) => a.OfficeName.localeCompare(b.OfficeName));
    },
    staleTime: 5 * 60_000,
  });
}

export function useTeamOffices(from: string, to: string) {
  const api = useApiClient();
  return useQuery(teamOfficesQueryOptions(api, from, to));
}

/** People who may join a team of the office (an active employment record there). */
export function useTeamCandidates(officeId: number | null, day: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...TEAMS_KEY, 'candidates', officeId, day],
    queryFn: ({ signal }) =>
      api.post(
        'RSSchedule/ListQualifyingEmployees',
        { IcdOfficeID: officeId, StartDate: day, EndDate: day },
        { signal, schema: z.array(QualifyingEmployee) },
      ),
    enabled: enabled && !!officeId,
    staleTime: 5 * 60_000,
  });
}
