// Who a bulletin reaches, and whether a caller may address that audience. Recipients are active
// employees with an active employment record matching the audience; a caller whose key reaches only
// some offices may address those offices (or a corporation all of whose offices they reach) and
// reaches only the employees of those offices.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import type { BulletinAudienceType } from '../../../src/contract/notices';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  roleAssignments,
} from '../../db/tables';
import { forbidden } from '../../errors';
import type { OfficeScope } from '../access/service';

export interface Audience {
  AudienceType: BulletinAudienceType;
  AudienceIDs: readonly number[];
}

/** Whether `scope` covers the audience (every recipient is in an office of the scope). */
export async function audienceInScope(db: Db, scope: OfficeScope, a: Audience): Promise<boolean> {
  if (scope === 'all') return true;
  if (a.AudienceType === 'Offices') return a.AudienceIDs.every((id) => scope.has(id));
  if (a.AudienceType === 'Corporation') {
    const rows = await db
      .select({ id: icdOffices.IcdOfficeID })
      .from(icdOffices)
      .where(inArray(icdOffices.IcdCorporationID, [...a.AudienceIDs]));
    return rows.length > 0 && rows.every((r) => scope.has(r.id));
  }
  return false;
}

export async function requireAudienceInScope(db: Db, scope: OfficeScope, a: Audience): Promise<void> {
  if (!(await audienceInScope(db, scope, a))) throw forbidden();
}

/** The employee ids the audience reaches today, limited to the offices of `scope`. */
export async function recipientsOf(db: Db, scope: OfficeScope, a: Audience): Promise<number[]> {
  const ids = [...a.AudienceIDs];
  // Everyone and roles reach employees without an employment record too (administrators, payroll).
  const needsRecord = scope !== 'all' || !['All', 'Roles'].includes(a.AudienceType);
  const conditions: Array<SQL | undefined> = [eq(employees.Inactive, false)];
  let q = db.selectDistinct({ id: employees.EmployeeID }).from(employees).$dynamic();
  if (needsRecord) {
    q = q.innerJoin(employmentRecords, eq(employmentRecords.EmployeeID, employees.EmployeeID));
    conditions.push(eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active));
    if (scope !== 'all') conditions.push(inArray(employmentRecords.IcdOfficeID, [...scope, -1]));
  }
  switch (a.AudienceType) {
    case 'All':
      break;
    case 'Offices':
      conditions.push(inArray(employmentRecords.IcdOfficeID, ids));
      break;
    case 'Corporation':
      q = q.innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID));
      conditions.push(inArray(icdOffices.IcdCorporationID, ids));
      break;
    case 'Divisions':
      q = q.innerJoin(
        employmentRecordDivisions,
        eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
      );
      conditions.push(inArray(employmentRecordDivisions.DivisionID, ids));
      break;
    case 'Roles':
      q = q.innerJoin(roleAssignments, eq(roleAssignments.EmployeeID, employees.EmployeeID));
      conditions.push(inArray(roleAssignments.RoleID, ids));
      break;
  }
  const rows = await q.where(and(...conditions));
  return rows.map((r) => r.id).sort((x, y) => x - y);
}
