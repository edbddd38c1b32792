// Territories (polygons of a lead group), which office/team works each one (with history), and the
// lead office teams.
import { and, asc, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type {
  GeoPolygon,
  LeadOfficeTeam,
  LeadOfficeTeamSave,
  Territory,
  TerritoryCreate,
  TerritoryOffice,
  TerritoryOfficeAssign,
  TerritoryUpdate,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import {
  employees,
  icdOffices,
  leadGroups,
  leadOfficeTeams,
  territories,
  territoryOffices,
} from '../../db/tables';
import { bboxOf, GeometryError, normalizePolygon } from '../../domain/leads/geometry';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { CONFLICT_MESSAGE } from './leads-service';
import {
  canManageGroup,
  canManageOffice,
  canReadGroup,
  currentAssignment,
  groupFor,
  type LeadScope,
  leadScopeOf,
  today,
  workedTerritoryIds,
} from './scope';
import { recomputeLeadTerritories } from './territory-shapes';

type TerritoryRow = typeof territories.$inferSelect;

/** Assignment rows with names, optionally only those in effect today. */
async function officeRows(
  db: Db,
  where: ReturnType<typeof and>,
  onlyCurrent: boolean,
): Promise<TerritoryOffice[]> {
  const rows = await db
    .select({
      TerritoryOfficeID: territoryOffices.TerritoryOfficeID,
      TerritoryID: territoryOffices.TerritoryID,
      TerritoryName: territories.Name,
      LeadGroupID: territories.LeadGroupID,
      IcdOfficeID: territoryOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      LeadOfficeTeamID: territoryOffices.LeadOfficeTeamID,
      LeadOfficeTeamName: leadOfficeTeams.Name,
      FromDate: territoryOffices.FromDate,
      ToDate: territoryOffices.ToDate,
      AssignedByEmployeeID: territoryOffices.AssignedByEmployeeID,
    })
    .from(territoryOffices)
    .innerJoin(territories, eq(territories.TerritoryID, territoryOffices.TerritoryID))
    .leftJoin(icdOffices, eq(icdOffices.IcdOfficeID, territoryOffices.IcdOfficeID))
    .leftJoin(leadOfficeTeams, eq(leadOfficeTeams.LeadOfficeTeamID, territoryOffices.LeadOfficeTeamID))
    .where(and(where, onlyCurrent ? currentAssignment(today()) : undefined))
    .orderBy(
      asc(territoryOffices.TerritoryID),
      desc(territoryOffices.FromDate),
      desc(territoryOffices.TerritoryOfficeID),
    );
  return rows;
}

export async function toWireTerritories(db: Db, rows: TerritoryRow[]): Promise<Territory[]> {
  const ids = rows.map((r) => r.TerritoryID);
  const current = ids.length
    ? await officeRows(db, and(inArray(territoryOffices.TerritoryID, ids)), true)
    : [];
  return rows.map((r) => ({
    TerritoryID: r.TerritoryID,
    LeadGroupID: r.LeadGroupID,
    Name: r.Name,
    Color: r.Color,
    Polygon: r.Polygon as GeoPolygon,
    // Rows come newest first; the first in effect today is current (office null = unassigned).
    CurrentOffice: current.find((c) => c.TerritoryID === r.TerritoryID && c.IcdOfficeID !== null) ?? null,
    Version: r.Version,
  }));
}

/** Territories of a group the caller sees: all for managers, the ones they work for reps. */
export async function visibleTerritories(db: Db, scope: LeadScope, groupId: number): Promise<TerritoryRow[]> {
  const group = await groupFor(db, scope, groupId, 'read');
  const all = await db
    .select()
    .from(territories)
    .where(eq(territories.LeadGroupID, groupId))
    .orderBy(asc(territories.Name), asc(territories.TerritoryID));
  if (canManageGroup(scope, group)) return all;
  const worked = await workedTerritoryIds(db, scope, groupId);
  return worked === 'all' ? all : all.filter((t) => worked.includes(t.TerritoryID));
}

export async function listGroupTerritories(params: { db: Db; actor: Actor; groupId: number }) {
  const { db, actor, groupId } = params;
  const scope = await leadScopeOf(db, actor);
  return toWireTerritories(db, await visibleTerritories(db, scope, groupId));
}

function checkedPolygon(polygon: GeoPolygon): GeoPolygon {
  try {
    return normalizePolygon(polygon);
  } catch (error) {
    if (error instanceof GeometryError)
      throw badRequest('The request is not valid.', { Polygon: [error.message] });
    throw error;
  }
}

async function territoryFor(db: Db, scope: LeadScope, id: number): Promise<TerritoryRow> {
  const [row] = await db.select().from(territories).where(eq(territories.TerritoryID, id)).limit(1);
  if (!row) throw notFound('The territory');
  await groupFor(db, scope, row.LeadGroupID, 'manage');
  return row;
}

export async function createTerritory(params: {
  db: Db;
  actor: Actor;
  input: TerritoryCreate;
}): Promise<Territory> {
  const { db, actor, input } = params;
  const scope = await leadScopeOf(db, actor);
  await groupFor(db, scope, input.LeadGroupID, 'manage');
  const Polygon = checkedPolygon(input.Polygon);
  const box = bboxOf(Polygon);
  const [row] = await db
    .insert(territories)
    .values({
      LeadGroupID: input.LeadGroupID,
      Name: input.Name,
      Color: input.Color.toLowerCase(),
      Polygon,
      ...box,
    })
    .returning();
  await recomputeLeadTerritories(db, row.LeadGroupID, [box]);
  const [wire] = await toWireTerritories(db, [row]);
  return wire;
}

export async function updateTerritory(params: {
  db: Db;
  actor: Actor;
  territoryId: number;
  input: TerritoryUpdate;
}): Promise<Territory> {
  const { db, actor, territoryId, input } = params;
  const scope = await leadScopeOf(db, actor);
  const row = await territoryFor(db, scope, territoryId);
  if (row.Version !== input.Version) {
    const [current] = await toWireTerritories(db, [row]);
    throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: current } });
  }
  const Polygon = checkedPolygon(input.Polygon);
  const box = bboxOf(Polygon);
  const [updated] = await db
    .update(territories)
    .set({ Name: input.Name, Color: input.Color.toLowerCase(), Polygon, ...box, Version: row.Version + 1 })
    .where(and(eq(territories.TerritoryID, territoryId), eq(territories.Version, input.Version)))
    .returning();
  if (!updated)
    throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: (await toWireTerritories(db, [row]))[0] } });
  await recomputeLeadTerritories(db, row.LeadGroupID, [row, box]);
  const [wire] = await toWireTerritories(db, [updated]);
  return wire;
}

export async function deleteTerritory(params: { db: Db; actor: Actor; territoryId: number }): Promise<void> {
  const { db, actor, territoryId } = params;
  const scope = await leadScopeOf(db, actor);
  const row = await territoryFor(db, scope, territoryId);
  await db.delete(territories).where(eq(territories.TerritoryID, territoryId));
  // Leads it held may lie in an overlapping territory.
  await recomputeLeadTerritories(db, row.LeadGroupID, [row]);
}

// --- Territory offices ------------------------------------------------------------------------------

/** Groups the caller may read (one when `groupId` is given), with whether they manage it. */
async function readableGroups(
  db: Db,
  scope: LeadScope,
  groupId?: number,
): Promise<{ LeadGroupID: number; manage: boolean }[]> {
  if (groupId !== undefined) {
    const group = await groupFor(db, scope, groupId, 'read');
    return [{ LeadGroupID: group.LeadGroupID, manage: canManageGroup(scope, group) }];
  }
  const rows = await db.select().from(leadGroups).orderBy(asc(leadGroups.LeadGroupID));
  return rows
    .filter((g) => canReadGroup(scope, g))
    .map((g) => ({ LeadGroupID: g.LeadGroupID, manage: canManageGroup(scope, g) }));
}

/**
 * Territory office assignments: in effect today (GET territory-offices), or the history of one
 * territory / of a group's territories in a date range. Managers see every assignment of their
 * groups; reps only their own offices'.
 */
export async function listTerritoryOffices(params: {
  db: Db;
  actor: Actor;
  groupId?: number;
  officeId?: number;
  history?: { territoryId?: number; fromDate?: string; toDate?: string };
}): Promise<TerritoryOffice[]> {
  const { db, actor, officeId, history } = params;
  const scope = await leadScopeOf(db, actor);
  let groupId = params.groupId;
  if (history?.territoryId !== undefined) {
    const [t] = await db.select().from(territories).where(eq(territories.TerritoryID, history.territoryId));
    if (!t) throw notFound('The territory');
    groupId = t.LeadGroupID;
  }
  const groups = await readableGroups(db, scope, groupId);
  if (groups.length === 0) return [];
  const managed = new Set(groups.filter((g) => g.manage).map((g) => g.LeadGroupID));
  const rows = await officeRows(
    db,
    and(
      inArray(
        territories.LeadGroupID,
        groups.map((g) => g.LeadGroupID),
      ),
      officeId === undefined ? undefined : eq(territoryOffices.IcdOfficeID, officeId),
      history?.territoryId === undefined ? undefined : eq(territoryOffices.TerritoryID, history.territoryId),
      history?.toDate ? lte(territoryOffices.FromDate, history.toDate) : undefined,
      history?.fromDate
        ? or(isNull(territoryOffices.ToDate), gte(territoryOffices.ToDate, history.fromDate))
        : undefined,
    ),
    history === undefined,
  );
  return rows.filter(
    (r) =>
      managed.has(r.LeadGroupID) ||
      scope.workOffices === 'all' ||
      (r.IcdOfficeID !== null && scope.workOffices.has(r.IcdOfficeID)),
  );
}

/** Territories (with their current office) worked by one office: lead-territories/office/{id}. */
export async function territoriesOfOffice(params: {
  db: Db;
  actor: Actor;
  officeId: number;
}): Promise<Territory[]> {
  const { db, actor, officeId } = params;
  const scope = await leadScopeOf(db, actor);
  const inManage = canManageOffice(scope, officeId);
  const inWork = scope.workOffices === 'all' || scope.workOffices.has(officeId);
  if (!inManage && !inWork) throw notFound('The office');
  const current = await officeRows(db, and(eq(territoryOffices.IcdOfficeID, officeId)), true);
  const ids = [...new Set(current.map((c) => c.TerritoryID))];
  if (ids.length === 0) return [];
  let rows = await db
    .select()
    .from(territories)
    .where(inArray(territories.TerritoryID, ids))
    .orderBy(asc(territories.Name));
  if (!inManage) {
    const worked = await workedTerritoryIds(db, scope);
    if (worked !== 'all') rows = rows.filter((r) => worked.includes(r.TerritoryID));
  }
  return toWireTerritories(db, rows);
}

/** GET lead-territories: territories the caller sees, with their current office. */
export async function listLeadTerritories(params: {
  db: Db;
  actor: Actor;
  groupId?: number;
  officeId?: number;
}) {
  const { db, actor, groupId, officeId } = params;
  if (officeId !== undefined) return territoriesOfOffice({ db, actor, officeId });
  const scope = await leadScopeOf(db, actor);
  const groups = await readableGroups(db, scope, groupId);
  const out: Territory[] = [];
  for (const g of groups)
    out.push(...(await toWireTerritories(db, await visibleTerritories(db, scope, g.LeadGroupID))));
  return out;
}

function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * PATCH lead-group/{id}/territories/offices: each item ends the territory's assignment in effect on
 * FromDate (the day before) and starts the new one (none when IcdOfficeID is null). Replaying the
 * same request changes nothing.
 */
export async function assignTerritoryOffices(params: {
  db: Db;
  actor: Actor;
  groupId: number;
  items: TerritoryOfficeAssign[];
}): Promise<TerritoryOffice[]> {
  const { db, actor, groupId, items } = params;
  const scope = await leadScopeOf(db, actor);
  const group = await groupFor(db, scope, groupId, 'manage');
  const groupTerritories = await db.select().from(territories).where(eq(territories.LeadGroupID, groupId));
  const known = new Set(groupTerritories.map((t) => t.TerritoryID));
  const errors: Record<string, string[]> = {};
  const offices = new Map((await db.select().from(icdOffices)).map((o) => [o.IcdOfficeID, o] as const));
  const teams = new Map(
    (await db.select().from(leadOfficeTeams)).map((t) => [t.LeadOfficeTeamID, t] as const),
  );
  items.forEach((item, i) => {
    if (!known.has(item.TerritoryID)) errors[`${i}.TerritoryID`] = ['Not a territory of this lead group'];
    if (item.IcdOfficeID !== null) {
      const office = offices.get(item.IcdOfficeID);
      if (!office || office.IcdCorporationID !== group.IcdCorporationID)
        errors[`${i}.IcdOfficeID`] = ["Not an office of the lead group's corporation"];
      else if (!canManageOffice(scope, item.IcdOfficeID)) throw forbidden();
    }
    if (item.LeadOfficeTeamID != null) {
      const team = teams.get(item.LeadOfficeTeamID);
      if (!team || team.IcdOfficeID !== item.IcdOfficeID)
        errors[`${i}.LeadOfficeTeamID`] = ['Not a team of that office'];
    }
  });
  if (Object.keys(errors).length) throw badRequest('The request is not valid.', errors);

  const day = today();
  await db.transaction(async (tx) => {
    for (const item of items) {
      const from = item.FromDate ?? day;
      const [active] = await tx
        .select()
        .from(territoryOffices)
        .where(
          and(
            eq(territoryOffices.TerritoryID, item.TerritoryID),
            lte(territoryOffices.FromDate, from),
            or(isNull(territoryOffices.ToDate), gte(territoryOffices.ToDate, from)),
          ),
        )
        .orderBy(desc(territoryOffices.FromDate), desc(territoryOffices.TerritoryOfficeID))
        .limit(1);
      const team = item.LeadOfficeTeamID ?? null;
      if (active && active.IcdOfficeID === item.IcdOfficeID && active.LeadOfficeTeamID === team) continue;
      if (!active && item.IcdOfficeID === null) continue;
      // Assignments starting on or after `from` are replaced by this one.
      await tx
        .delete(territoryOffices)
        .where(and(eq(territoryOffices.TerritoryID, item.TerritoryID), gte(territoryOffices.FromDate, from)));
      if (active && active.FromDate < from)
        await tx
          .update(territoryOffices)
          .set({ ToDate: dayBefore(from) })
          .where(eq(territoryOffices.TerritoryOfficeID, active.TerritoryOfficeID));
      if (item.IcdOfficeID !== null)
        await tx.insert(territoryOffices).values({
          TerritoryID: item.TerritoryID,
          IcdOfficeID: item.IcdOfficeID,
          LeadOfficeTeamID: team,
          FromDate: from,
          ToDate: null,
          AssignedByEmployeeID: actor.EmployeeID,
        });
    }
  });
  return listTerritoryOffices({ db, actor, groupId });
}

// --- Lead office teams -----------------------------------------------------------------------------

type TeamRow = typeof leadOfficeTeams.$inferSelect;

async function toWireTeams(db: Db, rows: TeamRow[]): Promise<LeadOfficeTeam[]> {
  const names = new Map(
    (await db.select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName }).from(icdOffices)).map(
      (o) => [o.id, o.name],
    ),
  );
  return rows.map((r) => ({ ...r, OfficeName: names.get(r.IcdOfficeID) ?? '' }));
}

export async function listTeams(params: {
  db: Db;
  actor: Actor;
  officeId?: number;
}): Promise<LeadOfficeTeam[]> {
  const { db, actor, officeId } = params;
  const scope = await leadScopeOf(db, actor);
  const rows = await db
    .select()
    .from(leadOfficeTeams)
    .where(officeId === undefined ? undefined : eq(leadOfficeTeams.IcdOfficeID, officeId))
    .orderBy(asc(leadOfficeTeams.Name), asc(leadOfficeTeams.LeadOfficeTeamID));
  return toWireTeams(
    db,
    rows.filter((r) => canManageOffice(scope, r.IcdOfficeID)),
  );
}

async function checkTeam(db: Db, scope: LeadScope, input: LeadOfficeTeamSave): Promise<void> {
  const [office] = await db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, input.IcdOfficeID));
  if (!office) throw badRequest('The request is not valid.', { IcdOfficeID: ['Unknown office'] });
  if (!canManageOffice(scope, input.IcdOfficeID)) throw forbidden();
  const ids = [...new Set(input.EmployeeIDs)];
  if (ids.length) {
    const found = await db
      .select({ id: employees.EmployeeID })
      .from(employees)
      .where(inArray(employees.EmployeeID, ids));
    const known = new Set(found.map((f) => f.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length)
      throw badRequest('The request is not valid.', {
        EmployeeIDs: [`Unknown employee ids: ${missing.join(', ')}`],
      });
  }
}

export async function createTeam(params: {
  db: Db;
  actor: Actor;
  input: LeadOfficeTeamSave;
}): Promise<LeadOfficeTeam> {
  const { db, actor, input } = params;
  const scope = await leadScopeOf(db, actor);
  await checkTeam(db, scope, input);
  const [row] = await db
    .insert(leadOfficeTeams)
    .values({
      IcdOfficeID: input.IcdOfficeID,
      Name: input.Name,
      EmployeeIDs: [...new Set(input.EmployeeIDs)],
    })
    .returning();
  return (await toWireTeams(db, [row]))[0];
}

async function teamFor(db: Db, scope: LeadScope, id: number): Promise<TeamRow> {
  const [row] = await db.select().from(leadOfficeTeams).where(eq(leadOfficeTeams.LeadOfficeTeamID, id));
  if (!row || !canManageOffice(scope, row.IcdOfficeID)) throw notFound('The team');
  return row;
}

export async function updateTeam(params: {
  db: Db;
  actor: Actor;
  teamId: number;
  input: LeadOfficeTeamSave;
}): Promise<LeadOfficeTeam> {
  const { db, actor, teamId, input } = params;
  const scope = await leadScopeOf(db, actor);
  const row = await teamFor(db, scope, teamId);
  if (input.Version === undefined) throw badRequest('The request is not valid.', { Version: ['Required'] });
  if (input.Version !== row.Version)
    throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: (await toWireTeams(db, [row]))[0] } });
  await checkTeam(db, scope, input);
  const [updated] = await db
    .update(leadOfficeTeams)
    .set({
      IcdOfficeID: input.IcdOfficeID,
      Name: input.Name,
      EmployeeIDs: [...new Set(input.EmployeeIDs)],
      Version: row.Version + 1,
    })
    .where(and(eq(leadOfficeTeams.LeadOfficeTeamID, teamId), eq(leadOfficeTeams.Version, input.Version)))
    .returning();
  if (!updated)
    throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: (await toWireTeams(db, [row]))[0] } });
  return (await toWireTeams(db, [updated]))[0];
}

export async function deleteTeam(params: { db: Db; actor: Actor; teamId: number }): Promise<void> {
  const { db, actor, teamId } = params;
  const scope = await leadScopeOf(db, actor);
  await teamFor(db, scope, teamId);
  await db.delete(leadOfficeTeams).where(eq(leadOfficeTeams.LeadOfficeTeamID, teamId));
}
