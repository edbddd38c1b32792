// The map: lead markers of a viewport (GET lead-markers) and the same with the group's territories
// and their lead counts (GET lead-territories/lead-markers), computed in SQL. The routes answer from
// memory (markers-cache.ts) with the same answers; this direct computation is what the cache is tested
// against (tests/api/lead-markers-cache.test.ts). The viewport query is an equality on the
// group and ranges on latitude/longitude, served by the leads_group_position btree.
//
// Up to `limit` matching leads are answered one by one. Past it the viewport is answered on a grid
// (domain/leads/cluster-grid.ts) in one GROUP BY: per cell the count, the centroid and the counts by
// current status; a cell holding a single lead is answered as that lead. So the whole viewport is
// covered, the counts add up to every matching lead, and the payload is bounded by the grid (at most
// MAX_CELLS cells), whatever the number of leads.
import { and, count, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type {
  LeadCluster,
  LeadMarker,
  LeadMarkers,
  LeadMarkersQuery,
  LeadStatus,
  StatusBadge,
  TerritoryLeadMarkers,
  TerritoryLeadsCount,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { leads } from '../../db/tables';
import { gridZoom, rowEdges, WORLD } from '../../domain/leads/cluster-grid';
import type { Actor } from '../access/service';
import { statusBook } from './lookups';
import { canManageGroup, groupFor, type LeadScope, leadScopeOf, visibleLeadsWhere } from './scope';
import { toWireTerritories, visibleTerritories } from './territories-service';

function markerFilters(q: LeadMarkersQuery): SQL[] {
  const where: SQL[] = [eq(leads.LeadGroupID, q.leadGroupId)];
  if (q.west !== undefined && q.east !== undefined && q.south !== undefined && q.north !== undefined) {
    where.push(gte(leads.Latitude, q.south), lte(leads.Latitude, q.north));
    where.push(gte(leads.Longitude, q.west), lte(leads.Longitude, q.east));
  }
  if (q.statusIds?.length) where.push(inArray(leads.LeadStatusID, q.statusIds));
  if (q.declaredStatusIds?.length) where.push(inArray(leads.DeclaredStatusID, q.declaredStatusIds));
  if (q.territoryId !== undefined) where.push(eq(leads.TerritoryID, q.territoryId));
  return where;
}

type Badges = Map<number, StatusBadge>;

function withBadges(r: Omit<LeadMarker, 'LeadStatus' | 'DeclaredStatus'>, badges: Badges): LeadMarker {
  return {
    ...r,
    LeadStatus: r.LeadStatusID === null ? null : (badges.get(r.LeadStatusID) ?? null),
    DeclaredStatus: r.DeclaredStatusID === null ? null : (badges.get(r.DeclaredStatusID) ?? null),
  };
}

/** Whether more than `limit` leads match (reads at most limit + 1 index entries). */
async function moreThan(db: Db, where: SQL | undefined, limit: number): Promise<boolean> {
  const probe = db
    .select({ one: sql`1` })
    .from(leads)
    .where(where)
    .limit(limit + 1)
    .as('probe');
  const [row] = await db.select({ n: count() }).from(probe);
  return (row?.n ?? 0) > limit;
}

/**
 * The matching leads counted per grid cell, with the counts by current status (the statuses of the
 * group's division; a lead's status always is one of them). Cells of a single lead come back as
 * that lead.
 */
async function grouped(
  db: Db,
  where: SQL | undefined,
  query: LeadMarkersQuery,
  statuses: readonly LeadStatus[],
  badges: Badges,
): Promise<{ singles: LeadMarker[]; clusters: LeadCluster[] }> {
  const box =
    query.west !== undefined &&
    query.south !== undefined &&
    query.east !== undefined &&
    query.north !== undefined
      ? { west: query.west, south: query.south, east: query.east, north: query.north }
      : undefined;
  const zoom = gridZoom({ zoom: query.zoom, box });
  // Numbers are written into the SQL text (not bound) so that GROUP BY repeats the select expressions.
  const num = (v: number) => sql.raw(String(v));
  const x = sql<number>`least(greatest(floor((${leads.Longitude} + 180) / 360 * ${num(2 ** zoom)}), 0), ${num(2 ** zoom - 1)})::int`;
  // The row: a binary search among the box's row edges (the mercator formula per lead costs more).
  const rows = rowEdges(box ?? WORLD, zoom);
  const y =
    rows.edges.length === 0
      ? sql<number>`${num(rows.top)}::int`
      : sql<number>`(${num(rows.bottom)} - width_bucket(${leads.Latitude}, array[${sql.raw(rows.edges.map(String).join(','))}]::float8[]))`;
  const ids = [null, ...statuses.map((s) => s.LeadStatusID)];
  const byStatus = sql.join(
    ids.map((id) =>
      id === null
        ? sql`count(*) filter (where ${leads.LeadStatusID} is null)`
        : sql`count(*) filter (where ${leads.LeadStatusID} = ${sql.raw(String(Math.trunc(id)))})`,
    ),
    sql`, `,
  );
  const cells = await db
    .select({
      X: x,
      Y: y,
      Count: sql<number>`count(*)::int`.mapWith(Number),
      Latitude: sql<number>`avg(${leads.Latitude})`.mapWith(Number),
      Longitude: sql<number>`avg(${leads.Longitude})`.mapWith(Number),
      LeadID: sql<number>`min(${leads.LeadID})`.mapWith(Number),
      DeclaredStatusID: sql<number | null>`max(${leads.DeclaredStatusID})`,
      TerritoryID: sql<number | null>`max(${leads.TerritoryID})`,
      Counts: sql<number[]>`array[${byStatus}]::int[]`,
    })
    .from(leads)
    .where(where)
    .groupBy(x, y)
    .orderBy(y, x);
  const singles: LeadMarker[] = [];
  const clusters: LeadCluster[] = [];
  for (const r of cells) {
    const counts = r.Counts.map(Number);
    const StatusCounts = ids.flatMap((LeadStatusID, i) =>
      counts[i] > 0 ? [{ LeadStatusID, Count: counts[i] }] : [],
    );
    if (r.Count === 1 && singles.length < query.limit) {
      singles.push(
        withBadges(
          {
            LeadID: r.LeadID,
            Latitude: r.Latitude,
            Longitude: r.Longitude,
            LeadStatusID: StatusCounts[0]?.LeadStatusID ?? null,
            DeclaredStatusID: r.DeclaredStatusID === null ? null : Number(r.DeclaredStatusID),
            TerritoryID: r.TerritoryID === null ? null : Number(r.TerritoryID),
          },
          badges,
        ),
      );
    } else {
      clusters.push({
        Zoom: zoom,
        X: Number(r.X),
        Y: Number(r.Y),
        Latitude: r.Latitude,
        Longitude: r.Longitude,
        Count: r.Count,
        StatusCounts,
      });
    }
  }
  return { singles, clusters };
}

async function markersFor(db: Db, scope: LeadScope, query: LeadMarkersQuery) {
  const group = await groupFor(db, scope, query.leadGroupId, 'read');
  // Whoever manages the group's corporation sees every lead of the group: no condition per row (it
  // would cost a semi-join over every lead of a grouped viewport).
  const visible = canManageGroup(scope, group)
    ? undefined
    : await visibleLeadsWhere(db, scope, group.LeadGroupID);
  const where = and(...markerFilters(query), visible);
  const statuses = await statusBook(db, group.DivisionID);
  const badges: Badges = new Map();
  for (const s of statuses.list) badges.set(s.LeadStatusID, { Name: s.Name, Color: s.Color });
  let result: LeadMarkers;
  if (await moreThan(db, where, query.limit)) {
    const { singles, clusters } = await grouped(db, where, query, statuses.list, badges);
    result = { Leads: singles, LeadStatuses: statuses.list, Truncated: true, Clusters: clusters };
  } else {
    const rows = await db
      .select({
        LeadID: leads.LeadID,
        Latitude: leads.Latitude,
        Longitude: leads.Longitude,
        LeadStatusID: leads.LeadStatusID,
        DeclaredStatusID: leads.DeclaredStatusID,
        TerritoryID: leads.TerritoryID,
      })
      .from(leads)
      .where(where)
      .limit(query.limit);
    result = {
      Leads: rows.map((r) => withBadges(r, badges)),
      LeadStatuses: statuses.list,
      Truncated: false,
      Clusters: [],
    };
  }
  return { group, visible, result };
}

export async function leadMarkers(params: {
  db: Db;
  actor: Actor;
  query: LeadMarkersQuery;
}): Promise<LeadMarkers> {
  const { db, actor, query } = params;
  return (await markersFor(db, await leadScopeOf(db, actor), query)).result;
}

/**
 * Markers plus the territories the caller sees and, per territory, how many leads (visible to the
 * caller) it holds — over the whole territory, not only the viewport — by current status.
 */
export async function territoryLeadMarkers(params: {
  db: Db;
  actor: Actor;
  query: LeadMarkersQuery;
}): Promise<TerritoryLeadMarkers> {
  const { db, actor, query } = params;
  const scope = await leadScopeOf(db, actor);
  const { group, visible, result } = await markersFor(db, scope, query);
  const shown = await visibleTerritories(db, scope, group.LeadGroupID);
  const ids = shown.map((t) => t.TerritoryID);
  const counts = ids.length
    ? await db
        .select({ TerritoryID: leads.TerritoryID, LeadStatusID: leads.LeadStatusID, n: count() })
        .from(leads)
        .where(
          and(
            eq(leads.LeadGroupID, group.LeadGroupID),
            isNotNull(leads.TerritoryID),
            inArray(leads.TerritoryID, ids),
            visible,
          ),
        )
        .groupBy(leads.TerritoryID, leads.LeadStatusID)
    : [];
  const TerritoriesLeadsCounts: TerritoryLeadsCount[] = ids.map((TerritoryID) => {
    const mine = counts.filter((c) => c.TerritoryID === TerritoryID);
    return {
      TerritoryID,
      LeadsCount: mine.reduce((sum, c) => sum + c.n, 0),
      StatusCounts: mine.map((c) => ({ LeadStatusID: c.LeadStatusID, Count: c.n })),
    };
  });
  return { ...result, Territories: await toWireTerritories(db, shown), TerritoriesLeadsCounts };
}
