// The compliance reports' demo case: last week (Monday to Sunday before the seed clock's week, in
// Toronto Central's time zone) Sam Taylor (`staff`) spent Wednesday on an inventory count at the
// office, 10:00 to 16:30 with no break recorded — a NoMealBreak finding for the manager's office.
// Called right after the time seed (before approvals and payroll), so the demo's pay periods and
// payrolls include it like any other shift. Does nothing when the shift is already there.

import { formatInTimeZone, getTimezoneOffset } from 'date-fns-tz';
import { and, eq } from 'drizzle-orm';
import { TimeEntryTypeId } from '../../src/contract/time';
import type { Db } from '../db/client';
import { employees, icdOffices, timeEntries } from '../db/tables';
import { addDays } from '../domain/time/clock-time';
import { weekOf } from '../domain/time/week';

export const NO_BREAK_COMMENT = 'Inventory count at the office';

/** Wednesday of the week before the one containing `now`, in a time zone. */
export function lastWeeksWednesday(timeZone: string, now: Date): string {
  const today = formatInTimeZone(now, timeZone, 'yyyy-MM-dd');
  return addDays(weekOf(today).start, -5);
}

export async function seedReportJobs(db: Db, now: Date): Promise<void> {
  const [toronto] = await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  const [staff] = await db.select().from(employees).where(eq(employees.UserName, 'staff'));
  if (!toronto || !staff) return;
  const date = lastWeeksWednesday(toronto.TimeZone, now);
  const done = await db
    .select({ Id: timeEntries.Id })
    .from(timeEntries)
    .where(and(eq(timeEntries.EmployeeID, staff.EmployeeID), eq(timeEntries.Comments, NO_BREAK_COMMENT)));
  if (done.length) return;
  const offset = Math.round(getTimezoneOffset(toronto.TimeZone, new Date(`${date}T12:00:00Z`)) / 60_000);
  const recorded = new Date(Date.parse(`${date}T16:31:00Z`) - offset * 60_000);
  await db.insert(timeEntries).values({
    Date: date,
    EmployeeID: staff.EmployeeID,
    TimeEntryTypeID: TimeEntryTypeId.Work,
    IcdOfficeID: toronto.IcdOfficeID,
    Comments: NO_BREAK_COMMENT,
    StartTime: '10:00:00',
    EndTime: '16:30:00',
    TimeZoneOffset: offset,
    CreatedByEmployeeID: staff.EmployeeID,
    UpdatedByEmployeeID: staff.EmployeeID,
    CreatedAt: recorded,
    UpdatedAt: recorded,
  });
}
