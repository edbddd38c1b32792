// The pure rules of time management: the office's calendar (date-fns-tz), the pay-period calendar
// and what changed between two copies of an entry.
import { describe, expect, it } from 'vitest';
import { diffEntries, minutesDelta } from '../../../server/domain/time-management/changes';
import {
  dayRange,
  entryInstant,
  officeDay,
  officeDays,
  officeToday,
} from '../../../server/domain/time-management/office-day';
import {
  isClosed,
  PayFrequency,
  periodContaining,
  periodState,
  periodsBetween,
  periodWeeks,
} from '../../../server/domain/time-management/pay-periods';

describe('office day', () => {
  it('is the day the entry started in the office time zone', () => {
    const e = { Date: '2031-03-16', StartTime: '23:30:00', TimeZoneOffset: -420 };
    expect(entryInstant(e).toISOString()).toBe('2031-03-17T06:30:00.000Z');
    expect(officeDay(e, 'America/Vancouver')).toBe('2031-03-16');
    expect(officeDay(e, 'America/Toronto')).toBe('2031-03-17');
    expect(officeDay({ ...e, TimeZoneOffset: -240 }, 'America/Toronto')).toBe('2031-03-16');
  });

  it('breaks count with their work entry', () => {
    const days = officeDays(
      [
        {
          Id: 1,
          Date: '2031-01-05',
          StartTime: '22:00:00',
          TimeZoneOffset: -300,
          IsBreak: false,
          ParentTimeEntryID: null,
        },
        {
          Id: 2,
          Date: '2031-01-05',
          StartTime: '01:00:00',
          TimeZoneOffset: -300,
          IsBreak: true,
          ParentTimeEntryID: 1,
        },
      ],
      () => 'America/Toronto',
    );
    expect([...days]).toEqual([
      [1, '2031-01-05'],
      [2, '2031-01-05'],
    ]);
  });

  it('today and whole days of a zone', () => {
    const now = new Date('2026-11-22T03:25:00Z');
    expect(officeToday('America/Toronto', now)).toBe('2026-11-21');
    expect(officeToday('UTC', now)).toBe('2026-11-22');
    const { from, until } = dayRange('America/Toronto', '2026-11-21', '2026-11-21');
    expect(from?.toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(until?.toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(dayRange('UTC')).toEqual({ from: null, until: null });
  });
});

describe('pay-period calendar', () => {
  it('bi-weekly from Monday 2025-01-06 (the default)', () => {
    expect(periodContaining('2025-01-06', PayFrequency.BiWeekly)).toEqual({
      start: '2025-01-06',
      end: '2025-01-19',
    });
    expect(periodContaining('2031-01-27', null)).toEqual({ start: '2031-01-27', end: '2031-02-09' });
    expect(periodContaining('2024-12-31', undefined)).toEqual({ start: '2024-12-23', end: '2025-01-05' });
  });

  it('weekly, semi-monthly and monthly', () => {
    expect(periodContaining('2031-01-29', PayFrequency.Weekly)).toEqual({
      start: '2031-01-27',
      end: '2031-02-02',
    });
    expect(periodContaining('2032-02-20', PayFrequency.SemiMonthly)).toEqual({
      start: '2032-02-16',
      end: '2032-02-29',
    });
    expect(periodContaining('2031-02-15', PayFrequency.SemiMonthly)).toEqual({
      start: '2031-02-01',
      end: '2031-02-15',
    });
    expect(periodContaining('2031-04-30', PayFrequency.Monthly)).toEqual({
      start: '2031-04-01',
      end: '2031-04-30',
    });
  });

  it('periods between two days, their weeks and state', () => {
    expect(periodsBetween('2031-01-13', '2031-02-10', 2).map((p) => p.start)).toEqual([
      '2031-01-13',
      '2031-01-27',
      '2031-02-10',
    ]);
    expect(periodWeeks('2031-02-16', '2031-02-28').map((w) => [w.WeekNumber, w.start, w.end])).toEqual([
      [1, '2031-02-16', '2031-02-22'],
      [2, '2031-02-23', '2031-02-28'],
    ]);
    expect(periodState({ IsApproved: true, IsLocked: true })).toBe('Locked');
    expect(periodState({ IsApproved: true, IsLocked: false })).toBe('Approved');
    expect(isClosed({ IsApproved: false, IsLocked: false })).toBe(false);
  });
});

describe('changes', () => {
  const before = {
    Date: '2031-01-05',
    StartTime: '09:00:00',
    EndTime: '17:00:00',
    IsBreak: false,
    Comments: null,
  };
  it('lists the fields that differ, as shown', () => {
    expect(diffEntries(before, { ...before, EndTime: '16:30:00', Comments: 'Left early' })).toEqual([
      { Field: 'EndTime', Before: '17:00:00', After: '16:30:00' },
      { Field: 'Comments', Before: null, After: 'Left early' },
    ]);
    expect(diffEntries(null, before).map((c) => c.Field)).toEqual([
      'Date',
      'StartTime',
      'EndTime',
      'IsBreak',
    ]);
    expect(diffEntries(before, before)).toEqual([]);
  });

  it('worked minutes a change adds or removes (breaks subtract)', () => {
    expect(minutesDelta(null, before)).toBe(480);
    expect(minutesDelta(before, null)).toBe(-480);
    expect(minutesDelta(before, { ...before, EndTime: '18:15:00' })).toBe(75);
    expect(minutesDelta(null, { StartTime: '12:00:00', EndTime: '12:30:00', IsBreak: true })).toBe(-30);
    expect(minutesDelta(null, { StartTime: '22:00:00', EndTime: null })).toBe(0);
  });
});
