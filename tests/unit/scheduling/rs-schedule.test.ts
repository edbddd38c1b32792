import { describe, expect, it } from 'vitest';
import { checkEmployeeList, checkRsSchedule } from '../../../server/domain/scheduling/rs-schedule';
import {
  addDays,
  hoursBetween,
  longDate,
  overlaps,
  rotationWeek,
} from '../../../server/domain/scheduling/times';

const base = {
  officeName: 'Toronto Central',
  StartDate: '2026-06-01',
  EndDate: '2026-06-07',
  overlapping: [],
  employeeIds: new Set([7]),
  names: new Map([
    [7, 'Sam Taylor'],
    [8, 'Riley Chen'],
  ]),
  dates: [{ EmployeeID: 7, Date: '2026-06-03' }],
  sales: [{ Date: '2026-06-03' }, { Date: null }],
};

describe('checkRsSchedule', () => {
  it('accepts dates and sales inside the period for people on the schedule', () => {
    expect(checkRsSchedule(base)).toBeNull();
  });

  it('refuses a period longer than 31 days', () => {
    expect(checkRsSchedule({ ...base, EndDate: '2026-07-02' })?.message).toBe(
      'An RS schedule covers 31 days at most.',
    );
    expect(checkRsSchedule({ ...base, EndDate: '2026-07-01', dates: [] })).toBeNull();
  });

  it('refuses a period meeting another schedule of the office', () => {
    expect(
      checkRsSchedule({ ...base, overlapping: [{ StartDate: '2026-06-07', EndDate: '2026-06-13' }] })
        ?.message,
    ).toBe('Toronto Central already has an RS schedule from 2026-06-07 to 2026-06-13.');
  });

  it('refuses dates and sales outside the period, per field', () => {
    const refusal = checkRsSchedule({
      ...base,
      dates: [{ EmployeeID: 7, Date: '2026-06-08' }],
      sales: [{ Date: '2026-05-31' }],
    });
    expect(refusal?.status).toBe(400);
    expect(Object.keys(refusal?.errors ?? {})).toEqual(['RSScheduleDates.0.Date', 'RSScheduleSales.0.Date']);
  });

  it('refuses dates of someone not on the schedule', () => {
    expect(checkRsSchedule({ ...base, dates: [{ EmployeeID: 8, Date: '2026-06-03' }] })?.message).toBe(
      'Riley Chen is not on this schedule; add them to its employees first.',
    );
  });
});

describe('checkEmployeeList', () => {
  const list = {
    qualifying: new Set([7, 9]),
    withDates: new Set([7]),
    names: base.names,
    officeName: 'Toronto Central',
  };
  it('refuses someone who does not qualify and removing someone with dates', () => {
    expect(checkEmployeeList({ ...list, next: new Set([7, 9]) })).toBeNull();
    expect(checkEmployeeList({ ...list, next: new Set([7, 8]) })?.message).toBe(
      'Riley Chen cannot be scheduled at Toronto Central.',
    );
    expect(checkEmployeeList({ ...list, next: new Set([9]) })?.message).toBe(
      'Sam Taylor has dates on this schedule; remove those dates first.',
    );
  });
});

describe('times', () => {
  it('rotation weeks run Monday to Sunday', () => {
    expect(rotationWeek('2026-06-03')).toEqual({ StartDate: '2026-06-01', EndDate: '2026-06-07' });
    expect(rotationWeek('2026-06-07')).toEqual({ StartDate: '2026-06-01', EndDate: '2026-06-07' });
    expect(rotationWeek('2026-06-01')).toEqual({ StartDate: '2026-06-01', EndDate: '2026-06-07' });
    expect(rotationWeek('2027-01-01')).toEqual({ StartDate: '2026-12-28', EndDate: '2027-01-03' });
  });

  it('date arithmetic crosses months, years and DST changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('overlap, hours and long dates', () => {
    const a = { Date: '2026-06-03', StartTime: '10:00:00', EndTime: '14:00:00' };
    expect(overlaps(a, { ...a, StartTime: '13:59:00', EndTime: '15:00:00' })).toBe(true);
    expect(overlaps(a, { ...a, StartTime: '14:00:00', EndTime: '15:00:00' })).toBe(false);
    expect(hoursBetween('10:00:00', '14:30:00')).toBe(4.5);
    expect(longDate('2026-06-03')).toBe('Wed, Jun 3, 2026');
  });
});
