// A lead group's territories the user sees (the whole group, not only those in the map's view): the
// area "Save map for offline" and the offline warm-up keep the streets of. Kept per user for offline.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { Territory } from '../../../contract/leads';
import { cachedRead } from '../../../offline/cached-read';
import { getWire } from './wire-dates';

const Territories = z.array(Territory);

export function groupTerritoriesQueryOptions(api: ApiClient, userId: string, groupId: number | null) {
  return queryOptions({
    queryKey: ['leads', 'group-territories', userId, groupId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `leads/group-territories/${groupId}`,
        () => getWire(api, `lead-groups/${groupId}/territories`, Territories, { signal }),
        (raw) => Territories.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 10 * 60_000,
    enabled: groupId !== null,
  });
}

export function useGroupTerritories(userId: string, groupId: number | null) {
  return useQuery(groupTerritoriesQueryOptions(useApiClient(), userId, groupId));
}
