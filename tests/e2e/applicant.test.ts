// An onboarding applicant signs in and lands on their application — its status and the steps to fill
// in, not 403 — and every way
// "home" (the app name, the 403 page's button, the not-found page's button) leads back there.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const onApplication = (url: URL) => url.pathname === '/application';

describe('applicant', () => {
  it('lands on the application status page after signing in, with where it stands and what to do', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/');
    await page.waitForURL(/\/account\/login/);
    await signIn(page, 'applicant');
    await page.waitForURL(onApplication);
    const status = page.getByTestId('application-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('Initial');
    // The demo application is saved, not yet submitted: the applicant is asked to go on filling it in.
    expect(await page.getByTestId('application-headline').textContent()).toBe(
      'Fill in your application step by step. Each step is saved as you go, even without a connection.',
    );
    expect(await status.textContent()).toContain('Applied to Toronto Central (Toronto, ON) for RoadShow.');
    expect(await page.getByTestId('application-flow').getAttribute('data-stage')).toBe('Saved');
    expect(page.url()).not.toContain('/403');
    await context.close();
  });

  it('"home" leads to the application, from the app name, the 403 page and the not-found page', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login');
    await signIn(page, 'applicant');
    await page.waitForURL(onApplication);
    await page.getByTestId('application-status').waitFor();

    // The sidebar lists the application, the header the applicant's name.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.locator('[data-state]').count()).toBe(1);
    expect(await nav.locator('[data-state="onboarding.applicationStatus"]').textContent()).toBe(
      'My application',
    );
    expect(await page.getByTestId('user-name').textContent()).toBe('Jordan Lee');

    // A screen the applicant may not open → 403, whose "Go to the home page" does not come back to 403.
    await page.goto('/time/clock');
    await page.waitForURL(/\/403$/);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(onApplication);
    await page.getByTestId('application-status').waitFor();

    // The app name in the header.
    await page.goto('/teams');
    await page.waitForURL(/\/403$/);
    await page.goto('/');
    await page.waitForURL(onApplication);

    // An address that does not exist: in the signed-in shell, and home is the application.
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('Jordan Lee');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(onApplication);
    await page.getByTestId('application-status').waitFor();
    await context.close();
  });
});
