// The manager's compliance journey on a desktop: Marco (manager, Toronto Central) opens the compliance
// report jobs, runs a NoMealBreak report for last week (the demo's Wednesday when Sam Taylor worked
// 10:00–16:30 with no break, server/seed/report-jobs.ts), watches the job go from queued to done
// through the job tracker, downloads the xlsx and finds Sam's flagged row in it (read with exceljs),
// then follows the flagged row's link to time approvals, where Sam's period is open with the same
// flag. "Last week" is the seed's, counted from the same clock in Toronto's time zone.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lastWeeksWednesday } from '../../server/seed/report-jobs';
import { DEVICE_TIME_ZONE, launch, newPage, signIn } from './browser';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'compliance');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

describe('compliance report jobs', () => {
  it('the manager runs NoMealBreak for last week, downloads the xlsx and opens the flagged entry', {
    timeout: 240_000,
  }, async () => {
    const wednesday = lastWeeksWednesday(DEVICE_TIME_ZONE, new Date());
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login');
      await signIn(page, 'manager');
      await page.waitForURL((u) => !u.pathname.startsWith('/account'));
      await page.goto('/reports/jobs');
      await page.getByTestId('new-job').waitFor();
      await page.getByRole('checkbox', { name: /^No meal break/ }).check();
      await page.getByLabel('Containing the day').fill(wednesday);
      await page.screenshot({ path: join(shots, 'form-desktop.png'), fullPage: true });
      await page.getByRole('button', { name: 'Run 1 report' }).click();

      // Queued (or already running), then done: the list follows the job at the tracker's pace.
      const row = page.locator('[data-testid="report-jobs"] tbody tr[data-job-id]').first();
      await row.waitFor();
      await expect
        .poll(() => row.getAttribute('data-status'), { timeout: 120_000, interval: 1000 })
        .toBe('4');
      await expect.poll(() => row.getByTestId('job-found').innerText()).toMatch(/flagged/);
      await page.screenshot({ path: join(shots, 'done-desktop.png'), fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId('download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^compliance-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-job-\d+\.xlsx$/,
      );
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download.path());
      const sheet = wb.getWorksheet('NoMealBreak');
      expect(sheet).toBeDefined();
      const rows: string[] = [];
      sheet?.eachRow((r, n) => {
        if (n > 1) rows.push((r.values as unknown[]).map(String).join(' | '));
      });
      const sam = rows.find((r) => r.includes('Sam Taylor') && r.includes(wednesday));
      expect(sam, rows.join('\n')).toContain('Worked 6:30 with no break.');
      expect(sam).toContain('Toronto Central');

      // The flagged row links to the entries on time approvals.
      await row.getByRole('button', { name: 'Flagged rows' }).click();
      const flagged = page
        .getByTestId('flagged-rows')
        .locator('tr', { hasText: 'Sam Taylor' })
        // The screen reads the day as every screen does ('Nov 18, 2026'); the xlsx keeps the wire day.
        .filter({
          hasText: new Date(`${wednesday}T00:00:00`).toLocaleDateString('en-CA', { dateStyle: 'medium' }),
        });
      await flagged.getByTestId('flag-link').click();
      await page.waitForURL(
        (u) => u.pathname === '/time/approvals' && u.searchParams.get('date') === wednesday,
      );
      const period = page.locator('[data-testid="pay-periods"] tr[data-employee-id]', {
        hasText: 'Sam Taylor',
      });
      await period.getByTestId('compliance-flags').getByText('No meal break').waitFor();
      await expect
        .poll(() => page.locator('[data-testid="pay-periods"] tr[data-employee-id]').count())
        .toBe(1);
      await expect
        .poll(() => period.getByRole('button', { name: 'Review' }).getAttribute('aria-expanded'))
        .toBe('true');
      await page.screenshot({ path: join(shots, 'approvals-desktop.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
