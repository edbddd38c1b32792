// Time entries: the lookups the clock needs: the active entry types, and the employee's offices with
// their programs and stores.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import {
  type ClockLookups,
  type ClockOffice,
  type ClockProgram,
  type TimeEntryType,
  TimeEntryTypeId,
} from '../../../src/contract/time';
import type { Db } from '../../db/client';
import {
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officePrograms,
  programs,
  stores,
  timeEntryTypes,
} from '../../db/tables';
import { type Actor, inScope, type OfficeScope } from '../access/service';
import { assertMayReadEmployee } from './access';

export async function listTimeEntryTypes(args: { db: Db }): Promise<TimeEntryType[]> {
  return args.db
    .select({ TimeEntryTypeID: timeEntryTypes.TimeEntryTypeID, Name: timeEntryTypes.Name })
    .from(timeEntryTypes)
    .where(eq(timeEntryTypes.IsActive, true))
    .orderBy(asc(timeEntryTypes.SortIndex), asc(timeEntryTypes.TimeEntryTypeID));
}

/**
 * GET time-entries/clock-lookups: the employee's offices (active employment records), each with the
 * programs it works in the divisions of that employment record (all of the office's programs when
 * the record names no division), each program with the office's stores; and the entry types.
 * Another employee's (employeeId) needs time:manage, and lists only the managed offices.
 */
export async function getClockLookups(args: {
  db: Db;
  actor: Actor;
  employeeId?: number;
}): Promise<ClockLookups> {
  const { db, actor } = args;
  const employeeId = args.employeeId ?? actor.EmployeeID;
  let scope: OfficeScope = 'all';
  if (employeeId !== actor.EmployeeID) scope = await assertMayReadEmployee(db, actor, employeeId);
  const records = (
    await db
      .select({
        EmploymentRecordID: employmentRecords.EmploymentRecordID,
        IcdOfficeID: icdOffices.IcdOfficeID,
        OfficeName: icdOffices.OfficeName,
        City: icdOffices.City,
        TimeZone: icdOffices.TimeZone,
      })
      .from(employmentRecords)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
      .where(
        and(
          eq(employmentRecords.EmployeeID, employeeId),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        ),
      )
      .orderBy(asc(icdOffices.OfficeName))
  ).filter((r) => inScope(scope, r.IcdOfficeID));
  const officeIds = [...new Set(records.map((r) => r.IcdOfficeID))];
  const recordIds = records.map((r) => r.EmploymentRecordID);
  const [divisionRows, programRows, storeRows] = await Promise.all([
    recordIds.length
      ? db
          .select()
          .from(employmentRecordDivisions)
          .where(inArray(employmentRecordDivisions.EmploymentRecordID, recordIds))
      : [],
    officeIds.length
      ? db
          .select({
            IcdOfficeID: officePrograms.IcdOfficeID,
            ProgramID: programs.ProgramID,
            Name: programs.Name,
            DivisionID: programs.DivisionID,
          })
          .from(officePrograms)
          .innerJoin(programs, eq(programs.ProgramID, officePrograms.ProgramID))
          .where(and(inArray(officePrograms.IcdOfficeID, officeIds), eq(programs.IsActive, true)))
          .orderBy(asc(programs.Name))
      : [],
    officeIds.length
      ? db
          .select()
          .from(stores)
          .where(and(inArray(stores.IcdOfficeID, officeIds), eq(stores.IsActive, true)))
          .orderBy(asc(stores.Name))
      : [],
  ]);
  const offices = new Map<number, { office: Omit<ClockOffice, 'Programs'>; divisions: Set<number> | null }>();
  for (const r of records) {
    const divisions = divisionRows
      .filter((d) => d.EmploymentRecordID === r.EmploymentRecordID)
      .map((d) => d.DivisionID);
    const known = offices.get(r.IcdOfficeID);
    // One record without divisions opens all of the office's programs.
    const set = divisions.length ? new Set(divisions) : null;
    if (!known) {
      const { EmploymentRecordID: _record, ...office } = r;
      offices.set(r.IcdOfficeID, { office, divisions: set });
    } else if (known.divisions && set) {
      for (const d of set) known.divisions.add(d);
    } else {
      known.divisions = null;
    }
  }
  const Offices: ClockOffice[] = [...offices.values()].map(({ office, divisions }) => {
    const Programs: ClockProgram[] = programRows
      .filter((p) => p.IcdOfficeID === office.IcdOfficeID && (!divisions || divisions.has(p.DivisionID)))
      .map((p) => ({
        ProgramID: p.ProgramID,
        Name: p.Name,
        DivisionID: p.DivisionID,
        Stores: storeRows
          .filter((s) => s.IcdOfficeID === office.IcdOfficeID && s.ProgramID === p.ProgramID)
          .map((s) => ({
            StoreID: s.StoreID,
            Name: s.Name,
            ProgramID: s.ProgramID,
            RetailerName: s.RetailerName,
            City: s.City,
            StateProvince: s.StateProvince,
            Latitude: s.Latitude,
            Longitude: s.Longitude,
          })),
      }));
    return { ...office, Programs };
  });
  return {
    EmployeeID: employeeId,
    Offices,
    TimeEntryTypes: await listTimeEntryTypes({ db }),
    DefaultTimeEntryTypeID: TimeEntryTypeId.Work,
  };
}
