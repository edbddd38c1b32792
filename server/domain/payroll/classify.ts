// Classifies worked minutes into regular / overtime / double time / training, in one fixed order so
// no minute is counted twice:
// 1. Days in date order; within a day, work entries by start time, then by TimeEntryID. An entry
//    counts whole on its Date (the office day it started on), overnight or not; its worked minutes
//    are its duration less its closed breaks.
// 2. The 7th consecutive workday of a workweek (every day of the workweek worked), where the rules
//    have it: the day's first SeventhDay.OvertimeUpTo minutes are overtime, the rest double time.
// 3. Otherwise by the minute's position in the day: past DailyDoubleTimeAfter → double time; past
//    DailyOvertimeAfter → overtime; the rest is straight time.
// 4. Straight-time minutes past WeeklyOvertimeAfter straight-time minutes in the workweek → overtime.
// 5. What is still straight time is regular, or training for an IsTraining entry.
// Days before the period in its first workweek are context: classified the same way (they move the
// weekly count and the 7th day) but reported with IsContext and not paid.
import { addDays, isoWeekday, secondsOfTime } from '../time/clock-time';
import { countedMinutes } from '../time/entry-rules';
import type { ClassifiedEntry, Day, JurisdictionRules, PayPeriodInput, TimeEntryInput } from './types';

/** Minutes of one entry put into one class by one rule (for traces). */
export interface Segment {
  TimeEntryID: number;
  Date: Day;
  Class: 'Regular' | 'Overtime' | 'DoubleTime' | 'Training';
  Rule: string;
  Minutes: number;
  IsContext: boolean;
}

export interface DayWork {
  Date: Day;
  /** Worked minutes (breaks taken off). */
  Worked: number;
  /** Work minutes before breaks are taken off. */
  Work: number;
  /** The closed breaks of the day (minutes each). */
  Breaks: number[];
  TimeEntryIDs: number[];
  IsContext: boolean;
}

export interface Classification {
  Entries: ClassifiedEntry[];
  Segments: Segment[];
  Days: DayWork[];
}

const weekStarts = new Map<string, Day>();

/** The first day of the workweek containing `date` (remembered: payrolls ask for the same days often). */
export function workweekStart(date: Day, startsOn: number): Day {
  const key = `${startsOn}${date}`;
  let start = weekStarts.get(key);
  if (start === undefined) {
    start = addDays(date, -((isoWeekday(date) - startsOn + 7) % 7));
    if (weekStarts.size > 20_000) weekStarts.clear();
    weekStarts.set(key, start);
  }
  return start;
}

function partMinutes(e: TimeEntryInput): number {
  if (e.Minutes !== undefined && e.Minutes !== null) return Math.max(0, Math.round(e.Minutes));
  return countedMinutes({ StartTime: e.StartTime, EndTime: e.EndTime });
}

interface WorkPart {
  entry: TimeEntryInput;
  /** Seconds since midnight of the start (-1 without one), for the order within a day. */
  startSec: number;
  work: number;
  worked: number;
  breaks: number[];
}

export function classify(
  entries: readonly TimeEntryInput[],
  period: PayPeriodInput,
  rules: JurisdictionRules,
): Classification {
  const firstDay = workweekStart(period.StartDate, rules.WorkweekStartsOn);
  const works = entries.filter((e) => !e.IsBreak && e.Date >= firstDay && e.Date <= period.EndDate);
  const breaksOf = new Map<number, { total: number; list: number[] }>();
  for (const b of entries) {
    if (!b.IsBreak || b.ParentTimeEntryID === null || b.ParentTimeEntryID === undefined) continue;
    const m = partMinutes(b);
    if (m === 0) continue;
    const cur = breaksOf.get(b.ParentTimeEntryID) ?? { total: 0, list: [] };
    breaksOf.set(b.ParentTimeEntryID, { total: cur.total + m, list: [...cur.list, m] });
  }
  const parts: WorkPart[] = works.map((entry) => {
    const work = partMinutes(entry);
    const br = breaksOf.get(entry.TimeEntryID);
    return {
      entry,
      startSec: entry.StartTime ? secondsOfTime(entry.StartTime) : -1,
      work,
      worked: Math.max(0, work - (br?.total ?? 0)),
      breaks: br?.list ?? [],
    };
  });
  parts.sort((a, b) => {
    if (a.entry.Date !== b.entry.Date) return a.entry.Date < b.entry.Date ? -1 : 1;
    return a.startSec - b.startSec || a.entry.TimeEntryID - b.entry.TimeEntryID;
  });

  const byDay = new Map<Day, WorkPart[]>();
  for (const p of parts) {
    const list = byDay.get(p.entry.Date);
    if (list) list.push(p);
    else byDay.set(p.entry.Date, [p]);
  }

  const out: Classification = { Entries: [], Segments: [], Days: [] };
  let week = '';
  let weeklyStraight = 0;
  /** Workweek offsets (0 = its first day) of the days worked so far in the week. */
  let workedDays = new Set<number>();

  for (const [date, dayParts] of byDay) {
    const ws = workweekStart(date, rules.WorkweekStartsOn);
    if (ws !== week) {
      week = ws;
      weeklyStraight = 0;
      workedDays = new Set();
    }
    const isContext = date < period.StartDate;
    const dayWorked = dayParts.reduce((s, p) => s + p.worked, 0);
    const offset = (isoWeekday(date) - rules.WorkweekStartsOn + 7) % 7;
    // Days come in date order, so six distinct earlier offsets are exactly offsets 0 to 5.
    const isSeventh = rules.SeventhDay !== null && offset === 6 && dayWorked > 0 && workedDays.size === 6;
    if (dayWorked > 0) workedDays.add(offset);
    out.Days.push({
      Date: date,
      Worked: dayWorked,
      Work: dayParts.reduce((s, p) => s + p.work, 0),
      Breaks: dayParts.flatMap((p) => p.breaks),
      TimeEntryIDs: dayParts.map((p) => p.entry.TimeEntryID),
      IsContext: isContext,
    });

    let position = 0;
    for (const part of dayParts) {
      const e = part.entry;
      const c: ClassifiedEntry = {
        TimeEntryID: e.TimeEntryID,
        Date: date,
        IsContext: isContext,
        Regular: 0,
        Overtime: 0,
        DoubleTime: 0,
        Training: 0,
        Rules: [],
      };
      const add = (cls: Segment['Class'], rule: string, minutes: number) => {
        if (minutes <= 0) return;
        c[cls] += minutes;
        if (cls === 'Overtime' || cls === 'DoubleTime') {
          if (!c.Rules.includes(rule)) c.Rules.push(rule);
        }
        out.Segments.push({
          TimeEntryID: e.TimeEntryID,
          Date: date,
          Class: cls,
          Rule: rule,
          Minutes: minutes,
          IsContext: isContext,
        });
      };
      const from = position;
      const to = position + part.worked;
      position = to;
      if (isSeventh && rules.SeventhDay) {
        const cut = rules.SeventhDay.OvertimeUpTo;
        add('Overtime', 'seventh-day-overtime', overlap(from, to, 0, cut));
        add('DoubleTime', 'seventh-day-double-time', overlap(from, to, cut, Infinity));
      } else {
        const otAt = rules.DailyOvertimeAfter ?? Infinity;
        const dtAt = rules.DailyDoubleTimeAfter ?? Infinity;
        const straight = overlap(from, to, 0, Math.min(otAt, dtAt));
        add('Overtime', 'daily-overtime', overlap(from, to, otAt, dtAt));
        add('DoubleTime', 'daily-double-time', overlap(from, to, dtAt, Infinity));
        const weeklyAt = rules.WeeklyOvertimeAfter ?? Infinity;
        const weeklyOt = overlap(weeklyStraight, weeklyStraight + straight, weeklyAt, Infinity);
        weeklyStraight += straight;
        add(
          e.IsTraining ? 'Training' : 'Regular',
          e.IsTraining ? 'training' : 'regular',
          straight - weeklyOt,
        );
        add('Overtime', 'weekly-overtime', weeklyOt);
      }
      out.Entries.push(c);
    }
  }
  return out;
}

function overlap(from: number, to: number, lo: number, hi: number): number {
  return Math.max(0, Math.min(to, hi) - Math.max(from, lo));
}
