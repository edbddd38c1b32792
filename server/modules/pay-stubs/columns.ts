// The payroll difference columns of spec 001 §3 and how two versions of an entry compare on them
// (pure). Values are rounded to 2 decimals (§5); the difference is taken from the rounded values in
// cents, so left + difference = right to the cent.
//
// Show* flags: the spec names them without saying where they come from; here a conditional column
// is shown when the payroll has a non-zero value in it — in any of its entries now, or in either
// version compared — so a column that moved is never hidden, and a payroll without double time or
// tips shows no such rows. The conditional 'Meal Period Premium' (ShowMealPeriodPremium) is the
// premium's hours; 'Meal Period Premium Amount' (always shown) its amount.
import type { ShowFlag } from '../../../src/contract/pay-stubs';

export interface Column {
  field: string;
  caption: string;
  isCurrency: boolean;
  /** Shown only when this flag is set. */
  show?: ShowFlag;
  /** Earnings line kinds whose traces name what fed the column. */
  lineKinds: readonly string[];
  /** Entry inputs (payroll_entries.Inputs keys) that move the column directly. */
  inputs: readonly string[];
  /** Moved by worked time (time entries, late adjustments). */
  time: boolean;
  /** Moved by commission pieces. */
  pieces: boolean;
  /** Can move only as a consequence of other changes (spec: Commission, Minimum Wage Advance, Chargeback, Gross Pay). */
  indirect: boolean;
  /** Moved by the pay rate of these line kinds. */
  rateOf?: readonly string[];
}

const col = (c: Partial<Column> & Pick<Column, 'field' | 'caption' | 'isCurrency'>): Column => ({
  lineKinds: [],
  inputs: [],
  time: false,
  pieces: false,
  indirect: false,
  ...c,
});

const COMMISSION_INPUTS = ['ManualCommissionAmountCents', 'CommissionThresholdCents', 'IsPaidCommission'];

export const COLUMNS: readonly Column[] = [
  // Hours
  col({
    field: 'RegularHours',
    caption: 'Regular Hours',
    isCurrency: false,
    lineKinds: ['Regular'],
    time: true,
  }),
  col({
    field: 'OvertimeHours',
    caption: 'Overtime Hours',
    isCurrency: false,
    lineKinds: ['Overtime'],
    time: true,
  }),
  col({
    field: 'DoubleTimeHours',
    caption: 'Double Time Hours',
    isCurrency: false,
    show: 'ShowDT',
    lineKinds: ['Double Time'],
    time: true,
  }),
  col({
    field: 'ExtraHoursWorked',
    caption: 'Extra Hours Worked',
    isCurrency: false,
    inputs: ['ExtraHoursWorked'],
  }),
  col({
    field: 'TotalHoursWorked',
    caption: 'Total Hours Worked',
    isCurrency: false,
    lineKinds: ['Regular', 'Overtime', 'Double Time', 'Training Pay'],
    inputs: ['ExtraHoursWorked', 'TrainingPayHours'],
    time: true,
  }),
  // Amounts
  col({
    field: 'RegularHoursAmount',
    caption: 'Regular Hours Amount',
    isCurrency: true,
    lineKinds: ['Regular'],
    time: true,
    rateOf: ['Regular'],
  }),
  col({
    field: 'OvertimeAmount',
    caption: 'Overtime Amount',
    isCurrency: true,
    lineKinds: ['Overtime'],
    time: true,
    rateOf: ['Overtime'],
  }),
  col({
    field: 'DoubleTimeAmount',
    caption: 'Double Time Amount',
    isCurrency: true,
    show: 'ShowDT',
    lineKinds: ['Double Time'],
    time: true,
    rateOf: ['Double Time'],
  }),
  col({
    field: 'TotalGuaranteed',
    caption: 'Total Guaranteed',
    isCurrency: true,
    lineKinds: ['Regular', 'Overtime', 'Double Time', 'Training Pay'],
    inputs: ['IsPaidGuaranteed', 'ExtraHoursWorked', 'TrainingPayHours'],
    time: true,
    rateOf: ['Regular', 'Overtime', 'Double Time', 'Training Pay'],
  }),
  col({
    field: 'RegularCommission',
    caption: 'Regular Commission',
    isCurrency: true,
    lineKinds: ['Commissions', 'Commission Piece'],
    inputs: ['ManualCommissionAmountCents'],
    pieces: true,
  }),
  col({
    field: 'TotalPaidCommission',
    caption: 'Total Paid Commission',
    isCurrency: true,
    lineKinds: ['Commissions', 'Commission Piece'],
    inputs: COMMISSION_INPUTS,
    pieces: true,
    indirect: true,
  }),
  col({
    field: 'MealPeriodPremiumAmount',
    caption: 'Meal Period Premium Amount',
    isCurrency: true,
    lineKinds: ['Meal Period Premium'],
    inputs: ['MealPeriodPremiumTime'],
    time: true,
    rateOf: ['Regular'],
  }),
  col({ field: 'Salary', caption: 'Salary', isCurrency: true, show: 'ShowSalary', inputs: ['SalaryCents'] }),
  col({
    field: 'ExtraCommission',
    caption: 'Extra Commission',
    isCurrency: true,
    lineKinds: ['Commissions', 'Commission Piece'],
    inputs: COMMISSION_INPUTS,
    pieces: true,
    indirect: true,
  }),
  col({
    field: 'CommissionBonus',
    caption: 'Commission Bonus',
    isCurrency: true,
    inputs: ['CommissionBonusCents'],
  }),
  col({ field: 'GrossPay', caption: 'Gross Pay', isCurrency: true, indirect: true }),
  col({
    field: 'NetPayAddition',
    caption: 'Net Pay Addition',
    isCurrency: true,
    inputs: ['NetPayAdditionCents'],
  }),
  col({
    field: 'NetPayDeduction',
    caption: 'Net Pay Deduction',
    isCurrency: true,
    inputs: ['NetPayDeductionCents'],
  }),
  // Conditional amounts
  col({
    field: 'PaidSickLeave',
    caption: 'Paid Sick Leave',
    isCurrency: true,
    show: 'ShowSick',
    inputs: ['SickPayCents'],
  }),
  col({
    field: 'ReportingTime',
    caption: 'Reporting Time',
    isCurrency: true,
    show: 'ShowReportingTime',
    inputs: ['ReportingTime'],
  }),
  col({
    field: 'SplitShiftPremium',
    caption: 'Split Shift Premium',
    isCurrency: true,
    show: 'ShowSplit',
    inputs: ['SplitTime'],
  }),
  col({
    field: 'MealPeriodPremiumHours',
    caption: 'Meal Period Premium',
    isCurrency: false,
    show: 'ShowMealPeriodPremium',
    lineKinds: ['Meal Period Premium'],
    inputs: ['MealPeriodPremiumTime'],
    time: true,
  }),
  col({
    field: 'HolidayPay',
    caption: 'Holiday Pay',
    isCurrency: true,
    show: 'ShowHolidayPay',
    inputs: ['HolidayPayCents'],
  }),
  col({
    field: 'TravelAllowance',
    caption: 'Travel Allowance',
    isCurrency: true,
    show: 'ShowTravel',
    inputs: ['TravelAllowanceCents'],
  }),
  col({
    field: 'CellAllowance',
    caption: 'Cell Allowance',
    isCurrency: true,
    show: 'ShowCell',
    inputs: ['CellAllowanceCents'],
  }),
  col({ field: 'Tip', caption: 'Tip', isCurrency: true, show: 'ShowTip', inputs: ['TipCents'] }),
  // The spec's caption, to the letter.
  col({
    field: 'VolumeBonus',
    caption: 'VolumeBonus',
    isCurrency: true,
    show: 'ShowVolumeBonus',
    inputs: ['VolumeBonusCents'],
  }),
  col({
    field: 'MinimumWageAdvance',
    caption: 'Minimum Wage Advance',
    isCurrency: true,
    show: 'ShowMinimumWageAdvance',
    lineKinds: ['Minimum Wage Advance'],
    indirect: true,
  }),
  col({
    field: 'Chargeback',
    caption: 'Chargeback',
    isCurrency: true,
    show: 'ShowChargeback',
    inputs: ['ChargebackCents'],
    indirect: true,
  }),
  col({
    field: 'TrainingPay',
    caption: 'Training Pay',
    isCurrency: true,
    show: 'ShowTrainingPay',
    lineKinds: ['Training Pay'],
    inputs: ['TrainingPayHours'],
    time: true,
    rateOf: ['Training Pay'],
  }),
];

/** An entry's totals as stored (amounts in cents under `<Field>Cents`, or decimal under `<Field>`). */
export type TotalsRow = Readonly<Record<string, unknown>>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * A column's value in hundredths (cents for money, hundredths of an hour for hours), rounded half-up,
 * or undefined when the totals do not hold it. Money stored in cents is exact; decimals are rounded.
 */
export function hundredths(column: Column, totals: TotalsRow): number | undefined {
  const cents = num(totals[`${column.field}Cents`]);
  if (cents !== undefined) return Math.round(cents);
  if (column.field === 'MealPeriodPremiumHours') {
    const minutes = num(totals.MealPeriodPremiumMinutes);
    if (minutes !== undefined) return roundHalfUp((minutes / 60) * 100);
    const hours = num(totals.MealPeriodPremiumHours) ?? num(totals.MealPeriodPremiumTime);
    return hours === undefined ? undefined : roundHalfUp(hours * 100);
  }
  const value = num(totals[column.field]);
  return value === undefined ? undefined : roundHalfUp(value * 100);
}

/** Half-up (away from zero) to a whole number, absorbing binary noise (1.005 * 100 = 100.4999…). */
export function roundHalfUp(x: number): number {
  const r = Math.floor(Math.abs(x) + 0.5 + 1e-7);
  return x < 0 ? -r : r;
}

export type Flags = Record<ShowFlag, boolean>;

/** The payroll's Show* flags from the totals of its entries (and of the compared versions). */
export function showFlags(rows: readonly TotalsRow[]): Flags {
  const flags = {} as Flags;
  for (const c of COLUMNS) {
    if (!c.show) continue;
    const nonZero = rows.some((r) => (hundredths(c, r) ?? 0) !== 0);
    flags[c.show] = (flags[c.show] ?? false) || nonZero;
  }
  return flags;
}

export interface ColumnDiff {
  column: Column;
  /** Hundredths. */
  left: number;
  right: number;
}

/**
 * The visible columns compared: every column without a flag, and flagged ones whose flag is set;
 * a column neither version holds is left out. `all` false: only those that differ.
 */
export function compareColumns(
  left: TotalsRow | null,
  right: TotalsRow,
  flags: Flags,
  all: boolean,
): ColumnDiff[] {
  const out: ColumnDiff[] = [];
  for (const c of COLUMNS) {
    if (c.show && !flags[c.show]) continue;
    const l = left ? hundredths(c, left) : 0;
    const r = hundredths(c, right);
    if (l === undefined && r === undefined) continue;
    const d = { column: c, left: l ?? 0, right: r ?? 0 };
    if (all || d.left !== d.right) out.push(d);
  }
  return out;
}
