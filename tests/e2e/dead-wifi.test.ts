// "Dead Wi-Fi": the phone is on a network that carries nothing — every request to the server fails —
// while the browser still says it is online. The chip must say there is no connection, a clock-in is
// queued and kept, the token is not asked for again and again, and once requests get through again the
// "using the copy saved" banner clears by itself and the clock-in reaches the server exactly once.
import type { Page, Route } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { launchProfile, signIn } from './browser';
import { recordMutations, serverEntries } from './server-checks';

const baseUrl = inject('baseUrl');

interface ServerEntry {
  Id: number;
  IsBreak: boolean;
  EndTime: string | null;
}

const chip = (page: Page) => page.getByTestId('sync-chip');
const cardState = (page: Page) => page.getByTestId('clock-card').getAttribute('data-state');
const savedCopyBanner = (page: Page) => page.getByText('Offline: using the copy saved');

describe('dead Wi-Fi', () => {
  let profile: Awaited<ReturnType<typeof launchProfile>> | undefined;
  afterEach(async () => {
    await profile?.close();
    profile = undefined;
  });

  it('says there is no connection, keeps a clock-in, and sends it once when requests get through', async () => {
    profile = await launchProfile(baseUrl, 'phone');
    const { context, page } = profile;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ latitude: 43.6476, longitude: -79.3855, accuracy: 12 });
    await page.goto('/account/login?returnUrl=%2Ftime%2Fclock');
    await signIn(page, 'staff');
    await page.getByTestId('clock-card').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Opened online once: the Clock's lookups and week are kept on the device.
    await page.goto('/time/clock');
    await page.getByTestId('clock-card').waitFor();
    await expect.poll(() => chip(page).getAttribute('data-online')).toBe('true');
    const before = await serverEntries<ServerEntry>('staff');
    const sent = recordMutations(context);

    // The Wi-Fi goes dead: every request to the server fails, the browser still says online.
    const tokenTries: number[] = [];
    const dead = (route: Route) => {
      if (route.request().url().includes('/api/auth/token')) tokenTries.push(Date.now());
      return route.abort('internetdisconnected');
    };
    await context.route('**/api/**', dead);
    const outageStart = Date.now();
    await page.reload();
    await page.getByTestId('clock-card').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect.poll(() => chip(page).getAttribute('data-online'), { timeout: 15_000 }).toBe('false');
    await expect.poll(() => chip(page).textContent()).toContain('No connection');
    await expect.poll(() => savedCopyBanner(page).count()).toBe(1);

    // A clock-in with no connection: queued and shown, nothing reaches the server.
    await page.getByLabel('Program', { exact: true }).first().selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => cardState(page)).toBe('working');
    await expect.poll(() => chip(page).getAttribute('data-pending')).toBe('1');
    expect(await chip(page).getAttribute('data-online')).toBe('false');

    // Some time without a connection: the token is asked for on the backoff, not by every read.
    await page.waitForTimeout(12_000);
    const outageSeconds = (Date.now() - outageStart) / 1000;
    expect(tokenTries.length).toBeGreaterThanOrEqual(1);
    expect(tokenTries.length).toBeLessThanOrEqual(6);
    expect(outageSeconds).toBeGreaterThan(12);
    expect(sent).toEqual([]);
    expect(await serverEntries<ServerEntry>('staff', before)).toHaveLength(0);
    // Nothing was lost meanwhile: the clock-in is still queued and still shown after a reload.
    await page.reload();
    await page.getByTestId('clock-card').waitFor();
    await expect.poll(() => cardState(page)).toBe('working');
    await expect.poll(() => chip(page).getAttribute('data-pending')).toBe('1');
    await expect.poll(() => chip(page).getAttribute('data-online'), { timeout: 15_000 }).toBe('false');

    // Requests get through again; nobody touches the phone (no online event: the browser never
    // said it was offline). The engine's probe finds the server on its backoff.
    await context.unroute('**/api/**', dead);
    await expect.poll(() => chip(page).getAttribute('data-online'), { timeout: 60_000 }).toBe('true');
    await expect.poll(() => chip(page).getAttribute('data-pending'), { timeout: 30_000 }).toBe('0');
    // The banner clears without a reload.
    await expect.poll(() => savedCopyBanner(page).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => cardState(page)).toBe('working');

    const entries = await serverEntries<ServerEntry>('staff', before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ IsBreak: false, EndTime: null });
    // The clock-in reached the server once: one request with its key.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST' });

    // The shift ends: the clock-out reaches the server too, and Sam is off the clock again (as the
    // other journeys of the staff user expect to find him).
    await page.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => cardState(page)).toBe('off');
    await expect.poll(() => chip(page).getAttribute('data-pending'), { timeout: 30_000 }).toBe('0');
    const closed = await serverEntries<ServerEntry>('staff', before);
    expect(closed).toHaveLength(1);
    expect(closed[0].EndTime).not.toBeNull();
  });
});
