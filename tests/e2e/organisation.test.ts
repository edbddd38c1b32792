// The organisation pages and Teams, end to end. Alex (admin) creates a corporation from the tree (a
// save without a name is refused beside the name), changes its owner and phone, finds them after a
// reload and in the tree (corporations in name order), then deletes it: it leaves the tree at once
// (not shown there for a moment after the delete). A corporation with offices is refused: its page
// says why and the tree keeps it. An office and a division (made through the API) are deleted from
// their pages the same way, the division refused first while the office still runs it. Marco (manager) starts a team at Toronto Central (an empty name is
// refused beside the field), renames it and deletes it. The server holds what the screens say; axe
// finds nothing serious on the tree, the corporation page and Teams at phone and desktop size, and
// none of them scrolls sideways on a phone.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorOf, expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { api, apiResult } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'organisation');
const RUN = Date.now() % 100_000;
const CORPORATION = `Zenith Field Promotions ${RUN}`;
const TEAM = `Harbourfront crew ${RUN}`;
const OFFICE = `Hamilton Mountain ${RUN}`;
const DIVISION = `Street Teams ${RUN}`;

interface Corporation {
  IcdCorporationID: number;
  ClientName: string;
  Owner: string;
  PhoneNumber: string | null;
  CountryID: number;
  Version: number;
}
interface Office {
  IcdOfficeID: number;
  OfficeName: string;
  Version: number;
}
interface Division {
  DivisionID: number;
  Name: string;
  OfficeCount: number;
  Version: number;
}
interface Team {
  TeamID: number;
  Name: string;
  IcdOfficeID: number;
}

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});

const findCorporation = async () =>
  (await api<Corporation[]>('admin', 'corporations')).find((c) => c.ClientName === CORPORATION);
const findTeam = async (name: string) => (await api<Team[]>('manager', 'teams')).find((t) => t.Name === name);
const findOffice = async () =>
  (await api<Office[]>('admin', 'icd-offices')).find((o) => o.OfficeName === OFFICE);
const findDivision = async () =>
  (await api<Division[]>('admin', 'divisions')).find((d) => d.Name === DIVISION);

afterAll(async () => {
  // Nothing of this journey is left for the others of the run.
  const corporation = await findCorporation().catch(() => undefined);
  if (corporation)
    await api(
      'admin',
      `corporations/${corporation.IcdCorporationID}?version=${corporation.Version}`,
      'DELETE',
    );
  const office = await findOffice().catch(() => undefined);
  if (office) await api('admin', `icd-offices/${office.IcdOfficeID}?version=${office.Version}`, 'DELETE');
  const division = await findDivision().catch(() => undefined);
  if (division) await api('admin', `divisions/${division.DivisionID}?version=${division.Version}`, 'DELETE');
  for (const name of [TEAM, `${TEAM} (evenings)`]) {
    const team = await findTeam(name).catch(() => undefined);
    if (team) await api('manager', `teams/${team.TeamID}`, 'DELETE');
  }
  await browser?.close();
});

/** At phone size: no sideways scrolling, a screenshot, nothing serious for axe; back to the desktop. */
async function checkPhone(page: Page, name: string, ready: Locator) {
  await page.setViewportSize(VIEWPORTS.phone);
  await ready.waitFor();
  // Polled: the shell's navigation takes a moment to fold away after the resize.
  await expect
    .poll(() => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - innerWidth), {
      message: `${name} scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, `${name}-phone.png`), fullPage: true });
  await expectAccessible(page, `${name}, phone`);
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** What the tree page shows of a corporation, an office or a division (CSS). */
const TREE_NODE = {
  corporation: '[data-testid="corporation-node"]',
  office: 'a[href^="/organisation/offices/"]',
  division: 'a[href^="/organisation/divisions/"]',
} as const;

/**
 * Counts, from now on, the changes of the page during which the tree (at /organisation) shows a
 * record (`kind`) named `name` — the page is not reloaded, so it catches a node shown for a moment.
 */
async function watchTreeFor(page: Page, name: string, kind: keyof typeof TREE_NODE = 'corporation') {
  await page.evaluate(
    ([text, selector]) => {
      const holder = window as unknown as { treeSightings?: Record<string, number> };
      holder.treeSightings ??= {};
      const seen = holder.treeSightings;
      seen[text] = 0;
      new MutationObserver(() => {
        if (location.pathname !== '/organisation') return;
        for (const node of document.querySelectorAll(selector))
          if (node.textContent?.includes(text)) seen[text]++;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [name, TREE_NODE[kind]] as const,
  );
}
const timesSeenInTree = (page: Page, name = CORPORATION) =>
  page.evaluate(
    (text) => (window as unknown as { treeSightings: Record<string, number> }).treeSightings[text] ?? 0,
    name,
  );

/**
 * Deletes the record whose tree entry is `inTree` from its page (opened through `opener`), confirmed:
 * back on the tree (once `landmark` is there) the entry is gone at once, stays gone once the tree has
 * been fetched again, and was never shown there meanwhile.
 */
async function deleteFromItsPage(
  page: Page,
  target: { opener: Locator; inTree: Locator; name: string; kind: keyof typeof TREE_NODE },
  landmark: Locator,
) {
  await target.opener.click();
  await page.getByRole('heading', { name: target.name }).waitFor();
  await watchTreeFor(page, target.name, target.kind);
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL((u) => u.pathname === '/organisation');
  await landmark.waitFor();
  expect(await target.inTree.count()).toBe(0);
  // The tree's own fetch once the page is there: the record does not come back either.
  await page.waitForLoadState('networkidle');
  expect(await target.inTree.count()).toBe(0);
  expect(await timesSeenInTree(page, target.name)).toBe(0);
}

describe('organisation', () => {
  it('Alex creates a corporation, edits it, finds it after a reload and in the tree, and deletes it', {
    timeout: 120_000,
  }, async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login?returnUrl=%2Forganisation');
      await signIn(page, 'admin');
      const tree = page.getByRole('list', { name: 'Corporations and their offices' });
      await tree.getByText('Northwind Field Marketing Inc.').waitFor();
      await expectAccessible(page, 'organisation tree, desktop');
      await checkPhone(page, 'tree', tree);

      await page.getByRole('link', { name: 'New corporation' }).click();
      await page.getByRole('heading', { name: 'New corporation' }).waitFor();
      const name = page.getByRole('textbox', { name: 'Corporation name' });
      await page.getByRole('textbox', { name: 'Owner' }).fill('Lena Ortiz');
      await page.getByRole('button', { name: 'Create' }).click();
      expect(await errorOf(name)).not.toBe('');
      await name.fill(CORPORATION);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL(/\/organisation\/corporations\/\d+$/);
      await page.getByRole('heading', { name: CORPORATION }).waitFor();
      const created = await findCorporation();
      expect(created).toMatchObject({ Owner: 'Lena Ortiz', CountryID: 2 });
      await expectAccessible(page, 'corporation page, desktop');

      // Edited: a new owner and a phone number, there after a reload and on the server.
      await page.getByRole('textbox', { name: 'Owner' }).fill('Omar Haddad');
      await page.getByRole('textbox', { name: 'Phone' }).fill('416-555-0199');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => (await findCorporation())?.Owner).toBe('Omar Haddad');
      await page.reload();
      await page.getByRole('heading', { name: CORPORATION }).waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Owner' }).inputValue()).toBe('Omar Haddad');
      expect(await page.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('416-555-0199');
      expect((await findCorporation())?.PhoneNumber).toBe('416-555-0199');
      await page.screenshot({ path: join(shots, 'corporation-desktop.png'), fullPage: true });
      await checkPhone(page, 'corporation', page.getByRole('heading', { name: CORPORATION }));

      // In the tree, in name order (Maple, Northwind, Summit, then Zenith).
      await page.goto('/organisation');
      const nodes = page.getByTestId('corporation-node');
      await nodes.filter({ hasText: CORPORATION }).waitFor();
      const names = await nodes.locator('a[href^="/organisation/corporations/"]').allTextContents();
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(names).toContain(CORPORATION);
      expect(await nodes.filter({ hasText: CORPORATION }).textContent()).toContain('Omar Haddad');

      // Deleted after the confirmation: gone from the tree — not shown there for a moment while the
      // tree is fetched again — and from the server.
      await deleteFromItsPage(
        page,
        {
          opener: nodes.getByRole('link', { name: CORPORATION }),
          inTree: nodes.filter({ hasText: CORPORATION }),
          name: CORPORATION,
          kind: 'corporation',
        },
        tree.getByText('Northwind Field Marketing Inc.'),
      );
      expect(await findCorporation()).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a corporation with offices is not deleted: its page says why and the tree keeps it', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    try {
      await page.goto('/account/login?returnUrl=%2Forganisation');
      await signIn(page, 'admin');
      const northwind = page
        .getByTestId('corporation-node')
        .filter({ hasText: 'Northwind Field Marketing Inc.' });
      await northwind.getByRole('link', { name: 'Northwind Field Marketing Inc.' }).click();
      await page.getByRole('heading', { name: 'Northwind Field Marketing Inc.' }).waitFor();
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      const problem = page.getByTestId('problem');
      await problem.waitFor();
      expect(await problem.textContent()).toMatch(/Delete failed.*office\(s\); delete or move them first/);
      expect(new URL(page.url()).pathname).toMatch(/^\/organisation\/corporations\/\d+$/);
      await page.getByRole('link', { name: 'Organisation' }).first().click();
      await northwind.waitFor();
      expect(
        (await api<Corporation[]>('admin', 'corporations')).some(
          (c) => c.ClientName === 'Northwind Field Marketing Inc.',
        ),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('Alex deletes an office and a division from their pages: each leaves the tree at once; a division an office runs is refused and stays', {
    timeout: 120_000,
  }, async () => {
    // Made through the API: a division, and an office of Maple Direct Sales that runs it.
    const maple = (await api<Corporation[]>('admin', 'corporations')).find(
      (c) => c.ClientName === 'Maple Direct Sales Ltd.',
    );
    expect(maple).toBeDefined();
    const division = await api<Division>('admin', 'divisions', 'POST', { Name: DIVISION });
    const office = await api<Office>('admin', 'icd-offices', 'POST', {
      IcdCorporationID: maple?.IcdCorporationID,
      OfficeName: OFFICE,
      City: 'Hamilton',
      StateProvince: 'ON',
      CountryID: 2,
      TimeZone: 'America/Toronto',
      DivisionIDs: [division.DivisionID],
    });
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login?returnUrl=%2Forganisation');
      await signIn(page, 'admin');
      const maples = page.getByTestId('corporation-node').filter({ hasText: 'Maple Direct Sales Ltd.' });
      const officeLink = maples.getByRole('link', { name: OFFICE, exact: true });
      const divisionLink = page.getByRole('link', { name: DIVISION, exact: true });
      const divisionItem = page.getByRole('listitem').filter({ has: divisionLink });
      const rogers = page.getByRole('link', { name: 'Rogers', exact: true });
      await officeLink.first().waitFor();
      expect(await divisionItem.textContent()).toContain('1 office');

      // Refused while the office runs it: the division's page says why, the tree and the server keep it.
      await divisionLink.click();
      await page.getByRole('heading', { name: DIVISION }).waitFor();
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      const problem = page.getByTestId('problem');
      await problem.waitFor();
      expect(await problem.textContent()).toMatch(
        /Delete failed.*used by 1 office\(s\) and 0 employment record\(s\); make it inactive instead/,
      );
      expect(new URL(page.url()).pathname).toBe(`/organisation/divisions/${division.DivisionID}`);
      expect(await findDivision()).toMatchObject({ DivisionID: division.DivisionID, OfficeCount: 1 });
      // Back in the tree, both are shown (and the watch below sees them when they are).
      await watchTreeFor(page, DIVISION, 'division');
      await watchTreeFor(page, OFFICE, 'office');
      await page.getByRole('link', { name: 'Organisation' }).first().click();
      await divisionLink.waitFor();
      await officeLink.first().waitFor();
      expect(await timesSeenInTree(page, DIVISION)).toBeGreaterThan(0);
      expect(await timesSeenInTree(page, OFFICE)).toBeGreaterThan(0);

      // The office, deleted from its page: gone from the tree at once (never shown there again while
      // the tree is fetched) and from the server; the division now runs nowhere.
      await deleteFromItsPage(
        page,
        { opener: officeLink.first(), inTree: officeLink, name: OFFICE, kind: 'office' },
        maples,
      );
      expect((await apiResult('admin', `icd-offices/${office.IcdOfficeID}`)).status).toBe(404);
      await expect.poll(() => divisionItem.textContent()).toContain('0 offices');

      // The division, now deleted: the same.
      await deleteFromItsPage(
        page,
        { opener: divisionLink, inTree: divisionLink, name: DIVISION, kind: 'division' },
        rogers,
      );
      expect(await findDivision()).toBeUndefined();
      expect((await apiResult('admin', `v2/divisions/${division.DivisionID}`)).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Marco starts a team at Toronto Central, renames it and deletes it', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login?returnUrl=%2Fteams');
      await signIn(page, 'manager');
      await page.getByRole('heading', { name: 'Teams' }).waitFor();
      await page.getByTestId('team').first().waitFor();
      expect(await page.getByRole('combobox', { name: 'Office' }).inputValue()).toBe('Toronto Central');

      await page.getByRole('button', { name: 'New team' }).click();
      const dialog = page.getByRole('dialog', { name: 'New team at Toronto Central' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await errorOf(dialog.getByRole('textbox', { name: 'Team name' }))).not.toBe('');
      await dialog.getByRole('textbox', { name: 'Team name' }).fill(TEAM);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = page
        .getByTestId('team')
        .filter({ has: page.getByRole('heading', { name: TEAM, exact: true }) });
      await card.waitFor();
      const created = await findTeam(TEAM);
      expect(created?.IcdOfficeID).toBeGreaterThan(0);
      await page.screenshot({ path: join(shots, 'teams-desktop.png'), fullPage: true });
      await expectAccessible(page, 'teams, desktop');

      await card.getByRole('button', { name: `Rename ${TEAM}` }).click();
      const rename = page.getByRole('dialog', { name: `Rename ${TEAM}` });
      await rename.getByRole('textbox', { name: 'Team name' }).fill(`${TEAM} (evenings)`);
      await rename.getByRole('button', { name: 'Save' }).click();
      await rename.waitFor({ state: 'detached' });
      await page.reload();
      const renamed = page.getByRole('heading', { name: `${TEAM} (evenings)`, exact: true });
      await renamed.waitFor();
      expect(await findTeam(`${TEAM} (evenings)`)).toMatchObject({ TeamID: created?.TeamID });
      await checkPhone(page, 'teams', renamed);

      await page.getByRole('button', { name: `Delete ${TEAM} (evenings)` }).click();
      await page.getByTestId('confirm-delete-team').click();
      await renamed.waitFor({ state: 'detached' });
      expect(await findTeam(`${TEAM} (evenings)`)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
