// Whose bank data a caller reaches: an employee is in scope when one of their employment records is at
// an office the caller's key reaches (admin and payroll: every office; owner: their corporation's;
// manager: their office). An employee outside the scope is reported as missing (404), nothing changed.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, employmentRecords } from '../../db/tables';
import { notFound } from '../../errors';
import { type Actor, inScope } from '../access/service';
import type { DbOrTx } from '../scheduling/scope';

export const EMPLOYEE = 'The employee';

export interface Subject {
  EmployeeID: number;
  FirstName: string;
  LastName: string;
  /** Offices of the employee's employment records, first hired first. */
  offices: number[];
}

export async function subjectOf(db: DbOrTx | Db, employeeId: number): Promise<Subject | null> {
  const rows = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      IcdOfficeID: employmentRecords.IcdOfficeID,
    })
    .from(employees)
    .leftJoin(employmentRecords, eq(employmentRecords.EmployeeID, employees.EmployeeID))
    .where(eq(employees.EmployeeID, employeeId))
    .orderBy(employmentRecords.EmploymentRecordID);
  if (!rows.length) return null;
  const offices = rows.map((r) => r.IcdOfficeID).filter((o): o is number => o !== null);
  return { ...rows[0], offices };
}

export function reaches(actor: Actor, key: string, subject: Subject): boolean {
  if (!actor.has(key)) return false;
  const scope = actor.offices(key);
  return scope === 'all' || subject.offices.some((o) => inScope(scope, o));
}

/** The employee, when the caller's `key` reaches them; else 404. */
export async function requireSubject(
  db: DbOrTx,
  actor: Actor,
  key: string,
  employeeId: number,
): Promise<Subject> {
  const subject = await subjectOf(db, employeeId);
  if (!subject || !reaches(actor, key, subject)) throw notFound(EMPLOYEE);
  return subject;
}
