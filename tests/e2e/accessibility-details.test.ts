// Accessibility of the screens that open only with an id in the address (a payroll, an invoice, an
// employee and its tabs, a work order, an onboarding application, an office, a division, a
// corporation, a Rogers report or dashboard, a role dashboard, and a commission policy or payout
// transfer opened from its list): axe-core (WCAG 2.1 A and AA rules), no
// violation of impact serious or critical, as a demo user who may open it, on a phone (390 × 844) and
// a desktop (1440 × 900). Each id is a real record of the seeded demo company, asked of the API.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { WorkOrderPage } from '../../src/contract/orders';
import { axeEachScreen, type ScreenView, testId } from './axe-screens';
import { launch } from './browser';
import { api, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');

/** The demo records the screens open. */
interface Ids {
  payroll: number;
  invoice: number;
  employee: number;
  workOrder: number;
  application: number;
  office: number;
  division: number;
  corporation: number;
}

const EMPLOYEE_TABS = ['details', 'security', 'profile', 'bank', 'access'] as const;

const VIEWS: ScreenView<Ids>[] = [
  {
    name: 'payroll',
    user: 'payroll',
    path: (ids) => `/payroll/${ids.payroll}`,
    ready: testId('payroll-window'),
  },
  {
    name: 'payroll statement of earnings',
    user: 'payroll',
    path: (ids) => `/payroll/${ids.payroll}/statement-of-earnings`,
    ready: testId('statement'),
  },
  {
    name: 'payroll analysis, by office',
    user: 'payroll',
    path: (ids) => `/payroll/${ids.payroll}/analysis`,
    ready: testId('analysis-offices'),
  },
  {
    name: 'payroll analysis, by employee',
    user: 'payroll',
    path: (ids) => `/payroll/${ids.payroll}/analysis`,
    ready: testId('analysis-offices'),
    act: async (page) => {
      await page.getByRole('tab').nth(1).click();
      await page.getByTestId('analysis-employees').waitFor();
    },
  },
  {
    name: 'invoice',
    user: 'payroll',
    path: (ids) => `/invoices/${ids.invoice}`,
    ready: testId('invoice-lines'),
  },
  ...EMPLOYEE_TABS.map(
    (tab): ScreenView<Ids> => ({
      name: `employee, ${tab}`,
      user: 'admin',
      path: (ids) => `/employees/${ids.employee}?tab=${tab}`,
      // The chosen tab's panel (the others are in the page, hidden).
      ready: '[role="tabpanel"]:visible',
    }),
  ),
  {
    name: 'work order',
    user: 'admin',
    path: (ids) => `/orders/${ids.workOrder}`,
    ready: testId('product-orders'),
  },
  {
    name: 'onboarding application',
    user: 'admin',
    path: (ids) => `/onboarding/applications/${ids.application}`,
    ready: testId('application-fields'),
  },
  { name: 'office', user: 'admin', path: (ids) => `/organisation/offices/${ids.office}`, ready: 'main h1' },
  {
    name: 'division',
    user: 'admin',
    path: (ids) => `/organisation/divisions/${ids.division}`,
    ready: 'main h1',
  },
  {
    name: 'corporation',
    user: 'admin',
    path: (ids) => `/organisation/corporations/${ids.corporation}`,
    ready: 'main h1',
  },
  { name: 'new office', user: 'admin', path: () => '/organisation/offices/new', ready: 'main h1' },
  { name: 'new division', user: 'admin', path: () => '/organisation/divisions/new', ready: 'main h1' },
  { name: 'new corporation', user: 'admin', path: () => '/organisation/corporations/new', ready: 'main h1' },
  {
    name: 'Rogers dashboard',
    user: 'admin',
    path: () => '/dashboards/rogers/daily-production-report',
    ready: `${testId('rogers-dashboard')}, ${testId('rogers-dashboard-empty')}`,
  },
  {
    name: 'Rogers report',
    user: 'admin',
    path: () => '/reports/rogers/leads-office-statistics',
    ready: 'main form',
    // Run with the default filters: the report's table shows.
    act: async (page) => {
      await page.locator('main form button[type="submit"]').click();
      await page
        .locator(`${testId('rogers-report')}, ${testId('rogers-report-empty')}`)
        .first()
        .waitFor();
    },
  },
  // Records opened from a list, in a dialog (no address of their own).
  {
    name: 'commission policy (ICD), open',
    user: 'admin',
    path: () => '/commission/policies',
    // A table on a desktop (a row opens), cards with an Open button on a phone.
    ready: `${testId('icd-policies')}, ${testId('icd-policies-cards')}`,
    act: async (page) => {
      const list = page.locator(`${testId('icd-policies')}, ${testId('icd-policies-cards')}`).first();
      const open = list.getByRole('button', { name: /^Open the policy/ });
      await ((await open.count()) ? open.first() : list.locator('tbody tr').first()).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'RS payout transfer, open',
    user: 'admin',
    path: () => '/payouts/transfers',
    ready: testId('transfer-row'),
    act: async (page) => {
      await page.getByTestId('transfer-row').first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: "manager's day", user: 'manager', path: () => '/dashboards/home/manager-day', ready: 'main h1' },
  { name: "owner's week", user: 'owner', path: () => '/dashboards/home/owner-week', ready: 'main h1' },
  {
    name: "payroll's queue",
    user: 'payroll',
    path: () => '/dashboards/home/payroll-queue',
    ready: 'main h1',
  },
];

interface Paged<T> {
  Items: T[];
}

/** The first record of a list, or a failure naming what was looked for. */
function first<T>(list: T[], what: string): T {
  const found = list[0];
  expect(found, `the demo company has ${what}`).toBeDefined();
  return found as T;
}

async function demoIds(): Promise<Ids> {
  const [payrolls, invoices, employee, orders, applications, offices, divisions, corporations] =
    await Promise.all([
      api<Paged<{ PayrollID: number; IsLocked: boolean; GrossPay: number }>>(
        'payroll',
        'payrolls/page/0?pageSize=25&sort=StartDateDesc',
      ),
      api<Paged<{ PayrollInvoiceID: number }>>('payroll', 'payroll-invoices/page/0'),
      employeeIdOf('staff'),
      api<WorkOrderPage>('admin', 'work-orders?pageSize=25&sort=-saleDate'),
      api<Paged<{ OnboardingApplicationID: number }>>('admin', 'onboarding-applications/page/0'),
      api<{ IcdOfficeID: number }[]>('admin', 'icd-offices'),
      api<{ DivisionID: number }[]>('admin', 'divisions'),
      api<{ IcdCorporationID: number }[]>('admin', 'corporations'),
    ]);
  // A locked payroll that paid something: its statement and analysis have figures.
  const paid = payrolls.Items.filter((p) => p.GrossPay > 0);
  return {
    payroll: first(paid.filter((p) => p.IsLocked).concat(paid), 'a payroll that paid something').PayrollID,
    invoice: first(invoices.Items, 'an invoice').PayrollInvoiceID,
    employee,
    workOrder: first(
      orders.Items.filter((o) => o.ProductOrders.length > 0),
      'a work order with products',
    ).WorkOrderID,
    application: first(applications.Items, 'an onboarding application').OnboardingApplicationID,
    office: first(offices, 'an office').IcdOfficeID,
    division: first(divisions, 'a division').DivisionID,
    corporation: first(corporations, 'a corporation').IcdCorporationID,
  };
}

let browser: Browser;
let ids: Ids;
beforeAll(async () => {
  [browser, ids] = await Promise.all([launch(), demoIds()]);
});
afterAll(() => browser?.close());

axeEachScreen('axe on each detail screen', VIEWS, { baseUrl, browser: () => browser, data: () => ids });
