// Time-entry modifications (spec 001 §4 "Time-entry modifications can be acknowledged or dismissed",
// §7; spec 002 §7): changes made to an employee's entries by someone else, recorded by the time-entry
// writes (record.ts).
// - The employee (time:own): GET time-entries/modified, PUT time-entries/modified/{id}/acknowledge.
//   Another employee's modification answers 404. Acknowledging twice changes nothing.
// - The office (time:manage on the entry's office): GET time-entries/modifications, GET
//   time-entries/modified/count-by-employee, PUT time-entries/modifications/{id}/dismiss.
// - History (GET time-entry-modifications/{id}/history): the entry's audit rows, oldest first, for
//   its employee, its office's managers and auditors.
import { and, asc, count, desc, eq, gte, lte, max, type SQL } from 'drizzle-orm';
import {
  type AcknowledgeModification,
  type DismissModification,
  type ModificationCount,
  type ModificationHistory,
  ModificationStatus,
  type ModificationStatusFilter,
  type ModificationsQuery,
  type ModifiedQuery,
  type TimeEntryModification,
  type TimeEntryModificationPage,
} from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { auditLogs, employees, timeEntryModifications } from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { diffEntries } from '../../domain/time-management/changes';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { entryLabeler } from './labels';
import { employeeNames, inScope, officeCondition, officeInfo, scopeIsEmpty } from './lookup';
import { type Conn, doerOf, recordAudit } from './record';

type Row = typeof timeEntryModifications.$inferSelect;
const STALE = 'This item was changed by someone else. Review the current version.';

const STATUS_OF: Record<Exclude<ModificationStatusFilter, 'all'>, number> = {
  pending: ModificationStatus.Pending,
  acknowledged: ModificationStatus.Acknowledged,
  dismissed: ModificationStatus.Dismissed,
};

function statusCondition(status: ModificationStatusFilter): SQL | undefined {
  return status === 'all' ? undefined : eq(timeEntryModifications.StatusID, STATUS_OF[status]);
}

export async function modificationWires(db: Conn, rows: readonly Row[]): Promise<TimeEntryModification[]> {
  const [names, offices, label] = await allOrFirstError(db, [
    () =>
      employeeNames(
        db,
        rows.flatMap((r) => [r.EmployeeID, r.ModifiedByEmployeeID, r.DismissedByEmployeeID]),
      ),
    () =>
      officeInfo(
        db,
        rows.map((r) => r.IcdOfficeID),
      ),
    () =>
      entryLabeler(
        db,
        rows.flatMap((r) => [r.Before, r.After]),
      ),
  ] as const);
  return rows.map((r) => ({
    TimeEntryModificationID: r.TimeEntryModificationID,
    TimeEntryID: r.TimeEntryID,
    EmployeeID: r.EmployeeID,
    EmployeeName: names.get(r.EmployeeID) ?? '',
    IcdOfficeID: r.IcdOfficeID,
    OfficeName: offices.get(r.IcdOfficeID)?.OfficeName ?? '',
    ModificationTypeID: r.ModificationTypeID,
    StatusID: r.StatusID,
    ModifiedByEmployeeID: r.ModifiedByEmployeeID,
    ModifiedByName: names.get(r.ModifiedByEmployeeID) ?? '',
    ModifiedAt: r.ModifiedAt,
    EntryDate: r.EntryDate,
    Before: r.Before ?? null,
    After: r.After ?? null,
    Changes: diffEntries(r.Before, r.After, undefined, label),
    AcknowledgedAt: r.AcknowledgedAt,
    DismissedAt: r.DismissedAt,
    DismissedByName: r.DismissedByEmployeeID ? (names.get(r.DismissedByEmployeeID) ?? null) : null,
    DismissReason: r.DismissReason,
    Version: r.Version,
  }));
}

async function page(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  pageIndex: number,
  pageSize: number,
): Promise<TimeEntryModificationPage> {
  const [{ total }] = await db.select({ total: count() }).from(timeEntryModifications).where(where);
  const rows = await db
    .select({ m: timeEntryModifications })
    .from(timeEntryModifications)
    .innerJoin(employees, eq(employees.EmployeeID, timeEntryModifications.EmployeeID))
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(pageIndex * pageSize);
  return {
    Items: await modificationWires(
      db,
      rows.map((r) => r.m),
    ),
    TotalCount: total,
    PageIndex: pageIndex,
    PageSize: pageSize,
  };
}

/** GET time-entries/modified: the caller's own changed entries, newest change first. */
export async function listModified(args: {
  db: Db;
  actor: Actor;
  query: ModifiedQuery;
}): Promise<TimeEntryModificationPage> {
  const { db, actor, query } = args;
  const where = and(eq(timeEntryModifications.EmployeeID, actor.EmployeeID), statusCondition(query.status));
  return page(
    db,
    where,
    [desc(timeEntryModifications.ModifiedAt), desc(timeEntryModifications.TimeEntryModificationID)],
    query.pageIndex,
    query.pageSize,
  );
}

function manageScope(actor: Actor) {
  const scope = actor.offices('time:manage');
  if (scopeIsEmpty(scope)) throw forbidden();
  return scope;
}

/** GET time-entries/modifications: changes at the offices the caller manages. */
export async function listModifications(args: {
  db: Db;
  actor: Actor;
  query: ModificationsQuery;
}): Promise<TimeEntryModificationPage> {
  const { db, actor, query } = args;
  const scope = manageScope(actor);
  if (query.icdOfficeId !== undefined && !inScope(scope, query.icdOfficeId)) throw forbidden();
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    const message = 'The end date must not be before the start date.';
    throw badRequest(message, { endDate: [message] });
  }
  const conditions: (SQL | undefined)[] = [
    officeCondition(timeEntryModifications.IcdOfficeID, scope),
    statusCondition(query.status),
  ];
  if (query.employeeId !== undefined)
    conditions.push(eq(timeEntryModifications.EmployeeID, query.employeeId));
  if (query.icdOfficeId !== undefined)
    conditions.push(eq(timeEntryModifications.IcdOfficeID, query.icdOfficeId));
  if (query.startDate) conditions.push(gte(timeEntryModifications.EntryDate, query.startDate));
  if (query.endDate) conditions.push(lte(timeEntryModifications.EntryDate, query.endDate));
  const id = desc(timeEntryModifications.TimeEntryModificationID);
  const order: Record<ModificationsQuery['sort'], SQL[]> = {
    ModifiedAt: [asc(timeEntryModifications.ModifiedAt), asc(timeEntryModifications.TimeEntryModificationID)],
    ModifiedAtDesc: [desc(timeEntryModifications.ModifiedAt), id],
    EmployeeName: [
      asc(employees.LastName),
      asc(employees.FirstName),
      desc(timeEntryModifications.ModifiedAt),
      id,
    ],
    EntryDate: [desc(timeEntryModifications.EntryDate), desc(timeEntryModifications.ModifiedAt), id],
  };
  return page(db, and(...conditions), order[query.sort], query.pageIndex, query.pageSize);
}

/** GET time-entries/modified/count-by-employee: pending changes per employee, by name. */
export async function countByEmployee(args: {
  db: Db;
  actor: Actor;
  icdOfficeId?: number;
}): Promise<ModificationCount[]> {
  const { db, actor, icdOfficeId } = args;
  const scope = manageScope(actor);
  if (icdOfficeId !== undefined && !inScope(scope, icdOfficeId)) throw forbidden();
  const rows = await db
    .select({
      EmployeeID: timeEntryModifications.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      PendingCount: count(),
      LastModifiedAt: max(timeEntryModifications.ModifiedAt),
    })
    .from(timeEntryModifications)
    .innerJoin(employees, eq(employees.EmployeeID, timeEntryModifications.EmployeeID))
    .where(
      and(
        eq(timeEntryModifications.StatusID, ModificationStatus.Pending),
        officeCondition(timeEntryModifications.IcdOfficeID, scope),
        icdOfficeId !== undefined ? eq(timeEntryModifications.IcdOfficeID, icdOfficeId) : undefined,
      ),
    )
    .groupBy(timeEntryModifications.EmployeeID, employees.FirstName, employees.LastName)
    .orderBy(asc(employees.LastName), asc(employees.FirstName));
  return rows.map((r) => ({
    EmployeeID: r.EmployeeID,
    EmployeeName: `${r.FirstName} ${r.LastName}`,
    PendingCount: r.PendingCount,
    LastModifiedAt: r.LastModifiedAt ?? new Date(0),
  }));
}

/** The audit row of an acknowledgement or a dismissal: the change's entry, before and after. */
async function auditModification(
  tx: Conn,
  args: {
    mod: Row;
    actor: Actor;
    action: 'ModificationAcknowledged' | 'ModificationDismissed';
    note?: string | null;
    at: Date;
  },
): Promise<void> {
  const { mod, actor, action, note, at } = args;
  await recordAudit(tx, {
    action,
    entityType: 'TimeEntryModification',
    entityId: mod.TimeEntryModificationID,
    by: doerOf(actor),
    employeeId: mod.EmployeeID,
    officeId: mod.IcdOfficeID,
    timeEntryId: mod.TimeEntryID,
    modificationId: mod.TimeEntryModificationID,
    entryDate: mod.EntryDate,
    before: mod.Before,
    after: mod.After,
    ...(note === undefined ? {} : { note }),
    at,
  });
}

async function loadModification(db: Conn, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(timeEntryModifications)
    .where(eq(timeEntryModifications.TimeEntryModificationID, id))
    .limit(1);
  return row;
}

async function stale(db: Conn, row: Row): Promise<AppError> {
  const [current] = await modificationWires(db, [row]);
  return new AppError(409, STALE, { body: { Current: current } });
}

/** PUT time-entries/modified/{id}/acknowledge: the employee has seen the change. */
export async function acknowledgeModification(args: {
  db: Db;
  actor: Actor;
  id: number;
  body: AcknowledgeModification;
}): Promise<TimeEntryModification> {
  const { db, actor, id, body } = args;
  const row = await db.transaction(async (tx) => {
    const mod = await loadModification(tx, id);
    if (!mod || mod.EmployeeID !== actor.EmployeeID) throw notFound('The change');
    if (mod.StatusID !== ModificationStatus.Pending) return mod;
    if (body?.Version !== undefined && body.Version !== mod.Version) throw await stale(tx, mod);
    const now = new Date();
    const [updated] = await tx
      .update(timeEntryModifications)
      .set({ StatusID: ModificationStatus.Acknowledged, AcknowledgedAt: now, Version: mod.Version + 1 })
      .where(eq(timeEntryModifications.TimeEntryModificationID, id))
      .returning();
    await auditModification(tx, { mod, actor, action: 'ModificationAcknowledged', at: now });
    return updated;
  });
  const [wire] = await modificationWires(db, [row]);
  return wire;
}

/** PUT time-entries/modifications/{id}/dismiss: the office closes it without the acknowledgement. */
export async function dismissModification(args: {
  db: Db;
  actor: Actor;
  id: number;
  body: DismissModification;
}): Promise<TimeEntryModification> {
  const { db, actor, id, body } = args;
  const row = await db.transaction(async (tx) => {
    const mod = await loadModification(tx, id);
    if (!mod || !inScope(actor.offices('time:manage'), mod.IcdOfficeID)) throw notFound('The change');
    if (mod.StatusID === ModificationStatus.Dismissed) return mod;
    if (mod.StatusID === ModificationStatus.Acknowledged)
      throw badRequest('The employee already acknowledged this change.');
    if (body?.Version !== undefined && body.Version !== mod.Version) throw await stale(tx, mod);
    const now = new Date();
    const reason = body?.Reason?.trim() || null;
    const [updated] = await tx
      .update(timeEntryModifications)
      .set({
        StatusID: ModificationStatus.Dismissed,
        DismissedAt: now,
        DismissedByEmployeeID: actor.EmployeeID,
        DismissReason: reason,
        Version: mod.Version + 1,
      })
      .where(eq(timeEntryModifications.TimeEntryModificationID, id))
      .returning();
    await auditModification(tx, { mod, actor, action: 'ModificationDismissed', note: reason, at: now });
    return updated;
  });
  const [wire] = await modificationWires(db, [row]);
  return wire;
}

/** GET time-entry-modifications/{id}/history: every recorded step of the modified entry. */
export async function modificationHistory(args: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<ModificationHistory> {
  const { db, actor, id } = args;
  const mod = await loadModification(db, id);
  const allowed =
    !!mod &&
    ((mod.EmployeeID === actor.EmployeeID && actor.has('time:own')) ||
      inScope(actor.offices('time:manage'), mod.IcdOfficeID) ||
      inScope(actor.offices('audit:read'), mod.IcdOfficeID));
  if (!mod || !allowed) throw notFound('The change');
  const rows = await db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.TimeEntryID, mod.TimeEntryID))
    .orderBy(asc(auditLogs.OccurredAt), asc(auditLogs.AuditLogID));
  const [names, label] = await allOrFirstError(db, [
    () =>
      employeeNames(
        db,
        rows.map((r) => r.ActorEmployeeID),
      ),
    () =>
      entryLabeler(
        db,
        rows.flatMap((r) => [r.Before, r.After]),
      ),
  ] as const);
  return {
    TimeEntryModificationID: mod.TimeEntryModificationID,
    TimeEntryID: mod.TimeEntryID,
    EmployeeID: mod.EmployeeID,
    Steps: rows.map((r) => ({
      AuditLogID: r.AuditLogID,
      Action: r.Action,
      At: r.OccurredAt,
      ByEmployeeID: r.ActorEmployeeID,
      ByName: r.ActorEmployeeID ? (names.get(r.ActorEmployeeID) ?? null) : null,
      Changes: diffEntries(r.Before, r.After, undefined, label),
      Before: r.Before ?? null,
      After: r.After ?? null,
      Note: r.Note,
      TimeEntryModificationID: r.TimeEntryModificationID,
    })),
  };
}
