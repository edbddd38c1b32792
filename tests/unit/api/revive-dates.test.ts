import { afterAll, describe, expect, it } from 'vitest';
import {
  CalendarDate,
  formatWireDate,
  parseDateLike,
  parseJsonWithDates,
  reviveDates,
  serializeDate,
  toCalendarDate,
} from '../../../src/api/revive-dates';

const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

describe('date revival', () => {
  it('turns an ISO instant into the Date of that instant', () => {
    expect(parseDateLike('2024-03-01T10:15:30Z')).toEqual(new Date(Date.UTC(2024, 2, 1, 10, 15, 30)));
    expect(parseDateLike('2024-03-01T10:15:30.123+02:00')).toEqual(
      new Date(Date.UTC(2024, 2, 1, 8, 15, 30, 123)),
    );
    expect(parseDateLike('2024-03-01T10:15:30-0500')).toEqual(new Date(Date.UTC(2024, 2, 1, 15, 15, 30)));
    // no offset: local wall time, as ECMAScript reads it
    expect(parseDateLike('2024-03-01T10:15')).toEqual(new Date(2024, 2, 1, 10, 15));
  });

  it('turns a bare YYYY-MM-DD into local midnight of that calendar day (no UTC shift)', () => {
    const date = parseDateLike('2024-03-01')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2024, 2, 1]);
    expect([date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(parseDateLike('2024-02-29')!.getDate()).toBe(29);
    expect(parseDateLike('0050-06-01')!.getFullYear()).toBe(50);
  });

  it('leaves non-date strings alone', () => {
    for (const value of [
      '2024',
      '2024-03',
      '10:15:00',
      '555-123-4567',
      '2024-13-01',
      '2024-02-30',
      '2023-02-29',
      '2024-03-01T25:00:00Z',
      'on 2024-03-01',
      '2024-03-01 10:00:00',
      '1-800-555-0199',
      '',
    ]) {
      expect(parseDateLike(value), value).toBeUndefined();
    }
  });

  it('revives dates throughout parsed JSON and plain values', () => {
    const parsed = parseJsonWithDates(
      '{"a":"2024-01-02","b":["2024-01-02T00:00:00Z",{"c":"2024"}],"n":5,"z":null}',
    ) as { a: Date; b: [Date, { c: string }]; n: number; z: null };
    expect(parsed.a).toEqual(new Date(2024, 0, 2));
    expect(parsed.b[0]).toEqual(new Date(Date.UTC(2024, 0, 2)));
    expect(parsed.b[1].c).toBe('2024');
    expect(parsed.n).toBe(5);
    expect(parsed.z).toBeNull();
    expect(reviveDates({ x: ['2024-01-02'] })).toEqual({ x: [new Date(2024, 0, 2)] });
  });

  it('writes a revived bare date back as YYYY-MM-DD and any other Date as its ISO instant', () => {
    expect(serializeDate(new CalendarDate(2024, 3, 1))).toBe('2024-03-01');
    expect(serializeDate(toCalendarDate(new Date(2024, 11, 31, 23, 59)))).toBe('2024-12-31');
    expect(formatWireDate(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
    expect(serializeDate(new Date(Date.UTC(2024, 2, 1, 10, 0, 0, 1)))).toBe('2024-03-01T10:00:00.001Z');
    const roundTrip = JSON.stringify(parseJsonWithDates('{"d":"2024-03-01","t":"2024-03-01T10:00:00.000Z"}'));
    expect(JSON.parse(roundTrip)).toEqual({ d: '2024-03-01', t: '2024-03-01T10:00:00.000Z' });
  });

  describe.each(['America/Toronto', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata'])(
    'in %s',
    (tz) => {
      it('keeps the calendar day of a bare date and the instant of a date-time', () => {
        process.env.TZ = tz;
        const day = parseDateLike('2024-03-10')!; // a DST change day in North America
        expect([day.getFullYear(), day.getMonth() + 1, day.getDate(), day.getHours()]).toEqual([
          2024, 3, 10, 0,
        ]);
        expect(JSON.stringify({ day })).toBe('{"day":"2024-03-10"}');
        const instant = parseDateLike('2024-03-01T10:00:00.000Z')!;
        expect(instant.getTime()).toBe(Date.UTC(2024, 2, 1, 10));
        // an instant that falls on local midnight stays an instant
        const midnight = new Date(2024, 2, 2);
        expect(JSON.parse(JSON.stringify({ midnight })).midnight).toBe(midnight.toISOString());
      });
    },
  );
});

describe('CalendarDate with date-fns', () => {
  it('survives being cloned by date-fns (new date.constructor(+date))', async () => {
    const { format, addDays } = await import('date-fns');
    const { parseJsonWithDates } = await import('../../../src/api/revive-dates');
    const { Date: day } = parseJsonWithDates('{"Date":"2026-11-17"}') as { Date: Date };
    expect(format(day, 'yyyy-MM-dd')).toBe('2026-11-17');
    expect(format(addDays(day, 1), 'yyyy-MM-dd')).toBe('2026-11-18');
  });
});
