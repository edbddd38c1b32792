// The office's work orders: payroll opens Work orders, filters to the rep's Booked orders, opens one,
// marks its product Installed and sees the status change in the history and the commission piece it
// produced; a bulk status change with one row that cannot move (a Cancelled order to Installed)
// changes nothing and names the failing row. Payroll adds a product to an order (Booked), files a
// manual claim for the rep, edits it and withdraws it. A refused edit of an order's own fields says each
// reason beside its field and shows no banner. Screens photographed at 1440×900, 768×1024 and 390×844
// (.tmp/orders-office/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkOrderPage } from '../../src/contract/orders';
import { launch, newPage, signIn } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'orders-office');
let browser: Browser;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  browser = await launch();
});
afterAll(() => browser?.close());

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('orders office', () => {
  it('payroll filters to the rep, installs a Booked order and sees its history and commission', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login');
    await signIn(page, 'payroll');
    await page.waitForURL((u) => !u.pathname.startsWith('/account'));
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Work orders', exact: true })
      .click();
    await page.waitForURL('**/orders');
    await expect
      .poll(() => page.getByTestId('work-orders-table').isVisible(), { timeout: 30_000 })
      .toBe(true);

    await pick(page, 'Rep', 'Riley Chen');
    await pick(page, 'Status', 'Booked');
    const firstRow = page.getByTestId('work-orders-table').locator('tbody tr').first();
    await expect.poll(() => firstRow.textContent(), { timeout: 20_000 }).toContain('Booked');
    await page.screenshot({ path: join(shots, 'grid-1440.png'), fullPage: true });
    await firstRow.getByRole('link').click();
    await page.waitForURL(/\/orders\/\d+$/);

    const products = page.getByTestId('product-orders');
    await expect.poll(() => products.isVisible(), { timeout: 20_000 }).toBe(true);
    const booked = products.locator('tbody tr', { hasText: 'Booked' }).first();
    await booked.getByRole('button', { name: /Change the status of/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(/^New status/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Installed', exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false);

    const history = page.getByTestId('status-history');
    await expect.poll(() => history.textContent(), { timeout: 20_000 }).toContain('Booked → Installed');
    expect(await history.textContent()).toContain('Priya Shah');
    const pieces = page.getByTestId('commission-pieces');
    await expect.poll(() => pieces.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await pieces.textContent()).toContain('Commission');
    await page.screenshot({ path: join(shots, 'detail-1440.png'), fullPage: true });

    const url = page.url();
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: join(shots, 'detail-768.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'detail-390.png'), fullPage: true });
    await page.goto('/orders');
    // On a phone the work orders are cards.
    await expect
      .poll(() => page.getByTestId('work-orders-table-cards').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await page.screenshot({ path: join(shots, 'grid-390.png'), fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: join(shots, 'grid-768.png'), fullPage: true });
    await page.goto('/orders/catalogue');
    await expect.poll(() => page.getByTestId('products-table').isVisible(), { timeout: 20_000 }).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: join(shots, 'catalogue-1440.png'), fullPage: true });
    expect(url).toMatch(/\/orders\/\d+$/);
    await context.close();
  });

  it('a bulk status change with a row that cannot move changes nothing and names the row', async () => {
    const orders = await api<WorkOrderPage>('payroll', 'work-orders?pageSize=100&sort=-saleDate');
    const rep = orders.Items.filter((o) => o.EmployeeName === 'Riley Chen');
    const booked = rep.find(
      (o) => o.ProductOrders.length > 0 && o.ProductOrders.every((p) => p.StatusKind === 1),
    );
    const cancelled = rep.find((o) => o.ProductOrders.some((p) => p.StatusKind === 3));
    expect(booked, 'a Booked demo order of the rep').toBeDefined();
    expect(cancelled, 'a Cancelled demo order of the rep').toBeDefined();
    if (!booked || !cancelled) return;

    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login');
    await signIn(page, 'payroll');
    await page.waitForURL((u) => !u.pathname.startsWith('/account'));
    await page.goto('/orders');
    await pick(page, 'Rep', 'Riley Chen');
    const table = page.getByTestId('work-orders-table');
    for (const o of [booked, cancelled]) {
      const row = table.getByTestId(`work-order-${o.WorkOrderID}`);
      await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
      await row.getByRole('checkbox').check();
    }
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(/^New status/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Installed', exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const error = page.getByTestId('bulk-status-error');
    await expect.poll(() => error.isVisible(), { timeout: 20_000 }).toBe(true);
    const text = (await error.textContent()) ?? '';
    expect(text).toContain('No status was changed');
    // The failing row is the cancelled order's product, after the booked order's products.
    const failing =
      booked.ProductOrders.length + cancelled.ProductOrders.findIndex((p) => p.StatusKind === 3) + 1;
    const product = cancelled.ProductOrders.find((p) => p.StatusKind === 3)?.ProductName;
    expect(text).toContain(`Row ${failing} (${cancelled.OrderNumber}, ${product}):`);
    expect(text).toContain('cannot go from Cancelled to Installed');
    await page.screenshot({ path: join(shots, 'bulk-refused-1440.png') });

    const after = await api<{ ProductOrders: { StatusKind: number }[] }>(
      'payroll',
      `work-orders/${booked.WorkOrderID}`,
    );
    expect(after.ProductOrders.every((p) => p.StatusKind === 1)).toBe(true);
    await context.close();
  });

  it("a refused edit of an order's own fields says each reason beside its field, with no banner", async () => {
    const orders = await api<WorkOrderPage>('payroll', 'work-orders?pageSize=100&sort=-saleDate');
    const numbered = orders.Items.filter((o) => o.OrderNumber);
    // An order with nothing paid yet (its sale date may change), and another of its division's numbers.
    const order = numbered.find(
      (o) => o.ProductOrders.length > 0 && o.ProductOrders.every((p) => p.StatusKind === 1),
    );
    const other = numbered.find(
      (o) => o.DivisionID === order?.DivisionID && o.WorkOrderID !== order?.WorkOrderID,
    );
    expect(order, 'a Booked demo order with a number').toBeDefined();
    expect(other, 'another order of its division').toBeDefined();
    if (!order || !other) return;

    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login');
    await signIn(page, 'payroll');
    await page.waitForURL((u) => !u.pathname.startsWith('/account'));
    await page.goto(`/orders/${order.WorkOrderID}`);
    const number = page.getByRole('textbox', { name: /^Order number/ });
    await expect.poll(() => number.isVisible(), { timeout: 20_000 }).toBe(true);
    await number.fill(other.OrderNumber ?? '');
    await page.getByLabel(/^Sale date/).fill('2099-01-15');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const beside = async (label: RegExp) => {
      const input = page.getByLabel(label).first();
      const id = (await input.getAttribute('aria-describedby'))
        ?.split(' ')
        .find((part) => part.endsWith('-error'));
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    };
    await expect
      .poll(() => beside(/^Order number/), { timeout: 20_000 })
      .toBe(`Work order ${other.WorkOrderID} already has this order number.`);
    expect(await beside(/^Sale date/)).toBe('The sale date cannot be in the future.');
    expect(await page.getByTestId('order-save-error').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'order-refused-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await number.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'order-refused-390.png') });
    // Nothing was saved.
    const after = await api<{ OrderNumber: string | null }>('payroll', `work-orders/${order.WorkOrderID}`);
    expect(after.OrderNumber).toBe(order.OrderNumber);
    await context.close();
  });

  it('payroll adds a product to an order, files a manual claim, edits and withdraws it', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login');
    await signIn(page, 'payroll');
    await page.waitForURL((u) => !u.pathname.startsWith('/account'));
    await page.goto('/orders');
    await pick(page, 'Rep', 'Riley Chen');
    await pick(page, 'Status', 'Booked');
    const firstRow = page.getByTestId('work-orders-table').locator('tbody tr').first();
    await expect.poll(() => firstRow.textContent(), { timeout: 20_000 }).toContain('Booked');
    await firstRow.getByRole('link').click();
    await page.waitForURL(/\/orders\/\d+$/);
    const products = page.getByTestId('product-orders');
    await expect.poll(() => products.isVisible(), { timeout: 20_000 }).toBe(true);
    const before = await products.locator('tbody tr').count();
    await page.getByTestId('add-product').click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(/^Product/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Home Phone', exact: true }).click();
    await dialog
      .getByLabel(/^Product line/)
      .first()
      .click();
    await page.getByRole('option', { name: 'New activation', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => products.locator('tbody tr').count(), { timeout: 20_000 }).toBe(before + 1);
    expect(await products.locator('tbody tr', { hasText: 'Home Phone' }).last().textContent()).toContain(
      'Booked',
    );
    await page.screenshot({ path: join(shots, 'added-product-1440.png'), fullPage: true });

    await page.goto('/orders');
    await page.getByRole('tab', { name: 'Claims' }).click();
    await page.getByTestId('new-manual-claim').click();
    const choose = async (label: RegExp, option: string | RegExp) => {
      await dialog.getByLabel(label).first().click();
      await page.getByRole('option', { name: option }).first().click();
    };
    await choose(/^Rep/, 'Riley Chen');
    await choose(/^Office/, /Toronto/);
    await choose(/^Division/, 'Rogers');
    // A claim for an order already credited to the rep is refused: the reason is said beside the
    // order number, and no banner above repeats the refusal.
    const rogers = (await api<{ DivisionID: number; Name: string }[]>('payroll', 'divisions')).find(
      (d) => d.Name === 'Rogers',
    );
    const credited = (
      await api<WorkOrderPage>('payroll', 'work-orders?pageSize=100&sort=-saleDate')
    ).Items.find(
      (o) => o.EmployeeName === 'Riley Chen' && o.DivisionID === rogers?.DivisionID && o.OrderNumber,
    );
    expect(credited, 'a Rogers order credited to the rep').toBeDefined();
    await dialog.getByLabel(/^Order number/).fill(credited?.OrderNumber ?? '');
    await dialog.getByLabel(/^Customer/).fill('Jamie Fox');
    await dialog.getByTestId('manual-claim-save').click();
    const orderNumber = dialog.getByRole('textbox', { name: /^Order number/ });
    await expect
      .poll(async () => {
        const id = (await orderNumber.getAttribute('aria-describedby'))
          ?.split(' ')
          .find((part) => part.endsWith('-error'));
        return id ? dialog.locator(`[id="${id}"]`).textContent() : null;
      })
      .toBe('This order is already credited to this employee.');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'manual-claim-refused-1440.png') });
    await dialog.getByLabel(/^Order number/).fill('RGR-0777001');
    await dialog.getByTestId('manual-claim-save').click();
    const row = page.locator('tr', { hasText: 'RGR-0777001' });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Pending');
    await row.getByRole('button', { name: 'Edit the claim for RGR-0777001' }).click();
    await dialog.getByLabel(/^Customer/).fill('Jamie Foxx');
    await dialog.getByTestId('manual-claim-save').click();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Jamie Foxx');
    await page.screenshot({ path: join(shots, 'manual-claims-1440.png'), fullPage: true });
    await row.getByRole('button', { name: 'Withdraw the claim for RGR-0777001' }).click();
    await dialog.getByTestId('manual-claim-withdraw').click();
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    await context.close();
  });
});
