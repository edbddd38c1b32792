// Pay-period lookups shared by the time-entry writes (is this entry's period closed?) and the pay
// period calls, and the creation of missing periods from each employment record's pay frequency.
import { and, asc, eq, gt, gte, inArray, lte } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import { employmentRecords, icdOffices, payPeriods } from '../../db/tables';
import { officeDay, type RecordedStart } from '../../domain/time-management/office-day';
import { isClosed, periodContaining, periodsBetween } from '../../domain/time-management/pay-periods';
import type { Conn } from './record';

export type PayPeriodRow = typeof payPeriods.$inferSelect;

/** IANA time zone of an office ('UTC' for an unknown office). */
export async function officeTimeZone(db: Conn, officeId: number): Promise<string> {
  const [office] = await db
    .select({ TimeZone: icdOffices.TimeZone })
    .from(icdOffices)
    .where(eq(icdOffices.IcdOfficeID, officeId))
    .limit(1);
  return office?.TimeZone ?? 'UTC';
}

/** The day an entry counts on at its office (see server/domain/time-management/office-day.ts). */
export async function entryOfficeDay(db: Conn, e: RecordedStart & { IcdOfficeID: number }): Promise<string> {
  return officeDay(e, await officeTimeZone(db, e.IcdOfficeID));
}

/** The employee's pay period at an office containing a day, if there is one. */
export async function periodOf(
  db: Conn,
  employeeId: number,
  officeId: number,
  day: string,
): Promise<PayPeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(payPeriods)
    .where(
      and(
        eq(payPeriods.EmployeeID, employeeId),
        eq(payPeriods.IcdOfficeID, officeId),
        lte(payPeriods.StartDate, day),
        gte(payPeriods.EndDate, day),
      ),
    )
    .orderBy(asc(payPeriods.StartDate))
    .limit(1);
  return row;
}

/**
 * The approved or locked pay period an entry falls in, or undefined when its time may change. One
 * query: the periods around the entry's date with the office's zone, then its office day picks one.
 */
export async function closedPeriodOf(
  db: Conn,
  employeeId: number,
  e: RecordedStart & { IcdOfficeID: number },
): Promise<PayPeriodRow | undefined> {
  const [y, m, d] = e.Date.split('-').map(Number);
  const around = (days: number) => new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  const rows = await db
    .select({ period: payPeriods, TimeZone: icdOffices.TimeZone })
    .from(payPeriods)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payPeriods.IcdOfficeID))
    .where(
      and(
        eq(payPeriods.EmployeeID, employeeId),
        eq(payPeriods.IcdOfficeID, e.IcdOfficeID),
        lte(payPeriods.StartDate, around(1)),
        gte(payPeriods.EndDate, around(-1)),
      ),
    )
    .orderBy(asc(payPeriods.StartDate));
  if (!rows.length) return undefined;
  const day = officeDay(e, rows[0].TimeZone);
  const period = rows.find((r) => r.period.StartDate <= day && day <= r.period.EndDate)?.period;
  return period && isClosed(period) ? period : undefined;
}

/** The first open period of the employee at the office after a period (created when missing). */
export async function nextOpenPeriod(db: Conn, after: PayPeriodRow): Promise<PayPeriodRow | undefined> {
  const later = await db
    .select()
    .from(payPeriods)
    .where(
      and(
        eq(payPeriods.EmployeeID, after.EmployeeID),
        eq(payPeriods.IcdOfficeID, after.IcdOfficeID),
        gt(payPeriods.StartDate, after.EndDate),
      ),
    )
    .orderBy(asc(payPeriods.StartDate))
    .limit(12);
  const open = later.find((p) => !isClosed(p));
  if (open) return open;
  // None yet: the period after the last known one, from the same calendar.
  const last = later.at(-1) ?? after;
  const [y, m, d] = (last.EndDate as string).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const range = periodContaining(day, last.PayFrequencyID);
  const [created] = await db
    .insert(payPeriods)
    .values({
      EmployeeID: after.EmployeeID,
      IcdOfficeID: after.IcdOfficeID,
      EmploymentRecordID: after.EmploymentRecordID,
      PayFrequencyID: after.PayFrequencyID,
      StartDate: range.start,
      EndDate: range.end,
    })
    .onConflictDoNothing()
    .returning();
  return created;
}

/**
 * Creates the missing pay periods from `from` to `to` for the active employment records (of the
 * offices given, or all), each from its pay frequency. Existing periods are left as they are.
 * Returns how many were created.
 */
export async function ensurePayPeriods(
  db: Conn,
  options: { from: string; to: string; officeIds?: readonly number[]; employeeIds?: readonly number[] },
): Promise<number> {
  const conditions = [eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active)];
  if (options.officeIds) {
    if (!options.officeIds.length) return 0;
    conditions.push(inArray(employmentRecords.IcdOfficeID, [...options.officeIds]));
  }
  if (options.employeeIds) {
    if (!options.employeeIds.length) return 0;
    conditions.push(inArray(employmentRecords.EmployeeID, [...options.employeeIds]));
  }
  const records = await db
    .select()
    .from(employmentRecords)
    .where(and(...conditions));
  const values = records.flatMap((r) =>
    periodsBetween(options.from, options.to, r.PayFrequencyID).map((range) => ({
      EmployeeID: r.EmployeeID,
      IcdOfficeID: r.IcdOfficeID,
      EmploymentRecordID: r.EmploymentRecordID,
      PayFrequencyID: r.PayFrequencyID,
      StartDate: range.start,
      EndDate: range.end,
    })),
  );
  if (!values.length) return 0;
  const created = await db
    .insert(payPeriods)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: payPeriods.PayPeriodID });
  return created.length;
}
