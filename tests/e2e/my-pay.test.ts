// My pay on a phone: payroll adds a bonus to Riley's (rep) entry of the open payroll — a second
// version of the pay period — and discloses the payroll; Riley opens My pay, sees the stub marked
// as changed, its earnings, and why it changed (the bonus, entered by Priya Shah); the PDF link
// answers a PDF; then, with no connection, the stub she has seen still shows with its why. The
// screens are photographed at phone and desktop sizes (.tmp/my-pay/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import { launch, launchProfile, newPage, signIn } from './browser';
import { api, employeeIdOf } from './server-checks';

const baseUrl = inject('baseUrl');
const shots = join(import.meta.dirname, '..', '..', '.tmp', 'my-pay');

interface Period {
  PayPeriodID: number;
  PayrollID: number | null;
  StartDate: string;
  IsLocked: boolean;
}
type Entry = Record<string, unknown> & {
  PayPeriodID: number;
  Bonus: number;
  GrossPay: number;
  Version: number;
};

/** The entry save payload (spec 001 §3) of an entry as read, with its Version. */
const SAVE_KEYS = [
  'PayPeriodID',
  'IsPaidGuaranteed',
  'IsPaidCommission',
  'ExtraHoursWorked',
  'ManualCommissionAmount',
  'Salary',
  'CommissionThreshold',
  'ContractorPayment',
  'Bonus',
  'CommissionBonus',
  'VolumeBonus',
  'TravelAllowance',
  'CellAllowance',
  'Tip',
  'SickPay',
  'SplitTime',
  'ReportingTime',
  'MealPeriodPremiumTime',
  'HolidayPay',
  'Chargeback',
  'TrainingPayHours',
  'NetPayAddition',
  'NetPayDeduction',
  'Comments',
  'CommissionPieces',
  'Version',
];

let periodId = 0;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const me = await employeeIdOf('rep');
  await api('payroll', 'payrolls');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const periods = await api<Period[]>('payroll', `pay-periods/employee/${me}?module=4`);
  // The open payroll of Riley's current (or latest started) pay period.
  const period = periods
    .filter((p) => p.PayrollID !== null && !p.IsLocked && p.StartDate <= today)
    .sort((a, b) => b.StartDate.localeCompare(a.StartDate))[0];
  expect(period, 'an open pay period of Riley in a payroll').toBeDefined();
  periodId = period.PayPeriodID;
  const id = period.PayrollID as number;
  const run = await api<{ StartDate: string; EndDate: string }>('payroll', `payrolls/${id}`);
  await api('payroll', `payrolls/${id}/calculations`, 'POST', {
    StartDate: run.StartDate,
    EndDate: run.EndDate,
  });
  const entry = (await api<Entry[]>('payroll', `payrolls/${id}/entries`)).find(
    (e) => e.PayPeriodID === periodId,
  );
  if (!entry) throw new Error('no entry for Riley');
  const bonus = Math.round((entry.Bonus + 25.5) * 100) / 100;
  const body = Object.fromEntries(SAVE_KEYS.map((k) => [k, entry[k]]));
  await api('payroll', `payrolls/${id}/entries/${periodId}`, 'PUT', { ...body, Bonus: bonus });
  await api('payroll', `payrolls/${id}/disclosed/true`, 'PUT');
}, 120_000);

describe('My pay', () => {
  it('Riley opens her stub on a phone, sees why it changed, gets the PDF, and reads it again offline', {
    timeout: 180_000,
  }, async () => {
    const profile = await launchProfile(baseUrl, 'phone');
    const { context, page } = profile;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('/account/login?returnUrl=%2Fmy-pay');
      await signIn(page, 'rep');
      await page.getByTestId('stub-list').waitFor();
      const card = page.locator(`[data-stub="${periodId}"]`);
      await expect.poll(() => card.textContent()).toContain('Changed');
      await page.screenshot({ path: join(shots, 'phone-list.png'), fullPage: true });
      await expectAccessible(page);

      await card.click();
      const changes = page.getByTestId('what-changed');
      const gross = changes.locator('[data-difference="GrossPay"]');
      await gross.waitFor();
      const why = (await gross.textContent()) ?? '';
      expect(why).toContain('Bonus changed from');
      expect(why).toContain('by Priya Shah');
      expect(why).toContain('+$25.50');
      expect(await page.getByTestId('stub-lines').textContent()).toContain('Gross pay');
      await page.screenshot({ path: join(shots, 'phone-stub.png'), fullPage: true });
      await expectAccessible(page);

      const href = await page.getByTestId('stub-pdf').getAttribute('href');
      expect(href).toMatch(/\/api\/pay-stubs\/employee\/\d+\/week\/\d{6}\/pdf\?/);
      const pdf = await context.request.get(href as string);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

      // Controlled by the service worker, then with no connection: the stub seen is still there.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goto(`/my-pay?period=${periodId}`);
      await gross.waitFor();
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('stub-detail').waitFor();
      await page.getByTestId('saved-copy').waitFor();
      await gross.waitFor();
      expect(await gross.textContent()).toContain('Bonus changed from');
      await expect.poll(() => page.getByTestId('stub-pdf').getAttribute('data-disabled')).toBe('true');
      await page.screenshot({ path: join(shots, 'phone-offline.png'), fullPage: true });
      await context.setOffline(false);
      expect(errors).toEqual([]);
    } finally {
      await profile.close();
    }
  });

  it('reads well on a desktop too', async () => {
    const browser = await launch();
    try {
      const { page, context } = await newPage(browser, baseUrl, 'desktop');
      await page.goto(`/account/login?returnUrl=${encodeURIComponent(`/my-pay?period=${periodId}`)}`);
      await signIn(page, 'rep');
      await page.getByTestId('what-changed').locator('[data-difference="GrossPay"]').waitFor();
      await page.screenshot({ path: join(shots, 'desktop-stub.png'), fullPage: true });
      await expectAccessible(page);
      // Keyboard: back to the list, and the stub opens again from it with Enter.
      await page.getByRole('button', { name: 'All pay stubs' }).click();
      const card = page.locator(`[data-stub="${periodId}"]`);
      await card.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('stub-detail').waitFor();
      await page.screenshot({ path: join(shots, 'desktop-list.png'), fullPage: true });
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
