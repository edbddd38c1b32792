// Engine results → stored form: the totals of an entry (hours in decimal hours, amounts in cents
// under `<Key>Cents`) and its lines (rate per unit with 4 decimals, one trace object per line), as
// saved on payroll_entries, payroll_entry_lines and the snapshots.
import type { PayrollLineTrace, PayrollSnapshotLine } from '../../db/schema/payroll';
import type { EntryResult } from '../../domain/payroll';

const hours2 = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

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
