// Leads: list and read; the shared parts of creating (leads-create.ts) and editing them
// (leads-edit.ts: PATCH, the phone's offline outbox command `lead.logInteraction`, bulk changes).
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  type Lead,
  type LeadActivity,
  LeadAssignmentRole,
  type LeadsQuery,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { employees, leadActivity, leadAssignments, leads } from '../../db/tables';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { type StatusBook, statusBook } from './lookups';
import { groupFor, type LeadScope, leadScopeOf, visibleLeadsWhere } from './scope';

export type LeadRow = typeof leads.$inferSelect;

export const CONFLICT_MESSAGE = 'This item was changed by someone else. Review the current version.';

export const fullName = sql<string>`${employees.FirstName} || ' ' || ${employees.LastName}`;

export function check(errors: Record<string, string[]>): void {
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
export async function visibleLead(db: Db, scope: LeadScope, leadId: number): Promise<LeadRow> {
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

export async function checkEmployees(
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

export async function setAssignments(
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
