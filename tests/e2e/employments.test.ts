// The payroll office's employment processing on a desktop: Priya (payroll) opens Employment processing
// from the sidebar, goes to Terminations, processes the oldest awaiting termination with a comment
// (confirm dialog), sees it leave the awaiting queue, then with "Show processed" finds it processed by
// her. The screen is photographed at desktop, tablet and phone sizes (.tmp/employments/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { EmploymentEvent, EmploymentEventPage } from '../../src/contract/employments';
import { axeViolations, formatViolations } from './axe';
import { launch, newPage, signIn } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const money = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  currencyDisplay: 'narrowSymbol',
});
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'employments');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

describe('employment processing', () => {
  it('Priya processes a termination and sees it leave the queue with her name as processor', {
    timeout: 180_000,
  }, async () => {
    const before = await api<EmploymentEventPage>(
      'payroll',
      'employments/terminations?sort=OccurredAt&pageSize=100',
    );
    expect(before.TotalCount).toBeGreaterThan(0);
    const target = before.Items[0];
    const sameName = before.Items.filter((i) => i.EmployeeName === target.EmployeeName).length;

    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login');
      await signIn(page, 'payroll');
      await page.waitForURL((u) => !u.pathname.startsWith('/account'));
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Employment processing', exact: true })
        .click();
      await page.getByTestId('queue-new-hires').waitFor();
      // One day format and one date-time format: a hire day reads 'Jul 28, 2026' (not the wire day),
      // a recorded time 'Nov 19, 2026, 5:59 AM' (not 'a.m.'), a pay rate as money.
      const hires = await api<EmploymentEventPage>(
        'payroll',
        'employments/new-hires?sort=OccurredAt&pageSize=100',
      );
      const awaiting = hires.Items.filter((i) => !i.IsProcessed);
      const days = awaiting.flatMap((i) =>
        i.EffectiveDate === null
          ? []
          : [
              new Date(`${String(i.EffectiveDate).slice(0, 10)}T00:00:00`).toLocaleDateString('en-CA', {
                dateStyle: 'medium',
              }),
            ],
      );
      const newHires = page.getByTestId('queue-new-hires');
      // The demo company seeds new hires awaiting processing, each with a hire day.
      expect(days.length).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const text = (await newHires.textContent()) ?? '';
          return days.some((d) => text.includes(d));
        })
        .toBe(true);
      const text = (await newHires.textContent()) ?? '';
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|[ap]\.m\./);
      expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
      const rate = awaiting.flatMap((i) => i.Changes).find((c) => c.Field === 'PayRate' && c.After);
      if (rate && awaiting.length <= 25)
        expect(text).toContain(`Pay rate: ${money.format(Number(rate.After))}`);
      await page.getByTestId('tab-terminations').click();
      const table = page.getByTestId('queue-terminations');
      await table.waitFor();
      const rows = table.getByTestId('employment-row').filter({ hasText: target.EmployeeName });
      await expect.poll(() => rows.count()).toBe(sameName);
      await page.screenshot({ path: join(shots, 'terminations-desktop.png'), fullPage: true });
      const serious = (await axeViolations(page)).filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.length, formatViolations(serious)).toBe(0);

      await rows.first().getByTestId('process-button').click();
      const dialog = page.getByRole('dialog');
      await page.getByTestId('process-dialog').waitFor();
      await expect.poll(() => dialog.textContent()).toContain(target.EmployeeName);
      await dialog.getByLabel('Comment').fill('Entered in ADP');
      await page.screenshot({ path: join(shots, 'process-dialog-desktop.png') });
      await dialog.getByTestId('confirm-process').click();
      await page.getByTestId('process-dialog').waitFor({ state: 'detached' });
      // It leaves the awaiting queue.
      await expect.poll(() => rows.count()).toBe(sameName - 1);

      // With processed items shown, it is there: processed by Priya, with the comment.
      await page.getByTestId('show-processed').click();
      const processedRow = table
        .getByTestId('employment-row')
        .filter({ hasText: target.EmployeeName })
        .filter({ hasText: 'Entered in ADP' });
      await processedRow.waitFor();
      const status = await processedRow.getByTestId('employment-status').textContent();
      expect(status).toContain('Processed');
      expect(status).toContain('by Priya Shah');
      await page.screenshot({ path: join(shots, 'processed-desktop.png'), fullPage: true });

      const after = await api<EmploymentEventPage>(
        'payroll',
        'employments/terminations?status=processed&pageSize=100',
      );
      const done = after.Items.find((i: EmploymentEvent) => i.EmploymentEventID === target.EmploymentEventID);
      expect(done).toMatchObject({
        IsProcessed: true,
        ProcessedByName: 'Priya Shah',
        Comments: 'Entered in ADP',
      });

      for (const size of ['tablet', 'phone'] as const) {
        await page.setViewportSize(
          size === 'tablet' ? { width: 820, height: 1180 } : { width: 390, height: 844 },
        );
        // A table on the tablet, cards on the phone (below the sm breakpoint).
        await (size === 'tablet' ? table : page.getByTestId('queue-terminations-cards')).waitFor();
        await page.screenshot({ path: join(shots, `terminations-${size}.png`), fullPage: true });
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
