// Golden worked weeks per jurisdiction: every line checked to the cent (rates and amounts in cents,
// units in hours or pieces). 2026-11-02 is a Monday; every workweek starts on Monday.
import { describe, expect, it } from 'vitest';
import {
  ALBERTA,
  BRITISH_COLUMBIA,
  CALIFORNIA,
  computeEntry,
  ONTARIO,
  type TimeEntryInput,
  US_FEDERAL,
} from '../../../../server/domain/payroll';
import { basis, entry, rows, shift } from './fixtures';

const WEEK1 = [
  '2026-11-02',
  '2026-11-03',
  '2026-11-04',
  '2026-11-05',
  '2026-11-06',
  '2026-11-07',
  '2026-11-08',
];

function days(dates: string[], start: string, end: string, breaks: [string, string][] = [], firstId = 100) {
  return dates.flatMap((d, i) => shift(firstId + i * 10, d, start, end, breaks));
}

describe('California', () => {
  it('a 13-hour day: 8 h regular, 4 h overtime, 1 h double time', () => {
    const r = computeEntry(
      entry(
        CALIFORNIA,
        '2026-11-02',
        '2026-11-08',
        shift(1, '2026-11-03', '06:00', '20:00', [
          ['10:00', '10:30'],
          ['15:00', '15:30'],
        ]),
        {
          Basis: basis({ PayRate: 1733 }),
        },
      ),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1733, 8, 13864],
      ['Overtime', 2599.5, 4, 10398],
      ['Double Time', 3466, 1, 3466],
    ]);
    expect(r.Amounts.GrossPay).toBe(27728);
    expect(r.Hours).toMatchObject({
      Regular: 480,
      Overtime: 240,
      DoubleTime: 60,
      TotalHoursWorked: 780,
      MealPeriodPremium: 0,
    });
    expect(r.Lines[1].Trace.map((t) => t.Rule)).toEqual(['daily-overtime']);
    expect(r.Lines[1].Trace[0].TimeEntryIDs).toEqual([1]);
    expect(r.Lines[2].Trace[0].Text).toBe('1 h over 12 h a day on 2026-11-03 (California)');
  });

  it('the 7th consecutive workday: first 8 h at 1.5×, beyond 8 h at 2×, after weekly overtime on the 6th', () => {
    const time = [
      ...days(WEEK1.slice(0, 6), '08:00', '16:30', [['12:00', '12:30']]),
      ...shift(900, '2026-11-08', '08:00', '19:00', [
        ['12:00', '12:30'],
        ['16:00', '16:30'],
      ]),
    ];
    const r = computeEntry(entry(CALIFORNIA, '2026-11-02', '2026-11-08', time));
    expect(rows(r.Lines)).toEqual([
      ['Regular', 2000, 40, 80000],
      ['Overtime', 3000, 16, 48000],
      ['Double Time', 4000, 2, 8000],
    ]);
    expect(r.Amounts.GrossPay).toBe(136000);
    expect(r.Lines[1].Trace.map((t) => [t.Rule, t.TimeEntryIDs])).toEqual([
      ['weekly-overtime', [150]],
      ['seventh-day-overtime', [900]],
    ]);
    expect(r.Lines[2].Trace.map((t) => t.Rule)).toEqual(['seventh-day-double-time']);
  });

  it('a Sunday that is not the 7th consecutive day (Wednesday off) follows the daily and weekly rules', () => {
    const time = [
      ...days(['2026-11-02', '2026-11-03', '2026-11-05', '2026-11-06', '2026-11-07'], '08:00', '16:30', [
        ['12:00', '12:30'],
      ]),
      ...shift(900, '2026-11-08', '08:00', '19:00', [
        ['12:00', '12:30'],
        ['16:00', '16:30'],
      ]),
    ];
    const r = computeEntry(entry(CALIFORNIA, '2026-11-02', '2026-11-08', time));
    expect(rows(r.Lines)).toEqual([
      ['Regular', 2000, 40, 80000],
      ['Overtime', 3000, 10, 30000],
    ]);
    expect(r.Lines[1].Trace.map((t) => t.Rule)).toEqual(['daily-overtime', 'weekly-overtime']);
  });

  it('a day over 5 h without a 30-minute meal break earns one hour of meal period premium, with no rate or units', () => {
    const time = [
      ...shift(10, '2026-11-03', '09:00', '15:00'),
      ...shift(20, '2026-11-04', '09:00', '15:00', [['12:00', '12:20']]),
      ...shift(30, '2026-11-05', '09:00', '14:00'),
      ...shift(40, '2026-11-06', '09:00', '15:30', [['12:00', '12:30']]),
    ];
    const r = computeEntry(
      entry(CALIFORNIA, '2026-11-02', '2026-11-08', time, { Basis: basis({ PayRate: 1650 }) }),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1650, 1360 / 60, 37400],
      ['Meal Period Premium', null, null, 3300],
    ]);
    const meal = r.Lines[1];
    expect(meal.Minutes).toBe(120);
    expect(meal.Trace.map((t) => t.TimeEntryIDs)).toEqual([[10], [20]]);
    expect(r.Amounts).toMatchObject({ MealPeriodPremium: 3300, GrossPay: 40700 });

    // More than 10 h of work needs a second meal break.
    const long = computeEntry(
      entry(
        CALIFORNIA,
        '2026-11-02',
        '2026-11-08',
        shift(50, '2026-11-03', '07:00', '18:00', [['12:00', '12:30']]),
        {
          Basis: basis({ PayRate: 1650 }),
        },
      ),
    );
    expect(rows(long.Lines)).toEqual([
      ['Regular', 1650, 8, 13200],
      ['Overtime', 2475, 2.5, 6188],
      ['Meal Period Premium', null, null, 1650],
    ]);
    expect(long.Lines[2].Trace[0].Text).toBe(
      '2026-11-03: 11 h of work without a second 30-minute meal break (California): 1 h premium',
    );

    const withInput = computeEntry(
      entry(CALIFORNIA, '2026-11-02', '2026-11-08', time, {
        Basis: basis({ PayRate: 1650 }),
        Inputs: { MealPeriodPremiumTime: 0.5 },
      }),
    );
    expect(withInput.Hours.MealPeriodPremium).toBe(150);
    expect(withInput.Amounts.MealPeriodPremium).toBe(4125);
  });

  it('pays a minimum wage advance when the hours earn less than the minimum wage in force each day', () => {
    const time = [
      ...shift(1, '2026-12-28', '09:00', '13:00'),
      ...shift(2, '2026-12-29', '09:00', '13:00'),
      ...shift(3, '2027-01-01', '09:00', '13:00'),
      ...shift(4, '2027-01-02', '09:00', '13:00'),
    ];
    const r = computeEntry(
      entry(CALIFORNIA, '2026-12-28', '2027-01-03', time, {
        Basis: basis({ PayRate: 1650 }),
        MinimumWages: [
          { StartDate: '2026-01-01', EndDate: '2026-12-31', MinimumWage: 1650 },
          { StartDate: '2027-01-01', EndDate: null, MinimumWage: 1690 },
        ],
      }),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1650, 16, 26400],
      ['Minimum Wage Advance', null, null, 320],
    ]);
    expect(r.Amounts).toMatchObject({ MinimumWageAdvance: 320, GrossPay: 26720 });
    const why = r.Lines[1].Trace.map((t) => t.Text);
    expect(why).toContain('8 h at the minimum wage of $16.90/h');
    expect(why).toContain('8 h at the minimum wage of $16.50/h');
  });
});

describe('Ontario', () => {
  it('a 46-hour week: 44 h regular, 2 h overtime', () => {
    const time = [
      ...days(WEEK1.slice(0, 5), '08:00', '17:30', [['12:00', '12:30']]),
      ...shift(900, '2026-11-07', '10:00', '11:00'),
    ];
    const r = computeEntry(
      entry(ONTARIO, '2026-11-02', '2026-11-08', time, { Basis: basis({ PayRate: 1760 }) }),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1760, 44, 77440],
      ['Overtime', 2640, 2, 5280],
    ]);
    expect(r.Amounts.GrossPay).toBe(82720);
    expect(r.Lines[1].Trace.map((t) => [t.Text, t.TimeEntryIDs])).toEqual([
      ['1 h over 44 h in the week of 2026-11-02, on 2026-11-06 (Ontario)', [140]],
      ['1 h over 44 h in the week of 2026-11-02, on 2026-11-07 (Ontario)', [900]],
    ]);
  });
});

describe('British Columbia', () => {
  it('a 13-hour day: 8 h regular, 4 h at 1.5×, 1 h at 2×', () => {
    const r = computeEntry(
      entry(
        BRITISH_COLUMBIA,
        '2026-11-02',
        '2026-11-08',
        shift(1, '2026-11-04', '07:00', '20:30', [['12:00', '12:30']]),
        {
          Basis: basis({ PayRate: 1800 }),
        },
      ),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1800, 8, 14400],
      ['Overtime', 2700, 4, 10800],
      ['Double Time', 3600, 1, 3600],
    ]);
    expect(r.Amounts.GrossPay).toBe(28800);
  });
});

describe('Alberta', () => {
  it('pays the greater of daily and weekly overtime', () => {
    const tens = computeEntry(
      entry(ALBERTA, '2026-11-02', '2026-11-08', days(WEEK1.slice(0, 5), '08:00', '18:00'), {
        Basis: basis({ PayRate: 1600 }),
      }),
    );
    expect(rows(tens.Lines)).toEqual([
      ['Regular', 1600, 40, 64000],
      ['Overtime', 2400, 10, 24000],
    ]);
    const sixes = computeEntry(
      entry(ALBERTA, '2026-11-02', '2026-11-08', days(WEEK1.slice(0, 6), '08:00', '16:30'), {
        Basis: basis({ PayRate: 1600 }),
      }),
    );
    // Daily overtime 6 × 0.5 h = 3 h; weekly 51 − 44 = 7 h: the greater, 7 h.
    expect(rows(sixes.Lines)).toEqual([
      ['Regular', 1600, 44, 70400],
      ['Overtime', 2400, 7, 16800],
    ]);
  });
});

describe('US federal', () => {
  it('an overnight shift counts on the day it started, in the workweek before the boundary', () => {
    const time: TimeEntryInput[] = [
      ...days(WEEK1.slice(0, 5), '09:00', '17:00'),
      ...shift(500, '2026-11-08', '22:00', '06:00'),
      ...days(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12'], '09:00', '17:00', [], 600),
    ];
    const r = computeEntry(
      entry(US_FEDERAL, '2026-11-02', '2026-11-15', time, { Basis: basis({ PayRate: 1500 }) }),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1500, 72, 108000],
      ['Overtime', 2250, 8, 18000],
    ]);
    expect(r.Entries.find((e) => e.TimeEntryID === 500)).toMatchObject({
      Date: '2026-11-08',
      Overtime: 480,
      Regular: 0,
    });
    expect(r.Lines[1].Trace).toHaveLength(1);
    expect(r.Lines[1].Trace[0]).toMatchObject({ Rule: 'weekly-overtime', TimeEntryIDs: [500] });
  });

  it('days before the period in its first workweek count towards weekly overtime but are not paid again', () => {
    const time = [
      ...shift(1, '2026-11-30', '09:00', '19:00'),
      ...days(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'], '09:00', '17:00'),
      ...shift(2, '2026-11-20', '09:00', '19:00'),
    ];
    const r = computeEntry(
      entry(US_FEDERAL, '2026-12-01', '2026-12-15', time, { Basis: basis({ PayRate: 1500 }) }),
    );
    expect(rows(r.Lines)).toEqual([
      ['Regular', 1500, 30, 45000],
      ['Overtime', 2250, 2, 4500],
    ]);
    expect(r.Hours.WorkedMinutes).toBe(32 * 60);
    expect(r.Entries.find((e) => e.TimeEntryID === 1)).toMatchObject({ IsContext: true, Regular: 600 });
    expect(r.Entries.find((e) => e.TimeEntryID === 2)).toBeUndefined();
  });
});
