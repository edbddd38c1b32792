// Lead groups (a division's leads of one corporation) and their geographies.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type {
  LeadGroup,
  LeadGroupCreate,
  LeadGroupGeography,
  LeadGroupGeographySave,
  LeadGroupPatch,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { corporations, divisions, leadGroupGeographies, leadGroups, leads } from '../../db/tables';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { CONFLICT_MESSAGE } from './leads-service';
import {
  canManageGroup,
  canReadGroup,
  groupFor,
  inIds,
  type LeadGroupRow,
  type LeadScope,
  leadScopeOf,
  visibleLeadsWhere,
} from './scope';

async function toWireGroups(db: Db, scope: LeadScope, rows: LeadGroupRow[]): Promise<LeadGroup[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.LeadGroupID);
  const geos = await db
    .select()
    .from(leadGroupGeographies)
    .where(inArray(leadGroupGeographies.LeadGroupID, ids))
    .orderBy(asc(leadGroupGeographies.LeadGroupGeographyID));
  const corps = new Map(
    (await db.select().from(corporations)).map((c) => [c.IcdCorporationID, c.ClientName] as const),
  );
  const visible = await visibleLeadsWhere(db, scope);
  const counts = await db
    .select({ id: leads.LeadGroupID, n: count() })
    .from(leads)
    .where(and(inArray(leads.LeadGroupID, ids), visible))
    .groupBy(leads.LeadGroupID);
  return rows.map((r) => ({
    LeadGroupID: r.LeadGroupID,
    Name: r.Name,
    DivisionID: r.DivisionID,
    IcdCorporationID: r.IcdCorporationID,
    IcdCorporationName: corps.get(r.IcdCorporationID) ?? '',
    IsActive: r.IsActive,
    Geographies: geos.filter((g) => g.LeadGroupID === r.LeadGroupID),
    LeadsCount: counts.find((c) => c.id === r.LeadGroupID)?.n ?? 0,
    Version: r.Version,
  }));
}

export async function listGroups(params: {
  db: Db;
  actor: Actor;
  divisionId?: number;
  icdCorporationId?: number;
  includeInactive?: boolean;
}): Promise<LeadGroup[]> {
  const { db, actor } = params;
  const scope = await leadScopeOf(db, actor);
  const rows = await db
    .select()
    .from(leadGroups)
    .where(
      and(
        params.divisionId === undefined ? undefined : eq(leadGroups.DivisionID, params.divisionId),
        params.icdCorporationId === undefined
          ? undefined
          : eq(leadGroups.IcdCorporationID, params.icdCorporationId),
        params.includeInactive ? undefined : eq(leadGroups.IsActive, true),
      ),
    )
    .orderBy(asc(leadGroups.Name), asc(leadGroups.LeadGroupID));
  return toWireGroups(
    db,
    scope,
    rows.filter((g) => canReadGroup(scope, g)),
  );
}

export async function getGroup(params: { db: Db; actor: Actor; groupId: number }): Promise<LeadGroup> {
  const { db, actor, groupId } = params;
  const scope = await leadScopeOf(db, actor);
  const group = await groupFor(db, scope, groupId, 'read');
  return (await toWireGroups(db, scope, [group]))[0];
}

function geographyValues(input: LeadGroupGeographySave) {
  return {
    CountryID: input.CountryID,
    StateProvince: input.StateProvince.toUpperCase(),
    City: input.City?.trim() || null,
    PostalCodePrefix: input.PostalCodePrefix?.toUpperCase().replace(/\s+/g, '') || null,
  };
}

export async function createGroup(params: {
  db: Db;
  actor: Actor;
  input: LeadGroupCreate;
}): Promise<LeadGroup> {
  const { db, actor, input } = params;
  const scope = await leadScopeOf(db, actor);
  const errors: Record<string, string[]> = {};
  const [division] = await db.select().from(divisions).where(eq(divisions.DivisionID, input.DivisionID));
  if (!division) errors.DivisionID = ['Unknown division'];
  const [corp] = await db
    .select()
    .from(corporations)
    .where(eq(corporations.IcdCorporationID, input.IcdCorporationID));
  if (!corp) errors.IcdCorporationID = ['Unknown corporation'];
  if (Object.keys(errors).length) throw badRequest('The request is not valid.', errors);
  if (!scope.canManage || !inIds(scope.manageCorps, input.IcdCorporationID)) throw forbidden();
  const group = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leadGroups)
      .values({ Name: input.Name, DivisionID: input.DivisionID, IcdCorporationID: input.IcdCorporationID })
      .returning();
    if (input.Geographies?.length)
      await tx
        .insert(leadGroupGeographies)
        .values(input.Geographies.map((g) => ({ LeadGroupID: row.LeadGroupID, ...geographyValues(g) })));
    return row;
  });
  return (await toWireGroups(db, scope, [group]))[0];
}

export async function patchGroup(params: {
  db: Db;
  actor: Actor;
  groupId: number;
  patch: LeadGroupPatch;
}): Promise<LeadGroup> {
  const { db, actor, groupId, patch } = params;
  const scope = await leadScopeOf(db, actor);
  const group = await groupFor(db, scope, groupId, 'manage');
  const conflict = async (row: LeadGroupRow) =>
    new AppError(409, CONFLICT_MESSAGE, { body: { Current: (await toWireGroups(db, scope, [row]))[0] } });
  if (patch.Version !== group.Version) throw await conflict(group);
  const [updated] = await db
    .update(leadGroups)
    .set({
      ...(patch.Name !== undefined ? { Name: patch.Name } : {}),
      ...(patch.IsActive !== undefined ? { IsActive: patch.IsActive } : {}),
      Version: group.Version + 1,
    })
    .where(and(eq(leadGroups.LeadGroupID, groupId), eq(leadGroups.Version, patch.Version)))
    .returning();
  if (!updated) throw await conflict(group);
  return (await toWireGroups(db, scope, [updated]))[0];
}

export async function addGeography(params: {
  db: Db;
  actor: Actor;
  groupId: number;
  input: LeadGroupGeographySave;
}): Promise<LeadGroupGeography> {
  const { db, actor, groupId, input } = params;
  const scope = await leadScopeOf(db, actor);
  await groupFor(db, scope, groupId, 'manage');
  const [row] = await db
    .insert(leadGroupGeographies)
    .values({ LeadGroupID: groupId, ...geographyValues(input) })
    .returning();
  return row;
}

async function geographyFor(db: Db, scope: LeadScope, groupId: number, geographyId: number) {
  const group = await groupFor(db, scope, groupId, 'read');
  if (!canManageGroup(scope, group)) throw notFound('The lead group');
  const [row] = await db
    .select()
    .from(leadGroupGeographies)
    .where(
      and(
        eq(leadGroupGeographies.LeadGroupGeographyID, geographyId),
        eq(leadGroupGeographies.LeadGroupID, groupId),
      ),
    );
  if (!row) throw notFound('The geography');
  return row;
}

export async function updateGeography(params: {
  db: Db;
  actor: Actor;
  groupId: number;
  geographyId: number;
  input: LeadGroupGeographySave;
}): Promise<LeadGroupGeography> {
  const { db, actor, groupId, geographyId, input } = params;
  const scope = await leadScopeOf(db, actor);
  const row = await geographyFor(db, scope, groupId, geographyId);
  if (input.Version === undefined) throw badRequest('The request is not valid.', { Version: ['Required'] });
  if (input.Version !== row.Version) throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: row } });
  const [updated] = await db
    .update(leadGroupGeographies)
    .set({ ...geographyValues(input), Version: row.Version + 1 })
    .where(
      and(
        eq(leadGroupGeographies.LeadGroupGeographyID, geographyId),
        eq(leadGroupGeographies.Version, input.Version),
      ),
    )
    .returning();
  if (!updated) throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: row } });
  return updated;
}

export async function deleteGeography(params: {
  db: Db;
  actor: Actor;
  groupId: number;
  geographyId: number;
}): Promise<void> {
  const { db, actor, groupId, geographyId } = params;
  const scope = await leadScopeOf(db, actor);
  await geographyFor(db, scope, groupId, geographyId);
  await db.delete(leadGroupGeographies).where(eq(leadGroupGeographies.LeadGroupGeographyID, geographyId));
}
