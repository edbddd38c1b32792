// The offline database (docs/architecture.md "Offline"): drafts, outbox, cache and meta, all bound to the
// signed-in user. Every query here filters by userId: another user signing in on the same device
// never sees, counts or sends someone else's rows.
import Dexie, { type Table } from 'dexie';

// Dexie's live queries travel with the store (src/offline/use-offline-query.ts): a screen opened with
// no connection must not need one more chunk to show what is queued.
export { watchQuery } from './live';

export const DEFAULT_DB_NAME = 'apex';

/** The signed-in user's id as a string (`String(EmployeeID)`), so it can be part of compound keys. */
export type UserId = string;

export type DraftStatus = 'pending' | 'synced' | 'failed' | 'conflict';

/** The local, user-visible copy of one offline entity. */
export interface DraftRow {
  userId: UserId;
  /** Entity name as used in entity keys, e.g. 'timeEntry'. */
  entity: string;
  /** The id the UI knows it by: a negative temporary id until the create is acknowledged, then the server id. */
  localId: number | string;
  /** The temporary id the entity had before its create was acknowledged (lets the UI find it again). */
  tempId?: number;
  serverId: number | string | null;
  data: unknown;
  /** Last server-confirmed copy, restored when the user discards the local change. */
  base?: unknown;
  /** The entity is deleted locally (a delete is queued). */
  deleted?: boolean;
  updatedAt: number;
  status: DraftStatus;
  /** Temporary ids this draft refers to (its own and the ids in its `…ID` fields); indexed. */
  tempRefs: number[];
}

export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'conflict';

export type MutationMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The draft as it was before an outbox row changed it, to roll back on discard. */
export interface DraftBefore {
  entity: string;
  localId: number | string;
  existed: boolean;
  data?: unknown;
  deleted?: boolean;
}

/** One queued mutation. */
export interface OutboxRow {
  id: string;
  userId: UserId;
  command: string;
  args: unknown;
  /** `<entity>:<id>` (see makeEntityKey); mutations of one entity are sent in order. */
  entityKey: string;
  method: MutationMethod;
  path: string;
  body: unknown;
  /** Fixed at enqueue; only replaced when the user retries or edits after a definitive 4xx. */
  idempotencyKey: string;
  createdAt: number;
  /** Monotonic across the device: the replay order. */
  seq: number;
  attempts: number;
  /** Epoch ms before which the engine does not send this row (backoff); 0 = now. */
  nextAttemptAt: number;
  lastError: string | null;
  /** An i18n key the device itself gives for the last error (shown instead of `lastError`). */
  lastErrorKey?: string;
  /** Status of the last response (null: none, or a network error). */
  lastStatus: number | null;
  /** On 409/412: the server's response body (its current row). */
  conflict?: unknown;
  status: OutboxStatus;
  /** Temporary ids this row refers to (entity key, path, `…ID` fields); indexed. */
  tempRefs: number[];
  draftBefore?: DraftBefore;
}

export interface CacheRow {
  userId: UserId;
  key: string;
  data: unknown;
  fetchedAt: number;
}

export interface MetaRow {
  key: string;
  /** Set for per-user values, so clearUser removes them; absent for device-wide values. */
  userId?: UserId;
  value: unknown;
}

export class ApexDb extends Dexie {
  declare drafts: Table<DraftRow, [UserId, string, number | string]>;
  declare outbox: Table<OutboxRow, string>;
  declare cache: Table<CacheRow, [UserId, string]>;
  declare meta: Table<MetaRow, string>;

  constructor(name: string = DEFAULT_DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({
      drafts: '[userId+entity+localId], userId, [userId+status], [userId+entity+tempId], *tempRefs',
      outbox: 'id, userId, seq, [userId+seq], [userId+status], [userId+entityKey], *tempRefs',
      cache: '[userId+key], userId',
      meta: 'key, userId',
    });
  }

  readonly #outboxListeners = new Set<(userId: UserId) => void>();

  /** Called after this page changed a user's outbox (the sync engine listens to start a run). */
  onOutboxChange(listener: (userId: UserId) => void): () => void {
    this.#outboxListeners.add(listener);
    return () => this.#outboxListeners.delete(listener);
  }

  notifyOutboxChange(userId: UserId): void {
    for (const listener of [...this.#outboxListeners]) listener(userId);
  }
}

let defaultDb: ApexDb | null = null;

/** The app's database (created on first use; tests create their own with `new ApexDb(name)`). */
export function getDb(): ApexDb {
  defaultDb ??= new ApexDb();
  return defaultDb;
}

// ---- connection loss ----------------------------------------------------------------------------

const CLOSED_ERROR_NAMES = new Set(['DatabaseClosedError', 'InvalidStateError']);

function errorName(error: unknown): string | undefined {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : undefined;
}

/** True when the error means the IndexedDB connection was closed under us (iOS backgrounding, DevTools). */
export function isClosedConnectionError(error: unknown): boolean {
  const name = errorName(error);
  if (name && CLOSED_ERROR_NAMES.has(name)) return true;
  const inner =
    typeof error === 'object' && error !== null ? (error as { inner?: unknown }).inner : undefined;
  const innerName = errorName(inner);
  return innerName !== undefined && CLOSED_ERROR_NAMES.has(innerName);
}

/**
 * Runs a database operation; if the browser closed the connection, reopens it and runs it once more.
 * Only wrap whole operations (a transaction is atomic, so running it again is safe).
 */
export async function withReopen<T>(db: Dexie, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isClosedConnectionError(error)) throw error;
    db.close({ disableAutoOpen: false });
    await db.open();
    return operation();
  }
}

// ---- storage persistence ------------------------------------------------------------------------

export interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

function defaultStorage(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/**
 * Asks the browser to keep our storage (Safari may otherwise evict it after 7 days unused).
 * Resolves to whether the storage is persistent; never throws.
 */
export async function requestPersistence(
  storage: StorageManagerLike | undefined = defaultStorage(),
): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

// ---- per-user helpers ---------------------------------------------------------------------------

/** Outbox rows of a user that still wait for the server (pending or being sent). */
export function countPending(userId: UserId, db: ApexDb = getDb()): Promise<number> {
  return withReopen(db, () =>
    db.outbox
      .where('[userId+status]')
      .anyOf([
        [userId, 'pending'],
        [userId, 'sending'],
      ])
      .count(),
  );
}

/** Whether the user has anything not yet accepted by the server (warn before sign-out). */
export function hasUnsent(userId: UserId, db: ApexDb = getDb()): Promise<boolean> {
  return withReopen(db, async () => (await db.outbox.where('userId').equals(userId).count()) > 0);
}

/** The user's outbox in replay order. */
export function listOutbox(userId: UserId, db: ApexDb = getDb()): Promise<OutboxRow[]> {
  return withReopen(db, () =>
    db.outbox.where('[userId+seq]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).toArray(),
  );
}

/**
 * Deletes everything stored for a user (drafts, outbox, cache, per-user meta). Destroys unsent work:
 * call it only when the user explicitly asked for it.
 */
export function clearUser(userId: UserId, db: ApexDb = getDb()): Promise<void> {
  return withReopen(db, () =>
    db.transaction('rw', [db.drafts, db.outbox, db.cache, db.meta], async () => {
      await db.drafts.where('userId').equals(userId).delete();
      await db.outbox.where('userId').equals(userId).delete();
      await db.cache.where('userId').equals(userId).delete();
      await db.meta.where('userId').equals(userId).delete();
    }),
  );
}

export function getDraft(
  userId: UserId,
  entity: string,
  id: number | string,
  db: ApexDb = getDb(),
): Promise<DraftRow | undefined> {
  return withReopen(db, async () => {
    const direct = await db.drafts.get([userId, entity, id]);
    if (direct || typeof id !== 'number' || id >= 0) return direct;
    // A temporary id whose create was acknowledged: the draft moved to its server id.
    return db.drafts.where('[userId+entity+tempId]').equals([userId, entity, id]).first();
  });
}

/** The user's drafts, optionally of one entity kind (lists merge them over cached server data). */
export function listDrafts(userId: UserId, entity?: string, db: ApexDb = getDb()): Promise<DraftRow[]> {
  return withReopen(db, () =>
    entity === undefined
      ? db.drafts.where('userId').equals(userId).toArray()
      : db.drafts
          .where('[userId+entity+localId]')
          .between([userId, entity, Dexie.minKey], [userId, entity, Dexie.maxKey])
          .toArray(),
  );
}

// ---- cache --------------------------------------------------------------------------------------

export function readCache<T = unknown>(
  userId: UserId,
  key: string,
  db: ApexDb = getDb(),
): Promise<{ data: T; fetchedAt: number } | undefined> {
  return withReopen(db, async () => {
    const row = await db.cache.get([userId, key]);
    return row ? { data: row.data as T, fetchedAt: row.fetchedAt } : undefined;
  });
}

/** Whether an IndexedDB/Dexie error means the device's storage is full. */
export function isQuotaError(error: unknown): boolean {
  if (errorName(error) === 'QuotaExceededError') return true;
  const inner =
    typeof error === 'object' && error !== null ? (error as { inner?: unknown }).inner : undefined;
  return inner !== undefined && errorName(inner) === 'QuotaExceededError';
}

const cacheWriteFailureListeners = new Set<(error: unknown, userId: UserId, key: string) => void>();

/**
 * Hears every failed cache write (callers such as cachedRead ignore them: a read still answers). The
 * offline warm-up listens, so a full disk is reported instead of silently leaving a screen unsaved.
 */
export function onCacheWriteFailure(
  listener: (error: unknown, userId: UserId, key: string) => void,
): () => void {
  cacheWriteFailureListeners.add(listener);
  return () => cacheWriteFailureListeners.delete(listener);
}

export function reportCacheWriteFailure(error: unknown, userId: UserId, key: string): void {
  for (const listener of [...cacheWriteFailureListeners]) listener(error, userId, key);
}

export async function writeCache(
  userId: UserId,
  key: string,
  data: unknown,
  fetchedAt: number = Date.now(),
  db: ApexDb = getDb(),
): Promise<void> {
  try {
    await withReopen(db, async () => {
      await db.cache.put({ userId, key, data, fetchedAt });
    });
  } catch (error) {
    reportCacheWriteFailure(error, userId, key);
    throw error;
  }
}

// ---- meta ---------------------------------------------------------------------------------------

export const META_METHOD_SUPPORT = 'methodSupport';
const META_OUTBOX_SEQ = 'outboxSeq';

function userMetaKey(name: string, userId: UserId): string {
  return `${name}:${userId}`;
}

export async function getMeta<T>(key: string, db: ApexDb = getDb()): Promise<T | undefined> {
  return withReopen(db, async () => (await db.meta.get(key))?.value as T | undefined);
}

export async function setMeta(key: string, value: unknown, db: ApexDb = getDb(), userId?: UserId) {
  await withReopen(db, () => db.meta.put(userId === undefined ? { key, value } : { key, userId, value }));
}

export function getLastSyncAt(userId: UserId, db: ApexDb = getDb()): Promise<number | undefined> {
  return getMeta<number>(userMetaKey('lastSyncAt', userId), db);
}

export function setLastSyncAt(userId: UserId, at: number, db: ApexDb = getDb()): Promise<void> {
  return setMeta(userMetaKey('lastSyncAt', userId), at, db, userId);
}

/**
 * The ApiClient's method probe (src/api/method-support.ts keeps it in localStorage): true = the method
 * gets through as itself. Mirrored here because a service worker cannot read localStorage.
 */
export type MirroredMethodSupport = Partial<Record<'PUT' | 'PATCH' | 'DELETE', boolean>> & {
  checkedAt?: string;
};

export function mirrorMethodSupport(support: MirroredMethodSupport, db: ApexDb = getDb()): Promise<void> {
  return setMeta(META_METHOD_SUPPORT, { ...support }, db);
}

export function readMirroredMethodSupport(db: ApexDb = getDb()): Promise<MirroredMethodSupport | undefined> {
  return getMeta<MirroredMethodSupport>(META_METHOD_SUPPORT, db);
}

/**
 * Next outbox sequence number. Call inside a rw transaction that includes `meta`, so two tabs never
 * get the same number.
 */
export async function nextOutboxSeq(db: ApexDb): Promise<number> {
  const current = (await db.meta.get(META_OUTBOX_SEQ))?.value;
  const next = (typeof current === 'number' ? current : 0) + 1;
  await db.meta.put({ key: META_OUTBOX_SEQ, value: next });
  return next;
}

function tempIdMapKey(userId: UserId, tempId: number): string {
  return `tempIdMap:${userId}:${tempId}`;
}

/** Remembers the server id of an acknowledged create. Call inside a rw transaction over `meta`. */
export async function recordTempId(db: ApexDb, userId: UserId, tempId: number, serverId: number | string) {
  await db.meta.put({ key: tempIdMapKey(userId, tempId), userId, value: serverId });
}

/**
 * Server ids of already acknowledged temporary ids among `tempIds` (a change queued with an id the UI
 * read just before the create was acknowledged). Call inside a transaction over `meta`.
 */
export async function lookupTempIds(
  db: ApexDb,
  userId: UserId,
  tempIds: number[],
): Promise<Map<number, number | string>> {
  const found = new Map<number, number | string>();
  for (const tempId of tempIds) {
    const value = (await db.meta.get(tempIdMapKey(userId, tempId)))?.value;
    if (typeof value === 'number' || typeof value === 'string') found.set(tempId, value);
  }
  return found;
}

/**
 * A new temporary (negative) id for an entity created offline. Unique per user across all entity
 * kinds, so a temporary id in a `…ID` field names exactly one pending create.
 */
export function allocateTempId(userId: UserId, db: ApexDb = getDb()): Promise<number> {
  return withReopen(db, () =>
    db.transaction('rw', db.meta, async () => {
      const key = userMetaKey('tempId', userId);
      const current = (await db.meta.get(key))?.value;
      const next = (typeof current === 'number' ? current : 0) - 1;
      await db.meta.put({ key, userId, value: next });
      return next;
    }),
  );
}
