// Runs in a worker thread (see pglite-thread.ts): holds the embedded PostgreSQL (PGlite) so that its
// SQL runs on its own core while the main thread parses requests and answers. Plain JavaScript so that
// it runs the same under tsx, vitest and the built server (copied beside the bundle).
//
// Messages in:  { id, op: 'query', sql, params, rowMode, keepText, tx? } · { id, op: 'exec', sql, tx? }
//               { id, op: 'begin', tx } · { id, op: 'end', tx, commit }
//               { id, op: 'batch', tx, steps: [query | exec | begin | end without id and tx, …] } · { id, op: 'listen' | 'unlisten', channel }
//               { id, op: 'close' }
// Messages out: { op: 'ready' } · { op: 'failed', error } · { id, ok: true, value } · { id, ok: false, error }
//               { op: 'notify', channel, payload }
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/** @type {{ dataDir: string | null; options: Record<string, unknown> }} */
const { dataDir, options } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** An error as plain data: its message and name, and PostgreSQL's fields (code, detail, constraint…). */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const out = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    out[key] = value;
  }
  return out;
}

let db;
try {
  db = new PGlite(dataDir ?? undefined, options);
  await db.waitReady;
} catch (error) {
  port.postMessage({ op: 'failed', error: plain(error) });
  process.exit(1);
}

/**
 * The types drizzle asks of every query to keep as PostgreSQL's text: timestamp, timestamptz,
 * interval, date and their arrays, numeric[]. They are the database's own parsers here, because PGlite
 * copies its whole table of parsers (hundreds of types) for every query that brings its own; a query
 * asking for something else brings only the difference.
 */
const TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const ELEMENT = { 1231: 1700, 1115: 1114, 1185: 1184, 1187: 1186, 1182: 1082 };
const keep = (value) => value;
/** PGlite's own parsers of those types (an array's elements parsed by its element type's). */
const usual = Object.fromEntries(
  TEXT.map((oid) => {
    const element = ELEMENT[oid];
    if (element === undefined) return [oid, db.parsers[oid] ?? keep];
    const parseElement = db.parsers[element] ?? keep;
    return [oid, (value) => types.arrayParser(value, parseElement, oid)];
  }),
);
for (const oid of TEXT) db.parsers[oid] = keep;
/** keepText (the list a query sent) → the parsers it brings: none for drizzle's usual list. */
const differences = new Map();

function parsersFor(oids) {
  const key = oids?.length ? [...oids].sort((a, b) => a - b).join(',') : '';
  let parsers = differences.get(key);
  if (parsers === undefined) {
    const kept = new Set(oids ?? []);
    const out = {};
    for (const oid of TEXT) if (!kept.has(oid)) out[oid] = usual[oid];
    for (const oid of kept) if (!TEXT.includes(oid)) out[oid] = keep;
    parsers = Object.keys(out).length ? out : null;
    differences.set(key, parsers);
  }
  return parsers ?? undefined;
}

/**
 * Open transactions: id (chosen by the main thread) → { tx, opened, end(commit), done }. A transaction
 * is registered as soon as its 'begin' arrives: the queries sent right behind it (the main thread does
 * not wait for BEGIN) wait for `opened`, then run in the order they came.
 */
const transactions = new Map();
/** Channels listened to: channel → unsubscribe. */
const listening = new Map();

async function target(message) {
  if (message.tx === undefined) return db;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('The transaction has already ended');
  return (await open.opened).tx;
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const result = await (await target(message)).query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: parsersFor(message.keepText),
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await (await target(message)).exec(message.sql, { parsers: parsersFor() });
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin': {
      // The transaction stays open (holding PGlite's one connection) until 'end' arrives; 'end' answers
      // once PGlite has committed or rolled back. Answers once BEGIN has run (or failed).
      const entry = { tx: null, opened: null, end: null, done: null };
      entry.opened = new Promise((resolve, reject) => {
        entry.done = db
          .transaction(
            (tx) =>
              new Promise((commit, rollback) => {
                entry.tx = tx;
                entry.end = (ok) => (ok ? commit(undefined) : rollback(new RolledBack()));
                resolve(entry);
              }),
          )
          .catch((error) => {
            if (!(error instanceof RolledBack)) throw error;
          });
        // BEGIN itself failed: every message of the transaction is told; a later failure (COMMIT) is
        // told to 'end'.
        entry.done.catch(reject);
      });
      entry.opened.catch(() => undefined);
      transactions.set(message.tx, entry);
      await entry.opened;
      return null;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('The transaction has already ended');
      try {
        await open.opened;
        open.end(message.commit);
        await open.done;
      } finally {
        transactions.delete(message.tx);
      }
      return null;
    }
    case 'batch': {
      // Statements of one transaction sent together (pglite-thread.ts): run in order, the answer is the
      // last one's. When one fails the rest do not run, but an 'end' among them still ends the
      // transaction (rolled back), and the failure is the answer.
      let value = null;
      for (const [i, step] of message.steps.entries()) {
        try {
          value = await handle({ ...step, tx: message.tx });
        } catch (error) {
          const last = message.steps[message.steps.length - 1];
          if (last.op === 'end' && i < message.steps.length - 1)
            await handle({ op: 'end', tx: message.tx, commit: false }).catch(() => undefined);
          throw error;
        }
      }
      return value;
    }
    case 'listen': {
      if (!listening.has(message.channel)) {
        const unsubscribe = await db.listen(message.channel, (payload) =>
          port.postMessage({ op: 'notify', channel: message.channel, payload }),
        );
        listening.set(message.channel, unsubscribe);
      }
      return null;
    }
    case 'unlisten': {
      const unsubscribe = listening.get(message.channel);
      listening.delete(message.channel);
      if (unsubscribe) await unsubscribe();
      return null;
    }
    case 'close': {
      await db.close();
      return null;
    }
    default:
      throw new Error(`Unknown database operation ${message.op}`);
  }
}

class RolledBack extends Error {}

/** Per open transaction, its last message: the next one runs after it, whatever each awaits. */
const queues = new Map();

function run(message) {
  if (message.tx === undefined) return handle(message);
  const ran = (queues.get(message.tx) ?? Promise.resolve()).then(() => handle(message));
  const settled = ran.then(
    () => undefined,
    () => undefined,
  );
  queues.set(message.tx, settled);
  const ends = message.op === 'end' || message.steps?.some((step) => step.op === 'end');
  if (ends)
    settled.then(() => {
      if (queues.get(message.tx) === settled) queues.delete(message.tx);
    });
  return ran;
}

port.on('message', (message) => {
  run(message).then(
    (value) => port.postMessage({ id: message.id, ok: true, value }),
    (error) => port.postMessage({ id: message.id, ok: false, error: plain(error) }),
  );
});
port.postMessage({ op: 'ready' });
