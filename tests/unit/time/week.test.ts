import { describe, expect, it } from 'vitest';
import { type SummaryEntry, summarizeWeek, weekOf } from '../../../server/domain/time/week';

let nextId = 1;
function entry(
  date: string,
  StartTime: string | null,
  EndTime: string | null,
  extra: Partial<SummaryEntry> = {},
): SummaryEntry {
  return { Id: nextId++, Date: date, StartTime, EndTime, IsBreak: false, ParentTimeEntryID: null, ...extra };
}

describe('weeks run Monday to Sunday', () => {
  it('finds the week of any day', () => {
    expect(weekOf('2030-01-07')).toMatchObject({ start: '2030-01-07', end: '2030-01-13' });
    expect(weekOf('2030-01-13')).toMatchObject({ start: '2030-01-07', end: '2030-01-13' });
    expect(weekOf('2030-01-10').days).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
      '2030-01-10',
      '2030-01-11',
      '2030-01-12',
      '2030-01-13',
    ]);
    // Across a year end.
    expect(weekOf('2031-01-01')).toMatchObject({ start: '2030-12-30', end: '2031-01-05' });
  });
});

describe('week totals in minutes', () => {
  it('sums work, breaks and time worked per day and for the week', () => {
    const monday = entry('2030-01-07', '09:00:00', '17:00:00');
    const lunch = entry('2030-01-07', '12:00:00', '12:30:00', {
      IsBreak: true,
      ParentTimeEntryID: monday.Id,
    });
    const night = entry('2030-01-09', '22:00:00', '06:00:00');
    const nightBreak = entry('2030-01-09', '02:00:00', '02:15:00', {
      IsBreak: true,
      ParentTimeEntryID: night.Id,
    });
    const sunday = entry('2030-01-13', '10:00:00', '11:00:00');
    const outside = entry('2030-01-14', '09:00:00', '17:00:00');
    const week = summarizeWeek('2030-01-07', [monday, lunch, night, nightBreak, sunday, outside]);
    expect(week.Days).toHaveLength(7);
    expect(week.Days[0]).toEqual({
      Date: '2030-01-07',
      WorkMinutes: 480,
      BreakMinutes: 30,
      WorkedMinutes: 450,
      OpenCount: 0,
    });
    // The overnight shift counts whole on the day it started.
    expect(week.Days[2]).toMatchObject({ WorkMinutes: 480, BreakMinutes: 15, WorkedMinutes: 465 });
    expect(week.Days[3]).toMatchObject({ WorkMinutes: 0, WorkedMinutes: 0 });
    expect(week.Days[6]).toMatchObject({ WorkMinutes: 60, WorkedMinutes: 60 });
    expect(week).toMatchObject({ WorkMinutes: 1020, BreakMinutes: 45, WorkedMinutes: 975 });
  });

  it('open punches count 0 and are counted as open', () => {
    const open = entry('2030-01-08', '09:00:00', null);
    const openBreak = entry('2030-01-08', '11:00:00', null, { IsBreak: true, ParentTimeEntryID: open.Id });
    const week = summarizeWeek('2030-01-07', [open, openBreak]);
    expect(week.Days[1]).toEqual({
      Date: '2030-01-08',
      WorkMinutes: 0,
      BreakMinutes: 0,
      WorkedMinutes: 0,
      OpenCount: 2,
    });
    expect(week.WorkedMinutes).toBe(0);
  });

  it('a closed break of a still-open work entry counts as a break but never makes worked time negative', () => {
    const open = entry('2030-01-08', '09:00:00', null);
    const b = entry('2030-01-08', '11:00:00', '11:20:00', { IsBreak: true, ParentTimeEntryID: open.Id });
    const week = summarizeWeek('2030-01-07', [open, b]);
    expect(week.Days[1]).toMatchObject({ WorkMinutes: 0, BreakMinutes: 20, WorkedMinutes: 0, OpenCount: 1 });
  });
});
