// One time-of-day format per locale, used by the Clock, the timesheet, approvals and scheduling alike.
import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, TIME_OF_DAY_CLOCK } from '../../../src/lib/dates';

describe('formatTimeOfDay', () => {
  it('writes both English locales on the 12-hour clock', () => {
    expect(TIME_OF_DAY_CLOCK).toEqual({ en_CA: '12h', en_US: '12h' });
    for (const locale of ['en_CA', 'en_US']) {
      expect(formatTimeOfDay('17:54:00', { locale })).toBe('5:54 PM');
      expect(formatTimeOfDay('00:05:00', { locale })).toBe('12:05 AM');
      expect(formatTimeOfDay('12:00', { locale })).toBe('12:00 PM');
      expect(formatTimeOfDay('09:30:15', { locale })).toBe('9:30 AM');
      expect(formatTimeOfDay(new Date(2026, 10, 25, 23, 7), { locale })).toBe('11:07 PM');
    }
  });

  it('drops :00 minutes only when asked for the short form', () => {
    expect(formatTimeOfDay('14:00:00', { locale: 'en_CA', short: true })).toBe('2 PM');
    expect(formatTimeOfDay('14:30:00', { locale: 'en_CA', short: true })).toBe('2:30 PM');
  });

  it('reads a locale that is not listed like en_CA, and a 24-hour locale as HH:mm', () => {
    expect(formatTimeOfDay('17:54:00', { locale: 'xx' })).toBe('5:54 PM');
    TIME_OF_DAY_CLOCK.test_24 = '24h';
    try {
      expect(formatTimeOfDay('07:04:00', { locale: 'test_24' })).toBe('07:04');
      expect(formatTimeOfDay('14:00:00', { locale: 'test_24', short: true })).toBe('14:00');
    } finally {
      delete TIME_OF_DAY_CLOCK.test_24;
    }
  });

  it('gives an empty text for a missing or impossible time', () => {
    expect(formatTimeOfDay(null)).toBe('');
    expect(formatTimeOfDay('')).toBe('');
    expect(formatTimeOfDay('24:00:00')).toBe('');
    expect(formatTimeOfDay('12:60')).toBe('');
    expect(formatTimeOfDay('noon')).toBe('');
    expect(formatTimeOfDay(new Date(Number.NaN))).toBe('');
  });
});
