// React views of the outbox for the signed-in user: counts and rows straight from IndexedDB (live,
// across tabs), and the engine's own status (online, sending, paused, last sync).
import { useSyncExternalStore } from 'react';
import { connection } from '../api/connection';
import type { ApexDb, OutboxRow, UserId } from './db';
import type { SyncEngine, SyncStatus } from './sync-engine';
import { useOfflineQuery } from './use-offline-query';

export interface OutboxSummary {
  /** Waiting to be sent, or being sent. */
  pending: number;
  failed: number;
  conflict: number;
  /** Everything not yet accepted by the server. */
  total: number;
  /** The user's outbox in replay order. */
  rows: OutboxRow[];
  /** False until the first read from IndexedDB has answered. */
  loaded: boolean;
}

const EMPTY: OutboxSummary = { pending: 0, failed: 0, conflict: 0, total: 0, rows: [], loaded: false };

export function summarizeOutbox(rows: OutboxRow[]): OutboxSummary {
  let pending = 0;
  let failed = 0;
  let conflict = 0;
  for (const row of rows) {
    if (row.status === 'failed') failed++;
    else if (row.status === 'conflict') conflict++;
    else pending++;
  }
  return { pending, failed, conflict, total: rows.length, rows, loaded: true };
}

/**
 * Pending / failed / conflict counts and the outbox list of `userId` (nothing when signed out). Not
 * loaded until the offline store's code is (once the first screen is up: src/offline/store.ts).
 */
export function useSyncStatus(userId: UserId | null | undefined, db?: ApexDb): OutboxSummary {
  return useOfflineQuery(
    async (store) => {
      if (userId === null || userId === undefined) return { ...EMPTY, loaded: true };
      return summarizeOutbox(await store.listOutbox(userId, db ?? store.getDb()));
    },
    [userId, db],
    EMPTY,
  );
}

const NO_ENGINE_STATUS: SyncStatus = {
  online: true,
  pending: 0,
  failed: 0,
  conflict: 0,
  sending: false,
  lastSyncAt: null,
  paused: false,
  counted: false,
};
const NO_ENGINE_OFFLINE: SyncStatus = { ...NO_ENGINE_STATUS, online: false };

/**
 * Before the engine runs (it starts once the first screen is up), the connection is still known: the
 * browser's network and the app's connection store (what requests found, src/api/connection.ts).
 */
function subscribeConnection(onChange: () => void): () => void {
  const unsubscribe = connection.subscribe(() => onChange());
  if (typeof window === 'undefined') return unsubscribe;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const connectionStatus = () =>
  (typeof navigator !== 'undefined' && !navigator.onLine) || !connection.online
    ? NO_ENGINE_OFFLINE
    : NO_ENGINE_STATUS;

/** The engine's status (online, sending, paused, lastSyncAt and counts); a neutral one without engine. */
export function useSyncEngineStatus(engine: SyncEngine | null | undefined): SyncStatus {
  return useSyncExternalStore(
    (onChange) => (engine ? engine.subscribe(() => onChange()) : subscribeConnection(onChange)),
    () => (engine ? engine.getStatus() : connectionStatus()),
    () => NO_ENGINE_STATUS,
  );
}
