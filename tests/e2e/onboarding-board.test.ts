// The office's onboarding board: a self-signed-up applicant has submitted (through the API, as their
// phone would); payroll finds the application on the board, sends it back with a review comment, the
// applicant fixes and submits again, and payroll accepts then approves it on screen — the applicant is
// then an employee at the office with the application's bank account, and signs in to their home.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OnboardingApplication, OnboardingDivision } from '../../src/contract/onboarding';
import { launch, newPage, signIn } from './browser';
import { api } from './server-checks';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Welcome#2026go';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('onboarding board', () => {
  it('payroll reviews with a comment, the applicant fixes it, payroll approves: an employee exists', async () => {
    const [division] = await api<OnboardingDivision[]>(null, 'onboarding-divisions');
    const office = division.Offices.find((o) => o.OfficeName === 'Toronto Central') ?? division.Offices[0];
    let app = await api<OnboardingApplication>(null, 'onboarding-applications', 'POST', {
      IsSelfSignUp: true,
      DivisionID: division.DivisionID,
      IcdOfficeID: office.IcdOfficeID,
      Password: PASSWORD,
      Applicant: {
        FirstName: 'Quinn',
        LastName: 'Boardwalk',
        EmailAddress: 'quinn.boardwalk@apex-demo.example',
        UserName: 'quinn.boardwalk',
        CellPhone: { PhoneNumber: '416 555 0177' },
        DateOfBirth: '1999-04-12',
      },
    });
    const applicant = { user: 'quinn.boardwalk', password: PASSWORD };
    const field = (name: string) => app.Fields.find((f) => f.Name === name)?.OnboardingReferenceFieldID;
    const id = app.OnboardingApplicationID;
    for (const [name, value] of [
      ['SIN', '046 454 286'],
      ['Emergency contact phone', '4165550100'],
      ['Available from', '2026-03-02'],
    ])
      await api(applicant, `onboarding-applications/${id}/fields/${field(name)}`, 'PUT', { Value: value });
    app = await api<OnboardingApplication>(applicant, `onboarding-applications/${id}`, 'PATCH', {
      Version: app.Version,
      Bank: {
        CountryID: 2,
        BankName: 'RBC',
        RoutingNumber: '00012',
        InstitutionNumber: '003',
        AccountNumber: '7654321',
      },
    });
    app = await api<OnboardingApplication>(applicant, `onboarding-applications/${id}`, 'PATCH', {
      Version: app.Version,
      Action: 'Submit',
    });
    expect(app.Stage).toBe('Submitted');

    // Payroll finds it on the board (search) and sends it back with a comment.
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login');
    await signIn(page, 'payroll');
    await page.waitForURL((u) => !u.pathname.startsWith('/account'));
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Onboarding', exact: true })
      .click();
    await page.getByLabel('Search').fill('Boardwalk');
    const link = page.getByRole('link', { name: 'Boardwalk, Quinn' });
    await link.click();
    await page.getByTestId('application-fields').waitFor();
    // Payroll holds onboarding:sensitive: the SIN and the account number in clear.
    expect(await page.getByTestId('application-fields').textContent()).toContain('046-454-286');
    await page.getByLabel('I-9 / identity').fill('Sign section 1.');
    await page.getByRole('button', { name: 'Save the review' }).click();
    await page.getByText('The review was saved.').waitFor();
    expect(await page.getByText('Sent back').count()).toBeGreaterThan(0);

    // The applicant fixes it and submits again.
    app = await api<OnboardingApplication>(applicant, `onboarding-applications/${id}`);
    expect(app.ReviewComments.I9Error).toBe('Sign section 1.');
    app = await api<OnboardingApplication>(applicant, `onboarding-applications/${id}`, 'PATCH', {
      Version: app.Version,
      Action: 'Submit',
      Comments: 'Signed it.',
    });

    // Payroll accepts the self sign-up, then approves: the applicant is hired.
    await page.reload();
    await page.getByTestId('application-fields').waitFor();
    const move = async (option: RegExp, button: string, done: string) => {
      await page.getByPlaceholder('Choose a status').click();
      await page.getByRole('option', { name: option }).click();
      await page.getByRole('button', { name: button }).click();
      await page.getByText(done).waitFor();
    };
    await move(/^New \(Initial\)$/, 'Change the status', 'The status was changed.');
    await move(
      /^Hired \(Approved\)$/,
      'Approve and hire',
      'The application was approved: the applicant is now an employee.',
    );
    expect(await page.getByTestId('application-status').textContent()).toBe('Hired');
    await context.close();

    const hired = await api<OnboardingApplication>('payroll', `onboarding-applications/${id}`);
    expect(hired).toMatchObject({ Stage: 'Approved', Bank: { AccountNumber: '7654321' } });
    expect(hired.EmploymentRecordID).toBeTruthy();
    const accounts = await api<{ AccountNumber: string }[]>(
      'payroll',
      `employees/${hired.EmployeeID}/bank-accounts`,
    );
    expect(accounts.map((a) => a.AccountNumber)).toEqual(['7654321']);

    // The new employee lands on their home, no longer on the application.
    const me = await newPage(browser, baseUrl, 'phone');
    await me.page.goto('/account/login');
    await signIn(me.page, 'quinn.boardwalk', PASSWORD);
    await me.page.waitForURL((u) => !u.pathname.startsWith('/account'));
    await me.page.waitForLoadState('networkidle');
    expect(new URL(me.page.url()).pathname).not.toBe('/application');
    await me.context.close();
  });
});
