// Stored payroll rows → engine inputs: the employment record's basis of pay (hourly, salary of the
// period from the annual salary and the pay frequency, commission type from the payroll's type) and
// an entry's stored inputs (cents stay cents, hours stay decimal hours) as the engine reads them.
import { PayFrequency, PayrollType } from '../../../src/contract/payroll';
import type { PayrollEntryInputs } from '../../db/schema/payroll';
import type { CommissionTypeID, EntryInput } from '../../domain/payroll';

/** Employment record basis of pay (lookup 'basis-of-pay'): Hourly 1, Salary 2, Commission 3. */
export const BasisOfPay = { Hourly: 1, Salary: 2, Commission: 3 } as const;

export const PERIODS_PER_YEAR: Record<number, number> = {
  [PayFrequency.Weekly]: 52,
  [PayFrequency.BiWeekly]: 26,
  [PayFrequency.SemiMonthly]: 24,
  [PayFrequency.Monthly]: 12,
};

export const cents = (v: string | null | undefined): number | null =>
  v == null ? null : Math.round(Number(v) * 100);

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

/** Engine inputs from stored inputs (cents stay cents; hours stay decimal hours). */
export function engineInputs(i: PayrollEntryInputs, extraHours: number): EntryInput['Inputs'] {
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
