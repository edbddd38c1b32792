// "Ready for offline" as the user reads it: per screen they may open, ready with when it was saved, or
// what is missing and why; a full disk explained; the storage used; "Prepare for offline" warms now.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/api-client';
import { OfflineReadiness } from '../../../src/features/sync/offline-readiness';
import { clearUser, setMeta } from '../../../src/offline/db';
import {
  type ReadinessRecord,
  readinessKey,
  setWarmUpRunner,
  WarmUpRunner,
} from '../../../src/offline/warm-up';
import { renderApp } from '../ui/render-app';

const USER = '4242';
const NOW = Date.UTC(2030, 0, 9, 12, 0, 0);

const renderReadiness = () =>
  renderApp(<OfflineReadiness />, {
    identity: { EmployeeID: Number(USER), FullName: 'Sam Taylor' },
    grants: ['navigation:timeClock', 'navigation:timesheet', 'navigation:myEvents'],
  });

let runner: WarmUpRunner;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  runner = new WarmUpRunner({
    api: {} as ApiClient,
    queryClient: new QueryClient(),
    screensFor: async () => [],
    loadCode: false,
  });
  setWarmUpRunner(runner);
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: {
      estimate: async () => ({ usage: 5 * 1024 * 1024, quota: 10 * 1024 ** 3 }),
      persisted: async () => false,
      persist: async () => true,
    },
  });
});
afterEach(async () => {
  cleanup();
  setWarmUpRunner(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
  await clearUser(USER);
});

describe('Ready for offline', () => {
  it('lists each screen the user may open: saved, missing with why, or not saved yet', async () => {
    const record: ReadinessRecord = {
      at: NOW,
      storageFull: false,
      screens: {
        'time.clock': { savedAt: NOW - 120_000, missing: [], reason: null, checkedAt: NOW - 120_000 },
        'time.week': {
          savedAt: null,
          missing: ['thisWeek', 'payPeriods'],
          reason: 'offline',
          checkedAt: NOW,
        },
      },
    };
    await setMeta(readinessKey(USER), record, undefined, USER);
    await renderReadiness();

    const clock = await screen.findByTestId('ready-time.clock', {}, { timeout: 10_000 });
    await waitFor(() => expect(clock.textContent).toContain('Ready · saved 2 minutes ago'));
    expect(clock.getAttribute('data-ready')).toBe('true');
    const week = screen.getByTestId('ready-time.week');
    expect(week.getAttribute('data-ready')).toBe('false');
    expect(within(week).getByText(/Missing: this week, pay periods — No connection/)).toBeTruthy();
    const events = screen.getByTestId('ready-scheduling.myEvents');
    expect(events.textContent).toContain('Not saved on this device yet');
    // Leads are not this user's: not listed.
    expect(screen.queryByTestId('ready-leads.map')).toBeNull();
    expect(screen.getByTestId('offline-readiness').getAttribute('data-ready')).toBe('false');
    expect(screen.queryByTestId('storage-full')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('storage-used').textContent).toBe('Storage used: 5 MB of 10 GB'),
    );
    expect(screen.getByText(/The browser may clear what is saved/)).toBeTruthy();
  });

  it('says when the disk is full, in words, and that unsent changes are safe', async () => {
    await setMeta(
      readinessKey(USER),
      {
        at: NOW,
        storageFull: true,
        screens: {
          'time.clock': { savedAt: null, missing: ['clockLookups'], reason: 'storageFull', checkedAt: NOW },
        },
      } satisfies ReadinessRecord,
      undefined,
      USER,
    );
    await renderReadiness();
    const alert = await screen.findByTestId('storage-full');
    await screen.findByTestId('ready-time.clock', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('This device is out of storage space');
    expect(alert.textContent).toContain('Your unsent changes are safe on this device');
    expect(screen.getByTestId('ready-time.clock').textContent).toContain('The device is out of space.');
  });

  it('"Prepare for offline" warms now for the user, even right after a complete run', async () => {
    const run = vi.spyOn(runner, 'run').mockResolvedValue(null);
    await renderReadiness();
    fireEvent.click(await screen.findByTestId('prepare-offline'));
    expect(run).toHaveBeenCalledWith(USER, { force: true });
  });
});
