// What the leads map needs with no signal, kept by the offline warm-up (src/offline/warm-up.ts): the
// lead groups the rep sees, their divisions' statuses and leads policy, each group's markers and
// territories at the view the map opens with (the last view on this device, and the group's home),
// the details of the rep's assigned leads (bounded), and the map's code, worker and basemap.
import { type LeadGroup, LeadPage } from '../../contract/leads';
import {
  keep,
  keepMany,
  type OfflineScreen,
  type WarmUpContext,
  whenControlled,
} from '../../offline/warm-up';
import { groupHomeQueryOptions } from './api/get-group-home';
import { groupTerritoriesQueryOptions } from './api/get-group-territories';
import { leadCacheKey } from './api/get-lead';
import {
  divisionPolicyQueryOptions,
  leadGroupsQueryOptions,
  leadStatusesQueryOptions,
} from './api/get-lead-lookups';
import { viewportMarkersQueryOptions } from './api/get-viewport-markers';
import { territoriesBox } from './territory-box';
import { type Bbox, snapViewport } from './viewport';

/** At most this many of the rep's assigned leads are kept in detail. */
export const MAX_KEPT_LEADS = 2000;
/** Leads per page when reading them (the API's largest page). */
export const LEADS_PAGE_SIZE = 500;
/** At most this many lead groups get their markers kept. */
export const MAX_WARM_GROUPS = 10;

/** A screen size the kept view covers: a desktop's map, so a phone's (smaller) one fits inside. */
const VIEW_PX = { width: 1280, height: 900 };

interface View {
  longitude: number;
  latitude: number;
  zoom: number;
}

/** The box a map of `size` pixels (512-px tiles, as MapLibre draws) shows around `view`. */
export function viewBbox(view: View, size = VIEW_PX): Bbox {
  const world = 512 * 2 ** view.zoom;
  const lat = Math.max(-85.0511, Math.min(85.0511, view.latitude));
  const x = ((view.longitude + 180) / 360) * world;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world;
  const lngAt = (px: number) => Math.max(-180, Math.min(180, (px / world) * 360 - 180));
  const latAt = (py: number) => {
    const n = Math.PI - (2 * Math.PI * Math.max(0, Math.min(world, py))) / world;
    return (180 / Math.PI) * Math.atan(Math.sinh(n));
  };
  return {
    west: lngAt(x - size.width / 2),
    east: lngAt(x + size.width / 2),
    north: latAt(y - size.height / 2),
    south: latAt(y + size.height / 2),
  };
}

/** The views of a group the map may open with on this device (src/features/leads/leads-map-page.tsx). */
function savedView(userId: string, groupId: number): View | null {
  try {
    const all = JSON.parse(localStorage.getItem(`apex.leads.views:${userId}`) ?? 'null') as Record<
      string,
      View
    > | null;
    const v = all?.[groupId];
    return v && [v.longitude, v.latitude, v.zoom].every(Number.isFinite) ? v : null;
  } catch {
    return null;
  }
}

async function keepLeadDetails(ctx: WarmUpContext): Promise<void> {
  let kept = 0;
  for (let pageIndex = 0; kept < MAX_KEPT_LEADS; pageIndex++) {
    const pageSize = Math.min(LEADS_PAGE_SIZE, MAX_KEPT_LEADS - kept);
    const page = await ctx.api.get('leads', {
      signal: ctx.signal,
      query: { assignedRepId: Number(ctx.userId), pageSize, pageIndex },
      schema: LeadPage,
    });
    const fetchedAt = Date.now();
    // A copy read with its activity history (the card) stays while the lead has not changed since.
    const keys = page.Items.map((lead) => leadCacheKey(lead.LeadID));
    const existing = await ctx.db.cache.bulkGet(keys.map((key) => [ctx.userId, key] as [string, string]));
    const rows = page.Items.flatMap((lead, i) => {
      const old = existing[i]?.data as { Version?: number; LeadActivityHistory?: unknown } | undefined;
      if (old?.Version === lead.Version && old.LeadActivityHistory !== undefined) return [];
      return [{ key: keys[i], data: lead }];
    });
    await keepMany(ctx, rows, fetchedAt);
    kept += page.Items.length;
    if (page.Items.length < pageSize || kept >= page.TotalCount) break;
  }
}

export const offlineScreen: OfflineScreen = {
  state: 'leads.map',
  parts: () => {
    let groups: LeadGroup[] = [];
    return [
      {
        id: 'leadGroups',
        run: async (ctx) => {
          groups = (await keep(ctx, leadGroupsQueryOptions(ctx.api, ctx.userId))).data;
        },
      },
      {
        id: 'leadStatuses',
        run: async (ctx) => {
          for (const divisionId of new Set(groups.map((g) => g.DivisionID))) {
            await keep(ctx, leadStatusesQueryOptions(ctx.api, ctx.userId, divisionId));
            await keep(ctx, divisionPolicyQueryOptions(ctx.api, ctx.userId, divisionId));
          }
        },
      },
      {
        id: 'leadMarkers',
        run: async (ctx) => {
          for (const group of groups.slice(0, MAX_WARM_GROUPS)) {
            const home = (await keep(ctx, groupHomeQueryOptions(ctx.api, ctx.userId, group.LeadGroupID)))
              .data;
            const views = [savedView(ctx.userId, group.LeadGroupID), home].filter(
              (v): v is View => v !== null,
            );
            const seen = new Set<string>();
            for (const view of views) {
              const viewport = snapViewport(viewBbox(view), view.zoom);
              if (seen.has(viewport.key)) continue;
              seen.add(viewport.key);
              await keep(ctx, viewportMarkersQueryOptions(ctx.api, ctx.userId, group.LeadGroupID, viewport));
            }
          }
        },
      },
      { id: 'leadDetails', run: keepLeadDetails },
      {
        // The streets of the rep's first group (the area "Save map for offline" keeps: its territories,
        // else the view its map opens with), within a budget; nothing when the server has no street map.
        // Needs the Cache API (a browser): marked as code.
        id: 'streets',
        code: true,
        run: async (ctx) => {
          const group = groups[0];
          if (!group) return;
          const id = group.LeadGroupID;
          const area = territoriesBox(
            (await keep(ctx, groupTerritoriesQueryOptions(ctx.api, ctx.userId, id))).data,
          );
          const home = (await keep(ctx, groupHomeQueryOptions(ctx.api, ctx.userId, id))).data;
          const { keepStreets, padBox } = await import('./offline-streets');
          await keepStreets({
            userId: ctx.userId,
            label: group.Name,
            box: area ? padBox(area) : viewBbox(home),
            signal: ctx.signal,
          });
        },
      },
      {
        id: 'code',
        code: true,
        run: async () => {
          // Through the service worker, so the map's code and basemap are kept for a reload offline.
          await whenControlled();
          await import('./leads-map-page');
          await import('./map-view');
          // The map's worker and basemap: fetched through the service worker, which keeps them.
          const { MAP_ASSET_URLS } = await import('./map-assets');
          for (const url of MAP_ASSET_URLS) {
            const res = await fetch(url);
            if (!res.ok) throw new Error(`${url}: ${res.status}`);
            await res.arrayBuffer();
          }
        },
      },
    ];
  },
};
