// The recalculation request and the grid's totals row (pure; no React).
import type { CalculationInput, PayrollEntry, TotalsRequestInput } from '../../../contract/payroll';
import { wireDay } from '../../../contract/time-management';

/**
 * The payroll totals request (spec 001 §3) for a recalculation of the whole payroll: its window and
 * every pay period of the calculation input, dates as YYYY-MM-DD. A subset of pay periods narrows it.
 */
export function totalsRequest(input: CalculationInput, payPeriodIds?: readonly number[]): TotalsRequestInput {
  const only = payPeriodIds ? new Set(payPeriodIds) : null;
  return {
    StartDate: wireDay(input.StartDate),
    EndDate: wireDay(input.EndDate),
    PayPeriods: input.PayPeriods.filter((p) => !only || only.has(p.PayPeriodID)).map((p) => ({
      PayPeriodID: p.PayPeriodID,
      StartDate: wireDay(p.StartDate),
      EndDate: wireDay(p.EndDate),
    })),
    PayDateDurations: [],
    RSCommissionAmounts: [],
  };
}

export const TOTAL_COLUMNS = [
  'RegularHours',
  'OvertimeHours',
  'DoubleTimeHours',
  'TotalHoursWorked',
  'ExtraHoursWorked',
  'Bonus',
  'CommissionBonus',
  'Tip',
  'SickPay',
  'Chargeback',
  'NetPayAddition',
  'NetPayDeduction',
  'GrossPay',
] as const;
export type TotalColumn = (typeof TOTAL_COLUMNS)[number];

/** The value of a grid column of an entry: hours from its computed totals, inputs as saved. */
export function columnValue(entry: PayrollEntry, column: TotalColumn): number {
  switch (column) {
    case 'RegularHours':
    case 'OvertimeHours':
    case 'DoubleTimeHours':
    case 'TotalHoursWorked':
      return entry.Totals[column];
    case 'GrossPay':
      return entry.GrossPay;
    default:
      return entry[column];
  }
}

/** Column sums in cents, back to decimals (no float drift over hundreds of rows). */
export function gridTotals(entries: readonly PayrollEntry[]): Record<TotalColumn, number> {
  const out = {} as Record<TotalColumn, number>;
  for (const column of TOTAL_COLUMNS) {
    const cents = entries.reduce((acc, e) => acc + Math.round(columnValue(e, column) * 100), 0);
    out[column] = cents / 100;
  }
  return out;
}

/** 'Last, First' of an entry's employee, or its id when the answer carries no employee. */
export function employeeName(entry: PayrollEntry): string {
  return entry.Employee ? `${entry.Employee.LastName}, ${entry.Employee.FirstName}` : `#${entry.EmployeeID}`;
}
