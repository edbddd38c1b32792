// Reads the map needs before any marker: the lead groups the user sees, the statuses of a division
// and its leads policy (marker style, note-required statuses, lead data keys). Kept per user for
// offline use (cachedRead); cached copies answer with no connection.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { DivisionLeadsPolicy, LeadGroup, LeadStatus } from '../../../contract/leads';
import { cachedRead } from '../../../offline/cached-read';

const LeadGroups = z.array(LeadGroup);
const LeadStatuses = z.array(LeadStatus);

export function leadGroupsQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['leads', 'groups', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'leads/groups',
        () => api.get('lead-groups', { signal, schema: LeadGroups }),
        (raw) => LeadGroups.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
}

export function useLeadGroups(userId: string) {
  return useQuery(leadGroupsQueryOptions(useApiClient(), userId));
}

export function leadStatusesQueryOptions(api: ApiClient, userId: string, divisionId: number | null) {
  return queryOptions({
    queryKey: ['leads', 'statuses', userId, divisionId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `leads/statuses/${divisionId}`,
        () => api.get('lead-statuses', { signal, query: { divisionId }, schema: LeadStatuses }),
        (raw) => LeadStatuses.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 30 * 60_000,
    enabled: divisionId !== null,
  });
}

export function useLeadStatuses(userId: string, divisionId: number | null) {
  return useQuery(leadStatusesQueryOptions(useApiClient(), userId, divisionId));
}

export function divisionPolicyQueryOptions(api: ApiClient, userId: string, divisionId: number | null) {
  return queryOptions({
    queryKey: ['leads', 'division-policy', userId, divisionId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `leads/division-policy/${divisionId}`,
        () => api.get(`divisions/${divisionId}/leads-policy`, { signal, schema: DivisionLeadsPolicy }),
        (raw) => DivisionLeadsPolicy.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 30 * 60_000,
    enabled: divisionId !== null,
  });
}

export function useDivisionPolicy(userId: string, divisionId: number | null) {
  return useQuery(divisionPolicyQueryOptions(useApiClient(), userId, divisionId));
}
