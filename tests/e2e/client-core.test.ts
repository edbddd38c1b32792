import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';
import { type RunningServer, startServer } from './server';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const cell = (page: Page, row: number, col: number) =>
  page.locator(`#kit-grid [data-row="${row}"][data-col="${col}"]`);
const activeCell = (page: Page) =>
  page
    .locator('#kit-grid [data-active="true"]')
    .evaluate((el) => [Number(el.getAttribute('data-row')), Number(el.getAttribute('data-col'))]);

describe('route guard in the browser', () => {
  it('an anonymous deep link goes to sign-in and comes back to the link', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/admin/mail?from=link');
    await page.waitForURL(/\/account\/login\?returnUrl=%2Fadmin%2Fmail%3Ffrom%3Dlink/);
    await signIn(page, 'admin');
    await page.waitForURL(`${baseUrl}/admin/mail?from=link`);
    await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
    await context.close();
  });

  it('a user without the permission lands on the 403 page; URLs match case-insensitively', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login');
    await signIn(page, 'rep');
    await page.getByTestId('welcome').waitFor();
    await page.goto('/ADMIN/Mail');
    await page.waitForURL(`${baseUrl}/403`);
    await page.getByRole('heading', { name: 'You cannot open this page' }).waitFor();
    await context.close();
  });
});

describe('UI kit widgets', () => {
  it('grid keyboard navigation, delete and paste', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto('/account/login?returnUrl=%2Fadmin%2Fui-kit');
    await signIn(page, 'admin');
    await page.locator('#kit-grid').scrollIntoViewIfNeeded();
    await cell(page, 0, 0).click();
    expect(await activeCell(page)).toEqual([0, 0]);
    await page.keyboard.press('ArrowDown');
    expect(await activeCell(page)).toEqual([1, 0]);
    await page.keyboard.press('Enter');
    expect(await activeCell(page)).toEqual([2, 0]);
    await page.keyboard.press('ArrowUp');
    expect(await activeCell(page)).toEqual([1, 0]);
    await page.keyboard.press('Control+ArrowRight');
    expect(await activeCell(page)).toEqual([1, 1]);
    await page.keyboard.press('Tab');
    expect(await activeCell(page)).toEqual([1, 2]);
    await page.keyboard.press('Shift+Tab');
    expect(await activeCell(page)).toEqual([1, 1]);
    await page.keyboard.press('Control+ArrowLeft');
    expect(await activeCell(page)).toEqual([1, 0]);
    // Shift extends the selection; Delete clears the selected cells.
    await page.keyboard.press('Shift+ArrowDown');
    expect(await page.locator('#kit-grid [aria-selected="true"]').count()).toBe(2);
    await page.keyboard.press('Delete');
    expect(await cell(page, 1, 0).textContent()).toBe('');
    expect(await cell(page, 2, 0).textContent()).toBe('');
    // Paste a 2×2 block of tab-separated text at the active cell.
    await cell(page, 3, 0).click();
    await page.evaluate(() => navigator.clipboard.writeText('Zoe Park\tRegina\nYan Li\tQuébec'));
    await page.keyboard.press('Control+V');
    await expect.poll(() => cell(page, 3, 0).textContent()).toBe('Zoe Park');
    expect(await cell(page, 3, 1).textContent()).toBe('Regina');
    expect(await cell(page, 4, 0).textContent()).toBe('Yan Li');
    expect(await cell(page, 4, 1).textContent()).toBe('Québec');
    await context.close();
  });

  it("the masked input is marked 'unfinished' when left incomplete", async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login?returnUrl=%2Fadmin%2Fui-kit');
    await signIn(page, 'admin');
    const input = page.getByLabel('Phone number');
    await input.click();
    await page.keyboard.type('41655');
    await page.getByRole('heading', { name: 'UI kit' }).click();
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('data-unfinished')).not.toBeNull();
    expect(await page.locator('#kit-masked-input').textContent()).toContain('Unfinished');
    // Completing it clears the mark.
    await input.click();
    await page.keyboard.press('End');
    await page.keyboard.type('51234');
    await page.getByRole('heading', { name: 'UI kit' }).click();
    await expect.poll(() => input.getAttribute('aria-invalid')).not.toBe('true');
    await context.close();
  });
});

describe('method override from the UI', () => {
  let blocked: RunningServer;
  beforeAll(async () => {
    blocked = await startServer({ BLOCK_METHODS: 'PUT,PATCH,DELETE' });
  });
  afterAll(() => blocked?.stop());

  it('with PUT blocked by the server, saving a preference still succeeds through the override', async () => {
    const { page, context } = await newPage(browser, blocked.url, 'desktop');
    const methods: string[] = [];
    // Recorded when the answer arrives, not when the request leaves: reloading while the save is
    // still on its way would cancel it, and the reloaded page would rightly show the old value.
    page.on('response', (res) => {
      const r = res.request();
      if (r.url().includes('/api/employees/betaopt') && r.method() !== 'GET')
        methods.push(`${r.method()} ${r.headers()['x-http-method-override'] ?? ''} ${res.status()}`.trim());
    });
    await page.goto('/account/login?returnUrl=%2Fsettings');
    await signIn(page, 'staff');
    const beta = page.getByLabel('Take part in the beta program');
    await beta.waitFor();
    expect(await beta.isChecked()).toBe(false);
    await beta.click({ force: true });
    await expect.poll(() => methods).toEqual(['POST PUT 200']);
    await page.reload();
    await page.getByLabel('Take part in the beta program').waitFor();
    await expect.poll(() => page.getByLabel('Take part in the beta program').isChecked()).toBe(true);
    await context.close();
  });
});
