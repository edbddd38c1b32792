// Entry differences (pay-stub comparison), money rounding and the choice of jurisdiction.
import { describe, expect, it } from 'vitest';
import {
  ALBERTA,
  amountForMinutes,
  amountForUnits,
  BRITISH_COLUMBIA,
  CALIFORNIA,
  CANADA_FEDERAL,
  centsOfDollars,
  computeEntry,
  diffEntries,
  dollarsOfCents,
  ILLINOIS,
  jurisdictionOf,
  minutesOfHours,
  ONTARIO,
  roundDiv,
  showFlags,
  US_FEDERAL,
} from '../../../../server/domain/payroll';
import { basis, entry, shift } from './fixtures';

const ontarioWeek = (saturdayEnd: string) =>
  computeEntry(
    entry(
      ONTARIO,
      '2026-11-02',
      '2026-11-08',
      [
        ...['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].flatMap((d, i) =>
          shift(100 + i * 10, d, '08:00', '17:30', [['12:00', '12:30']]),
        ),
        ...shift(900, '2026-11-07', '10:00', saturdayEnd),
      ],
      { Basis: basis({ PayRate: 1760 }) },
    ),
  );

describe('diffEntries', () => {
  it('lists the changed columns in wire units, rounded to 2 decimals', () => {
    const before = ontarioWeek('11:00');
    const after = ontarioWeek('11:20');
    expect(diffEntries(before, after)).toEqual([
      {
        Field: 'OvertimeHours',
        Caption: 'Overtime Hours',
        IsCurrency: false,
        Left: 2,
        Right: 2.33,
        Difference: 0.33,
        RawDifference: 20,
      },
      {
        Field: 'TotalHoursWorked',
        Caption: 'Total Hours Worked',
        IsCurrency: false,
        Left: 46,
        Right: 46.33,
        Difference: 0.33,
        RawDifference: 20,
      },
      {
        Field: 'OvertimeAmount',
        Caption: 'Overtime Amount',
        IsCurrency: true,
        Left: 52.8,
        Right: 61.6,
        Difference: 8.8,
        RawDifference: 880,
      },
      {
        Field: 'TotalGuaranteed',
        Caption: 'Total Guaranteed',
        IsCurrency: true,
        Left: 827.2,
        Right: 836,
        Difference: 8.8,
        RawDifference: 880,
      },
      {
        Field: 'GrossPay',
        Caption: 'Gross Pay',
        IsCurrency: true,
        Left: 827.2,
        Right: 836,
        Difference: 8.8,
        RawDifference: 880,
      },
    ]);
  });

  it('an entry that did not exist compares with zeros; Show* flags follow the values', () => {
    const after = computeEntry(
      entry(CALIFORNIA, '2026-11-02', '2026-11-08', shift(1, '2026-11-03', '06:00', '19:00'), {
        Inputs: { Tip: 125 },
      }),
    );
    const d = diffEntries(null, after);
    expect(d.find((x) => x.Field === 'DoubleTimeHours')).toMatchObject({ Left: 0, Right: 1, Difference: 1 });
    expect(d.find((x) => x.Field === 'Tip')).toMatchObject({ Left: 0, Right: 1.25, Difference: 1.25 });
    expect(d.find((x) => x.Field === 'MealPeriodPremium')).toMatchObject({
      Caption: 'Meal Period Premium Amount',
      Right: 20,
    });
    const flags = showFlags([after]);
    expect(flags).toMatchObject({
      ShowDT: true,
      ShowTip: true,
      ShowMealPeriodPremium: true,
      ShowSalary: false,
      ShowChargeback: false,
    });
    const all = diffEntries(after, after, { all: true });
    expect(all.every((x) => x.Difference === 0)).toBe(true);
    expect(all.map((x) => x.Field)).toContain('DoubleTimeHours');
    expect(all.map((x) => x.Field)).not.toContain('Salary');
  });
});

describe('money', () => {
  it('rounds half a cent away from zero, once per line', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(-5, 2)).toBe(-3);
    expect(roundDiv(7, 3)).toBe(2);
    expect(amountForMinutes(1001, 30)).toBe(501);
    expect(amountForMinutes(1001, -30)).toBe(-501);
    expect(amountForMinutes(2599.5, 50)).toBe(2166);
    expect(amountForUnits(1250.5, 3)).toBe(3752);
    expect(amountForUnits(333, 0.5)).toBe(167);
  });

  it('converts the wire to cents and minutes and back', () => {
    expect(centsOfDollars(25.5)).toBe(2550);
    expect(centsOfDollars(0.1 + 0.2)).toBe(30);
    expect(centsOfDollars(null)).toBe(0);
    expect(dollarsOfCents(-12345)).toBe(-123.45);
    expect(minutesOfHours(1.25)).toBe(75);
    expect(minutesOfHours(0.3333)).toBe(20);
  });
});

describe('jurisdictionOf', () => {
  it('picks the office rules by country and state or province, code or name', () => {
    expect(jurisdictionOf(1, 'CA')).toBe(CALIFORNIA);
    expect(jurisdictionOf(1, 'California')).toBe(CALIFORNIA);
    expect(jurisdictionOf(1, 'il')).toBe(ILLINOIS);
    expect(jurisdictionOf(1, 'TX')).toBe(US_FEDERAL);
    expect(jurisdictionOf(2, 'ON')).toBe(ONTARIO);
    expect(jurisdictionOf(2, 'British Columbia')).toBe(BRITISH_COLUMBIA);
    expect(jurisdictionOf(2, 'AB')).toBe(ALBERTA);
    expect(jurisdictionOf(2, 'NS')).toBe(CANADA_FEDERAL);
    // 'CA' in Canada is not California.
    expect(jurisdictionOf(2, 'CA')).toBe(CANADA_FEDERAL);
    expect(jurisdictionOf(null, null)).toBe(US_FEDERAL);
  });
});
