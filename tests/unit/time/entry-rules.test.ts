import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  durationMinutes,
  formatHm,
  isoWeekday,
  secondsOfTime,
} from '../../../server/domain/time/clock-time';
import {
  breakLeftOutside,
  breakSpan,
  checkBreakDate,
  checkBreakInside,
  checkCoordinates,
  checkTimes,
  countedMinutes,
  endsNextDay,
  findOverlap,
  MESSAGES,
  resolveV2Kind,
  type Span,
  spansOverlap,
  workOverlapMessage,
  workSpan,
} from '../../../server/domain/time/entry-rules';

const DAY = 86_400;
const span = (date: string, start: string, end: string | null) =>
  workSpan({ Date: date, StartTime: start, EndTime: end }) as Span;

describe('clock time', () => {
  it('reads and writes wall-clock times and calendar days', () => {
    expect(secondsOfTime('09:30:15')).toBe(9 * 3600 + 30 * 60 + 15);
    expect(formatHm(secondsOfTime('23:05:59') + DAY * 3)).toBe('23:05');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('numbers weekdays Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2030-01-07')).toBe(1);
    expect(isoWeekday('2030-01-13')).toBe(7);
    expect(isoWeekday('1969-12-31')).toBe(3);
  });

  it('counts whole minutes, across midnight when the end is earlier', () => {
    expect(durationMinutes('09:00:00', '17:30:00')).toBe(510);
    expect(durationMinutes('22:00:00', '06:00:00')).toBe(480);
    expect(durationMinutes('09:00:30', '09:01:29')).toBe(0);
  });
});

describe('one part of an entry (spec 002 §5)', () => {
  it('counts only with both a start and an end; an open punch counts 0', () => {
    expect(countedMinutes({ StartTime: '09:00:00', EndTime: null })).toBe(0);
    expect(countedMinutes({ StartTime: '09:00:00', EndTime: '10:15:00' })).toBe(75);
  });

  it('needs a start, refuses an end without a start and equal times', () => {
    expect(checkTimes({ StartTime: '09:00:00', EndTime: null })).toBeNull();
    expect(checkTimes({ StartTime: null, EndTime: null })).toEqual({
      field: 'StartTime',
      message: MESSAGES.startRequired,
    });
    expect(checkTimes({ StartTime: null, EndTime: '10:00:00' })).toEqual({
      field: 'StartTime',
      message: MESSAGES.endWithoutStart,
    });
    expect(checkTimes({ StartTime: '10:00:00', EndTime: '10:00:00' })?.field).toBe('EndTime');
    expect(
      checkTimes({ StartTime: null, EndTime: null }, { start: 'Break.StartTime', end: 'x' }, 'break'),
    ).toEqual({ field: 'Break.StartTime', message: MESSAGES.breakStartRequired });
  });

  it('an end before the start is an overnight entry ending the next day', () => {
    expect(endsNextDay({ StartTime: '22:00:00', EndTime: '06:00:00' })).toBe(true);
    expect(endsNextDay({ StartTime: '06:00:00', EndTime: '22:00:00' })).toBe(false);
    const s = span('2030-01-07', '22:00:00', '06:00:00');
    expect(s.end! - s.start).toBe(8 * 3600);
  });

  it('wants both coordinates or neither', () => {
    expect(checkCoordinates(null, null)).toBeNull();
    expect(checkCoordinates(43.6, -79.3)).toBeNull();
    expect(checkCoordinates(43.6, null)?.field).toBe('Longitude');
    expect(checkCoordinates(null, -79.3)?.field).toBe('Latitude');
  });
});

describe('overlap of work entries', () => {
  it('refuses intersecting entries and accepts touching ones', () => {
    const a = span('2030-01-07', '09:00:00', '12:00:00');
    expect(spansOverlap(a, span('2030-01-07', '11:00:00', '13:00:00'))).toBe(true);
    expect(spansOverlap(a, span('2030-01-07', '12:00:00', '13:00:00'))).toBe(false);
    expect(spansOverlap(a, span('2030-01-07', '08:00:00', '09:00:00'))).toBe(false);
    expect(spansOverlap(a, span('2030-01-07', '10:00:00', '11:00:00'))).toBe(true);
  });

  it('sees an overnight entry of the day before', () => {
    const night = span('2030-01-07', '22:00:00', '06:00:00');
    expect(spansOverlap(night, span('2030-01-08', '05:00:00', '09:00:00'))).toBe(true);
    expect(spansOverlap(night, span('2030-01-08', '06:00:00', '09:00:00'))).toBe(false);
    expect(spansOverlap(night, span('2030-01-07', '05:00:00', '09:00:00'))).toBe(false);
  });

  it('an open entry stands for its start instant until it is closed', () => {
    const open = span('2030-01-07', '09:00:00', null);
    expect(spansOverlap(open, span('2030-01-07', '10:00:00', '11:00:00'))).toBe(false);
    expect(spansOverlap(open, span('2030-01-07', '08:00:00', '09:30:00'))).toBe(true);
    expect(spansOverlap(open, span('2030-01-07', '09:00:00', null))).toBe(true);
  });

  it('names the other entry in the message', () => {
    const other = { item: 1, span: span('2030-01-07', '08:00:00', '12:30:00') };
    const hit = findOverlap(span('2030-01-07', '12:00:00', '15:00:00'), [other]);
    expect(hit?.item).toBe(1);
    expect(workOverlapMessage(other.span)).toBe(
      'This entry overlaps another work entry from 08:00 to 12:30.',
    );
    expect(workOverlapMessage(span('2030-01-07', '08:00:00', null))).toBe(
      'This entry overlaps another work entry that started at 08:00 and is still open.',
    );
  });
});

describe('a break inside its work entry', () => {
  const work = span('2030-01-07', '09:00:00', '17:00:00');

  it('accepts a break inside and refuses one that sticks out', () => {
    const inside = breakSpan(work, { StartTime: '12:00:00', EndTime: '12:30:00' })!;
    expect(checkBreakInside(work, inside)).toBeNull();
    const late = breakSpan(work, { StartTime: '16:45:00', EndTime: '17:15:00' })!;
    expect(checkBreakInside(work, late)?.message).toBe(
      'A break must lie inside its work entry, from 09:00 to 17:00.',
    );
    const early = breakSpan(work, { StartTime: '08:00:00', EndTime: '08:30:00' })!;
    expect(checkBreakInside(work, early)).not.toBeNull();
  });

  it('places a break past midnight on the next day of an overnight entry', () => {
    const night = span('2030-01-07', '22:00:00', '06:00:00');
    const b = breakSpan(night, { StartTime: '01:00:00', EndTime: '01:30:00' })!;
    expect(b.start - night.start).toBe(3 * 3600);
    expect(checkBreakInside(night, b)).toBeNull();
  });

  it('an open work entry accepts a break after its start (within a day)', () => {
    const open = span('2030-01-07', '09:00:00', null);
    const b = breakSpan(open, { StartTime: '13:00:00', EndTime: null })!;
    expect(checkBreakInside(open, b)).toBeNull();
  });

  it('finds a break left outside when its work entry shrinks', () => {
    const breaks = [{ StartTime: '15:00:00', EndTime: '15:30:00' }];
    expect(breakLeftOutside(work, breaks)).toBeNull();
    expect(breakLeftOutside(span('2030-01-07', '09:00:00', '14:00:00'), breaks)?.message).toBe(
      'The break from 15:00 to 15:30 would lie outside this entry. Change the break first.',
    );
  });

  it('is dated on its work entry’s day or the day after', () => {
    expect(checkBreakDate('2030-01-07', '2030-01-07')).toBeNull();
    expect(checkBreakDate('2030-01-08', '2030-01-07')).toBeNull();
    expect(checkBreakDate('2030-01-09', '2030-01-07')?.field).toBe('Date');
  });
});

describe('v2: which times are given decides the kind', () => {
  const none = { StartTime: null, EndTime: null };
  it('work and break, work only, break only, neither', () => {
    expect(
      resolveV2Kind({ StartTime: '09:00:00', EndTime: null }, { StartTime: '12:00:00', EndTime: null }),
    ).toBe('work-with-break');
    expect(resolveV2Kind({ StartTime: '09:00:00', EndTime: '17:00:00' }, none)).toBe('work');
    expect(resolveV2Kind({ StartTime: '09:00:00', EndTime: '17:00:00' }, null)).toBe('work');
    expect(resolveV2Kind(none, { StartTime: '12:00:00', EndTime: '12:30:00' })).toBe('break');
    expect(resolveV2Kind(none, undefined)).toEqual({ field: 'StartTime', message: MESSAGES.nothingGiven });
  });
});
