// The app's Mantine theme as a stylesheet (src/ui/mantine-theme.css) must be what MantineProvider
// writes for the theme today, or a theme change would not reach the screen.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANTINE_THEME_CSS, mantineThemeCss } from '../../../scripts/mantine-theme-css';

describe('the theme stylesheet', () => {
  it('is MantineProvider’s CSS for the app theme (run scripts/mantine-theme-css.tsx after a theme change)', () => {
    expect(readFileSync(MANTINE_THEME_CSS, 'utf8')).toBe(mantineThemeCss());
  });

  it('holds the app’s accessible colours, its placeholder colour and the responsive classes', () => {
    const css = mantineThemeCss();
    expect(css).toContain('--mantine-color-blue-6: #1b6fb8');
    expect(css).toContain('--mantine-color-placeholder: var(--mantine-color-gray-6)');
    expect(css).toContain('.mantine-hidden-from-lg');
    // Outranks Mantine's default values, which its full stylesheet repeats under `:root`.
    expect(css).toContain(':root:root');
    expect(css.replaceAll(':root:root', '')).not.toContain(':root');
  });
});
