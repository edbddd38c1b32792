// Audit logs → Access changes (desktop): the auditor opens the second tab and sees the demo company's
// proxy sign-in by the administrator as the staff user, in words, with the recorded detail behind
// Details; the first tab (time changes) is still what the screen opens on; the tab is in the address
// (a reload keeps it) and the columns sort. On a phone the rows are cards: the page does not scroll
// sideways and a row's Details button is on the screen.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn, VIEWPORTS } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('access changes', () => {
  it('the auditor sees the seeded proxy sign-in on the Access changes tab', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login?returnUrl=%2Faudit-logs');
    await signIn(page, 'auditor');
    await page.getByTestId('audit-table').waitFor();
    expect(await page.getByTestId('access-audit-table').count()).toBe(0);

    await page.getByRole('tab', { name: 'Access changes' }).click();
    const table = page.getByTestId('access-audit-table');
    await table.waitFor();
    const proxy = table.locator('tr[data-action="ProxySignIn"]').first();
    await proxy.waitFor();
    const text = await proxy.textContent();
    expect(text).toContain('Proxy sign-in');
    expect(text).toContain('Signed in as');
    expect(await table.locator('tr[data-action="RoleUpdated"]').first().textContent()).toContain('Field rep');

    await proxy.getByRole('button', { name: 'Details' }).click();
    await table.getByText('"Ip"').waitFor();

    // The tab is in the address: a reload opens Access changes again.
    expect(new URL(page.url()).searchParams.get('tab')).toBe('access');
    await page.reload();
    await page.getByTestId('access-audit-table').waitFor();
    expect(await page.getByRole('tab', { name: 'Access changes' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    // By whose access, A to Z: the company-wide rows (no one's) come last.
    const whose = page.getByRole('columnheader', { name: 'Whose access' });
    await whose.getByRole('button').click();
    await expect.poll(() => whose.getAttribute('aria-sort')).toBe('ascending');
    const cells = page.getByTestId('access-audit-table').locator('tr[data-action] td:nth-child(3)');
    const sortedByName = async () => {
      const all = await cells.allTextContents();
      const named = all.filter((n) => n !== 'Company-wide');
      const companyWide = all.slice(named.length);
      return (
        named.length > 1 &&
        companyWide.every((n) => n === 'Company-wide') &&
        named.every((n, i) => i === 0 || named[i - 1].toLowerCase().localeCompare(n.toLowerCase()) <= 0)
      );
    };
    await expect.poll(sortedByName).toBe(true);
    await context.close();
  });

  it('on a phone the rows are cards: no sideways scrolling, Details on the screen, Sort by', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login?returnUrl=%2Faudit-logs%3Ftab%3Daccess');
    await signIn(page, 'auditor');
    const cards = page.getByTestId('access-audit-table-cards');
    await cards.waitFor();
    expect(await page.getByTestId('access-audit-table').count()).toBe(0);
    const proxy = cards.locator('li[data-action="ProxySignIn"]').first();
    await proxy.waitFor();
    expect(await proxy.textContent()).toContain('Signed in as');

    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      inner: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    const details = proxy.getByRole('button', { name: 'Details' });
    await details.scrollIntoViewIfNeeded();
    const box = await details.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
    }
    // Opened from the keyboard.
    await details.focus();
    await page.keyboard.press('Enter');
    await proxy.getByText('"Ip"').waitFor();

    // Sorting stays: "Sort by" above the cards, oldest first.
    await page.getByTestId('sort-by').click();
    await page.getByRole('option', { name: 'When, ascending' }).click();
    const moments = async () =>
      (await cards.locator('li [data-card-title] + *').allTextContents()).map((d) => Date.parse(d));
    await expect
      .poll(async () => {
        const all = await moments();
        return all.length > 1 && all.every((m, i) => !Number.isNaN(m) && (i === 0 || all[i - 1] <= m));
      })
      .toBe(true);
    expect(new Set(await moments()).size).toBeGreaterThan(1);
    await context.close();
  });
});
