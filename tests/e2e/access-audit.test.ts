// Audit logs → Access changes (desktop): the auditor opens the second tab and sees the demo company's
// proxy sign-in by the administrator as the staff user, in words, with the recorded detail behind
// Details; the first tab (time changes) is still what the screen opens on.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('access changes', () => {
  it('the auditor sees the seeded proxy sign-in on the Access changes tab', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/account/login?returnUrl=%2Faudit-logs');
    await signIn(page, 'auditor');
    await page.getByTestId('audit-table').waitFor();
    expect(await page.getByTestId('access-audit-table').count()).toBe(0);

    await page.getByRole('tab', { name: 'Access changes' }).click();
    const table = page.getByTestId('access-audit-table');
    await table.waitFor();
    const proxy = table.locator('tr[data-action="ProxySignIn"]').first();
    await proxy.waitFor();
    const text = await proxy.textContent();
    expect(text).toContain('Proxy sign-in');
    expect(text).toContain('Signed in as');
    expect(await table.locator('tr[data-action="RoleUpdated"]').first().textContent()).toContain('Field rep');

    await proxy.getByRole('button', { name: 'Details' }).click();
    await table.getByText('"Ip"').waitFor();
    await context.close();
  });
});
