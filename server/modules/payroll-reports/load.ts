// Reads what the reports add up: the computed entries of payrolls (limited to the caller's offices)
// with their earnings lines, and the minutes each pay period worked per program/store pair.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  employees,
  icdOffices,
  payPeriods,
  payrollEntries,
  payrollEntryLines,
  programs,
  stores,
  timeEntries,
} from '../../db/tables';
import { countedMinutes } from '../../domain/time/entry-rules';
import type { EntryLike, LineLike } from './figures';
import { idCondition, type ReportScope } from './scope';

export interface EntryRow extends EntryLike {
  PayrollEntryID: number;
  PayrollID: number;
  PayPeriodID: number;
  EmployeeName: string;
  LastName: string;
  FirstName: string;
  IcdOfficeID: number;
  OfficeName: string;
  StartDate: string;
  EndDate: string;
  lines: LineLike[];
}

/** Entries of the payrolls at offices in scope, sorted by office, last name, first name. */
export async function loadEntries(
  db: Db,
  scope: ReportScope,
  payrollIds: readonly number[],
  employeeId?: number,
): Promise<EntryRow[]> {
  if (!payrollIds.length) return [];
  const rows = await db
    .select({
      PayrollEntryID: payrollEntries.PayrollEntryID,
      PayrollID: payrollEntries.PayrollID,
      PayPeriodID: payrollEntries.PayPeriodID,
      EmployeeID: payrollEntries.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      IcdOfficeID: payrollEntries.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      StartDate: payPeriods.StartDate,
      EndDate: payPeriods.EndDate,
      RegularHours: payrollEntries.RegularHours,
      OvertimeHours: payrollEntries.OvertimeHours,
      DoubleTimeHours: payrollEntries.DoubleTimeHours,
      GrossPayCents: payrollEntries.GrossPayCents,
    })
    .from(payrollEntries)
    .innerJoin(employees, eq(employees.EmployeeID, payrollEntries.EmployeeID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .where(
      and(
        inArray(payrollEntries.PayrollID, [...payrollIds]),
        idCondition(scope.offices, payrollEntries.IcdOfficeID),
        employeeId ? eq(payrollEntries.EmployeeID, employeeId) : undefined,
      ),
    )
    .orderBy(
      sql`lower(${icdOffices.OfficeName})`,
      sql`lower(${employees.LastName})`,
      sql`lower(${employees.FirstName})`,
      asc(payrollEntries.PayPeriodID),
    );
  if (!rows.length) return [];
  const lines = await db
    .select({
      PayrollEntryID: payrollEntryLines.PayrollEntryID,
      Kind: payrollEntryLines.Kind,
      Caption: payrollEntryLines.Caption,
      Rate: payrollEntryLines.Rate,
      Units: payrollEntryLines.Units,
      AmountCents: payrollEntryLines.AmountCents,
      // A detail line (the pieces of a commission type other than piece-based) is not in GrossPay.
      IsDetail: sql<boolean>`coalesce((${payrollEntryLines.Trace}->>'IsDetail')::boolean, false)`,
    })
    .from(payrollEntryLines)
    .where(
      inArray(
        payrollEntryLines.PayrollEntryID,
        rows.map((r) => r.PayrollEntryID),
      ),
    )
    .orderBy(asc(payrollEntryLines.PayrollEntryID), asc(payrollEntryLines.SortIndex));
  const byEntry = new Map<number, LineLike[]>();
  for (const { PayrollEntryID, ...line } of lines) {
    const list = byEntry.get(PayrollEntryID) ?? [];
    list.push(line);
    byEntry.set(PayrollEntryID, list);
  }
  return rows.map((r) => ({
    ...r,
    EmployeeName: `${r.FirstName} ${r.LastName}`,
    lines: byEntry.get(r.PayrollEntryID) ?? [],
  }));
}

export interface PairMinutes {
  ProgramID: number | null;
  ProgramName: string | null;
  DivisionID: number | null;
  StoreID: number | null;
  StoreName: string | null;
  minutes: number;
}

export interface WorkedTime {
  /** Worked minutes (breaks deducted) per pay period. */
  total: Map<number, number>;
  /** Worked minutes per pay period and program/store pair. */
  byPair: Map<number, PairMinutes[]>;
}

export const pairKey = (programId: number | null, storeId: number | null) =>
  `${programId ?? ''}|${storeId ?? ''}`;

/**
 * The minutes worked in each pay period (its employee's entries at its office, dated inside it, not
 * deleted), per program/store: each closed work entry minus its closed breaks.
 */
export async function workedTime(db: Db, payPeriodIds: readonly number[]): Promise<WorkedTime> {
  const total = new Map<number, number>();
  const byPair = new Map<number, PairMinutes[]>();
  if (!payPeriodIds.length) return { total, byPair };
  const rows = await db
    .select({
      PayPeriodID: payPeriods.PayPeriodID,
      Id: timeEntries.Id,
      ProgramID: timeEntries.ProgramID,
      ProgramName: programs.Name,
      DivisionID: programs.DivisionID,
      StoreID: timeEntries.StoreID,
      StoreName: stores.Name,
      StartTime: timeEntries.StartTime,
      EndTime: timeEntries.EndTime,
      IsBreak: timeEntries.IsBreak,
      ParentTimeEntryID: timeEntries.ParentTimeEntryID,
    })
    .from(timeEntries)
    .innerJoin(
      payPeriods,
      and(
        eq(payPeriods.EmployeeID, timeEntries.EmployeeID),
        eq(payPeriods.IcdOfficeID, timeEntries.IcdOfficeID),
        sql`${timeEntries.Date} between ${payPeriods.StartDate} and ${payPeriods.EndDate}`,
      ),
    )
    .leftJoin(programs, eq(programs.ProgramID, timeEntries.ProgramID))
    .leftJoin(stores, eq(stores.StoreID, timeEntries.StoreID))
    .where(and(inArray(payPeriods.PayPeriodID, [...payPeriodIds]), isNull(timeEntries.DeletedAt)));
  const breaks = new Map<number, number>();
  for (const r of rows)
    if (r.IsBreak && r.ParentTimeEntryID !== null)
      breaks.set(r.ParentTimeEntryID, (breaks.get(r.ParentTimeEntryID) ?? 0) + countedMinutes(r));
  for (const r of rows) {
    if (r.IsBreak) continue;
    const minutes = Math.max(0, countedMinutes(r) - (breaks.get(r.Id) ?? 0));
    if (!minutes) continue;
    total.set(r.PayPeriodID, (total.get(r.PayPeriodID) ?? 0) + minutes);
    const list = byPair.get(r.PayPeriodID) ?? [];
    const same = list.find((p) => p.ProgramID === r.ProgramID && p.StoreID === r.StoreID);
    if (same) same.minutes += minutes;
    else
      list.push({
        ProgramID: r.ProgramID,
        ProgramName: r.ProgramName,
        DivisionID: r.DivisionID,
        StoreID: r.StoreID,
        StoreName: r.StoreName,
        minutes,
      });
    byPair.set(r.PayPeriodID, list);
  }
  return { total, byPair };
}

/** Share of a pay period's worked minutes at a program (and store, when given); 0 without time. */
export function shareAt(
  worked: WorkedTime,
  payPeriodId: number,
  programId?: number,
  storeId?: number,
): number {
  const total = worked.total.get(payPeriodId) ?? 0;
  if (!total) return 0;
  const at = (worked.byPair.get(payPeriodId) ?? [])
    .filter(
      (p) =>
        (programId === undefined || p.ProgramID === programId) &&
        (storeId === undefined || p.StoreID === storeId),
    )
    .reduce((sum, p) => sum + p.minutes, 0);
  return at / total;
}
