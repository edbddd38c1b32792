// Entry: i18n, the API client, the session, React Query, Mantine and the router.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createApiClient } from './api/api-client';
import { ApiClientProvider } from './api/api-context';
import {
  configureErrorReporting,
  createClientErrorReporter,
  installGlobalErrorReporting,
} from './api/error-reporting';
import { isResponseError } from './api/errors';
import { createJobTracker } from './api/job-tracker';
import { AppServicesProvider } from './app/app-context';
import { registerServiceWorker } from './app/pwa-update';
import { enforceRequireReload } from './app/require-reload';
import { buildRoutes } from './app/routes';
import { Session } from './app/session';
import { SyncController } from './app/sync';
import './app/commands';
import { postLogout } from './features/account/sign-in';
import { hasStoredLocale, initI18n } from './i18n';
import { lookupLocaleByIp } from './i18n/ip-country';
import { mirrorMethodSupport } from './offline/db';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});

async function start() {
  const i18n = await initI18n();
  document.documentElement.lang = i18n.language.replace('_', '-');
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng.replace('_', '-');
  });
  // Optional IP-country lookup: off unless configured, never awaited, never over a user's choice.
  if (!hasStoredLocale()) {
    void lookupLocaleByIp(import.meta.env.VITE_IP_COUNTRY_URL).then((found) => {
      if (found && !hasStoredLocale() && found !== i18n.language) void i18n.changeLanguage(found);
    });
  }

  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, err) => count < 2 && !(isResponseError(err) && err.status < 500),
      },
    },
  });
  let onSessionEnded = () => {};
  const api = createApiClient({
    t: (key) => i18n.t(key),
    // The probe outcome is copied to IndexedDB so the service worker can read it too.
    mirror: (support) => mirrorMethodSupport(support),
    // The token request answered 401: the server ended the session.
    onSignOut: () => onSessionEnded(),
  });
  const session = new Session(api);
  configureErrorReporting(createClientErrorReporter(api));
  installGlobalErrorReporting(window);
  // The method-compatibility probe runs once at start (its outcome is cached) and never blocks it.
  void api.probeMethods().catch(() => undefined);

  const sync = new SyncController(api);
  // The user's sync engine runs whenever their data is loaded (online, or from the offline copy).
  session.subscribe(() => {
    const data = session.current;
    if (data) sync.startFor(String(data.identity.EmployeeID));
  });
  const routes = buildRoutes(session);
  const router = createBrowserRouter(routes);
  enforceRequireReload(router, routes);
  onSessionEnded = () => {
    queryClient.clear();
    session.expire();
    const here = window.location.pathname + window.location.search;
    if (!/^\/account\//.test(window.location.pathname)) {
      void router.navigate(`/account/session-expired?returnUrl=${encodeURIComponent(here)}`);
    }
  };
  registerServiceWorker();
  // Lead-batch and report jobs started on this device are polled until they finish (spec 000 §4).
  createJobTracker(api).start();
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

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <Notifications position="top-right" />
          <QueryClientProvider client={queryClient}>
            <ApiClientProvider client={api}>
              <AppServicesProvider value={services}>
                <RouterProvider router={router} />
              </AppServicesProvider>
            </ApiClientProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
