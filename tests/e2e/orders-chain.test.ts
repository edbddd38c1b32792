// From a door knock to the pay stub: `rep` on a phone with no connection opens a lead on the map, logs
// a sale and drafts its work order there; both wait on the phone (sync chip, My sales). Back online
// they are sent once (the server holds exactly one work order for the lead). The back office marks
// the order Installed (API), payroll calculates the rep's open payroll (API), and the rep's pay stub
// shows the "Commission Piece #N" line. Screens photographed at 390×844 and 1440×900 (.tmp/orders/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, launchProfile, newPage, signIn } from './browser';
import { jumpTo, mapIdle, visibleMarker } from './leads-map';
import { api, employeeIdOf, recordMutations } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'orders');
const STREET = `${(Date.now() % 9000) + 100} Chain Test Ave`;
// Little Italy, Toronto (the rep's crew works it), a little off the seeded doors.
const HERE = { latitude: 43.6618, longitude: -79.4139 };

/**
 * Opens the sync chip's menu and waits until the screens this journey uses with no connection are kept
 * (the leads map, the Clock's offices and programs, My sales with the order catalogue).
 */
async function waitUntilReady(page: Page) {
  await page.getByTestId('sync-chip').click();
  const readiness = page.getByTestId('offline-readiness');
  await readiness.waitFor();
  const states = () =>
    readiness
      .locator('[data-testid^="ready-"][data-ready]')
      .evaluateAll((nodes) =>
        nodes.map((n) => `${n.getAttribute('data-testid')}=${n.getAttribute('data-ready')}`).join(' '),
      );
  for (const state of ['app', 'time.clock', 'leads.map', 'orders.mySales'])
    await expect.poll(states, { timeout: 180_000, interval: 1000 }).toContain(`ready-${state}=true`);
  await page.keyboard.press('Escape');
}

/** Opens a Select of the form and picks its first option (or the one with that text). */
async function pick(page: Page, testId: string, text?: string) {
  await page.getByTestId(testId).first().click();
  const options = page.locator('[data-combobox-option]:visible');
  await (text ? options.filter({ hasText: text }) : options).first().click();
}

const pendingChip = (page: Page) => page.getByTestId('sync-chip').getAttribute('data-pending');

interface WorkOrderDetail {
  WorkOrderID: number;
  OrderNumber: string | null;
  LeadID: number | null;
  SaleDate: string;
  SalesChannelID: number;
  DivisionID: number;
  ProductOrders: { ProductOrderID: number; Version: number; StatusName: string; CommissionPaid: number }[];
  Commissions: {
    Kind: string;
    Amount: number;
    PayPeriodID: number | null;
    PieceNumber: number | null;
    IsPaid: boolean;
  }[];
}

describe('orders chain: door knock to pay stub', () => {
  let profile: Awaited<ReturnType<typeof launchProfile>>;
  let leadId = 0;
  let periodId = 0;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // A fresh door of the rep's group (a lead takes one work order only).
    const groups = await api<{ LeadGroupID: number; Name: string }[]>('rep', 'lead-groups');
    const group = groups.find((g) => g.Name === 'Toronto West End');
    expect(group).toBeDefined();
    const lead = await api<{ LeadID: number }>('rep', 'leads', 'POST', {
      LeadGroupID: group!.LeadGroupID,
      Latitude: HERE.latitude,
      Longitude: HERE.longitude,
      StreetLine1: STREET,
      City: 'Toronto',
      StateProvince: 'ON',
      PostalCode: 'M6J 1H4',
    });
    leadId = lead.LeadID;
    profile = await launchProfile(baseUrl, 'phone');
    await profile.page.goto('/account/login');
    await signIn(profile.page, 'rep');
    await profile.page.getByTestId('welcome').waitFor();
    const me = await employeeIdOf('rep');
    await profile.page.evaluate(
      ({ id, groupId }) => localStorage.setItem(`apex.leads.group:${id}`, JSON.stringify(groupId)),
      { id: me, groupId: group!.LeadGroupID },
    );
  }, 180_000);
  afterAll(() => profile?.close());

  it('a sale drafted offline is sent once, installed, calculated and paid on the stub', {
    timeout: 600_000,
  }, async () => {
    const { page, context } = profile;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Kept for offline by the warm-up that follows the sign-in (a reload would interrupt it).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await waitUntilReady(page);

    await page.goto('/leads');
    await mapIdle(page);
    await jumpTo(page, HERE, 18);
    await expect.poll(() => visibleMarker(page, leadId), { timeout: 30_000 }).not.toBeNull();
    const at = (await visibleMarker(page, leadId))!;

    // No connection from here: the knock and the order are drafted on the phone.
    const sent = recordMutations(context);
    await context.setOffline(true);
    await page.mouse.click(at.x, at.y);
    const card = page.getByTestId('lead-card');
    await expect.poll(() => card.getAttribute('data-lead-id')).toBe(String(leadId));
    await page.getByTestId('record-interaction').click();
    await page.getByLabel('New status', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Sold', exact: true }).click();
    await page.getByTestId('save-interaction').click();
    await expect.poll(() => card.getAttribute('data-pending')).toBe('true');

    await page.getByTestId('new-order').click();
    const form = page.getByTestId('new-order-form');
    await form.waitFor();
    await pick(page, 'order-program', 'Rogers Door-to-Door');
    await pick(page, 'order-product');
    await pick(page, 'order-line');
    await page.getByTestId('order-quantity').fill('2');
    await page.getByLabel('Notes').fill('Install Saturday morning');
    await page.screenshot({ path: join(shots, 'phone-new-order.png'), fullPage: true });
    await page.getByTestId('save-order').click();
    await expect.poll(() => form.isVisible()).toBe(false);
    await expect.poll(() => pendingChip(page)).toBe('2');
    expect(sent).toEqual([]);

    // My sales, reloaded with no connection: the order waits to be sent.
    await page.goto('/my-sales');
    await page.getByTestId('my-sales-page').waitFor();
    await expect.poll(() => page.getByTestId('my-sale-waiting').count()).toBe(1);
    expect(await page.getByTestId('my-sale-waiting').textContent()).toContain('Waiting to be sent');
    await page.screenshot({ path: join(shots, 'phone-my-sales-offline.png'), fullPage: true });

    // Back online: sent once.
    await context.setOffline(false);
    await expect.poll(() => pendingChip(page), { timeout: 90_000 }).toBe('0');
    // Exactly one work order for the lead on the server (the draft is keyed by lead + client key).
    const found = await api<{ TotalCount: number; Items: { WorkOrderID: number }[] }>(
      'admin',
      `work-orders?leadID=${leadId}`,
    );
    expect(found.TotalCount).toBe(1);
    const order = await api<WorkOrderDetail>('admin', `work-orders/${found.Items[0].WorkOrderID}`);
    expect(order).toMatchObject({ LeadID: leadId, SalesChannelID: 1 });
    expect(order.ProductOrders).toHaveLength(1);
    expect(order.ProductOrders[0].StatusName).toBe('Booked');
    await expect
      .poll(() => page.locator(`[data-work-order-id="${order.WorkOrderID}"]`).count(), { timeout: 30_000 })
      .toBe(1);

    // The back office marks it Installed on the sale day: the commission piece lands in the rep's period.
    const statuses = await api<{ ProductOrderStatusID: number; StatusKind: number }[]>(
      'admin',
      `divisions/${order.DivisionID}/product-order-statuses`,
    );
    const installed = statuses.find((s) => s.StatusKind === 2)!;
    const po = order.ProductOrders[0];
    await api('admin', 'product-order-status/bulk', 'PATCH', {
      Changes: [
        {
          ProductOrderID: po.ProductOrderID,
          ProductOrderStatusID: installed.ProductOrderStatusID,
          StatusDate: order.SaleDate,
          Version: po.Version,
        },
      ],
    });
    const paid = await api<WorkOrderDetail>('admin', `work-orders/${order.WorkOrderID}`);
    expect(paid.Commissions).toHaveLength(1);
    const piece = paid.Commissions[0];
    expect(piece).toMatchObject({ Kind: 'commission', IsPaid: true });
    expect(piece.Amount).toBeGreaterThan(0);
    periodId = piece.PayPeriodID!;

    // Payroll calculates the payroll of that period and discloses it.
    const me = await employeeIdOf('rep');
    const periods = await api<{ PayPeriodID: number; PayrollID: number | null }[]>(
      'payroll',
      `pay-periods/employee/${me}?module=4`,
    );
    const payrollId = periods.find((p) => p.PayPeriodID === periodId)?.PayrollID;
    expect(payrollId, 'the pay period of the piece belongs to a payroll').toBeTruthy();
    const run = await api<{ StartDate: string; EndDate: string }>('payroll', `payrolls/${payrollId}`);
    await api('payroll', `payrolls/${payrollId}/calculations`, 'POST', {
      StartDate: run.StartDate,
      EndDate: run.EndDate,
    });
    await api('payroll', `payrolls/${payrollId}/disclosed/true`, 'PUT');

    // My sales shows the commission paid; the stub shows the piece.
    await page.goto('/my-sales');
    const saleCard = page.locator(`[data-work-order-id="${order.WorkOrderID}"]`);
    await expect.poll(() => saleCard.getByTestId('sale-status').first().textContent()).toBe('Installed');
    expect(await saleCard.getByTestId('sale-paid').textContent()).toContain(piece.Amount.toFixed(2));
    await page.screenshot({ path: join(shots, 'phone-my-sales.png'), fullPage: true });

    await page.goto(`/my-pay?period=${periodId}`);
    // My pay lists the pieces on their own card ("Piece #N: qty × rate"; the earnings show the
    // Commissions total), the piece of this order among them.
    const pieces = page.getByTestId('stub-pieces');
    await expect
      .poll(() => pieces.textContent(), { timeout: 30_000 })
      .toContain(`Piece #${piece.PieceNumber}:`);
    expect(await page.getByTestId('stub-lines').textContent()).toContain('Commissions');
    await page.screenshot({ path: join(shots, 'phone-stub.png'), fullPage: true });
    // Where the piece came from: the order and the lead it was sold from.
    const sources = (await pieces.getByTestId('piece-source').allTextContents()).join('\n');
    expect(sources).toContain(`lead ${leadId}`);
    expect(sources).toContain(`Order ${order.OrderNumber ?? `#${order.WorkOrderID}`}`);
    expect(errors).toEqual([]);
  });

  it('My sales reads well on a desktop', { timeout: 120_000 }, async () => {
    const browser = await launch();
    try {
      const { page, context } = await newPage(browser, baseUrl, 'desktop');
      await page.goto('/account/login?returnUrl=%2Fmy-sales');
      await signIn(page, 'rep');
      await page.getByTestId('my-sale').first().waitFor();
      await page.screenshot({ path: join(shots, 'desktop-my-sales.png'), fullPage: true });
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
