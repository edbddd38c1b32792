// The back office's wide lists on a phone (390 × 844): time approvals, posted payouts, the employment
// queues and the audit logs' time changes show their rows as cards, so the page does not scroll sideways and each row's button is on
// the screen (no swiping to find it); from the sm breakpoint (a tablet) they are tables again.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, signIn, VIEWPORTS } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const SCREENS = [
  { name: 'time approvals', user: 'manager', path: '/time/approvals', list: 'pay-periods', button: 'Review' },
  {
    name: 'posted payouts',
    user: 'payroll',
    path: '/payouts/posted',
    list: 'posted-payouts',
    button: 'Open',
  },
  {
    name: 'employment queues',
    user: 'payroll',
    path: '/employments',
    list: 'queue-new-hires',
    button: 'Process',
  },
  {
    name: 'audit logs, time changes',
    user: 'auditor',
    path: '/audit-logs',
    list: 'audit-table',
    button: 'Details',
  },
] as const;

describe('wide lists on a phone', () => {
  it.each(SCREENS)(
    '$name: cards, no sideways scrolling, the first row’s button on the screen',
    async (screen) => {
      const { page, context } = await newPage(browser, baseUrl, 'phone');
      try {
        await page.goto(`/account/login?returnUrl=${encodeURIComponent(screen.path)}`);
        await signIn(page, screen.user);
        const card = page
          .getByTestId(`${screen.list}-cards`)
          .first()
          .locator('li')
          .filter({ has: page.getByRole('button', { name: screen.button }) })
          .first();
        await card.waitFor();
        expect(await page.getByTestId(screen.list).count()).toBe(0);

        const widths = await page.evaluate(() => ({
          scroll: document.scrollingElement?.scrollWidth ?? 0,
          inner: window.innerWidth,
        }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.inner);

        const button = card.getByRole('button', { name: screen.button }).first();
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        expect(box).not.toBeNull();
        if (box) {
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
          // Large enough to tap.
          expect(box.height).toBeGreaterThanOrEqual(32);
        }

        // A tablet is past the sm breakpoint: the table is back.
        await page.setViewportSize(VIEWPORTS.tablet);
        await page.getByTestId(screen.list).first().waitFor();
        expect(await page.getByTestId(`${screen.list}-cards`).count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );
});
