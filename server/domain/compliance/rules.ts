// The compliance rules, pure: one function per kind over one employee's time and pay in a range
// (see ./kinds.ts for what each checks, as the user reads it). No I/O, no clock, no time zone: the
// caller places each entry on its office day and on a wall-clock timeline (seconds, as
// server/domain/time/entry-rules.ts does), and gives the pay figures of the pay periods. The inputs
// and findings are in ./model.ts; the rules by subject in ./pay-rules.ts, ./meal-rules.ts,
// ./shift-rules.ts, ./week-rules.ts and ./record-rules.ts.
import { type ComplianceKind, LIMITS } from './kinds';
import { firstMeal, mealBelow30, mealTiming, noMealBreak, secondMeal } from './meal-rules';
import { daysOf, type EmployeeIn, type Finding, type Range, type Rule } from './model';
import { PAY_RULES } from './pay-rules';
import { allRecords, incomplete, noWorkWithBreak, overlapping } from './record-rules';
import { lapseBelow5, secondShiftBelow2h, splitPay } from './shift-rules';
import { daysInRow, overHours, seventhDay } from './week-rules';

export const RULES: Record<ComplianceKind, Rule> = {
  ...PAY_RULES,
  SplitPay: splitPay,
  NoMealBreak: noMealBreak,
  MealBreakBelow30Min: mealBelow30,
  SecondMealBreak: secondMeal,
  RecordedTimeSecondShiftBelow2Hour: secondShiftBelow2h,
  MealBreakTooEarlyOrLate: mealTiming,
  SeventhDayOfRest: seventhDay,
  RecordedTimeLapseBelow5Min: lapseBelow5,
  TotalHoursOver60: overHours('TotalHoursOver60', LIMITS.over60),
  TotalHoursOver70: overHours('TotalHoursOver70', LIMITS.over70),
  Worked7WorkDaysInRow: daysInRow,
  NoWorkHoursWithMealBreak: noWorkWithBreak,
  OverlappingTimeEntries: overlapping,
  IncompleteTimeEntries: incomplete,
  FirstMealBreakReport: firstMeal,
  AllTimeRecordsReport: allRecords,
};

/** The findings of some kinds for one employee, kind by kind in the order asked. */
export function evaluate(e: EmployeeIn, kinds: readonly ComplianceKind[], range: Range): Finding[] {
  const days = daysOf(e);
  return kinds.flatMap((k) => RULES[k](e, range, days));
}
