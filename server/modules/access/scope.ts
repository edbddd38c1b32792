// Scope rules of the access calls: whose access a caller may read or change, and which keys they may
// hand out (never one they do not hold themselves).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, employmentRecords, permissions } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import { type Actor, inScope } from './service';

export const EMPLOYEE = 'The employee';
export const ADMIN_PERMISSIONS = 'admin:permissions';
export const CLAIMS_PERMISSION = 'permissions:claims';

/**
 * The employee, when the caller reaches them with `key`: every office ('all'), or one of the offices
 * of the employee's employment records. Otherwise 404 (someone out of scope is not revealed).
 */
export async function employeeInScope(
  db: Db,
  actor: Actor,
  key: string,
  employeeId: number,
): Promise<{ EmployeeID: number; FirstName: string; LastName: string; UserName: string }> {
  const [employee] = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      UserName: employees.UserName,
    })
    .from(employees)
    .where(eq(employees.EmployeeID, employeeId))
    .limit(1);
  if (!employee) throw notFound(EMPLOYEE);
  const scope = actor.offices(key);
  if (scope === 'all' || employeeId === actor.EmployeeID) return employee;
  const offices = await db
    .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
    .from(employmentRecords)
    .where(eq(employmentRecords.EmployeeID, employeeId));
  if (!offices.some((o) => inScope(scope, o.IcdOfficeID))) throw notFound(EMPLOYEE);
  return employee;
}

/** The message of a grant refused because the caller does not hold the key. */
export function notHeldMessage(key: string): string {
  return `You cannot change the permission "${key}": you do not hold it yourself.`;
}

/** A caller may only hand out, deny or remove grants of keys they hold themselves. */
export function requireHeld(actor: Actor, key: string): void {
  if (!actor.has(key)) throw new AppError(403, notHeldMessage(key));
}

export const UNKNOWN_KEY = 'This permission key does not exist';

/** The permission keys of the catalogue (the permissions table). */
export async function knownKeys(db: Db): Promise<Map<string, { Name: string; ModuleID: number | null }>> {
  const rows = await db.select().from(permissions);
  return new Map(rows.map((r) => [r.Key, { Name: r.Name, ModuleID: r.ModuleID }]));
}

export async function requireKnownKey(db: Db, key: string): Promise<void> {
  const [row] = await db.select({ Key: permissions.Key }).from(permissions).where(eq(permissions.Key, key));
  if (!row) throw badRequest(UNKNOWN_KEY, { PermissionKey: [UNKNOWN_KEY] });
}
