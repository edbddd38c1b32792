// Time entries: who may read or write whose entries, the per-employee write lock, and the reads of
// stored entries (live rows, breaks) every use case starts from.
//
// Who may do what:
// - one's own entries: `time:own`, at offices where one has an active employment record;
// - another employee's entries (and one's own anywhere): `time:manage` on the entry's office
//   (actor.offices('time:manage')). Another employee's entry must be at an office where that
//   employee has an employment record (any status, so a manager can still correct a leaver's week).
// - An entry the caller may not see answers 404; naming an employee or office the caller does not
//   manage answers 403.
// Writes of one employee are serialised by an advisory lock, so the overlap check holds when two
// devices save at once.
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import { LockClass, xactLock } from '../../db/locks';
import { employees, employmentRecords, icdOffices, timeEntries, timeEntryTypes } from '../../db/tables';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';
import type { Conn, Row, Tx } from './model';

/** Offices where the actor manages time ('all' or a set; empty set = none). */
export function managedOffices(actor: Actor): OfficeScope {
  return actor.offices('time:manage');
}

function managesAny(scope: OfficeScope): boolean {
  return scope === 'all' || scope.size > 0;
}

export function officeIn(scope: OfficeScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.size ? inArray(timeEntries.IcdOfficeID, [...scope]) : sql`false`;
}

/** Whether the actor may see (and, with the office rules, change) an entry. */
export function mayAccess(actor: Actor, row: Pick<Row, 'EmployeeID' | 'IcdOfficeID'>): boolean {
  if (inScope(managedOffices(actor), row.IcdOfficeID)) return true;
  return row.EmployeeID === actor.EmployeeID && actor.has('time:own');
}

async function employeeExists(db: Conn, employeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ EmployeeID: employees.EmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, employeeId))
    .limit(1);
  return !!row;
}

/**
 * Reading another employee's time: time:manage on at least one office where they have an
 * employment record. Their entries are then limited to the managed offices.
 */
export async function assertMayReadEmployee(
  db: Conn,
  actor: Actor,
  employeeId: number,
): Promise<OfficeScope> {
  const scope = managedOffices(actor);
  if (!managesAny(scope)) throw forbidden();
  if (!(await employeeExists(db, employeeId))) throw notFound('The employee');
  if (scope !== 'all') {
    const [record] = await db
      .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
      .from(employmentRecords)
      .where(
        and(eq(employmentRecords.EmployeeID, employeeId), inArray(employmentRecords.IcdOfficeID, [...scope])),
      )
      .limit(1);
    if (!record) throw forbidden();
  }
  return scope;
}

/** Whose entry a create is for: the caller, or another employee when the caller manages time. */
export async function resolveTarget(db: Conn, actor: Actor, requested: number | undefined): Promise<number> {
  if (requested === undefined || requested === actor.EmployeeID) return actor.EmployeeID;
  if (!managesAny(managedOffices(actor))) throw forbidden();
  if (!(await employeeExists(db, requested))) throw notFound('The employee');
  return requested;
}

/** What the office rules of a write need: whether the office exists, the employee's records there. */
export interface OfficeFacts {
  exists: boolean;
  /** EmployeeStatusID of each of the employee's employment records at the office. */
  statuses: readonly number[];
}

async function officeFacts(db: Conn, employeeId: number, officeId: number): Promise<OfficeFacts> {
  const [office] = await db
    .select({ IcdOfficeID: icdOffices.IcdOfficeID })
    .from(icdOffices)
    .where(eq(icdOffices.IcdOfficeID, officeId))
    .limit(1);
  if (!office) return { exists: false, statuses: [] };
  const records = await db
    .select({ EmployeeStatusID: employmentRecords.EmployeeStatusID })
    .from(employmentRecords)
    .where(and(eq(employmentRecords.EmployeeID, employeeId), eq(employmentRecords.IcdOfficeID, officeId)));
  return { exists: true, statuses: records.map((r) => r.EmployeeStatusID) };
}

/**
 * A work entry's type (whether it is active; null when it does not exist) and office facts, in one
 * round trip.
 */
export async function typeAndOfficeFacts(
  db: Conn,
  typeId: number,
  employeeId: number,
  officeId: number,
): Promise<{ typeActive: boolean | null; office: OfficeFacts }> {
  const result = await db.execute(sql`
    select
      (select ${timeEntryTypes.IsActive} from ${timeEntryTypes}
        where ${timeEntryTypes.TimeEntryTypeID} = ${typeId} limit 1) as type_active,
      exists(select 1 from ${icdOffices} where ${icdOffices.IcdOfficeID} = ${officeId}) as office_exists,
      coalesce((select json_agg(${employmentRecords.EmployeeStatusID}) from ${employmentRecords}
        where ${employmentRecords.EmployeeID} = ${employeeId}
          and ${employmentRecords.IcdOfficeID} = ${officeId}), '[]'::json) as statuses`);
  type Facts = { type_active: boolean | null; office_exists: boolean; statuses: number[] };
  const rows = (Array.isArray(result) ? result : (result as { rows: Facts[] }).rows) as Facts[];
  const [facts] = rows;
  return {
    typeActive: facts.type_active,
    office: facts.office_exists
      ? { exists: true, statuses: facts.statuses.map(Number) }
      : { exists: false, statuses: [] },
  };
}

/** The office rules of a write (see the header). */
export async function assertMayWriteAt(
  db: Conn,
  actor: Actor,
  employeeId: number,
  officeId: number,
  known?: OfficeFacts,
): Promise<void> {
  const facts = known ?? (await officeFacts(db, employeeId, officeId));
  if (!facts.exists)
    throw badRequest('This office does not exist.', { IcdOfficeID: ['This office does not exist.'] });
  const managed = inScope(managedOffices(actor), officeId);
  if (employeeId === actor.EmployeeID) {
    if (managed) return;
    if (!actor.has('time:own')) throw forbidden();
    if (!facts.statuses.some((status) => status === EmployeeStatus.Active))
      throw new AppError(403, 'You can record time only at an office where you are actively employed.');
    return;
  }
  if (!managed) throw forbidden();
  if (!facts.statuses.length) {
    const message = 'This employee has no employment record at this office.';
    throw badRequest(message, { IcdOfficeID: [message] });
  }
}

/**
 * Serialises the time-entry writes of one employee until the transaction ends: the overlap rule, and
 * late adjustment requests being changed, withdrawn, accepted or rejected.
 */
export async function lockEmployee(tx: Conn, employeeId: number): Promise<void> {
  await tx.execute(xactLock(LockClass.TimeEntries, employeeId));
}

export async function liveRow(db: Conn, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.Id, id), isNull(timeEntries.DeletedAt)))
    .limit(1);
  return row;
}

/** A live entry the actor may see, or 404. */
export async function loadVisible(db: Conn, actor: Actor, id: number): Promise<Row> {
  const row = await liveRow(db, id);
  if (!row || !mayAccess(actor, row)) throw notFound('The time entry');
  return row;
}

/** A live entry the actor may change, read again under its employee's write lock. */
export async function loadForWrite(tx: Tx, actor: Actor, id: number): Promise<Row> {
  const first = await loadVisible(tx, actor, id);
  await lockEmployee(tx, first.EmployeeID);
  return loadVisible(tx, actor, id);
}

export async function liveBreaksOf(db: Conn, parentId: number): Promise<Row[]> {
  return db
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.ParentTimeEntryID, parentId),
        eq(timeEntries.IsBreak, true),
        isNull(timeEntries.DeletedAt),
      ),
    )
    .orderBy(asc(timeEntries.StartTime), asc(timeEntries.Id));
}
