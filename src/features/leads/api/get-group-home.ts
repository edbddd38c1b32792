// Where the map opens for a lead group the user has not looked at yet on this device: the middle of
// its territories the user sees, else of its first lead, else the middle of the continent. Kept per
// user for offline use.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { LeadPage, Territory } from '../../../contract/leads';
import { cachedRead } from '../../../offline/cached-read';
import { territoriesBox } from '../territory-box';
import { getWire } from './wire-dates';

export const GroupHome = z.object({ longitude: z.number(), latitude: z.number(), zoom: z.number() });
export type GroupHome = z.infer<typeof GroupHome>;

export const CONTINENT: GroupHome = { longitude: -96, latitude: 50, zoom: 3 };

/** The middle of the territories' extent, zoomed so it fits a phone screen roughly. */
export function homeOfTerritories(territories: readonly Territory[]): GroupHome | null {
  const box = territoriesBox(territories);
  if (!box) return null;
  const { west, east, south, north } = box;
  const span = Math.max(east - west, (north - south) * 1.4, 0.002);
  const zoom = Math.max(3, Math.min(17, Math.log2(360 / span) - 0.6));
  return { longitude: (west + east) / 2, latitude: (south + north) / 2, zoom: Math.round(zoom * 10) / 10 };
}

async function fetchHome(api: ApiClient, groupId: number, signal?: AbortSignal): Promise<GroupHome> {
  const territories = await getWire(api, `lead-groups/${groupId}/territories`, z.array(Territory), {
    signal,
  });
  const fromTerritories = homeOfTerritories(territories);
  if (fromTerritories) return fromTerritories;
  const page = await api.get('leads', {
    signal,
    query: { leadGroupId: groupId, pageSize: 1 },
    schema: LeadPage,
  });
  const first = page.Items[0];
  return first ? { longitude: first.Longitude, latitude: first.Latitude, zoom: 15 } : CONTINENT;
}

export function groupHomeQueryOptions(api: ApiClient, userId: string, groupId: number | null) {
  return queryOptions({
    queryKey: ['leads', 'group-home', userId, groupId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `leads/group-home/${groupId}`,
        () => fetchHome(api, groupId!, signal),
        (raw) => GroupHome.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 60 * 60_000,
    enabled: groupId !== null,
  });
}

export function useGroupHome(userId: string, groupId: number | null) {
  return useQuery(groupHomeQueryOptions(useApiClient(), userId, groupId));
}
