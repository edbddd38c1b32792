// The compliance rules about meal breaks of a day: none, shorter than 30 minutes, no second one on
// a long day, the first one too early or too late, and the listing of each day's first break.
import { formatHm } from '../time/clock-time';
import { LIMITS } from './kinds';
import { type Finding, finding, hm, hours, MIN, type Rule, rangeDays, workedBefore } from './model';

export const mealLength = (b: { start: number; end: number }) => (b.end - b.start) / MIN;

export const noMealBreak: Rule = (e, range, days) =>
  rangeDays(days, range)
    .filter((d) => d.workedMinutes > LIMITS.mealDueAfter && d.breaks.length === 0)
    .map((d) =>
      finding('NoMealBreak', e, d, `Worked ${hm(d.workedMinutes)} with no break.`, {
        Hours: hours(d.workedMinutes),
        TimeEntryIDs: d.ids,
      }),
    );

export const mealBelow30: Rule = (e, range, days) =>
  rangeDays(days, range)
    .filter(
      (d) =>
        d.workedMinutes > LIMITS.mealDueAfter &&
        d.breaks.length > 0 &&
        d.breaks.every((b) => mealLength(b) < LIMITS.mealMinimum),
    )
    .map((d) => {
      const longest = Math.max(...d.breaks.map(mealLength));
      return finding(
        'MealBreakBelow30Min',
        e,
        d,
        `Worked ${hm(d.workedMinutes)}; the longest break lasted ${Math.floor(longest)} minutes.`,
        { Hours: hours(d.workedMinutes), TimeEntryIDs: d.ids },
      );
    });

export const secondMeal: Rule = (e, range, days) =>
  rangeDays(days, range)
    .filter(
      (d) =>
        d.workedMinutes > LIMITS.secondMealDueAfter &&
        d.breaks.filter((b) => mealLength(b) >= LIMITS.mealMinimum).length < 2,
    )
    .map((d) => {
      const n = d.breaks.filter((b) => mealLength(b) >= LIMITS.mealMinimum).length;
      return finding(
        'SecondMealBreak',
        e,
        d,
        `Worked ${hm(d.workedMinutes)} with ${n} break${n === 1 ? '' : 's'} of 30 minutes or more.`,
        { Hours: hours(d.workedMinutes), TimeEntryIDs: d.ids },
      );
    });

export const mealTiming: Rule = (e, range, days) => {
  const out: Finding[] = [];
  for (const d of rangeDays(days, range)) {
    if (d.workedMinutes <= LIMITS.mealDueAfter || d.breaks.length === 0) continue;
    const first = d.breaks[0];
    const firstStart = d.shifts[0].start;
    const sinceStart = (first.start - firstStart) / MIN;
    const workedUntil = workedBefore(d.shifts, first.start) / MIN;
    if (sinceStart < LIMITS.mealEarliest)
      out.push(
        finding(
          'MealBreakTooEarlyOrLate',
          e,
          d,
          `The first break started at ${formatHm(first.start)}, ${Math.floor(sinceStart)} minutes after work started (too early).`,
          { Hours: hours(d.workedMinutes), TimeEntryIDs: d.ids },
        ),
      );
    else if (workedUntil > LIMITS.mealLatest)
      out.push(
        finding(
          'MealBreakTooEarlyOrLate',
          e,
          d,
          `The first break started at ${formatHm(first.start)}, after ${hm(workedUntil)} of work (too late).`,
          { Hours: hours(d.workedMinutes), TimeEntryIDs: d.ids },
        ),
      );
  }
  return out;
};

export const firstMeal: Rule = (e, range, days) =>
  rangeDays(days, range)
    .filter((d) => d.workedMinutes > 0)
    .map((d) => {
      const b = d.breaks[0];
      if (!b)
        return finding('FirstMealBreakReport', e, d, `No break; worked ${hm(d.workedMinutes)}.`, {
          Hours: hours(d.workedMinutes),
          TimeEntryIDs: d.ids,
        });
      const after = (b.start - d.shifts[0].start) / MIN;
      return finding(
        'FirstMealBreakReport',
        e,
        d,
        `First break from ${formatHm(b.start)} to ${formatHm(b.end)} (${Math.floor(mealLength(b))} minutes), ${hm(after)} after work started; worked ${hm(d.workedMinutes)}.`,
        { Hours: hours(d.workedMinutes), TimeEntryIDs: d.ids },
      );
    });
