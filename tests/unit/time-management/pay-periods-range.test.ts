// periodsBetween ends on any input: a range running past year 9999 (where YYYY-MM-DD text order
// breaks) stops instead of looping, and a malformed date is refused.
import { describe, expect, it } from 'vitest';
import { periodsBetween } from '../../../server/domain/time-management/pay-periods';

describe('periodsBetween bounds', () => {
  it('stops at year 9999 instead of looping forever', () => {
    const periods = periodsBetween('9999-11-01', '9999-12-31', 4);
    expect(periods.length).toBeGreaterThan(0);
    expect(periods.length).toBeLessThan(5);
    expect(periods.every((p) => /^\d{4}-/.test(p.start))).toBe(true);
  });

  it('refuses dates that are not YYYY-MM-DD', () => {
    expect(() => periodsBetween('+010000-01-01', '9999-12-31', 1)).toThrow(RangeError);
  });
});
