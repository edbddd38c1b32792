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
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PayFrequency, type PayrollTrigger, PayrollType } from '../../../src/contract/payroll';
import { TimeEntryTypeId } from '../../../src/contract/time';
import { LateAdjustmentStatus } from '../../../src/contract/time-management';
import type { PayrollEntryInputs, PayrollLineTrace, PayrollSnapshotLine } from '../../db/schema/payroll';
import {
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  payrollEntryLines,
  payrollEntrySnapshots,
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
      Items: l.Trace,
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

export interface GatheredPeriod {
  entry: EntryRow;
  period: typeof payPeriods.$inferSelect;
  record: typeof employmentRecords.$inferSelect | null;
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
    .select({ entry: payrollEntries, period: payPeriods, record: employmentRecords, office: icdOffices })
    .from(payrollEntries)
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .leftJoin(employmentRecords, eq(employmentRecords.EmploymentRecordID, payrollEntries.EmploymentRecordID))
    .where(and(...conditions));
  if (!rows.length) return [];
  const entryIds = rows.map((r) => r.entry.PayrollEntryID);
  const periodIds = rows.map((r) => r.period.PayPeriodID);

  // Time entries of the payroll's periods (one query per chunk of periods, joined on the period).
  const byPeriod = new Map<number, (typeof timeEntries.$inferSelect)[]>();
  for (const ids of chunks(periodIds, 5000)) {
    const found = await db
      .select({ te: timeEntries, PayPeriodID: payPeriods.PayPeriodID })
      .from(timeEntries)
      .innerJoin(
        payPeriods,
        and(
          eq(payPeriods.EmployeeID, timeEntries.EmployeeID),
          eq(payPeriods.IcdOfficeID, timeEntries.IcdOfficeID),
          sql`${timeEntries.Date} between ${payPeriods.StartDate} - 6 and ${payPeriods.EndDate}`,
        ),
      )
      .where(and(inArray(payPeriods.PayPeriodID, ids), isNull(timeEntries.DeletedAt)));
    for (const f of found) {
      const list = byPeriod.get(f.PayPeriodID) ?? [];
      list.push(f.te);
      byPeriod.set(f.PayPeriodID, list);
    }
  }
  const late = new Map<number, (typeof lateAdjustments.$inferSelect)[]>();
  for (const ids of chunks(periodIds, 5000))
    for (const l of await db
      .select()
      .from(lateAdjustments)
      .where(
        and(
          inArray(lateAdjustments.AppliedPayPeriodID, ids),
          eq(lateAdjustments.StatusID, LateAdjustmentStatus.Accepted),
        ),
      )) {
      const list = late.get(l.AppliedPayPeriodID ?? 0) ?? [];
      list.push(l);
      late.set(l.AppliedPayPeriodID ?? 0, list);
    }
  const pieces = new Map<number, (typeof payrollCommissionPieces.$inferSelect)[]>();
  for (const ids of chunks(entryIds, 5000))
    for (const p of await db
      .select()
      .from(payrollCommissionPieces)
      .where(inArray(payrollCommissionPieces.PayrollEntryID, ids))) {
      const list = pieces.get(p.PayrollEntryID) ?? [];
      list.push(p);
      pieces.set(p.PayrollEntryID, list);
    }
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
    const entries = (byPeriod.get(period.PayPeriodID) ?? []).sort(
      (a, b) =>
        a.Date.localeCompare(b.Date) || String(a.StartTime).localeCompare(String(b.StartTime)) || a.Id - b.Id,
    );
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
        Source: p.SourceType
          ? { kind: p.SourceType, id: p.SourceID ?? 0, label: `${p.SourceType} ${p.SourceID ?? ''}`.trim() }
          : null,
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
          UpdatedAt: te.UpdatedAt.toISOString(),
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

  for (const part of chunks(updates)) {
    const ids = part.map((u) => u.g.entry.PayrollEntryID);
    const values = sql.join(
      part.map(
        (u) =>
          sql`(${u.g.entry.PayrollEntryID}::int, ${JSON.stringify(u.totals)}::jsonb, ${u.totals.RegularHours}::float8, ${u.totals.OvertimeHours}::float8, ${u.totals.DoubleTimeHours}::float8, ${u.totals.TotalHoursWorked}::float8, ${u.totals.GrossPayCents}::int, ${u.totals.NetPayAdditionCents}::int, ${u.totals.NetPayDeductionCents}::int, ${u.fingerprint}::text)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update payroll_entries e set
        totals = v.totals, regular_hours = v.rh, overtime_hours = v.oh, double_time_hours = v.dh,
        total_hours_worked = v.th, gross_pay_cents = v.gp, net_pay_addition_cents = v.na,
        net_pay_deduction_cents = v.nd, fingerprint = v.fp, snapshot_number = e.snapshot_number + 1,
        calculated_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, totals, rh, oh, dh, th, gp, na, nd, fp)
      where e.payroll_entry_id = v.id`);
    await db.execute(
      sql`delete from payroll_entry_lines where payroll_entry_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  const lineRows = updates.flatMap((u) =>
    u.lines.map((l) => ({ PayrollEntryID: u.g.entry.PayrollEntryID, ...l })),
  );
  for (const part of chunks(lineRows, 2000)) await db.insert(payrollEntryLines).values(part);
  const snapshots = updates.map((u) => ({
    PayrollEntryID: u.g.entry.PayrollEntryID,
    PayrollID: payroll.PayrollID,
    PayPeriodID: u.g.period.PayPeriodID,
    EmployeeID: u.g.entry.EmployeeID,
    SnapshotNumber: u.g.entry.SnapshotNumber + 1,
    Trigger: trigger,
    ActorEmployeeID: options.actorEmployeeID ?? null,
    CreatedAt: now,
    Inputs: u.g.entry.Inputs,
    Totals: u.totals,
    GrossPayCents: u.totals.GrossPayCents,
    Lines: u.lines,
    Pieces: u.g.input.CommissionPieces.map((p) => ({
      PieceNumber: p.PieceNumber,
      PieceQty: p.PieceQty,
      PieceRateCents: p.PieceRate,
    })),
    Sources: {
      ...u.g.sources,
      Jurisdiction: u.result.Jurisdiction,
      RegularRateCents: u.result.RegularRate,
      Entries: u.result.Entries,
    },
  }));
  for (const part of chunks(snapshots, 1000)) await db.insert(payrollEntrySnapshots).values(part);
  await db.update(payrolls).set({ CalculatedAt: now }).where(eq(payrolls.PayrollID, payroll.PayrollID));

  const ids = gathered.map((g) => g.entry.PayrollEntryID);
  const fresh: EntryRow[] = [];
  for (const part of chunks(ids, 5000))
    fresh.push(
      ...(await db.select().from(payrollEntries).where(inArray(payrollEntries.PayrollEntryID, part))),
    );
  return { entries: fresh, changed: updates.map((u) => u.g.entry.PayrollEntryID) };
}
