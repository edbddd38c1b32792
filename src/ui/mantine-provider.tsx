// Mantine's two contexts for the whole app, with the theme loaded after the first screen.
//
// The first screens (the Clock, sign-in) draw no Mantine component (src/ui/lite), so the theme object
// and the code that builds it are a chunk of their own: `loadMantineTheme()` loads it, and everything
// that draws Mantine components waits for it — other screens (routes.tsx) and the shell's later parts
// (`lazyWithTheme`). The CSS variables MantineProvider would write at run time are a stylesheet made
// from the same theme (mantine-theme.css, part of the first screen's styles; checked against Mantine's
// output by tests/unit/ui/mantine-theme-css.test.tsx). The app has one colour scheme, light: its colours are
// tuned for contrast on white (src/app/theme.tsx).
import { MantineContext, type MantineTheme, MantineThemeContext } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

type ThemeModule = typeof import('./mantine-theme');

let loaded: ThemeModule | null = null;
let loading: Promise<ThemeModule> | null = null;
const listeners = new Set<() => void>();

/** Loads the theme's chunk once; every provider has it before the promise resolves. */
export function loadMantineTheme(): Promise<unknown> {
  loading ??= import('./mantine-theme').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** `lazy()` for a part drawn with Mantine: it renders once the theme is there too. */
export function lazyWithTheme<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.all([load(), loadMantineTheme()]).then(([module]) => module));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const noop = () => {};
const CONTEXT = {
  colorScheme: 'light' as const,
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
  deduplicateInlineStyles: false,
};

/** Mantine's contexts with the app's theme in the current language (once its chunk is loaded). */
export function AppMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
  const theme: MantineTheme | null = useMemo(() => module?.buildTheme(t) ?? null, [module, t]);
  return (
    <MantineContext value={CONTEXT}>
      <MantineThemeContext value={theme}>{children}</MantineThemeContext>
    </MantineContext>
  );
}
