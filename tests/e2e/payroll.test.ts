// The processor's payroll journey on a desktop: Priya (payroll) opens the payroll list, opens an open
// payroll, corrects an entry's bonus in the grid (Enter saves; the row's gross pay moves by the
// bonus), recalculates, submits the payroll (a confirmation; the grid turns read only and the server
// refuses entry changes with the locked message), and unlocks it again so the later journeys find the
// demo company as seeded. The screens are photographed at desktop, tablet and phone sizes
// (.tmp/payroll/). On a phone the list's messages fold into one button saying how many there are, so
// the first payroll is on the first screen; opened from the keyboard, it shows them all.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAYROLL_LOCKED_MESSAGE } from '../../src/contract/payroll';
import { expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { api, apiResult } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'payroll');

interface ListItem {
  PayrollID: number;
  IsLocked: boolean;
  EntryCount: number;
  GrossPay: number;
  CountryID: number;
}
interface Entry {
  PayPeriodID: number;
  Bonus: number;
  GrossPay: number;
  Version: number;
  Totals: { TotalHoursWorked: number };
}

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

const money = (amount: number, countryId: number) =>
  new Intl.NumberFormat('en-CA', {
    style: 'currency',
    currency: countryId === 1 ? 'USD' : 'CAD',
    currencyDisplay: 'narrowSymbol',
  }).format(amount);

describe('payroll list on a phone', () => {
  it('folds the messages into one button, so the list starts on the first screen; the button opens them all', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    try {
      await page.goto('/account/login?returnUrl=%2Fpayroll');
      await signIn(page, 'payroll');
      const firstCard = page.getByTestId('payrolls-table-cards').locator('li').first();
      await firstCard.waitFor();
      const toggle = page.getByTestId('payroll-messages-toggle');
      const total = Number((await toggle.innerText()).match(/^(\d+) payroll messages?$/)?.[1]);
      expect(total).toBeGreaterThan(3);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      // Folded: no message in view nor in the accessibility tree, and the first payroll on the first screen.
      expect(await page.getByTestId('payroll-message-submitted').first().isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Dismiss' }).count()).toBe(0);
      const top = (await firstCard.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      expect(top).toBeLessThan(VIEWPORTS.phone.height - 100);
      await page.screenshot({ path: join(shots, 'list-phone-messages-folded.png') });

      // Opened from the keyboard: the first three, then a button that shows the others.
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const shown = page.locator('[data-testid^="payroll-message-"][data-payroll-id]');
      await shown.first().waitFor();
      expect(await shown.count()).toBe(3);
      const more = page.getByTestId('payroll-messages-more');
      expect(await more.innerText()).toMatch(new RegExp(`^Show ${total - 3} more messages?$`));
      await more.click();
      expect(await shown.count()).toBe(total);
      await page.screenshot({ path: join(shots, 'list-phone-messages-open.png'), fullPage: true });
      await expectAccessible(page, 'payroll list, phone, messages open');
    } finally {
      await context.close();
    }
  });
});

describe('payroll: correct, recalculate, submit', () => {
  it('Priya corrects a bonus, recalculates and locks the payroll; the locked grid is read only', {
    timeout: 180_000,
  }, async () => {
    // The newest open payroll with pay computed (the current one; the list shows the newest first).
    const list = await api<{ Items: ListItem[] }>(
      'payroll',
      'payrolls/page/0?pageSize=25&sort=StartDateDesc',
    );
    const open = list.Items.filter((p) => !p.IsLocked && p.EntryCount > 0);
    const target = open.find((p) => p.GrossPay > 0) ?? open[0];
    expect(target, 'an open payroll with entries').toBeDefined();
    if (!target) return;
    const id = target.PayrollID;
    const entries = await api<Entry[]>('payroll', `payrolls/${id}/entries`);
    const entry = [...entries].sort((a, b) => b.Totals.TotalHoursWorked - a.Totals.TotalHoursWorked)[0];
    const newBonus = Math.round((entry.Bonus + 25.5) * 100) / 100;

    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login?returnUrl=%2Fpayroll');
      await signIn(page, 'payroll');
      await page.getByTestId('payrolls-table').waitFor();
      await page.screenshot({ path: join(shots, 'list-desktop.png'), fullPage: true });
      await expectAccessible(page, 'payroll list');

      // A submitted payroll's message, dismissed, stays away for Priya (the server keeps it).
      const message = page.getByTestId('payroll-message-submitted').first();
      await message.waitFor();
      const dismissedId = Number(await message.getAttribute('data-payroll-id'));
      await message.getByRole('button', { name: 'Dismiss' }).click();
      await page
        .locator(`[data-testid="payroll-message-submitted"][data-payroll-id="${dismissedId}"]`)
        .waitFor({ state: 'detached' });
      const dismissed = await api<{ SubmittedDismissed: boolean }>('payroll', `payrolls/${dismissedId}`);
      expect(dismissed.SubmittedDismissed).toBe(true);

      // Sorted by corporation (A→Z): Maple Direct Sales comes before Northwind and Summit.
      await page.getByRole('button', { name: 'Corporation' }).click();
      await expect
        .poll(() => page.getByTestId('payroll-row').first().locator('td').first().textContent())
        .toBe('Maple Direct Sales Ltd.');
      await page.getByRole('button', { name: 'Start' }).click();
      for (const [name, size] of [
        ['tablet', { width: 768, height: 1024 }],
        ['phone', VIEWPORTS.phone],
      ] as const) {
        await page.setViewportSize(size);
        await page.screenshot({ path: join(shots, `list-${name}.png`), fullPage: true });
      }
      await page.setViewportSize(VIEWPORTS.desktop);

      // The processing tab's spreadsheet, in the Canada format, downloads with the session cookie.
      await page.getByRole('tab', { name: 'Processing' }).click();
      await page.getByTestId('export-format').click();
      await page.getByRole('option', { name: 'Canada', exact: true }).click();
      const href = await page.getByTestId('export-download').getAttribute('href');
      expect(href).toContain('format=Canada');
      const sheet = await page.request.get(href ?? '');
      expect(sheet.status()).toBe(200);
      expect(sheet.headers()['content-type']).toContain('spreadsheetml');
      await page.screenshot({ path: join(shots, 'processing-desktop.png'), fullPage: true });
      await page.getByRole('tab', { name: 'Payrolls' }).click();
      await page.getByTestId('payrolls-table').waitFor();
      await page.locator(`[data-testid="payroll-row"][data-payroll-id="${id}"]`).click();
      await page.waitForURL(new RegExp(`/payroll/${id}$`));
      await page.getByTestId('entries-grid').waitFor();

      // The bonus, typed in the row and saved with Enter: the row's gross moves by 25.50.
      const row = page.locator(`[data-testid="entry-row"][data-pay-period="${entry.PayPeriodID}"]`);
      const gross = row.locator('[data-column="GrossPay"]');
      await expect.poll(() => gross.textContent()).toBe(money(entry.GrossPay, target.CountryID));
      await row.getByTestId('entry-edit').click();
      const editing = page.locator(`[data-testid="entry-edit-row"][data-pay-period="${entry.PayPeriodID}"]`);
      await editing.getByTestId('edit-Bonus').fill(String(newBonus));
      await page.screenshot({ path: join(shots, 'editing-desktop.png'), fullPage: true });
      await expectAccessible(page, 'payroll page, a row in edit');
      await editing.getByTestId('edit-Bonus').press('Enter');
      await editing.waitFor({ state: 'detached' });
      const corrected = Math.round((entry.GrossPay + 25.5) * 100) / 100;
      await expect.poll(() => gross.textContent()).toBe(money(corrected, target.CountryID));
      const saved = (await api<Entry[]>('payroll', `payrolls/${id}/entries`)).find(
        (e) => e.PayPeriodID === entry.PayPeriodID,
      );
      expect(saved).toMatchObject({ Bonus: newBonus, GrossPay: corrected });

      // Escape leaves a row without saving what was typed.
      await row.focus();
      await row.press('Enter');
      await editing.getByTestId('edit-Bonus').fill('999');
      await editing.getByTestId('edit-Bonus').press('Escape');
      await editing.waitFor({ state: 'detached' });
      await expect.poll(() => gross.textContent()).toBe(money(corrected, target.CountryID));

      // Recalculate: the whole payroll through the engine; the corrected gross stands.
      const recalculated = page.waitForResponse(
        (r) => r.url().endsWith(`/api/payrolls/${id}/calculations`) && r.request().method() === 'POST',
      );
      await page.getByTestId('recalculate').click();
      expect((await recalculated).status()).toBe(200);
      await page.getByText(/^Recalculated: \d+ entr/).waitFor();
      await expect.poll(() => gross.textContent()).toBe(money(corrected, target.CountryID));

      // Submit = lock, after a confirmation: the grid is read only and the server refuses changes.
      await page.getByTestId('submit').click();
      const dialog = page.getByRole('dialog', { name: 'Submit this payroll?' });
      await dialog.getByTestId('confirm-lock').click();
      await page.getByTestId('locked-banner').waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByTestId('entry-edit').count()).toBe(0);
      expect(await page.getByTestId('recalculate').isDisabled()).toBe(true);
      await row.focus();
      await row.press('Enter');
      expect(await page.getByTestId('entry-edit-row').count()).toBe(0);
      expect((await api<{ IsLocked: boolean }>('payroll', `payrolls/${id}`)).IsLocked).toBe(true);
      const refused = await apiResult<{ Message: string }>(
        'payroll',
        `payrolls/${id}/entries/${entry.PayPeriodID}`,
        'PUT',
        {
          PayPeriodID: entry.PayPeriodID,
          Bonus: 1,
        },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.Message).toBe(PAYROLL_LOCKED_MESSAGE);

      await page.screenshot({ path: join(shots, 'locked-desktop.png'), fullPage: true });
      await page.setViewportSize({ width: 768, height: 1024 });
      await page.screenshot({ path: join(shots, 'locked-tablet.png'), fullPage: true });
      await page.setViewportSize(VIEWPORTS.phone);
      await page.screenshot({ path: join(shots, 'locked-phone.png'), fullPage: true });
      await page.setViewportSize(VIEWPORTS.desktop);

      // Unlock (asked first too), so the later journeys find the payroll open.
      await page.getByTestId('unlock').click();
      await page.getByRole('dialog', { name: 'Unlock this payroll?' }).getByTestId('confirm-lock').click();
      await page.getByTestId('locked-banner').waitFor({ state: 'detached' });
      await row.getByTestId('entry-edit').waitFor();
      expect(errors).toEqual([]);
    } finally {
      // The demo data as it was: unlocked, the bonus as seeded.
      const now = await api<{ IsLocked: boolean }>('payroll', `payrolls/${id}`);
      if (now.IsLocked) await apiResult('payroll', `payrolls/${id}/locked/false`, 'PUT');
      const current = (await api<Entry[]>('payroll', `payrolls/${id}/entries`)).find(
        (e) => e.PayPeriodID === entry.PayPeriodID,
      );
      if (current && current.Bonus !== entry.Bonus) {
        const inputs = { ...current } as Record<string, unknown>;
        await apiResult('payroll', `payrolls/${id}/entries/${entry.PayPeriodID}`, 'PUT', {
          ...pickInputs(inputs),
          Bonus: entry.Bonus,
        });
      }
      await context.close();
    }
  });
});

/** The save payload of an entry as read (every input kept, Version included). */
function pickInputs(e: Record<string, unknown>): Record<string, unknown> {
  const keys = [
    'PayPeriodID',
    'IsPaidGuaranteed',
    'IsPaidCommission',
    'ExtraHoursWorked',
    'ManualCommissionAmount',
    'Salary',
    'CommissionThreshold',
    'ContractorPayment',
    'Bonus',
    'CommissionBonus',
    'VolumeBonus',
    'TravelAllowance',
    'CellAllowance',
    'Tip',
    'SickPay',
    'SplitTime',
    'ReportingTime',
    'MealPeriodPremiumTime',
    'HolidayPay',
    'Chargeback',
    'TrainingPayHours',
    'NetPayAddition',
    'NetPayDeduction',
    'Comments',
    'CommissionPieces',
    'Version',
  ];
  return Object.fromEntries(keys.map((k) => [k, e[k]]));
}
