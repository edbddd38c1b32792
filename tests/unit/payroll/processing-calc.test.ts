// The recalculation request built from the calculation input, and the entries grid's totals row.
import { describe, expect, it } from 'vitest';
import type { CalculationInput, PayrollEntry } from '../../../src/contract/payroll';
import {
  columnValue,
  employeeName,
  gridTotals,
  totalsRequest,
} from '../../../src/features/payroll/processing/calc';

const period = (PayPeriodID: number, StartDate: string, EndDate: string) =>
  ({ PayPeriodID, StartDate, EndDate }) as CalculationInput['PayPeriods'][number];

describe('totals request', () => {
  const input = {
    PayrollID: 3,
    StartDate: '2026-11-09',
    EndDate: '2026-11-22',
    PayPeriods: [period(8, '2026-11-09', '2026-11-22'), period(9, '2026-11-09', '2026-11-22')],
  } as CalculationInput;

  it("sends the payroll's window and every pay period, dates as YYYY-MM-DD", () => {
    expect(totalsRequest(input)).toEqual({
      StartDate: '2026-11-09',
      EndDate: '2026-11-22',
      PayPeriods: [
        { PayPeriodID: 8, StartDate: '2026-11-09', EndDate: '2026-11-22' },
        { PayPeriodID: 9, StartDate: '2026-11-09', EndDate: '2026-11-22' },
      ],
      PayDateDurations: [],
      RSCommissionAmounts: [],
    });
  });

  it('writes revived dates (local midnight) as the same calendar day, and narrows to chosen periods', () => {
    const revived = {
      ...input,
      StartDate: new Date(2026, 10, 9) as unknown as string,
      PayPeriods: [{ ...input.PayPeriods[1], EndDate: new Date(2026, 10, 22) as unknown as string }],
    };
    const request = totalsRequest(revived, [9]);
    expect(request.StartDate).toBe('2026-11-09');
    expect(request.PayPeriods).toEqual([{ PayPeriodID: 9, StartDate: '2026-11-09', EndDate: '2026-11-22' }]);
    expect(totalsRequest(input, []).PayPeriods).toEqual([]);
  });
});

const entry = (over: Partial<PayrollEntry> & { hours?: number }): PayrollEntry =>
  ({
    PayPeriodID: 1,
    EmployeeID: 5,
    Bonus: 0,
    CommissionBonus: 0,
    Tip: 0,
    SickPay: 0,
    Chargeback: 0,
    NetPayAddition: 0,
    NetPayDeduction: 0,
    ExtraHoursWorked: 0,
    GrossPay: 0,
    Totals: {
      RegularHours: over.hours ?? 0,
      OvertimeHours: 0,
      DoubleTimeHours: 0,
      TotalHoursWorked: over.hours ?? 0,
    },
    ...over,
  }) as PayrollEntry;

describe('grid totals', () => {
  it('sums hours from the computed totals and amounts as saved, to the cent', () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      entry({ PayPeriodID: i, hours: 7.5, Bonus: 0.1, GrossPay: 100.01 }),
    );
    const totals = gridTotals(rows);
    expect(totals.RegularHours).toBe(75);
    expect(totals.TotalHoursWorked).toBe(75);
    expect(totals.Bonus).toBe(1);
    expect(totals.GrossPay).toBe(1000.1);
    expect(columnValue(rows[0], 'RegularHours')).toBe(7.5);
    // 0.29 × 100 is 28.999999999999996: summed as floats three bonuses would show 0.8699999999999999.
    expect(gridTotals([1, 2, 3].map((i) => entry({ PayPeriodID: i, Bonus: 0.29 }))).Bonus).toBe(0.87);
  });

  it('names the employee, or the id when the answer carries none', () => {
    expect(employeeName(entry({}))).toBe('#5');
    expect(
      employeeName(entry({ Employee: { FirstName: 'Sam', LastName: 'Taylor' } as PayrollEntry['Employee'] })),
    ).toBe('Taylor, Sam');
  });
});
