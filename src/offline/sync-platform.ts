// What the sync engine (src/offline/sync-engine.ts) uses of the browser, with stand-ins where it lacks
// them: the cross-tab lock (Web Locks, else a lock inside the page), timers, the Background Sync
// registration, and the event sources it listens to.
import type { UserId } from './db';

/** The part of the Web Locks API the engine uses; `navigator.locks` fits. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export type SetTimer = (callback: () => void, ms: number) => () => void;

export const BACKGROUND_SYNC_TAG = 'apex-outbox';

export function syncLockName(userId: UserId): string {
  return `apex-sync-${userId}`;
}

/** A lock per name inside one JavaScript context (tests; browsers without Web Locks). */
export function createMemoryLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(callback, callback);
      const tail = result.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return result;
    },
  };
}

const pageLocks = createMemoryLocks();

export function defaultLocks(): LockManagerLike {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks?.request) {
    return { request: (name, callback) => locks.request(name, callback) };
  }
  return pageLocks;
}

export const defaultSetTimer: SetTimer = (callback, ms) => {
  const handle = setTimeout(callback, ms);
  return () => clearTimeout(handle);
};

export function defaultRegisterBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return Promise.resolve();
  return navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (registration as { sync?: { register(tag: string): Promise<void> } }).sync;
      return sync?.register(BACKGROUND_SYNC_TAG);
    })
    .catch(() => undefined);
}

export interface VisibilityTarget extends EventTarget {
  visibilityState?: string;
}

export interface SyncEngineEvents {
  /** Fires `online` / `offline` (window). */
  window?: EventTarget | null;
  /** Fires `visibilitychange` and has `visibilityState` (document). */
  document?: VisibilityTarget | null;
  /** Fires `message` with `{ type: 'sync' }` (navigator.serviceWorker, relaying Background Sync). */
  serviceWorker?: EventTarget | null;
}

/** The event sources given, the page's window, document and service worker container for the others. */
export function pageEvents(given: SyncEngineEvents = {}): Required<SyncEngineEvents> {
  const pick = <T>(value: T | null | undefined, fallback: () => T | null): T | null =>
    value !== undefined ? value : fallback();
  return {
    window: pick(given.window, () => (typeof window !== 'undefined' ? window : null)),
    document: pick(given.document, () => (typeof document !== 'undefined' ? document : null)),
    serviceWorker: pick(given.serviceWorker, () =>
      typeof navigator !== 'undefined' && navigator.serviceWorker ? navigator.serviceWorker : null,
    ),
  };
}
