// Warming the device for offline: what each field screen of the signed-in user needs is fetched in the
// background through the screens' own query options (same query keys, same kept copies in IndexedDB),
// so a screen never opened online still opens with no signal. Each feature declares its screen in
// src/features/<area>/offline-ready.ts; src/app/offline-ready.ts lists them and decides when to run.
// The outcome per screen (when it was saved, what is missing and why) is kept per user in `meta`.
//
// A full disk (QuotaExceededError) stops the run and is reported; the warm-up only ever writes kept
// copies and its own record, never the outbox or drafts, so no unsent change can be lost by it.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { type ApexDb, getDb, getMeta, isQuotaError, onCacheWriteFailure, setMeta, type UserId } from './db';

export interface WarmUpContext {
  api: ApiClient;
  queryClient: QueryClient;
  userId: UserId;
  /** The moment the run started ("today", "this week" are counted from it). */
  now: Date;
  signal: AbortSignal;
  db: ApexDb;
  /** Whether to load the screens' code too (false in unit tests, which have no bundles). */
  loadCode: boolean;
}

/** One thing a screen needs kept. */
export interface WarmUpPart {
  /** Names it in the readiness list: `ready.parts.<id>`. */
  id: string;
  /** Code (a screen's chunk, the map's worker): skipped when the context says so. */
  code?: boolean;
  run(ctx: WarmUpContext): Promise<void>;
}

export interface OfflineScreen {
  /** The route state of the screen (src/contract/navigation.ts); its label is `nav.<state>`. */
  state: string;
  /** Its parts, run in order; a part may use what an earlier one fetched (closure). */
  parts(ctx: WarmUpContext): WarmUpPart[];
}

export type MissingReason = 'offline' | 'storageFull' | 'failed';

export interface ScreenReadiness {
  /** Epoch ms when every part of the screen was last saved (null: never, on this device). */
  savedAt: number | null;
  /** Parts the last attempt could not save (empty: all saved then). */
  missing: string[];
  reason: MissingReason | null;
  checkedAt: number;
}

export interface ReadinessRecord {
  /** Epoch ms of the last run's end. */
  at: number;
  screens: Record<string, ScreenReadiness>;
  /** The last run stopped because the device's storage is full. */
  storageFull: boolean;
}

export interface WarmUpProgress {
  done: number;
  total: number;
  /** The state being warmed. */
  state: string | null;
}

/** Thrown by `keep` when the query answered from an older kept copy instead of the server. */
export class NotRefreshedError extends Error {
  override name = 'NotRefreshedError';
  constructor(readonly fetchedAt: number) {
    super('The server could not be reached; an older copy answered');
  }
}

class StorageFullError extends Error {
  override name = 'QuotaExceededError';
}

export const readinessKey = (userId: UserId) => `offlineReady:${userId}`;

export function readReadiness(userId: UserId, db: ApexDb = getDb()): Promise<ReadinessRecord | undefined> {
  return getMeta<ReadinessRecord>(readinessKey(userId), db);
}

/**
 * An answer the server gave this long ago or less is not asked for again: the screen that read it
 * (the Clock, just before the warm-up starts) has kept it already.
 */
export const KEEP_RECENT_MS = 60_000;

/**
 * Fetches a screen's query through its own options, so the answer is kept where the screen reads it
 * (TanStack's cache and the per-user copy); returns the answer. Only an answer the server gave within
 * KEEP_RECENT_MS is taken as it is; an older one, or one that came from a kept copy, is asked for
 * again. Answered from an older kept copy (no connection), it throws NotRefreshedError.
 */
export async function keep<TData extends { fromCache: boolean; fetchedAt: number }, TKey extends QueryKey>(
  ctx: WarmUpContext,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData> {
  const result = await ctx.queryClient.fetchQuery({
    ...options,
    staleTime: (query) => (query.state.data && !query.state.data.fromCache ? KEEP_RECENT_MS : 0),
    retry: false,
  });
  if (result.fromCache) throw new NotRefreshedError(result.fetchedAt);
  return result;
}

function isNetworkFailure(err: unknown): boolean {
  if (err instanceof NotRefreshedError) return true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const name = (err as { name?: string } | null)?.name ?? '';
  const message = (err as { message?: string } | null)?.message ?? '';
  return (
    name === 'AbortedConnectionError' ||
    name === 'TypeError' ||
    name === 'AbortError' ||
    /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(message)
  );
}

export interface WarmUpOptions {
  api: ApiClient;
  queryClient: QueryClient;
  userId: UserId;
  screens: readonly OfflineScreen[];
  db?: ApexDb;
  now?: () => Date;
  signal?: AbortSignal;
  loadCode?: boolean;
  onProgress?: (progress: WarmUpProgress, record: ReadinessRecord) => void;
}

/**
 * Warms every screen given (the caller passes only those the user may open) and records the outcome.
 * Never throws for a part that fails: that is what the record is for.
 */
export async function warmUp(options: WarmUpOptions): Promise<ReadinessRecord> {
  const db = options.db ?? getDb();
  const now = options.now ?? (() => new Date());
  const { userId } = options;
  const ctx: WarmUpContext = {
    api: options.api,
    queryClient: options.queryClient,
    userId,
    now: now(),
    signal: options.signal ?? new AbortController().signal,
    db,
    loadCode: options.loadCode ?? true,
  };
  const previous = (await readReadiness(userId, db).catch(() => undefined)) ?? null;
  const record: ReadinessRecord = {
    at: ctx.now.getTime(),
    screens: { ...(previous?.screens ?? {}) },
    storageFull: false,
  };
  // Writes the screens' queries make while a part runs: cachedRead ignores a failed write, we do not.
  let writeFailure: unknown = null;
  const stopListening = onCacheWriteFailure((error, user) => {
    if (user === userId && writeFailure === null) writeFailure = error;
  });
  const save = async () => {
    try {
      await setMeta(readinessKey(userId), record, db, userId);
    } catch {
      // The record itself may not fit on a full disk: the in-memory copy still tells the user.
    }
  };
  try {
    const plans = options.screens.map((screen) => ({
      screen,
      parts: screen.parts(ctx).filter((p) => ctx.loadCode || !p.code),
    }));
    const total = plans.reduce((n, p) => n + p.parts.length, 0);
    let done = 0;
    options.onProgress?.({ done, total, state: plans[0]?.screen.state ?? null }, record);
    for (const { screen, parts } of plans) {
      const missing: string[] = [];
      let reason: MissingReason | null = null;
      const worse = (r: MissingReason) => {
        const rank = { offline: 1, failed: 2, storageFull: 3 } as const;
        if (reason === null || rank[r] > rank[reason]) reason = r;
      };
      for (const part of parts) {
        if (record.storageFull || ctx.signal.aborted) {
          missing.push(part.id);
          worse(record.storageFull ? 'storageFull' : 'offline');
        } else {
          writeFailure = null;
          try {
            await part.run(ctx);
            if (writeFailure !== null) throw writeFailure;
          } catch (err) {
            const full = isQuotaError(err) || (writeFailure !== null && isQuotaError(writeFailure));
            if (full) record.storageFull = true;
            missing.push(part.id);
            worse(full ? 'storageFull' : isNetworkFailure(err) ? 'offline' : 'failed');
          }
        }
        done++;
        options.onProgress?.({ done, total, state: screen.state }, record);
      }
      const before = record.screens[screen.state];
      const checkedAt = now().getTime();
      record.screens[screen.state] = {
        savedAt: missing.length === 0 ? checkedAt : (before?.savedAt ?? null),
        missing,
        reason,
        checkedAt,
      };
      await save();
      options.onProgress?.({ done, total, state: screen.state }, record);
    }
  } finally {
    stopListening();
  }
  // Screens the user may no longer open are not listed any more.
  const wanted = new Set(options.screens.map((s) => s.state));
  for (const state of Object.keys(record.screens)) if (!wanted.has(state)) delete record.screens[state];
  record.at = now().getTime();
  await save();
  return record;
}

/** Writes kept copies in one go (bounded bulk reads such as the rep's leads); reports a full disk. */
export async function keepMany(
  ctx: WarmUpContext,
  rows: readonly { key: string; data: unknown }[],
  fetchedAt: number = Date.now(),
): Promise<void> {
  const { db, userId } = ctx;
  try {
    await db.cache.bulkPut(rows.map((r) => ({ userId, key: r.key, data: r.data, fetchedAt })));
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError('The device storage is full');
    throw err;
  }
}

/**
 * Resolves once a service worker controls the page (then what the page fetches is kept by it), or
 * after `timeoutMs`, or at once where there is no service worker. Code parts that rely on the
 * worker's runtime cache (the map's code) wait for it.
 */
export function whenControlled(timeoutMs = 30_000): Promise<boolean> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return Promise.resolve(false);
  if (sw.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sw.removeEventListener('controllerchange', done);
      resolve(!!sw.controller);
    };
    const timer = setTimeout(done, timeoutMs);
    sw.addEventListener('controllerchange', done);
  });
}

// ---- the app's runner ---------------------------------------------------------------------------

export interface WarmUpState {
  userId: UserId | null;
  running: boolean;
  progress: WarmUpProgress;
  /** The last record of this page's runs (also kept in `meta`, which may fail on a full disk). */
  record: ReadinessRecord | null;
}

export interface RunnerDeps {
  api: ApiClient;
  queryClient: QueryClient;
  /** The screens this user may open (loaded lazily: each feature's offline-ready module). */
  screensFor(userId: UserId): Promise<OfflineScreen[]>;
  db?: ApexDb;
  now?: () => Date;
  loadCode?: boolean;
  /** Runs not forced (after a sync, back in the foreground) at most this often (default 10 min). */
  minIntervalMs?: number;
}

/** Runs the warm-up for the signed-in user, one run at a time, and tells listeners how it goes. */
export class WarmUpRunner {
  #state: WarmUpState = {
    userId: null,
    running: false,
    progress: { done: 0, total: 0, state: null },
    record: null,
  };
  #listeners = new Set<() => void>();
  #current: Promise<ReadinessRecord | null> | null = null;
  #abort: AbortController | null = null;

  constructor(private readonly deps: RunnerDeps) {}

  get state(): WarmUpState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(patch: Partial<WarmUpState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const l of [...this.#listeners]) l();
  }

  /**
   * Warms now for `userId`. Without `force` (after a sync, back in the foreground, a page load) it
   * does nothing when a complete run ended less than `minIntervalMs` ago (an incomplete one: a
   * minute), counting runs of earlier pages too (the kept record). `force`: sign-in, or the user's
   * "Prepare for offline". A run in progress for the same user is joined.
   */
  run(userId: UserId, { force = false }: { force?: boolean } = {}): Promise<ReadinessRecord | null> {
    if (this.#current && this.#state.userId === userId) return this.#current;
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    if (this.#state.userId !== userId) this.#set({ userId, record: null });
    const db = this.deps.db ?? getDb();
    const now = this.deps.now ?? (() => new Date());
    let current: Promise<ReadinessRecord | null> | undefined;
    current = (async (): Promise<ReadinessRecord | null> => {
      await Promise.resolve(); // `current` is assigned before the body (and its finally) runs
      try {
        if (this.#state.record === null) {
          const kept = await readReadiness(userId, db).catch(() => undefined);
          if (kept && this.#state.userId === userId) this.#set({ record: kept });
        }
        const last = this.#state.record;
        if (!force && last) {
          const complete = Object.values(last.screens).every((s) => s.missing.length === 0);
          const interval = complete ? (this.deps.minIntervalMs ?? 10 * 60_000) : 60_000;
          const age = now().getTime() - last.at;
          if (age >= 0 && age < interval) return last;
        }
        this.#set({ running: true, progress: { done: 0, total: 0, state: null } });
        const screens = await this.deps.screensFor(userId);
        const record = await warmUp({
          api: this.deps.api,
          queryClient: this.deps.queryClient,
          userId,
          screens,
          db,
          now,
          loadCode: this.deps.loadCode,
          signal: abort.signal,
          onProgress: (progress, rec) => {
            if (this.#state.userId === userId) this.#set({ progress, record: { ...rec } });
          },
        });
        if (this.#state.userId === userId) this.#set({ record });
        return record;
      } catch (err) {
        console.error('offline warm-up:', err);
        return null;
      } finally {
        if (this.#current === current) {
          this.#current = null;
          if (this.#state.running) this.#set({ running: false });
        }
      }
    })();
    this.#current = current;
    return current;
  }

  /** Sign-out: stop and forget this page's state. */
  stop(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#current = null;
    this.#set({ userId: null, running: false, record: null, progress: { done: 0, total: 0, state: null } });
  }
}

let runner: WarmUpRunner | null = null;
const runnerListeners = new Set<() => void>();

/** The app's runner, once started (src/app/offline-ready.ts). */
export function getWarmUpRunner(): WarmUpRunner | null {
  return runner;
}

export function setWarmUpRunner(value: WarmUpRunner | null): void {
  runner = value;
  for (const l of [...runnerListeners]) l();
}

export function subscribeWarmUpRunner(listener: () => void): () => void {
  runnerListeners.add(listener);
  return () => runnerListeners.delete(listener);
}
