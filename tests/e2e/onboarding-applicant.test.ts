// The applicant's phone journey: a new person self-signs-up from the sign-in page on a phone, fills
// the application in two sittings with the network dropping in between (the value typed offline is
// kept on the device and sent once back online), and submits; the office reviews with a comment on
// the tax ids, the applicant sees the step marked, fixes it and submits again; the office approves →
// an employee exists with the application's data, and the applicant, signing in again, lands on
// their employee home.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OnboardingApplication, OnboardingApplicationStatus } from '../../src/contract/onboarding';
import { launch, newPage, signIn } from './browser';
import { type ApiUser, api } from './server-checks';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Harbour#2026go';
const USER = 'sam.rivers';
const APPLICANT = { user: USER, password: PASSWORD };
const SHOTS = process.env.APPLICANT_SHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Waits until the server holds the application in a state `ok` accepts. */
async function serverApplication(
  who: ApiUser,
  ok: (a: OnboardingApplication) => boolean,
  known?: number,
): Promise<OnboardingApplication> {
  const id =
    known ??
    (await api<{ OnboardingApplicationID: number }>(who, 'onboarding-applications/mine/id'))
      .OnboardingApplicationID;
  for (let i = 0; i < 60; i++) {
    const a = await api<OnboardingApplication>(who, `onboarding-applications/${id}`);
    if (ok(a)) return a;
    await new Promise((r) => setTimeout(r, 500));
  }
  const last = await api<OnboardingApplication>(who, `onboarding-applications/${id}`);
  throw new Error(
    `the server never held the expected application: ${JSON.stringify(last.Fields.map((f) => [f.Name, f.Value]))} ${last.Stage}`,
  );
}

const value = (a: OnboardingApplication, name: string) => a.Fields.find((f) => f.Name === name)?.Value;

describe('onboarding applicant on a phone', () => {
  it('self sign-up, two sittings across a dropped network, review comment fixed, approved → employee home', async () => {
    const { context, page } = await newPage(browser, baseUrl, 'phone');
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));

    // Self sign-up from the sign-in page.
    await page.goto('/account/login');
    await page.getByTestId('apply-link').click();
    await page.waitForURL('**/apply');
    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('combobox', { name: 'Office' }).click();
    await page.getByRole('option').first().click();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Rivers');
    await page.getByLabel('E-mail address').fill('sam.rivers@apex-demo.example');
    await page.getByLabel('User name').fill(USER);
    await page.getByLabel('Cell phone').fill('416 555 0142');
    await page.getByLabel('Ext.').fill('7');
    await page.getByLabel('Date of birth').fill('2000-05-17');
    await page.locator('input[autocomplete="new-password"]').first().fill('short');
    await page.getByTestId('password-rules').waitFor();
    expect(await page.getByTestId('password-rules').textContent()).toContain('Password must be at least');
    await page.locator('input[autocomplete="new-password"]').first().fill(PASSWORD);
    await page.locator('input[autocomplete="new-password"]').nth(1).fill(PASSWORD);
    await shot(page, 'phone-sign-up');
    await page.getByRole('button', { name: 'Create my application' }).click();
    await page.waitForURL('**/application');
    await page.getByTestId('application-flow').waitFor();
    const created = await serverApplication(APPLICANT, () => true);
    expect(created).toMatchObject({
      IsSelfSignUp: true,
      Applicant: { FirstName: 'Sam', CellPhone: { PhoneNumber: '416 555 0142', Extension: '7' } },
    });

    // Sitting 1: the personal step is saved online…
    await shot(page, 'phone-flow-personal');
    await page.getByLabel(/^Available from/).fill('2026-03-02');
    await page.getByLabel(/^T-shirt size/).fill('M');
    await page.getByTestId('save-next').click();
    await page.getByLabel(/^Emergency contact phone/).waitFor();
    await serverApplication(APPLICANT, (a) => value(a, 'T-shirt size') === 'M');

    // …then the network drops: the contact step is kept on the device, waiting to be sent. (The app
    // is installed by then: its service worker is active, so it opens again offline.)
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    await page.getByLabel(/^Emergency contact phone/).pressSequentially('4165550100');
    await page.getByTestId('save-next').click();
    await page.getByLabel(/^SIN/).waitFor();
    await page.getByRole('button', { name: 'Contact' }).click();
    await page.getByTestId('field-waiting').waitFor();
    await shot(page, 'phone-flow-offline');
    expect(await page.getByLabel(/^Emergency contact phone/).inputValue()).toBe('(416) 555-0100');
    await page.close(); // the applicant closes the app

    // Sitting 2: the app is opened again still without a connection — the application as last read,
    // with the value typed offline still waiting — then the network comes back and it is sent.
    const again = await context.newPage();
    again.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    await again.goto('/application');
    await again.getByTestId('application-flow').waitFor();
    await again.getByRole('button', { name: 'Contact' }).click();
    await again.getByTestId('field-waiting').waitFor();
    await shot(again, 'phone-second-sitting-offline');
    await context.setOffline(false);
    const sent = await serverApplication(APPLICANT, (a) => value(a, 'Emergency contact phone') !== null);
    expect(value(sent, 'Emergency contact phone')).toBe('(416) 555-0100');
    await again.getByRole('button', { name: 'Tax and ids' }).click();
    await again.getByLabel(/^SIN/).pressSequentially('046454286');
    await again.getByTestId('save-next').click();
    await again.getByLabel('Bank name').waitFor();
    await again.getByRole('combobox', { name: 'Country of the bank' }).click();
    await again.locator('[role=option]:visible', { hasText: /^Canada$/ }).click();
    await again.getByLabel('Bank name').fill('RBC');
    await again.getByLabel('Transit number').fill('00012');
    await again.getByLabel('Institution number').fill('003');
    await again.getByLabel('Account number').fill('7654321');
    await again.getByTestId('save-next').click();
    await again.getByText('Add a document').waitFor();
    await again.getByTestId('save-next').click();
    await again.getByTestId('review-step').waitFor();
    await again.getByTestId('submit').click();
    await again.getByText('Your application was submitted').waitFor();
    const submitted = await serverApplication(APPLICANT, (a) => a.Stage === 'Submitted');
    expect(submitted.Missing).toEqual([]);

    // The office reviews with a comment on the tax ids.
    const id = submitted.OnboardingApplicationID;
    await api('payroll', `onboarding-applications/${id}`, 'PATCH', {
      Version: submitted.Version,
      Action: 'Review',
      ReviewComments: { FedW4Error: 'The SIN does not match your card.' },
    });

    // The applicant sees the comment on the step concerned, fixes the SIN and submits again.
    await again.goto('/application');
    await again.getByTestId('review-comments').waitFor();
    // Everything typed earlier was acknowledged: nothing shows as waiting to be sent any more.
    expect(await again.getByTestId('field-waiting').count()).toBe(0);
    expect(await again.getByTestId('step-comment').textContent()).toBe('The SIN does not match your card.');
    await shot(again, 'phone-flow-reviewed');
    const sin = again.getByLabel(/^SIN/);
    // A sensitive value comes back masked, even to the applicant: shown as saved, typed anew to change.
    expect(await sin.inputValue()).toBe('');
    expect(await again.getByText(/^Saved: .*286\. Type a new value/).count()).toBe(1);
    await sin.pressSequentially('130692544');
    await again.getByTestId('save-next').click();
    await again.getByRole('button', { name: 'Review' }).click();
    await again.getByTestId('review-step').waitFor();
    await serverApplication('payroll', (a) => value(a, 'SIN') === '130-692-544', id);
    await again.getByTestId('submit').click();
    await again.getByText('Your application was submitted').waitFor();

    // The office approves: the self sign-up is accepted (Initial), then hired (Approved).
    let app = await serverApplication(APPLICANT, (a) => a.Stage === 'Submitted');
    for (const type of ['Initial', 'Approved']) {
      const statuses = await api<OnboardingApplicationStatus[]>(
        'payroll',
        `onboarding-applications/${id}/available-statuses`,
      );
      const target = statuses.find((s) => s.StatusType === type);
      app = await api<OnboardingApplication>('payroll', `onboarding-applications/${id}`, 'PATCH', {
        Version: app.Version,
        OnboardingApplicationStatusID: target?.OnboardingApplicationStatusID,
      });
    }
    expect(app.Stage).toBe('Approved');
    expect(app.EmploymentRecordID).toBeTruthy();
    const accounts = await api<{ AccountNumber: string }[]>(
      'payroll',
      `employees/${app.EmployeeID}/bank-accounts`,
    );
    expect(accounts.map((a) => a.AccountNumber)).toEqual(['7654321']);
    expect(value(app, 'SIN')).toBe('130-692-544');
    expect(value(app, 'Emergency contact phone')).toBe('(416) 555-0100');
    await context.close();

    // Signing in again, the new employee lands on their home, no longer on the application.
    const me = await newPage(browser, baseUrl, 'phone');
    await me.page.goto('/account/login');
    await signIn(me.page, USER, PASSWORD);
    await me.page.waitForURL((u) => !u.pathname.startsWith('/account'));
    await me.page.waitForLoadState('networkidle');
    expect(new URL(me.page.url()).pathname).toBe('/');
    await me.context.close();
  });
});
