// The embedded PostgreSQL on a worker thread (pglite-worker.mjs): this is the PGlite-shaped client the
// main thread hands to drizzle's PGlite driver. Every query, transaction and LISTEN is a message to the
// thread, so SQL runs on the second core while the main thread parses requests and answers them. PGlite
// stays one connection with one writer: a transaction holds it and other queries wait their turn, as
// they did in-process.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker } from 'node:worker_threads';

type Row = Record<string, unknown> | unknown[];

/** drizzle's savepoints: inside a transaction they go to the thread without a wait for their answer. */
const QUIET = /^(?:savepoint \w+|release savepoint \w+)$/;
/**
 * locks.ts's transaction-level advisory locks. PGlite is one connection whose transactions (and the
 * queries outside them) take turns whole, so no other transaction can run while one is open: such a
 * lock would be granted at once and guard nothing more. Not sent.
 */
const XACT_LOCK = /^select pg_advisory_xact_lock\(\$\d+::int, (?:\$\d+|hashtext\(\$\d+\))::int\)$/;

const unanswered = new AsyncLocalStorage<true>();

/**
 * Runs `fn`, whose statements inside a transaction on the thread go without waiting for their answer:
 * they travel with the transaction's next query or its end (see PGliteThread.transaction). For writes
 * whose answer nobody reads (no `returning`); it changes nothing on other databases.
 */
export function withoutWaiting<T>(fn: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a drizzle query runs only when awaited, which must happen in the scope.
  return unanswered.run(true, async () => await fn());
}

export interface ThreadResults {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /**
   * Type OID → parser. Only parsers that keep PostgreSQL's text are supported (what drizzle passes
   * for dates, timestamps and intervals): their OIDs are sent, the functions cannot cross threads.
   */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Message =
  | { op: 'ready' }
  | { op: 'failed'; error: PlainError }
  | { op: 'notify'; channel: string; payload: string }
  | { op?: undefined; id: number; ok: true; value: unknown }
  | { op?: undefined; id: number; ok: false; error: PlainError };

interface PlainError {
  message: string;
  name: string;
  [field: string]: unknown;
}

/** The thread's error with PostgreSQL's fields (code, detail, constraint…) as the in-process one has. */
function revive(plain: PlainError): Error {
  const { message, name, ...fields } = plain;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

/** Queries of one open transaction (what drizzle's PGlite session calls inside `transaction`). */
export interface ThreadTransaction {
  query<T = Row>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<ThreadResults & { rows: T[] }>;
  exec(sql: string): Promise<ThreadResults[]>;
}

export class PGliteThread implements ThreadTransaction {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private nextTx = 1;
  private ended: Error | null = null;
  private closing = false;

  /**
   * `dataDir` null: an in-memory database. `onStopped` is told when the thread ends on its own (not by
   * close): every later call fails, so the server cannot go on.
   */
  constructor(
    dataDir: string | null,
    options: { postgresqlconf?: string[] } = {},
    onStopped?: (error: Error) => void,
  ) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, options },
    });
    this.waitReady = new Promise((resolve, reject) => {
      this.worker.on('message', (message: Message) => {
        if (message.op === 'ready') resolve();
        else if (message.op === 'failed') reject(revive(message.error));
        else if (message.op === 'notify') {
          for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload);
        } else {
          const pending = this.pending.get(message.id);
          if (!pending) return;
          this.pending.delete(message.id);
          if (message.ok) pending.resolve(message.value);
          else pending.reject(revive(message.error));
        }
      });
      this.worker.on('error', (error) => this.fail(error, reject));
      this.worker.on('exit', (code) => {
        if (this.closing) return;
        const error = new Error(`The embedded database thread stopped (exit ${code})`);
        this.fail(error, reject);
        onStopped?.(error);
      });
    });
    // Nobody may be waiting yet; the failure is told to the next call too.
    this.waitReady.catch(() => undefined);
  }

  private fail(error: Error, reject: (error: Error) => void) {
    if (this.ended) return;
    this.ended = error;
    reject(error);
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<T = Row>(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<ThreadResults & { rows: T[] }> {
    return this.send({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      keepText: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      tx,
    });
  }

  exec(sql: string, tx?: number): Promise<ThreadResults[]> {
    return this.send({ op: 'exec', sql, tx });
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it throws.
   *
   * Fewer waits while the transaction holds PGlite's one connection: BEGIN, SAVEPOINT, RELEASE
   * SAVEPOINT and the statements run `withoutWaiting` answer nothing a caller reads (and the advisory
   * locks of locks.ts are not needed, see XACT_LOCK). They resolve at once and travel with the transaction's next query (or its end) in one
   * message; the thread runs a transaction's statements in the order they were made, and when one of
   * them fails, that next query (or the end, which then rolls back) fails with its error.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    let queued: Record<string, unknown>[] = [{ op: 'begin' }];
    const sendInTx = <R>(step: Record<string, unknown>): Promise<R> => {
      if (!queued.length) return this.send<R>({ ...step, tx });
      const steps = [...queued, step];
      queued = [];
      return this.send<R>({ op: 'batch', tx, steps });
    };
    let result: T;
    try {
      result = await callback({
        query: <R = Row>(sql: string, params: unknown[] = [], options: QueryOptions = {}) => {
          const step = {
            op: 'query',
            sql,
            params,
            rowMode: options.rowMode,
            keepText: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
          };
          if (XACT_LOCK.test(sql)) return Promise.resolve({ rows: [], fields: [], affectedRows: 0 });
          if (!QUIET.test(sql) && !unanswered.getStore())
            return sendInTx<ThreadResults & { rows: R[] }>(step);
          if (this.ended) return Promise.reject(this.ended);
          queued.push(step);
          return Promise.resolve({ rows: [], fields: [], affectedRows: 0 });
        },
        exec: (sql) => sendInTx<ThreadResults[]>({ op: 'exec', sql }),
      });
    } catch (error) {
      // Nothing queued needs to run before a rollback (a transaction with nothing sent has none to do).
      const begun = !queued.some((step) => step.op === 'begin');
      queued = [];
      if (begun) await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await sendInTx({ op: 'end', commit: true });
    return result;
  }

  /** LISTEN on the embedded database; the returned function stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      current?.delete(callback);
      if (current && current.size === 0) {
        this.listeners.delete(channel);
        await this.send({ op: 'unlisten', channel }).catch(() => undefined);
      }
    };
  }

  /** Closes the database (a clean shutdown of PGlite) and ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.ended) await this.send({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
    this.ended ??= new Error('The embedded database is closed');
  }
}
