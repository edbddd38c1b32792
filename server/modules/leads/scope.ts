// Who sees which leads.
// - leads:manage (owners, managers): every lead group of the corporations of the offices where they
//   hold the key, and everything in those groups.
// - leads:work (reps): the groups of their offices' corporations, and in them only the leads assigned
//   to them (AssignedReps/AssignedOwners) or lying in a territory currently worked by one of their
//   offices (by the whole office, or by a lead office team they belong to).
// A key held with a Global scope ('all' offices) sees everything.
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  icdOffices,
  leadAssignments,
  leadGroups,
  leadOfficeTeams,
  leads,
  territories,
  territoryOffices,
} from '../../db/tables';
import { notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';

export type IdScope = 'all' | ReadonlySet<number>;

export interface LeadScope {
  actor: Actor;
  canManage: boolean;
  canWork: boolean;
  manageOffices: OfficeScope;
  manageCorps: IdScope;
  workOffices: OfficeScope;
  workCorps: IdScope;
}

export const today = (now = new Date()) => now.toISOString().slice(0, 10);

async function corporationsOf(db: Db, offices: OfficeScope): Promise<IdScope> {
  if (offices === 'all') return 'all';
  if (offices.size === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...offices]));
  return new Set(rows.map((r) => r.id));
}

export async function leadScopeOf(db: Db, actor: Actor): Promise<LeadScope> {
  const canManage = actor.has('leads:manage');
  const canWork = actor.has('leads:work');
  const manageOffices: OfficeScope = canManage ? actor.offices('leads:manage') : new Set();
  const workOffices: OfficeScope = canWork ? actor.offices('leads:work') : new Set();
  return {
    actor,
    canManage,
    canWork,
    manageOffices,
    workOffices,
    manageCorps: await corporationsOf(db, manageOffices),
    workCorps: await corporationsOf(db, workOffices),
  };
}

export const inIds = (scope: IdScope, id: number) => scope === 'all' || scope.has(id);

export function canManageGroup(scope: LeadScope, group: { IcdCorporationID: number }): boolean {
  return scope.canManage && inIds(scope.manageCorps, group.IcdCorporationID);
}
export function canReadGroup(scope: LeadScope, group: { IcdCorporationID: number }): boolean {
  return canManageGroup(scope, group) || (scope.canWork && inIds(scope.workCorps, group.IcdCorporationID));
}
/** Whether the caller may manage things of this office (teams, territory assignments). */
export function canManageOffice(scope: LeadScope, officeId: number): boolean {
  return scope.canManage && (scope.manageOffices === 'all' || scope.manageOffices.has(officeId));
}

export type LeadGroupRow = typeof leadGroups.$inferSelect;

/** The group if the caller may read it (or manage it, with `manage`); 404 otherwise. */
export async function groupFor(
  db: Db,
  scope: LeadScope,
  groupId: number,
  need: 'read' | 'manage',
): Promise<LeadGroupRow> {
  const [group] = await db.select().from(leadGroups).where(eq(leadGroups.LeadGroupID, groupId)).limit(1);
  if (!group || !(need === 'manage' ? canManageGroup(scope, group) : canReadGroup(scope, group)))
    throw notFound('The lead group');
  return group;
}

/** Condition: the territory office assignment is in effect on `day`. */
export function currentAssignment(day: string): SQL {
  return and(
    lte(territoryOffices.FromDate, day),
    or(isNull(territoryOffices.ToDate), gte(territoryOffices.ToDate, day)),
  )!;
}

/**
 * Territories the caller works through an office (or a team of it): 'all' with a global key, else a
 * list of ids (within `groupId` when given).
 */
export async function workedTerritoryIds(
  db: Db,
  scope: LeadScope,
  groupId?: number,
): Promise<'all' | number[]> {
  if (!scope.canWork) return [];
  if (scope.workOffices === 'all') return 'all';
  if (scope.workOffices.size === 0) return [];
  const me = scope.actor.EmployeeID;
  const rows = await db
    .select({ TerritoryID: territoryOffices.TerritoryID, Members: leadOfficeTeams.EmployeeIDs })
    .from(territoryOffices)
    .innerJoin(territories, eq(territories.TerritoryID, territoryOffices.TerritoryID))
    .leftJoin(leadOfficeTeams, eq(leadOfficeTeams.LeadOfficeTeamID, territoryOffices.LeadOfficeTeamID))
    .where(
      and(
        inArray(territoryOffices.IcdOfficeID, [...scope.workOffices]),
        currentAssignment(today()),
        groupId === undefined ? undefined : eq(territories.LeadGroupID, groupId),
      ),
    );
  return [
    ...new Set(rows.filter((r) => r.Members === null || r.Members.includes(me)).map((r) => r.TerritoryID)),
  ];
}

/**
 * SQL condition on `leads` for what the caller may see (undefined = everything). `groupId` narrows
 * the territory lookup when the query is about one group.
 */
export async function visibleLeadsWhere(
  db: Db,
  scope: LeadScope,
  groupId?: number,
): Promise<SQL | undefined> {
  const corps = scope.canManage ? scope.manageCorps : new Set<number>();
  if (corps === 'all') return undefined;
  const parts: SQL[] = [];
  if (corps.size > 0) {
    parts.push(
      inArray(
        leads.LeadGroupID,
        db
          .select({ id: leadGroups.LeadGroupID })
          .from(leadGroups)
          .where(inArray(leadGroups.IcdCorporationID, [...corps])),
      ),
    );
  }
  if (scope.canWork) {
    const worked = await workedTerritoryIds(db, scope, groupId);
    if (worked === 'all') return undefined;
    // An IN over the rep's assignments (hashed once per query) rather than EXISTS per lead: the map's
    // grouped viewports read every lead of the box.
    parts.push(
      inArray(
        leads.LeadID,
        db
          .select({ id: leadAssignments.LeadID })
          .from(leadAssignments)
          .where(eq(leadAssignments.EmployeeID, scope.actor.EmployeeID)),
      ),
    );
    if (worked.length > 0) parts.push(inArray(leads.TerritoryID, worked));
  }
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : or(...parts);
}
