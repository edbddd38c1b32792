// The embedded PostgreSQL on a worker thread (pglite-worker.mjs): this is the PGlite-shaped client the
// main thread hands to drizzle's PGlite driver. Every query, transaction and LISTEN is a message to the
// thread, so SQL runs on the second core while the main thread parses requests and answers them. PGlite
// stays one connection with one writer: a transaction holds it and other queries wait their turn, as
// they did in-process.
import { Worker } from 'node:worker_threads';

type Row = Record<string, unknown> | unknown[];

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

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.send<number>({ op: 'begin' });
    let result: T;
    try {
      result = await callback({
        query: (sql, params, options) => this.query(sql, params, options, tx),
        exec: (sql) => this.exec(sql, tx),
      });
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
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
