// Issue 6's journey: a rep on a phone works the leads map with no signal — logs a knock and adds a new
// door — reloads offline (the map, its markers and the queued changes come back from the device), and
// when the connection returns the server has each change exactly once and the card shows it. Then the
// map is drawn in the three marker styles (screenshots under .tmp/leads/). And with more leads in view
// than one answer carries, the map still shows where every lead is, grouped with true counts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchProfile, signIn } from './browser';
import { jumpTo, LITTLE_ITALY, map, mapIdle, visibleMarker } from './leads-map';
import { api, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'leads');
const NOTE = `Offline knock e2e ${Date.now()}`;
const STREET = `${Date.now() % 100000} E2E Clinton St`;
// Where the rep stands.
const HERE = LITTLE_ITALY;

/** Waits until the leads the map holds stop changing: the markers of the view have all arrived. */
async function markersSettled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        await mapIdle(page);
        const now = Number(await map(page).getAttribute('data-feature-count'));
        const settled = now > 0 && now === last;
        last = now;
        return settled;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

async function sourceProps(page: Page, id: number) {
  return page.evaluate((wanted) => {
    const m = (
      window as unknown as {
        __apexLeadsMap: { querySourceFeatures(s: string): { properties: Record<string, unknown> }[] };
      }
    ).__apexLeadsMap;
    return m.querySourceFeatures('leads').find((f) => f.properties.id === wanted)?.properties ?? null;
  }, id);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const pendingChip = (page: Page) => page.getByTestId('sync-chip').getAttribute('data-pending');

describe('leads map offline', () => {
  let profile: Awaited<ReturnType<typeof launchProfile>>;
  let context: BrowserContext;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    profile = await launchProfile(baseUrl, 'phone');
    context = profile.context;
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ ...HERE, accuracy: 8 });
    // Signed in here, for every journey below: none relies on an earlier one having done it.
    await profile.page.goto('/account/login');
    await signIn(profile.page, 'rep');
    await profile.page.getByTestId('welcome').waitFor();
  });
  afterAll(() => profile?.close());

  it('a knock and a new lead made offline survive a reload and reach the server once', {
    timeout: 300_000,
  }, async () => {
    const page = profile.page;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/leads');
    await mapIdle(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Controlled by the service worker from here on: the map's code and basemap get cached at run time.
    await page.reload();
    await mapIdle(page);
    await jumpTo(page, HERE, 17.2);
    await expect
      .poll(async () => Number(await map(page).getAttribute('data-rendered-markers')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const target = await visibleMarker(page);
    expect(target).not.toBeNull();
    const leadId = target!.id;

    await context.setOffline(true);
    await page.mouse.click(target!.x, target!.y);
    const card = page.getByTestId('lead-card');
    await expect.poll(() => card.getAttribute('data-lead-id')).toBe(String(leadId));
    await page.getByTestId('record-interaction').click();
    await choose(page, 'New status', 'Sold');
    await page.getByLabel('Note', { exact: true }).fill(NOTE);
    await page.getByTestId('save-interaction').click();
    // The marker changes at once and waits for the server.
    await expect.poll(() => card.getAttribute('data-pending')).toBe('true');
    await expect.poll(async () => (await sourceProps(page, leadId))?.pending).toBe(1);
    expect((await sourceProps(page, leadId))?.inner).toBe('#2f9e44');
    await expect.poll(() => card.getByTestId('lead-activity').textContent()).toContain('Sold');
    await page.keyboard.press('Escape');

    // A new door where the rep stands, with the Rogers promo code.
    await page.getByTestId('new-lead').click();
    await expect.poll(() => page.getByTestId('new-lead-place').textContent()).toContain('At your position');
    await page.getByLabel('Street address', { exact: false }).first().fill(STREET);
    await page.getByTestId('lead-data-New Offer').fill('RGR-E2E');
    await choose(page, 'New status', 'Interested');
    await page.getByTestId('save-new-lead').click();
    await expect.poll(() => page.getByTestId('lead-card').getAttribute('data-lead-id')).toMatch(/^-\d+$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => pendingChip(page)).toBe('2');
    await expect.poll(() => page.getByTestId('map-pending').textContent()).toContain('2');

    // Reload with no connection: the map and the markers come back from the device.
    await page.reload();
    await mapIdle(page);
    await expect
      .poll(async () => Number(await map(page).getAttribute('data-feature-count')), { timeout: 30_000 })
      .toBeGreaterThan(10);
    await expect.poll(() => page.getByTestId('markers-offline').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('map-pending').textContent()).toContain('2');
    expect(await pendingChip(page)).toBe('2');

    // Opened afresh on the Clock, which does not load the leads code: the queued changes load the code
    // that sends them. Back online: both changes are sent, once.
    await page.goto('/time/clock');
    await page.getByTestId('clock-card').waitFor();
    await expect.poll(() => pendingChip(page)).toBe('2');
    await context.setOffline(false);
    await expect.poll(() => pendingChip(page), { timeout: 60_000 }).toBe('0');
    const lead = await api<{
      LeadStatus: { Name: string } | null;
      LeadActivityHistory: { Note: string | null }[];
    }>('rep', `leads/${leadId}`);
    expect(lead.LeadActivityHistory.filter((a) => a.Note === NOTE)).toHaveLength(1);
    expect(lead.LeadStatus?.Name).toBe('Sold');
    const created = await api<{
      TotalCount: number;
      Items: { LeadID: number; Data: Record<string, string> }[];
    }>('rep', `leads?search=${encodeURIComponent(STREET)}&pageSize=10`);
    expect(created.TotalCount).toBe(1);
    expect(created.Items[0].Data).toEqual({ 'New Offer': 'RGR-E2E' });

    // The card shows the knock from the server's history.
    await page.goto('/leads');
    await mapIdle(page);
    await jumpTo(page, HERE, 17.2);
    const again = await visibleMarker(page, leadId);
    expect(again).not.toBeNull();
    await page.mouse.click(again!.x, again!.y);
    await expect.poll(() => card.getAttribute('data-pending')).toBe('false');
    const activity = card.getByTestId('lead-activity');
    await expect.poll(() => activity.textContent()).toContain('by Riley Chen');
    await activity.getByRole('button', { name: 'Sold' }).first().click();
    await expect.poll(() => activity.textContent()).toContain(NOTE);
    expect(await activity.textContent()).not.toContain('waiting to be sent');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('draws the three marker styles', { timeout: 120_000 }, async () => {
    const page = profile.page;
    await page.goto('/leads');
    await mapIdle(page);
    await jumpTo(page, HERE, 17.2);
    const layerType = { 1: 'symbol', 2: 'symbol', 3: 'circle' } as const;
    const STYLE_LABELS = { 1: 'Pin', 2: 'Coloured pin', 3: 'Two-toned' } as const;
    const counts: number[] = [];
    const mapWarnings: string[] = [];
    page.on('console', (m) => {
      if (/could not be loaded|Error/.test(m.text()) && !m.text().includes('GL Driver'))
        mapWarnings.push(m.text());
    });
    for (const style of [1, 2, 3] as const) {
      await page.getByTestId('map-options').click();
      await page.getByTestId('marker-style').getByText(STYLE_LABELS[style], { exact: true }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => map(page).getAttribute('data-marker-style')).toBe(String(style));
      await mapIdle(page);
      await expect.poll(() => map(page).getAttribute('data-marker-layer')).toBe(layerType[style]);
      await expect
        .poll(async () => Number(await map(page).getAttribute('data-rendered-markers')))
        .toBeGreaterThan(0);
      await markersSettled(page);
      // The leads drawn in each style, and no map warning (a missing pin image would log one).
      const inView = await page.evaluate(() => {
        const m = (
          window as unknown as {
            __apexLeadsMap: {
              queryRenderedFeatures(o: unknown): { properties: { id: number } }[];
              getStyle(): { layers: { id: string; type: string }[] };
            };
          }
        ).__apexLeadsMap;
        return new Set(m.queryRenderedFeatures({ layers: ['lead-markers'] }).map((f) => f.properties.id))
          .size;
      });
      counts.push(inView);
      await page.screenshot({ path: join(shots, `map-style-${style}.png`) });
    }
    // Pins of both pin styles are the same shape: the same leads are drawn (none lacks its image).
    expect(counts[1]).toBe(counts[0]);
    expect(counts[2]).toBeGreaterThan(0);
    expect(mapWarnings).toEqual([]);
  });
});

describe('leads map past the marker limit', () => {
  // 6000 leads (over the 5000 one answer carries) in a group of their own: 4000 in a northern band
  // and 2000 in a southern one, with nothing between them.
  const NORTH = { south: 43.68, north: 43.7 };
  const SOUTH = { south: 43.62, north: 43.64 };
  const MIDDLE = 43.66;
  const WEST = -79.44;
  const EAST = -79.36;
  let profile: Awaited<ReturnType<typeof launchProfile>>;

  beforeAll(async () => {
    const me = await employeeIdOf('manager');
    const groups = await api<{ Name: string; IcdCorporationID: number }[]>('manager', 'lead-groups');
    const corp = groups.find((g) => g.Name === 'Toronto West End')!.IcdCorporationID;
    const group = await api<{ LeadGroupID: number }>('manager', 'lead-groups', 'POST', {
      Name: `Grouped map ${Date.now()}`,
      DivisionID: 35,
      IcdCorporationID: corp,
    });
    for (let chunk = 0; chunk < 6; chunk++) {
      const band = chunk < 4 ? NORTH : SOUTH;
      await api(
        'manager',
        'leads/bulk',
        'POST',
        Array.from({ length: 1000 }, (_, i) => ({
          LeadGroupID: group.LeadGroupID,
          Latitude: band.south + ((i * 7919) % 1000) * ((band.north - band.south) / 1000),
          Longitude: WEST + ((i * 104729 + chunk * 31) % 1000) * ((EAST - WEST) / 1000),
          StreetLine1: `${chunk * 1000 + i + 1} Grouped Ave`,
          City: 'Toronto',
        })),
      );
    }
    profile = await launchProfile(baseUrl, 'phone');
    // The manager's map opens on this group, the whole city in view.
    await profile.context.addInitScript(
      ({ id, groupId }) => {
        localStorage.setItem(`apex.leads.group:${id}`, JSON.stringify(groupId));
        localStorage.setItem(
          `apex.leads.views:${id}`,
          JSON.stringify({ [groupId]: { longitude: -79.4, latitude: 43.66, zoom: 11 } }),
        );
      },
      { id: me, groupId: group.LeadGroupID },
    );
  }, 120_000);
  afterAll(() => profile?.close());

  it('shows where every lead is, north and south, grouped with true counts; a tap zooms in', {
    timeout: 120_000,
  }, async () => {
    const page = profile.page;
    await page.goto('/account/login?returnUrl=%2Fleads');
    await signIn(page, 'manager');
    await mapIdle(page);
    await expect.poll(() => page.getByTestId('markers-grouped').isVisible(), { timeout: 30_000 }).toBe(true);
    await mapIdle(page);
    const drawn = () =>
      page.evaluate((middle) => {
        const m = (
          window as unknown as {
            __apexLeadsMap: {
              queryRenderedFeatures(o: unknown): {
                properties: Record<string, number | string | undefined>;
                geometry: { coordinates: [number, number] };
              }[];
            };
          }
        ).__apexLeadsMap;
        const seen = new Set<string>();
        const sums = { north: 0, south: 0, bubbles: [] as { lng: number; lat: number; count: number }[] };
        for (const f of m.queryRenderedFeatures({ layers: ['lead-clusters', 'lead-markers'] })) {
          const p = f.properties;
          const id = String(p.cluster_id ?? p.key ?? `lead${p.id}`);
          if (seen.has(id)) continue;
          seen.add(id);
          const count = Number(p.count ?? 1);
          const [lng, lat] = f.geometry.coordinates;
          if (lat > middle) sums.north += count;
          else sums.south += count;
          if (p.cluster_id !== undefined || p.key !== undefined) sums.bubbles.push({ lng, lat, count });
        }
        return sums;
      }, MIDDLE);
    // Every lead is counted once, where it is (the old answer showed 5000 from the south up).
    await expect.poll(async () => (await drawn()).north + (await drawn()).south).toBe(6000);
    const seen = await drawn();
    expect(seen.north).toBe(4000);
    expect(seen.south).toBe(2000);
    // The bubbles carry their counts as labels.
    const labels = await map(page).locator('.maplibregl-marker span').allTextContents();
    expect(labels.filter((l) => /^\d+(\.\d)?k?$/.test(l)).length).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'map-grouped-phone.png') });

    // A tap on a bubble zooms in on it.
    const biggest = seen.bubbles.sort((a, b) => b.count - a.count)[0];
    const point = await page.evaluate(
      (c) => {
        const m = (
          window as unknown as {
            __apexLeadsMap: {
              project(c: [number, number]): { x: number; y: number };
              getCanvas(): HTMLCanvasElement;
            };
          }
        ).__apexLeadsMap;
        const box = m.getCanvas().getBoundingClientRect();
        const p = m.project([c.lng, c.lat]);
        return { x: box.left + p.x, y: box.top + p.y };
      },
      { lng: biggest.lng, lat: biggest.lat },
    );
    await page.mouse.click(point.x, point.y);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { __apexLeadsMap: { getZoom(): number } }).__apexLeadsMap.getZoom(),
        ),
      )
      .toBeGreaterThan(11.9);
  });
});
