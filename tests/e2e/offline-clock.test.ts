// Issue 4's journey: event staff clock a whole shift with no connection; every entry reaches the
// server exactly once when it returns — across a reload, a closed tab and two open tabs.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { launchProfile, signIn } from './browser';
import { recordMutations, serverEntries } from './server-checks';

const baseUrl = inject('baseUrl');

interface ServerEntry {
  Id: number;
  IsBreak: boolean;
  StartTime: string;
  EndTime: string | null;
}

/** Today's entries on the Clock that exist only on the phone so far (temporary ids are negative). */
const KEPT_ON_PHONE = '[data-testid="today-entries"] [data-entry-id^="-"]';

async function openClock(page: Page) {
  await page.goto('/time/clock');
  await page.getByTestId('clock-card').waitFor();
}

async function chooseProgram(page: Page) {
  // The phone's own picker: the first program after the "Choose…" prompt.
  await page.getByLabel('Program', { exact: true }).first().selectOption({ index: 1 });
}

const cardState = (page: Page) => page.getByTestId('clock-card').getAttribute('data-state');

/** A phone with a real profile, signed in as `staff` and controlled by the service worker on the Clock. */
async function staffPhone(): Promise<Awaited<ReturnType<typeof launchProfile>>> {
  const profile = await launchProfile(baseUrl, 'phone');
  await profile.context.grantPermissions(['geolocation'], { origin: baseUrl });
  await profile.context.setGeolocation({ latitude: 43.6476, longitude: -79.3855, accuracy: 12 });
  const page = profile.page;
  await page.goto('/account/login?returnUrl=%2Ftime%2Fclock');
  await signIn(page, 'staff');
  await page.getByTestId('clock-card').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await openClock(page); // controlled by the service worker from here on; lookups cached
  return profile;
}

describe('offline clock', () => {
  let profile: Awaited<ReturnType<typeof launchProfile>> | undefined;
  afterEach(async () => {
    await profile?.close();
    profile = undefined;
  });

  it('a whole shift clocked offline arrives once, after a reload and a closed tab', async () => {
    profile = await staffPhone();
    const { context } = profile;
    const page = profile.page;
    const before = await serverEntries<ServerEntry>('staff');
    const sent = recordMutations(context);

    await context.setOffline(true);
    await chooseProgram(page);
    await page.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => cardState(page)).toBe('working');
    await page.getByRole('button', { name: 'Start break' }).click();
    await expect.poll(() => cardState(page)).toBe('onBreak');
    await page.getByRole('button', { name: 'End break' }).click();
    await expect.poll(() => cardState(page)).toBe('working');
    await page.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => cardState(page)).toBe('off');
    expect(await page.getByTestId('sync-chip').getAttribute('data-online')).toBe('false');
    expect(Number(await page.getByTestId('sync-chip').getAttribute('data-pending'))).toBe(4);

    // Reload with no connection: the app comes from the service worker, the entries from IndexedDB.
    await page.reload();
    await page.getByTestId('clock-card').waitFor();
    // The two entries kept on the phone (temporary, negative ids): entries other journeys made today
    // through the server may be listed beside them.
    await expect.poll(() => page.locator(KEPT_ON_PHONE).count()).toBe(2);

    // Close the tab and open a new one, still offline.
    await page.close();
    const again = await context.newPage();
    await openClock(again);
    await expect.poll(() => again.locator(KEPT_ON_PHONE).count()).toBe(2);
    expect(await serverEntries<ServerEntry>('staff', before)).toHaveLength(0);
    expect(sent).toEqual([]);

    // Back online: everything is sent, once.
    await context.setOffline(false);
    await expect
      .poll(() => again.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    const entries = await serverEntries<ServerEntry>('staff', before);
    expect(entries).toHaveLength(2);
    expect(entries.filter((e) => e.IsBreak)).toHaveLength(1);
    expect(entries.every((e) => e.EndTime !== null)).toBe(true);
    // Four changes, each received by the server once (a second send would repeat a key).
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((r) => r.key)).size).toBe(4);
    // The list now shows the server's two entries, once each, and nothing kept on the phone.
    await expect.poll(() => again.locator(KEPT_ON_PHONE).count()).toBe(0);
    for (const entry of entries)
      await expect
        .poll(() => again.locator(`[data-testid="today-entries"] [data-entry-id="${entry.Id}"]`).count())
        .toBe(1);
  });

  it('two open tabs never send the same change twice', async () => {
    profile = await staffPhone();
    const { context } = profile;
    const a = profile.page;
    const b = await context.newPage();
    await openClock(b);
    const before = await serverEntries<ServerEntry>('staff');
    // Counted as the server receives them: its deduplication by key would hide a second send
    // from a count of rows.
    const sent = recordMutations(context);

    await context.setOffline(true);
    await chooseProgram(a);
    await a.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => cardState(a)).toBe('working');
    // The other tab sees the same device state.
    await expect.poll(() => cardState(b)).toBe('working');
    await b.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => cardState(a)).toBe('off');
    expect(sent).toEqual([]);
    await context.setOffline(false);
    await Promise.all([a, b].map((p) => p.evaluate(() => window.dispatchEvent(new Event('online')))));
    await expect
      .poll(() => a.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    await expect
      .poll(() => b.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    const entries = await serverEntries<ServerEntry>('staff', before);
    expect(entries.filter((e) => !e.IsBreak)).toHaveLength(1);
    // The clock-in and the clock-out, each sent by one tab only, once.
    expect(sent.map((r) => r.method)).toEqual(['POST', expect.stringMatching(/^(PUT|PATCH|POST)$/)]);
    expect(new Set(sent.map((r) => r.key)).size).toBe(2);
  });
});
