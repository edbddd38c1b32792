// The keyboard on the field screens the sign-in and Clock walks (accessibility.test.ts) do not meet,
// on the phone they are used on: Tab reaches every visible control of the timesheet's week, My
// events, the pending changes and the leads map (MapLibre's zoom buttons included), each showing a
// visible focus (WCAG 2.1.1, 2.4.7, 1.4.11).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch, newPage, signIn } from './browser';
import { expectEveryControlFocusedVisibly, tabThrough, waitForShellMenus } from './keyboard';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

it.each([
  ['timesheet', 'staff', '/time/week', 'Previous week'],
  ['my events', 'staff', '/my-events', null],
  ['pending changes', 'staff', '/sync', null],
  ['leads map', 'rep', '/leads', 'Zoom in'],
])(
  '%s (phone): Tab reaches every control, each with a visible focus',
  async (_name, user, path, expected) => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login');
    await signIn(page, user);
    await page.waitForURL((url) => !url.pathname.startsWith('/account/'));
    await page.goto(path);
    await page.locator('#root main').waitFor();
    if (path === '/leads') await page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await waitForShellMenus(page);
    const result = await tabThrough(page, 200);
    if (expected) expect(result.labels).toContain(expected);
    expectEveryControlFocusedVisibly(result);
    await context.close();
  },
);
