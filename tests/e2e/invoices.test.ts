// The payroll office's invoicing journey on a desktop: Priya (payroll) opens Payroll invoices, starts a
// new invoice, picks a locked payroll not yet invoiced (the list shows the policy that will build it),
// creates the invoice (its lines and total are the server's), posts it after a confirmation, and sees
// the amounts, adjustment and payment method read only while the server refuses to change them. The
// screens are photographed at desktop, tablet and phone sizes (.tmp/invoices/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POSTED_AMOUNTS } from '../../src/contract/invoices';
import { expectAccessible } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { api, apiResult } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'invoices');

interface Invoiceable {
  PayrollID: number;
  CountryID: number;
  GrossPay: number;
  PayrollInvoicePolicyID: number | null;
}
interface Invoice {
  PayrollInvoiceID: number;
  InvoiceNumber: string;
  PayrollID: number;
  StatusID: number;
  Total: number;
  Adjustment: number;
  Lines: { Description: string; Amount: number }[];
  Version: number;
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

describe('payroll invoices: invoice a locked payroll and post it', () => {
  it('Priya invoices a locked payroll from the screens, posts it and sees its amounts read only', {
    timeout: 180_000,
  }, async () => {
    const defaults = await api<{ Payrolls: Invoiceable[] }>('payroll', 'payroll-invoices/new');
    // A locked payroll that paid something and has a policy (the demo leaves several uninvoiced).
    const target = defaults.Payrolls.filter((p) => p.PayrollInvoicePolicyID !== null).sort(
      (a, b) => b.GrossPay - a.GrossPay,
    )[0];
    expect(target, 'a locked payroll to invoice').toBeDefined();
    if (!target) return;

    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login?returnUrl=%2Finvoices');
      await signIn(page, 'payroll');
      await page.getByTestId('invoices-table').waitFor();
      await page.screenshot({ path: join(shots, 'list-desktop.png'), fullPage: true });
      await expectAccessible(page, 'invoice list');

      // New invoice: the locked payrolls not yet invoiced, each with its policy; today by default.
      await page.getByTestId('new-invoice-button').click();
      const dialog = page.getByRole('dialog', { name: 'Invoice a locked payroll' });
      const choice = dialog.locator(
        `[data-testid="invoiceable-payroll"][data-payroll-id="${target.PayrollID}"]`,
      );
      await choice.waitFor();
      expect(await dialog.getByTestId('invoice-date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await choice.getByRole('radio').check();
      await page.screenshot({ path: join(shots, 'new-desktop.png') });
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/payroll-invoices') && r.request().method() === 'POST',
      );
      await dialog.getByTestId('create-invoice').click();
      const answer = await created;
      expect(answer.status()).toBe(201);
      const invoice = (await answer.json()) as Invoice;
      expect(invoice.PayrollID).toBe(target.PayrollID);
      await page.waitForURL(new RegExp(`/invoices/${invoice.PayrollInvoiceID}$`));

      // The invoice page: the stored lines and the server's total.
      await page.getByTestId('invoice-lines').waitFor();
      expect(await page.getByTestId('invoice-number').textContent()).toBe(invoice.InvoiceNumber);
      expect(await page.getByTestId('invoice-line').count()).toBe(invoice.Lines.length);
      expect(await page.getByTestId('invoice-total').textContent()).toBe(
        money(invoice.Total, target.CountryID),
      );
      expect(await page.getByTestId('invoice-status').textContent()).toBe('Not posted');
      await expectAccessible(page, 'invoice page');

      // Post it: a confirmation first, then the amounts are read only.
      await page.getByTestId('invoice-status-select').click();
      await page.getByRole('option', { name: 'Posted', exact: true }).click();
      await page.getByTestId('invoice-save').click();
      const confirm = page.getByRole('dialog', { name: 'Post this invoice?' });
      const saved = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/payroll-invoices/${invoice.PayrollInvoiceID}`) &&
          r.request().method() === 'PUT',
      );
      await confirm.getByTestId('confirm-post').click();
      expect((await saved).status()).toBe(200);
      await page.getByTestId('posted-notice').waitFor();
      await expect.poll(() => page.getByTestId('invoice-status').textContent()).toBe('Posted');
      expect(await page.getByTestId('invoice-adjustment-input').isDisabled()).toBe(true);
      expect(await page.getByTestId('invoice-payment-method').isDisabled()).toBe(true);
      expect(await page.getByTestId('invoice-status-select').isDisabled()).toBe(true);
      expect(await page.getByTestId('invoice-adjustment-comments').isDisabled()).toBe(true);
      expect(await page.getByTestId('invoice-total').textContent()).toBe(
        money(invoice.Total, target.CountryID),
      );

      // The server agrees: posted, and a change of the amounts is refused with its message.
      const posted = await api<Invoice>('payroll', `payroll-invoices/${invoice.PayrollInvoiceID}`);
      expect(posted.StatusID).toBe(2);
      const refused = await apiResult<{ Message: string }>(
        'payroll',
        `payroll-invoices/${invoice.PayrollInvoiceID}`,
        'PUT',
        {
          Adjustment: 10,
          AdjustmentComments: 'late change',
          Version: posted.Version,
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.Message).toBe(POSTED_AMOUNTS);

      // The PDF opens with the session cookie.
      const href = await page.getByTestId('invoice-pdf').getAttribute('href');
      const pdf = await page.request.get(href ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');

      await page.screenshot({ path: join(shots, 'posted-desktop.png'), fullPage: true });
      for (const [name, size] of [
        ['tablet', { width: 768, height: 1024 }],
        ['phone', VIEWPORTS.phone],
      ] as const) {
        await page.setViewportSize(size);
        await page.screenshot({ path: join(shots, `posted-${name}.png`), fullPage: true });
      }
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto('/invoices/policies');
      await page.getByTestId('policies-table').waitFor();
      await page.screenshot({ path: join(shots, 'policies-desktop.png'), fullPage: true });
      await expectAccessible(page, 'invoice policies');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
