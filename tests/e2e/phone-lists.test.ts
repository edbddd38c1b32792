// The back office's main lists on a phone (390 × 844), as `admin`: payroll (and its Processing tab),
// payroll invoices, work orders (and the claims tab), employees, onboarding applications, imports
// (the definitions and a file's preview) and roles. Each shows its rows as cards — the page never
// scrolls sideways and a row's main line is on the first screen — and the filters fold into one
// "Filters" button: opening it and choosing one filter narrows the list and the button says
// "Filters · 1"; "Clear filters" brings the whole list back. axe finds nothing serious on any of them.
// From a tablet's width the list is its table and the filters their card again.
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';

const baseUrl = inject('baseUrl');
const SAMPLE = join(import.meta.dirname, '..', '..', 'docs', 'samples', 'adp-employee-numbers.xlsx');

let close: () => Promise<void>;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const browser = await launch();
  ({ context, page } = await newPage(browser, baseUrl, 'phone'));
  close = () => browser.close();
  await page.goto('/account/login?returnUrl=%2Fpayroll');
  await signIn(page, 'admin');
  await page.waitForURL((u) => u.pathname === '/payroll', { timeout: 60_000 });
});
afterAll(async () => {
  await context?.close();
  await close?.();
});

/** What a card's "label: value" line says. */
async function field(card: Locator, label: string): Promise<string> {
  return (await card.locator(`dt:text-is("${label}") + dd`).first().innerText()).trim();
}

/** The card's line under its title. */
async function subtitle(card: Locator): Promise<string> {
  return (await card.innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)[1];
}

interface FilteredList {
  name: string;
  path: string;
  /** The list's test id: `<list>-cards` on a phone. */
  list: string;
  /** The count under the list, e.g. "12 payrolls". */
  total: RegExp;
  /** The filter chosen, and the value to choose read from the first card. */
  filter: string;
  pick: (card: Locator) => Promise<string>;
}

const FILTERED: FilteredList[] = [
  {
    name: 'payroll',
    path: '/payroll',
    list: 'payrolls-table',
    total: /^(\d+) payrolls?$/,
    filter: 'Corporation',
    pick: async (card) => (await card.locator('[data-card-title]').innerText()).trim(),
  },
  {
    name: 'payroll, Processing tab',
    path: '/payroll?tab=processing',
    list: 'processing-table',
    total: /^(\d+) payrolls?$/,
    filter: 'Corporation',
    pick: async (card) => (await card.locator('[data-card-title]').innerText()).trim(),
  },
  {
    name: 'payroll invoices',
    path: '/invoices',
    list: 'invoices-table',
    total: /^(\d+) invoices?$/,
    filter: 'Corporation',
    pick: subtitle,
  },
  {
    name: 'work orders',
    path: '/orders',
    list: 'work-orders-table',
    total: /^(\d+) work orders?$/,
    // The demo's orders are all at one office; their sales channels differ.
    filter: 'Sales channel',
    pick: subtitle,
  },
  {
    name: 'employees',
    path: '/employees',
    list: 'employees-table',
    total: /^(\d+) employees?$/,
    filter: 'Office',
    pick: async (card) => (await field(card, 'Offices')).split(' · ')[0],
  },
  {
    name: 'onboarding applications',
    path: '/onboarding/applications',
    list: 'applications-table',
    total: /^(\d+) applications?$/,
    filter: 'Office',
    pick: (card) => field(card, 'Office'),
  },
];

async function expectNoSidewaysScroll() {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    client: document.scrollingElement?.clientWidth ?? 0,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** The first card of a list, once drawn; the table itself is not in the page. */
async function firstCard(list: string): Promise<Locator> {
  const card = page.getByTestId(`${list}-cards`).locator(':scope > li').first();
  await card.waitFor({ timeout: 30_000 });
  expect(await page.getByTestId(list).count()).toBe(0);
  return card;
}

/** Its title is on the first screen, whole (not cut at the right edge). */
async function expectOnFirstScreen(target: Locator) {
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
}

async function totalOf(re: RegExp): Promise<number> {
  const text = await page.getByText(re).first().innerText();
  return Number(re.exec(text.trim())?.[1]);
}

describe('back-office lists on a phone', () => {
  it.each(FILTERED)(
    '$name: cards, no sideways scroll, the filters folded into a button that counts them',
    async (l) => {
      await page.goto(l.path);
      const card = await firstCard(l.list);
      await expectNoSidewaysScroll();
      const link = card.locator('[data-card-title] a').first();
      await expect.poll(() => link.isVisible()).toBe(true);
      await expectOnFirstScreen(link);

      // Folded: one button, its fields not on the page.
      const button = page.getByRole('button', { name: 'Filters', exact: true });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByLabel(l.filter, { exact: true }).count()).toBe(0);
      await expectOnFirstScreen(button);

      const value = await l.pick(card);
      await page.getByText(l.total).first().waitFor();
      const before = await totalOf(l.total);

      await button.click();
      const fields = page.getByRole('group', { name: 'Filters of the list' });
      await fields.getByLabel(l.filter, { exact: true }).first().click();
      await page.getByRole('option', { name: value, exact: true }).first().click();

      const counted = page.getByRole('button', { name: 'Filters · 1', exact: true });
      await counted.waitFor();
      expect(await counted.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => totalOf(l.total)).toBeLessThan(before);
      const cards = page.getByTestId(`${l.list}-cards`).locator(':scope > li');
      await expect
        .poll(async () => (await cards.allInnerTexts()).every((text) => text.includes(value)))
        .toBe(true);
      expect(await cards.count()).toBeGreaterThan(0);
      await expectNoSidewaysScroll();
      await expectAccessible(page, `${l.name}, filters open`);

      await fields.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
      await expect.poll(() => totalOf(l.total)).toBe(before);
    },
  );

  it('work orders, Claims tab: no sideways scroll, nothing serious for axe', async () => {
    await page.goto('/orders');
    await firstCard('work-orders-table');
    await page.getByRole('tab', { name: 'Claims' }).click();
    await page.getByRole('heading', { name: 'Manual claims' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll();
    await expectAccessible(page, 'work orders, claims');
  });

  it.each([
    { name: 'import definitions', path: '/imports/definitions', list: 'definitions', button: /^Edit / },
    { name: 'roles', path: '/admin/roles', list: 'roles-table', button: /^Edit / },
  ])('$name: cards with their buttons on the screen, no sideways scroll', async (l) => {
    await page.goto(l.path);
    const card = await firstCard(l.list);
    await expectNoSidewaysScroll();
    await expectOnFirstScreen(card.locator('[data-card-title]'));
    const edit = card.getByRole('button', { name: l.button });
    await expectOnFirstScreen(edit);
    expect((await edit.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(32);
    await expectAccessible(page, l.name);
  });

  it("imports: a file's preview rows are cards, filtered by status", async () => {
    await page.goto('/imports');
    await page.getByTestId('import-next').click();
    await page.locator('input[type="file"]').setInputFiles(SAMPLE);
    await page.getByTestId('import-read').click();
    await page.getByTestId('import-counts').waitFor({ timeout: 60_000 });
    const card = await firstCard('import-rows');
    await expectNoSidewaysScroll();
    await expect.poll(() => card.locator('[data-card-title]').isVisible()).toBe(true);
    await page.getByTestId('import-filter').getByText('Changes').click();
    const cards = page.getByTestId('import-rows-cards').locator(':scope > li');
    await expect
      .poll(async () => {
        const statuses = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
        return statuses.length > 0 && statuses.every((s) => s === 'Change');
      })
      .toBe(true);
    await expectNoSidewaysScroll();
    await expectAccessible(page, 'imports preview');
  });

  it('from a tablet’s width, the table and the filter card are back', async () => {
    await page.goto('/payroll');
    await firstCard('payrolls-table');
    await page.setViewportSize(VIEWPORTS.tablet);
    try {
      await page.getByTestId('payrolls-table').waitFor();
      expect(await page.getByTestId('payrolls-table-cards').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Filters', exact: true }).count()).toBe(0);
      await page.getByLabel('Corporation', { exact: true }).first().waitFor();
    } finally {
      await page.setViewportSize(VIEWPORTS.phone);
    }
  });
});
