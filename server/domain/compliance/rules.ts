// The compliance rules, pure: one function per kind over one employee's time and pay in a range
// (see ./kinds.ts for what each checks, as the user reads it). No I/O, no clock, no time zone: the
// caller places each entry on its office day and on a wall-clock timeline (seconds, as
// server/domain/time/entry-rules.ts does), and gives the pay figures of the pay periods.
import { addDays, dayNumber, formatHm } from '../time/clock-time';
import { spansOverlap } from '../time/entry-rules';
import { weekOf } from '../time/week';
import { type ComplianceKind, KIND_INFO, LIMITS } from './kinds';

export interface BreakIn {
  Id: number;
  /** Seconds on the timeline. */
  start: number;
  /** null: still open. */
  end: number | null;
}

export interface ShiftIn {
  /** The work entry's id. */
  Id: number;
  /** The office day it counts on. */
  Day: string;
  IcdOfficeID: number;
  start: number;
  end: number | null;
  breaks: BreakIn[];
}

export interface PayInputs {
  CellAllowanceCents: number;
  TipCents: number;
  TravelAllowanceCents: number;
  BonusCents: number;
  CommissionBonusCents: number;
  VolumeBonusCents: number;
  NetPayAdditionCents: number;
  NetPayDeductionCents: number;
  ExtraHoursWorked: number;
}

export interface PeriodIn {
  PayPeriodID: number;
  IcdOfficeID: number;
  StartDate: string;
  EndDate: string;
  IsHourly: boolean;
  HourlyRateCents: number | null;
  MinimumWageCents: number | null;
  /** Worked minutes recorded in the period. */
  WorkedMinutes: number;
  /** The work entries of the period. */
  TimeEntryIDs: number[];
  /** The payroll entry's inputs; null when the period has no payroll entry yet. */
  Inputs: PayInputs | null;
}

export interface EmployeeIn {
  EmployeeID: number;
  IsActive: boolean;
  /** Work entries with their breaks; may reach 6 days either side of the range (weekly rules). */
  shifts: ShiftIn[];
  periods: PeriodIn[];
}

export interface Range {
  StartDate: string;
  EndDate: string;
}

export interface Finding {
  Kind: ComplianceKind;
  EmployeeID: number;
  IcdOfficeID: number | null;
  /** The day (a week: its Monday; a pay period: its last day). */
  Day: string;
  PayPeriodID: number | null;
  /** What was found, in words. */
  Detail: string;
  /** Hours the row is about (worked, break…), when there are. */
  Hours: number | null;
  /** Money the row is about (currency units), when there is. */
  Amount: number | null;
  /** True: a problem to fix (false: a row of a listing). */
  Flagged: boolean;
  TimeEntryIDs: number[];
}

const MIN = 60;
const inRange = (day: string, r: Range) => r.StartDate <= day && day <= r.EndDate;
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const money = (cents: number) => Math.round(cents) / 100;
/** 'H:MM' of a number of minutes. */
export function hm(minutes: number): string {
  const m = Math.round(minutes);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

function closedBreaks(s: ShiftIn): { start: number; end: number; Id: number }[] {
  return s.breaks.filter((b): b is BreakIn & { end: number } => b.end !== null);
}

/** Worked seconds of a shift: its time less its closed breaks (clipped to it); 0 while open. */
export function workedSeconds(s: ShiftIn): number {
  if (s.end === null) return 0;
  let total = s.end - s.start;
  for (const b of closedBreaks(s)) total -= Math.max(0, Math.min(b.end, s.end) - Math.max(b.start, s.start));
  return Math.max(0, total);
}

/** Worked seconds of a day's shifts before an instant. */
function workedBefore(shifts: readonly ShiftIn[], t: number): number {
  let total = 0;
  for (const s of shifts) {
    if (s.end === null || s.start >= t) continue;
    const end = Math.min(s.end, t);
    total += end - s.start;
    for (const b of closedBreaks(s)) total -= Math.max(0, Math.min(b.end, end) - Math.max(b.start, s.start));
  }
  return Math.max(0, total);
}

export interface DayView {
  Day: string;
  IcdOfficeID: number;
  shifts: ShiftIn[];
  /** Closed breaks of the day, by start. */
  breaks: { Id: number; start: number; end: number }[];
  workedMinutes: number;
  ids: number[];
}

/** The employee's shifts grouped by office day, each day's shifts by start. */
export function daysOf(e: EmployeeIn): Map<string, DayView> {
  const out = new Map<string, DayView>();
  for (const s of [...e.shifts].sort((a, b) => a.start - b.start)) {
    let d = out.get(s.Day);
    if (!d) {
      d = { Day: s.Day, IcdOfficeID: s.IcdOfficeID, shifts: [], breaks: [], workedMinutes: 0, ids: [] };
      out.set(s.Day, d);
    }
    d.shifts.push(s);
    d.ids.push(s.Id, ...s.breaks.map((b) => b.Id));
    d.breaks.push(...closedBreaks(s));
    d.workedMinutes += workedSeconds(s) / MIN;
  }
  for (const d of out.values()) {
    d.breaks.sort((a, b) => a.start - b.start);
    d.workedMinutes = Math.floor(d.workedMinutes);
  }
  return out;
}

type Rule = (e: EmployeeIn, range: Range, days: Map<string, DayView>) => Finding[];

function finding(
  kind: ComplianceKind,
  e: EmployeeIn,
  at: { Day: string; IcdOfficeID: number | null; PayPeriodID?: number | null },
  detail: string,
  extra: { Hours?: number | null; Amount?: number | null; Flagged?: boolean; TimeEntryIDs?: number[] } = {},
): Finding {
  return {
    Kind: kind,
    EmployeeID: e.EmployeeID,
    IcdOfficeID: at.IcdOfficeID,
    Day: at.Day,
    PayPeriodID: at.PayPeriodID ?? null,
    Detail: detail,
    Hours: extra.Hours ?? null,
    Amount: extra.Amount ?? null,
    Flagged: extra.Flagged ?? KIND_INFO[kind].IsFlag,
    TimeEntryIDs: extra.TimeEntryIDs ?? [],
  };
}

/** Days of the range, in order. */
function rangeDays(days: Map<string, DayView>, range: Range): DayView[] {
  return [...days.values()].filter((d) => inRange(d.Day, range)).sort((a, b) => (a.Day < b.Day ? -1 : 1));
}

const mealLength = (b: { start: number; end: number }) => (b.end - b.start) / MIN;

const noMealBreak: Rule = (e, range, days) =>
  rangeDays(days, range)
    .filter((d) => d.workedMinutes > LIMITS.mealDueAfter && d.breaks.length === 0)
    .map((d) =>
      finding('NoMealBreak', e, d, `Worked ${hm(d.workedMinutes)} with no break.`, {
        Hours: hours(d.workedMinutes),
        TimeEntryIDs: d.ids,
      }),
    );

const mealBelow30: Rule = (e, range, days) =>
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

const secondMeal: Rule = (e, range, days) =>
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

const mealTiming: Rule = (e, range, days) => {
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

/** Pairs of consecutive closed work entries of a day with the gap between them, in minutes. */
function gaps(d: DayView): { prev: ShiftIn; next: ShiftIn; gap: number }[] {
  const out: { prev: ShiftIn; next: ShiftIn; gap: number }[] = [];
  for (let i = 1; i < d.shifts.length; i++) {
    const prev = d.shifts[i - 1];
    const next = d.shifts[i];
    if (prev.end === null) continue;
    out.push({ prev, next, gap: (next.start - prev.end) / MIN });
  }
  return out;
}

const splitPay: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    gaps(d)
      .filter((g) => g.gap > LIMITS.splitGap)
      .map((g) =>
        finding(
          'SplitPay',
          e,
          d,
          `Work stopped at ${formatHm(g.prev.end as number)} and started again at ${formatHm(g.next.start)} (${hm(g.gap)} between).`,
          { Hours: hours(g.gap), TimeEntryIDs: [g.prev.Id, g.next.Id] },
        ),
      ),
  );

const lapseBelow5: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    gaps(d)
      .filter((g) => g.gap > 0 && g.gap < LIMITS.lapseBelow)
      .map((g) =>
        finding(
          'RecordedTimeLapseBelow5Min',
          e,
          d,
          `Work stopped at ${formatHm(g.prev.end as number)} and started again at ${formatHm(g.next.start)} (${Math.round(g.gap * 60)} seconds between).`,
          { TimeEntryIDs: [g.prev.Id, g.next.Id] },
        ),
      ),
  );

const secondShiftBelow2h: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts
      .slice(1)
      .filter((s) => s.end !== null && (s.end - s.start) / MIN < LIMITS.secondShiftMinimum)
      .map((s) => {
        const minutes = ((s.end as number) - s.start) / MIN;
        return finding(
          'RecordedTimeSecondShiftBelow2Hour',
          e,
          d,
          `A later entry from ${formatHm(s.start)} to ${formatHm(s.end as number)} lasted ${hm(minutes)}.`,
          { Hours: hours(minutes), TimeEntryIDs: [s.Id] },
        );
      }),
  );

/** Monday of each week that intersects the range. */
function weeksOf(range: Range): string[] {
  const out: string[] = [];
  for (let w = weekOf(range.StartDate).start; w <= range.EndDate; w = addDays(w, 7)) out.push(w);
  return out;
}

function weekDays(days: Map<string, DayView>, monday: string): DayView[] {
  const out: DayView[] = [];
  for (let i = 0; i < 7; i++) {
    const d = days.get(addDays(monday, i));
    if (d) out.push(d);
  }
  return out;
}

function overHours(kind: ComplianceKind, limit: number): Rule {
  return (e, range, days) =>
    weeksOf(range).flatMap((monday) => {
      const week = weekDays(days, monday);
      const worked = week.reduce((s, d) => s + d.workedMinutes, 0);
      if (worked <= limit) return [];
      return [
        finding(
          kind,
          e,
          { Day: monday, IcdOfficeID: week[0]?.IcdOfficeID ?? null },
          `Worked ${hm(worked)} in the week of ${monday}.`,
          { Hours: hours(worked), TimeEntryIDs: week.flatMap((d) => d.ids) },
        ),
      ];
    });
}

const seventhDay: Rule = (e, range, days) =>
  weeksOf(range).flatMap((monday) => {
    const week = weekDays(days, monday).filter((d) => d.workedMinutes > 0);
    if (week.length < 7) return [];
    const worked = week.reduce((s, d) => s + d.workedMinutes, 0);
    return [
      finding(
        'SeventhDayOfRest',
        e,
        { Day: monday, IcdOfficeID: week[0].IcdOfficeID },
        `Worked all seven days of the week of ${monday}.`,
        { Hours: hours(worked), TimeEntryIDs: week.flatMap((d) => d.ids) },
      ),
    ];
  });

const daysInRow: Rule = (e, range, days) => {
  const worked = [...days.values()]
    .filter((d) => d.workedMinutes > 0)
    .sort((a, b) => (a.Day < b.Day ? -1 : 1));
  const out: Finding[] = [];
  let run: DayView[] = [];
  const close = () => {
    const last = run[run.length - 1];
    if (run.length >= LIMITS.daysInRow && last && inRange(last.Day, range))
      out.push(
        finding(
          'Worked7WorkDaysInRow',
          e,
          last,
          `Worked ${run.length} days in a row, from ${run[0].Day} to ${last.Day}.`,
          { TimeEntryIDs: run.flatMap((d) => d.ids) },
        ),
      );
    run = [];
  };
  for (const d of worked) {
    const prev = run[run.length - 1];
    if (prev && dayNumber(d.Day) !== dayNumber(prev.Day) + 1) close();
    run.push(d);
  }
  close();
  return out;
};

const noWorkWithBreak: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts
      .filter((s) => s.breaks.length > 0 && workedSeconds(s) === 0)
      .map((s) =>
        finding(
          'NoWorkHoursWithMealBreak',
          e,
          d,
          s.end === null
            ? `A break is recorded on the entry started at ${formatHm(s.start)}, which has no end time.`
            : `The breaks cover the whole entry from ${formatHm(s.start)} to ${formatHm(s.end)}.`,
          { TimeEntryIDs: [s.Id, ...s.breaks.map((b) => b.Id)] },
        ),
      ),
  );

const overlapping: Rule = (e, range) => {
  const sorted = [...e.shifts].sort((a, b) => a.start - b.start);
  const out: Finding[] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) {
      const a = sorted[i];
      const b = sorted[j];
      // Sorted by start: once b starts after a's end, no later entry overlaps a.
      if (a.end !== null && b.start >= a.end) break;
      if (!spansOverlap(a, b) || !inRange(b.Day, range)) continue;
      out.push(
        finding(
          'OverlappingTimeEntries',
          e,
          b,
          `The entry from ${formatHm(b.start)} overlaps the entry ${a.end === null ? `started at ${formatHm(a.start)} (still open)` : `from ${formatHm(a.start)} to ${formatHm(a.end)}`}${a.Day === b.Day ? '' : ` of ${a.Day}`}.`,
          { TimeEntryIDs: [a.Id, b.Id] },
        ),
      );
    }
  return out;
};

const incomplete: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts.flatMap((s) => {
      const out: Finding[] = [];
      if (s.end === null)
        out.push(
          finding(
            'IncompleteTimeEntries',
            e,
            d,
            `The work entry started at ${formatHm(s.start)} has no end time.`,
            {
              TimeEntryIDs: [s.Id],
            },
          ),
        );
      for (const b of s.breaks)
        if (b.end === null)
          out.push(
            finding(
              'IncompleteTimeEntries',
              e,
              d,
              `The break started at ${formatHm(b.start)} has no end time.`,
              {
                TimeEntryIDs: [s.Id, b.Id],
              },
            ),
          );
      return out;
    }),
  );

const firstMeal: Rule = (e, range, days) =>
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

const allRecords: Rule = (e, range, days) =>
  rangeDays(days, range).flatMap((d) =>
    d.shifts.map((s) => {
      const breaks = s.breaks.map((b) => `${formatHm(b.start)}–${b.end === null ? '…' : formatHm(b.end)}`);
      const minutes = workedSeconds(s) / MIN;
      return finding(
        'AllTimeRecordsReport',
        e,
        d,
        `${formatHm(s.start)}–${s.end === null ? '(open)' : formatHm(s.end)}${breaks.length ? `, breaks ${breaks.join(', ')}` : ''}.`,
        { Hours: hours(minutes), TimeEntryIDs: [s.Id, ...s.breaks.map((b) => b.Id)] },
      );
    }),
  );

function payRule(
  kind: ComplianceKind,
  pick: (
    p: PeriodIn,
    e: EmployeeIn,
  ) => { detail: string; amount?: number; hours?: number; flagged?: boolean } | null,
): Rule {
  return (e) =>
    e.periods.flatMap((p) => {
      const hit = pick(p, e);
      if (!hit) return [];
      return [
        finding(
          kind,
          e,
          { Day: p.EndDate, IcdOfficeID: p.IcdOfficeID, PayPeriodID: p.PayPeriodID },
          hit.detail,
          {
            Amount: hit.amount ?? null,
            Hours: hit.hours ?? null,
            Flagged: hit.flagged,
            TimeEntryIDs: p.TimeEntryIDs,
          },
        ),
      ];
    });
}

const rateBelow = (p: PeriodIn) =>
  p.IsHourly &&
  p.HourlyRateCents !== null &&
  p.MinimumWageCents !== null &&
  p.HourlyRateCents < p.MinimumWageCents;
const rateText = (p: PeriodIn) =>
  `Hourly rate ${p.HourlyRateCents === null ? 'not set' : money(p.HourlyRateCents).toFixed(2)}; minimum wage ${p.MinimumWageCents === null ? 'not set' : money(p.MinimumWageCents).toFixed(2)}.`;

/** An input amount of a payroll entry, when above zero. */
function amountRule(kind: ComplianceKind, label: string, cents: (i: PayInputs) => number): Rule {
  return payRule(kind, (p) => {
    const c = p.Inputs ? cents(p.Inputs) : 0;
    if (c <= 0) return null;
    return {
      detail: `${label} ${money(c).toFixed(2)}; worked ${hm(p.WorkedMinutes)}.`,
      amount: money(c),
      hours: hours(p.WorkedMinutes),
    };
  });
}

export const RULES: Record<ComplianceKind, Rule> = {
  HourlyRate: payRule('HourlyRate', (p) =>
    rateBelow(p) ? { detail: rateText(p), amount: money(p.HourlyRateCents as number) } : null,
  ),
  HourlyRateActive: payRule('HourlyRateActive', (p, e) =>
    e.IsActive && p.IsHourly
      ? {
          detail: rateText(p),
          amount: p.HourlyRateCents === null ? undefined : money(p.HourlyRateCents),
          flagged: rateBelow(p),
        }
      : null,
  ),
  CellAllowance: amountRule('CellAllowance', 'Cell allowance', (i) => i.CellAllowanceCents),
  CellAllowance2: payRule('CellAllowance2', (p) =>
    p.Inputs && p.Inputs.CellAllowanceCents > 0 && p.WorkedMinutes === 0
      ? {
          detail: `Cell allowance ${money(p.Inputs.CellAllowanceCents).toFixed(2)} with no worked time.`,
          amount: money(p.Inputs.CellAllowanceCents),
        }
      : null,
  ),
  Tip: amountRule('Tip', 'Tips', (i) => i.TipCents),
  TravelAllowance: amountRule('TravelAllowance', 'Travel allowance', (i) => i.TravelAllowanceCents),
  Bonus: payRule('Bonus', (p) => {
    const i = p.Inputs;
    if (!i) return null;
    const total = i.BonusCents + i.CommissionBonusCents + i.VolumeBonusCents;
    if (total <= 0) return null;
    return {
      detail: `Bonus ${money(i.BonusCents).toFixed(2)}, commission bonus ${money(i.CommissionBonusCents).toFixed(2)}, volume bonus ${money(i.VolumeBonusCents).toFixed(2)}.`,
      amount: money(total),
    };
  }),
  NetPayAddition: amountRule('NetPayAddition', 'Net pay addition', (i) => i.NetPayAdditionCents),
  NetPayDeduction: amountRule('NetPayDeduction', 'Net pay deduction', (i) => i.NetPayDeductionCents),
  AdditionalHoursReport: payRule('AdditionalHoursReport', (p) =>
    p.Inputs && p.Inputs.ExtraHoursWorked > 0
      ? {
          detail: `Additional hours ${p.Inputs.ExtraHoursWorked}; worked ${hm(p.WorkedMinutes)}.`,
          hours: p.Inputs.ExtraHoursWorked,
        }
      : null,
  ),
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
