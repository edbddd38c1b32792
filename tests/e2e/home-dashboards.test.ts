// Role dashboards and the Reports hub in the browser: the manager signs in on a tablet and lands on
// their day with real figures (someone on the clock, the hours time approvals holds for approval),
// opens the full dashboard; payroll opens the Reports hub from the menu, searches and follows a link.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';
import { apiResult, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');

/** Wall-clock parts of an instant in Toronto, and Toronto's offset then (minutes east of UTC). */
function toronto(at: Date): { day: string; time: string; offset: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}:${parts.second}`;
  const asUtc = Date.UTC(
    +parts.year,
    +parts.month - 1,
    +parts.day,
    +parts.hour,
    +parts.minute,
    +parts.second,
  );
  return { day, time, offset: Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000) };
}

interface Period {
  PayPeriodID: number;
  EmployeeID: number;
  StartDate: string;
  EndDate: string;
  WorkedMinutes: number;
  EntryCount: number;
}

describe('role dashboards and the Reports hub', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let managerId: number;
  let entryId: number | null = null;
  beforeAll(async () => {
    browser = await launch();
    managerId = await employeeIdOf('manager');
  });
  afterAll(async () => {
    // The punch made for this journey is taken back (kept in the audit trail as deleted).
    if (entryId !== null) await apiResult('manager', `time-entries/${entryId}`, 'DELETE');
    await browser?.close();
  });

  it('the manager lands on their day on a tablet, with who is on the clock and the hours awaiting approval', async () => {
    // Marco Rossi clocked in at Toronto Central a minute ago.
    const now = toronto(new Date(Date.now() - 60_000));
    const lookups = await apiResult<{ Offices: Array<{ IcdOfficeID: number }> }>(
      'manager',
      'time-entries/clock-lookups',
    );
    expect(lookups.status).toBe(200);
    const created = await apiResult<{ Id: number }>('manager', 'time-entries', 'POST', {
      Date: now.day,
      TimeEntryTypeID: 1,
      IcdOfficeID: lookups.body.Offices[0].IcdOfficeID,
      IsRealTime: true,
      TimeZoneOffset: now.offset,
      StartTime: now.time,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    entryId = created.body.Id;

    // What time approvals holds for him: others' open periods begun by today, ended or holding entries.
    const today = toronto(new Date()).day;
    const page0 = await apiResult<{ Items: Period[] }>(
      'manager',
      `pay-periods?state=open&endDate=${today}&pageSize=500`,
    );
    expect(page0.status).toBe(200);
    const waiting = page0.body.Items.filter(
      (p) => p.EmployeeID !== managerId && p.StartDate <= today && (p.EndDate < today || p.EntryCount > 0),
    );
    const minutes = waiting.reduce((n, p) => n + p.WorkedMinutes, 0);
    const hours = (Math.round((minutes / 60) * 10) / 10).toLocaleString('en-CA', {
      maximumFractionDigits: 1,
    });

    const { context, page } = await newPage(browser, baseUrl, 'tablet');
    try {
      await page.goto('/account/login');
      await signIn(page, 'manager');
      await page.waitForURL((u) => u.pathname === '/');
      const day = page.locator('[data-dashboard="manager-day"]');
      await expect.poll(() => day.getByRole('heading', { name: 'My day' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('figure-clocked-in').textContent()).not.toBe('0');
      expect(Number(await page.getByTestId('figure-clocked-in').textContent())).toBeGreaterThanOrEqual(1);
      await expect.poll(() => page.getByTestId('clocked-in-list').textContent()).toContain('Marco Rossi');
      expect(await page.getByTestId('figure-awaiting-hours').textContent()).toBe(hours);
      // Offline, the figures already read stay, marked as read before the connection dropped.
      await context.setOffline(true);
      await expect.poll(() => day.getByText('Offline: these figures were read').isVisible()).toBe(true);
      expect(await page.getByTestId('figure-awaiting-hours').textContent()).toBe(hours);
      await context.setOffline(false);
      await expect.poll(() => day.getByText('Offline: these figures were read').count()).toBe(0);

      // The full dashboard lists the periods behind the figure.
      await day.getByRole('link', { name: 'Open the full dashboard' }).click();
      await page.waitForURL('**/dashboards/home/manager-day');
      await expect.poll(() => page.getByTestId('awaiting-periods').isVisible()).toBe(true);
      expect(await page.getByTestId('awaiting-periods').locator('tbody tr').count()).toBe(
        Math.min(waiting.length, 50),
      );
      // A dashboard this user may not open says so.
      await page.goto('/dashboards/home/payroll-queue');
      await expect.poll(() => page.getByTestId('dashboard-unknown').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('payroll opens the Reports hub from the menu, searches and follows a link', async () => {
    const { context, page } = await newPage(browser, baseUrl, 'desktop');
    try {
      await page.goto('/account/login');
      await signIn(page, 'payroll');
      await page.waitForURL((u) => u.pathname === '/');
      await page.locator('nav a[href="/reports"]').first().click();
      await page.waitForURL('**/reports');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Reports', level: 1 }).isVisible())
        .toBe(true);
      // Payroll's dashboards (from home/dashboards) and the payroll reports are listed.
      await expect
        .poll(() => page.locator('[data-hub-entry="dashboard:payroll-queue"]').isVisible())
        .toBe(true);
      expect(await page.locator('[data-hub-group="payroll"]').isVisible()).toBe(true);
      // The manager's day is not payroll's: not listed.
      expect(await page.locator('[data-hub-entry="dashboard:manager-day"]').count()).toBe(0);

      await page.getByTestId('hub-search').fill('financials');
      await expect.poll(() => page.locator('[data-hub-entry]').count()).toBe(1);
      await page.getByTestId('hub-search').fill('no such report anywhere');
      await expect.poll(() => page.getByTestId('hub-empty').isVisible()).toBe(true);
      await page.getByTestId('hub-search').fill('financials');
      await page.locator('[data-hub-entry="payrollFinancials"]').click();
      await page.waitForURL('**/payroll/financials');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toMatch(/financials/i);

      // Back to the hub, the payroll queue dashboard opens with its figures.
      await page.goBack();
      await page.waitForURL('**/reports');
      await page.getByTestId('hub-search').fill('');
      await page.locator('[data-hub-entry="dashboard:payroll-queue"]').click();
      await page.waitForURL('**/dashboards/home/payroll-queue');
      await expect.poll(() => page.getByTestId('figure-late').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
