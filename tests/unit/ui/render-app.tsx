// Test helper for screens and hooks that need the app's services: the Mantine and i18next providers of
// ./render.tsx (every area's real translations), React Query, an ApiClient talking to a recording fake
// server (tests/unit/api/helpers.ts), a MemoryRouter and a signed-in session with the given grants.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { type ApiClient, createApiClient } from '../../../src/api/api-client';
import { ApiClientProvider } from '../../../src/api/api-context';
import { AppServicesProvider } from '../../../src/app/app-context';
import type { Session, SessionData } from '../../../src/app/session';
import type { SyncController } from '../../../src/app/sync';
import type { LocaleId } from '../../../src/i18n/index';
import { fakeFetch, type Handler, json, NOW, silentLog, tokenAt } from '../api/helpers';
import { testI18n } from './render';

// The features' choices and the client's caches live in sessionStorage: each test starts without them.
afterEach(() => sessionStorage.clear());

export interface AppOptions {
  /** The fake server's routes ('GET /api/…'); POST /api/auth/token answers a fresh token unless given. */
  routes?: Record<string, Handler | Handler[]>;
  /** The signed-in user's grant keys ('commission:read'…). */
  grants?: string[];
  identity?: { EmployeeID: number; FullName: string };
  /** Where the router starts ('/commission/policies?tab=icd'). */
  path?: string;
  locale?: LocaleId;
  /** A client of the test's own (to spy on); by default one that never retries. */
  queryClient?: QueryClient;
}

export interface AppProviders {
  wrapper: (props: { children: ReactNode }) => ReactElement;
  server: ReturnType<typeof fakeFetch>;
  api: ApiClient;
  queryClient: QueryClient;
}

/** The providers as a wrapper for render or renderHook, with the fake server and clients behind them. */
export async function appProviders(options: AppOptions = {}): Promise<AppProviders> {
  const server = fakeFetch({ 'POST /api/auth/token': () => json(tokenAt(NOW)), ...options.routes });
  const api = createApiClient({ fetch: server.fetch, now: () => NOW, storage: null, log: silentLog() });
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const i18n = await testI18n(options.locale);
  const data = {
    identity: options.identity ?? { EmployeeID: 1, FullName: 'Dana Whitfield' },
    grants: (options.grants ?? []).map((key) => ({ Description: { Key: key }, Value: 'true' })),
    states: [],
    navigation: [],
    loadedAt: NOW,
  } as unknown as SessionData;
  // A fixed session: the screens read it, nothing signs in or out here.
  const session = { current: data, subscribe: () => () => {} } as unknown as Session;
  const services = { session, sync: {} as SyncController, signOut: async () => undefined };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[options.path ?? '/']}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <QueryClientProvider client={queryClient}>
            <ApiClientProvider client={api}>
              <AppServicesProvider value={services}>{children}</AppServicesProvider>
            </ApiClientProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </MemoryRouter>
  );
  return { wrapper, server, api, queryClient };
}

/** Renders `ui` inside appProviders; returns Testing Library's result with the fake server and clients. */
export async function renderApp(ui: ReactElement, options: AppOptions = {}) {
  const providers = await appProviders(options);
  return { ...providers, ...render(ui, { wrapper: providers.wrapper }) };
}
