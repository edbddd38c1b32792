// What the accessibility checks of whole screens share: a signed-in browser per user and screen size,
// waiting until a screen has drawn its content, and axe's verdict on it (serious and critical only,
// looked at again once when a screen still settling breaks a rule for a moment).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, formatViolations } from './axe';
import { newPage, signIn, type VIEWPORTS } from './browser';

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
