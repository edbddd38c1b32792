// Division rotations (spec 001 §3 "Division rotation and adjustment", §7 "Division rotations").
// A rotation is one pay-period window of a division profile. The pay periods it governs are those of
// the offices running the profile's division in the profile's country, for employees whose
// employment record there includes the division, falling exactly on the window.
// The adjustment (PATCH division-profiles/{id}/rotations) is in rotations-adjust.ts.
import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { EmployeeStatus } from '../../../src/contract/common';
import type { ProfileRotations, Rotation } from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import {
  divisionProfiles,
  divisionRotations,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  payPeriods,
  timeEntries,
} from '../../db/tables';
import type { Actor } from '../access/service';
import { type DbOrTx, idCondition, type OrgScope, orgScopeOf } from './scope';

type ProfileRow = typeof divisionProfiles.$inferSelect;

/** Offices running the profile's division in its country (limited to `offices` when given). */
export async function profileOffices(
  db: DbOrTx,
  profile: ProfileRow,
  offices: OrgScope['readOffices'] = 'all',
) {
  const rows = await db
    .select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .where(
      and(
        eq(officeDivisions.DivisionID, profile.DivisionID),
        eq(icdOffices.CountryID, profile.CountryID),
        idCondition(offices, icdOffices.IcdOfficeID),
      ),
    );
  return rows;
}

/** Employment records (employee, office) of the division at those offices; `activeOnly`: active ones. */
export function divisionPeople(db: DbOrTx, divisionId: number, officeIds: number[], activeOnly = false) {
  return db
    .select({ EmployeeID: employmentRecords.EmployeeID, IcdOfficeID: employmentRecords.IcdOfficeID })
    .from(employmentRecords)
    .innerJoin(
      employmentRecordDivisions,
      and(
        eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
        eq(employmentRecordDivisions.DivisionID, divisionId),
      ),
    )
    .where(
      and(
        inArray(employmentRecords.IcdOfficeID, officeIds),
        activeOnly ? eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active) : undefined,
      ),
    );
}

/** Condition: the row's employee has an employment record at the row's office in the division. */
export function ofDivisionPeople(divisionId: number, employee: PgColumn, office: PgColumn): SQL {
  return sql`exists (select 1 from ${employmentRecords} join ${employmentRecordDivisions} on ${employmentRecordDivisions.EmploymentRecordID} = ${employmentRecords.EmploymentRecordID} where ${employmentRecords.EmployeeID} = ${employee} and ${employmentRecords.IcdOfficeID} = ${office} and ${employmentRecordDivisions.DivisionID} = ${divisionId})`;
}

/**
 * The profile's rotations (those overlapping `range` when given), with the counts of their pay periods
 * (and locked ones) and time entries of the division's people at those offices.
 */
export async function rotationsWithCounts(
  db: DbOrTx,
  profile: ProfileRow,
  officeIds: number[],
  range?: { from?: string; to?: string },
): Promise<Rotation[]> {
  const rows = await db
    .select()
    .from(divisionRotations)
    .where(
      and(
        eq(divisionRotations.DivisionProfileID, profile.DivisionProfileID),
        range?.from ? gte(divisionRotations.EndDate, range.from) : undefined,
        range?.to ? lte(divisionRotations.StartDate, range.to) : undefined,
      ),
    )
    .orderBy(asc(divisionRotations.StartDate));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.DivisionRotationID);
  const none = officeIds.length === 0;
  const periods = none
    ? []
    : await db
        .select({
          id: divisionRotations.DivisionRotationID,
          n: sql<number>`count(${payPeriods.PayPeriodID})::int`,
          locked: sql<number>`(count(${payPeriods.PayPeriodID}) filter (where ${payPeriods.IsLocked}))::int`,
        })
        .from(divisionRotations)
        .innerJoin(
          payPeriods,
          and(
            eq(payPeriods.StartDate, divisionRotations.StartDate),
            eq(payPeriods.EndDate, divisionRotations.EndDate),
            inArray(payPeriods.IcdOfficeID, officeIds),
            ofDivisionPeople(profile.DivisionID, payPeriods.EmployeeID, payPeriods.IcdOfficeID),
          ),
        )
        .where(inArray(divisionRotations.DivisionRotationID, ids))
        .groupBy(divisionRotations.DivisionRotationID);
  const entries = none
    ? []
    : await db
        .select({ id: divisionRotations.DivisionRotationID, n: sql<number>`count(${timeEntries.Id})::int` })
        .from(divisionRotations)
        .innerJoin(
          timeEntries,
          and(
            gte(timeEntries.Date, divisionRotations.StartDate),
            lte(timeEntries.Date, divisionRotations.EndDate),
            inArray(timeEntries.IcdOfficeID, officeIds),
            isNull(timeEntries.DeletedAt),
            ofDivisionPeople(profile.DivisionID, timeEntries.EmployeeID, timeEntries.IcdOfficeID),
          ),
        )
        .where(inArray(divisionRotations.DivisionRotationID, ids))
        .groupBy(divisionRotations.DivisionRotationID);
  return rows.map((r) => {
    const p = periods.find((x) => x.id === r.DivisionRotationID);
    return {
      DivisionRotationID: r.DivisionRotationID,
      StartDate: r.StartDate,
      EndDate: r.EndDate,
      PayPeriodCount: p?.n ?? 0,
      LockedPayPeriodCount: p?.locked ?? 0,
      TimeEntryCount: entries.find((x) => x.id === r.DivisionRotationID)?.n ?? 0,
    };
  });
}

export async function listRotations(p: {
  db: Db;
  actor: Actor;
  query: { divisionProfileID?: number; divisionID?: number; from?: string; to?: string };
}): Promise<ProfileRotations[]> {
  const scope = await orgScopeOf(p.db, p.actor);
  const profiles = await p.db
    .select()
    .from(divisionProfiles)
    .where(
      and(
        p.query.divisionProfileID
          ? eq(divisionProfiles.DivisionProfileID, p.query.divisionProfileID)
          : undefined,
        p.query.divisionID ? eq(divisionProfiles.DivisionID, p.query.divisionID) : undefined,
      ),
    )
    .orderBy(asc(divisionProfiles.DivisionID), asc(divisionProfiles.CountryID), asc(divisionProfiles.Name));
  const out: ProfileRotations[] = [];
  for (const profile of profiles) {
    const offices = await profileOffices(p.db, profile, scope.readOffices);
    // A profile none of whose offices the caller reads is not shown (unless the read is global).
    if (!offices.length && scope.readOffices !== 'all') continue;
    out.push({
      DivisionProfileID: profile.DivisionProfileID,
      DivisionID: profile.DivisionID,
      Name: profile.Name,
      CountryID: profile.CountryID,
      Rotations: await rotationsWithCounts(
        p.db,
        profile,
        offices.map((o) => o.id),
        p.query,
      ),
    });
  }
  return out;
}
