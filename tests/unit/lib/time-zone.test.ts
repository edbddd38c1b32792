import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserTimeZone,
  CITY_TIME_ZONES,
  guessTimeZone,
  normalizePlaceName,
} from '../../../src/lib/time-zone';

afterEach(() => vi.restoreAllMocks());

describe('guessTimeZone', () => {
  it.each([
    ['Toronto', 'America/Toronto'],
    ['Montreal', 'America/Toronto'],
    ['Ottawa', 'America/Toronto'],
    ['Vancouver', 'America/Vancouver'],
    ['Calgary', 'America/Edmonton'],
    ['Edmonton', 'America/Edmonton'],
    ['Winnipeg', 'America/Winnipeg'],
    ['Regina', 'America/Regina'],
    ['Halifax', 'America/Halifax'],
    ["St. John's", 'America/St_Johns'],
    ['Saint John', 'America/Moncton'],
    ['New York', 'America/New_York'],
    ['Chicago', 'America/Chicago'],
    ['Denver', 'America/Denver'],
    ['Phoenix', 'America/Phoenix'],
    ['Los Angeles', 'America/Los_Angeles'],
    ['Seattle', 'America/Los_Angeles'],
    ['Dallas', 'America/Chicago'],
    ['Houston', 'America/Chicago'],
    ['Miami', 'America/New_York'],
    ['Atlanta', 'America/New_York'],
    ['Boston', 'America/New_York'],
    ['Anchorage', 'America/Anchorage'],
    ['Honolulu', 'Pacific/Honolulu'],
  ])('%s → %s', (city, zone) => {
    expect(guessTimeZone(city)).toBe(zone);
  });

  it('ignores case, accents and punctuation', () => {
    expect(guessTimeZone('MONTRÉAL')).toBe('America/Toronto');
    expect(guessTimeZone('  québec city ')).toBe('America/Toronto');
    expect(guessTimeZone('st johns')).toBe('America/St_Johns');
    expect(guessTimeZone('Saint Louis')).toBe('America/Chicago');
    expect(guessTimeZone('ST. LOUIS')).toBe('America/Chicago');
  });

  it('uses the province or state (code or name) to pick between cities sharing a name', () => {
    expect(guessTimeZone('Vancouver')).toBe('America/Vancouver');
    expect(guessTimeZone('Vancouver', 'WA')).toBe('America/Los_Angeles');
    expect(guessTimeZone('Vancouver', 'British Columbia')).toBe('America/Vancouver');
    expect(guessTimeZone('Portland')).toBe('America/Los_Angeles');
    expect(guessTimeZone('Portland', 'Maine')).toBe('America/New_York');
    expect(guessTimeZone('Richmond', 'va')).toBe('America/New_York');
    expect(guessTimeZone('Richmond', 'BC')).toBe('America/Vancouver');
    expect(guessTimeZone('Montreal', 'Québec')).toBe('America/Toronto');
  });

  it('gives null for an unknown city or a region that does not match the city', () => {
    expect(guessTimeZone('Atlantis')).toBeNull();
    expect(guessTimeZone('')).toBeNull();
    expect(guessTimeZone('Portland', 'TX')).toBeNull();
  });

  it('lists only zones the platform knows', () => {
    for (const entry of CITY_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: entry.timeZone }), entry.city).not.toThrow();
    }
  });
});

describe('normalizePlaceName', () => {
  it('lower-cases, strips accents and reads St as Saint', () => {
    expect(normalizePlaceName('Trois-Rivières')).toBe('trois rivieres');
    expect(normalizePlaceName('Ste. Foy')).toBe('sainte foy');
    expect(normalizePlaceName("St. John's")).toBe('saint johns');
  });
});

describe('browserTimeZone', () => {
  it('reads the zone from Intl', () => {
    const intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: 'America/Regina' }) }) };
    expect(browserTimeZone(intl)).toBe('America/Regina');
  });

  it('warns and gives null when time-zone support is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(browserTimeZone({})).toBeNull();
    expect(browserTimeZone({ DateTimeFormat: () => ({ resolvedOptions: () => ({}) }) })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0][0]).toMatch(/time-zone support is missing/);
  });
});
