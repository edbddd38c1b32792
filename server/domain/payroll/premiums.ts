// Meal period premium and the minimum wage advance.
import type { DayWork } from './classify';
import { roundDiv } from './money';
import { hoursText, moneyText, trace } from './trace';
import type {
  Cents,
  Day,
  JurisdictionRules,
  LateAdjustmentInput,
  LineTrace,
  MinimumWagePeriod,
} from './types';

/** The minimum wage in force on a day (the latest-starting period covering it), or null. */
export function minimumWageOn(day: Day, wages: readonly MinimumWagePeriod[]): Cents | null {
  let best: MinimumWagePeriod | null = null;
  for (const w of wages) {
    if (w.StartDate > day || (w.EndDate !== null && w.EndDate < day)) continue;
    if (!best || w.StartDate > best.StartDate) best = w;
  }
  return best ? best.MinimumWage : null;
}

/**
 * Days of the period short of meal breaks: more than MealBreak.AfterWorkMinutes of work needs one
 * closed break of at least MealBreak.MinimumBreakMinutes, more than SecondAfterWorkMinutes two. One
 * premium hour for each such day.
 */
export function missedMealDays(
  days: readonly DayWork[],
  rules: JurisdictionRules,
): { minutes: number; traces: LineTrace[] } {
  const rule = rules.MealBreak;
  if (!rule) return { minutes: 0, traces: [] };
  const traces: LineTrace[] = [];
  for (const d of days) {
    if (d.IsContext) continue;
    const needed =
      rule.SecondAfterWorkMinutes !== null && d.Work > rule.SecondAfterWorkMinutes
        ? 2
        : d.Work > rule.AfterWorkMinutes
          ? 1
          : 0;
    const taken = d.Breaks.filter((b) => b >= rule.MinimumBreakMinutes).length;
    if (taken >= needed) continue;
    const what =
      needed === 2 && taken === 1
        ? `a second ${rule.MinimumBreakMinutes}-minute meal break`
        : `a ${rule.MinimumBreakMinutes}-minute meal break`;
    traces.push(
      trace(
        'missed-meal-break',
        `${d.Date}: ${hoursText(d.Work)} of work without ${what} (${rules.Name}): 1 h premium`,
        { TimeEntryIDs: d.TimeEntryIDs },
      ),
    );
  }
  return { minutes: traces.length * 60, traces };
}

/**
 * What the minimum wage requires for the hours: each period day's worked minutes (and each late
 * adjustment's minutes) at the minimum wage in force that day, summed then rounded half-up once.
 * Days without a known minimum wage require nothing.
 */
export function minimumWageRequired(
  days: readonly DayWork[],
  late: readonly LateAdjustmentInput[],
  wages: readonly MinimumWagePeriod[],
): { required: Cents; traces: LineTrace[]; ids: number[] } {
  let sum = 0;
  const byWage = new Map<number, { minutes: number; ids: number[] }>();
  const note = (wage: number, minutes: number, ids: number[]) => {
    sum += Math.round(wage * 1000) * minutes;
    const g = byWage.get(wage) ?? { minutes: 0, ids: [] };
    g.minutes += minutes;
    g.ids.push(...ids);
    byWage.set(wage, g);
  };
  for (const d of days) {
    if (d.IsContext || d.Worked === 0) continue;
    const w = minimumWageOn(d.Date, wages);
    if (w !== null) note(w, d.Worked, d.TimeEntryIDs);
  }
  const lateIds: number[] = [];
  for (const l of late) {
    const w = minimumWageOn(l.EntryDate, wages);
    if (w === null || l.Minutes === 0) continue;
    note(w, l.Minutes, l.TimeEntryID ? [l.TimeEntryID] : []);
    lateIds.push(l.LateAdjustmentID);
  }
  const traces = [...byWage.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([wage, g]) =>
      trace('minimum-wage', `${hoursText(g.minutes)} at the minimum wage of ${moneyText(wage)}/h`, {
        TimeEntryIDs: g.ids,
      }),
    );
  if (lateIds.length && traces.length) traces[traces.length - 1].LateAdjustmentIDs = lateIds;
  return { required: roundDiv(sum, 60_000), traces, ids: lateIds };
}
