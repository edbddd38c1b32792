// Leads: edit and log interactions (PATCH, the phone's offline outbox command `lead.logInteraction`),
// and bulk changes by managers.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type Lead,
  LeadAssignmentRole,
  type LeadBulkPatch,
  type LeadPatch,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { leadActivity, leadAssignments, leadGroups, leads } from '../../db/tables';
import { territoryOf } from '../../domain/leads/geometry';
import {
  interactionIsCurrent,
  leadDataErrors,
  mergeLeadData,
  noteMissing,
  occurredAtError,
  statusErrors,
} from '../../domain/leads/rules';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import {
  CONFLICT_MESSAGE,
  check,
  checkEmployees,
  getLead,
  setAssignments,
  toWireLeads,
  visibleLead,
} from './leads-service';
import { divisionPolicy, statusBook } from './lookups';
import { canManageGroup, leadScopeOf } from './scope';
import { territoryShapes } from './territory-shapes';

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
