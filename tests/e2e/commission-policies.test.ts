// The commission policy editor, end to end: Priya (payroll) starts an ICD commission policy for Maple
// Direct Sales' Rogers Business Outreach program (the one program of Maple with none). Saving without a
// program says "Choose a program" under the program; an end date before the start is refused by the
// server with its message under the end date, and no banner above the form repeats it. The saved
// policy is in the list and, after a reload, the editor shows what was saved; changed again
// (threshold, rate), the server and the reloaded list hold the new values. On a phone the policies
// are cards in the page's flow (nothing scrolls sideways in a box), a card's Open button opens the
// editor. axe finds nothing serious on the list and the editor at phone and desktop size. The policy
// is deleted at the end (it would otherwise stay for the other journeys of the run).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorOf, expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'commission-policies');
const MAPLE = 3;
const NAME = `Maple — Rogers Business Outreach ${Date.now() % 100_000}`;

interface Policy {
  CommissionPolicyID: number;
  Name: string;
  ProgramID: number;
  CommissionTypeID: number;
  CommissionThreshold: number;
  EndDate: string | null;
  Tiers: { From: number; To: number; Rate: number }[];
  Version: number;
}

let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});

const saved = async () =>
  (await api<Policy[]>('payroll', `corporations/${MAPLE}/commission-policies`)).find((p) => p.Name === NAME);

afterAll(async () => {
  const left = await saved().catch(() => undefined);
  if (left)
    await api('payroll', `commission-policies/${left.CommissionPolicyID}?version=${left.Version}`, 'DELETE');
  await browser?.close();
});

async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What in the page's main area scrolls sideways inside its own box (tag and test id of each). */
function sidewaysBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => {
        const overflow = getComputedStyle(e).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && e.scrollWidth > e.clientWidth + 1;
      })
      .map(
        (e) =>
          `${e.tagName.toLowerCase()} in ${e.closest('[data-testid]')?.getAttribute('data-testid') ?? 'the page'}`,
      ),
  );
}

describe('commission policies', () => {
  it('Priya creates an ICD policy, sees the refusals beside their fields, and finds it saved after a reload', {
    timeout: 180_000,
  }, async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(
        `/account/login?returnUrl=${encodeURIComponent(`/commission/policies?corporation=${MAPLE}`)}`,
      );
      await signIn(page, 'payroll');
      const list = page.getByTestId('icd-policies');
      await list.getByText('Maple — Rogers Door-to-Door').waitFor();
      await expectAccessible(page, 'ICD policies, desktop');

      await page.getByTestId('new-icd-policy').click();
      const editor = page.getByRole('dialog', { name: 'New commission policy' });
      await editor.getByRole('textbox', { name: 'Name' }).fill(NAME);
      // No program: said beside the program, nothing sent.
      await editor.getByTestId('save-policy').click();
      expect(await errorOf(editor.getByRole('combobox', { name: 'Program' }))).toBe('Choose a program');
      await pick(page, editor.getByRole('combobox', { name: 'Program' }), 'Rogers Business Outreach');
      await pick(
        page,
        editor.getByRole('combobox', { name: 'Commission type' }),
        'Commission above threshold',
      );
      await editor.getByRole('textbox', { name: 'Threshold' }).fill('150');
      // An end before the start: the server's message beside the end date.
      const start = await editor.getByLabel('Start date').inputValue();
      await editor.getByLabel('End date (empty: open)').fill('2020-01-01');
      await editor.getByTestId('save-policy').click();
      expect(await errorOf(editor.getByLabel('End date (empty: open)'))).toBe(
        'The end date must be on or after the start date',
      );
      // Every reason is beside its field: no banner above the form repeating it.
      expect(await editor.getByTestId('policy-problem').count()).toBe(0);
      await page.screenshot({ path: join(shots, 'editor-refused-desktop.png') });
      await expectAccessible(page, 'policy editor with refusals, desktop');
      await editor.getByLabel('End date (empty: open)').fill('');
      await editor.getByRole('textbox', { name: 'Tier 1 rate' }).fill('12.5');
      await editor.getByTestId('save-policy').click();
      await editor.waitFor({ state: 'detached' });
      const row = list.getByRole('row').filter({ hasText: NAME });
      await row.waitFor();
      expect(await row.textContent()).toContain('$150.00');

      const created = await saved();
      expect(created).toMatchObject({
        ProgramID: 7,
        CommissionTypeID: 2,
        CommissionThreshold: 150,
        EndDate: null,
        Tiers: [{ From: 0, To: 1_000_000, Rate: 12.5 }],
      });

      // After a reload: the list and the editor show what was saved; a change is saved too.
      await page.reload();
      await row.click();
      const again = page.getByRole('dialog', { name: 'Commission policy' });
      expect(await again.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(NAME);
      expect(await again.getByRole('combobox', { name: 'Program' }).inputValue()).toBe(
        'Rogers Business Outreach',
      );
      expect(await again.getByRole('combobox', { name: 'Commission type' }).inputValue()).toBe(
        'Commission above threshold',
      );
      expect(await again.getByRole('textbox', { name: 'Threshold' }).inputValue()).toBe('$150');
      expect(await again.getByLabel('Start date').inputValue()).toBe(start);
      expect(await again.getByRole('textbox', { name: 'Tier 1 rate' }).inputValue()).toContain('12.5');
      await again.getByRole('textbox', { name: 'Threshold' }).fill('175');
      await again.getByTestId('save-policy').click();
      await again.waitFor({ state: 'detached' });
      await expect.poll(async () => (await saved())?.CommissionThreshold).toBe(175);
      await page.reload();
      await expect.poll(() => row.textContent()).toContain('$175.00');
      await page.screenshot({ path: join(shots, 'list-desktop.png'), fullPage: true });

      // A tablet keeps the table. A phone: the policies are cards in the page's own flow (no box
      // scrolling sideways inside the page), and a card's Open button opens the editor.
      await page.setViewportSize(VIEWPORTS.tablet);
      await row.waitFor();
      await page.setViewportSize(VIEWPORTS.phone);
      const card = page.getByTestId('icd-policies-cards').locator('li').filter({ hasText: NAME });
      await card.waitFor();
      expect(await page.getByTestId('icd-policies').count()).toBe(0);
      expect(await sidewaysBoxes(page)).toEqual([]);
      await page.screenshot({ path: join(shots, 'list-phone.png'), fullPage: true });
      await expectAccessible(page, 'ICD policies, phone');
      await card.getByRole('button', { name: `Open the policy ${NAME}` }).click();
      await page.getByRole('dialog', { name: 'Commission policy' }).getByTestId('tier-table').waitFor();
      const widths = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]);
      await page.screenshot({ path: join(shots, 'editor-phone.png') });
      await expectAccessible(page, 'policy editor, phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
