// What the accessibility checks of whole screens share: a signed-in browser per user and screen size,
// waiting until a screen has drawn its content, and axe's verdict on it (serious and critical only,
// looked at again once when a screen still settling breaks a rule for a moment), and the run of a list
// of screens at phone and desktop size.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, formatViolations } from './axe';
import { newPage, signIn, VIEWPORTS } from './browser';

/** A CSS selector for a test id. */
export const testId = (id: string) => `[data-testid="${id}"]`;

/** Waits until the screen has drawn its content: no spinner, no request for a moment. */
export async function settle(page: Page, ready?: string): Promise<void> {
  // The shell's <main>, or a status or account page's heading.
  await page.locator('#root main, #root h1, #root h2').first().waitFor();
  if (ready) await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"]')].some(
          (el) => (el as HTMLElement).offsetParent !== null,
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // Transitions (menus, drawers, notifications) end.
  await page.waitForTimeout(400);
}

export function seriousOf(violations: Awaited<ReturnType<typeof axeViolations>>) {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * One signed-in browser context per user (signed in through the form once) at one screen size, and
 * `close()` for them all.
 */
export function signedInPages(browser: Browser, baseUrl: string, viewport: keyof typeof VIEWPORTS) {
  const contexts = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
  return {
    pageOf(user: string | null) {
      const key = user ?? '';
      let entry = contexts.get(key);
      if (!entry) {
        entry = (async () => {
          const opened = await newPage(browser, baseUrl, viewport);
          if (user) {
            await opened.page.goto('/account/login');
            await signIn(opened.page, user);
            await opened.page.waitForURL((url) => !url.pathname.startsWith('/account/'));
          }
          return opened;
        })();
        contexts.set(key, entry);
      }
      return entry;
    },
    async close() {
      for (const entry of contexts.values()) await (await entry).context.close();
    },
  };
}

/**
 * Asserts axe finds no serious or critical violation on the page as it is now. A screen still
 * settling on a loaded machine (a fade, a late list) can break a rule for a moment: what counts is
 * what stays. Logged either way, checked again once drawn.
 */
export async function expectNoSeriousViolation(page: Page, name: string, ready?: string): Promise<void> {
  let serious = seriousOf(await axeViolations(page));
  if (serious.length) {
    console.log(`[axe] ${name}: first look\n${formatViolations(serious)}`);
    await settle(page, ready);
    await page.waitForTimeout(1500);
    serious = seriousOf(await axeViolations(page));
  }
  console.log(
    `[axe] ${name}: ${serious.reduce((n, v) => n + v.nodes.length, 0)} serious/critical nodes in ${serious.length} rules`,
  );
  expect(serious.length, `${name}:\n${formatViolations(serious)}`).toBe(0);
}

/** A screen axe checks: who opens it, at which address, and how it is brought into the state checked. */
export interface ScreenView<D> {
  /** What the report calls it. */
  name: string;
  /** Who opens it: a demo user who may. */
  user: string;
  /** Its address, from the demo records `D` the run asked of the API. */
  path: (data: D) => string;
  /** What shows once the screen has its content (a CSS selector). */
  ready?: string;
  /** Brings the screen into the state to check (opens a tab, a record…), asserting it is there. */
  act?: (page: Page, data: D) => Promise<void>;
}

/**
 * One test per view at each of phone (390 × 844) and desktop (1440 × 900) size: signed in as its user
 * (one browser context per user and size), at its address, settled, brought into its state, then no
 * serious or critical violation for axe. `browser` and `data` are read when the tests run (after the
 * file's `beforeAll`).
 */
export function axeEachScreen<D>(
  title: string,
  views: readonly ScreenView<D>[],
  run: { baseUrl: string; browser: () => Browser; data: () => D; timeout?: number },
): void {
  for (const viewport of ['phone', 'desktop'] as const) {
    const { width, height } = VIEWPORTS[viewport];
    describe(`${title}, ${viewport} (${width}×${height})`, () => {
      let pages: ReturnType<typeof signedInPages>;
      beforeAll(() => {
        pages = signedInPages(run.browser(), run.baseUrl, viewport);
      });
      afterAll(() => pages?.close());

      it.each(views.map((v) => [`${v.name} (${v.user})`, v] as const))(
        '%s: no serious or critical violation',
        async (_title, view) => {
          const { page } = await pages.pageOf(view.user);
          await page.goto(view.path(run.data()));
          await settle(page, view.ready);
          if (view.act) {
            await view.act(page, run.data());
            await page.waitForTimeout(400);
          }
          await expectNoSeriousViolation(page, `${viewport} ${view.name}`, view.ready);
        },
        run.timeout,
      );
    });
  }
}
