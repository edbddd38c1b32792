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
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^scheduler$/, replacement: 'preact/compat/scheduler' },
  // React's own useSyncExternalStore shim for React < 18 (react-i18next): preact/compat has the hook.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
