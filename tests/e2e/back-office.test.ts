// The back office on a desktop, end to end: an administrator creates an employee at two offices with a
// role at each, in one save; gives them a Canadian bank account (a 4-digit transit number is refused
// with the rule's message, the corrected one is saved); opens the permission simulation of that
// employee; signs in as them and returns to their own account. The server is checked for what was
// saved. Screens are photographed at desktop size (.tmp/back-office/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'back-office');
// A user name no other run of the suite has taken (the e2e server lives for one run).
const USER = `nora.quinn${Date.now() % 100_000}`;

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

/** Chooses `option` in the Mantine select or multi-select labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  // By keyboard: an empty multi-select shows no text field to click.
  const field = scope.getByLabel(label, { exact: true });
  await field.focus();
  await field.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('back office: a new employee from creation to proxy sign-in', () => {
  it('admin creates Nora at two offices with roles, banks her, simulates her access and signs in as her', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/account/login?returnUrl=%2Femployees%2Fnew');
    await signIn(page, 'admin');
    await page.getByTestId('employee-save').waitFor();

    // Who she is, then her two offices, each with a role.
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Nora');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Quinn');
    await page.getByRole('textbox', { name: 'User name', exact: true }).fill(USER);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`${USER}@apex-demo.example`);
    for (const office of ['Toronto Central', 'Vancouver Harbour']) {
      await page.getByPlaceholder('Office to add', { exact: true }).click();
      await page.getByRole('option', { name: office, exact: true }).click();
      await page.getByRole('button', { name: 'Add office' }).click();
    }
    const cards = page.locator('[data-testid^="office-card-"]');
    await expect.poll(() => cards.count()).toBe(2);
    for (let i = 0; i < 2; i++) await choose(page, cards.nth(i), 'Roles at this office', 'Field rep');
    await page.screenshot({ path: join(shots, 'new-employee-desktop.png'), fullPage: true });
    await page.getByTestId('employee-save').click();
    await page.waitForURL(/\/employees\/\d+/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).toBeGreaterThan(0);

    // The server holds her at both offices, with the role at each.
    const saved = await api<{
      UserName: string;
      IcdOffices: { OfficeName?: string; IcdOfficeID: number; Roles: Record<string, boolean> }[];
    }>('admin', `employees/${id}`);
    expect(saved.UserName).toBe(USER);
    expect(saved.IcdOffices).toHaveLength(2);
    for (const office of saved.IcdOffices) expect(Object.values(office.Roles)).toContain(true);

    // A Canadian bank account: the rule refuses a 4-digit transit number, the fixed one is saved.
    await page.goto(`/employees/${id}?tab=bank`);
    await page.getByTestId('bank-accounts-panel').waitFor();
    await page.getByTestId('bank-add').click();
    const dialog = page.getByRole('dialog', { name: 'New bank account' });
    await dialog.getByRole('textbox', { name: 'Bank' }).fill('Royal Bank');
    await dialog.getByTestId('bank-routing').fill('1234');
    await dialog.getByTestId('bank-institution').fill('003');
    await dialog.getByTestId('bank-account-number').fill('1200345');
    await dialog.getByTestId('bank-save').click();
    await dialog.getByText('The routing number must be 5 digits.').waitFor();
    await dialog.getByTestId('bank-routing').fill('00102');
    await dialog.getByTestId('bank-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('bank-account-row').filter({ hasText: 'Royal Bank' }).waitFor();
    const accounts = await api<{ RoutingNumber?: string; InstitutionNumber?: string | null }[]>(
      'payroll',
      `employees/${id}/bank-accounts`,
    );
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ RoutingNumber: '00102', InstitutionNumber: '003' });

    // What she can see and do, then signing in as her and back.
    await page.goto(`/employees/${id}?tab=access`);
    await page.getByTestId('permission-simulation').waitFor();
    await page.getByTestId('simulation-screens').getByText('Leads map').waitFor();
    expect(await page.getByTestId('simulation-screens').getByText('Employees').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'simulation-desktop.png'), fullPage: true });
    await page.getByTestId('proxy-sign-in').click();
    const banner = page.getByTestId('proxy-banner');
    await banner.getByText('Signed in as Nora Quinn on behalf of Alex Morgan').waitFor();
    await page.getByRole('button', { name: 'Return to my account' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Welcome, Alex' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
