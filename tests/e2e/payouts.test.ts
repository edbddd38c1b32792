// The processor's payout journey on a desktop: Priya (payroll) opens Posted payouts from the sidebar,
// posts a payout to Northwind for Rogers (12 units, 10.00 more than the payout policy in force
// expects: Positive), corrects it to the expected amount (Neutral), reads its history (posted, then
// changed, by her, with the line's change) and deletes it after the confirmation; then records an RS
// payout transfer. The screens are photographed at desktop, tablet and phone sizes (.tmp/payouts/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'payouts');
const ROGERS = 35;

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

const money = (v: number) =>
  new Intl.NumberFormat('en-CA', {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
  }).format(v);

describe('posted payouts', () => {
  it('Priya posts a payout, sees its comparison and its history, corrects and deletes it', {
    timeout: 180_000,
  }, async () => {
    const corporations = await api<{ IcdCorporationID: number; ClientName: string }[]>(
      'payroll',
      'corporations',
    );
    const northwind = corporations.find((c) => c.ClientName.startsWith('Northwind'));
    expect(northwind).toBeDefined();
    if (!northwind) return;

    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login');
      await signIn(page, 'payroll');
      await page.waitForURL((u) => !u.pathname.startsWith('/account'));
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Posted payouts', exact: true })
        .click();
      await page.getByTestId('icd-group').first().waitFor();
      // The demo's payouts of the last weeks show every comparison.
      for (const c of ['Positive', 'Negative', 'Neutral'])
        await page.locator(`[data-testid="posted-payout-row"] [data-comparison="${c}"]`).first().waitFor();
      await page.screenshot({ path: join(shots, 'list-desktop.png'), fullPage: true });
      await expectAccessible(page, 'posted payouts');

      // The day the form proposes (the device's today) and what the policy in force expects for 12 units.
      await page.getByTestId('new-payout').click();
      const drawer = page.getByTestId('posted-payout-drawer');
      await drawer.getByTestId('payout-date').waitFor();
      const today = await drawer.getByTestId('payout-date').inputValue();
      const expected = await api<{ TotalAmount: number }>('payroll', 'payout-policy/commissions', 'POST', {
        DivisionID: ROGERS,
        IcdCorporationID: northwind.IcdCorporationID,
        Date: today,
        PriorQuantity: 0,
        Orders: [{ Quantity: 12 }],
      });
      const posted = Math.round((expected.TotalAmount + 10) * 100) / 100;

      // A save without the division and corporation names them.
      await drawer.getByTestId('save-payout').click();
      await expect.poll(() => drawer.getByText('Required').count()).toBeGreaterThan(0);
      await pick(page, 'payout-division', 'Rogers');
      await pick(page, 'payout-corporation', northwind.ClientName);
      const reference = `E2E-${Date.now()}`;
      await drawer.getByTestId('payout-reference').fill(reference);
      await drawer.getByTestId('line-units').fill('12');
      await drawer.getByTestId('line-amount').fill(String(posted));
      await drawer.getByTestId('save-payout').click();
      const summary = drawer.getByTestId('payout-summary');
      await summary.waitFor();
      await expect
        .poll(() => summary.getByTestId('payout-comparison').getAttribute('data-comparison'))
        .toBe('Positive');
      await expect.poll(() => summary.textContent()).toContain(money(expected.TotalAmount));
      await page.screenshot({ path: join(shots, 'posted-desktop.png'), fullPage: true });
      await expectAccessible(page, 'posted payout drawer');

      // The server holds it with the same comparison.
      const list = await api<
        { PostedPayoutID: number; Reference: string | null; PayoutComparison: string }[]
      >(
        'payroll',
        `posted-payouts?startDate=${today}&endDate=${today}&icdCorporationID=${northwind.IcdCorporationID}`,
      );
      const mine = list.find((p) => p.Reference === reference);
      expect(mine?.PayoutComparison).toBe('Positive');

      // Corrected to the expected amount: Neutral.
      await drawer.getByTestId('line-amount').fill(String(expected.TotalAmount));
      await drawer.getByTestId('save-payout').click();
      await expect
        .poll(() => summary.getByTestId('payout-comparison').getAttribute('data-comparison'))
        .toBe('Neutral');

      // The history: posted, then changed, by Priya, with the line's amounts.
      await drawer.getByTestId('history-tab').click();
      const entries = drawer.getByTestId('history-entry');
      await expect.poll(() => entries.count()).toBe(2);
      expect(await entries.first().textContent()).toContain('Changed by Priya Shah');
      expect(await entries.first().textContent()).toContain('Line All programs: 12 units');
      expect(await entries.last().textContent()).toContain('Posted by Priya Shah');
      await page.screenshot({ path: join(shots, 'history-desktop.png'), fullPage: true });

      // Deleted after the confirmation: it leaves the list.
      await drawer.getByRole('tab', { name: 'Details' }).click();
      await drawer.getByTestId('delete-payout').click();
      await page.getByTestId('confirm-delete-payout').click();
      await drawer.waitFor({ state: 'detached' });
      const after = await api<{ Reference: string | null }[]>(
        'payroll',
        `posted-payouts?startDate=${today}&endDate=${today}`,
      );
      expect(after.map((p) => p.Reference)).not.toContain(reference);

      for (const [name, size] of [
        ['tablet', { width: 768, height: 1024 }],
        ['phone', VIEWPORTS.phone],
      ] as const) {
        await page.setViewportSize(size);
        await page.screenshot({ path: join(shots, `list-${name}.png`), fullPage: true });
      }
      await page.setViewportSize(VIEWPORTS.desktop);

      // An RS payout transfer from the corporation.
      await page.goto('/payouts/transfers');
      await page.getByTestId('transfers').waitFor();
      await page.getByTestId('new-transfer').click();
      const editor = page.getByTestId('transfer-editor');
      await pick(page, 'transfer-corporation', northwind.ClientName);
      await editor.getByTestId('transfer-amount').fill('0');
      await editor.getByTestId('transfer-counterparty').fill('RS payout trust account');
      await editor.getByTestId('save-transfer').click();
      await editor.getByText('Enter an amount greater than 0').waitFor();
      await editor.getByTestId('transfer-amount').fill('1234.5');
      await editor.getByTestId('save-transfer').click();
      await editor.waitFor({ state: 'detached' });
      await page.getByTestId('transfer-row').filter({ hasText: '$1,234.50' }).first().waitFor();
      await page.screenshot({ path: join(shots, 'transfers-desktop.png'), fullPage: true });
      await expectAccessible(page, 'RS payout transfers');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
