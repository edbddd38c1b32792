// The timekeeping audit logs (src/contract/audit.ts): three views of the append-only audit rows
// written by the time and time-management services, limited to the offices where the caller holds
// audit:read, newest first (order=asc for oldest first), paged.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import {
  AuditAction,
  type AuditEmployee,
  AuditEntityType,
  type AuditLogEntry,
  type AuditLogFilters,
  type AuditLogPage,
} from '../../../src/contract/audit';
import type { Db } from '../../db/client';
import { auditLogs, employees } from '../../db/tables';
import { diffEntries } from '../../domain/time-management/changes';
import { dayRange } from '../../domain/time-management/office-day';
import { badRequest, forbidden } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { entryLabeler } from '../time-management/labels';
import { employeeNames, inScope, officeCondition, officeInfo, scopeIsEmpty } from '../time-management/lookup';

type Row = typeof auditLogs.$inferSelect;

/** timekeeping: every row; modification: changes made by someone else; acknowledged: acknowledgements. */
export type AuditView = 'timekeeping' | 'modification' | 'acknowledged';

/** Whose rows: the employee whose time it is, who made the change, or who acknowledged it. */
export type AuditSubject = { kind: 'employee' | 'modifiedBy' | 'acknowledgedBy'; id: number };

const ENTRY_CHANGES: string[] = [
  AuditAction.TimeEntryCreated,
  AuditAction.TimeEntryUpdated,
  AuditAction.TimeEntryDeleted,
];
const PERIOD_FIELDS = ['IsApproved', 'IsLocked', 'ApprovedByEmployeeID'];

function auditScope(actor: Actor): OfficeScope {
  const scope = actor.offices('audit:read');
  if (scopeIsEmpty(scope)) throw forbidden();
  return scope;
}

/**
 * What the timekeeping logs show: rows about time (entries, their modifications, pay periods, late
 * adjustments). The same table also keeps the back office's trail (employees, bank accounts), which
 * these views leave out.
 */
const TIME_ENTITIES: AuditEntityType[] = [
  AuditEntityType.TimeEntry,
  AuditEntityType.TimeEntryModification,
  AuditEntityType.PayPeriod,
  AuditEntityType.LateAdjustment,
];
const timeRows = inArray(auditLogs.EntityType, TIME_ENTITIES);

function viewCondition(view: AuditView): SQL | undefined {
  if (view === 'modification')
    return and(isNotNull(auditLogs.TimeEntryModificationID), inArray(auditLogs.Action, ENTRY_CHANGES));
  if (view === 'acknowledged') return eq(auditLogs.Action, AuditAction.ModificationAcknowledged);
  return timeRows;
}

function subjectCondition(subject: AuditSubject | undefined): SQL | undefined {
  if (!subject) return undefined;
  return subject.kind === 'employee'
    ? eq(auditLogs.EmployeeID, subject.id)
    : eq(auditLogs.ActorEmployeeID, subject.id);
}

function filterConditions(filters: AuditLogFilters): (SQL | undefined)[] {
  if (filters.startDate && filters.endDate && filters.endDate < filters.startDate) {
    const message = 'The end date must not be before the start date.';
    throw badRequest(message, { endDate: [message] });
  }
  const { from, until } = dayRange(filters.timeZone ?? 'UTC', filters.startDate, filters.endDate);
  return [
    from ? gte(auditLogs.OccurredAt, from) : undefined,
    until ? lt(auditLogs.OccurredAt, until) : undefined,
    filters.icdOfficeId !== undefined ? eq(auditLogs.IcdOfficeID, filters.icdOfficeId) : undefined,
    filters.action ? eq(auditLogs.Action, filters.action) : undefined,
    filters.timeEntryId !== undefined ? eq(auditLogs.TimeEntryID, filters.timeEntryId) : undefined,
  ];
}

export async function auditWires(db: Db, rows: readonly Row[]): Promise<AuditLogEntry[]> {
  const [names, offices, label] = await Promise.all([
    employeeNames(
      db,
      rows.flatMap((r) => [r.EmployeeID, r.ActorEmployeeID, r.ProxyByEmployeeID]),
    ),
    officeInfo(
      db,
      rows.map((r) => r.IcdOfficeID),
    ),
    entryLabeler(
      db,
      rows.flatMap((r) => [r.Before, r.After]),
    ),
  ]);
  const name = (id: number | null) => (id ? (names.get(id) ?? null) : null);
  return rows.map((r) => ({
    AuditLogID: r.AuditLogID,
    OccurredAt: r.OccurredAt,
    Action: r.Action as AuditLogEntry['Action'],
    EntityType: r.EntityType,
    EntityID: r.EntityID,
    EmployeeID: r.EmployeeID,
    EmployeeName: name(r.EmployeeID),
    IcdOfficeID: r.IcdOfficeID,
    OfficeName: r.IcdOfficeID ? (offices.get(r.IcdOfficeID)?.OfficeName ?? null) : null,
    ActorEmployeeID: r.ActorEmployeeID,
    ActorName: name(r.ActorEmployeeID),
    ProxyByName: name(r.ProxyByEmployeeID),
    TimeEntryID: r.TimeEntryID,
    TimeEntryModificationID: r.TimeEntryModificationID,
    PayPeriodID: r.PayPeriodID,
    LateAdjustmentID: r.LateAdjustmentID,
    EntryDate: r.EntryDate,
    Before: r.Before ?? null,
    After: r.After ?? null,
    Changes:
      r.EntityType === 'PayPeriod'
        ? diffEntries(r.Before, r.After, PERIOD_FIELDS)
        : diffEntries(r.Before, r.After, undefined, label),
    Note: r.Note,
  }));
}

/** One page of a view. */
export async function listAuditLogs(args: {
  db: Db;
  actor: Actor;
  view: AuditView;
  subject?: AuditSubject;
  filters: AuditLogFilters;
  pageIndex: number;
  pageSize: number;
}): Promise<AuditLogPage> {
  const { db, actor, view, subject, filters, pageIndex, pageSize } = args;
  const scope = auditScope(actor);
  if (filters.icdOfficeId !== undefined && !inScope(scope, filters.icdOfficeId)) throw forbidden();
  const where = and(
    officeCondition(auditLogs.IcdOfficeID, scope),
    viewCondition(view),
    subjectCondition(subject),
    ...filterConditions(filters),
  );
  const [{ total }] = await db.select({ total: count() }).from(auditLogs).where(where);
  const order =
    filters.order === 'asc'
      ? [asc(auditLogs.OccurredAt), asc(auditLogs.AuditLogID)]
      : [desc(auditLogs.OccurredAt), desc(auditLogs.AuditLogID)];
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(pageIndex * pageSize);
  return { Items: await auditWires(db, rows), TotalCount: total, PageIndex: pageIndex, PageSize: pageSize };
}

/** GET audit-logs/employees: the employees whose time appears in the logs the caller may read. */
export async function listAuditEmployees(args: { db: Db; actor: Actor }): Promise<AuditEmployee[]> {
  const { db, actor } = args;
  const scope = auditScope(actor);
  const rows = await db
    .selectDistinct({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(auditLogs)
    .innerJoin(employees, eq(employees.EmployeeID, auditLogs.EmployeeID))
    .where(and(officeCondition(auditLogs.IcdOfficeID, scope), timeRows))
    .orderBy(asc(employees.LastName), asc(employees.FirstName));
  return rows.map((r) => ({ EmployeeID: r.EmployeeID, Name: `${r.FirstName} ${r.LastName}` }));
}
