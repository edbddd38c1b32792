// Time lines: Regular, Training Pay, Overtime, Double Time, Extra Hours Worked, with the traces of
// the classification (classify.ts) grouped by rule and day.
import type { Segment } from './classify';
import { workweekStart } from './classify';
import { amountForMinutes, hoursOfMinutes } from './money';
import { hoursText, trace } from './trace';
import type {
  Cents,
  EarningsLine,
  JurisdictionRules,
  LateAdjustmentInput,
  LineKind,
  LineTrace,
} from './types';

export function timeLine(
  Kind: LineKind,
  Rate: Cents,
  Minutes: number,
  Trace: LineTrace[],
  Caption: string = Kind,
): EarningsLine {
  return {
    Kind,
    Caption,
    Rate,
    Units: hoursOfMinutes(Minutes),
    Minutes,
    Amount: amountForMinutes(Rate, Minutes),
    IsDetail: false,
    SortIndex: 0,
    Trace,
  };
}

function ruleText(rule: string, minutes: number, date: string, rules: JurisdictionRules): string {
  const h = hoursText(minutes);
  const where = `(${rules.Name})`;
  switch (rule) {
    case 'regular':
      return `${h} regular on ${date}`;
    case 'training':
      return `${h} training on ${date}`;
    case 'daily-overtime':
      return `${h} over ${hoursText(rules.DailyOvertimeAfter ?? 0)} a day on ${date} ${where}`;
    case 'daily-double-time':
      return `${h} over ${hoursText(rules.DailyDoubleTimeAfter ?? 0)} a day on ${date} ${where}`;
    case 'weekly-overtime':
      return `${h} over ${hoursText(rules.WeeklyOvertimeAfter ?? 0)} in the week of ${workweekStart(date, rules.WorkweekStartsOn)}, on ${date} ${where}`;
    case 'seventh-day-overtime':
      return `${h} within the first ${hoursText(rules.SeventhDay?.OvertimeUpTo ?? 0)} of the 7th consecutive workday, ${date} ${where}`;
    case 'seventh-day-double-time':
      return `${h} beyond ${hoursText(rules.SeventhDay?.OvertimeUpTo ?? 0)} on the 7th consecutive workday, ${date} ${where}`;
    default:
      return `${h} on ${date}`;
  }
}

/** One trace per (rule, day) of the paid segments of a class, in day order. */
export function segmentTraces(
  segments: readonly Segment[],
  cls: Segment['Class'],
  rules: JurisdictionRules,
): LineTrace[] {
  const groups = new Map<string, { rule: string; date: string; minutes: number; ids: number[] }>();
  for (const s of segments) {
    if (s.Class !== cls || s.IsContext) continue;
    const key = `${s.Date}|${s.Rule}`;
    let g = groups.get(key);
    if (!g) {
      g = { rule: s.Rule, date: s.Date, minutes: 0, ids: [] };
      groups.set(key, g);
    }
    g.minutes += s.Minutes;
    if (!g.ids.includes(s.TimeEntryID)) g.ids.push(s.TimeEntryID);
  }
  return [...groups.values()]
    .sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0,
    )
    .map((g) => trace(g.rule, ruleText(g.rule, g.minutes, g.date, rules), { TimeEntryIDs: g.ids }));
}

export function lateTraces(late: readonly LateAdjustmentInput[]): LineTrace[] {
  return late
    .filter((l) => l.Minutes !== 0)
    .map((l) =>
      trace(
        'late-adjustment',
        `${l.Minutes > 0 ? '+' : '-'}${hoursText(Math.abs(l.Minutes))} late adjustment for ${l.EntryDate}, paid at the regular rate`,
        { TimeEntryIDs: l.TimeEntryID ? [l.TimeEntryID] : [], LateAdjustmentIDs: [l.LateAdjustmentID] },
      ),
    );
}
