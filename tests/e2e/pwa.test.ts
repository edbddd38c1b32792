import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, launchProfile, newPage, signIn } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('installable PWA', () => {
  it('Chromium reports no installability errors, and the manifest is complete', async () => {
    const { page, context, close } = await launchProfile(baseUrl, 'phone');
    await page.goto('/account/login');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      short_name: 'Apex',
      display: 'standalone',
      start_url: '/',
      theme_color: '#1c7ed6',
    });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    await close();
  });

  it('the app shell loads from the service worker with no connection; /api/ is never answered with the shell', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login');
    await signIn(page, 'staff');
    await page.getByTestId('welcome').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(); // now controlled by the service worker
    await page.getByTestId('welcome').waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('sync-chip').getAttribute('data-online')).toBe('false');
    // A fetch of /api/ with no connection fails as the network does: never the shell, nor any cache.
    const offlineFetch = await page.evaluate(() =>
      fetch('/api/app/states-not-a-route').then(
        (res) => `answered ${res.status} ${res.headers.get('content-type') ?? ''}`,
        (error: unknown) => `failed ${error instanceof TypeError}`,
      ),
    );
    expect(offlineFetch).toBe('failed true');
    // Nor is a navigation to /api/ answered with the shell: offline it fails like any page not cached.
    const offlineNavigation = await page.goto('/api/app/states-not-a-route').then(
      () => 'answered',
      (error: Error) => error.message,
    );
    expect(offlineNavigation).toMatch(/ERR_INTERNET_DISCONNECTED/);
    // Online, the same navigation reaches the server, which answers with its JSON 404.
    await context.setOffline(false);
    const online = await page.goto('/api/app/states-not-a-route');
    expect(online?.fromServiceWorker()).toBe(false);
    expect(online?.status()).toBe(404);
    expect(online?.headers()['content-type']).toMatch(/^application\/json/);
    await context.close();
  });
});
