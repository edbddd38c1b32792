// Which territory each lead lies in, kept on the lead (territory_id): computed when a lead is placed
// or moved, and for the leads of a territory's old and new box when its polygon changes.
import { and, asc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { GeoPolygon } from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { leads, territories } from '../../db/tables';
import { type Bbox, type TerritoryShape, territoryOf } from '../../domain/leads/geometry';

export async function territoryShapes(db: Db, groupId: number): Promise<TerritoryShape[]> {
  const rows = await db
    .select()
    .from(territories)
    .where(eq(territories.LeadGroupID, groupId))
    .orderBy(asc(territories.TerritoryID));
  return rows.map((r) => ({ ...r, Polygon: r.Polygon as GeoPolygon }));
}

const CHUNK = 1000;

/**
 * Recomputes TerritoryID of the group's leads inside any of `boxes` (all leads when none given).
 * Returns how many leads changed territory.
 */
export async function recomputeLeadTerritories(
  db: Db,
  groupId: number,
  boxes?: readonly Bbox[],
): Promise<number> {
  const shapes = await territoryShapes(db, groupId);
  const inBoxes: SQL | undefined = boxes?.length
    ? or(
        ...boxes.map((b) =>
          and(
            gte(leads.Latitude, b.MinLatitude),
            lte(leads.Latitude, b.MaxLatitude),
            gte(leads.Longitude, b.MinLongitude),
            lte(leads.Longitude, b.MaxLongitude),
          ),
        ),
      )
    : undefined;
  const rows = await db
    .select({
      LeadID: leads.LeadID,
      Latitude: leads.Latitude,
      Longitude: leads.Longitude,
      TerritoryID: leads.TerritoryID,
    })
    .from(leads)
    .where(and(eq(leads.LeadGroupID, groupId), inBoxes));
  const moves = new Map<number | null, number[]>();
  for (const r of rows) {
    const t = territoryOf(shapes, r.Latitude, r.Longitude);
    if (t === r.TerritoryID) continue;
    const list = moves.get(t);
    if (list) list.push(r.LeadID);
    else moves.set(t, [r.LeadID]);
  }
  let changed = 0;
  for (const [territoryId, ids] of moves) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const slice = ids.slice(i, i + CHUNK);
      await db.update(leads).set({ TerritoryID: territoryId }).where(inArray(leads.LeadID, slice));
      changed += slice.length;
    }
  }
  return changed;
}
