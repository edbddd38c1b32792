// Field-ready from the first sign-in: on a fresh phone, a field user signs in online and waits on Home
// until the sync chip's menu says the device is ready for offline; then, with no connection, opens a
// field screen never opened before and works in it. When the connection returns, the server holds
// each change exactly once. The readiness menu is photographed at phone size (.tmp/field-ready/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchProfile, signIn } from './browser';
import { jumpTo, map, mapIdle, visibleMarker } from './leads-map';
import { api, employeeIdOf, recordMutations, serverEntries } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'field-ready');
const NOTE = `Field-ready knock ${Date.now()}`;

interface ServerEntry {
  Id: number;
  IsBreak: boolean;
  ParentTimeEntryID?: number | null;
  EndTime: string | null;
}

/**
 * Opens the sync chip's menu and waits until "Ready for offline" says every screen of the user and the
 * app itself are kept; photographs it; closes it. Returns the screens listed.
 */
async function waitUntilReady(page: Page, shot: string): Promise<string[]> {
  await page.getByTestId('sync-chip').click();
  const readiness = page.getByTestId('offline-readiness');
  await readiness.waitFor();
  await expect
    .poll(() => readiness.getAttribute('data-ready'), { timeout: 120_000, interval: 1000 })
    .toBe('true');
  await page.getByTestId('storage-used').waitFor();
  await page.screenshot({ path: join(shots, shot) });
  const states = await readiness
    .locator('[data-testid^="ready-"][data-ready]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('sync-menu').isVisible()).toBe(false);
  return states.filter((s): s is string => s !== null).map((s) => s.replace(/^ready-/, ''));
}

const cardState = (page: Page) => page.getByTestId('clock-card').getAttribute('data-state');
const pendingChip = (page: Page) => page.getByTestId('sync-chip').getAttribute('data-pending');

type LeadsMapWindow = {
  __apexLeadsMap: {
    querySourceFeatures(
      s: string,
    ): { properties: Record<string, unknown>; geometry: { coordinates: unknown } }[];
    getZoom(): number;
  };
};

describe('field-ready from the first sign-in', () => {
  let profile: Awaited<ReturnType<typeof launchProfile>> | undefined;
  beforeAll(() => {
    mkdirSync(shots, { recursive: true });
  });
  afterEach(async () => {
    await profile?.close();
    profile = undefined;
  });

  it('staff clocks a shift offline on a Clock never opened online; the server gets it once', {
    timeout: 240_000,
  }, async () => {
    profile = await launchProfile(baseUrl, 'phone');
    const { context, page } = profile;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ latitude: 43.6476, longitude: -79.3855, accuracy: 12 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/account/login');
    await signIn(page, 'staff');
    await page.getByTestId('welcome').waitFor();
    const screens = await waitUntilReady(page, 'readiness-staff-phone.png');
    expect(screens).toEqual(['app', 'time.clock', 'time.week', 'scheduling.myEvents']);
    expect(new URL(page.url()).pathname).toBe('/');

    const before = await serverEntries<ServerEntry>('staff');
    const sent = recordMutations(context);
    await context.setOffline(true);
    // The Clock, opened for the first time, with no connection (a new page load: the app and its
    // data come from the device).
    await page.goto('/time/clock');
    await page.getByTestId('clock-card').waitFor();
    await page.getByLabel('Program', { exact: true }).first().selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Clock in' }).click();
    await expect.poll(() => cardState(page)).toBe('working');
    await page.getByRole('button', { name: 'Start break' }).click();
    await expect.poll(() => cardState(page)).toBe('onBreak');
    await page.getByRole('button', { name: 'End break' }).click();
    await expect.poll(() => cardState(page)).toBe('working');
    await page.getByRole('button', { name: 'Clock out' }).click();
    await expect.poll(() => cardState(page)).toBe('off');
    expect(Number(await pendingChip(page))).toBe(4);
    expect(sent).toEqual([]);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => pendingChip(page), { timeout: 60_000 }).toBe('0');
    const entries = await serverEntries<ServerEntry>('staff', before);
    const work = entries.filter((e) => !e.IsBreak);
    const breaks = entries.filter((e) => e.IsBreak);
    expect(work).toHaveLength(1);
    expect(breaks).toHaveLength(1);
    expect(entries.every((e) => e.EndTime !== null)).toBe(true);
    // Each change reached the server once (a second send would repeat a key).
    expect(new Set(sent.map((r) => r.key)).size).toBe(sent.length);
    expect(errors).toEqual([]);
  });

  it('a rep logs a knock offline on a leads map never opened online; the server gets it once', {
    timeout: 300_000,
  }, async () => {
    profile = await launchProfile(baseUrl, 'phone');
    const { context, page } = profile;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/account/login');
    await signIn(page, 'rep');
    await page.getByTestId('welcome').waitFor();
    const screens = await waitUntilReady(page, 'readiness-rep-phone.png');
    expect(screens).toContain('leads.map');
    // The rep works Toronto West End; other journeys may add groups that sort first in the picker, so
    // the map is told which group the rep last chose (a choice, not data: the data is what was warmed).
    const me = await employeeIdOf('rep');
    const groups = await api<{ LeadGroupID: number; Name: string }[]>('rep', 'lead-groups');
    const home = groups.find((g) => g.Name === 'Toronto West End');
    expect(home).toBeDefined();
    await page.evaluate(
      ({ id, groupId }) => localStorage.setItem(`apex.leads.group:${id}`, JSON.stringify(groupId)),
      { id: me, groupId: home!.LeadGroupID },
    );
    const sent = recordMutations(context);

    await context.setOffline(true);
    await page.goto('/leads');
    await mapIdle(page);
    // The rep's leads, from the copies kept on sign-in.
    await expect
      .poll(async () => Number(await map(page).getAttribute('data-feature-count')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('markers-offline').isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'leads-offline-phone.png') });
    // Zoom in on one of them (through the map's clusters) until it is drawn as itself, and tap it.
    let lead: { id: number; at: [number, number] } | null = null;
    for (let step = 0; step < 8 && lead === null; step++) {
      const found = await page.evaluate(() => {
        const m = (window as unknown as LeadsMapWindow).__apexLeadsMap;
        const features = m.querySourceFeatures('leads');
        const single = features.find(
          (x) =>
            typeof x.properties.id === 'number' && (x.properties.id as number) > 0 && !x.properties.cluster,
        );
        if (single)
          return {
            lead: { id: single.properties.id as number, at: single.geometry.coordinates as [number, number] },
          };
        const cluster = features.find((x) => x.properties.cluster);
        return {
          lead: null,
          cluster: cluster ? (cluster.geometry.coordinates as [number, number]) : null,
          zoom: m.getZoom(),
        };
      });
      lead = found.lead;
      if (lead === null) {
        expect(found.cluster).not.toBeNull();
        const [longitude, latitude] = found.cluster!;
        await jumpTo(page, { longitude, latitude }, Math.min(19, (found.zoom ?? 10) + 2));
      }
    }
    expect(lead).not.toBeNull();
    await jumpTo(page, { longitude: lead!.at[0], latitude: lead!.at[1] }, 19);
    await mapIdle(page);
    await expect.poll(() => visibleMarker(page, lead!.id), { timeout: 30_000 }).not.toBeNull();
    const target = await visibleMarker(page, lead!.id);
    await page.mouse.click(target!.x, target!.y);
    const card = page.getByTestId('lead-card');
    await expect.poll(() => card.getAttribute('data-lead-id')).toBe(String(lead!.id));
    await page.getByTestId('record-interaction').click();
    await page.getByLabel('New status', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Sold', exact: true }).click();
    await page.getByLabel('Note', { exact: true }).fill(NOTE);
    await page.getByTestId('save-interaction').click();
    await expect.poll(() => card.getAttribute('data-pending')).toBe('true');
    expect(sent).toEqual([]);
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => pendingChip(page), { timeout: 60_000 }).toBe('0');
    const saved = await api<{
      LeadStatus: { Name: string } | null;
      LeadActivityHistory: { Note: string | null }[];
    }>('rep', `leads/${lead!.id}`);
    expect(saved.LeadActivityHistory.filter((a) => a.Note === NOTE)).toHaveLength(1);
    expect(saved.LeadStatus?.Name).toBe('Sold');
    expect(sent.filter((r) => r.path === `/api/leads/${lead!.id}`)).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
