// Accessibility: axe-core (WCAG 2.1 A and AA rules) on every screen of the PWA, as each demo user who may
// open it sees it, on a phone (390 × 844) and a desktop (1440 × 900): no violation of impact serious or
// critical. And the keyboard: Tab reaches every control of the sign-in form and the Clock, each with a
// visible focus outline.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolation, settle, signedInPages, testId } from './axe-screens';
import { launch, newPage, signIn, VIEWPORTS } from './browser';
import { expectEveryControlFocusedVisibly, tabThrough } from './keyboard';

const baseUrl = inject('baseUrl');

interface View {
  /** What the report calls it. */
  name: string;
  /** Who opens it (null: nobody signed in). */
  user: string | null;
  path: string;
  /** What shows once the screen has its content (a CSS selector or test id). */
  ready?: string;
  /** Brings the screen into the state to check (opens a menu, a tab, types…). */
  act?: (page: Page) => Promise<void>;
}

const VIEWS: View[] = [
  { name: 'sign-in', user: null, path: '/account/login', ready: '#loginForm' },
  {
    name: 'sign-in, forgot password dialog',
    user: null,
    path: '/account/login',
    ready: '#loginForm',
    act: async (page) => {
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'reset password (no link)', user: null, path: '/account/reset-password' },
  {
    name: 'reset password',
    user: null,
    path: '/account/reset-password?token=abc',
    ready: 'form',
    act: async (page) => {
      // A weak password: the strength bar and the list of what is missing show.
      await page.locator('input[type="password"]').first().fill('abc');
    },
  },
  { name: 'session expired', user: null, path: '/account/session-expired' },
  { name: 'home', user: 'staff', path: '/', ready: testId('welcome') },
  { name: 'clock', user: 'staff', path: '/time/clock', ready: testId('clock-card') },
  { name: 'timesheet', user: 'staff', path: '/time/week' },
  { name: 'my events', user: 'staff', path: '/my-events' },
  { name: 'preferences', user: 'staff', path: '/settings' },
  { name: 'pending changes', user: 'staff', path: '/sync' },
  {
    name: 'sync chip menu',
    user: 'staff',
    path: '/',
    ready: testId('welcome'),
    act: async (page) => {
      await page.getByTestId('sync-chip').click();
      await page.getByTestId('offline-readiness').waitFor();
      await page.getByTestId('storage-used').waitFor();
    },
  },
  {
    name: 'user menu',
    user: 'staff',
    path: '/',
    ready: testId('welcome'),
    act: async (page) => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menu').waitFor();
    },
  },
  { name: 'not found', user: 'staff', path: '/no-such-screen' },
  { name: 'forbidden', user: 'staff', path: '/audit-logs' },
  { name: 'leads map', user: 'rep', path: '/leads', ready: testId('leads-map') },
  { name: 'time approvals', user: 'manager', path: '/time/approvals' },
  { name: 'schedule board', user: 'manager', path: '/scheduling' },
  { name: 'TSU', user: 'manager', path: '/scheduling/tsu' },
  { name: 'teams', user: 'manager', path: '/teams' },
  ...(['territories', 'reps', 'batches', 'policy'] as const).map(
    (tab, i): View => ({
      name: `lead groups, ${tab}`,
      user: 'manager',
      path: '/leads/manage',
      ready: '[role="tablist"]',
      act: async (page) => {
        await page.getByRole('tab').nth(i).click();
        await page.getByRole('tabpanel').waitFor();
      },
    }),
  ),
  { name: 'late adjustments', user: 'payroll', path: '/time/late-adjustments' },
  { name: 'audit logs', user: 'auditor', path: '/audit-logs' },
  { name: 'audit logs, access changes', user: 'auditor', path: '/audit-logs?tab=access' },
  { name: 'posted payouts', user: 'payroll', path: '/payouts/posted' },
  { name: 'employment processing', user: 'payroll', path: '/employments' },
  { name: 'mail outbox', user: 'admin', path: '/admin/mail' },
  { name: 'UI kit', user: 'admin', path: '/admin/ui-kit' },
  { name: 'home (owner)', user: 'owner', path: '/' },
  {
    name: 'application status',
    user: 'applicant',
    path: '/application',
    ready: testId('application-status'),
  },
  { name: 'forbidden (applicant)', user: 'applicant', path: '/403' },
  // The back office and the rest, each as a user who may open it (admin may open every one).
  { name: 'sign-up (apply)', user: null, path: '/apply' },
  { name: 'navigation failed', user: null, path: '/navigation-failed' },
  { name: 'app outdated', user: null, path: '/app-outdated' },
  { name: 'my pay', user: 'staff', path: '/my-pay' },
  { name: 'my sales', user: 'rep', path: '/my-sales' },
  { name: 'commission policies', user: 'admin', path: '/commission/policies' },
  { name: 'payout policies', user: 'admin', path: '/commission/payout-policies' },
  { name: 'transfers', user: 'admin', path: '/payouts/transfers' },
  { name: 'payroll runs', user: 'admin', path: '/payroll' },
  { name: 'payroll financials', user: 'admin', path: '/payroll/financials' },
  { name: 'invoices', user: 'admin', path: '/invoices' },
  { name: 'invoice policies', user: 'admin', path: '/invoices/policies' },
  { name: 'manual submissions', user: 'admin', path: '/payroll/manual-submissions' },
  { name: 'imports', user: 'admin', path: '/imports' },
  { name: 'import definitions', user: 'admin', path: '/imports/definitions' },
  { name: 'reports', user: 'admin', path: '/reports' },
  { name: 'report jobs', user: 'admin', path: '/reports/jobs' },
  { name: 'Rogers reports', user: 'admin', path: '/reports/rogers' },
  { name: 'employees', user: 'admin', path: '/employees' },
  { name: 'new employee', user: 'admin', path: '/employees/new' },
  { name: 'onboarding applications', user: 'admin', path: '/onboarding/applications' },
  { name: 'onboarding policies', user: 'admin', path: '/onboarding/policies' },
  { name: 'SGI report', user: 'admin', path: '/onboarding/sgi-report' },
  { name: 'work orders', user: 'admin', path: '/orders' },
  { name: 'order catalogue', user: 'admin', path: '/orders/catalogue' },
  { name: 'directories', user: 'admin', path: '/directories' },
  { name: 'organisation', user: 'admin', path: '/organisation' },
  { name: 'administration', user: 'admin', path: '/admin' },
  { name: 'roles', user: 'admin', path: '/admin/roles' },
  { name: 'permissions', user: 'admin', path: '/admin/permissions' },
  { name: 'legal notices', user: 'admin', path: '/admin/legal-notices' },
  { name: 'bulletins inbox', user: 'admin', path: '/bulletins' },
  { name: 'bulletins admin', user: 'admin', path: '/admin/bulletins' },
  { name: 'tax rates', user: 'admin', path: '/admin/tax-rates' },
  { name: 'wage policies', user: 'admin', path: '/admin/wage-policies' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`axe on every screen, ${viewport} (${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height})`, () => {
    let pages: ReturnType<typeof signedInPages>;
    beforeAll(() => {
      pages = signedInPages(browser, baseUrl, viewport);
    });
    afterAll(() => pages?.close());

    it.each(VIEWS.map((v) => [`${v.name} (${v.user ?? 'signed out'}, ${v.path})`, v] as const))(
      '%s: no serious or critical violation',
      async (_title, view) => {
        const { page } = await pages.pageOf(view.user);
        await page.goto(view.path);
        await settle(page, view.ready);
        if (view.act) {
          await view.act(page);
          await page.waitForTimeout(400);
        }
        await expectNoSeriousViolation(page, `${viewport} ${view.name}`, view.ready);
      },
    );
  });
}

describe('keyboard', () => {
  it('sign-in: Tab reaches the user name, password, sign-in button and "Forgot your password?", each with a visible focus', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login');
    await settle(page, '#loginForm');
    const result = await tabThrough(page);
    expect(result.labels.length).toBeGreaterThanOrEqual(4);
    expectEveryControlFocusedVisibly(result);
    // In reading order: the form's fields before its button.
    const order = result.stops.map((s) => s.label);
    expect(order.indexOf('Sign in')).toBeGreaterThan(order.indexOf('User name'));
    expect(order).toEqual(
      expect.arrayContaining(['User name', 'Password', 'Sign in', 'Forgot your password?']),
    );
    await context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`Clock (${viewport}): Tab reaches every control of the page (header, menu, clock), each with a visible focus`, async () => {
      const { page, context } = await newPage(browser, baseUrl, viewport);
      await page.goto('/account/login');
      await signIn(page, 'staff');
      await page.waitForURL((url) => !url.pathname.startsWith('/account/'));
      await page.goto('/time/clock');
      await settle(page, testId('clock-card'));
      // With a program chosen, "Clock in" is enabled.
      await page.getByLabel('Program').selectOption({ index: 1 });
      const result = await tabThrough(page);
      expect(result.labels).toEqual(
        expect.arrayContaining(['Office', 'Program', 'Record my location with each punch', 'Clock in']),
      );
      expectEveryControlFocusedVisibly(result);
      if (viewport === 'phone') {
        // The closed drawer's links were skipped; opened from the keyboard, they come next.
        await page.getByRole('button', { name: 'Open the menu' }).focus();
        await page.keyboard.press('Enter');
        const reached: string[] = [];
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          const state = await page.evaluate(() =>
            document.activeElement?.closest('nav') ? document.activeElement.getAttribute('data-state') : null,
          );
          if (state) reached.push(state);
        }
        expect(reached).toEqual(
          expect.arrayContaining(['home', 'time.clock', 'time.week', 'scheduling.myEvents']),
        );
      }
      await context.close();
    });
  }

  // Office screens of the kinds the walk above does not meet: cards and tiles that are links (Home's
  // dashboards, the reports hub) and fields of pills (the new employee's roles). On a desktop, where
  // they are used.
  it.each([
    ['home dashboards', '/', 'Open places today'],
    ['reports hub', '/reports', 'My day'],
    ['new employee', '/employees/new', 'Global roles'],
  ])('%s (desktop): Tab reaches every control, each with a visible focus', async (_name, path, label) => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login');
    await signIn(page, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/account/'));
    await page.goto(path);
    await settle(page);
    const result = await tabThrough(page, 200);
    expect(result.labels.some((l) => l.startsWith(label))).toBe(true);
    expectEveryControlFocusedVisibly(result);
    await context.close();
  });
});
