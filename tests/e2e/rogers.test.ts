// The owner's Rogers journey on a desktop: Dana (owner) opens Reports, then the daily production
// dashboard (figure cards with the server's figures, the chart, the table), and the leads rep
// statistics report, runs it, sorts it and exports it as CSV; the CSV holds the rows on screen. The
// screens are photographed at desktop, tablet and phone sizes (.tmp/rogers/).
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RogersDashboard, RogersReport } from '../../src/contract/rogers';
import { expectAccessible } from './axe';
import { launch, newPage, signIn } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'rogers');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

/** The dates the screens start with: the 30 days up to the browser's today. */
async function screenDates(page: Page): Promise<{ startDate: string; endDate: string }> {
  const inputs = page.locator('input[type="date"]');
  return { startDate: await inputs.nth(0).inputValue(), endDate: await inputs.nth(1).inputValue() };
}

describe('Rogers dashboards and reports', () => {
  it('Dana reads the daily production dashboard and exports the leads rep statistics as CSV', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login');
      await signIn(page, 'owner');
      await page.waitForURL((u) => !u.pathname.startsWith('/account'));

      // The dashboard, with the server's figures for the dates on screen.
      await page.goto('/dashboards/rogers/daily-production-report');
      await page.getByTestId('rogers-dashboard').waitFor();
      const dates = await screenDates(page);
      const expected = await api<RogersDashboard>(
        'owner',
        `dashboards/rogers/daily-production-report?startDate=${dates.startDate}&endDate=${dates.endDate}`,
      );
      const units = expected.Figures.find((f) => f.Key === 'Units')?.Value ?? 0;
      expect(units).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('rogers-figure-Units').innerText()).toContain(String(units));
      const orders = expected.Figures.find((f) => f.Key === 'Orders')?.Value ?? 0;
      expect(await page.getByTestId('rogers-figure-Orders').innerText()).toContain(String(orders));
      await page.getByTestId('rogers-chart-perDay').locator('svg').first().waitFor();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(expected.Rows.length);
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(shots, 'dashboard-desktop.png'), fullPage: true });
      await expectAccessible(page, 'daily production dashboard');

      // An office of another corporation is not offered; Toronto narrows the figures to it.
      await page.getByTestId('rogers-office').click();
      await page.getByRole('option', { name: 'Toronto Central' }).waitFor();
      expect(await page.getByRole('option', { name: 'Chicago Loop' }).count()).toBe(0);
      await page.getByRole('option', { name: 'Toronto Central' }).click();
      await page.getByRole('button', { name: 'Show' }).click();
      await expect.poll(() => page.getByTestId('rogers-figure-Units').innerText()).toContain(String(units));

      // The leads rep statistics report: run, sort by interactions, export CSV.
      await page.goto('/reports/rogers');
      await page.getByRole('link', { name: 'Leads rep statistics' }).click();
      await page.waitForURL(/\/reports\/rogers\/leads-rep-statistics$/);
      await page.getByRole('button', { name: 'Run report' }).click();
      await page.getByTestId('rogers-report').waitFor();
      const rd = await screenDates(page);
      const stats = await api<RogersReport>(
        'owner',
        `reports/rogers/leads-rep-statistics?startDate=${rd.startDate}&endDate=${rd.endDate}`,
      );
      expect(stats.Rows.length).toBeGreaterThan(0);
      const riley = stats.Rows.find((r) => r.EmployeeName === 'Riley Chen');
      expect(riley).toBeDefined();
      const row = page.locator('tbody tr', { hasText: 'Riley Chen' });
      await expect.poll(() => row.innerText()).toContain(String(riley?.Interactions));
      await page.getByRole('button', { name: /Interactions/ }).click();
      await page.getByRole('button', { name: /Interactions/ }).click();
      const first = await page.locator('tbody tr').first().innerText();
      const most = [...stats.Rows].sort((a, b) => Number(b.Interactions) - Number(a.Interactions))[0];
      expect(first).toContain(String(most.EmployeeName));
      await page.screenshot({ path: join(shots, 'report-desktop.png'), fullPage: true });
      await expectAccessible(page, 'leads rep statistics');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('leads-rep-statistics.csv');
      const path = await download.path();
      const csv = readFileSync(path, 'utf8').trim().split(/\r?\n/);
      expect(csv[0]).toContain('Employee,Leads worked,Interactions');
      expect(csv).toHaveLength(stats.Rows.length + 1);
      expect(csv[1]).toContain(String(most.EmployeeName));
      expect(csv.find((l) => l.includes('Riley Chen'))).toContain(`,${riley?.Interactions},`);

      // Tablet and phone: the same screens, usable.
      for (const size of [
        { name: 'tablet', width: 820, height: 1180 },
        { name: 'phone', width: 390, height: 844 },
      ]) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto('/dashboards/rogers/rogers-trend-report');
        await page.getByTestId('rogers-dashboard').waitFor();
        await page.waitForTimeout(500);
        await page.screenshot({ path: join(shots, `trend-${size.name}.png`), fullPage: true });
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
