// The theme's colours meet WCAG AA contrast where the app puts text, and the controls Mantine draws
// without a text get a name in the user's language.
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { appTheme, cssVariablesResolver } from '../../../src/app/theme';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;
const theme = mergeMantineTheme(DEFAULT_THEME, appTheme(t));

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const TEXT_COLOURS = Object.keys(theme.colors).filter((c) => c !== 'dark');

describe('theme colours', () => {
  it.each(TEXT_COLOURS)('%s: shades 6–9 read on white and on the pale backgrounds (4.5:1)', (name) => {
    const shades = theme.colors[name];
    for (const s of [6, 7, 8, 9]) {
      // White text on a filled button or badge, coloured text on the page.
      expect(contrast(shades[s], '#ffffff'), `${name}.${s} on white`).toBeGreaterThanOrEqual(5);
      // On a light badge or alert of its own colour, and on the grey of a card or header.
      expect(contrast(shades[s], theme.colors.gray[0]), `${name}.${s} on gray.0`).toBeGreaterThanOrEqual(4.5);
    }
    // A light variant: text shade 9 on background shade 1.
    expect(contrast(shades[9], shades[1]), `${name}.9 on ${name}.1`).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text (gray 6) reads on a selected row (blue 1) and on any light background', () => {
    for (const name of TEXT_COLOURS) {
      expect(
        contrast(theme.colors.gray[6], theme.colors[name][0]),
        `gray.6 on ${name}.0`,
      ).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(theme.colors.gray[6], theme.colors.blue[1])).toBeGreaterThanOrEqual(4.5);
  });

  it('the primary colour is the accessible blue', () => {
    expect(theme.primaryColor).toBe('blue');
    // Filled buttons use shade 6 (Mantine's primaryShade): white on it.
    expect(theme.primaryShade).toEqual({ light: 6, dark: 8 });
    expect(contrast(theme.colors.blue[6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('names of icon-only controls', () => {
  const props = (component: string) => theme.components[component]?.defaultProps as Record<string, unknown>;
  it('close buttons of modals, drawers, notifications and alerts', () => {
    expect(props('Modal').closeButtonProps).toEqual({ 'aria-label': 'common.close' });
    expect(props('Drawer').closeButtonProps).toEqual({ 'aria-label': 'common.close' });
    expect(props('Notification').closeButtonProps).toEqual({ 'aria-label': 'common.close' });
    expect(props('Alert').closeButtonLabel).toBe('common.close');
  });
  it('pagination: previous, next and each page', () => {
    const pagination = props('Pagination') as {
      getControlProps: (c: string) => Record<string, string>;
      getItemProps: (p: number) => Record<string, string>;
    };
    expect(pagination.getControlProps('previous')).toEqual({ 'aria-label': 'ui.pagination.previous' });
    expect(pagination.getControlProps('next')).toEqual({ 'aria-label': 'ui.pagination.next' });
    expect(pagination.getItemProps(3)).toEqual({ 'aria-label': 'ui.pagination.page {"page":3}' });
  });
  it('menus hold only their items (no focus placeholder inside role="menu")', () => {
    expect(props('Menu').withInitialFocusPlaceholder).toBe(false);
  });
});

describe('placeholder text', () => {
  it('is drawn in a shade that reads on white (4.5:1), where Mantine draws gray 5 (2.1:1)', () => {
    const value = cssVariablesResolver(theme).light['--mantine-color-placeholder'];
    const shade = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value ?? '');
    expect(shade, String(value)).not.toBeNull();
    const [, colour, index] = shade as RegExpExecArray;
    expect(contrast(theme.colors[colour][Number(index)], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
