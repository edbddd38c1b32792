// SGI ids of employees (spec 001 §7 "Onboarding": employee-sgi-id-history, sgi-id-report): each
// employee's ids with the day each took effect. Read and written with onboarding:manage for employees
// with a record at an office of the caller's scope (others: 404; an id out of scope is not named).
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { ONBOARDING_MANAGE } from '../../../src/contract/employees';
import type { EmployeeSgiIdSave, SgiReportRow } from '../../../src/contract/onboarding';
import type { Db } from '../../db/client';
import { employeeSgiIdHistory, employees, employmentRecords, icdOffices } from '../../db/tables';
import { notFound } from '../../errors';
import type { Actor } from '../access/service';
import { refused } from './common';

const EMPLOYEE = 'The employee';

/** Employees with a record at an office of the caller's onboarding:manage scope ('all' for everyone). */
async function employeesInScope(db: Db, actor: Actor, officeId?: number): Promise<number[] | 'all'> {
  const scope = actor.offices(ONBOARDING_MANAGE);
  if (scope === 'all' && !officeId) return 'all';
  const offices =
    scope === 'all' ? [officeId as number] : [...scope].filter((o) => !officeId || o === officeId);
  if (!offices.length) return [];
  const rows = await db
    .selectDistinct({ id: employmentRecords.EmployeeID })
    .from(employmentRecords)
    .where(inArray(employmentRecords.IcdOfficeID, offices));
  return rows.map((r) => r.id);
}

async function requireEmployee(db: Db, actor: Actor, employeeId: number) {
  const [e] = await db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, employeeId));
  const scope = await employeesInScope(db, actor);
  if (!e || (scope !== 'all' && !scope.includes(employeeId))) throw notFound(EMPLOYEE);
}

export async function sgiHistory(db: Db, actor: Actor, employeeId?: number) {
  if (employeeId) await requireEmployee(db, actor, employeeId);
  const scope = employeeId ? [employeeId] : await employeesInScope(db, actor);
  if (scope !== 'all' && !scope.length) return [];
  return db
    .select({
      EmployeeSgiIdHistoryID: employeeSgiIdHistory.EmployeeSgiIdHistoryID,
      EmployeeID: employeeSgiIdHistory.EmployeeID,
      SgiID: employeeSgiIdHistory.SgiID,
      EffectiveDate: employeeSgiIdHistory.EffectiveDate,
      CreatedAt: employeeSgiIdHistory.CreatedAt,
    })
    .from(employeeSgiIdHistory)
    .where(scope === 'all' ? undefined : inArray(employeeSgiIdHistory.EmployeeID, scope))
    .orderBy(asc(employeeSgiIdHistory.EmployeeID), desc(employeeSgiIdHistory.EffectiveDate));
}

export async function addSgiId(db: Db, actor: Actor, body: z.output<typeof EmployeeSgiIdSave>) {
  await requireEmployee(db, actor, body.EmployeeID);
  const [same] = await db
    .select()
    .from(employeeSgiIdHistory)
    .where(
      and(
        eq(employeeSgiIdHistory.EmployeeID, body.EmployeeID),
        eq(employeeSgiIdHistory.EffectiveDate, body.EffectiveDate),
      ),
    );
  if (same) throw refused('The employee already has an SGI id taking effect that day.');
  const [row] = await db
    .insert(employeeSgiIdHistory)
    .values({ ...body, CreatedByEmployeeID: actor.EmployeeID })
    .returning();
  return {
    EmployeeSgiIdHistoryID: row.EmployeeSgiIdHistoryID,
    EmployeeID: row.EmployeeID,
    SgiID: row.SgiID,
    EffectiveDate: row.EffectiveDate,
    CreatedAt: row.CreatedAt,
  };
}

export async function deleteSgiId(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(employeeSgiIdHistory)
    .where(eq(employeeSgiIdHistory.EmployeeSgiIdHistoryID, id));
  if (!row) throw notFound('The SGI id');
  await requireEmployee(db, actor, row.EmployeeID).catch(() => {
    throw notFound('The SGI id');
  });
  await db.delete(employeeSgiIdHistory).where(eq(employeeSgiIdHistory.EmployeeSgiIdHistoryID, id));
}

/** Each employee's SGI id in force on `asOf` (the latest taking effect on or before it). */
export async function sgiReport(
  db: Db,
  actor: Actor,
  q: { icdOfficeId?: number; asOf: string },
): Promise<SgiReportRow[]> {
  const scope = await employeesInScope(db, actor, q.icdOfficeId);
  if (scope !== 'all' && !scope.length) return [];
  const rows = await db
    .selectDistinctOn([employeeSgiIdHistory.EmployeeID], {
      EmployeeID: employeeSgiIdHistory.EmployeeID,
      SgiID: employeeSgiIdHistory.SgiID,
      EffectiveDate: employeeSgiIdHistory.EffectiveDate,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(employeeSgiIdHistory)
    .innerJoin(employees, eq(employees.EmployeeID, employeeSgiIdHistory.EmployeeID))
    .where(
      and(
        lte(employeeSgiIdHistory.EffectiveDate, q.asOf),
        scope === 'all' ? undefined : inArray(employeeSgiIdHistory.EmployeeID, scope),
      ),
    )
    .orderBy(asc(employeeSgiIdHistory.EmployeeID), desc(employeeSgiIdHistory.EffectiveDate));
  const ids = rows.map((r) => r.EmployeeID);
  const offices = ids.length
    ? await db
        .select({ EmployeeID: employmentRecords.EmployeeID, OfficeName: icdOffices.OfficeName })
        .from(employmentRecords)
        .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
        .where(inArray(employmentRecords.EmployeeID, ids))
        .orderBy(asc(icdOffices.OfficeName))
    : [];
  return rows
    .map((r) => ({
      ...r,
      OfficeNames: [
        ...new Set(offices.filter((o) => o.EmployeeID === r.EmployeeID).map((o) => o.OfficeName)),
      ],
    }))
    .sort(
      (a, b) =>
        a.LastName.localeCompare(b.LastName) ||
        a.FirstName.localeCompare(b.FirstName) ||
        a.EmployeeID - b.EmployeeID,
    );
}
