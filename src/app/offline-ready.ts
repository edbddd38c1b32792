// The offline warm-up of the app (src/offline/warm-up.ts): the field screens that declare what they
// need (each feature's offline-ready.ts, listed here as commands.ts lists the offline commands), and
// when to warm: right after sign-in, after each successful sync and when the app comes back to the
// foreground or back online — always in an idle moment after the first screen is up, never blocking it.
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { APP_STATES } from '../contract/navigation';
import { onIdle } from '../lib/idle';
import type { SyncEngine } from '../offline/sync-engine';
import { type OfflineScreen, setWarmUpRunner, WarmUpRunner } from '../offline/warm-up';
import { type GuardUser, mayEnter } from './guard';
import type { Session } from './session';
import type { SyncController } from './sync';

/**
 * Every field screen that can be made ready for offline, by the route state it serves: a screen's file
 * is loaded only for a user who may open it (tests/unit/offline/warm-up.test.ts checks the states).
 */
export const OFFLINE_SCREEN_FILES: ReadonlyArray<{ state: string; load: () => Promise<OfflineScreen> }> = [
  { state: 'time.clock', load: () => import('../features/time/offline-ready').then((m) => m.offlineScreen) },
  {
    state: 'time.week',
    load: () => import('../features/time-management/offline-ready').then((m) => m.offlineScreen),
  },
  {
    state: 'scheduling.myEvents',
    load: () => import('../features/scheduling/offline-ready').then((m) => m.offlineScreen),
  },
  { state: 'leads.map', load: () => import('../features/leads/offline-ready').then((m) => m.offlineScreen) },
  {
    state: 'orders.mySales',
    load: () => import('../features/orders/field/offline-ready').then((m) => m.offlineScreen),
  },
];

/** The route states of the offline screens this user may open (the route guard's own rule). */
export function offlineStatesAllowed(user: GuardUser): string[] {
  return OFFLINE_SCREEN_FILES.map((file) => file.state).filter((name) => {
    const state = APP_STATES.find((s) => s.Name === name);
    try {
      return state !== undefined && mayEnter(state, user);
    } catch {
      return false;
    }
  });
}

/** The field screens this user may open, loaded: a staff user loads and warms no leads. */
export function loadOfflineScreens(user: GuardUser): Promise<OfflineScreen[]> {
  const allowed = new Set(offlineStatesAllowed(user));
  return Promise.all(
    OFFLINE_SCREEN_FILES.filter((file) => allowed.has(file.state)).map((file) => file.load()),
  );
}

export interface OfflineReadinessDeps {
  api: ApiClient;
  queryClient: QueryClient;
  session: Session;
  sync: SyncController;
}

/** Starts warming for whoever is signed in, now and on every occasion above; returns a stop function. */
export function startOfflineReadiness({ api, queryClient, session, sync }: OfflineReadinessDeps): () => void {
  const userOf = () => {
    const data = session.current;
    return data ? String(data.identity.EmployeeID) : null;
  };
  const runner = new WarmUpRunner({
    api,
    queryClient,
    screensFor: async (userId) => {
      const data = session.current;
      if (!data || String(data.identity.EmployeeID) !== userId) return [];
      return loadOfflineScreens(data);
    },
  });
  setWarmUpRunner(runner);
  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
  const trigger = (force: boolean) => {
    onIdle(() => {
      const userId = userOf();
      if (userId && online()) void runner.run(userId, { force });
    }, 2000);
  };

  // Sign-in (or this page's first user): warm unless a complete warm-up is recent; sign-out: stop.
  let userId: string | null = null;
  const onSession = () => {
    const next = userOf();
    if (next === userId) return;
    if (userId !== null) runner.stop();
    const signedInHere = userId === null && next !== null && signInSeen;
    userId = next;
    if (next) trigger(signedInHere);
  };
  // Whether this page saw nobody signed in (the sign-in form), so the next user did sign in here.
  let signInSeen = !session.signedIn;
  const unsubscribeSession = session.subscribe(() => {
    if (!session.signedIn) signInSeen = true;
    onSession();
  });
  onSession();

  // After each successful sync (the engine's last-sync time moves on).
  let stopEngine = () => {};
  const onEngine = (engine: SyncEngine | null) => {
    stopEngine();
    stopEngine = () => {};
    if (!engine) return;
    let last: number | null | undefined;
    stopEngine = engine.subscribe((status) => {
      if (last !== undefined && status.lastSyncAt !== null && (last === null || status.lastSyncAt > last)) {
        trigger(false);
      }
      last = status.lastSyncAt;
    });
  };
  const unsubscribeSync = sync.subscribe(onEngine);
  onEngine(sync.current);

  // Back in the foreground, or back online.
  const onVisible = () => {
    if (document.visibilityState === 'visible') trigger(false);
  };
  const onOnline = () => trigger(false);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);

  return () => {
    unsubscribeSession();
    unsubscribeSync();
    stopEngine();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    runner.stop();
    setWarmUpRunner(null);
  };
}
