// Issue 5's journeys: a manager corrects a staff entry on the Time approvals screen, the staff user
// sees "your time was changed" with its history and acknowledges it (offline), and the audit log
// shows both; a punch made offline for a pay period approved meanwhile becomes a late adjustment,
// reaches the server without an error, and is accepted by payroll.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, launchProfile, newPage, signIn } from './browser';
import { apiResult, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');

const torontoDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

interface Period {
  PayPeriodID: number;
  StartDate: string;
  EndDate: string;
  Version: number;
  State: string;
}

async function periodOn(who: string, employeeId: number, day: string): Promise<Period> {
  const res = await apiResult<Period[]>(who, `pay-periods/employee/${employeeId}?time=${day}`);
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  return res.body[0];
}

describe('time management', () => {
  let staffId: number;
  let repId: number;
  beforeAll(async () => {
    [staffId, repId] = await Promise.all(['staff', 'rep'].map(employeeIdOf));
  });

  it('a manager corrects a staff entry; staff sees and acknowledges it (offline); the audit log shows both', async () => {
    // A staff entry in the open pay period, on a day other than today (the clock journeys use today),
    // today being the office's (Toronto) day, whatever this machine's time zone.
    const today = torontoDay(new Date());
    const period = await periodOn('manager', staffId, today);
    expect(period.State).toBe('Open');
    const day = period.StartDate !== today ? period.StartDate : addDays(period.StartDate, 1);
    const created = await apiResult<{ Id: number }>('staff', 'time-entries', 'POST', {
      Date: day,
      TimeEntryTypeID: 1,
      IcdOfficeID: (
        await apiResult<{ Offices: { IcdOfficeID: number }[] }>('staff', 'time-entries/clock-lookups')
      ).body.Offices[0].IcdOfficeID,
      TimeZoneOffset: -300,
      StartTime: '05:00:00',
      EndTime: '06:30:00',
      Comments: 'Early inventory count',
    });
    expect(created.status).toBe(201);
    const entryId = created.body.Id;

    const browser = await launch();
    try {
      // The manager, on a tablet, corrects the end of the shift.
      const m = await newPage(browser, baseUrl, 'tablet');
      await m.page.goto('/account/login?returnUrl=%2Ftime%2Fapprovals');
      await signIn(m.page, 'manager');
      const row = m.page.locator(`[data-testid="pay-periods"] tr[data-employee-id="${staffId}"]`);
      // Ten people a page, by name: Sam may be on a later page of Toronto's seventeen.
      const shown = () =>
        row.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      await m.page.locator('[data-testid="pay-periods"] tr[data-employee-id]').first().waitFor();
      for (let p = 2; !(await shown()) && p <= 5; p++) {
        await m.page
          .locator('.mantine-Pagination-control')
          .filter({ hasText: new RegExp(`^${p}$`) })
          .click();
      }
      await row.getByRole('button', { name: 'Review' }).click();
      const entryRow = m.page.locator(`[data-testid="period-detail"] [data-entry-id="${entryId}"]`);
      await entryRow.getByRole('button').click();
      const form = m.page.getByTestId('entry-form');
      await form.getByLabel('End').fill('07:15');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => form.count()).toBe(0);
      await expect
        .poll(
          async () => (await apiResult<{ EndTime: string }>('staff', `time-entries/${entryId}`)).body.EndTime,
        )
        .toBe('07:15:00');
      await m.context.close();

      const mods = await apiResult<{ Items: { TimeEntryModificationID: number; TimeEntryID: number }[] }>(
        'staff',
        'time-entries/modified',
      );
      const mod = mods.body.Items.find((x) => x.TimeEntryID === entryId);
      expect(mod).toBeDefined();
      const modId = (mod as { TimeEntryModificationID: number }).TimeEntryModificationID;

      // Staff, on a phone, sees "your time was changed" with the history and acknowledges it offline.
      const s = await newPage(browser, baseUrl, 'phone');
      await s.page.goto('/account/login?returnUrl=%2Ftime%2Fweek');
      await signIn(s.page, 'staff');
      const card = s.page.locator(`[data-testid="modification"][data-modification-id="${modId}"]`);
      await card.waitFor();
      await expect.poll(() => card.locator('[data-field="EndTime"]').innerText()).toContain('7:15 AM');
      await card.getByRole('button', { name: 'Show history' }).click();
      await expect.poll(() => card.getByText('Entry changed').count()).toBeGreaterThan(0);
      await expect.poll(() => card.getByText('by Marco Rossi').count()).toBeGreaterThan(0);
      await s.context.setOffline(true);
      await card.getByRole('button', { name: 'Acknowledge' }).click();
      await expect.poll(() => card.getByText('Acknowledged · waiting to send').count()).toBe(1);
      // The chip counts from the offline store, which may still be loading when the card already shows.
      await expect.poll(() => s.page.getByTestId('sync-chip').getAttribute('data-pending')).toBe('1');
      await s.context.setOffline(false);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect
        .poll(() => s.page.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
        .toBe('0');
      // Sent, not set aside as failed or in conflict.
      expect(await s.page.getByTestId('sync-chip').getAttribute('data-problems')).toBe('0');
      const acknowledged = async () =>
        (
          await apiResult<{ Items: { TimeEntryID: number }[] }>(
            'staff',
            'time-entries/modified?status=acknowledged',
          )
        ).body.Items.map((x) => x.TimeEntryID);
      await expect.poll(acknowledged, { timeout: 15_000 }).toContain(entryId);
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
      await s.context.close();

      // The auditor sees the correction and the acknowledgement.
      const a = await newPage(browser, baseUrl, 'desktop');
      await a.page.goto('/account/login?returnUrl=%2Faudit-logs');
      await signIn(a.page, 'auditor');
      await a.page.getByTestId('audit-table').waitFor();
      await a.page.getByText('Changes by others').click();
      const changed = a.page.locator(
        `[data-testid="audit-table"] tr[data-entry-id="${entryId}"][data-action="TimeEntryUpdated"]`,
      );
      await changed.waitFor();
      expect(await changed.innerText()).toContain('Marco Rossi');
      await a.page.getByText('Acknowledgements').click();
      const acked = a.page.locator(
        `[data-testid="audit-table"] tr[data-entry-id="${entryId}"][data-action="ModificationAcknowledged"]`,
      );
      await acked.waitFor();
      expect(await acked.innerText()).toContain('Sam Taylor');
      await a.context.close();
    } finally {
      await browser.close();
    }
  });

  describe('a punch made offline for a period approved meanwhile', () => {
    let profile: Awaited<ReturnType<typeof launchProfile>>;
    let approved: Period | undefined;
    beforeAll(async () => {
      profile = await launchProfile(baseUrl, 'phone');
    });
    afterAll(async () => {
      // Reopen the rep's period for whatever runs next.
      if (approved) await apiResult('manager', `pay-periods/${approved.PayPeriodID}/approved`, 'DELETE');
      await profile?.close();
    });

    async function openClock(page: Page) {
      await page.goto('/time/clock');
      await page.getByTestId('clock-card').waitFor();
    }
    const cardState = (page: Page) => page.getByTestId('clock-card').getAttribute('data-state');

    it('becomes a late adjustment, arrives without an error and is accepted by payroll', async () => {
      const { page, context } = profile;
      await page.goto('/account/login?returnUrl=%2Ftime%2Fclock');
      await signIn(page, 'rep');
      await page.getByTestId('clock-card').waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      await openClock(page);

      await context.setOffline(true);
      await page.getByLabel('Program', { exact: true }).first().selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Clock in' }).click();
      await expect.poll(() => cardState(page)).toBe('working');
      await page.getByRole('button', { name: 'Clock out' }).click();
      await expect.poll(() => cardState(page)).toBe('off');
      await expect
        .poll(async () => Number(await page.getByTestId('sync-chip').getAttribute('data-pending')))
        .toBe(2);

      // Nothing reached the server while the phone was offline (else no late adjustment could follow).
      const day = torontoDay(new Date());
      const before = await apiResult<{ TotalCount: number }>(
        'rep',
        `time-entries?startDate=${day}&endDate=${day}&pageSize=100`,
      );
      expect(before.status).toBe(200);
      const onServerBefore = before.body.TotalCount;

      // Meanwhile the manager approves the rep's pay period (the day of the punch at the office).
      const period = await periodOn('manager', repId, day);
      const approval = await apiResult<Period>(
        'manager',
        `pay-periods/${period.PayPeriodID}/approved`,
        'PUT',
        {
          Version: period.Version,
        },
      );
      expect(approval.status).toBe(200);
      approved = approval.body;
      type Pending = {
        Items: { LateAdjustmentID: number; TimeEntryID: number; Proposed: { EndTime: string | null } }[];
      };
      const pendingUrl = `late-adjustments?employeeId=${repId}&sort=RequestedAtDesc&pageSize=100`;
      // The rep's requests already waiting (the seeded forgotten shift among them): not this punch.
      const earlier = new Set(
        (await apiResult<Pending>('payroll', pendingUrl)).body.Items.map((a) => a.LateAdjustmentID),
      );

      // Still nothing of the punch on the server: it waits on the phone.
      const stillQueued = await apiResult<{ TotalCount: number }>(
        'rep',
        `time-entries?startDate=${day}&endDate=${day}&pageSize=100`,
      );
      expect(stillQueued.body.TotalCount).toBe(onServerBefore);

      // Back online: both punches are delivered (202), nothing is refused or lost.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect
        .poll(() => page.getByTestId('sync-chip').getAttribute('data-pending'), { timeout: 30_000 })
        .toBe('0');
      // The punch is still on the phone's clock (kept as the answer said), not lost.
      await expect.poll(() => page.locator('[data-testid="today-entries"] [data-entry-id]').count()).toBe(1);
      // Nothing was refused: the chip lists no refused change or conflict.
      expect(await page.getByTestId('sync-chip').getAttribute('aria-label')).not.toMatch(/refused|conflict/i);
      const pending = await apiResult<Pending>('payroll', pendingUrl);
      // The punch became one request of its own, clock-out included.
      const fresh = pending.body.Items.filter((a) => !earlier.has(a.LateAdjustmentID));
      expect(fresh).toHaveLength(1);
      const request = fresh[0];
      expect(request.Proposed?.EndTime).toBeTruthy();
      const { LateAdjustmentID, TimeEntryID } = request as { LateAdjustmentID: number; TimeEntryID: number };
      expect((await apiResult('rep', `time-entries/${TimeEntryID}`)).status).toBe(404);

      // Payroll accepts it into the next open period.
      const browser = await launch();
      try {
        const p = await newPage(browser, baseUrl, 'desktop');
        await p.page.goto('/account/login?returnUrl=%2Ftime%2Flate-adjustments');
        await signIn(p.page, 'payroll');
        const card = p.page.locator(`[data-testid="late-list"] [data-late-id="${LateAdjustmentID}"]`);
        await card.getByRole('button', { name: 'Accept' }).click();
        await p.page.getByTestId('confirm-accept').click();
        await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
        await p.context.close();
      } finally {
        await browser.close();
      }
      const entry = await apiResult<{ Id: number; EndTime: string | null }>(
        'rep',
        `time-entries/${TimeEntryID}`,
      );
      expect(entry.status).toBe(200);
      expect(entry.body.EndTime).not.toBeNull();
      const mine = await apiResult<{
        Items: { LateAdjustmentID: number; StatusID: number; AppliedPayPeriodID: number }[];
      }>('rep', 'late-adjustments/mine?status=all');
      const resolved = mine.body.Items.find((a) => a.LateAdjustmentID === LateAdjustmentID);
      expect(resolved).toMatchObject({ StatusID: 2 });
      expect(resolved?.AppliedPayPeriodID).not.toBe(period.PayPeriodID);
    });
  });
});
