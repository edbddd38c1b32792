// Payroll imports on a desktop, end to end: the payroll processor opens Payroll imports, keeps the ADP
// employee numbers kind and its default definition, uploads docs/samples/adp-employee-numbers.xlsx,
// checks the preview (every row matched, the changes counted) and applies it; the server then holds
// the numbers (reading the file again changes nothing). Screens are photographed at desktop and phone
// sizes (.tmp/imports/).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportPreview } from '../../src/contract/imports';
import { launch, newPage, signIn } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'imports');
const SAMPLE = join(import.meta.dirname, '..', '..', 'docs', 'samples', 'adp-employee-numbers.xlsx');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

/** The preview the server makes of the sample now (through the API). */
async function serverPreview(): Promise<ImportPreview> {
  const form = new FormData();
  form.append('File', new Blob([readFileSync(SAMPLE)]), 'adp-employee-numbers.xlsx');
  return api<ImportPreview>('payroll', 'payrolls/read-adp-emp-numbers-from-excel', 'POST', form);
}

describe('payroll imports', () => {
  it('payroll imports ADP employee numbers from the sample file through the wizard', async () => {
    const { context, page } = await newPage(browser, baseUrl, 'desktop');
    try {
      await page.goto('/account/login?returnUrl=%2Fimports');
      await signIn(page, 'payroll');
      await page.getByRole('heading', { name: 'Payroll imports' }).waitFor();
      await page.getByTestId('import-next').click();
      await page.locator('input[type="file"]').setInputFiles(SAMPLE);
      await page.getByTestId('import-read').click();
      const counts = page.getByTestId('import-counts');
      await counts.waitFor({ timeout: 60_000 });
      await expect.poll(() => counts.textContent()).toContain('12 rows');
      expect(await counts.textContent()).toContain('0 bad rows');
      // Every row names a demo employee.
      const rows = page.getByTestId('import-row');
      await expect.poll(() => rows.count()).toBe(12);
      await page.screenshot({ path: join(shots, 'preview-desktop.png'), fullPage: true });
      // Only the changes.
      await page.getByTestId('import-filter').getByText('Changes').click();
      await expect
        .poll(() => page.locator('[data-testid="import-row"][data-status="Change"]').count())
        .toBeGreaterThan(0);
      await page.getByTestId('import-apply').click();
      const result = page.getByTestId('import-result');
      await result.waitFor({ timeout: 60_000 });
      expect(await result.textContent()).toMatch(/employees were changed|nothing changed/);
      await page.screenshot({ path: join(shots, 'result-desktop.png'), fullPage: true });
    } finally {
      await context.close();
    }
    // The server holds the numbers: the same file now changes nothing.
    const after = await serverPreview();
    expect(after).toMatchObject({ RowCount: 12, ChangeCount: 0, UnchangedCount: 12, BadCount: 0 });
  });

  it('the wizard is usable on a phone (photographed)', async () => {
    const { context, page } = await newPage(browser, baseUrl, 'phone');
    try {
      await page.goto('/account/login?returnUrl=%2Fimports');
      await signIn(page, 'payroll');
      await page.getByRole('heading', { name: 'Payroll imports' }).waitFor();
      await page.getByTestId('import-next').click();
      await page.locator('input[type="file"]').setInputFiles(SAMPLE);
      await page.getByTestId('import-read').click();
      await page.getByTestId('import-counts').waitFor({ timeout: 60_000 });
      await page.screenshot({ path: join(shots, 'preview-phone.png'), fullPage: true });
      await page.goto('/imports/definitions');
      await page.getByRole('heading', { name: 'Import definitions' }).waitFor();
      await page.screenshot({ path: join(shots, 'definitions-phone.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
