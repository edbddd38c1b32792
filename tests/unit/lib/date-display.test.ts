// One day format and one date-time format per locale (src/lib/date-display.ts), with fixed dates.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from '../../../src/lib/date-display';
import { TIME_OF_DAY_CLOCK } from '../../../src/lib/dates';

const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

describe('formatDay', () => {
  it('reads a wire day, a Date and an instant as the medium date in en_CA and en_US', () => {
    for (const locale of ['en_CA', 'en_US']) {
      expect(formatDay('2026-07-28', { locale })).toBe('Jul 28, 2026');
      expect(formatDay('2026-09-05', { locale })).toBe('Sep 5, 2026');
      expect(formatDay(new Date(2026, 10, 19, 5, 59), { locale })).toBe('Nov 19, 2026');
      expect(formatDay(new Date(2026, 0, 2).getTime(), { locale })).toBe('Jan 2, 2026');
    }
  });

  it.each(['America/Los_Angeles', 'America/Toronto', 'Pacific/Honolulu'])(
    'keeps a wire day on its calendar day in %s (no UTC shift)',
    (tz) => {
      process.env.TZ = tz;
      expect(formatDay('2026-01-01', { locale: 'en_CA' })).toBe('Jan 1, 2026');
      expect(formatDay('2026-12-31', { locale: 'en_US' })).toBe('Dec 31, 2026');
      // An instant a minute before UTC midnight is still the evening before where the reader is.
      expect(formatDay('2026-03-01T00:01:00Z', { locale: 'en_CA' })).toBe('Feb 28, 2026');
    },
  );

  it("gives '' or the screen's placeholder for a missing or invalid value", () => {
    expect(formatDay(null, { locale: 'en_CA' })).toBe('');
    expect(formatDay(undefined, { locale: 'en_CA', empty: '—' })).toBe('—');
    expect(formatDay('', { locale: 'en_CA', empty: '—' })).toBe('—');
    expect(formatDay('2026-02-30x', { locale: 'en_CA' })).toBe('');
    expect(formatDay(new Date(Number.NaN), { locale: 'en_CA', empty: '—' })).toBe('—');
  });

  it('reads a language that is not a BCP 47 tag like en_CA', () => {
    expect(formatDay('2026-07-28', { locale: 'cimode' })).toBe('Jul 28, 2026');
  });
});

describe('formatDateTime', () => {
  it("writes the day then the time of day, AM/PM in capitals ('a.m.' never)", () => {
    process.env.TZ = 'America/Toronto';
    for (const locale of ['en_CA', 'en_US']) {
      expect(formatDateTime(new Date(2026, 10, 19, 5, 59), { locale })).toBe('Nov 19, 2026, 5:59 AM');
      expect(formatDateTime(new Date(2026, 11, 25, 17, 54), { locale })).toBe('Dec 25, 2026, 5:54 PM');
      expect(formatDateTime('2026-11-19T10:59:00Z', { locale })).toBe('Nov 19, 2026, 5:59 AM');
    }
  });

  it('follows TIME_OF_DAY_CLOCK like every other time on screen', () => {
    TIME_OF_DAY_CLOCK.test_24 = '24h';
    try {
      expect(formatDateTime(new Date(2026, 10, 19, 17, 4), { locale: 'test_24' })).toBe(
        'Nov 19, 2026, 17:04',
      );
    } finally {
      delete TIME_OF_DAY_CLOCK.test_24;
    }
  });

  it("reads the app's language when none is given (its own i18next instance, not the global one)", async () => {
    process.env.TZ = 'America/Toronto';
    TIME_OF_DAY_CLOCK.test_24 = '24h';
    // As createI18n does: a separate instance, handed to react-i18next.
    const instance = i18next.createInstance();
    await instance
      .use(initReactI18next)
      .init({ lng: 'test_24', resources: { test_24: { translation: {} } } });
    try {
      expect(formatDateTime(new Date(2026, 10, 19, 17, 4))).toBe('Nov 19, 2026, 17:04');
      await instance.changeLanguage('en_US');
      expect(formatDateTime(new Date(2026, 10, 19, 17, 4))).toBe('Nov 19, 2026, 5:04 PM');
      expect(formatDay('2026-07-28')).toBe('Jul 28, 2026');
    } finally {
      delete TIME_OF_DAY_CLOCK.test_24;
    }
  });

  it("gives '' or the screen's placeholder for a missing or invalid value", () => {
    expect(formatDateTime(null, { locale: 'en_CA' })).toBe('');
    expect(formatDateTime('not a date', { locale: 'en_US', empty: '—' })).toBe('—');
  });
});
