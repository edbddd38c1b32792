import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from '../../../src/ui/relative-time';
import { renderUi, testI18n } from './render';

const START = new Date('2025-06-01T12:00:00Z').getTime();
const SEC = 1000;
const MIN = 60 * SEC;

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('RelativeTime', () => {
  beforeEach(async () => {
    await testI18n(); // initialise with real timers
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes every second under a minute', async () => {
    await renderUi(<RelativeTime date={START - 50 * SEC} />);
    expect(screen.getByText('50 seconds ago')).toBeTruthy();
    await advance(SEC);
    expect(screen.getByText('51 seconds ago')).toBeTruthy();
    await advance(9 * SEC);
    expect(screen.getByText('1 minute ago')).toBeTruthy();
  });

  it('refreshes only every 30 s under 60 minutes', async () => {
    await renderUi(<RelativeTime date={START - (59 * MIN + 40 * SEC)} />);
    expect(screen.getByText('59 minutes ago')).toBeTruthy();
    // The hour is reached after 20 s, but the next refresh is due at 30 s.
    await advance(20 * SEC);
    expect(screen.getByText('59 minutes ago')).toBeTruthy();
    await advance(10 * SEC);
    expect(screen.getByText('1 hour ago')).toBeTruthy();
  });

  it('refreshes every 300 s under 180 minutes, then hourly', async () => {
    await renderUi(<RelativeTime date={START - (119 * MIN + 30 * SEC)} />);
    expect(screen.getByText('1 hour ago')).toBeTruthy();
    await advance(299 * SEC);
    expect(screen.getByText('1 hour ago')).toBeTruthy();
    await advance(SEC);
    expect(screen.getByText('2 hours ago')).toBeTruthy();

    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    await advance(60 * MIN); // now past 180 minutes
    expect(setTimeoutSpy.mock.lastCall?.[1]).toBe(3_600_000);
  });

  it('carries the exact time for machines and as a tooltip', async () => {
    const date = new Date(2025, 4, 31, 9, 15);
    await renderUi(<RelativeTime date={date} />);
    const time = document.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(date.toISOString());
    expect(time?.getAttribute('title')).toBe('May 31, 2025 at 9:15 AM');
  });

  it('shows the fallback without a valid date and schedules nothing', async () => {
    await renderUi(<RelativeTime date={null} fallback="never" />);
    expect(screen.getByText('never')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
