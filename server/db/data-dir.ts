// The embedded database's data directory: its lock, PGlite's settings, and opening it early.
//
// Opening PGlite (its WebAssembly PostgreSQL starting on an existing directory) is the longest part of
// a cold start. The built server (server/launch.ts) calls `openEarly()` before it compiles the rest of
// the server (a few MB of JavaScript), so the database thread starts ~0.15 s sooner; the server then
// adopts that thread (`adoptEarly()`, from PGliteThread's constructor) instead of starting its own.
// Only for a directory that already holds a database: a new one is created and migrated by
// openDatabase (client.ts) on a thread of its own first. The lock is taken before the thread starts,
// exactly as openDatabase takes it, so two servers can never open one directory.
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database's memory: PostgreSQL's buffer cache is part of PGlite's WebAssembly heap, which
 * only grows. 32 MB (instead of 128 MB) keeps an idle server small; the operating system's file cache
 * still holds the data files.
 */
export const PGLITE_SETTINGS = ['shared_buffers = 32MB', 'wal_buffers = 1MB'];

export class DatabaseLockedError extends Error {}

/** The lock file of a data directory, and where PGlite keeps its files in it. */
export const lockFileOf = (dir: string) => join(dir, 'apex.lock');
export const pgDirOf = (dir: string) => join(dir, 'pg');

/**
 * PGlite is a single process database: two servers opening the same directory would corrupt it.
 * A lock file holding our pid guards it; a lock left by a process that no longer runs is taken over.
 */
export function takeLock(path: string): () => void {
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

interface Early {
  /** PGlite's directory (data dir + /pg) the thread opens. */
  location: string;
  /** The data directory's lock, held since before the thread started. */
  lockPath: string;
  release: () => void;
  worker: Worker;
  /** What the thread said before anyone listened (its 'ready', or a failure and its exit). */
  heard: { event: 'message' | 'error' | 'exit'; value: unknown }[];
  stopHearing: () => void;
}

// On globalThis: launch.ts (dist-server/main.mjs) and the server (server.cjs) are two bundles, each
// with its own copy of this module.
const EARLY = Symbol.for('apex.earlyDatabase');
const store = globalThis as { [EARLY]?: Early };

/**
 * Starts the database thread now, when the environment names an embedded database on an existing
 * directory (no DATABASE_URL, one process). Anything unusual (a held lock, an unreadable directory) is
 * left to the server's own start, which reports it as usual.
 */
export function openEarly(env: NodeJS.ProcessEnv, workerUrl: URL): void {
  if (env.DATABASE_URL || (env.WORKERS && env.WORKERS !== '1')) return;
  const dir = resolve(env.DATA_DIR || './data');
  const location = pgDirOf(dir);
  if (!existsSync(join(location, 'PG_VERSION'))) return;
  let release: () => void;
  try {
    release = takeLock(lockFileOf(dir));
  } catch {
    return;
  }
  const worker = new Worker(workerUrl, {
    workerData: { dataDir: location, options: { postgresqlconf: PGLITE_SETTINGS } },
  });
  const heard: Early['heard'] = [];
  const listeners = (['message', 'error', 'exit'] as const).map((event) => {
    const listener = (value: unknown) => heard.push({ event, value });
    worker.on(event, listener);
    return [event, listener] as const;
  });
  const stopHearing = () => {
    for (const [event, listener] of listeners) worker.off(event, listener);
  };
  store[EARLY] = { location, lockPath: lockFileOf(dir), release, worker, heard, stopHearing };
}

/**
 * The lock taken early for this data directory, if any (openDatabase then does not take it again).
 * A thread started early for another directory (which the server's own start would not expect) is
 * stopped and its lock given back.
 */
export function earlyLock(dir: string): (() => void) | undefined {
  const early = store[EARLY];
  if (!early) return undefined;
  if (early.lockPath === lockFileOf(dir)) return early.release;
  delete store[EARLY];
  early.stopHearing();
  void early.worker.terminate().finally(early.release);
  return undefined;
}

/**
 * The thread started early for this directory, handed over once. What it said before is told again
 * right after the caller has attached its listeners (in a microtask, before any further message).
 */
export function adoptEarly(location: string | null): Worker | undefined {
  const early = store[EARLY];
  if (!early || location === null || resolve(location) !== early.location) return undefined;
  delete store[EARLY];
  early.stopHearing();
  if (process.env.APEX_START_DEBUG) console.error('database: thread started before the server loaded');
  queueMicrotask(() => {
    for (const { event, value } of early.heard) early.worker.emit(event, value);
  });
  return early.worker;
}
