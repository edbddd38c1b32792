// Reads what the compliance rules need, employee by employee in chunks, so a report over thousands
// of employees never holds more than one chunk: the time entries of the offices of the report (6 days
// either side of the range, for the weekly rules and runs of days), placed on each office's day, and
// the pay periods overlapping the range with the hourly rate of their employment record, the minimum
// wage in force on their last day and their payroll entry's inputs.
import { and, asc, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecords,
  icdOffices,
  payPeriods,
  payrollEntries,
  timeEntries,
} from '../../db/tables';
import type { EmployeeIn, PayInputs, PeriodIn, Range, ShiftIn } from '../../domain/compliance/model';
import { workedSeconds } from '../../domain/compliance/model';
import { type EntryRow, placeShifts } from '../../domain/compliance/place';
import { addDays } from '../../domain/time/clock-time';
import { officeDay } from '../../domain/time-management/office-day';
import { minimumWageOn, minimumWageSchedule } from '../wage-policies/minimum-wage';

type Conn = Db;

export const HOURLY_BASIS_OF_PAY = 1;
const ACTIVE = 1;

export interface OfficeFacts {
  IcdOfficeID: number;
  OfficeName: string;
  TimeZone: string;
  CountryID: number;
  StateProvince: string;
  IcdCorporationID: number;
}

export async function officeFacts(db: Conn, ids: readonly number[]): Promise<Map<number, OfficeFacts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      IcdOfficeID: icdOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      TimeZone: icdOffices.TimeZone,
      CountryID: icdOffices.CountryID,
      StateProvince: icdOffices.StateProvince,
      IcdCorporationID: icdOffices.IcdCorporationID,
    })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...ids]));
  return new Map(rows.map((r) => [r.IcdOfficeID, r]));
}

/** The widened range entries are read over (weekly rules and runs of seven days). */
export function readRange(range: Range): Range {
  return { StartDate: addDays(range.StartDate, -7), EndDate: addDays(range.EndDate, 7) };
}

/** Ids of the employees with time or a pay period at the offices in the range, in id order. */
export async function employeeIdsFor(
  db: Conn,
  officeIds: readonly number[],
  range: Range,
  withPay: boolean,
): Promise<number[]> {
  if (!officeIds.length) return [];
  const wide = readRange(range);
  const timed = await db
    .selectDistinct({ EmployeeID: timeEntries.EmployeeID })
    .from(timeEntries)
    .where(
      and(
        inArray(timeEntries.IcdOfficeID, [...officeIds]),
        isNull(timeEntries.DeletedAt),
        gte(timeEntries.Date, wide.StartDate),
        lte(timeEntries.Date, wide.EndDate),
      ),
    );
  const ids = new Set(timed.map((r) => r.EmployeeID));
  if (withPay) {
    const paid = await db
      .selectDistinct({ EmployeeID: payPeriods.EmployeeID })
      .from(payPeriods)
      .where(
        and(
          inArray(payPeriods.IcdOfficeID, [...officeIds]),
          lte(payPeriods.StartDate, range.EndDate),
          gte(payPeriods.EndDate, range.StartDate),
        ),
      );
    for (const r of paid) ids.add(r.EmployeeID);
  }
  return [...ids].sort((a, b) => a - b);
}

export interface LoadedChunk {
  employees: EmployeeIn[];
  names: Map<number, string>;
}

const cents = (v: string | number | null | undefined) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 100);

/** Shared between chunks of one job: minimum wage schedules per jurisdiction, office days. */
export class LoadCache {
  private readonly wages = new Map<string, ReturnType<typeof minimumWageSchedule>>();
  private readonly days = new Map<string, string>();
  constructor(
    readonly offices: Map<number, OfficeFacts>,
    readonly range: Range,
  ) {}

  dayOf(e: EntryRow & { TimeZoneOffset: number }): string {
    const zone = this.offices.get(e.IcdOfficeID)?.TimeZone ?? 'UTC';
    const key = `${zone}|${e.Date}|${e.StartTime}|${e.TimeZoneOffset}`;
    let day = this.days.get(key);
    if (day === undefined) {
      day = officeDay(e, zone);
      if (this.days.size > 200_000) this.days.clear();
      this.days.set(key, day);
    }
    return day;
  }

  async minimumWage(db: Conn, officeId: number, day: string): Promise<number | null> {
    const o = this.offices.get(officeId);
    if (!o) return null;
    const key = `${o.CountryID}|${o.StateProvince}`;
    let schedule = this.wages.get(key);
    if (!schedule) {
      schedule = minimumWageSchedule(
        db,
        o,
        addDays(this.range.StartDate, -62),
        addDays(this.range.EndDate, 62),
      );
      this.wages.set(key, schedule);
    }
    return minimumWageOn(await schedule, day);
  }
}

/** One chunk of employees with their shifts and pay periods. */
export async function loadChunk(
  db: Conn,
  cache: LoadCache,
  employeeIds: readonly number[],
  opts: { withPay: boolean },
): Promise<LoadedChunk> {
  const officeIds = [...cache.offices.keys()];
  const wide = readRange(cache.range);
  const [people, entries] = await Promise.all([
    db
      .select({
        EmployeeID: employees.EmployeeID,
        FirstName: employees.FirstName,
        LastName: employees.LastName,
      })
      .from(employees)
      .where(inArray(employees.EmployeeID, [...employeeIds])),
    db
      .select({
        Id: timeEntries.Id,
        EmployeeID: timeEntries.EmployeeID,
        Date: timeEntries.Date,
        StartTime: timeEntries.StartTime,
        EndTime: timeEntries.EndTime,
        IsBreak: timeEntries.IsBreak,
        ParentTimeEntryID: timeEntries.ParentTimeEntryID,
        IcdOfficeID: timeEntries.IcdOfficeID,
        TimeZoneOffset: timeEntries.TimeZoneOffset,
      })
      .from(timeEntries)
      .where(
        and(
          inArray(timeEntries.EmployeeID, [...employeeIds]),
          inArray(timeEntries.IcdOfficeID, officeIds),
          isNull(timeEntries.DeletedAt),
          gte(timeEntries.Date, addDays(wide.StartDate, -1)),
          lte(timeEntries.Date, addDays(wide.EndDate, 1)),
        ),
      )
      .orderBy(asc(timeEntries.Id)),
  ]);
  const byEmployee = new Map<number, EntryRow[]>();
  for (const e of entries) {
    const list = byEmployee.get(e.EmployeeID);
    const row = { ...e, Date: String(e.Date).slice(0, 10) };
    if (list) list.push(row);
    else byEmployee.set(e.EmployeeID, [row]);
  }
  const shiftsOf = new Map<number, ShiftIn[]>();
  for (const [id, rows] of byEmployee)
    shiftsOf.set(
      id,
      placeShifts(rows, (e) => cache.dayOf(e as EntryRow & { TimeZoneOffset: number })).filter(
        (s) => wide.StartDate <= s.Day && s.Day <= wide.EndDate,
      ),
    );

  const periodsOf = new Map<number, PeriodIn[]>();
  const active = new Set<number>();
  if (opts.withPay) {
    const periods = await db
      .select({
        PayPeriodID: payPeriods.PayPeriodID,
        EmployeeID: payPeriods.EmployeeID,
        IcdOfficeID: payPeriods.IcdOfficeID,
        StartDate: payPeriods.StartDate,
        EndDate: payPeriods.EndDate,
        EmploymentRecordID: payPeriods.EmploymentRecordID,
      })
      .from(payPeriods)
      .where(
        and(
          inArray(payPeriods.EmployeeID, [...employeeIds]),
          inArray(payPeriods.IcdOfficeID, officeIds),
          lte(payPeriods.StartDate, cache.range.EndDate),
          gte(payPeriods.EndDate, cache.range.StartDate),
        ),
      )
      .orderBy(asc(payPeriods.StartDate));
    const [records, inputs] = await Promise.all([
      db
        .select({
          EmploymentRecordID: employmentRecords.EmploymentRecordID,
          EmployeeID: employmentRecords.EmployeeID,
          IcdOfficeID: employmentRecords.IcdOfficeID,
          BasisOfPayID: employmentRecords.BasisOfPayID,
          PayRate: employmentRecords.PayRate,
          EmployeeStatusID: employmentRecords.EmployeeStatusID,
        })
        .from(employmentRecords)
        .where(inArray(employmentRecords.EmployeeID, [...employeeIds])),
      periods.length
        ? db
            .select({ PayPeriodID: payrollEntries.PayPeriodID, Inputs: payrollEntries.Inputs })
            .from(payrollEntries)
            .where(
              inArray(
                payrollEntries.PayPeriodID,
                periods.map((p) => p.PayPeriodID),
              ),
            )
        : Promise.resolve([]),
    ]);
    const recordById = new Map(records.map((r) => [r.EmploymentRecordID, r]));
    const recordByPlace = new Map(records.map((r) => [`${r.EmployeeID}:${r.IcdOfficeID}`, r]));
    for (const r of records) if (r.EmployeeStatusID === ACTIVE) active.add(r.EmployeeID);
    const inputsOf = new Map(inputs.map((i) => [i.PayPeriodID, i.Inputs]));
    for (const p of periods) {
      const start = String(p.StartDate).slice(0, 10);
      const end = String(p.EndDate).slice(0, 10);
      const record =
        (p.EmploymentRecordID !== null ? recordById.get(p.EmploymentRecordID) : undefined) ??
        recordByPlace.get(`${p.EmployeeID}:${p.IcdOfficeID}`);
      const shifts = (shiftsOf.get(p.EmployeeID) ?? []).filter(
        (s) => s.IcdOfficeID === p.IcdOfficeID && start <= s.Day && s.Day <= end,
      );
      const i = inputsOf.get(p.PayPeriodID);
      const payInputs: PayInputs | null = i
        ? {
            CellAllowanceCents: i.CellAllowanceCents ?? 0,
            TipCents: i.TipCents ?? 0,
            TravelAllowanceCents: i.TravelAllowanceCents ?? 0,
            BonusCents: i.BonusCents ?? 0,
            CommissionBonusCents: i.CommissionBonusCents ?? 0,
            VolumeBonusCents: i.VolumeBonusCents ?? 0,
            NetPayAdditionCents: i.NetPayAdditionCents ?? 0,
            NetPayDeductionCents: i.NetPayDeductionCents ?? 0,
            ExtraHoursWorked: i.ExtraHoursWorked ?? 0,
          }
        : null;
      const period: PeriodIn = {
        PayPeriodID: p.PayPeriodID,
        IcdOfficeID: p.IcdOfficeID,
        StartDate: start,
        EndDate: end,
        IsHourly: record?.BasisOfPayID === HOURLY_BASIS_OF_PAY,
        HourlyRateCents: cents(record?.PayRate),
        MinimumWageCents: await cache.minimumWage(db, p.IcdOfficeID, end),
        WorkedMinutes: Math.floor(shifts.reduce((sum, s) => sum + workedSeconds(s), 0) / 60),
        TimeEntryIDs: shifts.map((s) => s.Id),
        Inputs: payInputs,
      };
      const list = periodsOf.get(p.EmployeeID);
      if (list) list.push(period);
      else periodsOf.set(p.EmployeeID, [period]);
    }
  }
  return {
    names: new Map(people.map((p) => [p.EmployeeID, `${p.FirstName} ${p.LastName}`])),
    employees: employeeIds.map((id) => ({
      EmployeeID: id,
      IsActive: active.has(id),
      shifts: shiftsOf.get(id) ?? [],
      periods: periodsOf.get(id) ?? [],
    })),
  };
}
