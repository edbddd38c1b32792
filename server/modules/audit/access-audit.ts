// The access audit trail read back (src/contract/access-audit.ts): who changed whose access and when.
// Needs audit:read like the timekeeping logs. A caller whose audit:read reaches every office sees every
// row; one limited to some offices sees only the rows about employees employed at those offices (not
// the company-wide changes — roles, claim permissions, claim imports — which have no subject).
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AccessAuditEntry,
  AccessAuditFilters,
  AccessAuditPage,
  AccessAuditPerson,
} from '../../../src/contract/access-audit';
import type { Db } from '../../db/client';
import { accessAudit, employees, employmentRecords } from '../../db/tables';
import { dayRange } from '../../domain/time-management/office-day';
import { badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import { employeeNames, scopeIsEmpty } from '../time-management/lookup';

export const DATES_REVERSED = 'The end date must not be before the start date.';

/** The rows the caller may read (403 without audit:read anywhere). */
function scopeCondition(db: Db, actor: Actor): SQL | undefined {
  const scope = actor.offices('audit:read');
  if (scopeIsEmpty(scope)) throw forbidden();
  if (scope === 'all') return undefined;
  const employed = db
    .selectDistinct({ EmployeeID: employmentRecords.EmployeeID })
    .from(employmentRecords)
    .where(inArray(employmentRecords.IcdOfficeID, [...scope]));
  return inArray(accessAudit.EmployeeID, employed);
}

function filterConditions(filters: AccessAuditFilters): (SQL | undefined)[] {
  if (filters.startDate && filters.endDate && filters.endDate < filters.startDate)
    throw badRequest(DATES_REVERSED, { endDate: [DATES_REVERSED] });
  const { from, until } = dayRange(filters.timeZone ?? 'UTC', filters.startDate, filters.endDate);
  return [
    from ? gte(accessAudit.OccurredAt, from) : undefined,
    until ? lt(accessAudit.OccurredAt, until) : undefined,
    filters.action ? eq(accessAudit.Action, filters.action) : undefined,
    filters.employeeId !== undefined ? eq(accessAudit.EmployeeID, filters.employeeId) : undefined,
    filters.actorId !== undefined
      ? or(
          eq(accessAudit.ActorEmployeeID, filters.actorId),
          eq(accessAudit.ProxyByEmployeeID, filters.actorId),
        )
      : undefined,
  ];
}

const subject = alias(employees, 'subject');
const actorPerson = alias(employees, 'actor_person');
const fullName = (e: { FirstName: SQLWrapper; LastName: SQLWrapper }) =>
  sql`lower(${e.FirstName} || ' ' || ${e.LastName})`;

/** The ORDER BY of a page: the sort's column its way (rows without a name last), then newest first. */
function sortOrder(filters: AccessAuditFilters): SQL[] {
  const sort = filters.sort ?? 'OccurredAt';
  const descending = (filters.order ?? (sort === 'OccurredAt' ? 'desc' : 'asc')) === 'desc';
  if (sort === 'OccurredAt')
    return descending
      ? [desc(accessAudit.OccurredAt), desc(accessAudit.AccessAuditID)]
      : [asc(accessAudit.OccurredAt), asc(accessAudit.AccessAuditID)];
  const column = {
    Action: sql`${accessAudit.Action}`,
    EmployeeName: fullName(subject),
    ActorName: fullName(actorPerson),
  }[sort];
  return [
    descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
    desc(accessAudit.OccurredAt),
    desc(accessAudit.AccessAuditID),
  ];
}

/** GET access-audit: one page, newest first unless sorted otherwise (sort, order). */
export async function listAccessAudit(args: {
  db: Db;
  actor: Actor;
  filters: AccessAuditFilters;
  pageIndex: number;
  pageSize: number;
}): Promise<AccessAuditPage> {
  const { db, actor, filters, pageIndex, pageSize } = args;
  const where = and(scopeCondition(db, actor), ...filterConditions(filters));
  const [{ total }] = await db.select({ total: count() }).from(accessAudit).where(where);
  const rows = await db
    .select({ row: accessAudit })
    .from(accessAudit)
    .leftJoin(subject, eq(subject.EmployeeID, accessAudit.EmployeeID))
    .leftJoin(actorPerson, eq(actorPerson.EmployeeID, accessAudit.ActorEmployeeID))
    .where(where)
    .orderBy(...sortOrder(filters))
    .limit(pageSize)
    .offset(pageIndex * pageSize)
    .then((found) => found.map((f) => f.row));
  const names = await employeeNames(
    db,
    rows.flatMap((r) => [r.EmployeeID, r.ActorEmployeeID, r.ProxyByEmployeeID]),
  );
  const name = (id: number | null) => (id ? (names.get(id) ?? null) : null);
  const items: AccessAuditEntry[] = rows.map((r) => ({
    AccessAuditID: r.AccessAuditID,
    OccurredAt: r.OccurredAt,
    Action: r.Action as AccessAuditEntry['Action'],
    ActorEmployeeID: r.ActorEmployeeID,
    ActorName: name(r.ActorEmployeeID),
    ProxyByEmployeeID: r.ProxyByEmployeeID,
    ProxyByName: name(r.ProxyByEmployeeID),
    EmployeeID: r.EmployeeID,
    EmployeeName: name(r.EmployeeID),
    Detail: r.Detail ?? null,
  }));
  return { Items: items, TotalCount: total, PageIndex: pageIndex, PageSize: pageSize };
}

/** GET access-audit/employees: the people in the rows the caller may read (subject, actor or proxy). */
export async function listAccessAuditPeople(args: { db: Db; actor: Actor }): Promise<AccessAuditPerson[]> {
  const { db, actor } = args;
  const where = scopeCondition(db, actor);
  const rows = await db
    .selectDistinct({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(accessAudit)
    .innerJoin(
      employees,
      sql`${employees.EmployeeID} in (${accessAudit.EmployeeID}, ${accessAudit.ActorEmployeeID}, ${accessAudit.ProxyByEmployeeID})`,
    )
    .where(where)
    .orderBy(asc(employees.LastName), asc(employees.FirstName));
  return rows.map((r) => ({ EmployeeID: r.EmployeeID, Name: `${r.FirstName} ${r.LastName}` }));
}
