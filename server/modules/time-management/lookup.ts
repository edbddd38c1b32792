// Small reads shared by the time-management and audit services: display names of employees and
// offices, and office-scope conditions.
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { employees, icdOffices } from '../../db/tables';
import { inScope, type OfficeScope } from '../access/service';
import type { Conn } from './record';

/** 'First Last' of each employee id given (unknown ids are left out). */
export async function employeeNames(
  db: Conn,
  ids: Iterable<number | null | undefined>,
): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(employees)
    .where(inArray(employees.EmployeeID, wanted));
  return new Map(rows.map((r) => [r.EmployeeID, `${r.FirstName} ${r.LastName}`]));
}

export interface OfficeInfo {
  OfficeName: string;
  TimeZone: string;
}

export async function officeInfo(
  db: Conn,
  ids: Iterable<number | null | undefined>,
): Promise<Map<number, OfficeInfo>> {
  const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      IcdOfficeID: icdOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      TimeZone: icdOffices.TimeZone,
    })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, wanted));
  return new Map(rows.map((r) => [r.IcdOfficeID, { OfficeName: r.OfficeName, TimeZone: r.TimeZone }]));
}

/** A condition limiting an office column to a scope (undefined: every office). */
export function officeCondition(column: PgColumn, scope: OfficeScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.size ? inArray(column, [...scope]) : sql`false`;
}

/** The offices reached by any of several scopes. */
export function unionScope(...scopes: OfficeScope[]): OfficeScope {
  if (scopes.some((s) => s === 'all')) return 'all';
  const out = new Set<number>();
  for (const s of scopes) for (const id of s as ReadonlySet<number>) out.add(id);
  return out;
}

export function scopeIsEmpty(scope: OfficeScope): boolean {
  return scope !== 'all' && scope.size === 0;
}

export { inScope };

/** 'YYYY-MM-DD' of a date column value (drizzle gives strings; be tolerant of Dates). */
export function day(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}
