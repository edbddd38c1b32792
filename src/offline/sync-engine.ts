// The sync engine (docs/architecture.md "Offline"): replays one user's outbox through an injected `send`
// (the app's ApiClient, which applies the method-override rule), one tab at a time, in order, with a
// stable Idempotency-Key per mutation. It knows no feature: commands say what to send and how to read
// the answer. Only a 2xx removes a row.
// Its `online` follows a connection store (src/api/connection.ts): the app's, which every request of the
// ApiClient reports to, or one of its own fed by its own requests. While the device does not reach the
// server, the engine probes it on the store's backoff (not while the browser says it has no network);
// when any request is answered again, it sends at once.
// Its parts: sync-protocol.ts (what goes out and how each answer is handled), sync-outbox.ts (what it
// writes to the outbox), sync-platform.ts (locks, timers, Background Sync and event sources).
import { type BackoffOptions, ConnectionStore } from '../api/connection';
import type { CommandRegistry } from './commands';
import { commandRegistry } from './commands';
import {
  type ApexDb,
  getLastSyncAt,
  listOutbox,
  type OutboxRow,
  requestPersistence,
  type StorageManagerLike,
  setLastSyncAt,
  type UserId,
  withReopen,
} from './db';
import { discardRow, editRow, retryRow } from './outbox';
import { acknowledge, claimRow, countOutbox, type Decision, markRefused } from './sync-outbox';
import {
  defaultLocks,
  defaultRegisterBackgroundSync,
  defaultSetTimer,
  type LockManagerLike,
  pageEvents,
  type SetTimer,
  type SyncEngineEvents,
  syncLockName,
} from './sync-platform';
import {
  backoffDelay,
  classifyResponse,
  DEFAULT_BACKOFF,
  field,
  type Outcome,
  responseMessage,
  retryAfterMs,
  type SendFunction,
  type SendResponse,
} from './sync-protocol';
import { entityTempId } from './temp-ids';

export interface SyncStatus {
  /** Whether the server is reached, as the connection store knows it (requests' outcomes, browser events). */
  online: boolean;
  /** Rows waiting to be sent (or being sent). */
  pending: number;
  /** Rows the server rejected (400/422 …): need the user (retry, edit, discard). */
  failed: number;
  /** Rows refused as stale (409/412): need the user. */
  conflict: number;
  /** A request is in flight. */
  sending: boolean;
  /** Epoch ms of the last run that reached the server with nothing left to retry, or of the last ack. */
  lastSyncAt: number | null;
  /** Stopped on a 401 until resume() (the user signs in again). */
  paused: boolean;
  /** False until the counts were first read from the outbox (until then they are not known, not 0). */
  counted: boolean;
}

export type SyncListener = (status: SyncStatus) => void;

export interface SyncEngineOptions {
  db: ApexDb;
  userId: UserId;
  send: SendFunction;
  registry?: CommandRegistry;
  /** Cross-tab lock; defaults to navigator.locks, else a lock local to this page. */
  locks?: LockManagerLike;
  now?: () => number;
  random?: () => number;
  uuid?: () => string;
  setTimer?: SetTimer;
  backoff?: BackoffOptions;
  /** Event sources; default to the page's window, document and service worker container. */
  events?: SyncEngineEvents;
  /** Defaults to navigator.storage; `null` to skip the persistence request. */
  storage?: StorageManagerLike | null;
  isOnline?: () => boolean;
  /** Asks the service worker for a Background Sync after a network failure; `null` to skip. */
  registerBackgroundSync?: (() => Promise<void>) | null;
  /** Unexpected errors (a failing onAck, an unregistered command, a storage error in a background run). */
  onError?: (error: unknown) => void;
  /**
   * The app's connection store, which the transport reports every request's outcome to. Without it the
   * engine keeps one of its own (starting from `isOnline`), fed by its own requests and browser events.
   */
  connection?: ConnectionStore;
  /**
   * Asks the server for an answer, when the connection store says it is not reached, on the store's
   * backoff (its outcome must reach the store: the transport's job). Without it, nothing is probed.
   */
  probe?: () => Promise<unknown>;
  /**
   * Registers the commands of these names (loads the features' command code). Called before a pass
   * with the queued commands the registry does not know yet, and before a queued change is edited, so
   * that a feature's command code loads only once a change of it waits in the outbox. A command it
   * does not register stays unsent, as without it.
   */
  loadCommands?: (names: string[]) => Promise<unknown>;
}

/**
 * Whether `row` needs the acknowledgement of `sent` written first: a change of the same record, or
 * one naming the temporary id its create replaces.
 */
function dependsOn(row: OutboxRow, sent: OutboxRow): boolean {
  if (row.entityKey === sent.entityKey) return true;
  const own = entityTempId(sent.entityKey);
  return own !== undefined && row.tempRefs.includes(own);
}

interface PassResult {
  /** Something was acknowledged: run another pass (later rows may have been unblocked). */
  progressed: boolean;
  /** When the earliest row in backoff becomes due (null: nothing to wake up for). */
  wakeAt: number | null;
  /** The server could not be reached / asked us to slow down. */
  retrying: boolean;
}

export class SyncEngine {
  readonly userId: UserId;
  readonly #db: ApexDb;
  readonly #send: SendFunction;
  readonly #registry: CommandRegistry;
  readonly #locks: LockManagerLike;
  readonly #now: () => number;
  readonly #random: () => number;
  readonly #uuid: () => string;
  readonly #setTimer: SetTimer;
  readonly #backoff: BackoffOptions;
  readonly #events: Required<SyncEngineEvents>;
  readonly #storage: StorageManagerLike | null | undefined;
  readonly #registerBackgroundSync: (() => Promise<void>) | null;
  readonly #onError: (error: unknown) => void;
  readonly #connection: ConnectionStore;
  /** The connection store is the engine's own: it reports its requests' outcomes to it. */
  readonly #ownsConnection: boolean;
  readonly #probe: (() => Promise<unknown>) | null;
  readonly #loadCommands: ((names: string[]) => Promise<unknown>) | null;
  #cancelProbe: (() => void) | null = null;
  #probing = false;
  /** A request of the engine is under way (a change of the connection meanwhile is its own doing). */
  #inSend = false;

  #status: SyncStatus;
  readonly #listeners = new Set<SyncListener>();
  #started = false;
  #stopped = false;
  #running: Promise<void> | null = null;
  #again = false;
  #forceNext = false;
  #cancelTimer: (() => void) | null = null;
  #cleanup: Array<() => void> = [];
  #lastStatusRefresh = 0;
  #statusReads = 0;
  #unknownCommands = new Set<string>();
  #reachedServer = false;

  constructor(options: SyncEngineOptions) {
    this.userId = options.userId;
    this.#db = options.db;
    this.#send = options.send;
    this.#registry = options.registry ?? commandRegistry;
    this.#locks = options.locks ?? defaultLocks();
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#uuid = options.uuid ?? (() => crypto.randomUUID());
    this.#setTimer = options.setTimer ?? defaultSetTimer;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.#events = pageEvents(options.events);
    this.#storage = options.storage;
    this.#registerBackgroundSync =
      options.registerBackgroundSync !== undefined
        ? options.registerBackgroundSync
        : defaultRegisterBackgroundSync;
    this.#onError = options.onError ?? ((error) => console.error('[sync]', error));
    this.#loadCommands = options.loadCommands ?? null;
    const online = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
    this.#ownsConnection = !options.connection;
    // The engine's own store: one failed request means not connected, as it always did.
    this.#connection =
      options.connection ??
      new ConnectionStore({
        online: online(),
        failuresBeforeOffline: 1,
        now: this.#now,
        random: this.#random,
      });
    this.#probe = options.probe ?? null;
    this.#status = {
      online: this.#connection.online,
      pending: 0,
      failed: 0,
      conflict: 0,
      sending: false,
      lastSyncAt: null,
      paused: false,
      counted: false,
    };
  }

  // ---- lifecycle ----------------------------------------------------------------------------------

  /** Listens to the triggers, asks for persistent storage and runs once. */
  start(): Promise<void> {
    if (this.#started || this.#stopped) return this.#running ?? Promise.resolve();
    this.#started = true;
    const { window: win, document: doc, serviceWorker } = this.#events;
    this.#cleanup.push(this.#connection.subscribe((state, previous) => this.#onConnection(state, previous)));
    this.#patchStatus({ online: this.#connection.online });
    this.#listen(win, 'online', () => {
      this.#connection.setBrowserOnline(true);
      void this.#schedule(true);
    });
    this.#listen(win, 'offline', () => this.#connection.setBrowserOnline(false));
    this.#listen(doc, 'visibilitychange', () => {
      if (doc?.visibilityState === undefined || doc.visibilityState === 'visible') void this.#schedule(false);
    });
    this.#listen(serviceWorker, 'message', (event) => {
      if (field((event as MessageEvent).data, 'type') === 'sync') void this.#schedule(true);
    });
    this.#cleanup.push(
      this.#db.onOutboxChange((userId) => {
        if (userId !== this.userId) return;
        void this.#refreshStatus(true);
        void this.#schedule(false);
      }),
    );
    if (this.#storage !== null) void requestPersistence(this.#storage ?? undefined);
    void this.#loadLastSyncAt();
    this.#planProbe();
    return this.#schedule(true);
  }

  /** Stops listening and sending; resolves when the current run has ended. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    this.#cancelProbe?.();
    this.#cancelProbe = null;
    for (const cleanup of this.#cleanup.splice(0)) cleanup();
    await this.#running?.catch(() => undefined);
  }

  /** The user signed in again after a 401: send again. */
  resume(): Promise<void> {
    if (!this.#status.paused) return this.#schedule(true);
    this.#patchStatus({ paused: false });
    return this.#schedule(true);
  }

  /**
   * Runs now, ignoring backoff delays; resolves when the run has ended. While the server is not
   * reached, the probe asks first (the token is not asked for before the connection is back).
   */
  syncNow(): Promise<void> {
    const state = this.#connection.getState();
    if (this.#probe && !state.online && !state.browserOffline) {
      return this.#runProbe().then(() => this.#schedule(true));
    }
    return this.#schedule(true);
  }

  // ---- status -------------------------------------------------------------------------------------

  getStatus(): SyncStatus {
    return this.#status;
  }

  /** Calls the listener now and on every change; returns the unsubscribe function. */
  subscribe(listener: SyncListener): () => void {
    this.#listeners.add(listener);
    listener(this.#status);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  // ---- user actions -------------------------------------------------------------------------------

  /** Sends a failed/conflicting row again (new Idempotency-Key), or a row in backoff now. */
  async retry(id: string): Promise<void> {
    await retryRow(this.#db, this.userId, id, this.#uuid, this.#now());
    await this.#refreshStatus(true);
    void this.#schedule(false);
  }

  /** Drops a queued change and rolls its draft back (see discardRow). */
  async discard(id: string): Promise<string[]> {
    const removed = await discardRow(this.#db, this.userId, id, this.#now());
    await this.#refreshStatus(true);
    void this.#schedule(false);
    return removed;
  }

  /** Replaces a failed/conflicting row's args (validated by the command's schema) and sends it again. */
  async edit(id: string, newArgs: unknown): Promise<OutboxRow> {
    const queued = await this.#db.outbox.get(id);
    if (queued) await this.#ensureCommands([queued]);
    const row = await editRow(this.#db, this.userId, id, newArgs, this.#uuid, this.#now(), this.#registry);
    await this.#refreshStatus(true);
    void this.#schedule(false);
    return row;
  }

  // ---- connection ---------------------------------------------------------------------------------

  #onConnection(state: { online: boolean }, previous: { online: boolean }): void {
    this.#patchStatus({ online: state.online });
    // Reached again by someone else's request (a probe, a screen's read): send now, backoff or not.
    if (state.online && !previous.online && !this.#inSend) void this.#schedule(true);
    this.#planProbe();
  }

  /**
   * While requests fail (and the browser has a network), probe the server when the backoff says: a
   * failed probe after a failed request means not connected; an answer, connected.
   */
  #planProbe(): void {
    this.#cancelProbe?.();
    this.#cancelProbe = null;
    const state = this.#connection.getState();
    if (!this.#probe || !this.#started || this.#stopped || this.#probing) return;
    if (state.browserOffline || (state.online && state.failures === 0)) return;
    const wait = state.retryAt === null ? 0 : Math.max(0, state.retryAt - this.#now());
    this.#cancelProbe = this.#setTimer(() => {
      this.#cancelProbe = null;
      void this.#runProbe();
    }, wait);
  }

  async #runProbe(): Promise<void> {
    const state = this.#connection.getState();
    if (!this.#probe || this.#stopped || (state.online && state.failures === 0)) return;
    this.#probing = true;
    try {
      await this.#probe();
    } catch {
      // The outcome is the connection store's business.
    } finally {
      this.#probing = false;
    }
    this.#planProbe();
  }

  // ---- running ------------------------------------------------------------------------------------

  #listen(target: EventTarget | null, type: string, handler: (event: Event) => void): void {
    if (!target) return;
    target.addEventListener(type, handler);
    this.#cleanup.push(() => target.removeEventListener(type, handler));
  }

  /** Starts a run, or asks the current one to go again; never two runs at once in this tab. */
  #schedule(force: boolean): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (force) this.#forceNext = true;
    this.#again = true;
    this.#running ??= this.#drive();
    return this.#running;
  }

  async #drive(): Promise<void> {
    // Yield once so `#running` is assigned before this can finish and clear it.
    await null;
    try {
      // Between the last await and `finally` nothing can interleave, so a trigger is never lost.
      while (this.#again && !this.#stopped && !this.#status.paused) {
        this.#again = false;
        const force = this.#forceNext;
        this.#forceNext = false;
        await this.#runOnce(force);
      }
    } finally {
      this.#running = null;
    }
  }

  async #runOnce(force: boolean): Promise<void> {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    let wakeAt: number | null = null;
    try {
      wakeAt = await this.#locks.request(syncLockName(this.userId), () => this.#runLocked(force));
    } catch (error) {
      this.#onError(error);
      // A storage failure: try again later rather than never.
      wakeAt = this.#now() + backoffDelay(1, this.#random, this.#backoff);
    }
    this.#patchStatus({ sending: false });
    await this.#refreshStatus(true).catch((error) => this.#onError(error));
    if (wakeAt !== null && !this.#stopped && !this.#status.paused) {
      this.#cancelTimer = this.#setTimer(
        () => {
          this.#cancelTimer = null;
          void this.#schedule(false);
        },
        Math.max(0, wakeAt - this.#now()),
      );
    }
  }

  /** Passes over the outbox until nothing more can go; returns when to wake up for backoff. */
  async #runLocked(force: boolean): Promise<number | null> {
    this.#reachedServer = false;
    // The server is not reached: the probe finds out when it is (then this runs at once). Only a
    // forced run (the user's action, the browser's `online`, Background Sync) tries a change now.
    if (!force && this.#probe && !this.#connection.online) return null;
    let first = true;
    for (;;) {
      if (this.#stopped || this.#status.paused) return null;
      const pass = await this.#pass(first && force);
      first = false;
      if (pass.retrying) return pass.wakeAt;
      if (!pass.progressed) {
        // The server answered and nothing is left to retry now: the outbox is as synced as it can be.
        if (this.#reachedServer && !this.#status.paused && pass.wakeAt === null) await this.#markSynced();
        return pass.wakeAt;
      }
    }
  }

  /** Has the commands of these rows that the registry lacks loaded (see `loadCommands`). */
  async #ensureCommands(rows: readonly OutboxRow[]): Promise<void> {
    if (!this.#loadCommands) return;
    const missing = [...new Set(rows.map((row) => row.command))].filter((name) => !this.#registry.get(name));
    if (missing.length === 0) return;
    try {
      await this.#loadCommands(missing);
    } catch (error) {
      // The code could not be loaded (e.g. not cached yet and no connection): the rows wait.
      this.#onError(error);
    }
  }

  async #pass(force: boolean): Promise<PassResult> {
    const result: PassResult = { progressed: false, wakeAt: null, retrying: false };
    const rows = await listOutbox(this.userId, this.#db);
    await this.#ensureCommands(rows);
    const blockedKeys = new Set<string>();
    const unresolved = new Set<number>();
    const block = (row: OutboxRow) => {
      blockedKeys.add(row.entityKey);
      const own = entityTempId(row.entityKey);
      if (own !== undefined) unresolved.add(own);
    };
    const wake = (at: number) => {
      result.wakeAt = result.wakeAt === null ? at : Math.min(result.wakeAt, at);
    };
    const decide = (row: OutboxRow): Decision => {
      // A row still 'sending' was left by a run that died: we hold the lock, nobody else sends it.
      const blocked =
        (row.status !== 'pending' && row.status !== 'sending') ||
        blockedKeys.has(row.entityKey) ||
        row.tempRefs.some((t) => unresolved.has(t));
      if (blocked) return 'blocked';
      if (!force && row.status === 'pending' && row.nextAttemptAt > this.#now()) return 'later';
      return this.#registry.get(row.command) ? 'send' : 'unknown';
    };
    // The acknowledgement of the last change the server accepted, written while the next request is
    // out (the server's time, not the device's, then sets the pace), or before anything that needs it:
    // a change of the same record or one naming its temporary id waits for it. IndexedDB runs
    // read-write transactions over the same table in the order they were opened, so it is opened only
    // once the next change is claimed.
    let deferred: { row: OutboxRow; write: () => Promise<void> } | null = null;
    const flush = async () => {
      const pending = deferred;
      deferred = null;
      if (pending) await pending.write();
    };
    try {
      for (const snapshot of rows) {
        if (this.#stopped || this.#status.paused) break;
        // One transaction reads the row afresh (an earlier ack in this pass may have rewritten it; the
        // UI may have changed or discarded it), decides whether it can go, and claims it if so.
        const previous = deferred?.row;
        let claim = await claimRow(this.#db, this.userId, snapshot.id, (row) =>
          previous && dependsOn(row, previous) ? 'wait' : decide(row),
        );
        if (claim.kind === 'wait') {
          await flush();
          claim = await claimRow(this.#db, this.userId, snapshot.id, decide);
        }
        if (claim.kind === 'gone' || claim.kind === 'wait') continue;
        const row = claim.row;
        if (claim.kind === 'later') {
          block(row);
          wake(row.nextAttemptAt);
          continue;
        }
        if (claim.kind === 'unknown') {
          if (!this.#unknownCommands.has(row.command)) {
            this.#unknownCommands.add(row.command);
            this.#onError(new Error(`Offline command not registered, not sending: ${row.command}`));
          }
          block(row);
          continue;
        }
        if (claim.kind === 'blocked') {
          block(row);
          continue;
        }
        const outcome = await this.#sendRow(row, deferred ? flush : null);
        if (outcome.kind === 'ack') {
          deferred = { row, write: outcome.write };
          result.progressed = true;
          continue;
        }
        block(row);
        if (outcome.kind === 'retry' || outcome.kind === 'retry-all') wake(outcome.nextAttemptAt);
        if (outcome.kind === 'retry-all') {
          result.retrying = true;
          break;
        }
        if (outcome.kind === 'auth') break;
      }
    } finally {
      await flush();
    }
    return result;
  }

  /**
   * Sends a claimed row and records the outcome; `whileOut` (the previous change's acknowledgement)
   * runs while the request is out, and has ended before the outcome is recorded. A 2xx is not written
   * here: `write` does it (the caller, once the next change is claimed).
   */
  async #sendRow(
    row: OutboxRow,
    whileOut: (() => Promise<void>) | null,
  ): Promise<
    { kind: 'ack'; write: () => Promise<void> } | { kind: Exclude<Outcome, 'ack'>; nextAttemptAt: number }
  > {
    const attempts = row.attempts;
    this.#patchStatus({ sending: true });
    let response: SendResponse | undefined;
    let networkError: unknown;
    this.#inSend = true;
    let sending: Promise<SendResponse>;
    try {
      sending = this.#send({
        method: row.method,
        path: row.path,
        body: row.body,
        headers: { 'Idempotency-Key': row.idempotencyKey },
      });
    } catch (error) {
      sending = Promise.reject(error);
    }
    // Its failure (storage) is told once this row's outcome is recorded.
    const meanwhile = whileOut
      ? whileOut().then(
          () => null,
          (error: unknown) => ({ error }),
        )
      : null;
    try {
      response = await sending;
    } catch (error) {
      networkError = error;
    }
    if (this.#ownsConnection) {
      if (response) this.#connection.reportAnswer();
      else this.#connection.reportFailure();
    }
    this.#inSend = false;
    const failed = await meanwhile;
    const outcome = await this.#record(row, attempts, response, networkError);
    if (failed) {
      // This row's 2xx is written before the failure is told (the run ends on it).
      if (outcome.kind === 'ack') await outcome.write().catch((error) => this.#onError(error));
      throw failed.error;
    }
    return outcome;
  }

  async #record(
    row: OutboxRow,
    attempts: number,
    response: SendResponse | undefined,
    networkError: unknown,
  ): Promise<
    { kind: 'ack'; write: () => Promise<void> } | { kind: Exclude<Outcome, 'ack'>; nextAttemptAt: number }
  > {
    const now = this.#now();
    if (!response) {
      const nextAttemptAt = now + backoffDelay(attempts, this.#random, this.#backoff);
      const message = networkError instanceof Error ? networkError.message : String(networkError);
      await this.#update(row.id, { status: 'pending', nextAttemptAt, lastError: message, lastStatus: null });
      if (this.#registerBackgroundSync) void this.#registerBackgroundSync().catch(() => undefined);
      return { kind: 'retry-all', nextAttemptAt };
    }
    this.#reachedServer = true;
    const kind = classifyResponse(response);
    switch (kind) {
      case 'ack': {
        const write = async () => {
          await acknowledge(this.#db, this.#registry, this.userId, row, response, this.#now(), this.#onError);
          this.#patchStatus({ lastSyncAt: now });
          await this.#refreshStatus(false);
        };
        return { kind, write };
      }
      case 'retry':
      case 'retry-all': {
        const nextAttemptAt =
          now + backoffDelay(attempts, this.#random, this.#backoff, retryAfterMs(response, now));
        await this.#update(row.id, {
          status: 'pending',
          nextAttemptAt,
          lastError: responseMessage(response),
          lastStatus: response.status,
        });
        return { kind, nextAttemptAt };
      }
      case 'auth': {
        // Not the row's fault: it goes again, with the same key, once the user is back.
        await this.#update(row.id, {
          status: 'pending',
          attempts: attempts - 1,
          lastError: responseMessage(response),
          lastStatus: 401,
        });
        this.#patchStatus({ paused: true });
        return { kind, nextAttemptAt: 0 };
      }
      case 'rejected':
      case 'conflict': {
        await markRefused(this.#db, this.userId, row.id, kind, response, now);
        await this.#refreshStatus(true);
        return { kind, nextAttemptAt: 0 };
      }
    }
  }

  #update(id: string, changes: Partial<OutboxRow>): Promise<number> {
    return withReopen(this.#db, () => this.#db.outbox.update(id, changes));
  }

  async #markSynced(): Promise<void> {
    const at = this.#now();
    this.#patchStatus({ lastSyncAt: at });
    await setLastSyncAt(this.userId, at, this.#db);
  }

  async #loadLastSyncAt(): Promise<void> {
    try {
      const at = await getLastSyncAt(this.userId, this.#db);
      if (at !== undefined && (this.#status.lastSyncAt === null || at > this.#status.lastSyncAt)) {
        this.#patchStatus({ lastSyncAt: at });
      }
    } catch (error) {
      this.#onError(error);
    }
  }

  async #refreshStatus(always: boolean): Promise<void> {
    const now = this.#now();
    if (!always && now - this.#lastStatusRefresh < 250) return;
    this.#lastStatusRefresh = now;
    const read = ++this.#statusReads;
    const counts = await countOutbox(this.#db, this.userId);
    // A read that started later has newer counts: an older one finishing after it is dropped.
    if (read !== this.#statusReads) return;
    this.#patchStatus({ ...counts, counted: true });
  }

  #patchStatus(patch: Partial<SyncStatus>): void {
    const next = { ...this.#status, ...patch };
    const changed = (Object.keys(next) as Array<keyof SyncStatus>).some((k) => next[k] !== this.#status[k]);
    if (!changed) return;
    this.#status = next;
    for (const listener of [...this.#listeners]) listener(next);
  }
}
