// The app-wide services the screens reach through React context: the signed-in session and the
// sign-out action. (The ApiClient has its own context in src/api/api-context.tsx.)
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { SyncEngine } from '../offline/sync-engine';
import type { Session, SessionData } from './session';
import type { SyncController } from './sync';

export interface AppServices {
  session: Session;
  sync: SyncController;
  /** Signs out on the server and forgets the user on this device. */
  signOut(): Promise<void>;
}

const AppContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

export function useAppServices(): AppServices {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppServices outside AppServicesProvider');
  return value;
}

/** The signed-in user's data (null before it is loaded or after sign-out), re-rendering on change. */
export function useSessionData(): SessionData | null {
  const { session } = useAppServices();
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.current,
  );
}

/** The signed-in user's sync engine (null when nobody is signed in). */
export function useSyncEngine(): SyncEngine | null {
  const { sync } = useAppServices();
  return useSyncExternalStore(
    (listener) => sync.subscribe(listener),
    () => sync.current,
  );
}
