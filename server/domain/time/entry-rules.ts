// The rules of one time entry (spec 002 §5), as pure functions over wall-clock times. A span is a
// position on one timeline of seconds counted from 1970-01-01 00:00 wall clock, so entries of
// different days (and overnight entries) compare directly.
//
// - A part (work or break) counts only with both a start and an end; with a start only it is an open
//   punch that counts 0 until closed. An entry needs at least a start.
// - EndTime earlier than StartTime: the entry ends the next day (overnight). Equal times are refused.
// - Work entries of one employee may not overlap (touching ends are fine). An open work entry stands
//   for its start instant only, until it is closed.
// - A break lies inside its work entry. Its times are placed on the work entry's timeline: a break
//   time earlier than the work's start time is after midnight (the next day). An open work entry
//   accepts any break within 24 hours of its start; the break is checked again when it closes.
import { addDays, dayNumber, durationMinutes, formatHm, SECONDS_PER_DAY, secondsOfTime } from './clock-time';

export interface Times {
  StartTime: string | null;
  EndTime: string | null;
}

export interface DatedTimes extends Times {
  Date: string;
}

/** A position on the timeline; end null = still open. */
export interface Span {
  start: number;
  end: number | null;
}

export interface RuleError {
  message: string;
  /** The request field the error belongs to, when there is one. */
  field?: string;
}

export const MESSAGES = {
  startRequired: 'Enter a start time.',
  endWithoutStart: 'Enter a start time before an end time.',
  sameTimes: 'The end time must differ from the start time.',
  breakStartRequired: 'Enter the start time of the break.',
  breakEndWithoutStart: 'Enter the start time of the break before its end time.',
  nothingGiven: 'Enter the start time of the work or of the break.',
  breakNeedsParent: 'A break needs its work entry (ParentTimeEntryID).',
  workHasNoParent: 'Only a break has a work entry (ParentTimeEntryID).',
  breakDate: 'A break must be on the date of its work entry (or the day after, past midnight).',
  coordinatesPair: 'Send both Latitude and Longitude, or neither.',
} as const;

/** Whether a part has both a start and an end (and so counts). */
export function isClosed(t: Times): boolean {
  return t.StartTime !== null && t.EndTime !== null;
}

/** EndTime earlier than StartTime: the part ends the next day. */
export function endsNextDay(t: Times): boolean {
  return t.StartTime !== null && t.EndTime !== null && secondsOfTime(t.EndTime) < secondsOfTime(t.StartTime);
}

/** The minutes a part counts: its whole minutes when closed, 0 while open. */
export function countedMinutes(t: Times): number {
  return t.StartTime !== null && t.EndTime !== null ? durationMinutes(t.StartTime, t.EndTime) : 0;
}

/**
 * The field errors of one part's times: a start is required, an end needs a start, and the two may
 * not be equal. `fields` names the request fields (e.g. Break.StartTime for a v2 break).
 */
export function checkTimes(
  t: Times,
  fields: { start: string; end: string } = { start: 'StartTime', end: 'EndTime' },
  kind: 'entry' | 'break' = 'entry',
): RuleError | null {
  if (t.StartTime === null) {
    if (t.EndTime !== null)
      return {
        field: fields.start,
        message: kind === 'break' ? MESSAGES.breakEndWithoutStart : MESSAGES.endWithoutStart,
      };
    return {
      field: fields.start,
      message: kind === 'break' ? MESSAGES.breakStartRequired : MESSAGES.startRequired,
    };
  }
  if (t.EndTime !== null && secondsOfTime(t.EndTime) === secondsOfTime(t.StartTime))
    return { field: fields.end, message: MESSAGES.sameTimes };
  return null;
}

/** The span of a work entry on its date (null without a start). */
export function workSpan(e: DatedTimes): Span | null {
  if (e.StartTime === null) return null;
  const start = dayNumber(e.Date) * SECONDS_PER_DAY + secondsOfTime(e.StartTime);
  if (e.EndTime === null) return { start, end: null };
  const diff = secondsOfTime(e.EndTime) - secondsOfTime(e.StartTime);
  return { start, end: start + (diff < 0 ? diff + SECONDS_PER_DAY : diff) };
}

/**
 * The span of a break placed on its work entry's timeline: on the work's date, or the next day when
 * the break starts earlier in the day than the work does.
 */
export function breakSpan(parent: Span, b: Times): Span | null {
  if (b.StartTime === null) return null;
  const parentDayStart =
    parent.start - (((parent.start % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY);
  let start = parentDayStart + secondsOfTime(b.StartTime);
  if (start < parent.start) start += SECONDS_PER_DAY;
  if (b.EndTime === null) return { start, end: null };
  const diff = secondsOfTime(b.EndTime) - secondsOfTime(b.StartTime);
  return { start, end: start + (diff < 0 ? diff + SECONDS_PER_DAY : diff) };
}

/** Whether two spans overlap; an open span stands for its start instant. Touching ends do not. */
export function spansOverlap(a: Span, b: Span): boolean {
  if (a.end === null && b.end === null) return a.start === b.start;
  if (a.end === null) return b.start <= a.start && a.start < (b.end as number);
  if (b.end === null) return a.start <= b.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

export interface Placed<T> {
  item: T;
  span: Span;
}

/** The first of `others` that overlaps `candidate`, or null. */
export function findOverlap<T>(candidate: Span, others: readonly Placed<T>[]): Placed<T> | null {
  return others.find((o) => spansOverlap(candidate, o.span)) ?? null;
}

function describe(span: Span): string {
  return span.end === null
    ? `that started at ${formatHm(span.start)} and is still open`
    : `from ${formatHm(span.start)} to ${formatHm(span.end)}`;
}

/** 'This entry overlaps another work entry from HH:mm to HH:mm.' */
export function workOverlapMessage(other: Span): string {
  return `This entry overlaps another work entry ${describe(other)}.`;
}

export function breakOverlapMessage(other: Span): string {
  return `This break overlaps another break ${describe(other)}.`;
}

/** A break must lie inside its work entry (an open work entry: within 24 hours of its start). */
export function checkBreakInside(parent: Span, b: Span): RuleError | null {
  const limit = parent.end ?? parent.start + SECONDS_PER_DAY;
  const inside = b.start >= parent.start && (b.end === null ? b.start < limit : b.end <= limit);
  if (inside) return null;
  return {
    field: 'StartTime',
    message:
      parent.end === null
        ? `A break must lie inside its work entry, which started at ${formatHm(parent.start)}.`
        : `A break must lie inside its work entry, from ${formatHm(parent.start)} to ${formatHm(parent.end)}.`,
  };
}

/** After a work entry changes, the first of its breaks that would no longer lie inside it. */
export function breakLeftOutside<T extends Times>(parent: Span, breaks: readonly T[]): RuleError | null {
  for (const b of breaks) {
    const span = breakSpan(parent, b);
    if (!span) continue;
    if (checkBreakInside(parent, span)) {
      const until = b.EndTime ? ` to ${b.EndTime.slice(0, 5)}` : '';
      return {
        field: 'EndTime',
        message: `The break from ${(b.StartTime as string).slice(0, 5)}${until} would lie outside this entry. Change the break first.`,
      };
    }
  }
  return null;
}

/** A break's date: its work entry's date, or the day after (a break past midnight). */
export function checkBreakDate(breakDate: string, parentDate: string): RuleError | null {
  return breakDate === parentDate || breakDate === addDays(parentDate, 1)
    ? null
    : { field: 'Date', message: MESSAGES.breakDate };
}

/** Latitude and Longitude come together. */
export function checkCoordinates(latitude: number | null, longitude: number | null): RuleError | null {
  return (latitude === null) === (longitude === null)
    ? null
    : { field: latitude === null ? 'Latitude' : 'Longitude', message: MESSAGES.coordinatesPair };
}

export type V2Kind = 'work' | 'work-with-break' | 'break';

/**
 * Which entry a v2 body describes (spec 002 §5: "when only one of work or break times is given, the
 * entry becomes that type"). A part is given when it carries a start or an end time.
 */
export function resolveV2Kind(work: Times, brk: Times | null | undefined): V2Kind | RuleError {
  const workGiven = work.StartTime !== null || work.EndTime !== null;
  const breakGiven = !!brk && (brk.StartTime !== null || brk.EndTime !== null);
  if (workGiven && breakGiven) return 'work-with-break';
  if (workGiven) return 'work';
  if (breakGiven) return 'break';
  return { field: 'StartTime', message: MESSAGES.nothingGiven };
}
