// axe-core on a page, with the WCAG 2.1 A and AA rules, and a readable list of what it found.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** One rule axe found broken, with the nodes that break it (axe-core's `Result`). */
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Parts of a page axe is not run on, each with why:
 * - the leads map's canvas and its marker layer are drawn by MapLibre (WebGL): axe cannot read colours
 *   or names inside a canvas, and the map is also described in text (the lead card, the list of
 *   leads). The map's own controls (zoom, attribution) outside the canvas are checked.
 */
const EXCLUDED = ['.maplibregl-canvas'];

/**
 * Waits (up to 5 s) until no CSS transition or animation is running: a dialog still fading in
 * blends its text with the page behind it, and axe would measure that passing blend as the
 * text's contrast.
 */
export async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
}

export async function axeViolations(page: Page): Promise<Result[]> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG21_AA);
  for (const selector of EXCLUDED) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations;
}

/** "rule (impact): summary" then each target with axe's own explanation, for a failing assertion. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) =>
      [
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s)`,
        ...v.nodes.slice(0, 12).map((n) => {
          const why = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
          return `    ${n.target.join(' ')}  ${why}`;
        }),
        v.nodes.length > 12 ? `    … and ${v.nodes.length - 12} more` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n');
}

/** Fails, naming each rule and node, when axe finds anything serious or critical on the page. */
export async function expectAccessible(page: Page, name = page.url()) {
  const serious = (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.length, `${name}:\n${formatViolations(serious)}`).toBe(0);
}

/** The message Mantine shows under an invalid field (linked by aria-describedby). */
export async function errorOf(field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}
