// Payroll financials, end to end: Priya (payroll) opens the report on the demo company's locked
// payrolls. Every row she reads — month, division, corporation with its currency, payrolls, people,
// hours and each amount — and the totals per currency are what the API answers for the dates the
// screen shows; narrowed to Rogers, and by program, the rows are again the API's. On a phone the rows
// are cards (with the same gross pay) and a card of totals, with no sideways scrolling. axe finds
// nothing serious at phone and desktop size.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'payroll-financials');
const ROGERS = 35;

interface Row {
  Month: string;
  DivisionName?: string | null;
  ProgramName?: string;
  ClientName: string;
  CountryID: number;
  PayrollCount?: number;
  EmployeeCount: number;
  Hours: number;
  Wages: number;
  Commission: number;
  Premiums?: number;
  Other?: number;
  GrossPay: number;
}

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

const currency = (countryId: number) => (countryId === 1 ? 'USD' : 'CAD');
const money = (v: number, c: string) =>
  new Intl.NumberFormat('en-CA', { style: 'currency', currency: c, currencyDisplay: 'narrowSymbol' }).format(
    v,
  );
const month = (m: string) =>
  new Date(`${m}-15T12:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A row as the screen should show it, cell by cell. */
function expectedCells(r: Row, byProgram: boolean): string[] {
  const c = currency(r.CountryID);
  const amounts = byProgram
    ? [r.Wages, r.Commission, r.GrossPay]
    : [r.Wages, r.Commission, r.Premiums ?? 0, r.Other ?? 0, r.GrossPay];
  return [
    month(r.Month),
    (byProgram ? r.ProgramName : r.DivisionName) ?? 'No division',
    `${r.ClientName} ${c}`,
    ...(byProgram ? [] : [String(r.PayrollCount)]),
    String(r.EmployeeCount),
    r.Hours.toFixed(2),
    ...amounts.map((a) => money(a, c)),
  ];
}

/** Every body row of a table as its cells' texts, in a stable order for comparing. */
async function bodyCells(table: Locator): Promise<string[][]> {
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim()),
      ),
    );
  return rows.sort((a, b) => a.join('|').localeCompare(b.join('|')));
}
const sorted = (rows: string[][]) => [...rows].sort((a, b) => a.join('|').localeCompare(b.join('|')));

describe('payroll financials', () => {
  it('Priya reads the figures the API answers, by division, for Rogers and by program', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login?returnUrl=%2Fpayroll%2Ffinancials');
      await signIn(page, 'payroll');
      const table = page.getByTestId('financials-division');
      await table.locator('tbody tr').first().waitFor();
      const startDate = await page.getByLabel('Paid from').inputValue();
      const endDate = await page.getByLabel('Paid to').inputValue();
      const range = `startDate=${startDate}&endDate=${endDate}`;

      // Every row and the totals per currency, as the API answers them.
      const all = await api<{ Rows: Row[] }>('payroll', `payrolls/financials?${range}`);
      expect(all.Rows.length).toBeGreaterThan(0);
      await expect.poll(() => bodyCells(table)).toEqual(sorted(all.Rows.map((r) => expectedCells(r, false))));
      for (const c of ['CAD', 'USD']) {
        const rows = all.Rows.filter((r) => currency(r.CountryID) === c);
        if (!rows.length) continue;
        const total = table.locator('tfoot tr').filter({ hasText: c });
        const gross = rows.reduce((s, r) => s + r.GrossPay, 0);
        expect(await total.locator('td').last().textContent()).toBe(money(Math.round(gross * 100) / 100, c));
      }
      await page.screenshot({ path: join(shots, 'division-desktop.png'), fullPage: true });
      await expectAccessible(page, 'financials by division, desktop');

      // Narrowed to Rogers.
      await page.getByRole('combobox', { name: 'Division' }).click();
      await page.getByRole('option', { name: 'Rogers', exact: true }).click();
      const rogers = await api<{ Rows: Row[] }>(
        'payroll',
        `payrolls/financials?${range}&divisionID=${ROGERS}`,
      );
      expect(rogers.Rows.length).toBeGreaterThan(0);
      await expect
        .poll(() => bodyCells(table))
        .toEqual(sorted(rogers.Rows.map((r) => expectedCells(r, false))));

      // By program.
      await page.getByRole('tab', { name: 'By program' }).click();
      const programs = page.getByTestId('financials-program');
      const byProgram = await api<{ Rows: Row[] }>('payroll', `payrolls/financials-program?${range}`);
      await expect
        .poll(() => bodyCells(programs))
        .toEqual(sorted(byProgram.Rows.map((r) => expectedCells(r, true))));
      await page.screenshot({ path: join(shots, 'program-desktop.png'), fullPage: true });
      await expectAccessible(page, 'financials by program, desktop');

      // A phone: a card per row with the same gross pay, a card of totals, no sideways scrolling.
      await page.setViewportSize(VIEWPORTS.phone);
      const cards = page.getByTestId('financials-program-cards').locator('li');
      await expect.poll(() => cards.count()).toBe(byProgram.Rows.length);
      const gross = await cards.evaluateAll((lis) =>
        lis.map((li) => [...li.querySelectorAll('dd')].pop()?.textContent?.trim() ?? ''),
      );
      expect(gross.sort()).toEqual(
        byProgram.Rows.map((r) => money(r.GrossPay, currency(r.CountryID))).sort(),
      );
      await page.getByTestId('financials-program-total').first().waitFor();
      await expect
        .poll(() => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - innerWidth))
        .toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(shots, 'program-phone.png'), fullPage: true });
      await expectAccessible(page, 'financials by program, phone');
      await page.getByRole('tab', { name: 'By division' }).click();
      await expect
        .poll(() => page.getByTestId('financials-division-cards').locator('li').count())
        .toBe(rogers.Rows.length);
      await page.screenshot({ path: join(shots, 'division-phone.png'), fullPage: true });
      await expectAccessible(page, 'financials by division, phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
