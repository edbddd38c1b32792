// The map: lead markers of a viewport (GET lead-markers) and the same with the group's territories
// and their lead counts (GET lead-territories/lead-markers). The viewport query is an equality on the
// group and ranges on latitude/longitude, served by the leads_group_position btree.
import { and, count, eq, gte, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type {
  LeadMarker,
  LeadMarkers,
  LeadMarkersQuery,
  StatusBadge,
  TerritoryLeadMarkers,
  TerritoryLeadsCount,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { leads } from '../../db/tables';
import type { Actor } from '../access/service';
import { statusBook } from './lookups';
import { groupFor, type LeadScope, leadScopeOf, visibleLeadsWhere } from './scope';
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

async function markersFor(db: Db, scope: LeadScope, query: LeadMarkersQuery) {
  const group = await groupFor(db, scope, query.leadGroupId, 'read');
  const visible = await visibleLeadsWhere(db, scope, group.LeadGroupID);
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
    .where(and(...markerFilters(query), visible))
    .limit(query.limit + 1);
  const statuses = await statusBook(db, group.DivisionID);
  const badges = new Map<number, StatusBadge>();
  for (const s of statuses.list) badges.set(s.LeadStatusID, { Name: s.Name, Color: s.Color });
  const truncated = rows.length > query.limit;
  const Leads: LeadMarker[] = (truncated ? rows.slice(0, query.limit) : rows).map((r) => ({
    ...r,
    LeadStatus: r.LeadStatusID === null ? null : (badges.get(r.LeadStatusID) ?? null),
    DeclaredStatus: r.DeclaredStatusID === null ? null : (badges.get(r.DeclaredStatusID) ?? null),
  }));
  return {
    group,
    visible,
    result: { Leads, LeadStatuses: statuses.list, Truncated: truncated } satisfies LeadMarkers,
  };
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
