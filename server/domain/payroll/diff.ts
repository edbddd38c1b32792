// The payroll difference columns (spec 001 §3) and the comparison of two results of one entry
// (e.g. two snapshots): per column, left, right and their difference, in wire units rounded to
// 2 decimals (dollars, hours), plus the raw difference in cents or minutes.
import { round2 } from './money';
import type { AmountTotals, EntryDifference, EntryResult, HourTotals } from './types';

export type ShowFlag =
  | 'ShowDT'
  | 'ShowSalary'
  | 'ShowSick'
  | 'ShowReportingTime'
  | 'ShowSplit'
  | 'ShowMealPeriodPremium'
  | 'ShowHolidayPay'
  | 'ShowTravel'
  | 'ShowCell'
  | 'ShowTip'
  | 'ShowVolumeBonus'
  | 'ShowMinimumWageAdvance'
  | 'ShowChargeback'
  | 'ShowTrainingPay';

export interface DifferenceColumn {
  Field: string;
  Caption: string;
  IsCurrency: boolean;
  /** Shown only when this flag is set (the flag is set when a compared result has a value in it). */
  Flag: ShowFlag | null;
  value(r: EntryResult): number;
}

const hours = (
  Field: string,
  Caption: string,
  key: keyof HourTotals,
  Flag: ShowFlag | null = null,
): DifferenceColumn => ({
  Field,
  Caption,
  IsCurrency: false,
  Flag,
  value: (r) => r.Hours[key],
});
const money = (
  Field: keyof AmountTotals,
  Caption: string,
  Flag: ShowFlag | null = null,
): DifferenceColumn => ({
  Field,
  Caption,
  IsCurrency: true,
  Flag,
  value: (r) => r.Amounts[Field],
});

/** In the spec's order: hours, amounts, conditional amounts. */
export const DIFFERENCE_COLUMNS: readonly DifferenceColumn[] = [
  hours('RegularHours', 'Regular Hours', 'Regular'),
  hours('OvertimeHours', 'Overtime Hours', 'Overtime'),
  hours('DoubleTimeHours', 'Double Time Hours', 'DoubleTime', 'ShowDT'),
  hours('ExtraHoursWorked', 'Extra Hours Worked', 'ExtraHoursWorked'),
  hours('TotalHoursWorked', 'Total Hours Worked', 'TotalHoursWorked'),
  money('RegularHoursAmount', 'Regular Hours Amount'),
  money('OvertimeAmount', 'Overtime Amount'),
  money('DoubleTimeAmount', 'Double Time Amount', 'ShowDT'),
  money('TotalGuaranteed', 'Total Guaranteed'),
  money('RegularCommission', 'Regular Commission'),
  money('TotalPaidCommission', 'Total Paid Commission'),
  money('MealPeriodPremium', 'Meal Period Premium Amount'),
  money('Salary', 'Salary', 'ShowSalary'),
  money('ExtraCommission', 'Extra Commission'),
  money('CommissionBonus', 'Commission Bonus'),
  money('GrossPay', 'Gross Pay'),
  money('NetPayAddition', 'Net Pay Addition'),
  money('NetPayDeduction', 'Net Pay Deduction'),
  money('PaidSickLeave', 'Paid Sick Leave', 'ShowSick'),
  money('ReportingTime', 'Reporting Time', 'ShowReportingTime'),
  money('SplitShiftPremium', 'Split Shift Premium', 'ShowSplit'),
  hours('MealPeriodPremiumHours', 'Meal Period Premium', 'MealPeriodPremium', 'ShowMealPeriodPremium'),
  money('HolidayPay', 'Holiday Pay', 'ShowHolidayPay'),
  money('TravelAllowance', 'Travel Allowance', 'ShowTravel'),
  money('CellAllowance', 'Cell Allowance', 'ShowCell'),
  money('Tip', 'Tip', 'ShowTip'),
  money('VolumeBonus', 'VolumeBonus', 'ShowVolumeBonus'),
  money('MinimumWageAdvance', 'Minimum Wage Advance', 'ShowMinimumWageAdvance'),
  money('Chargeback', 'Chargeback', 'ShowChargeback'),
  money('TrainingPay', 'Training Pay', 'ShowTrainingPay'),
];

/** Each Show* flag: set when any of the results has a value in one of its columns. */
export function showFlags(results: readonly (EntryResult | null)[]): Record<ShowFlag, boolean> {
  const flags = {} as Record<ShowFlag, boolean>;
  for (const c of DIFFERENCE_COLUMNS) {
    if (!c.Flag) continue;
    flags[c.Flag] = flags[c.Flag] || results.some((r) => r !== null && c.value(r) !== 0);
  }
  return flags;
}

function wire(c: DifferenceColumn, raw: number): number {
  return round2(c.IsCurrency ? raw / 100 : raw / 60);
}

/**
 * The columns whose value differs between `before` and `after` (null: no entry, every value 0), in
 * column order. With `all`, every column the Show* flags allow, changed or not.
 */
export function diffEntries(
  before: EntryResult | null,
  after: EntryResult | null,
  options: { all?: boolean } = {},
): EntryDifference[] {
  const flags = showFlags([before, after]);
  const out: EntryDifference[] = [];
  for (const c of DIFFERENCE_COLUMNS) {
    const left = before ? c.value(before) : 0;
    const right = after ? c.value(after) : 0;
    if (left === right && !(options.all && (c.Flag === null || flags[c.Flag]))) continue;
    out.push({
      Field: c.Field,
      Caption: c.Caption,
      IsCurrency: c.IsCurrency,
      Left: wire(c, left),
      Right: wire(c, right),
      Difference: wire(c, right - left),
      RawDifference: right - left,
    });
  }
  return out;
}
