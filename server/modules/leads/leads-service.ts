// Leads: list, read, create (one or bulk), edit and log interactions (PATCH, the phone's offline
// outbox command `lead.logInteraction`), bulk changes by managers.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  type Lead,
  type LeadActivity,
  LeadAssignmentRole,
  type LeadBulkPatch,
  type LeadCreate,
  type LeadPatch,
  type LeadsQuery,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { employees, leadActivity, leadAssignments, leadGroups, leads } from '../../db/tables';
import { territoryOf } from '../../domain/leads/geometry';
import {
  interactionIsCurrent,
  leadDataErrors,
  mergeLeadData,
  noteMissing,
  occurredAtError,
  statusErrors,
} from '../../domain/leads/rules';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { divisionPolicy, type StatusBook, statusBook } from './lookups';
import { canManageGroup, groupFor, type LeadScope, leadScopeOf, visibleLeadsWhere } from './scope';
import { territoryShapes } from './territory-shapes';

type LeadRow = typeof leads.$inferSelect;

export const CONFLICT_MESSAGE = 'This item was changed by someone else. Review the current version.';

const fullName = sql<string>`${employees.FirstName} || ' ' || ${employees.LastName}`;

function check(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length > 0) throw badRequest('The request is not valid.', errors);
}

/** Rows → wire leads: statuses merged, owners and reps attached. */
export async function toWireLeads(db: Db, rows: LeadRow[], statuses: StatusBook): Promise<Lead[]> {
  const ids = rows.map((r) => r.LeadID);
  const assigned = ids.length
    ? await db
        .select({
          LeadID: leadAssignments.LeadID,
          Role: leadAssignments.Role,
          EmployeeID: leadAssignments.EmployeeID,
          FullName: fullName,
        })
        .from(leadAssignments)
        .innerJoin(employees, eq(employees.EmployeeID, leadAssignments.EmployeeID))
        .where(inArray(leadAssignments.LeadID, ids))
        .orderBy(asc(employees.LastName), asc(employees.FirstName))
    : [];
  return rows.map((r) => {
    const mine = assigned.filter((a) => a.LeadID === r.LeadID);
    const { BatchRowNumber: _row, CreatedByEmployeeID: _by, ...rest } = r;
    return {
      ...rest,
      LeadStatus: statuses.badge(r.LeadStatusID),
      DeclaredStatus: statuses.badge(r.DeclaredStatusID),
      AssignedOwners: mine
        .filter((a) => a.Role === LeadAssignmentRole.Owner)
        .map(({ EmployeeID, FullName }) => ({ EmployeeID, FullName })),
      AssignedReps: mine
        .filter((a) => a.Role === LeadAssignmentRole.Rep)
        .map(({ EmployeeID, FullName }) => ({ EmployeeID, FullName })),
    };
  });
}

export async function leadActivityOf(
  db: Db,
  leadIds: number[],
  statuses: StatusBook,
): Promise<LeadActivity[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .select({ a: leadActivity, EmployeeName: fullName })
    .from(leadActivity)
    .innerJoin(employees, eq(employees.EmployeeID, leadActivity.EmployeeID))
    .where(inArray(leadActivity.LeadID, leadIds))
    .orderBy(desc(leadActivity.OccurredAt), desc(leadActivity.LeadActivityID));
  return rows.map(({ a, EmployeeName }) => ({
    ...a,
    EmployeeName,
    LeadStatus: statuses.badge(a.LeadStatusID),
    DeclaredStatus: statuses.badge(a.DeclaredStatusID),
  }));
}

/** Conditions of GET leads beyond visibility. */
function leadFilters(q: Omit<LeadsQuery, 'pageIndex' | 'pageSize'>): SQL[] {
  const where: SQL[] = [];
  if (q.leadGroupId !== undefined) where.push(eq(leads.LeadGroupID, q.leadGroupId));
  if (q.west !== undefined && q.east !== undefined && q.south !== undefined && q.north !== undefined) {
    where.push(gte(leads.Latitude, q.south), lte(leads.Latitude, q.north));
    where.push(gte(leads.Longitude, q.west), lte(leads.Longitude, q.east));
  }
  if (q.statusIds?.length) where.push(inArray(leads.LeadStatusID, q.statusIds));
  if (q.declaredStatusIds?.length) where.push(inArray(leads.DeclaredStatusID, q.declaredStatusIds));
  if (q.territoryId !== undefined) where.push(eq(leads.TerritoryID, q.territoryId));
  if (q.leadBatchId !== undefined) where.push(eq(leads.LeadBatchID, q.leadBatchId));
  for (const [id, role] of [
    [q.assignedRepId, LeadAssignmentRole.Rep],
    [q.assignedOwnerId, LeadAssignmentRole.Owner],
  ] as const) {
    if (id === undefined) continue;
    where.push(
      inArray(
        leads.LeadID,
        sql`(select ${leadAssignments.LeadID} from ${leadAssignments} where ${leadAssignments.EmployeeID} = ${id} and ${leadAssignments.Role} = ${role})`,
      ),
    );
  }
  if (q.search?.trim()) {
    const like = `%${q.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(leads.StreetLine1, like), ilike(leads.City, like), ilike(leads.PostalCode, like))!);
  }
  return where;
}

export async function listLeads(params: { db: Db; actor: Actor; query: LeadsQuery }) {
  const { db, actor, query } = params;
  const scope = await leadScopeOf(db, actor);
  if (query.leadGroupId !== undefined) await groupFor(db, scope, query.leadGroupId, 'read');
  const where = and(await visibleLeadsWhere(db, scope, query.leadGroupId), ...leadFilters(query));
  const [{ total }] = await db.select({ total: count() }).from(leads).where(where);
  const rows = await db
    .select()
    .from(leads)
    .where(where)
    .orderBy(asc(leads.LeadID))
    .limit(query.pageSize)
    .offset(query.pageIndex * query.pageSize);
  return {
    Items: await toWireLeads(db, rows, await statusBook(db)),
    TotalCount: total,
    PageIndex: query.pageIndex,
    PageSize: query.pageSize,
  };
}

/** The lead if the caller may see it; 404 otherwise (another office's lead does not exist for them). */
async function visibleLead(db: Db, scope: LeadScope, leadId: number): Promise<LeadRow> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.LeadID, leadId), await visibleLeadsWhere(db, scope)))
    .limit(1);
  if (!row) throw notFound('The lead');
  return row;
}

export async function getLead(params: { db: Db; actor: Actor; leadId: number }): Promise<Lead> {
  const { db, actor, leadId } = params;
  const scope = await leadScopeOf(db, actor);
  const row = await visibleLead(db, scope, leadId);
  const statuses = await statusBook(db);
  const [lead] = await toWireLeads(db, [row], statuses);
  return { ...lead, LeadActivityHistory: await leadActivityOf(db, [row.LeadID], statuses) };
}

async function checkEmployees(
  db: Db,
  ids: readonly number[],
  field: string,
): Promise<Record<string, string[]>> {
  if (ids.length === 0) return {};
  const found = await db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(inArray(employees.EmployeeID, [...new Set(ids)]));
  const known = new Set(found.map((f) => f.id));
  const missing = ids.filter((id) => !known.has(id));
  return missing.length ? { [field]: [`Unknown employee ids: ${missing.join(', ')}`] } : {};
}

async function setAssignments(
  db: Db,
  leadIds: number[],
  role: number,
  employeeIds: readonly number[],
  mode: 'Replace' | 'Add' | 'Remove',
): Promise<void> {
  if (leadIds.length === 0) return;
  if (mode === 'Replace')
    await db
      .delete(leadAssignments)
      .where(and(inArray(leadAssignments.LeadID, leadIds), eq(leadAssignments.Role, role)));
  if (mode === 'Remove') {
    if (employeeIds.length)
      await db
        .delete(leadAssignments)
        .where(
          and(
            inArray(leadAssignments.LeadID, leadIds),
            eq(leadAssignments.Role, role),
            inArray(leadAssignments.EmployeeID, [...employeeIds]),
          ),
        );
    return;
  }
  const values = leadIds.flatMap((LeadID) =>
    [...new Set(employeeIds)].map((EmployeeID) => ({ LeadID, EmployeeID, Role: role })),
  );
  for (let i = 0; i < values.length; i += 2000)
    await db
      .insert(leadAssignments)
      .values(values.slice(i, i + 2000))
      .onConflictDoNothing();
}

interface PreparedCreate {
  input: LeadCreate;
  occurredAt: Date;
}

/** Checks and inserts leads of one group; returns their ids in input order. */
async function insertLeads(params: {
  db: Db;
  scope: LeadScope;
  inputs: LeadCreate[];
  now: Date;
}): Promise<number[]> {
  const { db, scope, inputs, now } = params;
  const me = scope.actor.EmployeeID;
  const groupIds = [...new Set(inputs.map((i) => i.LeadGroupID))];
  const groups = new Map<number, Awaited<ReturnType<typeof groupFor>>>();
  for (const id of groupIds) groups.set(id, await groupFor(db, scope, id, 'read'));
  const statuses = await statusBook(db);
  const errors: Record<string, string[]> = {};
  const prepared: PreparedCreate[] = [];
  const many = inputs.length > 1;
  for (const [index, input] of inputs.entries()) {
    const prefix = many ? `${index}.` : '';
    const group = groups.get(input.LeadGroupID)!;
    const manager = canManageGroup(scope, group);
    if (!manager) {
      const policy = await divisionPolicy(db, group.DivisionID);
      if (!policy.RepsCanCreateLeads)
        throw new AppError(403, "The division's leads policy does not let reps add leads.");
      if (input.AssignedOwners?.length || input.AssignedReps?.length)
        throw new AppError(403, 'Only managers can assign leads.');
    }
    const fieldErrors = {
      ...statusErrors(group.DivisionID, statuses.byId, input),
      ...leadDataErrors(group.DivisionID, input.Data),
    };
    const occurredAt = input.OccurredAt ? new Date(input.OccurredAt) : now;
    const when = occurredAtError(occurredAt, now);
    if (when) fieldErrors.OccurredAt = [when];
    if (input.LeadStatusID != null) {
      const policy = await divisionPolicy(db, group.DivisionID);
      if (noteMissing(policy, input.LeadStatusID, input.Note))
        fieldErrors.Note = ['A note is required for this status'];
    }
    for (const [k, v] of Object.entries(fieldErrors)) errors[`${prefix}${k}`] = v;
    prepared.push({ input, occurredAt });
  }
  Object.assign(
    errors,
    await checkEmployees(
      db,
      inputs.flatMap((i) => [...(i.AssignedOwners ?? []), ...(i.AssignedReps ?? [])]),
      many ? 'Assigned' : 'AssignedReps',
    ),
  );
  check(errors);

  const shapesByGroup = new Map<number, Awaited<ReturnType<typeof territoryShapes>>>();
  for (const id of groupIds) shapesByGroup.set(id, await territoryShapes(db, id));

  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < prepared.length; i += 500) {
      const slice = prepared.slice(i, i + 500);
      const inserted = await tx
        .insert(leads)
        .values(
          slice.map(({ input, occurredAt }) => {
            const interaction =
              input.LeadStatusID != null || input.DeclaredStatusID != null || !!input.Note?.trim();
            return {
              LeadGroupID: input.LeadGroupID,
              Latitude: input.Latitude,
              Longitude: input.Longitude,
              TerritoryID: territoryOf(
                shapesByGroup.get(input.LeadGroupID)!,
                input.Latitude,
                input.Longitude,
              ),
              StreetLine1: input.StreetLine1 ?? null,
              StreetLine2: input.StreetLine2 ?? null,
              City: input.City ?? null,
              StateProvince: input.StateProvince ?? null,
              PostalCode: input.PostalCode ?? null,
              CountryID: input.CountryID ?? null,
              LeadStatusID: input.LeadStatusID ?? null,
              DeclaredStatusID: input.DeclaredStatusID ?? null,
              Data: mergeLeadData({}, input.Data),
              LastActivityAt: interaction ? occurredAt : null,
              CreatedByEmployeeID: me,
              CreatedAt: now,
              UpdatedAt: now,
            };
          }),
        )
        .returning({ LeadID: leads.LeadID });
      ids.push(...inserted.map((r) => r.LeadID));
    }
    const activity = prepared
      .map(({ input, occurredAt }, i) => ({ input, occurredAt, LeadID: ids[i] }))
      .filter(
        ({ input }) => input.LeadStatusID != null || input.DeclaredStatusID != null || !!input.Note?.trim(),
      )
      .map(({ input, occurredAt, LeadID }) => ({
        LeadID,
        EmployeeID: me,
        LeadStatusID: input.LeadStatusID ?? null,
        DeclaredStatusID: input.DeclaredStatusID ?? null,
        Note: input.Note?.trim() || null,
        OccurredAt: occurredAt,
        CreatedAt: now,
      }));
    for (let i = 0; i < activity.length; i += 1000)
      await tx.insert(leadActivity).values(activity.slice(i, i + 1000));
    const assignments = prepared.flatMap(({ input }, i) => {
      const group = groups.get(input.LeadGroupID)!;
      const reps = canManageGroup(scope, group) ? (input.AssignedReps ?? []) : [me];
      return [
        ...[...new Set(input.AssignedOwners ?? [])].map((EmployeeID) => ({
          LeadID: ids[i],
          EmployeeID,
          Role: LeadAssignmentRole.Owner,
        })),
        ...[...new Set(reps)].map((EmployeeID) => ({
          LeadID: ids[i],
          EmployeeID,
          Role: LeadAssignmentRole.Rep,
        })),
      ];
    });
    for (let i = 0; i < assignments.length; i += 2000)
      await tx
        .insert(leadAssignments)
        .values(assignments.slice(i, i + 2000))
        .onConflictDoNothing();
  });
  return ids;
}

export async function createLead(params: {
  db: Db;
  actor: Actor;
  input: LeadCreate;
  now?: Date;
}): Promise<Lead> {
  const { db, actor, input } = params;
  const scope = await leadScopeOf(db, actor);
  const [id] = await insertLeads({ db, scope, inputs: [input], now: params.now ?? new Date() });
  return getLead({ db, actor, leadId: id });
}

export async function bulkCreateLeads(params: { db: Db; actor: Actor; inputs: LeadCreate[]; now?: Date }) {
  const { db, actor, inputs } = params;
  const scope = await leadScopeOf(db, actor);
  for (const id of new Set(inputs.map((i) => i.LeadGroupID))) await groupFor(db, scope, id, 'manage');
  return { LeadIDs: await insertLeads({ db, scope, inputs, now: params.now ?? new Date() }) };
}

const INTERACTION_KEYS = ['LeadStatusID', 'DeclaredStatusID', 'Note'] as const;
const ADDRESS_KEYS = [
  'StreetLine1',
  'StreetLine2',
  'City',
  'StateProvince',
  'PostalCode',
  'CountryID',
] as const;

/**
 * PATCH leads/{id}: edits and/or an interaction. See LeadPatch in the contract for the rules
 * (OccurredAt ordering, replay safety, Version).
 */
export async function patchLead(params: {
  db: Db;
  actor: Actor;
  leadId: number;
  patch: LeadPatch;
  now?: Date;
}): Promise<Lead> {
  const { db, actor, leadId, patch } = params;
  const now = params.now ?? new Date();
  const scope = await leadScopeOf(db, actor);
  const current = await visibleLead(db, scope, leadId);
  const [group] = await db.select().from(leadGroups).where(eq(leadGroups.LeadGroupID, current.LeadGroupID));
  const manager = canManageGroup(scope, group);
  if ((patch.AssignedOwners || patch.AssignedReps) && !manager)
    throw new AppError(403, 'Only managers can assign leads.');
  if (patch.Version !== undefined && patch.Version !== current.Version) {
    const [wire] = await toWireLeads(db, [current], await statusBook(db));
    throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: wire } });
  }

  const statuses = await statusBook(db);
  const errors = {
    ...statusErrors(group.DivisionID, statuses.byId, patch),
    ...leadDataErrors(group.DivisionID, patch.Data),
  };
  const isInteraction =
    INTERACTION_KEYS.some((k) => patch[k] !== undefined && patch[k] !== null) ||
    patch.DeclaredStatusID === null;
  const occurredAt = patch.OccurredAt ? new Date(patch.OccurredAt) : now;
  if (isInteraction) {
    const when = occurredAtError(occurredAt, now);
    if (when) errors.OccurredAt = [when];
    const policy = await divisionPolicy(db, group.DivisionID);
    if (noteMissing(policy, patch.LeadStatusID, patch.Note))
      errors.Note = ['A note is required for this status'];
  }
  Object.assign(
    errors,
    await checkEmployees(
      db,
      [...(patch.AssignedOwners ?? []), ...(patch.AssignedReps ?? [])],
      'AssignedReps',
    ),
  );
  check(errors);

  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(leads).where(eq(leads.LeadID, leadId)).for('update');
    const set: Partial<typeof leads.$inferInsert> = {};
    if (isInteraction) {
      const appended = await tx
        .insert(leadActivity)
        .values({
          LeadID: leadId,
          EmployeeID: actor.EmployeeID,
          LeadStatusID: patch.LeadStatusID ?? null,
          DeclaredStatusID: patch.DeclaredStatusID ?? null,
          Note: patch.Note?.trim() || null,
          Latitude: patch.Latitude ?? null,
          Longitude: patch.Longitude ?? null,
          OccurredAt: occurredAt,
          CreatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: leadActivity.LeadActivityID });
      // A replay (same lead, employee and instant) changes nothing; a late offline interaction only
      // enters the history.
      if (appended.length > 0 && interactionIsCurrent(row.LastActivityAt, occurredAt)) {
        if (patch.LeadStatusID !== undefined) set.LeadStatusID = patch.LeadStatusID;
        if (patch.DeclaredStatusID !== undefined) set.DeclaredStatusID = patch.DeclaredStatusID;
        set.LastActivityAt = occurredAt;
      }
    }
    for (const k of ADDRESS_KEYS) {
      const v = patch[k];
      if (v !== undefined && v !== row[k]) (set as Record<string, unknown>)[k] = v;
    }
    if (
      patch.Location &&
      (patch.Location.Latitude !== row.Latitude || patch.Location.Longitude !== row.Longitude)
    ) {
      set.Latitude = patch.Location.Latitude;
      set.Longitude = patch.Location.Longitude;
      set.TerritoryID = territoryOf(
        await territoryShapes(tx as unknown as Db, row.LeadGroupID),
        patch.Location.Latitude,
        patch.Location.Longitude,
      );
    }
    if (patch.Data) {
      const merged = mergeLeadData(row.Data, patch.Data);
      if (JSON.stringify(merged) !== JSON.stringify(row.Data)) set.Data = merged;
    }
    let assignmentsChanged = false;
    for (const [list, role] of [
      [patch.AssignedOwners, LeadAssignmentRole.Owner],
      [patch.AssignedReps, LeadAssignmentRole.Rep],
    ] as const) {
      if (!list) continue;
      const before = await tx
        .select({ id: leadAssignments.EmployeeID })
        .from(leadAssignments)
        .where(and(eq(leadAssignments.LeadID, leadId), eq(leadAssignments.Role, role)));
      const a = [...new Set(list)].sort().join();
      const b = before
        .map((x) => x.id)
        .sort()
        .join();
      if (a === b) continue;
      await setAssignments(tx as unknown as Db, [leadId], role, list, 'Replace');
      assignmentsChanged = true;
    }
    if (Object.keys(set).length > 0 || assignmentsChanged) {
      await tx
        .update(leads)
        .set({ ...set, Version: row.Version + 1, UpdatedAt: now })
        .where(eq(leads.LeadID, leadId));
    }
  });
  return getLead({ db, actor, leadId });
}

/** PATCH leads/bulk (managers): statuses (logged as activity) and assignments of many leads. */
export async function bulkPatchLeads(params: { db: Db; actor: Actor; patch: LeadBulkPatch; now?: Date }) {
  const { db, actor, patch } = params;
  const now = params.now ?? new Date();
  const scope = await leadScopeOf(db, actor);
  const ids = [...new Set(patch.LeadIDs)];
  const rows = await db
    .select({ lead: leads, group: leadGroups })
    .from(leads)
    .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leads.LeadGroupID))
    .where(inArray(leads.LeadID, ids));
  const allowed = rows.filter((r) => canManageGroup(scope, r.group));
  if (allowed.length !== ids.length) {
    const ok = new Set(allowed.map((r) => r.lead.LeadID));
    throw new AppError(404, `Some leads were not found: ${ids.filter((id) => !ok.has(id)).join(', ')}.`);
  }
  const statuses = await statusBook(db);
  const errors: Record<string, string[]> = {};
  for (const divisionId of new Set(allowed.map((r) => r.group.DivisionID)))
    Object.assign(errors, statusErrors(divisionId, statuses.byId, patch));
  const occurredAt = patch.OccurredAt ? new Date(patch.OccurredAt) : now;
  const when = occurredAtError(occurredAt, now);
  if (when) errors.OccurredAt = [when];
  Object.assign(
    errors,
    await checkEmployees(
      db,
      [...(patch.AssignedOwners ?? []), ...(patch.AssignedReps ?? [])],
      'AssignedReps',
    ),
  );
  check(errors);

  const mode = patch.AssignmentMode ?? 'Replace';
  const isInteraction =
    patch.LeadStatusID !== undefined || patch.DeclaredStatusID !== undefined || !!patch.Note?.trim();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (patch.AssignedOwners)
      await setAssignments(t, ids, LeadAssignmentRole.Owner, patch.AssignedOwners, mode);
    if (patch.AssignedReps) await setAssignments(t, ids, LeadAssignmentRole.Rep, patch.AssignedReps, mode);
    let current = ids;
    if (isInteraction) {
      const appended = await tx
        .insert(leadActivity)
        .values(
          ids.map((LeadID) => ({
            LeadID,
            EmployeeID: actor.EmployeeID,
            LeadStatusID: patch.LeadStatusID ?? null,
            DeclaredStatusID: patch.DeclaredStatusID ?? null,
            Note: patch.Note?.trim() || null,
            OccurredAt: occurredAt,
            CreatedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ LeadID: leadActivity.LeadID });
      const fresh = new Set(appended.map((a) => a.LeadID));
      current = allowed
        .filter((r) => fresh.has(r.lead.LeadID) && interactionIsCurrent(r.lead.LastActivityAt, occurredAt))
        .map((r) => r.lead.LeadID);
      if (current.length > 0) {
        const set: Partial<typeof leads.$inferInsert> = { LastActivityAt: occurredAt };
        if (patch.LeadStatusID !== undefined) set.LeadStatusID = patch.LeadStatusID;
        if (patch.DeclaredStatusID !== undefined) set.DeclaredStatusID = patch.DeclaredStatusID;
        await tx.update(leads).set(set).where(inArray(leads.LeadID, current));
      }
    }
    const touched = patch.AssignedOwners || patch.AssignedReps ? ids : isInteraction ? current : [];
    if (touched.length > 0)
      await tx
        .update(leads)
        .set({ Version: sql`${leads.Version} + 1`, UpdatedAt: now })
        .where(inArray(leads.LeadID, touched));
  });
  return { UpdatedCount: ids.length };
}
