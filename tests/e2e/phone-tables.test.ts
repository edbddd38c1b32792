// The back office's wide lists on a phone (390 × 844): time approvals, posted payouts, the employment
// queues and the audit logs' time changes show their rows as cards, so the page does not scroll sideways and each row's button is on
// the screen (no swiping to find it); from the sm breakpoint (a tablet) they are tables again. A posted
// payout's drawer shows its lines as cards too: nothing in it scrolls sideways.
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

/** Elements inside `root` that scroll sideways (content wider than their box) or stick out of the screen. */
function sidewaysInside(root: string): string[] {
  const out: string[] = [];
  const box = document.querySelector(root);
  if (!box) return [`${root} missing`];
  for (const el of [box, ...box.querySelectorAll('*')] as HTMLElement[]) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const scrolls = /(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
    const rect = el.getBoundingClientRect();
    const sticksOut = rect.width > 0 && (rect.right > window.innerWidth + 1 || rect.left < -1);
    if (scrolls || sticksOut)
      out.push(
        `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${Math.round(rect.width)}px`,
      );
  }
  return out;
}

describe('a posted payout on a phone', () => {
  it('opens with its lines as cards, nothing scrolling sideways', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    try {
      await page.goto(`/account/login?returnUrl=${encodeURIComponent('/payouts/posted')}`);
      await signIn(page, 'payroll');
      await page
        .getByTestId('posted-payouts-cards')
        .first()
        .getByRole('button', { name: 'Open' })
        .first()
        .click();
      const drawer = page.getByTestId('posted-payout-drawer');
      const line = page.getByTestId('payout-lines-cards').locator('li').first();
      await line.waitFor();
      expect(await page.getByTestId('payout-lines').count()).toBe(0);
      // The line's fields and its expected amount are on the card, on the screen.
      await line.getByTestId('line-units').waitFor();
      expect(await line.textContent()).toContain('Expected');
      await expect.poll(() => page.evaluate(sidewaysInside, '.mantine-Drawer-content')).toEqual([]);
      const field = await line.getByTestId('line-amount').boundingBox();
      expect(field && field.x + field.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);

      // A tablet: the lines are a table again.
      await page.setViewportSize(VIEWPORTS.tablet);
      await drawer.getByTestId('payout-lines').waitFor();
    } finally {
      await context.close();
    }
  });
});
