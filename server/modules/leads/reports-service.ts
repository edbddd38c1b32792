// Lead reports (spec 000 §7): conversion per rep and its detail, Rogers lead-group rep statistics,
// the last position of each rep, leads per owner, and one employee's lead activity. Managers see the
// lead groups of their corporations; dates are calendar days in UTC (fromDate ≤ day ≤ toDate).
import { and, asc, count, countDistinct, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { LeadAssignmentRole, type LeadsReportQuery } from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecords,
  leadActivity,
  leadAssignments,
  leadGroups,
  leadStatuses,
  leads,
} from '../../db/tables';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { leadActivityOf } from './leads-service';
import { statusBook } from './lookups';
import { canManageGroup, groupFor, leadScopeOf } from './scope';

const fullName = sql<string>`${employees.FirstName} || ' ' || ${employees.LastName}`;

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Lead groups the caller manages, narrowed to `leadGroupId` (404 when not theirs). */
async function reportGroups(db: Db, actor: Actor, leadGroupId?: number): Promise<number[]> {
  const scope = await leadScopeOf(db, actor);
  if (leadGroupId !== undefined) return [(await groupFor(db, scope, leadGroupId, 'manage')).LeadGroupID];
  const groups = await db.select().from(leadGroups);
  return groups.filter((g) => canManageGroup(scope, g)).map((g) => g.LeadGroupID);
}

/** Conditions on lead_activity joined with leads. */
function activityWhere(q: LeadsReportQuery, groupIds: number[]): SQL | undefined {
  return and(
    inArray(leads.LeadGroupID, groupIds),
    q.employeeId === undefined ? undefined : eq(leadActivity.EmployeeID, q.employeeId),
    q.fromDate ? gte(leadActivity.OccurredAt, new Date(`${q.fromDate}T00:00:00Z`)) : undefined,
    q.toDate ? lt(leadActivity.OccurredAt, new Date(`${nextDay(q.toDate)}T00:00:00Z`)) : undefined,
    q.icdOfficeId === undefined
      ? undefined
      : inArray(leadActivity.EmployeeID, officeEmployees(q.icdOfficeId)),
  );
}

/** Employees with an employment record at the office (subquery). */
function officeEmployees(officeId: number): SQL {
  return sql`(select ${employmentRecords.EmployeeID} from ${employmentRecords} where ${employmentRecords.IcdOfficeID} = ${officeId})`;
}

const isConversion = sql<boolean>`coalesce(${leadStatuses.IsConversion}, false)`;

export async function leadsConversion(params: { db: Db; actor: Actor; query: LeadsReportQuery }) {
  const { db, actor, query } = params;
  const groupIds = await reportGroups(db, actor, query.leadGroupId);
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      EmployeeID: leadActivity.EmployeeID,
      FullName: fullName,
      Interactions: count(),
      LeadsWorked: countDistinct(leadActivity.LeadID),
      Conversions: sql<number>`count(distinct case when ${isConversion} then ${leadActivity.LeadID} end)::int`,
    })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .innerJoin(employees, eq(employees.EmployeeID, leadActivity.EmployeeID))
    .leftJoin(leadStatuses, eq(leadStatuses.LeadStatusID, leadActivity.LeadStatusID))
    .where(activityWhere(query, groupIds))
    .groupBy(leadActivity.EmployeeID, employees.FirstName, employees.LastName)
    .orderBy(asc(employees.LastName), asc(employees.FirstName));
  return rows.map((r) => ({
    ...r,
    ConversionRate: r.LeadsWorked ? Math.round((r.Conversions / r.LeadsWorked) * 10_000) / 10_000 : 0,
  }));
}

export async function leadsConversionDetail(params: { db: Db; actor: Actor; query: LeadsReportQuery }) {
  const { db, actor, query } = params;
  const groupIds = await reportGroups(db, actor, query.leadGroupId);
  if (groupIds.length === 0) return [];
  const statuses = await statusBook(db);
  const rows = await db
    .select({
      LeadActivityID: leadActivity.LeadActivityID,
      LeadID: leadActivity.LeadID,
      LeadGroupID: leads.LeadGroupID,
      EmployeeID: leadActivity.EmployeeID,
      FullName: fullName,
      OccurredAt: leadActivity.OccurredAt,
      LeadStatusID: leadActivity.LeadStatusID,
      StreetLine1: leads.StreetLine1,
      City: leads.City,
      PostalCode: leads.PostalCode,
      Latitude: leads.Latitude,
      Longitude: leads.Longitude,
    })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .innerJoin(employees, eq(employees.EmployeeID, leadActivity.EmployeeID))
    .innerJoin(leadStatuses, eq(leadStatuses.LeadStatusID, leadActivity.LeadStatusID))
    .where(and(activityWhere(query, groupIds), eq(leadStatuses.IsConversion, true)))
    .orderBy(desc(leadActivity.OccurredAt), desc(leadActivity.LeadActivityID))
    .limit(5000);
  return rows.map((r) => ({ ...r, LeadStatus: statuses.badge(r.LeadStatusID) }));
}

export async function leadGroupRepStatistics(params: { db: Db; actor: Actor; query: LeadsReportQuery }) {
  const { db, actor, query } = params;
  if (query.leadGroupId === undefined)
    throw badRequest('The request is not valid.', { leadGroupId: ['Choose a lead group'] });
  const groupIds = await reportGroups(db, actor, query.leadGroupId);
  const statuses = await statusBook(db);
  const perStatus = await db
    .select({
      EmployeeID: leadActivity.EmployeeID,
      LeadStatusID: leadActivity.LeadStatusID,
      n: count(),
    })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .where(activityWhere(query, groupIds))
    .groupBy(leadActivity.EmployeeID, leadActivity.LeadStatusID);
  const totals = await leadsConversion({ db, actor, query });
  const assigned = await db
    .select({ EmployeeID: leadAssignments.EmployeeID, FullName: fullName, n: count() })
    .from(leadAssignments)
    .innerJoin(leads, eq(leads.LeadID, leadAssignments.LeadID))
    .innerJoin(employees, eq(employees.EmployeeID, leadAssignments.EmployeeID))
    .where(
      and(
        inArray(leads.LeadGroupID, groupIds),
        eq(leadAssignments.Role, LeadAssignmentRole.Rep),
        query.employeeId === undefined ? undefined : eq(leadAssignments.EmployeeID, query.employeeId),
      ),
    )
    .groupBy(leadAssignments.EmployeeID, employees.FirstName, employees.LastName);
  const people = new Map<number, string>();
  for (const t of totals) people.set(t.EmployeeID, t.FullName);
  for (const a of assigned) people.set(a.EmployeeID, a.FullName);
  return [...people.entries()]
    .map(([EmployeeID, FullName]) => {
      const t = totals.find((x) => x.EmployeeID === EmployeeID);
      return {
        EmployeeID,
        FullName,
        AssignedLeads: assigned.find((a) => a.EmployeeID === EmployeeID)?.n ?? 0,
        Interactions: t?.Interactions ?? 0,
        LeadsWorked: t?.LeadsWorked ?? 0,
        Conversions: t?.Conversions ?? 0,
        StatusCounts: perStatus
          .filter((p) => p.EmployeeID === EmployeeID)
          .map((p) => {
            const s = p.LeadStatusID === null ? null : statuses.byId.get(p.LeadStatusID);
            return {
              LeadStatusID: p.LeadStatusID,
              Name: s?.Name ?? null,
              Color: s?.Color ?? null,
              Count: p.n,
            };
          }),
      };
    })
    .sort((a, b) => a.FullName.localeCompare(b.FullName));
}

export async function repLastLeadPositions(params: { db: Db; actor: Actor; query: LeadsReportQuery }) {
  const { db, actor, query } = params;
  const groupIds = await reportGroups(db, actor, query.leadGroupId);
  if (groupIds.length === 0) return [];
  const statuses = await statusBook(db);
  const latest = db
    .selectDistinctOn([leadActivity.EmployeeID], {
      LeadActivityID: leadActivity.LeadActivityID,
      EmployeeID: leadActivity.EmployeeID,
      LeadID: leadActivity.LeadID,
      Latitude: sql<number>`coalesce(${leadActivity.Latitude}, ${leads.Latitude})`.as('latitude'),
      Longitude: sql<number>`coalesce(${leadActivity.Longitude}, ${leads.Longitude})`.as('longitude'),
      OccurredAt: leadActivity.OccurredAt,
      LeadStatusID: leadActivity.LeadStatusID,
    })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .where(activityWhere(query, groupIds))
    .orderBy(leadActivity.EmployeeID, desc(leadActivity.OccurredAt), desc(leadActivity.LeadActivityID));
  const rows = await latest;
  const names = rows.length
    ? await db
        .select({ id: employees.EmployeeID, FullName: fullName })
        .from(employees)
        .where(
          inArray(
            employees.EmployeeID,
            rows.map((r) => r.EmployeeID),
          ),
        )
    : [];
  return rows
    .map((r) => ({
      EmployeeID: r.EmployeeID,
      FullName: names.find((n) => n.id === r.EmployeeID)?.FullName ?? '',
      LeadActivityID: r.LeadActivityID,
      LeadID: r.LeadID,
      Latitude: Number(r.Latitude),
      Longitude: Number(r.Longitude),
      OccurredAt: r.OccurredAt,
      LeadStatus: statuses.badge(r.LeadStatusID),
    }))
    .sort((a, b) => a.FullName.localeCompare(b.FullName));
}

export async function ownerLeads(params: {
  db: Db;
  actor: Actor;
  leadGroupId?: number;
  icdCorporationId?: number;
}) {
  const { db, actor, leadGroupId, icdCorporationId } = params;
  let groupIds = await reportGroups(db, actor, leadGroupId);
  if (icdCorporationId !== undefined && groupIds.length) {
    const inCorp = await db
      .select({ id: leadGroups.LeadGroupID })
      .from(leadGroups)
      .where(
        and(inArray(leadGroups.LeadGroupID, groupIds), eq(leadGroups.IcdCorporationID, icdCorporationId)),
      );
    groupIds = inCorp.map((g) => g.id);
  }
  if (groupIds.length === 0) return [];
  const statuses = await statusBook(db);
  const rows = await db
    .select({
      EmployeeID: leadAssignments.EmployeeID,
      FullName: fullName,
      LeadStatusID: leads.LeadStatusID,
      n: count(),
    })
    .from(leadAssignments)
    .innerJoin(leads, eq(leads.LeadID, leadAssignments.LeadID))
    .innerJoin(employees, eq(employees.EmployeeID, leadAssignments.EmployeeID))
    .where(and(inArray(leads.LeadGroupID, groupIds), eq(leadAssignments.Role, LeadAssignmentRole.Owner)))
    .groupBy(leadAssignments.EmployeeID, employees.FirstName, employees.LastName, leads.LeadStatusID);
  const owners = new Map<
    number,
    {
      EmployeeID: number;
      FullName: string;
      LeadsCount: number;
      StatusCounts: {
        LeadStatusID: number | null;
        Name: string | null;
        Color: string | null;
        Count: number;
      }[];
    }
  >();
  for (const r of rows) {
    const o = owners.get(r.EmployeeID) ?? {
      EmployeeID: r.EmployeeID,
      FullName: r.FullName,
      LeadsCount: 0,
      StatusCounts: [],
    };
    const s = r.LeadStatusID === null ? null : statuses.byId.get(r.LeadStatusID);
    o.LeadsCount += r.n;
    o.StatusCounts.push({
      LeadStatusID: r.LeadStatusID,
      Name: s?.Name ?? null,
      Color: s?.Color ?? null,
      Count: r.n,
    });
    owners.set(r.EmployeeID, o);
  }
  return [...owners.values()].sort((a, b) => a.FullName.localeCompare(b.FullName));
}

/**
 * employees/{id}/leads-activity: one's own activity (leads:work), or a managed employee's (leads:manage
 * over one of their offices) within the caller's lead groups.
 */
export async function employeeLeadsActivity(params: {
  db: Db;
  actor: Actor;
  employeeId: number;
  fromDate?: string;
  toDate?: string;
  pageIndex: number;
  pageSize: number;
}) {
  const { db, actor, employeeId, pageIndex, pageSize } = params;
  let groupFilter: SQL | undefined;
  if (employeeId !== actor.EmployeeID) {
    const scope = await leadScopeOf(db, actor);
    if (!scope.canManage) throw notFound('The employee');
    if (scope.manageOffices !== 'all') {
      const records = await db
        .select({ office: employmentRecords.IcdOfficeID })
        .from(employmentRecords)
        .where(eq(employmentRecords.EmployeeID, employeeId));
      const offices = scope.manageOffices;
      if (!records.some((r) => offices.has(r.office))) throw notFound('The employee');
      groupFilter = inArray(leads.LeadGroupID, await reportGroups(db, actor));
    }
  }
  const where = and(
    eq(leadActivity.EmployeeID, employeeId),
    groupFilter,
    params.fromDate ? gte(leadActivity.OccurredAt, new Date(`${params.fromDate}T00:00:00Z`)) : undefined,
    params.toDate ? lt(leadActivity.OccurredAt, new Date(`${nextDay(params.toDate)}T00:00:00Z`)) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .where(where);
  const page = await db
    .select({
      LeadActivityID: leadActivity.LeadActivityID,
      LeadID: leadActivity.LeadID,
      LeadGroupID: leads.LeadGroupID,
      StreetLine1: leads.StreetLine1,
      City: leads.City,
    })
    .from(leadActivity)
    .innerJoin(leads, eq(leads.LeadID, leadActivity.LeadID))
    .where(where)
    .orderBy(desc(leadActivity.OccurredAt), desc(leadActivity.LeadActivityID))
    .limit(pageSize)
    .offset(pageIndex * pageSize);
  const statuses = await statusBook(db);
  const details = await leadActivityOf(db, [...new Set(page.map((p) => p.LeadID))], statuses);
  return {
    Items: page.map((p) => ({
      ...details.find((d) => d.LeadActivityID === p.LeadActivityID)!,
      LeadGroupID: p.LeadGroupID,
      StreetLine1: p.StreetLine1,
      City: p.City,
    })),
    TotalCount: total,
    PageIndex: pageIndex,
    PageSize: pageSize,
  };
}
