import { describe, expect, it } from 'vitest';
import { formatRelativeTime, refreshIntervalMs, toBcp47 } from '../../../src/lib/relative-time';

const now = new Date('2025-06-01T12:00:00Z').getTime();
const ago = (ms: number) => now - ms;
const SEC = 1000;
const MIN = 60 * SEC;

describe('refreshIntervalMs', () => {
  it('is 1 s under 1 minute', () => {
    expect(refreshIntervalMs(ago(0), now)).toBe(1000);
    expect(refreshIntervalMs(ago(59 * SEC), now)).toBe(1000);
  });

  it('is 30 s from 1 minute to under 60 minutes', () => {
    expect(refreshIntervalMs(ago(60 * SEC), now)).toBe(30_000);
    expect(refreshIntervalMs(ago(59 * MIN + 59 * SEC), now)).toBe(30_000);
  });

  it('is 300 s from 60 minutes to under 180 minutes', () => {
    expect(refreshIntervalMs(ago(60 * MIN), now)).toBe(300_000);
    expect(refreshIntervalMs(ago(179 * MIN), now)).toBe(300_000);
  });

  it('is 3600 s from 180 minutes on', () => {
    expect(refreshIntervalMs(ago(180 * MIN), now)).toBe(3_600_000);
    expect(refreshIntervalMs(ago(30 * 24 * 60 * MIN), now)).toBe(3_600_000);
  });

  it('measures future times the same way', () => {
    expect(refreshIntervalMs(now + 10 * MIN, now)).toBe(30_000);
  });
});

describe('formatRelativeTime', () => {
  it('uses the largest whole unit', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('now');
    expect(formatRelativeTime(ago(45 * SEC), now)).toBe('45 seconds ago');
    expect(formatRelativeTime(ago(5 * MIN + 59 * SEC), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(119 * MIN), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(26 * 60 * MIN), now)).toBe('yesterday');
    expect(formatRelativeTime(now + 3 * 60 * MIN, now)).toBe('in 3 hours');
  });

  it('turns app locale ids into BCP 47 tags', () => {
    expect(toBcp47('en_CA')).toBe('en-CA');
    expect(formatRelativeTime(ago(2 * MIN), now, toBcp47('en_US'))).toBe('2 minutes ago');
  });
});
