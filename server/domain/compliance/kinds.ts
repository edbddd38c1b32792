// The compliance report kinds (spec 002 §9 "Compliance report kinds") and what each one checks. The
// spec names the kinds but not their rules; the rules below are this product's, stated to the user
// word for word in each kind's Description (GET v1/report-jobs/descriptions/compliance), and each is
// one pure function in ./rules.ts with golden tests in tests/unit/server/compliance.
//
// Two sources:
// - 'time': from the time entries of the range (work entries with their breaks, on the day they
//   count in their office's time zone). These allow a manual date range.
// - 'payroll': from the pay periods overlapping the range (hourly rate, minimum wage in force, and
//   the payroll entry's inputs). These run on a pay period or a week, never on a manual range,
//   because their figures exist only per pay period.

import { COMPLIANCE_KINDS, type ComplianceKind } from '../../../src/contract/report-jobs';

export { COMPLIANCE_KINDS, type ComplianceKind };

/** Thresholds of the rules, in minutes unless named otherwise. */
export const LIMITS = {
  /** A meal break is due when a day's worked time is more than this. */
  mealDueAfter: 5 * 60,
  /** The shortest meal break. */
  mealMinimum: 30,
  /** A second meal break is due when a day's worked time is more than this. */
  secondMealDueAfter: 10 * 60,
  /** The first meal break may not start before this long into the day's work… */
  mealEarliest: 60,
  /** …nor after the end of the fifth hour of work. */
  mealLatest: 5 * 60,
  /** A gap between two work entries of a day longer than this makes a split shift. */
  splitGap: 60,
  /** A second (or later) work entry of a day shorter than this. */
  secondShiftMinimum: 2 * 60,
  /** A gap between two work entries of a day shorter than this (and not zero). */
  lapseBelow: 5,
  over60: 60 * 60,
  over70: 70 * 60,
  daysInRow: 7,
} as const;

export type KindGroup = 'MealBreaks' | 'HoursAndDays' | 'Records' | 'Pay';
export type KindSource = 'time' | 'payroll';

export interface KindInfo {
  Kind: ComplianceKind;
  Name: string;
  Group: KindGroup;
  Source: KindSource;
  /** True: a row is a problem to fix. False: a listing (every row is information). */
  IsFlag: boolean;
  AllowsManualDateRange: boolean;
  Description: string;
}

const time = (
  Kind: ComplianceKind,
  Name: string,
  Group: KindGroup,
  IsFlag: boolean,
  Description: string,
): KindInfo => ({ Kind, Name, Group, Source: 'time', IsFlag, AllowsManualDateRange: true, Description });
const pay = (Kind: ComplianceKind, Name: string, IsFlag: boolean, Description: string): KindInfo => ({
  Kind,
  Name,
  Group: 'Pay',
  Source: 'payroll',
  IsFlag,
  AllowsManualDateRange: false,
  Description,
});

const WORKED =
  "Worked time is a work entry's time less its breaks; a day is the day the work entry starts in its office's time zone.";

export const KIND_INFO: Record<ComplianceKind, KindInfo> = {
  HourlyRate: pay(
    'HourlyRate',
    'Hourly rate below minimum wage',
    true,
    'Each pay period of an hourly employee whose hourly rate is below the minimum wage in force for the office’s province or state on the last day of the period.',
  ),
  HourlyRateActive: pay(
    'HourlyRateActive',
    'Hourly rates of active employees',
    false,
    'Every active hourly employee with a pay period in the range: hourly rate and the minimum wage in force on the last day of the period; a rate below it is marked.',
  ),
  CellAllowance: pay(
    'CellAllowance',
    'Cell allowances',
    false,
    'Each pay period with a cell allowance on its payroll entry, with the amount and the hours worked.',
  ),
  CellAllowance2: pay(
    'CellAllowance2',
    'Cell allowance without worked time',
    true,
    'Each pay period with a cell allowance on its payroll entry but no worked time recorded in the period.',
  ),
  Tip: pay(
    'Tip',
    'Tips',
    false,
    'Each pay period with tips on its payroll entry, with the amount and the hours worked.',
  ),
  TravelAllowance: pay(
    'TravelAllowance',
    'Travel allowances',
    false,
    'Each pay period with a travel allowance on its payroll entry, with the amount and the hours worked.',
  ),
  SplitPay: time(
    'SplitPay',
    'Split shift',
    'HoursAndDays',
    true,
    `Each day with two work entries separated by more than 60 minutes (a split shift, which may be owed split-shift pay). ${WORKED}`,
  ),
  NoMealBreak: time(
    'NoMealBreak',
    'No meal break',
    'MealBreaks',
    true,
    `Each day with more than 5 hours worked and no break recorded. ${WORKED}`,
  ),
  MealBreakBelow30Min: time(
    'MealBreakBelow30Min',
    'Meal break under 30 minutes',
    'MealBreaks',
    true,
    `Each day with more than 5 hours worked whose breaks are all shorter than 30 minutes. ${WORKED}`,
  ),
  SecondMealBreak: time(
    'SecondMealBreak',
    'Missing second meal break',
    'MealBreaks',
    true,
    `Each day with more than 10 hours worked and fewer than two breaks of at least 30 minutes. ${WORKED}`,
  ),
  RecordedTimeSecondShiftBelow2Hour: time(
    'RecordedTimeSecondShiftBelow2Hour',
    'Second shift under 2 hours',
    'HoursAndDays',
    true,
    `Each work entry after the first one of its day that lasts less than 2 hours (reporting-time pay may be owed). ${WORKED}`,
  ),
  MealBreakTooEarlyOrLate: time(
    'MealBreakTooEarlyOrLate',
    'Meal break too early or too late',
    'MealBreaks',
    true,
    `Each day with more than 5 hours worked whose first break starts less than 1 hour after the day’s first work entry starts, or later than the end of the fifth hour of work. ${WORKED}`,
  ),
  SeventhDayOfRest: time(
    'SeventhDayOfRest',
    'No day of rest in the week',
    'HoursAndDays',
    true,
    'Each workweek (Monday to Sunday) in which the employee worked on all seven days.',
  ),
  Bonus: pay(
    'Bonus',
    'Bonuses',
    false,
    'Each pay period with a bonus on its payroll entry (bonus, commission bonus and volume bonus), with the amounts.',
  ),
  RecordedTimeLapseBelow5Min: time(
    'RecordedTimeLapseBelow5Min',
    'Time lapse under 5 minutes',
    'Records',
    true,
    'Each pair of consecutive work entries of a day with a gap of more than 0 and less than 5 minutes between the end of one and the start of the next (a break clocked as a new entry).',
  ),
  TotalHoursOver60: time(
    'TotalHoursOver60',
    'More than 60 hours in a week',
    'HoursAndDays',
    true,
    `Each workweek (Monday to Sunday) with more than 60 hours worked. ${WORKED}`,
  ),
  TotalHoursOver70: time(
    'TotalHoursOver70',
    'More than 70 hours in a week',
    'HoursAndDays',
    true,
    `Each workweek (Monday to Sunday) with more than 70 hours worked. ${WORKED}`,
  ),
  Worked7WorkDaysInRow: time(
    'Worked7WorkDaysInRow',
    'Seven or more days in a row',
    'HoursAndDays',
    true,
    'Each run of seven or more consecutive days with worked time, across weeks; the run is reported once, ending on its last day.',
  ),
  NoWorkHoursWithMealBreak: time(
    'NoWorkHoursWithMealBreak',
    'Break without worked time',
    'MealBreaks',
    true,
    'Each work entry with a break whose worked time is zero: the entry is still open, or its breaks cover all of it.',
  ),
  OverlappingTimeEntries: time(
    'OverlappingTimeEntries',
    'Overlapping time entries',
    'Records',
    true,
    'Each pair of work entries of the same employee that overlap in time (at any office; touching ends do not overlap).',
  ),
  NetPayAddition: pay(
    'NetPayAddition',
    'Net pay additions',
    false,
    'Each pay period with a net pay addition on its payroll entry, with the amount.',
  ),
  NetPayDeduction: pay(
    'NetPayDeduction',
    'Net pay deductions',
    false,
    'Each pay period with a net pay deduction on its payroll entry, with the amount.',
  ),
  IncompleteTimeEntries: time(
    'IncompleteTimeEntries',
    'Incomplete time entries',
    'Records',
    true,
    'Each work entry or break with a start time and no end time.',
  ),
  FirstMealBreakReport: time(
    'FirstMealBreakReport',
    'First meal break of each day',
    'MealBreaks',
    false,
    `Each day with worked time: when the first break started, how long it lasted and how long after the day’s first work entry started; a day without a break is listed with none. ${WORKED}`,
  ),
  AllTimeRecordsReport: time(
    'AllTimeRecordsReport',
    'All time records',
    'Records',
    false,
    'Every work entry of the range with its breaks, start, end and worked time.',
  ),
  AdditionalHoursReport: pay(
    'AdditionalHoursReport',
    'Additional hours',
    false,
    'Each pay period with additional hours (extra hours worked) entered on its payroll entry, with the hours.',
  ),
};

export function kindInfo(kind: ComplianceKind): KindInfo {
  return KIND_INFO[kind];
}
