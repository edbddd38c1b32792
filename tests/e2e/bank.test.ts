// Bank accounts on the employee page (desktop): payroll adds a Canadian account — a 4-digit transit
// number is refused with the rule's message before anything is sent, the fixed one is saved and listed
// with its full number — and a manager sees the same account with its number masked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Riley Chen (rep), the fifth demo user: Toronto Central, a Canadian account from the demo company. */
const RILEY = 5;

async function openBankTab(page: Page, user: string) {
  await page.goto('/account/login');
  await signIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith('/account'));
  await page.goto(`/employees/${RILEY}?tab=bank`);
  await page.getByTestId('bank-accounts-panel').waitFor();
  await page.getByTestId('bank-account-row').first().waitFor();
}

describe('bank accounts', () => {
  it('refuses a 4-digit transit number with the rule message, then saves the account', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await openBankTab(page, 'payroll');
    const rows = page.getByTestId('bank-account-row');
    const before = await rows.count();

    await page.getByTestId('bank-add').click();
    const dialog = page.getByRole('dialog', { name: 'New bank account' });
    await dialog.getByRole('textbox', { name: 'Bank' }).fill('Royal Bank');
    await dialog.getByTestId('bank-routing').fill('1234');
    await dialog.getByTestId('bank-institution').fill('003');
    await dialog.getByTestId('bank-account-number').fill('7654321');
    await dialog.getByTestId('bank-save').click();
    await dialog.getByText('The routing number must be 5 digits.').waitFor();
    expect(await rows.count()).toBe(before);

    await dialog.getByTestId('bank-routing').fill('00102');
    await dialog.getByTestId('bank-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(before + 1);
    const added = rows.filter({ hasText: 'Royal Bank' });
    expect(await added.textContent()).toContain('00102-003');
    expect(await added.textContent()).toContain('7654321');
    await context.close();
  });

  it('shows a manager the account number masked', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await openBankTab(page, 'manager');
    const added = page.getByTestId('bank-account-row').filter({ hasText: 'Royal Bank' });
    await added.waitFor();
    expect(await added.textContent()).toContain('*****4321');
    expect(await added.textContent()).not.toContain('7654321');
    expect(await page.getByTestId('bank-add').count()).toBe(0);
    await context.close();
  });
});
