// The PWA runs on Preact (README "Stack"): React's package names resolve to preact/compat in the build,
// the dev server and the unit tests, so what is tested is what ships. Types stay React's (@types/react).
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Vite/Vitest `resolve.alias` entries: exact package names only (`react-router` must not match). */
export const reactOnPreact = [
  { find: /^react$/, replacement: resolve(root, 'src/preact/react.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^scheduler$/, replacement: 'preact/compat/scheduler' },
  // React's own useSyncExternalStore shim for React < 18 (react-i18next): preact/compat has the hook.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * For the unit tests: packages Vitest pre-bundles (with the aliases above) rather than loading from
 * node_modules. CommonJS packages that `require('react')` (Testing Library, React Router's Node build,
 * react-number-format, useSyncExternalStore's selector shim) would otherwise get React itself; and
 * Preact and Testing Library must be one copy each, shared by everything (Testing Library's `act`
 * around user-event's events is what flushes Preact's effects, as React's `act` does).
 */
export const preactTestBundledDeps = [
  '@testing-library/react',
  '@testing-library/dom',
  '@testing-library/user-event',
  'react-router',
  'react-number-format',
  'preact',
  'preact/hooks',
  'preact/compat',
  'preact/compat/client',
  'preact/compat/jsx-runtime',
  'preact/jsx-runtime',
  'preact/test-utils',
  'use-sync-external-store/with-selector.js',
  'use-sync-external-store/shim/with-selector',
];
