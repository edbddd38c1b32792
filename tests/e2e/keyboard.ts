// The keyboard: Tab through every visible control of a page and tell, for each focus stop, what shows
// the focus (an outline, or a border of 3:1 contrast that differs from the unfocused one), WCAG 2.1.1,
// 2.4.7 and 1.4.11.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface FocusStop {
  /** The control's index among the page's controls (data-kbd). */
  index: number;
  label: string;
  /** What shows the focus while it has it; empty when nothing does. */
  indicator: string;
}

/**
 * Waits until the signed-in shell's header controls are their menus' targets: the sync chip and the
 * user button are drawn first as plain buttons and replaced once their menus' code loads (after the
 * screen settles, later on a busy machine). A Tab walk started before would mark the plain buttons,
 * then never reach them.
 */
export async function waitForShellMenus(page: Page): Promise<void> {
  for (const id of ['sync-chip', 'user-menu'])
    await page.locator(`[data-testid="${id}"][aria-expanded]`).first().waitFor({ timeout: 30_000 });
}

/**
 * Marks every visible, enabled control of the page (data-kbd="i"), presses Tab until each was focused
 * once (or `maxTabs`), and tells for each focus stop what showed it: an outline of at least 1 px, or a
 * border colour other than unfocused, with 3:1 against the page (WCAG 1.4.11).
 */
export async function tabThrough(page: Page, maxTabs = 80) {
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
      // borderless input.
      const own = getComputedStyle(el);
      // A borderless input is drawn by the nearest of its three closest ancestors with a border (a
      // password field's frame around it and its eye button; a pills field's box around its pills).
      let bordered: HTMLElement | null = null;
      for (let node = el.parentElement, up = 0; node && up < 3 && !bordered; node = node.parentElement, up++)
        if (Number.parseFloat(getComputedStyle(node).borderTopWidth) >= 1) bordered = node;
      const frame =
        own.opacity === '0' && el.nextElementSibling instanceof HTMLElement
          ? el.nextElementSibling
          : (Number.parseFloat(own.borderTopWidth) === 0 && bordered) || el;
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
export function contrast(a: string, b: string): number {
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

export function expectEveryControlFocusedVisibly(result: Awaited<ReturnType<typeof tabThrough>>) {
  const reached = new Set(result.stops.map((s) => s.index));
  const missed = result.labels.filter((_, i) => !reached.has(i));
  expect(missed, `controls Tab never reached: ${missed.join(', ')}`).toEqual([]);
  const invisible = result.stops.filter((s) => !s.indicator).map((s) => s.label);
  expect(invisible, `focus not visible on: ${invisible.join(', ')}`).toEqual([]);
}
