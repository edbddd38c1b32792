import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  appShellWithoutScrollLock,
  appShellWithoutUnusedParts,
  bundleReport,
  precompress,
  reactRouterPureComponents,
  zodWithoutJsonSchema,
} from './scripts/vite-build-plugins';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8081';

/** The field entry route: the screen whose first load is budgeted (tests/bench/clock-bundle.bench.ts). */
const FIELD_ROUTE = resolve(import.meta.dirname, 'src/features/time/clock-page.tsx');

/**
 * The sign-in screen (with its "Apply" link, whose text is the page's largest): a browser that holds no
 * sign-in lands there, and src/boot.ts preloads it.
 */
const SIGN_IN_MODULES = [resolve(import.meta.dirname, 'src/features/account/login-page.tsx')];

/**
 * The sign-in screen's modules, one file (not four small ones a phone fetches one after another): the
 * other account pages and the sign-up page load it too, which they can afford.
 */
const SIGN_IN_CHUNK =
  /[\\/]src[\\/]features[\\/](account[\\/](login-page|auth-layout)|onboarding[\\/]applicant[\\/](apply-link|self-sign-up))\.tsx?$/;

/** Packages whose index re-exports everything: "imported by a screen" says nothing of their modules. */
const BARREL_PACKAGES =
  /node_modules[\\/](@mantine[\\/]core|@mantine[\\/]hooks|@tabler[\\/]icons-react|date-fns)[\\/]/;
const BARREL_INDEXES =
  /node_modules[\\/](@mantine[\\/](core|hooks)[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](tabler-icons-react|icons[\\/]index)\.mjs|date-fns[\\/]index\.js)$/;

/**
 * The modules of those packages that the first screen uses: the shell, the Clock, the route spinner
 * and error page (kept in step with them; a module missing here only lands in a chunk of its own).
 * No @mantine/core component is among them: the first screen draws with src/ui/lite.
 */
const FIRST_SCREEN_LIBRARY_MODULES = new RegExp(
  [
    String.raw`@mantine[\\/]hooks[\\/]esm[\\/](use-did-update|use-disclosure|use-id|use-isomorphic-effect|use-local-storage|use-media-query|use-merged-ref|use-network|use-reduced-motion|use-uncontrolled|use-window-event|utils[\\/]random-id)[\\/]`,
    String.raw`@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]Icon(AlertTriangle|CalendarEvent|CalendarWeek|Checklist|ChevronDown|Clock|ClockExclamation|CloudCheck|CloudOff|CloudUp|Components|FileSearch|Home|LayoutSidebarLeftCollapse|LayoutSidebarLeftExpand|Mail|Map2|Point|Polygon|Settings|Table|UsersGroup))\.mjs`,
    String.raw`date-fns[\\/](parseISO|isValid|isDate|toDate|constructFrom|constants)\.js`,
  ].join('|'),
);

/**
 * Chunking for the first load (README "Benchmarks"). Left alone, the bundler splits the
 * code the entry shares with lazy screens into dozens of small files, which costs a phone round trips
 * and compresses worse (some 18 KB gzip here). So:
 * - `app`: what the entry imports statically, in one file;
 * - `field-route`: what the Clock screen imports statically beyond that, in one file (office screens
 *   that share a piece of it load it too, which they can afford).
 */
function firstLoadChunks(): { plugin: Plugin; fieldRoute: Set<string> } {
  const fieldRoute = new Set<string>();
  const plugin: Plugin = {
    name: 'apex:first-load-chunks',
    apply: 'build',
    buildEnd() {
      fieldRoute.clear();
      // Through a barrel package (its index) only the modules the first screen uses are followed.
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        const barrelIndex = BARREL_INDEXES.test(id);
        if (!barrelIndex && !firstScreenModule(id)) return;
        if (!barrelIndex && id !== FIELD_ROUTE) fieldRoute.add(id);
        // A barrel's index also imports packages for its own re-exports (@mantine/core's index:
        // react-remove-scroll for `RemoveScroll`): those count only when a used module imports them.
        for (const dep of this.getModuleInfo(id)?.importedIds ?? [])
          if (!barrelIndex || BARREL_PACKAGES.test(dep)) visit(dep);
      };
      visit(FIELD_ROUTE);
    },
  };
  return { plugin, fieldRoute };
}

/**
 * Modules the Clock's imports reach but it does not run (other screens do): TanStack Query's other
 * hooks, which its package index brings. In `field-route` their code would weigh on the Clock; left
 * out, they go to the chunks of the screens that use them. (The first screens import no Mantine
 * component since they draw with `src/ui/lite`, so Mantine's helpers need no entry here.)
 */
const NOT_FIRST_SCREEN_MODULES = new RegExp(
  [
    String.raw`@tanstack[\/](react-query|query-core)[\/]build[\/]modern[\/](useQueries|queriesObserver|useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|useSuspenseQuery|useSuspenseQueries|useSuspenseInfiniteQuery|usePrefetchQuery|usePrefetchInfiniteQuery|useIsFetching|useMutationState|HydrationBoundary|hydration|streamedQuery|mutationOptions|infiniteQueryOptions)\.js$`,
  ].join('|'),
);

const firstScreenModule = (id: string) =>
  !NOT_FIRST_SCREEN_MODULES.test(id) && (!BARREL_PACKAGES.test(id) || FIRST_SCREEN_LIBRARY_MODULES.test(id));

const chunks = firstLoadChunks();

/**
 * Code the app loads in the background once the first screen is up (src/main.tsx): the offline
 * commands, the offline warm-up (and the screens' code it keeps), the job tracker, the full stylesheet,
 * Mantine's theme, and the shell's parts drawn with Mantine (sidebar, menus, banners, tooltips,
 * notifications, the update prompt, legal notices). Their imports are not preloaded: nobody waits for
 * them, and each preload is a <link> the browser's main thread adds (a few ms each on a slow phone, a
 * dozen or more per part), on a phone that is drawing the Clock. They load as the modules ask for them
 * instead. The CSS they need still loads with them. Screens (routes) keep their preloads: a user waits
 * for those.
 */
const BACKGROUND_CHUNK = new RegExp(
  `(^|[\\\\/])(${[
    'commands',
    'offline-ready',
    'job-tracker',
    'warm-up',
    'full-styles-\\d',
    'mantine-theme',
    'sidebar-nav',
    'user-menu',
    'sign-out-warning',
    'proxy-banner',
    'sync-menu',
    'tooltip-chunk',
    'notifications-container',
    'pwa-update-prompt',
    'legal-notice-gate',
  ].join('|')})-[\\w-]+\\.js$`,
);

/**
 * src/boot.ts is an entry of its own, loaded by index.html as an async module ahead of the app: it
 * starts the token, session and Clock requests while the app's code downloads (see the file).
 */
function bootScript(): Plugin {
  return {
    name: 'apex:boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (c) =>
            c.type === 'chunk' &&
            c.isEntry &&
            c.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/boot.ts'),
        );
        if (!boot) throw new Error('src/boot.ts is missing from the build');
        // The Clock's own chunks (not the entry's), which src/boot.ts preloads on the Clock.
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entryFiles = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]),
        );
        // A screen's chunk and what it imports statically, beyond the entry's, as one attribute value.
        const filesOf = (module: string) => {
          const chunk =
            chunks.find((c) => c.facadeModuleId === module) ??
            chunks.find((c) => c.moduleIds.includes(module));
          if (!chunk) throw new Error(`${module} is in no chunk`);
          return [chunk.fileName, ...chunk.imports].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`);
        };
        const attribute = (modules: string[]) => [...new Set(modules.flatMap(filesOf))].join(' ');
        return html.replace(
          '<script type="module"',
          `<meta name="apex-clock-chunks" content="${attribute([FIELD_ROUTE])}" />\n    ` +
            `<meta name="apex-sign-in-chunks" content="${attribute(SIGN_IN_MODULES)}" />\n    ` +
            `<script type="module" async crossorigin src="/${boot.fileName}"></script>\n    <script type="module"`,
        );
      },
    },
  };
}

/**
 * The app's stylesheet does not block the first paint: the page shows its splash (styled inline) at
 * once while the stylesheet loads as a preload, and src/main.tsx applies it and waits for it before
 * rendering (so nothing is ever shown unstyled). No inline script is needed (the CSP forbids them).
 */
function nonBlockingStylesheet(): Plugin {
  return {
    name: 'apex:non-blocking-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g,
          '<link rel="preload" as="style" crossorigin href="$1" data-app-style>',
        ),
    },
  };
}

export default defineConfig({
  plugins: [
    zodWithoutJsonSchema(),
    appShellWithoutScrollLock(),
    appShellWithoutUnusedParts(),
    reactRouterPureComponents(),
    react(),
    chunks.plugin,
    nonBlockingStylesheet(),
    bootScript(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}', 'resources/*.json'],
        globIgnores: ['**/map-*.js'],
      },
      devOptions: { enabled: false },
    }),
    bundleReport(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/account': { target: apiTarget, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
    },
  },
  build: {
    target: 'es2022',
    modulePreload: {
      // Every browser the app supports preloads modules itself: no polyfill in the entry.
      polyfill: false,
      resolveDependencies: (file, deps, { hostId }) =>
        BACKGROUND_CHUNK.test(file) || BACKGROUND_CHUNK.test(hostId) ? [] : deps,
    },
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    manifest: true,
    rolldownOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        boot: resolve(import.meta.dirname, 'src/boot.ts'),
      },
      // Re-exports of a side-effect-free barrel (`@mantine/core`) that nothing uses are not even
      // loaded, so the module graph the chunk groups read is the code actually used.
      experimental: { lazyBarrel: true },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              // src/boot.ts must stay a tiny script of its own that runs before the app arrives.
              test: (id: string) => !id.replaceAll('\\', '/').endsWith('/src/boot.ts'),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'field-route',
              test: (id: string) => chunks.fieldRoute.has(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              name: 'sign-in',
              test: (id: string) => SIGN_IN_CHUNK.test(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
