// The Mantine theme, built for WCAG 2.1 AA: every text colour meets 4.5:1 and every control a
// screen reader meets has a name in the user's language (tests/e2e/accessibility.test.ts runs axe on
// every screen). Plain objects, not `Component.extend`, so the first screen loads no component for it.
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * Mantine's palettes with shades 6–9 darkened (same hue, mixed towards black) until their contrast
 * on white is at least 5.1, 5.8, 6.6 and 7.5:1 (gray 6, the dimmed text, 5.9: it is also read on a
 * selected row's blue 1); shades 0–5 (backgrounds, borders) are Mantine's. So white text on a filled
 * colour (shade 6), a coloured or dimmed text (`c="red"`, `c="dimmed"`, `c="orange.8"`) on white or
 * a pale background (shades 0–1), and a light badge's text (shade 9 on shade 1) all pass 4.5:1.
 * Mantine's own shades 6 give 1.9 (yellow) to 3.6:1 (blue) on white.
 * Computed once with the WCAG relative-luminance formula; `dark` and unlisted colours are Mantine's.
 */
// biome-ignore format: one palette a line
const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5e6369', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c03f3f', '#bb3030', '#af2626', '#a12222'],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#bf3d6a', '#ba2c5e', '#af2153', '#a11d4b'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#a541bf', '#9b37b3', '#8e31a5', '#822d97'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#774eed', '#6d46e1', '#633ed0', '#5b3bbc'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4463dd', '#3b59d4', '#3552c5', '#3249b9'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1b6fb8', '#1767af', '#155ea1', '#155693'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#0f7988', '#0c6f7e', '#096676', '#095d6d'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0c7d5b', '#087353', '#06694b', '#065f44'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#2a7d39', '#247432', '#1f6a2e', '#1e612b'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#4e7912', '#47700d', '#3e6609', '#3a5d08'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#916603', '#8c5b00', '#864e00', '#834400'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#ac560e', '#aa4705', '#a03d08', '#98320b'],
};

/** The app's theme; `t` names the controls Mantine draws without a text (close buttons, pages). */
export function appTheme(t: TFunction): MantineThemeOverride {
  const close = { 'aria-label': t('common.close') };
  return createTheme({
    primaryColor: 'blue',
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    colors: ACCESSIBLE_COLORS,
    // A focus ring on keyboard focus (:focus-visible), none on a tap or click.
    focusRing: 'auto',
    components: {
      // A card or paper that is a link (Home's cards and tiles, the reports hub) shows the keyboard
      // focus ring like a button (the class draws nothing on what cannot take focus).
      Card: { classNames: { root: 'mantine-focus-auto' } },
      Paper: { classNames: { root: 'mantine-focus-auto' } },
      Modal: { defaultProps: { closeButtonProps: close } },
      Drawer: { defaultProps: { closeButtonProps: close } },
      Notification: { defaultProps: { closeButtonProps: close } },
      Alert: { defaultProps: { closeButtonLabel: t('common.close') } },
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.showPassword') } },
      },
      // No focus placeholder (role="presentation") inside role="menu": a menu holds only its items.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      Pagination: {
        defaultProps: {
          getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
            'aria-label': t(`ui.pagination.${control}`),
          }),
          getItemProps: (page: number) => ({ 'aria-label': t('ui.pagination.page', { page }) }),
        },
      },
    },
  });
}

/**
 * Placeholder text in the darker gray 6 (5.9:1 on white) instead of Mantine's gray 5 (2.1:1): a file
 * field's "Upload" is an element of its own (axe checks it like any text), and an input's placeholder is
 * read before anything is typed.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});
