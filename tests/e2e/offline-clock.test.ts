// Issue 4's journey: event staff clock a whole shift with no connection; every entry reaches the
// server exactly once when it returns — across a reload, a closed tab and two open tabs.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchProfile, signIn } from './browser';

const baseUrl = inject('baseUrl');

async function serverEntriesToday(
  user: string,
): Promise<{ IsBreak: boolean; StartTime: string; EndTime: string | null }[]> {
  const login = await fetch(`${baseUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName: user, Password: 'Demo!2026apex' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const token = await (
    await fetch(`${baseUrl}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ clientId: 'apex-pwa' }),
    })
  ).json();
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const res = await fetch(`${baseUrl}/api/time-entries?startDate=${today}&endDate=${today}&pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as {
    Items: { IsBreak: boolean; StartTime: string; EndTime: string | null }[];
  };
  return body.Items;
}

async function openClock(page: Page) {
  await page.goto('/time/clock');
  await page.getByTestId('clock-card').waitFor();
}

async function chooseProgram(page: Page) {
  // The phone's own picker: the first program after the "Choose…" prompt.
  await page.getByLabel('Program', { exact: true }).first().selectOption({ index: 1 });
}

const cardState = (page: Page) => page.getByTestId('clock-card').getAttribute('data-state');

describe('offline clock', () => {
  let profile: Awaited<ReturnType<typeof launchProfile>>;
  let context: BrowserContext;
  beforeAll(async () => {
    profile = await launchProfile(baseUrl, 'phone');
    context = profile.context;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ latitude: 43.6476, longitude: -79.3855, accuracy: 12 });
  });
  afterAll(() => profile?.close());

  it('a whole shift clocked offline arrives once, after a reload and a closed tab', async () => {
    const page = profile.page;
    await page.goto('/account/login?returnUrl=%2Ftime%2Fclock');
    await signIn(page, 'staff');
    await page.getByTestId('clock-card').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await openClock(page); // controlled by the service worker from here on; lookups cached

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
    await expect.poll(() => page.locator('[data-testid="today-entries"] [data-entry-id]').count()).toBe(2);

    // Close the tab and open a new one, still offline.
    await page.close();
    const again = await context.newPage();
    await openClock(again);
    await expect.poll(() => again.locator('[data-testid="today-entries"] [data-entry-id]').count()).toBe(2);
    expect(await serverEntriesToday('staff')).toHaveLength(0);

    // Back online: everything is sent, once.
    await context.setOffline(false);
    await expect
      .poll(() => again.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    const entries = await serverEntriesToday('staff');
    expect(entries).toHaveLength(2);
    expect(entries.filter((e) => e.IsBreak)).toHaveLength(1);
    expect(entries.every((e) => e.EndTime !== null)).toBe(true);
    await expect.poll(() => again.locator('[data-testid="today-entries"] [data-entry-id]').count()).toBe(2);
  });

  it('two open tabs never send the same change twice', async () => {
    const a = context.pages()[0] ?? (await context.newPage());
    const b = await context.newPage();
    await openClock(a);
    await openClock(b);
    await context.setOffline(true);
    await a.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => cardState(a)).toBe('working');
    // The other tab sees the same device state.
    await expect.poll(() => cardState(b)).toBe('working');
    await b.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => cardState(a)).toBe('off');
    await context.setOffline(false);
    await Promise.all([a, b].map((p) => p.evaluate(() => window.dispatchEvent(new Event('online')))));
    await expect
      .poll(() => a.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    await expect
      .poll(() => b.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
      .toBe('0');
    const entries = await serverEntriesToday('staff');
    expect(entries.filter((e) => !e.IsBreak)).toHaveLength(2);
  });
});
