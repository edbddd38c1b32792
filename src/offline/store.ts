// The offline store's code (Dexie and src/offline/db.ts, some 26 KB gzip) is not part of the first
// screen. src/main.tsx defers it until the first screen is up; whatever needs it earlier (a punch, a
// read with no connection) takes it at once, which also opens it for everything waiting. Screens read
// their first drafts without it (src/offline/peek.ts).
import type * as Db from './db';

export type OfflineStore = typeof Db;

let deferred = false;
let gate: Promise<void> = Promise.resolve();
let release: () => void = () => {};

/** Until `until` settles, offlineStore() waits (offlineStoreNow() does not, and ends the wait). */
export function deferOfflineStore(until: Promise<unknown>): void {
  deferred = true;
  gate = new Promise<void>((resolve) => {
    release = () => {
      deferred = false;
      resolve();
    };
  });
  void until.then(
    () => release(),
    () => release(),
  );
}

/** Whether the store's code still waits for the first screen (deferOfflineStore). */
export function isOfflineStoreDeferred(): boolean {
  return deferred;
}

/** The store, once the first screen is up (at once when nothing defers it). */
export function offlineStore(): Promise<OfflineStore> {
  return gate.then(() => import('./db'));
}

/** The store now: for work a person is waiting for (a punch, a read with no connection). */
export function offlineStoreNow(): Promise<OfflineStore> {
  release();
  return import('./db');
}
