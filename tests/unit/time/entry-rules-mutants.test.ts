// The edges of the time-entry rules that the main rule tests leave open: the exact messages a user
// reads, the boundaries (touching, equal starts, a break at the very start or end of its work, the
// 24 hours an open entry allows) and the parts given with only one of their times.
import { describe, expect, it } from 'vitest';
import {
  breakLeftOutside,
  breakOverlapMessage,
  breakSpan,
  checkBreakDate,
  checkBreakInside,
  checkCoordinates,
  checkTimes,
  countedMinutes,
  endsNextDay,
  findOverlap,
  isClosed,
  MESSAGES,
  resolveV2Kind,
  type Span,
  spansOverlap,
  workOverlapMessage,
  workSpan,
} from '../../../server/domain/time/entry-rules';

const HOUR = 3600;
const DAY = 86_400;
const work = (date: string, start: string, end: string | null) =>
  workSpan({ Date: date, StartTime: start, EndTime: end }) as Span;

describe('the messages a user reads', () => {
  it('are written out in full', () => {
    expect(MESSAGES).toEqual({
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
    });
  });

  it('a refused break names the break fields and says "break"', () => {
    const fields = { start: 'Break.StartTime', end: 'Break.EndTime' };
    expect(checkTimes({ StartTime: null, EndTime: '12:30:00' }, fields, 'break')).toEqual({
      field: 'Break.StartTime',
      message: 'Enter the start time of the break before its end time.',
    });
    expect(checkTimes({ StartTime: '12:30:00', EndTime: '12:30:00' }, fields, 'break')).toEqual({
      field: 'Break.EndTime',
      message: 'The end time must differ from the start time.',
    });
  });

  it('an entry refused for equal times points at its end time', () => {
    expect(checkTimes({ StartTime: '10:00:00', EndTime: '10:00' })).toEqual({
      field: 'EndTime',
      message: MESSAGES.sameTimes,
    });
    // Equal to the minute but not to the second is a valid (short) entry.
    expect(checkTimes({ StartTime: '10:00:00', EndTime: '10:00:30' })).toBeNull();
    expect(checkTimes({ StartTime: '22:00:00', EndTime: '06:00:00' })).toBeNull();
  });

  it('overlaps name the other entry or break and its times', () => {
    expect(breakOverlapMessage(work('2030-01-07', '12:00:00', '12:45:00'))).toBe(
      'This break overlaps another break from 12:00 to 12:45.',
    );
    expect(breakOverlapMessage(work('2030-01-07', '12:00:00', null))).toBe(
      'This break overlaps another break that started at 12:00 and is still open.',
    );
    expect(workOverlapMessage(work('2030-01-07', '22:00:00', '06:30:00'))).toBe(
      'This entry overlaps another work entry from 22:00 to 06:30.',
    );
  });

  it('a break outside an open entry names the start of the entry', () => {
    const open = work('2030-01-07', '09:15:00', null);
    expect(checkBreakInside(open, { start: open.start - HOUR, end: open.start })).toEqual({
      field: 'StartTime',
      message: 'A break must lie inside its work entry, which started at 09:15.',
    });
  });

  it('a break date or a lone coordinate is refused with the field it concerns', () => {
    expect(checkBreakDate('2030-01-06', '2030-01-07')).toEqual({
      field: 'Date',
      message: MESSAGES.breakDate,
    });
    expect(checkCoordinates(43.6, null)).toEqual({ field: 'Longitude', message: MESSAGES.coordinatesPair });
    expect(checkCoordinates(null, -79.3)).toEqual({ field: 'Latitude', message: MESSAGES.coordinatesPair });
    expect(checkCoordinates(0, 0)).toBeNull();
  });
});

describe('a part given with only one of its times', () => {
  it('is not closed and counts nothing; it never ends the next day', () => {
    for (const t of [
      { StartTime: '09:00:00', EndTime: null },
      { StartTime: null, EndTime: '09:00:00' },
      { StartTime: null, EndTime: null },
    ]) {
      expect(isClosed(t)).toBe(false);
      expect(countedMinutes(t)).toBe(0);
      expect(endsNextDay(t)).toBe(false);
    }
    expect(isClosed({ StartTime: '09:00:00', EndTime: '09:30:00' })).toBe(true);
    expect(countedMinutes({ StartTime: '22:00:00', EndTime: '01:30:00' })).toBe(210);
  });

  it('a work entry without a start has no place on the timeline; a break without a start neither', () => {
    expect(workSpan({ Date: '2030-01-07', StartTime: null, EndTime: '10:00:00' })).toBeNull();
    expect(
      breakSpan(work('2030-01-07', '09:00:00', '17:00:00'), { StartTime: null, EndTime: '10:00:00' }),
    ).toBeNull();
  });

  it('decides the v2 kind from an end time alone too', () => {
    const none = { StartTime: null, EndTime: null };
    expect(resolveV2Kind({ StartTime: null, EndTime: '17:00:00' }, none)).toBe('work');
    expect(resolveV2Kind(none, { StartTime: null, EndTime: '12:30:00' })).toBe('break');
    expect(
      resolveV2Kind({ StartTime: null, EndTime: '17:00:00' }, { StartTime: null, EndTime: '12:30:00' }),
    ).toBe('work-with-break');
    expect(resolveV2Kind(none, none)).toEqual({ field: 'StartTime', message: MESSAGES.nothingGiven });
  });
});

describe('positions on the timeline', () => {
  it('a closed entry spans its minutes from its date; an open one has no end', () => {
    const day = work('2030-01-07', '09:00:00', '17:30:00');
    expect(day.end! - day.start).toBe(8.5 * HOUR);
    expect(work('2030-01-08', '09:00:00', '17:30:00').start - day.start).toBe(DAY);
    expect(work('2030-01-07', '09:00:00', null)).toEqual({ start: day.start, end: null });
  });

  it('places breaks on the day of the work, or the next day when earlier than the work start', () => {
    const day = work('2030-01-07', '09:00:00', '17:00:00');
    expect(breakSpan(day, { StartTime: '09:00:00', EndTime: '09:15:00' })).toEqual({
      start: day.start,
      end: day.start + 15 * 60,
    });
    expect(breakSpan(day, { StartTime: '12:00:00', EndTime: null })).toEqual({
      start: day.start + 3 * HOUR,
      end: null,
    });
    const night = work('2030-01-07', '22:00:00', '06:00:00');
    // A break that itself crosses midnight.
    expect(breakSpan(night, { StartTime: '23:45:00', EndTime: '00:15:00' })).toEqual({
      start: night.start + 105 * 60,
      end: night.start + 135 * 60,
    });
  });

  it('places breaks of an entry dated before 1970 like any other', () => {
    const old = work('1969-12-31', '22:00:00', '02:00:00');
    expect(old.start).toBe(-2 * HOUR);
    const b = breakSpan(old, { StartTime: '23:00:00', EndTime: '23:30:00' })!;
    expect(b.start - old.start).toBe(HOUR);
    const afterMidnight = breakSpan(old, { StartTime: '01:00:00', EndTime: '01:30:00' })!;
    expect(afterMidnight.start - old.start).toBe(3 * HOUR);
    expect(checkBreakInside(old, afterMidnight)).toBeNull();
  });
});

describe('overlap at its boundaries', () => {
  const a = work('2030-01-07', '09:00:00', '12:00:00');

  it('is symmetric and refuses an entry inside another or covering it', () => {
    const inner = work('2030-01-07', '10:00:00', '11:00:00');
    const outer = work('2030-01-07', '08:00:00', '13:00:00');
    for (const [x, y] of [
      [a, inner],
      [a, outer],
      [a, a],
    ]) {
      expect(spansOverlap(x, y)).toBe(true);
      expect(spansOverlap(y, x)).toBe(true);
    }
    const after = work('2030-01-07', '12:00:00', '13:00:00');
    expect(spansOverlap(after, a)).toBe(false);
  });

  it('an open entry overlaps a closed one from its start up to (not at) its end, either way round', () => {
    const at = (time: string) => work('2030-01-07', time, null);
    expect(spansOverlap(at('09:00:00'), a)).toBe(true);
    expect(spansOverlap(a, at('09:00:00'))).toBe(true);
    expect(spansOverlap(at('11:59:00'), a)).toBe(true);
    expect(spansOverlap(a, at('11:59:00'))).toBe(true);
    expect(spansOverlap(at('12:00:00'), a)).toBe(false);
    expect(spansOverlap(a, at('12:00:00'))).toBe(false);
    expect(spansOverlap(at('08:59:00'), a)).toBe(false);
    expect(spansOverlap(a, at('08:59:00'))).toBe(false);
  });

  it('two open entries overlap only when they start at the same time', () => {
    expect(spansOverlap(work('2030-01-07', '09:00:00', null), work('2030-01-07', '09:00:01', null))).toBe(
      false,
    );
    expect(spansOverlap(work('2030-01-07', '09:00:00', null), work('2030-01-08', '09:00:00', null))).toBe(
      false,
    );
  });

  it('finds the first overlapping entry, or none', () => {
    const others = [
      { item: 'morning', span: work('2030-01-07', '06:00:00', '09:00:00') },
      { item: 'late', span: work('2030-01-07', '11:00:00', '13:00:00') },
      { item: 'noon', span: work('2030-01-07', '11:30:00', '12:30:00') },
    ];
    expect(findOverlap(a, others)?.item).toBe('late');
    expect(findOverlap(work('2030-01-07', '13:00:00', '14:00:00'), others)).toBeNull();
    expect(findOverlap(a, [])).toBeNull();
  });
});

describe('a break inside its work entry, at the edges', () => {
  const day = work('2030-01-07', '09:00:00', '17:00:00');

  it('may touch the start and the end of the work, not pass them', () => {
    expect(checkBreakInside(day, { start: day.start, end: day.start + 600 })).toBeNull();
    expect(checkBreakInside(day, { start: day.end! - 600, end: day.end })).toBeNull();
    expect(checkBreakInside(day, { start: day.end! - 600, end: day.end! + 1 })).not.toBeNull();
    expect(checkBreakInside(day, { start: day.start - 1, end: day.start + 600 })).not.toBeNull();
  });

  it('an open break must start inside the work (before its end)', () => {
    expect(checkBreakInside(day, { start: day.end! - 1, end: null })).toBeNull();
    expect(checkBreakInside(day, { start: day.end!, end: null })).not.toBeNull();
    expect(checkBreakInside(day, { start: day.start - 1, end: null })).not.toBeNull();
  });

  it('an open work entry accepts a break within 24 hours of its start, not later', () => {
    const open = work('2030-01-07', '09:00:00', null);
    expect(checkBreakInside(open, { start: open.start + DAY - 60, end: open.start + DAY })).toBeNull();
    expect(
      checkBreakInside(open, { start: open.start + DAY - 60, end: open.start + DAY + 60 }),
    ).not.toBeNull();
    expect(checkBreakInside(open, { start: open.start + DAY - 1, end: null })).toBeNull();
    expect(checkBreakInside(open, { start: open.start + DAY, end: null })).not.toBeNull();
  });

  it('when the work shrinks, names the first break left outside (an open one without an end)', () => {
    const shorter = work('2030-01-07', '09:00:00', '12:00:00');
    expect(
      breakLeftOutside(shorter, [
        { StartTime: null, EndTime: null },
        { StartTime: '10:00:00', EndTime: '10:15:00' },
        { StartTime: '13:00:00', EndTime: null },
        { StartTime: '14:00:00', EndTime: '14:30:00' },
      ]),
    ).toEqual({
      field: 'EndTime',
      message: 'The break from 13:00 would lie outside this entry. Change the break first.',
    });
    expect(breakLeftOutside(shorter, [])).toBeNull();
    expect(breakLeftOutside(shorter, [{ StartTime: '10:00:00', EndTime: '12:00:00' }])).toBeNull();
  });
});
