import { describe, expect, it } from 'vitest';
import { ACTIVITY_DATE_FORMAT, formatActivityDate, toDate } from '../../../src/lib/dates';

describe('dates', () => {
  it('formats activity dates as MMM d, yyyy at h:mm a', () => {
    expect(ACTIVITY_DATE_FORMAT).toBe("MMM d, yyyy 'at' h:mm a");
    expect(formatActivityDate(new Date(2025, 2, 4, 15, 5))).toBe('Mar 4, 2025 at 3:05 PM');
    expect(formatActivityDate(new Date(2024, 11, 31, 0, 30))).toBe('Dec 31, 2024 at 12:30 AM');
    expect(formatActivityDate(new Date(2026, 8, 9, 12, 0))).toBe('Sep 9, 2026 at 12:00 PM');
    expect(formatActivityDate(new Date(2026, 0, 1, 11, 59))).toBe('Jan 1, 2026 at 11:59 AM');
    expect(formatActivityDate(new Date(987, 5, 1, 23, 7))).toBe('Jun 1, 0987 at 11:07 PM');
  });

  it('reads a bare wire date as local midnight', () => {
    const date = toDate('2025-03-14');
    expect(date?.getFullYear()).toBe(2025);
    expect(date?.getMonth()).toBe(2);
    expect(date?.getDate()).toBe(14);
    expect(date?.getHours()).toBe(0);
  });

  it('gives null or an empty text for missing and invalid dates', () => {
    expect(toDate(null)).toBeNull();
    expect(toDate('not a date')).toBeNull();
    expect(formatActivityDate(undefined)).toBe('');
  });
});
