// Gathering what the payroll engine needs for the entries of a payroll, in a handful of queries
// (never per employee):
// - the entries and their pay periods, employment records (pay rate, annual salary → salary of the
//   period, commission threshold, basis of pay) and office jurisdictions;
// - the time entries of each period's employee at its office, from six days before the period
//   (the workweek context for weekly overtime and the 7th day) to its end, not deleted; a late
//   adjustment accepted for a period but paid in a later one is undone here (never paid twice);
// - the accepted late adjustments paid in each period (AppliedPayPeriodID), their minutes;
// - the commission pieces of each entry (with what each was earned by, in words);
// - the minimum wage schedule of each jurisdiction (wage policies) over the payroll's window.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PayFrequency } from '../../../src/contract/payroll';
import { TimeEntryTypeId } from '../../../src/contract/time';
import { LateAdjustmentAction, LateAdjustmentStatus } from '../../../src/contract/time-management';
import {
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  timeEntries,
} from '../../db/tables';
import {
  type EntryInput,
  jurisdictionOf,
  type MinimumWagePeriod,
  type TimeEntryInput,
} from '../../domain/payroll';
import { addDays } from '../../domain/time/clock-time';
import { productOrderSources } from '../orders/sources';
import { minimumWageSchedule } from '../wage-policies/minimum-wage';
import { BasisOfPay, cents, commissionTypeOf, engineInputs, PERIODS_PER_YEAR } from './engine-inputs';
import type { Conn, PayrollRow } from './scope';
import type { EntryRow } from './wire';

/** The columns of an entry the calculation reads. */
export type GatheredEntry = Pick<
  EntryRow,
  | 'PayrollEntryID'
  | 'PayrollID'
  | 'PayPeriodID'
  | 'EmployeeID'
  | 'IcdOfficeID'
  | 'EmploymentRecordID'
  | 'Inputs'
  | 'Fingerprint'
  | 'SnapshotNumber'
>;

/** A time entry as the calculation reads it. */
interface GatheredTime {
  Id: number;
  Date: string;
  StartTime: string | null;
  EndTime: string | null;
  IsBreak: boolean;
  ParentTimeEntryID: number | null;
  TimeEntryTypeID: number;
  ProgramID: number | null;
  StoreID: number | null;
  Version: number;
  UpdatedAt: string;
  UpdatedByEmployeeID: number | null;
}

export interface GatheredPeriod {
  entry: GatheredEntry;
  period: Pick<
    typeof payPeriods.$inferSelect,
    'PayPeriodID' | 'StartDate' | 'EndDate' | 'IsApproved' | 'IsLocked' | 'PayFrequencyID'
  >;
  record: Pick<
    typeof employmentRecords.$inferSelect,
    'PayRate' | 'Salary' | 'CommissionThreshold' | 'BasisOfPayID'
  > | null;
  office: { CountryID: number; StateProvince: string };
  input: EntryInput;
  sources: {
    TimeEntries: {
      TimeEntryID: number;
      Date: string;
      Version: number;
      UpdatedAt: string;
      UpdatedByEmployeeID: number | null;
    }[];
    LateAdjustmentIDs: number[];
  };
}

/** Everything the engine needs for the entries of a payroll (optionally some pay periods only). */
export async function gather(
  db: Conn,
  payroll: PayrollRow,
  payPeriodIds?: readonly number[],
  extraHours?: ReadonlyMap<number, number>,
): Promise<GatheredPeriod[]> {
  const conditions = [eq(payrollEntries.PayrollID, payroll.PayrollID)];
  if (payPeriodIds) {
    if (!payPeriodIds.length) return [];
    conditions.push(inArray(payrollEntries.PayPeriodID, [...payPeriodIds]));
  }
  const rows = await db
    .select({
      entry: {
        PayrollEntryID: payrollEntries.PayrollEntryID,
        PayrollID: payrollEntries.PayrollID,
        PayPeriodID: payrollEntries.PayPeriodID,
        EmployeeID: payrollEntries.EmployeeID,
        IcdOfficeID: payrollEntries.IcdOfficeID,
        EmploymentRecordID: payrollEntries.EmploymentRecordID,
        Inputs: payrollEntries.Inputs,
        Fingerprint: payrollEntries.Fingerprint,
        SnapshotNumber: payrollEntries.SnapshotNumber,
      },
      period: {
        PayPeriodID: payPeriods.PayPeriodID,
        StartDate: payPeriods.StartDate,
        EndDate: payPeriods.EndDate,
        IsApproved: payPeriods.IsApproved,
        IsLocked: payPeriods.IsLocked,
        PayFrequencyID: payPeriods.PayFrequencyID,
      },
      PayRate: employmentRecords.PayRate,
      Salary: employmentRecords.Salary,
      CommissionThreshold: employmentRecords.CommissionThreshold,
      BasisOfPayID: employmentRecords.BasisOfPayID,
      RecordID: employmentRecords.EmploymentRecordID,
      CountryID: icdOffices.CountryID,
      StateProvince: icdOffices.StateProvince,
    })
    .from(payrollEntries)
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .leftJoin(employmentRecords, eq(employmentRecords.EmploymentRecordID, payrollEntries.EmploymentRecordID))
    .where(and(...conditions))
    .then((found) =>
      found.map((r) => ({
        entry: r.entry,
        period: r.period,
        record:
          r.RecordID == null
            ? null
            : {
                PayRate: r.PayRate,
                Salary: r.Salary,
                CommissionThreshold: r.CommissionThreshold,
                BasisOfPayID: r.BasisOfPayID,
              },
        office: { CountryID: r.CountryID, StateProvince: r.StateProvince },
      })),
    );
  if (!rows.length) return [];
  // The pay periods asked for: a subset by id, else every period of the payroll (one query each,
  // no list of ids: thousands of bound parameters are slow on the embedded database).
  const subset = payPeriodIds ? [...payPeriodIds] : null;
  const periodCondition = subset
    ? inArray(payPeriods.PayPeriodID, subset)
    : eq(payPeriods.PayrollID, payroll.PayrollID);
  const payrollPeriods = subset
    ? inArray(lateAdjustments.AppliedPayPeriodID, subset)
    : inArray(
        lateAdjustments.AppliedPayPeriodID,
        db
          .select({ id: payPeriods.PayPeriodID })
          .from(payPeriods)
          .where(eq(payPeriods.PayrollID, payroll.PayrollID)),
      );
  const entryCondition = subset
    ? inArray(
        payrollCommissionPieces.PayrollEntryID,
        rows.map((r) => r.entry.PayrollEntryID),
      )
    : inArray(
        payrollCommissionPieces.PayrollEntryID,
        db
          .select({ id: payrollEntries.PayrollEntryID })
          .from(payrollEntries)
          .where(eq(payrollEntries.PayrollID, payroll.PayrollID)),
      );

  // Time entries of the periods, joined on the period (its employee, office and days), one JSON
  // array per period: far fewer values to carry than one row per entry.
  const byPeriod = new Map<number, GatheredTime[]>();
  const found = await db
    .select({
      id: payPeriods.PayPeriodID,
      j: sql<string>`json_agg(json_build_array(${timeEntries.Id}, ${timeEntries.Date}, ${timeEntries.StartTime},
        ${timeEntries.EndTime}, ${timeEntries.IsBreak}, ${timeEntries.ParentTimeEntryID}, ${timeEntries.TimeEntryTypeID},
        ${timeEntries.ProgramID}, ${timeEntries.StoreID}, ${timeEntries.Version}, ${timeEntries.UpdatedAt},
        ${timeEntries.UpdatedByEmployeeID}) order by ${timeEntries.Date}, ${timeEntries.StartTime}, ${timeEntries.Id})::text`,
    })
    .from(payPeriods)
    .innerJoin(
      timeEntries,
      and(
        eq(timeEntries.EmployeeID, payPeriods.EmployeeID),
        eq(timeEntries.IcdOfficeID, payPeriods.IcdOfficeID),
        sql`${timeEntries.Date} between ${payPeriods.StartDate} - 6 and ${payPeriods.EndDate}`,
        isNull(timeEntries.DeletedAt),
      ),
    )
    .where(periodCondition)
    .groupBy(payPeriods.PayPeriodID);
  for (const f of found) {
    const list = JSON.parse(f.j) as [
      number,
      string,
      string | null,
      string | null,
      boolean,
      number | null,
      number,
      number | null,
      number | null,
      number,
      string,
      number | null,
    ][];
    byPeriod.set(
      f.id,
      list.map((x) => ({
        Id: x[0],
        Date: x[1],
        StartTime: x[2],
        EndTime: x[3],
        IsBreak: x[4],
        ParentTimeEntryID: x[5],
        TimeEntryTypeID: x[6],
        ProgramID: x[7],
        StoreID: x[8],
        Version: x[9],
        UpdatedAt: x[10],
        UpdatedByEmployeeID: x[11],
      })),
    );
  }
  // A late adjustment accepted for one of these periods but paid in a later one (its minutes are in
  // that period's Regular line) is undone here, so a recalculation never pays it twice: a created
  // entry is left out, an updated or deleted one counts as it was before (the earliest change's Before).
  const changedHere = await db
    .select()
    .from(lateAdjustments)
    .where(
      and(
        subset
          ? inArray(lateAdjustments.PayPeriodID, subset)
          : inArray(
              lateAdjustments.PayPeriodID,
              db
                .select({ id: payPeriods.PayPeriodID })
                .from(payPeriods)
                .where(eq(payPeriods.PayrollID, payroll.PayrollID)),
            ),
        eq(lateAdjustments.StatusID, LateAdjustmentStatus.Accepted),
        sql`${lateAdjustments.AppliedPayPeriodID} is distinct from ${lateAdjustments.PayPeriodID}`,
      ),
    )
    .orderBy(asc(lateAdjustments.ResolvedAt), asc(lateAdjustments.LateAdjustmentID));
  const undone = new Set<number>();
  for (const l of changedHere) {
    if (undone.has(l.TimeEntryID)) continue;
    undone.add(l.TimeEntryID);
    const list = (byPeriod.get(l.PayPeriodID) ?? []).filter((te) => te.Id !== l.TimeEntryID);
    const before = l.Before as Record<string, unknown> | null;
    if (l.ActionID !== LateAdjustmentAction.Create && before) {
      const text = (k: string) => (typeof before[k] === 'string' ? (before[k] as string) : null);
      const int = (k: string) => (typeof before[k] === 'number' ? (before[k] as number) : null);
      list.push({
        Id: l.TimeEntryID,
        Date: text('Date') ?? l.EntryDate,
        StartTime: text('StartTime'),
        EndTime: text('EndTime'),
        IsBreak: typeof before.IsBreak === 'boolean' ? before.IsBreak : l.IsBreak,
        ParentTimeEntryID: int('ParentTimeEntryID') ?? l.ParentTimeEntryID,
        TimeEntryTypeID: int('TimeEntryTypeID') ?? TimeEntryTypeId.Work,
        ProgramID: int('ProgramID'),
        StoreID: int('StoreID'),
        Version: int('Version') ?? 1,
        UpdatedAt: text('UpdatedAt') ?? '',
        UpdatedByEmployeeID: int('UpdatedByEmployeeID'),
      });
      list.sort(
        (a, b) =>
          a.Date.localeCompare(b.Date) ||
          String(a.StartTime).localeCompare(String(b.StartTime)) ||
          a.Id - b.Id,
      );
    }
    byPeriod.set(l.PayPeriodID, list);
  }
  const late = new Map<number, (typeof lateAdjustments.$inferSelect)[]>();
  for (const l of await db
    .select()
    .from(lateAdjustments)
    .where(and(payrollPeriods, eq(lateAdjustments.StatusID, LateAdjustmentStatus.Accepted)))) {
    const list = late.get(l.AppliedPayPeriodID ?? 0) ?? [];
    list.push(l);
    late.set(l.AppliedPayPeriodID ?? 0, list);
  }
  const pieces = new Map<number, (typeof payrollCommissionPieces.$inferSelect)[]>();
  for (const p of await db.select().from(payrollCommissionPieces).where(entryCondition)) {
    const list = pieces.get(p.PayrollEntryID) ?? [];
    list.push(p);
    pieces.set(p.PayrollEntryID, list);
  }
  // What a piece was earned by, in words ("Order RGR-0880100 · Ignite Internet 1 Gbps · lead 217").
  const orderSources = await productOrderSources(
    db,
    [...pieces.values()]
      .flat()
      .flatMap((p) => (p.SourceType === 'productOrder' && p.SourceID ? [p.SourceID] : [])),
  );
  const sourceLabel = (p: typeof payrollCommissionPieces.$inferSelect): string =>
    (p.SourceType === 'productOrder' && p.SourceID ? orderSources.get(p.SourceID)?.Label : undefined) ??
    `${p.SourceType} ${p.SourceID ?? ''}`.trim();
  // Minimum wages per jurisdiction over the window (plus the context week).
  const wages = new Map<string, MinimumWagePeriod[]>();
  for (const r of rows) {
    const key = `${r.office.CountryID}|${r.office.StateProvince}`;
    if (wages.has(key)) continue;
    const schedule = await minimumWageSchedule(
      db,
      { CountryID: r.office.CountryID, StateProvince: r.office.StateProvince },
      addDays(payroll.StartDate, -6),
      payroll.EndDate,
    );
    wages.set(
      key,
      schedule.map((s) => ({ StartDate: s.StartDate, EndDate: s.EndDate, MinimumWage: s.MinimumWageCents })),
    );
  }

  return rows.map(({ entry, period, record, office }) => {
    const inputs = entry.Inputs;
    const entries = byPeriod.get(period.PayPeriodID) ?? [];
    const timeInputs: TimeEntryInput[] = entries.map((te) => ({
      TimeEntryID: te.Id,
      Date: te.Date,
      StartTime: te.StartTime,
      EndTime: te.EndTime,
      IsBreak: te.IsBreak,
      ParentTimeEntryID: te.ParentTimeEntryID,
      IsTraining: te.TimeEntryTypeID === TimeEntryTypeId.Training,
      ProgramID: te.ProgramID,
      StoreID: te.StoreID,
    }));
    const lateRows = late.get(period.PayPeriodID) ?? [];
    const annualSalary = cents(record?.Salary);
    const perYear = PERIODS_PER_YEAR[period.PayFrequencyID ?? PayFrequency.BiWeekly] ?? 26;
    const isSalaried = record?.BasisOfPayID === BasisOfPay.Salary;
    const input: EntryInput = {
      PayPeriod: { PayPeriodID: period.PayPeriodID, StartDate: period.StartDate, EndDate: period.EndDate },
      Rules: jurisdictionOf(office.CountryID, office.StateProvince),
      Basis: {
        PayRate: isSalaried ? null : cents(record?.PayRate),
        Salary: isSalaried && annualSalary ? Math.round(annualSalary / perYear) : null,
        CommissionTypeID: commissionTypeOf(record?.BasisOfPayID ?? null, payroll.PayrollTypeID),
        CommissionThreshold: inputs.CommissionThresholdCents ?? cents(record?.CommissionThreshold) ?? 0,
        IsPaidGuaranteed: inputs.IsPaidGuaranteed,
        IsPaidCommission: inputs.IsPaidCommission,
      },
      TimeEntries: timeInputs,
      Inputs: engineInputs(inputs, extraHours?.get(period.PayPeriodID) ?? 0),
      CommissionPieces: (pieces.get(entry.PayrollEntryID) ?? []).map((p) => ({
        PieceNumber: p.PieceNumber,
        PieceQty: p.PieceQty,
        PieceRate: p.PieceRateCents,
        Source: p.SourceType ? { kind: p.SourceType, id: p.SourceID ?? 0, label: sourceLabel(p) } : null,
      })),
      MinimumWages: wages.get(`${office.CountryID}|${office.StateProvince}`) ?? [],
      LateAdjustments: lateRows.map((l) => ({
        LateAdjustmentID: l.LateAdjustmentID,
        TimeEntryID: l.TimeEntryID,
        EntryDate: l.EntryDate,
        Minutes: l.AppliedMinutes ?? 0,
      })),
    };
    return {
      entry,
      period,
      record,
      office: { CountryID: office.CountryID, StateProvince: office.StateProvince },
      input,
      sources: {
        TimeEntries: entries.map((te) => ({
          TimeEntryID: te.Id,
          Date: te.Date,
          Version: te.Version,
          UpdatedAt: te.UpdatedAt,
          UpdatedByEmployeeID: te.UpdatedByEmployeeID,
        })),
        LateAdjustmentIDs: lateRows.map((l) => l.LateAdjustmentID),
      },
    };
  });
}
