// Running the payroll engine (server/domain/payroll) over a payroll's entries and saving the result.
//
// recalculateEntries(db, payrollId, payPeriodIds?, trigger, options) gathers, per payroll and in a
// handful of queries (never per employee):
// - the entries and their pay periods, employment records (pay rate, annual salary → salary of the
//   period, commission threshold, basis of pay) and office jurisdictions;
// - the time entries of each period's employee at its office, from six days before the period
//   (the workweek context for weekly overtime and the 7th day) to its end, not deleted;
// - the accepted late adjustments paid in each period (AppliedPayPeriodID), their minutes;
// - the commission pieces of each entry;
// - the minimum wage schedule of each jurisdiction (wage policies) over the payroll's window;
// then runs computeEntry for each entry and, when its fingerprint (engine input + output) changed,
// saves totals and lines and adds a numbered snapshot with the trigger, the actor and the time.
// Callers check the lock rule (calculate.ts saves what it is asked to).
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PayFrequency, type PayrollTrigger, PayrollType } from '../../../src/contract/payroll';
import { TimeEntryTypeId } from '../../../src/contract/time';
import { LateAdjustmentAction, LateAdjustmentStatus } from '../../../src/contract/time-management';
import type { PayrollEntryInputs, PayrollLineTrace, PayrollSnapshotLine } from '../../db/schema/payroll';
import {
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  payrolls,
  timeEntries,
} from '../../db/tables';
import {
  type CommissionTypeID,
  computeEntry,
  type EntryInput,
  type EntryResult,
  jurisdictionOf,
  type MinimumWagePeriod,
  type TimeEntryInput,
} from '../../domain/payroll';
import { addDays } from '../../domain/time/clock-time';
import { productOrderSources } from '../orders/sources';
import { minimumWageSchedule } from '../wage-policies/minimum-wage';
import { ensureEntries } from './ensure';
import type { Conn, PayrollRow } from './scope';
import type { EntryRow } from './wire';

/** Employment record basis of pay (lookup 'basis-of-pay'): Hourly 1, Salary 2, Commission 3. */
export const BasisOfPay = { Hourly: 1, Salary: 2, Commission: 3 } as const;

const PERIODS_PER_YEAR: Record<number, number> = {
  [PayFrequency.Weekly]: 52,
  [PayFrequency.BiWeekly]: 26,
  [PayFrequency.SemiMonthly]: 24,
  [PayFrequency.Monthly]: 12,
};

export interface RecalculateOptions {
  actorEmployeeID?: number | null;
  /** When the calculation happened (default: now). */
  now?: Date;
  /** Extra hours per pay period from a manual submission (totals request ExtraShowHours). */
  extraHours?: ReadonlyMap<number, number>;
}

export interface RecalculateResult {
  /** The entries computed (fresh rows). */
  entries: EntryRow[];
  /** PayrollEntryIDs whose calculation changed (a snapshot was stored). */
  changed: number[];
}

const CHUNK = 1000;
const chunks = <T>(list: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};
const cents = (v: string | null | undefined): number | null =>
  v == null ? null : Math.round(Number(v) * 100);
const hours2 = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The commission type of an entry: commission-paid records follow the payroll's type (RawInput: none). */
export function commissionTypeOf(
  basisOfPayId: number | null,
  payrollTypeId: number,
): CommissionTypeID | null {
  if (basisOfPayId !== BasisOfPay.Commission) return null;
  if (payrollTypeId >= PayrollType.AdvanceWage && payrollTypeId <= PayrollType.PieceBased)
    return payrollTypeId as CommissionTypeID;
  return null;
}

/** Engine result → stored totals (hours in decimal hours, amounts in cents under `<Key>Cents`). */
export function totalsRow(r: EntryResult): Record<string, number> {
  const h = r.Hours;
  const a = r.Amounts;
  return {
    RegularHours: hours2(h.Regular),
    OvertimeHours: hours2(h.Overtime),
    DoubleTimeHours: hours2(h.DoubleTime),
    TrainingHours: hours2(h.Training),
    ExtraHoursWorked: hours2(h.ExtraHoursWorked),
    TotalHoursWorked: hours2(h.TotalHoursWorked),
    LateAdjustmentHours: hours2(h.LateAdjustment),
    MealPeriodPremiumHours: hours2(h.MealPeriodPremium),
    RegularHoursAmountCents: a.RegularHoursAmount,
    OvertimeAmountCents: a.OvertimeAmount,
    DoubleTimeAmountCents: a.DoubleTimeAmount,
    TotalGuaranteedCents: a.TotalGuaranteed,
    RegularCommissionCents: a.RegularCommission,
    TotalPaidCommissionCents: a.TotalPaidCommission,
    MealPeriodPremiumAmountCents: a.MealPeriodPremium,
    SalaryCents: a.Salary,
    ExtraCommissionCents: a.ExtraCommission,
    CommissionBonusCents: a.CommissionBonus,
    ExtraHoursWorkedAmountCents: a.ExtraHoursWorkedAmount,
    GrossPayCents: a.GrossPay,
    NetPayAdditionCents: a.NetPayAddition,
    NetPayDeductionCents: a.NetPayDeduction,
    PaidSickLeaveCents: a.PaidSickLeave,
    ReportingTimeCents: a.ReportingTime,
    SplitShiftPremiumCents: a.SplitShiftPremium,
    HolidayPayCents: a.HolidayPay,
    TravelAllowanceCents: a.TravelAllowance,
    CellAllowanceCents: a.CellAllowance,
    TipCents: a.Tip,
    VolumeBonusCents: a.VolumeBonus,
    MinimumWageAdvanceCents: a.MinimumWageAdvance,
    ChargebackCents: a.Chargeback,
    TrainingPayCents: a.TrainingPay,
    BonusCents: a.Bonus,
    ContractorPaymentCents: a.ContractorPayment,
  };
}

/** Engine lines → stored lines (rate in currency per unit, 4 decimals; one trace object per line). */
export function linesOf(r: EntryResult): PayrollSnapshotLine[] {
  return r.Lines.map((l, i) => {
    const t: PayrollLineTrace = {
      Rule: l.Trace[0]?.Rule ?? l.Kind,
      Description: l.Trace.map((x) => x.Text).join(' · '),
      TimeEntryIDs: [...new Set(l.Trace.flatMap((x) => x.TimeEntryIDs))],
      PieceNumbers: [...new Set(l.Trace.flatMap((x) => x.PieceNumbers))],
      LateAdjustmentIDs: [...new Set(l.Trace.flatMap((x) => x.LateAdjustmentIDs))],
      Rules: [...new Set(l.Trace.map((x) => x.Rule))],
      IsDetail: l.IsDetail,
      Minutes: l.Minutes,
    };
    return {
      Kind: l.Kind,
      Caption: l.Caption,
      Rate: l.Rate == null ? null : Math.round(l.Rate * 100) / 10_000,
      Units: l.Units == null ? null : Math.round(l.Units * 10_000) / 10_000,
      AmountCents: l.Amount,
      Trace: t,
      SortIndex: l.SortIndex ?? i,
    };
  });
}

/** Engine inputs from stored inputs (cents stay cents; hours stay decimal hours). */
function engineInputs(i: PayrollEntryInputs, extraHours: number): EntryInput['Inputs'] {
  return {
    ExtraHoursWorked: (i.ExtraHoursWorked ?? 0) + extraHours,
    ManualCommissionAmount: i.ManualCommissionAmountCents ?? undefined,
    Salary: i.SalaryCents,
    ContractorPayment: i.ContractorPaymentCents,
    Bonus: i.BonusCents,
    CommissionBonus: i.CommissionBonusCents,
    VolumeBonus: i.VolumeBonusCents,
    TravelAllowance: i.TravelAllowanceCents,
    CellAllowance: i.CellAllowanceCents,
    Tip: i.TipCents,
    SickPay: i.SickPayCents,
    SplitTime: i.SplitTime,
    ReportingTime: i.ReportingTime,
    MealPeriodPremiumTime: i.MealPeriodPremiumTime,
    HolidayPay: i.HolidayPayCents,
    Chargeback: i.ChargebackCents,
    TrainingPayHours: i.TrainingPayHours,
    NetPayAddition: i.NetPayAdditionCents,
    NetPayDeduction: i.NetPayDeductionCents,
  };
}

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

/**
 * Recalculates entries of a payroll (all, or the given pay periods) through the engine and saves the
 * ones that changed: totals, lines and a numbered snapshot recording the trigger.
 */
export async function recalculateEntries(
  db: Conn,
  payrollId: number,
  payPeriodIds: readonly number[] | undefined,
  trigger: PayrollTrigger,
  options: RecalculateOptions = {},
): Promise<RecalculateResult> {
  const [payroll] = await db.select().from(payrolls).where(eq(payrolls.PayrollID, payrollId)).limit(1);
  if (!payroll) return { entries: [], changed: [] };
  await ensureEntries(db, [payroll.IcdCorporationID], options.now);
  const now = options.now ?? new Date();
  const gathered = await gather(db, payroll, payPeriodIds, options.extraHours);
  type Update = {
    g: GatheredPeriod;
    result: EntryResult;
    totals: Record<string, number>;
    lines: PayrollSnapshotLine[];
    fingerprint: string;
  };
  const updates: Update[] = [];
  for (const g of gathered) {
    const result = computeEntry(g.input);
    const totals = totalsRow(result);
    const lines = linesOf(result);
    const fingerprint = createHash('sha1')
      .update(JSON.stringify([g.input, totals, lines]))
      .digest('base64url');
    if (fingerprint === g.entry.Fingerprint) continue;
    updates.push({ g, result, totals, lines, fingerprint });
  }

  // Saved with one statement per chunk: the rows travel once, as one JSON parameter
  // (jsonb_to_recordset, far cheaper than thousands of bound parameters), and data-modifying CTEs
  // update the entries, replace their lines and add their snapshots.
  const at = now.toISOString();
  for (const part of chunks(updates, 500)) {
    const rows = part.map((u) => ({
      id: u.g.entry.PayrollEntryID,
      pp: u.g.period.PayPeriodID,
      emp: u.g.entry.EmployeeID,
      n: u.g.entry.SnapshotNumber + 1,
      inputs: u.g.entry.Inputs,
      totals: u.totals,
      rh: u.totals.RegularHours,
      oh: u.totals.OvertimeHours,
      dh: u.totals.DoubleTimeHours,
      th: u.totals.TotalHoursWorked,
      gp: u.totals.GrossPayCents,
      na: u.totals.NetPayAdditionCents,
      nd: u.totals.NetPayDeductionCents,
      fp: u.fingerprint,
      lines: u.lines,
      pieces: u.g.input.CommissionPieces.map((p) => ({
        PieceNumber: p.PieceNumber,
        PieceQty: p.PieceQty,
        PieceRateCents: p.PieceRate,
      })),
      sources: {
        ...u.g.sources,
        Jurisdiction: u.result.Jurisdiction,
        RegularRateCents: u.result.RegularRate,
      },
    }));
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(id int, pp int, emp int, n int, inputs jsonb, totals jsonb, rh float8, oh float8, dh float8,
               th float8, gp int, na int, nd int, fp text, lines jsonb, pieces jsonb, sources jsonb)
      ),
      updated as (
        update payroll_entries e set
          totals = v.totals, regular_hours = v.rh, overtime_hours = v.oh, double_time_hours = v.dh,
          total_hours_worked = v.th, gross_pay_cents = v.gp, net_pay_addition_cents = v.na,
          net_pay_deduction_cents = v.nd, fingerprint = v.fp, snapshot_number = v.n,
          calculated_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        from v where e.payroll_entry_id = v.id
        returning e.payroll_entry_id
      ),
      removed as (
        delete from payroll_entry_lines l using v where l.payroll_entry_id = v.id returning l.payroll_entry_line_id
      ),
      added as (
        insert into payroll_entry_lines (payroll_entry_id, kind, caption, rate, units, amount_cents, trace, sort_index)
        select v.id, x."Kind", x."Caption", x."Rate", x."Units", x."AmountCents", x."Trace", x."SortIndex"
        from v cross join jsonb_to_recordset(v.lines)
          as x("Kind" text, "Caption" text, "Rate" float8, "Units" float8, "AmountCents" int, "Trace" jsonb, "SortIndex" int)
        returning payroll_entry_line_id
      ),
      snapshots as (
        insert into payroll_entry_snapshots (payroll_entry_id, payroll_id, pay_period_id, employee_id, snapshot_number,
          trigger, actor_employee_id, created_at, inputs, totals, gross_pay_cents, lines, pieces, sources)
        select v.id, ${payroll.PayrollID}::int, v.pp, v.emp, v.n, ${trigger}::text, ${options.actorEmployeeID ?? null}::int,
          ${at}::timestamptz, v.inputs, v.totals, v.gp, v.lines, v.pieces, v.sources
        from v
        returning payroll_entry_snapshot_id
      )
      select (select count(*) from updated) as updated, (select count(*) from removed) as removed,
        (select count(*) from added) as added, (select count(*) from snapshots) as snapshots`);
  }
  await db.update(payrolls).set({ CalculatedAt: now }).where(eq(payrolls.PayrollID, payroll.PayrollID));

  const fresh = await db
    .select()
    .from(payrollEntries)
    .where(
      payPeriodIds
        ? and(
            eq(payrollEntries.PayrollID, payroll.PayrollID),
            inArray(payrollEntries.PayPeriodID, [...payPeriodIds]),
          )
        : eq(payrollEntries.PayrollID, payroll.PayrollID),
    );
  return { entries: fresh, changed: updates.map((u) => u.g.entry.PayrollEntryID) };
}
