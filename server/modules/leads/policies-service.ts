// Leads policies (marker style, whether reps may add leads, statuses that need a note), the policy a
// division uses, its lead data keys, and import schemas. A division's policy applies to every
// corporation, so changing one needs leads:manage across all offices (a global grant).
import { and, eq, inArray } from 'drizzle-orm';
import type { DivisionLeadsPolicy, LeadsPolicy, LeadsPolicySave } from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { divisionLeadsPolicies, divisions, leadStatuses, leadsPolicies } from '../../db/tables';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { CONFLICT_MESSAGE } from './leads-service';
import { DEFAULT_POLICY, divisionPolicy } from './lookups';

type PolicyRow = typeof leadsPolicies.$inferSelect;

const toWire = (r: PolicyRow): LeadsPolicy => ({
  LeadsPolicyID: r.LeadsPolicyID,
  Name: r.Name,
  MarkerStyle: r.MarkerStyle,
  RepsCanCreateLeads: r.RepsCanCreateLeads,
  NoteRequiredStatusIDs: r.NoteRequiredStatusIDs,
  Version: r.Version,
});

function requireGlobalManage(actor: Actor): void {
  if (actor.offices('leads:manage') !== 'all') throw forbidden();
}

async function checkStatuses(db: Db, ids: readonly number[], divisionIds: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: leadStatuses.LeadStatusID, division: leadStatuses.DivisionID })
    .from(leadStatuses)
    .where(inArray(leadStatuses.LeadStatusID, [...ids]));
  const ok = new Set(
    rows.filter((r) => divisionIds.length === 0 || divisionIds.includes(r.division)).map((r) => r.id),
  );
  const bad = ids.filter((id) => !ok.has(id));
  if (bad.length)
    throw badRequest('The request is not valid.', {
      NoteRequiredStatusIDs: [`Not statuses of this division: ${bad.join(', ')}`],
    });
}

async function policyRow(db: Db, id: number): Promise<PolicyRow> {
  const [row] = await db.select().from(leadsPolicies).where(eq(leadsPolicies.LeadsPolicyID, id));
  if (!row) throw notFound('The leads policy');
  return row;
}

export async function getLeadsPolicy(params: { db: Db; policyId: number }): Promise<LeadsPolicy> {
  return toWire(await policyRow(params.db, params.policyId));
}

async function divisionsUsing(db: Db, policyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: divisionLeadsPolicies.DivisionID })
    .from(divisionLeadsPolicies)
    .where(eq(divisionLeadsPolicies.LeadsPolicyID, policyId));
  return rows.map((r) => r.id);
}

async function updatePolicy(db: Db, row: PolicyRow, input: LeadsPolicySave): Promise<PolicyRow> {
  if (input.Version === undefined) throw badRequest('The request is not valid.', { Version: ['Required'] });
  if (input.Version !== row.Version)
    throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: toWire(row) } });
  const [updated] = await db
    .update(leadsPolicies)
    .set({
      Name: input.Name ?? row.Name,
      MarkerStyle: input.MarkerStyle,
      RepsCanCreateLeads: input.RepsCanCreateLeads,
      NoteRequiredStatusIDs: [...new Set(input.NoteRequiredStatusIDs)],
      Version: row.Version + 1,
      UpdatedAt: new Date(),
    })
    .where(and(eq(leadsPolicies.LeadsPolicyID, row.LeadsPolicyID), eq(leadsPolicies.Version, input.Version)))
    .returning();
  if (!updated) throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: toWire(row) } });
  return updated;
}

export async function putLeadsPolicy(params: {
  db: Db;
  actor: Actor;
  policyId: number;
  input: LeadsPolicySave;
}): Promise<LeadsPolicy> {
  const { db, actor, policyId, input } = params;
  requireGlobalManage(actor);
  const row = await policyRow(db, policyId);
  await checkStatuses(db, input.NoteRequiredStatusIDs, await divisionsUsing(db, policyId));
  return toWire(await updatePolicy(db, row, input));
}

async function requireDivision(db: Db, divisionId: number): Promise<void> {
  const [row] = await db.select().from(divisions).where(eq(divisions.DivisionID, divisionId));
  if (!row) throw notFound('The division');
}

export async function getDivisionPolicy(params: {
  db: Db;
  divisionId: number;
}): Promise<DivisionLeadsPolicy> {
  await requireDivision(params.db, params.divisionId);
  return divisionPolicy(params.db, params.divisionId);
}

/** PUT divisions/{id}/leads-policy: creates the division's policy, or updates it (Version). */
export async function putDivisionPolicy(params: {
  db: Db;
  actor: Actor;
  divisionId: number;
  input: LeadsPolicySave;
}): Promise<DivisionLeadsPolicy> {
  const { db, actor, divisionId, input } = params;
  requireGlobalManage(actor);
  await requireDivision(db, divisionId);
  await checkStatuses(db, input.NoteRequiredStatusIDs, [divisionId]);
  const current = await divisionPolicy(db, divisionId);
  if (current.LeadsPolicyID !== null) {
    await updatePolicy(db, await policyRow(db, current.LeadsPolicyID), input);
  } else {
    const linked = await db.transaction(async (tx) => {
      const [division] = await tx.select().from(divisions).where(eq(divisions.DivisionID, divisionId));
      const [row] = await tx
        .insert(leadsPolicies)
        .values({
          Name: input.Name ?? `${division.Name} leads policy`,
          MarkerStyle: input.MarkerStyle ?? DEFAULT_POLICY.MarkerStyle,
          RepsCanCreateLeads: input.RepsCanCreateLeads,
          NoteRequiredStatusIDs: [...new Set(input.NoteRequiredStatusIDs)],
        })
        .returning();
      const link = await tx
        .insert(divisionLeadsPolicies)
        .values({ DivisionID: divisionId, LeadsPolicyID: row.LeadsPolicyID })
        .onConflictDoNothing()
        .returning();
      // Someone set it meanwhile: their policy stands.
      if (link.length === 0)
        await tx.delete(leadsPolicies).where(eq(leadsPolicies.LeadsPolicyID, row.LeadsPolicyID));
      return link.length > 0;
    });
    if (!linked)
      throw new AppError(409, CONFLICT_MESSAGE, { body: { Current: await divisionPolicy(db, divisionId) } });
  }
  return divisionPolicy(db, divisionId);
}

/** DELETE divisions/{id}/leads-policy: the division goes back to the defaults. */
export async function deleteDivisionPolicy(params: {
  db: Db;
  actor: Actor;
  divisionId: number;
}): Promise<void> {
  const { db, actor, divisionId } = params;
  requireGlobalManage(actor);
  await requireDivision(db, divisionId);
  const current = await divisionPolicy(db, divisionId);
  if (current.LeadsPolicyID === null) return;
  await db.transaction(async (tx) => {
    await tx.delete(divisionLeadsPolicies).where(eq(divisionLeadsPolicies.DivisionID, divisionId));
    const others = await tx
      .select()
      .from(divisionLeadsPolicies)
      .where(eq(divisionLeadsPolicies.LeadsPolicyID, current.LeadsPolicyID!));
    if (others.length === 0)
      await tx.delete(leadsPolicies).where(eq(leadsPolicies.LeadsPolicyID, current.LeadsPolicyID!));
  });
}
