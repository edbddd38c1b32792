// Writes src/ui/mantine-theme.css: the CSS variables and responsive classes MantineProvider writes at
// run time for the app's theme (src/app/theme.tsx), as a stylesheet, so the first screen needs no
// Mantine code for them (src/ui/mantine-provider.tsx). Run after changing the theme:
//   npx tsx scripts/mantine-theme-css.tsx
// tests/unit/ui/mantine-theme-css.test.tsx fails while the file differs from Mantine's output.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import type { TFunction } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { appTheme, cssVariablesResolver } from '../src/app/theme';

export const MANTINE_THEME_CSS = join(import.meta.dirname, '..', 'src', 'ui', 'mantine-theme.css');

const HEADER =
  "/* Made by scripts/mantine-theme-css.tsx from src/app/theme.tsx: MantineProvider's CSS variables and\n   responsive classes for the app's theme (root selectors doubled to outrank Mantine's defaults). Do not edit:\n   run the script again after changing the theme. */\n";

/** The CSS MantineProvider writes for the app's theme (its <style> tags, in order). */
export function mantineThemeCss(): string {
  const t = ((key: string) => key) as unknown as TFunction;
  const html = renderToStaticMarkup(
    <MantineProvider theme={appTheme(t)} cssVariablesResolver={cssVariablesResolver}>
      {null}
    </MantineProvider>,
  );
  const sheets = [...html.matchAll(/<style data-mantine-styles="(?:true|classes)">(.*?)<\/style>/gs)].map(
    (m) => m[1].trim(),
  );
  // `:root:root`: Mantine's full stylesheet, loaded after the first screen, repeats its default values
  // under `:root`; the theme's must still win, as they did from MantineProvider's <style> in the body.
  return `${HEADER}${sheets.join('\n\n').replaceAll(':root', ':root:root')}\n`;
}

if (process.argv[1]?.endsWith('mantine-theme-css.tsx')) {
  writeFileSync(MANTINE_THEME_CSS, mantineThemeCss());
  console.log(`wrote ${MANTINE_THEME_CSS}`);
}
