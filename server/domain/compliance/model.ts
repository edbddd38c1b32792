// What the compliance rules read and write, pure: one employee's shifts (work entries with their
// breaks, on a wall-clock timeline in seconds) and pay periods in, findings out; the day view the
// rules share (shifts grouped by office day, worked minutes) and the helpers that build findings.
import { type ComplianceKind, KIND_INFO } from './kinds';

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

export const MIN = 60;
export const inRange = (day: string, r: Range) => r.StartDate <= day && day <= r.EndDate;
export const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
export const money = (cents: number) => Math.round(cents) / 100;
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
export function workedBefore(shifts: readonly ShiftIn[], t: number): number {
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

export type Rule = (e: EmployeeIn, range: Range, days: Map<string, DayView>) => Finding[];

export function finding(
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
export function rangeDays(days: Map<string, DayView>, range: Range): DayView[] {
  return [...days.values()].filter((d) => inRange(d.Day, range)).sort((a, b) => (a.Day < b.Day ? -1 : 1));
}
