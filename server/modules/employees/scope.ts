// Who may see and change which employee. An employee is visible when one of their employment records
// is at an office the caller's employees:read (or employees:write) reaches; an employee with no record
// is visible only to a caller whose key reaches every office. An employee out of scope is 404 (nothing
// tells that they exist); an office named in a save out of the write scope is 403.
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  EMPLOYEES_READ,
  EMPLOYEES_VIEW_SENSITIVE,
  EMPLOYEES_WRITE,
  PROFILE_OWN,
} from '../../../src/contract/employees';
import type { Db } from '../../db/client';
import { employmentRecords } from '../../db/tables';
import { AppError, forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const EMPLOYEE = 'The employee';

function union(a: OfficeScope, b: OfficeScope): OfficeScope {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

/** Offices whose employees the caller may read (read or write key). */
export const readScope = (actor: Actor): OfficeScope =>
  union(actor.offices(EMPLOYEES_READ), actor.offices(EMPLOYEES_WRITE));
export const writeScope = (actor: Actor): OfficeScope => actor.offices(EMPLOYEES_WRITE);
export const canViewSensitive = (actor: Actor) => actor.has(EMPLOYEES_VIEW_SENSITIVE);

export function scopeIsEmpty(scope: OfficeScope): boolean {
  return scope !== 'all' && scope.size === 0;
}

/** A condition limiting `column` (an office id) to the scope; undefined when unlimited. */
export function officeCondition(scope: OfficeScope, column: PgColumn): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.size === 0) return sql`false`;
  return inArray(column, [...scope]);
}

/** The offices of an employee's employment records (any status). */
export async function officesOf(db: DbOrTx, employeeId: number): Promise<number[]> {
  const rows = await db
    .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
    .from(employmentRecords)
    .where(eq(employmentRecords.EmployeeID, employeeId));
  return rows.map((r) => r.IcdOfficeID);
}

export function reaches(scope: OfficeScope, offices: readonly number[]): boolean {
  return scope === 'all' || offices.some((o) => scope.has(o));
}

/** The employee must be in the caller's read scope (404 otherwise). */
export async function requireVisible(db: DbOrTx, actor: Actor, employeeId: number): Promise<void> {
  if (!reaches(readScope(actor), await officesOf(db, employeeId))) throw notFound(EMPLOYEE);
}

/**
 * May the caller change this employee's record (name, user name, password, image)? When they hold
 * employees:write at one of the employee's offices (or everywhere). Visible but not writable → 403.
 */
export async function requireWritable(db: DbOrTx, actor: Actor, employeeId: number): Promise<void> {
  const offices = await officesOf(db, employeeId);
  if (!reaches(readScope(actor), offices)) throw notFound(EMPLOYEE);
  if (!reaches(writeScope(actor), offices)) throw forbidden();
}

/** Profile: the caller's own (with profile:own) or one in their read (GET) / write (PUT) scope. */
export async function requireProfileAccess(
  db: DbOrTx,
  actor: Actor,
  employeeId: number,
  mode: 'read' | 'write',
): Promise<void> {
  if (employeeId === actor.EmployeeID && actor.has(PROFILE_OWN)) return;
  const offices = await officesOf(db, employeeId);
  if (!reaches(readScope(actor), offices)) throw notFound(EMPLOYEE);
  if (mode === 'write' && !reaches(writeScope(actor), offices)) throw forbidden();
}

/** An office named in a save must be in the write scope. */
export function requireWritableOffice(actor: Actor, officeId: number): void {
  if (!inScope(writeScope(actor), officeId)) throw forbidden();
}

export function conflict(current: unknown): AppError {
  return new AppError(409, 'This item was changed by someone else. Review the current version.', {
    body: { Current: current },
  });
}

export function fullName(p: { FirstName: string; MiddleName?: string | null; LastName: string }): string {
  return [p.FirstName, p.MiddleName, p.LastName].filter(Boolean).join(' ');
}

/** numeric column text → number (null stays null). */
export const num = (v: string | null): number | null => (v === null ? null : Number(v));
/** number → numeric column text. */
export const numText = (v: number | null | undefined): string | null =>
  v === null || v === undefined ? null : String(v);
