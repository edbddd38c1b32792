import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('sign-in and the shell', () => {
  it('rep signs in through the form and sees the shell with their name and modules', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/');
    await page.waitForURL(/\/account\/login\?returnUrl=%2F/);
    await signIn(page, 'rep');
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => page.getByTestId('welcome').textContent()).toBe('Welcome, Riley');
    expect(await page.getByTestId('user-name').textContent()).toBe('Riley Chen');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.locator('[data-state="home"]').count()).toBe(1);
    expect(await nav.locator('[data-state="admin.mail"]').count()).toBe(0);
    await context.close();
  });

  it('a wrong password shows the error in place', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login');
    await signIn(page, 'auditor', 'not-the-password');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('The user name or password is incorrect.');
    await context.close();
  });

  it('signing out returns to the sign-in page and the shell is closed', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/');
    await page.waitForURL(/account\/login/);
    await signIn(page, 'staff');
    await page.getByTestId('welcome').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/account\/login/);
    await page.goto('/');
    await page.waitForURL(/\/account\/login\?returnUrl=/);
    await context.close();
  });
});
