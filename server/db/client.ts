// Opens the database: embedded PostgreSQL (PGlite) in DATA_DIR by default, a PostgreSQL server when
// DATABASE_URL is set, or an in-memory PGlite for tests. Applies the drizzle-kit migrations.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';
import * as tables from './tables';

export type Tables = typeof tables;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Tables>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, 'migrations');

/**
 * The embedded database's memory: PostgreSQL's buffer cache is part of PGlite's WebAssembly heap, which
 * only grows. 32 MB (instead of 128 MB) keeps an idle server small; the operating system's file cache
 * still holds the data files.
 */
const PGLITE_SETTINGS = ['shared_buffers = 32MB', 'wal_buffers = 1MB'];

export interface OpenOptions {
  dataDir?: string;
  databaseUrl?: string;
  inMemory?: boolean;
  /**
   * Embedded database: run PGlite on a worker thread (pglite-thread.ts), so SQL and HTTP use two cores.
   * Default: on for a data directory, off in memory (tests open hundreds; each thread loads PGlite).
   */
  thread?: boolean;
  /** PostgreSQL schema to use (tests against a real server get a fresh one each). */
  schema?: string;
  /** PostgreSQL server: a statement running longer is cancelled (default 60 s). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL server: a session idle inside an open transaction longer is ended (default 5 min: the
   * mail job holds its transaction while it talks to the SMTP server).
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * PostgreSQL server: told when an idle pooled connection fails (the server restarted, an administrator
   * ended it). The pool drops it and opens another on the next query; the process carries on.
   */
  onConnectionError?: (err: Error) => void;
}

/** The connections of each pool made by createPool, until they are closed. */
const connected = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/** The pool of a PostgreSQL server database: bounded statements, and a lost connection is not fatal. */
export function createPool(options: OpenOptions & { databaseUrl: string }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    statement_timeout: options.statementTimeoutMs ?? 60_000,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 300_000,
    // The startup `options` string splits on spaces; a backslash escapes a space or a backslash.
    options: options.schema
      ? `-c search_path=${pg.escapeIdentifier(options.schema).replace(/[\\ ]/g, '\\$&')}`
      : undefined,
  });
  const open = new Set<pg.PoolClient>();
  connected.set(pool, open);
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  // Without a listener, an idle client's error (e.g. 57P01 'terminating connection due to
  // administrator command') is thrown as an uncaught exception and ends the process.
  pool.on('error', (err) => {
    if (options.onConnectionError) options.onConnectionError(err);
    else console.warn(`PostgreSQL: an idle connection was lost and will be replaced (${err.message})`);
  });
  return pool;
}

/**
 * Ends a pool and waits until each of its connections is closed. `pool.end()` resolves as soon as it
 * has asked its idle connections to close, before they are; a database dropped (or a server stopped)
 * right after would end them under the client (57P01).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  await pool.end();
  const open = connected.get(pool);
  while (open?.size) await new Promise((resolve) => [...open][0].once('end', resolve));
}

export class DatabaseLockedError extends Error {}

/**
 * Until the first release the schema ships as one initial migration, regenerated when it changes; a
 * database made by an earlier build then cannot be upgraded in place. Say so instead of a SQL error.
 */
export class OutdatedDatabaseError extends Error {}

async function migrateOrExplain(run: () => Promise<void>, where: string): Promise<void> {
  try {
    await run();
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ??
      (err as { cause?: { code?: string } }).cause?.code;
    // 42P07 duplicate table, 42701 duplicate column, 42710 duplicate object: the tables predate this build.
    if (code === '42P07' || code === '42701' || code === '42710')
      throw new OutdatedDatabaseError(
        `The database in ${where} was created by an earlier pre-release build whose schema cannot be upgraded in place. ` +
          'Move it away (or delete it) and start again to get a fresh database with the demo company.',
      );
    throw err;
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool({ ...options, databaseUrl: options.databaseUrl });
    const db = drizzleNodePg(pool, { schema: tables });
    try {
      if (options.schema)
        await pool.query(`create schema if not exists ${pg.escapeIdentifier(options.schema)}`);
      await migrateOrExplain(
        () => migrateNodePg(db, { migrationsFolder, migrationsSchema: options.schema ?? 'drizzle' }),
        'DATABASE_URL',
      );
    } catch (err) {
      await endPool(pool);
      throw err;
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => endPool(pool) };
  }
  let release = () => {};
  let dir: string | null = null;
  if (!options.inMemory) {
    dir = resolve(options.dataDir ?? './data');
    mkdirSync(dir, { recursive: true });
    release = takeLock(join(dir, 'apex.lock'));
  }
  const location = dir ? join(dir, 'pg') : null;
  const threaded = options.thread ?? !options.inMemory;
  let client: PGlite | PGliteThread;
  try {
    // A new data directory: PostgreSQL's initdb and the migrations grow the WebAssembly heap far past
    // what serving needs, and that memory is never handed back. Done on a thread of their own, which
    // then ends, the server's own thread starts small.
    if (threaded && location && !existsSync(join(location, 'PG_VERSION'))) {
      const first = new PGliteThread(location, { postgresqlconf: PGLITE_SETTINGS });
      try {
        await first.waitReady;
        await migrateOrExplain(
          () => migratePglite(drizzlePglite(first as unknown as PGlite), { migrationsFolder }),
          dir ?? 'memory',
        );
      } finally {
        await first.close();
      }
    }
    client = threaded
      ? new PGliteThread(location, { postgresqlconf: PGLITE_SETTINGS }, (error) => {
          // Every query would fail from now on: stop, so that a supervisor starts a healthy server.
          console.error(`${error.message}; the server stops.`);
          process.exit(1);
        })
      : new PGlite(location ?? undefined, { postgresqlconf: PGLITE_SETTINGS });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  // drizzle's PGlite driver calls query/exec/transaction, which the thread's client provides alike.
  const db = drizzlePglite(client as PGlite, { schema: tables });
  try {
    await migrateOrExplain(() => migratePglite(db, { migrationsFolder }), dir ?? 'memory');
  } catch (err) {
    await client.close();
    release();
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite is a single process database: two servers opening the same directory would corrupt it.
 * A lock file holding our pid guards it; a lock left by a process that no longer runs is taken over.
 */
function takeLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (existsSync(path) && readFileSync(path, 'utf8') === String(process.pid)) unlinkSync(path);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(path, 'utf8'));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new DatabaseLockedError(
          `The data directory is in use by another Apex server (pid ${pid}). Stop it, or set DATA_DIR to another directory.`,
        );
      }
      unlinkSync(path);
    }
  }
  throw new DatabaseLockedError(`Could not lock ${path}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
