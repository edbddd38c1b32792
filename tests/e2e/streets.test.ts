// Streets on the leads map, on a phone: the server serves a street archive built in the suite (a
// synthetic grid around the demo offices, tests/helpers/street-grid.ts). The rep sees streets, saves
// the Toronto West End for offline (the size shown first), loses the connection, and pans and zooms
// within it: every street tile comes from the device, none fails. Outside the saved area the built-in
// basemap still draws the land. No request leaves the server at any time.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streetGridArchive } from '../helpers/street-grid';
import { launchProfile, signIn } from './browser';
import { type RunningServer, startServer } from './server';

const shots = join(import.meta.dirname, '..', '..', '.tmp', 'streets');
// Little Italy and Harbord Village (the West End's territories).
const WEST_END = { longitude: -79.408, latitude: 43.661 };
const CALGARY = { longitude: -114.0708, latitude: 50.9857 };

type MapHandle = {
  jumpTo(o: unknown): void;
  once(e: string, f: () => void): void;
  triggerRepaint(): void;
  queryRenderedFeatures(o: { layers: string[] }): unknown[];
  getLayer(id: string): unknown;
};

async function jumpTo(page: Page, center: { latitude: number; longitude: number }, zoom: number) {
  await page.evaluate(
    ({ c, z }) =>
      new Promise<void>((resolve) => {
        const m = (window as unknown as { __apexLeadsMap: MapHandle }).__apexLeadsMap;
        m.once('idle', () => resolve());
        m.jumpTo({ center: [c.longitude, c.latitude], zoom: z });
      }),
    { c: center, z: zoom },
  );
}

/** How many features of these layers are drawn on screen. */
function drawn(page: Page, layers: string[]) {
  return page.evaluate((ids) => {
    const m = (window as unknown as { __apexLeadsMap: MapHandle }).__apexLeadsMap;
    return m.queryRenderedFeatures({ layers: ids.filter((id) => m.getLayer(id)) }).length;
  }, layers);
}

describe('streets on the leads map (phone)', () => {
  let server: RunningServer;
  let profile: Awaited<ReturnType<typeof launchProfile>>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    const dir = mkdtempSync(join(tmpdir(), 'apex-streets-'));
    const archive = join(dir, 'grid.pmtiles');
    writeFileSync(archive, streetGridArchive());
    server = await startServer({ MAP_TILES: archive });
    profile = await launchProfile(server.url, 'phone');
    await profile.page.goto('/account/login');
    await signIn(profile.page, 'rep');
    await profile.page.getByTestId('welcome').waitFor({ timeout: 60_000 });
  }, 180_000);

  afterAll(async () => {
    await profile?.close();
    await server?.stop();
  });

  it('the rep saves the West End, goes offline, and pans and zooms in it with every street tile from the device', {
    timeout: 300_000,
  }, async () => {
    const page = profile.page;
    const outside: string[] = [];
    const failedTiles: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(server.url) && !/^(data|blob):/.test(url)) outside.push(url);
    });
    page.on('requestfailed', (r) => {
      if (/\/tiles\//.test(r.url())) failedTiles.push(`${r.failure()?.errorText ?? 'failed'} ${r.url()}`);
    });
    page.on('response', (r) => {
      if (/\/tiles\//.test(r.url()) && r.status() >= 400) failedTiles.push(`${r.status()} ${r.url()}`);
    });

    await page.goto('/leads');
    const map = page.getByTestId('leads-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 60_000 }).toBe('true');
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(await map.getAttribute('data-basemap')).toBe('streets');
    await jumpTo(page, WEST_END, 15);
    expect(await drawn(page, ['roads_minor', 'roads_major'])).toBeGreaterThan(0);

    // Save map for offline: the size first, then the tiles.
    await page.getByTestId('map-options').click();
    await page.getByTestId('save-streets-button').click();
    const estimate = page.getByTestId('streets-estimate');
    await estimate.waitFor({ timeout: 30_000 });
    expect(await estimate.textContent()).toMatch(/^Toronto West End, zoom 10–15: \d+(\.\d)? (KB|MB)$/);
    await page.screenshot({ path: join(shots, 'save-estimate-phone.png') });
    await page.getByTestId('streets-confirm').click();
    await page.getByTestId('save-streets-button').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('streets-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('streets-saved').textContent()).toMatch(/Toronto West End/);
    await page.getByTestId('map-options').click();
    await page.getByTestId('save-streets').waitFor({ state: 'hidden' });
    expect(failedTiles).toEqual([]);

    // No connection: pan and zoom within the West End.
    await profile.context.setOffline(true);
    for (const [dLng, dLat, zoom] of [
      [0, 0, 14],
      [0.004, 0.002, 14.5],
      [-0.004, 0.003, 15],
      [0.002, -0.002, 15.5],
    ] as const) {
      await jumpTo(page, { longitude: WEST_END.longitude + dLng, latitude: WEST_END.latitude + dLat }, zoom);
      expect(await drawn(page, ['roads_minor', 'roads_major']), `zoom ${zoom}`).toBeGreaterThan(0);
    }
    await page.screenshot({ path: join(shots, 'offline-west-end-phone.png') });
    expect(failedTiles).toEqual([]);

    // Outside the saved area: no streets, but the built-in basemap still draws the land.
    await jumpTo(page, CALGARY, 14);
    expect(await drawn(page, ['roads_minor', 'roads_major'])).toBe(0);
    expect(await drawn(page, ['basemap-land'])).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'offline-outside-phone.png') });
    await profile.context.setOffline(false);

    expect(outside).toEqual([]);
  });
});
