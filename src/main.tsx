// Entry: i18n, the API client, the session, React Query, Mantine and the router.
// The first screen gets the network first: the router starts the route's guard and screen chunk while
// the locale file loads; everything no screen needs to show itself (the other features' offline
// commands, the job tracker, notifications, the service worker) waits until it is up (lib/idle.ts).
import './app/first-screen-styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createApiClient } from './api/api-client';
import { ApiClientProvider } from './api/api-context';
import { connection } from './api/connection';
import { isAbortedConnectionError, isResponseError } from './api/errors';
import { hasKeptJobs } from './api/job-storage';
import { installGlobalErrorReporting, reportErrorsWith } from './api/report-error';
import { AppServicesProvider } from './app/app-context';
import { loadCommands } from './app/commands';
import { loadFullStyles } from './app/first-screen-styles';
import { registerServiceWorker } from './app/pwa-update';
import { enforceRequireReload } from './app/require-reload';
import { buildRoutes } from './app/routes';
import { Session } from './app/session';
import { SyncController } from './app/sync';
import { postLogout } from './features/account/sign-in';
import { createI18n, hasStoredLocale } from './i18n';
import { FIRST_LOCALE_PATH, LOCALE_PATH } from './i18n/first-areas';
import { onIdle, watchSettle, whenSettled, yieldToMain } from './lib/idle';
import { refreshKeptCopiesOnReconnect } from './offline/refresh-on-reconnect';
import { deferOfflineStore, offlineStore } from './offline/store';
import { AppMantineProvider, loadMantineTheme } from './ui/mantine-provider';
import { NotificationsHost } from './ui/notifications-host';
import { requestNotifications } from './ui/notify';

/**
 * Applies the app's stylesheet, which index.html only preloads so that the splash paints at once (see
 * vite.config.ts), and resolves once it is in effect (or failed: the app is usable unstyled).
 */
function applyStylesheets(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-style]');
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  );
}

/** Resolves true once the router's first navigation is done, false after `timeoutMs`. */
function routerInitialized(
  router: { state: { initialized: boolean }; subscribe(fn: () => void): () => void },
  timeoutMs = 10_000,
): Promise<boolean> {
  if (router.state.initialized) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, timeoutMs);
    const unsubscribe = router.subscribe(() => {
      if (!router.state.initialized) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

/** Runs `run` once the tree around it has mounted. */
function OnMounted({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

async function start() {
  // The offline store's code (Dexie) loads once the first screen is up, or at once when needed.
  deferOfflineStore(whenSettled());
  // The locale file is fetched from here on; the instance is usable once `i18nReady` resolves.
  // First the first screens' part of it (src/i18n/first-areas.ts); the whole file once they are up.
  const {
    instance: i18n,
    ready: i18nReady,
    complete: completeTranslations,
  } = createI18n({ early: window.apexEarly?.files, loadPath: LOCALE_PATH, firstPath: FIRST_LOCALE_PATH });

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A read that found no connection is not repeated while the connection is known to be lost.
        retry: (count, err) =>
          count < 2 &&
          !(isResponseError(err) && err.status < 500) &&
          !(isAbortedConnectionError(err) && !connection.online),
      },
    },
  });
  // Until the router exists (it is built a task later), an ended session is remembered and handled then.
  let sessionEndedEarly = false;
  let onSessionEnded = () => {
    sessionEndedEarly = true;
  };
  let isMounted = false;
  let markMounted = () => {};
  const mounted = new Promise<void>((resolve) => {
    markMounted = () => {
      isMounted = true;
      resolve();
    };
  });
  const api = createApiClient({
    t: (key) => i18n.t(key),
    // The probe outcome is copied to IndexedDB so the service worker can read it too: once the offline
    // store has loaded (after the first screen), without holding up the request that wanted the probe.
    mirror: (support) => {
      void offlineStore()
        .then((store) => store.mirrorMethodSupport(support))
        .catch((err: unknown) => console.warn('method support not kept for the service worker:', err));
      return Promise.resolve();
    },
    // The token request answered 401: the server ended the session.
    onSignOut: () => onSessionEnded(),
    // The method probe runs once the first screen is up, or before a PUT/PATCH/DELETE needs it.
    probeOnFirstUse: true,
    // The token, session and (on the Clock) screen reads src/boot.ts started before this code arrived.
    early: window.apexEarly,
    // Each request's outcome tells whether the server is reached (src/api/connection.ts).
    connection,
  });
  connection.follow(window);
  // Screens showing a kept copy read again as soon as the server answers again.
  refreshKeptCopiesOnReconnect(queryClient, connection);
  const session = new Session(api);
  reportErrorsWith(api);
  installGlobalErrorReporting(window);

  // The engine starts once the first screen is up; it loads a feature's offline commands when a change
  // of theirs is queued (src/app/commands.ts).
  const sync = new SyncController(api, whenSettled(), loadCommands);
  // The user's sync engine runs whenever their data is loaded (online, or from the offline copy).
  session.subscribe(() => {
    const data = session.current;
    if (data) sync.startFor(String(data.identity.EmployeeID));
  });
  // The entry's evaluation ends here; the routes and the router are built in a task of their own, so a
  // phone's main thread is not held by both at once (index.html already preloads the Clock's chunks).
  await yieldToMain();
  // Creating the router starts the first navigation: the guard (session) and the screen's chunk.
  const routes = buildRoutes(session, completeTranslations);
  const router = createBrowserRouter(routes);
  enforceRequireReload(router, routes);
  onSessionEnded = () => {
    queryClient.clear();
    session.expire();
    const here = window.location.pathname + window.location.search;
    if (!/^\/account\//.test(window.location.pathname)) {
      // Not before the router is on screen (see the render below).
      const to = `/account/session-expired?returnUrl=${encodeURIComponent(here)}`;
      if (isMounted) void router.navigate(to);
      else void mounted.then(() => router.navigate(to));
    }
  };
  if (sessionEndedEarly) onSessionEnded();
  // The service worker (what makes the app installable and open offline) comes once the first page is
  // up: the first screen, or the sign-in page once it is drawn and the browser idle.
  let pageUp = () => {};
  const firstPageUp = new Promise<void>((resolve) => {
    pageUp = resolve;
  });
  void whenSettled().then(() => pageUp());
  registerServiceWorker(firstPageUp);
  // What the first screen's arrival starts, one step per task: together they would hold a phone's main
  // thread for one long task (each chunk import also adds its preload links to the page).
  void whenSettled().then(async () => {
    const steps = [
      () => void loadMantineTheme(),
      () => void loadFullStyles(),
      () => void completeTranslations(),
      // The method-compatibility probe (its outcome is kept; see probeOnFirstUse).
      () => void api.probeMethods().catch(() => undefined),
      requestNotifications,
      // The field screens' data and code are kept for offline in the background (src/app/offline-ready.ts).
      () =>
        void import('./app/offline-ready')
          .then(({ startOfflineReadiness }) => startOfflineReadiness({ api, queryClient, session, sync }))
          .catch((err: unknown) => console.error('offline warm-up:', err)),
      // Lead-batch and report jobs started on this device before this page are polled until they finish
      // (spec 000 §4). The tracker (and the schemas it checks with) loads only when one is kept: a job
      // started from now on is tracked by the screen that starts it.
      () => {
        if (!hasKeptJobs(api.apiRoot)) return;
        void import('./api/job-tracker')
          .then(({ createJobTracker }) => createJobTracker(api).start())
          .catch((err: unknown) => console.error('job tracker:', err));
      },
    ];
    for (const step of steps) {
      step();
      await yieldToMain();
    }
  });
  const services = {
    session,
    sync,
    async signOut() {
      await postLogout();
      api.signOut();
      sync.stop();
      session.forget();
      queryClient.clear();
      await router.navigate('/account/login');
    },
  };

  // Applying the stylesheet parses it at once (it is preloaded): in a task of its own too.
  await yieldToMain();
  const [, , routerReady] = await Promise.all([i18nReady, applyStylesheets(), routerInitialized(router)]);
  document.documentElement.lang = i18n.language.replace('_', '-');
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng.replace('_', '-');
  });
  // Optional IP-country lookup: off unless configured (then its code is a chunk of its own), never
  // awaited, never over a user's choice.
  const ipCountryUrl = import.meta.env.VITE_IP_COUNTRY_URL;
  if (ipCountryUrl && !hasStoredLocale()) {
    void import('./i18n/ip-country')
      .then(({ lookupLocaleByIp }) => lookupLocaleByIp(ipCountryUrl))
      .then((found) => {
        if (found && !hasStoredLocale() && found !== i18n.language) void i18n.changeLanguage(found);
      });
  }

  // Once the first screen has rendered, its queries have started: from then on, quiet means "up".
  // The sign-in pages are not that screen: the work that waits for it (other features' commands, sync
  // engine, menus, notifications, offline warm-up, service worker) would otherwise download while the
  // user types and arrive before the screen they sign in to; it waits for the screen after sign-in.
  const onAccountPage = () => /^\/account(\/|$)/i.test(router.state.location.pathname);
  const watch = () => {
    markMounted();
    const start = () =>
      watchSettle({
        router,
        isFetching: () => queryClient.isFetching(),
        subscribeQueries: (fn) => queryClient.getQueryCache().subscribe(fn),
      });
    if (!onAccountPage()) return start();
    onIdle(() => pageUp(), 2000);
    const stop = router.subscribe(() => {
      if (onAccountPage()) return;
      stop();
      start();
    });
  };

  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppMantineProvider>
          <NotificationsHost />
          <QueryClientProvider client={queryClient}>
            <ApiClientProvider client={api}>
              <AppServicesProvider value={services}>
                <RouterProvider router={router} />
                <OnMounted run={watch} />
              </AppServicesProvider>
            </ApiClientProvider>
          </QueryClientProvider>
        </AppMantineProvider>
      </I18nextProvider>
    </StrictMode>
  );
  const root = createRoot(document.getElementById('root')!);
  // The first screen replaces the splash in one go. With the router's first navigation done (guard and
  // screen chunk), it is rendered as a transition, in slices, so a phone's main thread is never blocked
  // for long; nothing changes the router's state until it is mounted (session expiry waits for it).
  // Should the first navigation hang, the spinner is shown at once instead.
  if (routerReady) startTransition(() => root.render(app));
  else root.render(app);
}

void start();
