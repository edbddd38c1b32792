// An applicant's own application, read from their account and employment records: an onboarding
// application is an employee whose employment at the office applied to is Pending until payroll
// approves it (Active) or ends it (Terminated). Always scoped to the caller: there is no id to ask for.
import { asc, eq, inArray } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import type { ApplicationStatusName, MyApplication } from '../../../src/contract/onboarding';
import type { Db } from '../../db/client';
import {
  divisions,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
} from '../../db/tables';
import { notFound } from '../../errors';
import type { Actor } from '../access/service';

/** The application's status from the statuses of the applicant's employment records. */
export function applicationStatus(statusIds: readonly number[]): ApplicationStatusName {
  if (statusIds.length === 0) return 'Incomplete';
  if (statusIds.includes(EmployeeStatus.Pending)) return 'Initial';
  if (statusIds.includes(EmployeeStatus.Active)) return 'Approved';
  return 'Terminated';
}

export async function myApplication(p: { db: Db; actor: Actor }): Promise<MyApplication> {
  const { db, actor } = p;
  const [person] = await db
    .select({
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      EmailAddress: employees.EmailAddress,
      CreatedAt: employees.CreatedAt,
    })
    .from(employees)
    .where(eq(employees.EmployeeID, actor.EmployeeID));
  if (!person) throw notFound('The application');
  const records = await db
    .select({
      EmploymentRecordID: employmentRecords.EmploymentRecordID,
      EmployeeStatusID: employmentRecords.EmployeeStatusID,
      IcdOfficeID: icdOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      City: icdOffices.City,
      StateProvince: icdOffices.StateProvince,
    })
    .from(employmentRecords)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(eq(employmentRecords.EmployeeID, actor.EmployeeID))
    .orderBy(asc(employmentRecords.EmploymentRecordID));
  // The office applied to: the pending record, else the first one.
  const record = records.find((r) => r.EmployeeStatusID === EmployeeStatus.Pending) ?? records[0];
  const divisionNames = record
    ? (
        await db
          .select({ Name: divisions.Name })
          .from(employmentRecordDivisions)
          .innerJoin(divisions, eq(divisions.DivisionID, employmentRecordDivisions.DivisionID))
          .where(inArray(employmentRecordDivisions.EmploymentRecordID, [record.EmploymentRecordID]))
          .orderBy(asc(divisions.Name))
      ).map((d) => d.Name)
    : [];
  return {
    Status: applicationStatus(records.map((r) => r.EmployeeStatusID)),
    SubmittedAt: person.CreatedAt.toISOString(),
    FirstName: person.FirstName,
    LastName: person.LastName,
    EmailAddress: person.EmailAddress,
    Office: record
      ? {
          IcdOfficeID: record.IcdOfficeID,
          OfficeName: record.OfficeName,
          City: record.City,
          StateProvince: record.StateProvince,
        }
      : null,
    Divisions: divisionNames,
  };
}
