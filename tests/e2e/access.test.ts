// Access on desktop: payroll imports a claims CSV with one bad row — the row's line is named and
// nothing is applied — then the corrected file after its preview; an administrator opens an
// employee's permission simulation, signs in as them (the banner names both) and returns.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';
import { api, apiResult } from './server-checks';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // Leave no claim permission behind for the other journeys.
  await apiResult('payroll', 'claims/all/permissions', 'PUT', []);
  await browser?.close();
});

/** Riley Chen (rep), the fifth demo user. */
const RILEY = 5;

const storedClaimsCsv = () => api<string>('payroll', 'claims/all/permissions.csv');

async function pickFile(page: Page, name: string, text: string) {
  const path = join(tmpdir(), `apex-e2e-${process.pid}-${name}`);
  writeFileSync(path, text);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('claims-import').click(),
  ]);
  await chooser.setFiles(path);
}

async function signedIn(page: Page, user: string) {
  await page.goto('/account/login');
  await signIn(page, user);
  await page.waitForURL((url) => !url.pathname.startsWith('/account'));
}

describe('claim permissions import', () => {
  it('one bad row: its line is named and nothing is applied; the corrected file is previewed, then applied', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await signedIn(page, 'payroll');
    await page.goto('/admin/permissions');
    await page.getByRole('heading', { name: 'Claim permissions' }).waitFor();
    const before = await storedClaimsCsv();

    const header = 'ClaimType,ClaimValue,PermissionKey,Value';
    await pickFile(
      page,
      'bad.csv',
      `${header}\noffice,1,reports:read,true\ndivision,35,reports:reed,true\nuserName,rep,navigation:payroll,false\n`,
    );
    const errors = page.getByTestId('claims-import-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Line 3');
    expect(await errors.textContent()).toContain('reports:reed');
    expect(await errors.textContent()).toContain('Nothing was imported');
    expect(await storedClaimsCsv()).toBe(before);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await pickFile(
      page,
      'good.csv',
      `${header}\noffice,1,reports:read,true\nuserName,rep,navigation:payroll,false\n`,
    );
    const preview = page.getByTestId('claims-import-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toContain('2 added, 0 changed, 0 removed');
    // The preview changed nothing yet.
    expect(await storedClaimsCsv()).toBe(before);
    await page.getByTestId('claims-import-apply').click();
    await page.getByTestId('claims-import-done').waitFor();
    const after = await storedClaimsCsv();
    expect(after).toContain('office,1,reports:read,true');
    expect(after).toContain('userName,rep,navigation:payroll,false');
    await page
      .getByTestId('claims-import-dialog')
      .getByRole('button', { name: 'Close', exact: true })
      .last()
      .click();
    await page.getByTestId('claims-table').getByText('navigation:payroll').waitFor();
    await context.close();
  });
});

describe('permission simulation and proxy', () => {
  it("admin sees what Riley can do, signs in as Riley, and returns to the admin's own account", async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await signedIn(page, 'admin');
    await page.goto(`/employees/${RILEY}?tab=access`);
    const simulation = page.getByTestId('permission-simulation');
    await simulation.waitFor();
    const screens = page.getByTestId('simulation-screens');
    await screens.getByText('Leads map').waitFor();
    expect(await screens.getByText('Time approvals').count()).toBe(0);

    await page.getByTestId('proxy-sign-in').click();
    const banner = page.getByTestId('proxy-banner');
    await banner.getByText('Signed in as Riley Chen on behalf of Alex Morgan').waitFor();
    await page.getByRole('button', { name: 'Return to my account' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Welcome, Alex' }).waitFor();
    await context.close();
  });
});
