// Markers of a viewport (GET lead-territories/lead-markers: markers — or, past the limit, clusters on
// a grid sized from the map's zoom — territories and their lead counts), asked for as the map moves.
// Each answer is kept per user, group and viewport; the last VIEWPORT_CACHE_SIZE viewports of each
// group stay, so the territories last viewed remain readable offline. With no connection the answer
// is the union of every kept viewport of the group (unionViewports: no lead counted twice).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { TerritoryLeadMarkers } from '../../../contract/leads';
import { getDb, readCache, type UserId, withReopen, writeCache } from '../../../offline/db';
import { type CachedViewport, unionViewports } from '../merge-markers';
import type { SnappedViewport } from '../viewport';
import { getWire } from './wire-dates';

export const VIEWPORT_CACHE_SIZE = 30;

export interface ViewportMarkers {
  data: TerritoryLeadMarkers;
  /** Epoch ms of the (newest) server answer behind `data`. */
  fetchedAt: number;
  /** Offline: the union of the kept viewports. */
  fromCache: boolean;
  /** How many viewports the offline answer is made of. */
  viewports: number;
}

interface IndexEntry {
  key: string;
  at: number;
}

const indexKey = (groupId: number) => `leads/markers-index/${groupId}`;
const viewportKey = (groupId: number, key: string) => `leads/markers/${groupId}/${key}`;

function isNetworkFailure(err: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const name = (err as { name?: string } | null)?.name ?? '';
  return name === 'AbortedConnectionError' || name === 'TypeError';
}

async function readIndex(userId: UserId, groupId: number): Promise<IndexEntry[]> {
  const row = await readCache<IndexEntry[]>(userId, indexKey(groupId));
  return Array.isArray(row?.data) ? row.data : [];
}

/** Keeps the answer and moves its viewport to the front; forgets the oldest beyond the limit. */
export async function rememberViewport(
  userId: UserId,
  groupId: number,
  key: string,
  data: TerritoryLeadMarkers,
  at: number,
  limit = VIEWPORT_CACHE_SIZE,
): Promise<void> {
  await writeCache(userId, viewportKey(groupId, key), data, at);
  const index = [{ key, at }, ...(await readIndex(userId, groupId)).filter((e) => e.key !== key)];
  const dropped = index.slice(limit);
  await writeCache(userId, indexKey(groupId), index.slice(0, limit), at);
  if (dropped.length > 0) {
    const db = getDb();
    await withReopen(db, () =>
      db.cache.bulkDelete(dropped.map((e) => [userId, viewportKey(groupId, e.key)] as [string, string])),
    );
  }
}

/** Every kept viewport of the group, merged (newest copy of each lead wins). */
export async function readCachedViewports(userId: UserId, groupId: number): Promise<ViewportMarkers | null> {
  const index = await readIndex(userId, groupId);
  const entries: CachedViewport[] = [];
  for (const e of index) {
    const row = await readCache<unknown>(userId, viewportKey(groupId, e.key));
    const parsed = TerritoryLeadMarkers.safeParse(row?.data);
    if (row && parsed.success) entries.push({ key: e.key, fetchedAt: row.fetchedAt, data: parsed.data });
  }
  if (entries.length === 0) return null;
  return {
    data: unionViewports(entries),
    fetchedAt: Math.max(...entries.map((e) => e.fetchedAt)),
    fromCache: true,
    viewports: entries.length,
  };
}

export async function fetchViewportMarkers(params: {
  api: ApiClient;
  userId: UserId;
  groupId: number;
  viewport: SnappedViewport;
  signal?: AbortSignal;
}): Promise<ViewportMarkers> {
  const { api, userId, groupId, viewport, signal } = params;
  try {
    const data = await getWire(api, 'lead-territories/lead-markers', TerritoryLeadMarkers, {
      signal,
      query: { leadGroupId: groupId, ...viewport.bbox, zoom: viewport.zoom },
    });
    const fetchedAt = Date.now();
    await rememberViewport(userId, groupId, viewport.key, data, fetchedAt).catch(() => undefined);
    return { data, fetchedAt, fromCache: false, viewports: 1 };
  } catch (err) {
    if (!isNetworkFailure(err)) throw err;
    const cached = await readCachedViewports(userId, groupId);
    if (!cached) throw err;
    return cached;
  }
}

export function viewportMarkersQueryOptions(
  api: ApiClient,
  userId: string,
  groupId: number | null,
  viewport: SnappedViewport | null,
) {
  return queryOptions({
    queryKey: ['leads', 'markers', userId, groupId, viewport?.key ?? null],
    queryFn: ({ signal }) =>
      fetchViewportMarkers({ api, userId, groupId: groupId!, viewport: viewport!, signal }),
    enabled: groupId !== null && viewport !== null,
    networkMode: 'always',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useViewportMarkers(userId: string, groupId: number | null, viewport: SnappedViewport | null) {
  return useQuery(viewportMarkersQueryOptions(useApiClient(), userId, groupId, viewport));
}
