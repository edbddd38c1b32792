// Golden tests of the compliance rules: for each kind, a week that triggers it and one that does
// not (often the same week with one minute or one break changed, so the threshold itself is tested).
// The week is Monday 2026-11-16 to Sunday 2026-11-22; no clock and no time zone are involved.
import { describe, expect, it } from 'vitest';
import { COMPLIANCE_KINDS, type ComplianceKind, KIND_INFO } from '../../../../server/domain/compliance/kinds';
import type { EmployeeIn, PayInputs, PeriodIn } from '../../../../server/domain/compliance/model';
import { type EntryRow, placeShifts } from '../../../../server/domain/compliance/place';
import { evaluate } from '../../../../server/domain/compliance/rules';

const MON = '2026-11-16';
const WEEK = { StartDate: MON, EndDate: '2026-11-22' };
const dayOf = (i: number) => `2026-11-${String(16 + i).padStart(2, '0')}`;

let nextId = 1;
type Brk = [string, string | null];
/** A work entry (HH:mm) with its breaks on a date. */
function work(date: string, start: string, end: string | null, breaks: Brk[] = []): EntryRow[] {
  const id = nextId++;
  const rows: EntryRow[] = [
    {
      Id: id,
      Date: date,
      StartTime: `${start}:00`,
      EndTime: end && `${end}:00`,
      IsBreak: false,
      ParentTimeEntryID: null,
      IcdOfficeID: 1,
    },
  ];
  for (const [s, e] of breaks)
    rows.push({
      Id: nextId++,
      Date: date,
      StartTime: `${s}:00`,
      EndTime: e && `${e}:00`,
      IsBreak: true,
      ParentTimeEntryID: id,
      IcdOfficeID: 1,
    });
  return rows;
}

function employee(rows: EntryRow[][], periods: PeriodIn[] = [], isActive = true): EmployeeIn {
  return { EmployeeID: 7, IsActive: isActive, shifts: placeShifts(rows.flat()), periods };
}

function run(kind: ComplianceKind, e: EmployeeIn, range = WEEK) {
  return evaluate(e, [kind], range);
}

const NO_INPUTS: PayInputs = {
  CellAllowanceCents: 0,
  TipCents: 0,
  TravelAllowanceCents: 0,
  BonusCents: 0,
  CommissionBonusCents: 0,
  VolumeBonusCents: 0,
  NetPayAdditionCents: 0,
  NetPayDeductionCents: 0,
  ExtraHoursWorked: 0,
};
function period(
  over: Partial<Omit<PeriodIn, 'Inputs'>> & { Inputs?: Partial<PayInputs> | null } = {},
): PeriodIn {
  const { Inputs, ...rest } = over;
  return {
    PayPeriodID: 40,
    IcdOfficeID: 1,
    StartDate: MON,
    EndDate: '2026-11-29',
    IsHourly: true,
    HourlyRateCents: 1800,
    MinimumWageCents: 1720,
    WorkedMinutes: 600,
    TimeEntryIDs: [1, 2],
    ...rest,
    Inputs: Inputs === null ? null : { ...NO_INPUTS, ...Inputs },
  };
}

describe('meal breaks', () => {
  it('NoMealBreak: more than 5 hours worked with no break', () => {
    const hit = run('NoMealBreak', employee([work(dayOf(1), '09:00', '14:01')]));
    expect(hit).toHaveLength(1);
    expect(hit[0]).toMatchObject({
      Day: dayOf(1),
      Flagged: true,
      Hours: 5.02,
      Detail: 'Worked 5:01 with no break.',
    });
    expect(hit[0].TimeEntryIDs).toHaveLength(1);
    // exactly 5 hours, or a break: nothing
    expect(run('NoMealBreak', employee([work(dayOf(1), '09:00', '14:00')]))).toEqual([]);
    expect(run('NoMealBreak', employee([work(dayOf(1), '09:00', '17:00', [['12:00', '12:10']])]))).toEqual(
      [],
    );
  });

  it('NoMealBreak counts the day across two entries and ignores days outside the range', () => {
    const e = employee([
      work(dayOf(2), '08:00', '11:00'),
      work(dayOf(2), '11:30', '14:00'),
      work('2026-11-23', '08:00', '18:00'),
    ]);
    expect(run('NoMealBreak', e).map((f) => f.Day)).toEqual([dayOf(2)]);
  });

  it('MealBreakBelow30Min: every break of a long day shorter than 30 minutes', () => {
    const short = employee([
      work(dayOf(0), '09:00', '17:00', [
        ['12:00', '12:29'],
        ['15:00', '15:10'],
      ]),
    ]);
    const hit = run('MealBreakBelow30Min', short);
    expect(hit).toHaveLength(1);
    expect(hit[0].Detail).toBe('Worked 7:21; the longest break lasted 29 minutes.');
    expect(hit[0].TimeEntryIDs).toHaveLength(3);
    expect(
      run('MealBreakBelow30Min', employee([work(dayOf(0), '09:00', '17:00', [['12:00', '12:30']])])),
    ).toEqual([]);
    // no break at all is NoMealBreak's, not this one's
    expect(run('MealBreakBelow30Min', employee([work(dayOf(0), '09:00', '17:00')]))).toEqual([]);
  });

  it('SecondMealBreak: more than 10 hours and fewer than two 30-minute breaks', () => {
    const one = employee([work(dayOf(3), '07:00', '18:30', [['11:00', '11:30']])]);
    expect(run('SecondMealBreak', one)).toHaveLength(1);
    expect(run('SecondMealBreak', one)[0].Detail).toBe('Worked 11:00 with 1 break of 30 minutes or more.');
    const two = employee([
      work(dayOf(3), '07:00', '19:00', [
        ['11:00', '11:30'],
        ['15:00', '15:30'],
      ]),
    ]);
    expect(run('SecondMealBreak', two)).toEqual([]);
    expect(
      run('SecondMealBreak', employee([work(dayOf(3), '08:00', '18:30', [['12:00', '12:30']])])),
    ).toEqual([]);
  });

  it('MealBreakTooEarlyOrLate: first break under an hour in, or after the fifth hour of work', () => {
    const early = run(
      'MealBreakTooEarlyOrLate',
      employee([work(dayOf(0), '09:00', '16:00', [['09:45', '10:15']])]),
    );
    expect(early).toHaveLength(1);
    expect(early[0].Detail).toContain('too early');
    const late = run(
      'MealBreakTooEarlyOrLate',
      employee([work(dayOf(0), '09:00', '17:00', [['14:01', '14:31']])]),
    );
    expect(late).toHaveLength(1);
    expect(late[0].Detail).toBe('The first break started at 14:01, after 5:01 of work (too late).');
    expect(
      run('MealBreakTooEarlyOrLate', employee([work(dayOf(0), '09:00', '17:00', [['14:00', '14:30']])])),
    ).toEqual([]);
    expect(
      run('MealBreakTooEarlyOrLate', employee([work(dayOf(0), '09:00', '17:00', [['10:00', '10:30']])])),
    ).toEqual([]);
  });

  it('NoWorkHoursWithMealBreak: a break on an open entry or covering the whole entry', () => {
    const open = run(
      'NoWorkHoursWithMealBreak',
      employee([work(dayOf(4), '09:00', null, [['12:00', '12:30']])]),
    );
    expect(open).toHaveLength(1);
    expect(open[0].TimeEntryIDs).toHaveLength(2);
    expect(
      run('NoWorkHoursWithMealBreak', employee([work(dayOf(4), '09:00', '09:30', [['09:00', '09:30']])])),
    ).toHaveLength(1);
    expect(
      run('NoWorkHoursWithMealBreak', employee([work(dayOf(4), '09:00', '10:00', [['09:00', '09:30']])])),
    ).toEqual([]);
  });

  it('FirstMealBreakReport lists every worked day, with or without a break', () => {
    const rows = run(
      'FirstMealBreakReport',
      employee([work(dayOf(0), '09:00', '17:00', [['12:00', '12:30']]), work(dayOf(1), '09:00', '12:00')]),
    );
    expect(rows.map((r) => [r.Day, r.Flagged])).toEqual([
      [dayOf(0), false],
      [dayOf(1), false],
    ]);
    expect(rows[0].Detail).toBe(
      'First break from 12:00 to 12:30 (30 minutes), 3:00 after work started; worked 7:30.',
    );
    expect(rows[1].Detail).toBe('No break; worked 3:00.');
    expect(run('FirstMealBreakReport', employee([]))).toEqual([]);
  });
});

describe('shifts within a day', () => {
  it('SplitPay: a gap of more than 60 minutes between two entries', () => {
    const hit = run(
      'SplitPay',
      employee([work(dayOf(2), '08:00', '11:00'), work(dayOf(2), '12:01', '16:00')]),
    );
    expect(hit).toHaveLength(1);
    expect(hit[0].Detail).toBe('Work stopped at 11:00 and started again at 12:01 (1:01 between).');
    expect(hit[0].TimeEntryIDs).toHaveLength(2);
    expect(
      run('SplitPay', employee([work(dayOf(2), '08:00', '11:00'), work(dayOf(2), '12:00', '16:00')])),
    ).toEqual([]);
  });

  it('RecordedTimeLapseBelow5Min: a gap of more than 0 and under 5 minutes', () => {
    expect(
      run(
        'RecordedTimeLapseBelow5Min',
        employee([work(dayOf(2), '08:00', '11:00'), work(dayOf(2), '11:04', '16:00')]),
      ),
    ).toHaveLength(1);
    expect(
      run(
        'RecordedTimeLapseBelow5Min',
        employee([work(dayOf(2), '08:00', '11:00'), work(dayOf(2), '11:05', '16:00')]),
      ),
    ).toEqual([]);
    expect(
      run(
        'RecordedTimeLapseBelow5Min',
        employee([work(dayOf(2), '08:00', '11:00'), work(dayOf(2), '11:00', '16:00')]),
      ),
    ).toEqual([]);
  });

  it('RecordedTimeSecondShiftBelow2Hour: a later entry of the day under 2 hours', () => {
    const hit = run(
      'RecordedTimeSecondShiftBelow2Hour',
      employee([work(dayOf(5), '08:00', '12:00'), work(dayOf(5), '15:00', '16:59')]),
    );
    expect(hit).toHaveLength(1);
    expect(hit[0].Hours).toBe(1.98);
    expect(
      run(
        'RecordedTimeSecondShiftBelow2Hour',
        employee([work(dayOf(5), '08:00', '12:00'), work(dayOf(5), '15:00', '17:00')]),
      ),
    ).toEqual([]);
    // a short first entry is not a second shift
    expect(run('RecordedTimeSecondShiftBelow2Hour', employee([work(dayOf(5), '08:00', '09:00')]))).toEqual(
      [],
    );
  });

  it('OverlappingTimeEntries: two work entries that overlap, touching ends do not', () => {
    const hit = run(
      'OverlappingTimeEntries',
      employee([work(dayOf(1), '08:00', '12:00'), work(dayOf(1), '11:59', '15:00')]),
    );
    expect(hit).toHaveLength(1);
    expect(hit[0].Detail).toBe('The entry from 11:59 overlaps the entry from 08:00 to 12:00.');
    expect(
      run(
        'OverlappingTimeEntries',
        employee([work(dayOf(1), '08:00', '12:00'), work(dayOf(1), '12:00', '15:00')]),
      ),
    ).toEqual([]);
    // an overnight entry overlapping the next morning's
    expect(
      run(
        'OverlappingTimeEntries',
        employee([work(dayOf(1), '22:00', '06:00'), work(dayOf(2), '05:00', '09:00')]),
      ),
    ).toHaveLength(1);
  });

  it('IncompleteTimeEntries: a work entry or a break with no end', () => {
    const hit = run(
      'IncompleteTimeEntries',
      employee([work(dayOf(0), '09:00', null), work(dayOf(1), '09:00', '17:00', [['12:00', null]])]),
    );
    expect(hit.map((f) => f.Detail)).toEqual([
      'The work entry started at 09:00 has no end time.',
      'The break started at 12:00 has no end time.',
    ]);
    expect(
      run('IncompleteTimeEntries', employee([work(dayOf(1), '09:00', '17:00', [['12:00', '12:30']])])),
    ).toEqual([]);
  });

  it('AllTimeRecordsReport lists every work entry with its breaks', () => {
    const rows = run(
      'AllTimeRecordsReport',
      employee([work(dayOf(0), '09:00', '17:00', [['12:00', '12:30']]), work(dayOf(6), '22:00', '02:00')]),
    );
    expect(rows.map((r) => [r.Detail, r.Hours, r.Flagged])).toEqual([
      ['09:00–17:00, breaks 12:00–12:30.', 7.5, false],
      ['22:00–02:00.', 4, false],
    ]);
    expect(run('AllTimeRecordsReport', employee([work('2026-11-23', '09:00', '10:00')]))).toEqual([]);
  });
});

describe('weeks and runs of days', () => {
  const days = (n: number, from = 0, hours = ['09:00', '17:00'] as const) =>
    Array.from({ length: n }, (_, i) => work(dayOf(from + i), hours[0], hours[1], [['12:00', '12:30']]));

  it('TotalHoursOver60 and TotalHoursOver70: the week’s worked time above the limit', () => {
    // 6 days × 10:30 worked = 63:00
    const sixty = employee(
      Array.from({ length: 6 }, (_, i) => work(dayOf(i), '07:00', '18:00', [['12:00', '12:30']])),
    );
    expect(run('TotalHoursOver60', sixty)).toHaveLength(1);
    expect(run('TotalHoursOver60', sixty)[0]).toMatchObject({ Day: MON, Hours: 63 });
    expect(run('TotalHoursOver70', sixty)).toEqual([]);
    // 7 × 10:30 = 73:30
    const seventy = employee(
      Array.from({ length: 7 }, (_, i) => work(dayOf(i), '07:00', '18:00', [['12:00', '12:30']])),
    );
    expect(run('TotalHoursOver70', seventy)).toHaveLength(1);
    // exactly 60:00 is not more than 60
    const exactly = employee(Array.from({ length: 6 }, (_, i) => work(dayOf(i), '08:00', '18:00')));
    expect(run('TotalHoursOver60', exactly)).toEqual([]);
  });

  it('SeventhDayOfRest: all seven days of a Monday–Sunday week worked', () => {
    expect(run('SeventhDayOfRest', employee(days(7)))).toHaveLength(1);
    expect(run('SeventhDayOfRest', employee(days(6)))).toEqual([]);
    // seven days in a row across two weeks is not this rule's
    expect(run('SeventhDayOfRest', employee(days(7, 3)), { StartDate: MON, EndDate: '2026-11-29' })).toEqual(
      [],
    );
  });

  it('Worked7WorkDaysInRow: seven consecutive worked days, across weeks, reported once', () => {
    const range = { StartDate: MON, EndDate: '2026-11-29' };
    const hit = run('Worked7WorkDaysInRow', employee(days(8, 3)), range);
    expect(hit).toHaveLength(1);
    expect(hit[0].Detail).toBe('Worked 8 days in a row, from 2026-11-19 to 2026-11-26.');
    expect(run('Worked7WorkDaysInRow', employee([...days(3), ...days(4, 4)]), range)).toEqual([]);
  });
});

describe('pay', () => {
  it('HourlyRate: an hourly rate below the minimum wage in force', () => {
    const hit = run('HourlyRate', employee([], [period({ HourlyRateCents: 1719 })]));
    expect(hit).toHaveLength(1);
    expect(hit[0]).toMatchObject({
      PayPeriodID: 40,
      Day: '2026-11-29',
      Amount: 17.19,
      Detail: 'Hourly rate 17.19; minimum wage 17.20.',
    });
    expect(run('HourlyRate', employee([], [period({ HourlyRateCents: 1720 })]))).toEqual([]);
    expect(run('HourlyRate', employee([], [period({ HourlyRateCents: 1000, IsHourly: false })]))).toEqual([]);
  });

  it('HourlyRateActive lists active hourly employees and marks a rate below the minimum', () => {
    const rows = run('HourlyRateActive', employee([], [period({ HourlyRateCents: 1500 })]));
    expect(rows).toHaveLength(1);
    expect(rows[0].Flagged).toBe(true);
    expect(run('HourlyRateActive', employee([], [period()]))[0].Flagged).toBe(false);
    expect(run('HourlyRateActive', employee([], [period()], false))).toEqual([]);
  });

  it('CellAllowance lists; CellAllowance2 flags an allowance without worked time', () => {
    expect(
      run('CellAllowance', employee([], [period({ Inputs: { CellAllowanceCents: 2500 } })]))[0],
    ).toMatchObject({ Amount: 25, Flagged: false });
    expect(run('CellAllowance', employee([], [period()]))).toEqual([]);
    expect(
      run(
        'CellAllowance2',
        employee([], [period({ WorkedMinutes: 0, Inputs: { CellAllowanceCents: 2500 } })]),
      ),
    ).toHaveLength(1);
    expect(
      run(
        'CellAllowance2',
        employee([], [period({ WorkedMinutes: 1, Inputs: { CellAllowanceCents: 2500 } })]),
      ),
    ).toEqual([]);
    expect(run('CellAllowance2', employee([], [period({ WorkedMinutes: 0, Inputs: null })]))).toEqual([]);
  });

  it.each([
    ['Tip', { TipCents: 1234 }, 12.34],
    ['TravelAllowance', { TravelAllowanceCents: 5000 }, 50],
    ['NetPayAddition', { NetPayAdditionCents: 100 }, 1],
    ['NetPayDeduction', { NetPayDeductionCents: 7550 }, 75.5],
    ['Bonus', { BonusCents: 100, VolumeBonusCents: 200 }, 3],
  ] as const)('%s lists the pay periods with an amount', (kind, inputs, amount) => {
    const rows = run(kind, employee([], [period({ Inputs: inputs })]));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Amount: amount, PayPeriodID: 40, TimeEntryIDs: [1, 2] });
    expect(run(kind, employee([], [period()]))).toEqual([]);
  });

  it('AdditionalHoursReport lists extra hours entered on the payroll entry', () => {
    expect(
      run('AdditionalHoursReport', employee([], [period({ Inputs: { ExtraHoursWorked: 2.5 } })]))[0].Hours,
    ).toBe(2.5);
    expect(run('AdditionalHoursReport', employee([], [period()]))).toEqual([]);
  });
});

describe('the catalogue', () => {
  it('has a rule, a name and a description for each of the 26 kinds; pay kinds refuse a manual range', () => {
    expect(COMPLIANCE_KINDS).toHaveLength(26);
    for (const k of COMPLIANCE_KINDS) {
      expect(KIND_INFO[k].Kind).toBe(k);
      expect(KIND_INFO[k].Description.length).toBeGreaterThan(20);
      expect(KIND_INFO[k].AllowsManualDateRange).toBe(KIND_INFO[k].Source === 'time');
    }
  });
});
