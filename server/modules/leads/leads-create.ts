import { type Lead, LeadAssignmentRole, type LeadCreate } from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { leadActivity, leadAssignments, leads } from '../../db/tables';
import { territoryOf } from '../../domain/leads/geometry';
import {
  leadDataErrors,
  mergeLeadData,
  noteMissing,
  occurredAtError,
  statusErrors,
} from '../../domain/leads/rules';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import { check, checkEmployees, getLead } from './leads-service';
import { divisionPolicy, statusBook } from './lookups';
import { canManageGroup, groupFor, type LeadScope, leadScopeOf } from './scope';
import { territoryShapes } from './territory-shapes';

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
