// Accessibility: axe-core (WCAG 2.1 A and AA rules) on every screen of the PWA, as each demo user who may
// open it sees it, on a phone (390 × 844) and a desktop (1440 × 900): no violation of impact serious or
// critical. And the keyboard: Tab reaches every control of the sign-in form and the Clock, each with a
// visible focus outline.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, formatViolations } from './axe';
import { launch, newPage, signIn, VIEWPORTS } from './browser';

const baseUrl = inject('baseUrl');

interface View {
  /** What the report calls it. */
  name: string;
  /** Who opens it (null: nobody signed in). */
  user: string | null;
  path: string;
  /** What shows once the screen has its content (a CSS selector or test id). */
  ready?: string;
  /** Brings the screen into the state to check (opens a menu, a tab, types…). */
  act?: (page: Page) => Promise<void>;
}

const testId = (id: string) => `[data-testid="${id}"]`;

const VIEWS: View[] = [
  { name: 'sign-in', user: null, path: '/account/login', ready: '#loginForm' },
  {
    name: 'sign-in, forgot password dialog',
    user: null,
    path: '/account/login',
    ready: '#loginForm',
    act: async (page) => {
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'reset password (no link)', user: null, path: '/account/reset-password' },
  {
    name: 'reset password',
    user: null,
    path: '/account/reset-password?token=abc',
    ready: 'form',
    act: async (page) => {
      // A weak password: the strength bar and the list of what is missing show.
      await page.locator('input[type="password"]').first().fill('abc');
    },
  },
  { name: 'session expired', user: null, path: '/account/session-expired' },
  { name: 'home', user: 'staff', path: '/', ready: testId('welcome') },
  { name: 'clock', user: 'staff', path: '/time/clock', ready: testId('clock-card') },
  { name: 'timesheet', user: 'staff', path: '/time/week' },
  { name: 'my events', user: 'staff', path: '/my-events' },
  { name: 'preferences', user: 'staff', path: '/settings' },
  { name: 'pending changes', user: 'staff', path: '/sync' },
  {
    name: 'sync chip menu',
    user: 'staff',
    path: '/',
    ready: testId('welcome'),
    act: async (page) => {
      await page.getByTestId('sync-chip').click();
      await page.getByTestId('offline-readiness').waitFor();
      await page.getByTestId('storage-used').waitFor();
    },
  },
  {
    name: 'user menu',
    user: 'staff',
    path: '/',
    ready: testId('welcome'),
    act: async (page) => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menu').waitFor();
    },
  },
  { name: 'not found', user: 'staff', path: '/no-such-screen' },
  { name: 'forbidden', user: 'staff', path: '/audit-logs' },
  { name: 'leads map', user: 'rep', path: '/leads', ready: testId('leads-map') },
  { name: 'time approvals', user: 'manager', path: '/time/approvals' },
  { name: 'schedule board', user: 'manager', path: '/scheduling' },
  { name: 'TSU', user: 'manager', path: '/scheduling/tsu' },
  { name: 'teams', user: 'manager', path: '/teams' },
  ...(['territories', 'reps', 'batches', 'policy'] as const).map(
    (tab, i): View => ({
      name: `lead groups, ${tab}`,
      user: 'manager',
      path: '/leads/manage',
      ready: '[role="tablist"]',
      act: async (page) => {
        await page.getByRole('tab').nth(i).click();
        await page.getByRole('tabpanel').waitFor();
      },
    }),
  ),
  { name: 'late adjustments', user: 'payroll', path: '/time/late-adjustments' },
  { name: 'audit logs', user: 'auditor', path: '/audit-logs' },
  { name: 'audit logs, access changes', user: 'auditor', path: '/audit-logs?tab=access' },
  { name: 'posted payouts', user: 'payroll', path: '/payouts/posted' },
  { name: 'employment processing', user: 'payroll', path: '/employments' },
  { name: 'mail outbox', user: 'admin', path: '/admin/mail' },
  { name: 'UI kit', user: 'admin', path: '/admin/ui-kit' },
  { name: 'home (owner)', user: 'owner', path: '/' },
  {
    name: 'application status',
    user: 'applicant',
    path: '/application',
    ready: testId('application-status'),
  },
  { name: 'forbidden (applicant)', user: 'applicant', path: '/403' },
];

/** Waits until the screen has drawn its content: no spinner, no request for a moment. */
async function settle(page: Page, ready?: string): Promise<void> {
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

function seriousOf(violations: Awaited<ReturnType<typeof axeViolations>>) {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

for (const viewport of ['phone', 'desktop'] as const) {
  describe(`axe on every screen, ${viewport} (${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height})`, () => {
    const contexts = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
    /** One signed-in browser per user (signed in through the form once). */
    function pageOf(user: string | null) {
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
    }
    afterAll(async () => {
      for (const entry of contexts.values()) await (await entry).context.close();
    });

    it.each(VIEWS.map((v) => [`${v.name} (${v.user ?? 'signed out'}, ${v.path})`, v] as const))(
      '%s: no serious or critical violation',
      async (_title, view) => {
        const { page } = await pageOf(view.user);
        await page.goto(view.path);
        await settle(page, view.ready);
        if (view.act) {
          await view.act(page);
          await page.waitForTimeout(400);
        }
        let serious = seriousOf(await axeViolations(page));
        if (serious.length) {
          // A screen still settling on a loaded machine (a fade, a late list) can break a rule for a
          // moment: what counts is what stays. Logged either way, checked again once drawn.
          console.log(`[axe] ${viewport} ${view.name}: first look\n${formatViolations(serious)}`);
          await settle(page, view.ready);
          await page.waitForTimeout(1500);
          serious = seriousOf(await axeViolations(page));
        }
        console.log(
          `[axe] ${viewport} ${view.name}: ${serious.reduce((n, v) => n + v.nodes.length, 0)} serious/critical nodes in ${serious.length} rules`,
        );
        expect(serious.length, `${viewport} ${view.name}:\n${formatViolations(serious)}`).toBe(0);
      },
    );
  });
}

interface FocusStop {
  /** The control's index among the page's controls (data-kbd). */
  index: number;
  label: string;
  /** What shows the focus while it has it; empty when nothing does. */
  indicator: string;
}

/**
 * Marks every visible, enabled control of the page (data-kbd="i"), presses Tab until each was focused
 * once (or `maxTabs`), and tells for each focus stop what showed it: an outline of at least 1 px, or a
 * border colour other than unfocused, with 3:1 against the page (WCAG 1.4.11).
 */
async function tabThrough(page: Page, maxTabs = 80) {
  // Focus on an empty mark at the top of the document: no control has it while their plain looks are
  // read, and Tab starts from there.
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
  });
  await page.waitForTimeout(300);
  const controls = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const found = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      const box = el.getBoundingClientRect();
      // A closed drawer's links are inert: out of the Tab order on purpose.
      return (
        el.tabIndex >= 0 &&
        box.width > 0 &&
        box.height > 0 &&
        getComputedStyle(el).visibility !== 'hidden' &&
        !el.closest('[inert]')
      );
    });
    return found.map((el, i) => {
      el.dataset.kbd = String(i);
      // What draws the control: itself, the track of a hidden switch checkbox, or the frame around a
      // borderless input (a password field with its eye button).
      const own = getComputedStyle(el);
      const parent = el.parentElement;
      const frame =
        own.opacity === '0' && el.nextElementSibling instanceof HTMLElement
          ? el.nextElementSibling
          : Number.parseFloat(own.borderTopWidth) === 0 &&
              parent &&
              Number.parseFloat(getComputedStyle(parent).borderTopWidth) >= 1
            ? parent
            : el;
      frame.dataset.kbdFrame = String(i);
      return {
        label: (
          el.getAttribute('aria-label') ||
          (el as HTMLInputElement).labels?.[0]?.textContent ||
          el.textContent ||
          el.getAttribute('name') ||
          el.tagName
        )
          .replace(/\s*\*$/, '')
          .trim(),
        border: getComputedStyle(frame).borderTopColor,
      };
    });
  });
  const labels = controls.map((c) => c.label);
  const stops: FocusStop[] = [];
  for (let i = 0; i < maxTabs && new Set(stops.map((s) => s.index)).size < labels.length; i++) {
    await page.keyboard.press('Tab');
    // Past any transition of the focus style.
    await page.waitForTimeout(150);
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.dataset.kbd) return null;
      const frame = document.querySelector<HTMLElement>(`[data-kbd-frame="${el.dataset.kbd}"]`) ?? el;
      const own = getComputedStyle(el);
      const style = getComputedStyle(frame);
      return {
        index: Number(el.dataset.kbd),
        // The outline of the control or of what draws it.
        outline: [own, style]
          .filter((x) => x.outlineStyle !== 'none' && Number.parseFloat(x.outlineWidth) >= 1)
          .map((x) => `${x.outlineStyle} ${x.outlineWidth} ${x.outlineColor}`)[0],
        border: style.borderTopColor,
        borderWidth: Number.parseFloat(style.borderTopWidth),
      };
    });
    if (!seen) continue;
    const borderShows =
      seen.borderWidth >= 1 &&
      seen.border !== controls[seen.index].border &&
      contrast(seen.border, 'rgb(255, 255, 255)') >= 3;
    stops.push({
      index: seen.index,
      label: labels[seen.index],
      indicator: seen.outline ? `outline ${seen.outline}` : borderShows ? `border ${seen.border}` : '',
    });
  }
  return { labels, stops };
}

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function expectEveryControlFocusedVisibly(result: Awaited<ReturnType<typeof tabThrough>>) {
  const reached = new Set(result.stops.map((s) => s.index));
  const missed = result.labels.filter((_, i) => !reached.has(i));
  expect(missed, `controls Tab never reached: ${missed.join(', ')}`).toEqual([]);
  const invisible = result.stops.filter((s) => !s.indicator).map((s) => s.label);
  expect(invisible, `focus not visible on: ${invisible.join(', ')}`).toEqual([]);
}

describe('keyboard', () => {
  it('sign-in: Tab reaches the user name, password, sign-in button and "Forgot your password?", each with a visible focus', async () => {
    const { page, context } = await newPage(browser, baseUrl, 'phone');
    await page.goto('/account/login');
    await settle(page, '#loginForm');
    const result = await tabThrough(page);
    expect(result.labels.length).toBeGreaterThanOrEqual(4);
    expectEveryControlFocusedVisibly(result);
    // In reading order: the form's fields before its button.
    const order = result.stops.map((s) => s.label);
    expect(order.indexOf('Sign in')).toBeGreaterThan(order.indexOf('User name'));
    expect(order).toEqual(
      expect.arrayContaining(['User name', 'Password', 'Sign in', 'Forgot your password?']),
    );
    await context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`Clock (${viewport}): Tab reaches every control of the page (header, menu, clock), each with a visible focus`, async () => {
      const { page, context } = await newPage(browser, baseUrl, viewport);
      await page.goto('/account/login');
      await signIn(page, 'staff');
      await page.waitForURL((url) => !url.pathname.startsWith('/account/'));
      await page.goto('/time/clock');
      await settle(page, testId('clock-card'));
      // With a program chosen, "Clock in" is enabled.
      await page.getByLabel('Program').selectOption({ index: 1 });
      const result = await tabThrough(page);
      expect(result.labels).toEqual(
        expect.arrayContaining(['Office', 'Program', 'Record my location with each punch', 'Clock in']),
      );
      expectEveryControlFocusedVisibly(result);
      if (viewport === 'phone') {
        // The closed drawer's links were skipped; opened from the keyboard, they come next.
        await page.getByRole('button', { name: 'Open the menu' }).focus();
        await page.keyboard.press('Enter');
        const reached: string[] = [];
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          const state = await page.evaluate(() =>
            document.activeElement?.closest('nav') ? document.activeElement.getAttribute('data-state') : null,
          );
          if (state) reached.push(state);
        }
        expect(reached).toEqual(
          expect.arrayContaining(['home', 'time.clock', 'time.week', 'scheduling.myEvents']),
        );
      }
      await context.close();
    });
  }
});
