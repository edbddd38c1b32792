// An office's "today" is its calendar day in its time zone, whatever the device's zone.
import { describe, expect, it } from 'vitest';
import { dayInZone, isTimeZone } from '../../../src/contract/organisation';

describe('dayInZone', () => {
  it('is the office’s day, not UTC’s or the device’s', () => {
    // 04:30 UTC on March 8: still the evening of March 7 in Toronto and Los Angeles.
    const at = new Date('2026-03-08T04:30:00Z');
    expect(dayInZone('America/Toronto', at)).toBe('2026-03-07');
    expect(dayInZone('America/Los_Angeles', at)).toBe('2026-03-07');
    expect(dayInZone('UTC', at)).toBe('2026-03-08');
    // Toronto just after midnight on the daylight-saving day (2026-03-08, 02:00 → 03:00).
    expect(dayInZone('America/Toronto', new Date('2026-03-08T05:01:00Z'))).toBe('2026-03-08');
    expect(dayInZone('America/Vancouver', new Date('2026-11-01T07:59:00Z'))).toBe('2026-11-01');
  });

  it('answers null for a zone the runtime does not know', () => {
    expect(dayInZone('Mars/Olympus', new Date('2026-03-08T04:30:00Z'))).toBeNull();
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('America/Edmonton')).toBe(true);
  });
});
