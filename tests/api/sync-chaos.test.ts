import 'fake-indexeddb/auto';
// Chaos property (issue 4, item 7): the real SyncEngine (Dexie on fake-indexeddb) replays the real
// offline commands of the clock (timeEntry.create with temporary ids, timeEntry.patch with Version)
// through the real ApiClient (apiSend, as the app does) to the real server listening on loopback
// (buildApp on a PGlite data directory). Between them, a fetch that misbehaves: requests lost before
// the server sees them, responses lost after the server committed, requests sent twice, delayed,
// delivered after the client gave up, 503s, a 401 mid-run (the engine pauses; the user signs in
// again and it resumes) and a server restart on the same data. Inside the server, at the idempotency
// transaction's fault points: a failure just before the commit, a crash right after it (before the
// reply) and an answer that fails its response schema. Once everything is queued and the
// outbox has drained, every mutation's effect is on the server exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { timeEntries } from '../../server/db/tables';
import type { IdempotencyFaults } from '../../server/plugins/idempotency';
import { type ApiClient, createApiClient } from '../../src/api/api-client';
import { apiSend } from '../../src/app/sync';
import { createTimeEntry, patchTimeEntry } from '../../src/features/time/commands';
import { ApexDb, allocateTempId, getDraft, listOutbox, type OutboxRow } from '../../src/offline/db';
import { SyncEngine } from '../../src/offline/sync-engine';
import { createMemoryLocks } from '../../src/offline/sync-platform';
import { DEMO_PASSWORD, freshServerDatabase } from './helpers';

const SEED = 20_260_522;
const RUNS = 3;
/** Mutations queued per run (creates + patches); RUNS × this ≥ 2 000. */
const MUTATIONS_PER_RUN = 700;
/** A run whose outbox has not shrunk for this long has stalled. */
const STALL_MS = 25_000;
const RUN_DEADLINE_MS = 120_000;
const TEST_TIMEOUT_MS = 300_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
type FaultKind =
  | 'drop-before'
  | 'drop-after'
  | 'duplicate'
  | 'delay'
  | 'late'
  | '503'
  | '401'
  | 'restart'
  /** Calls answered 401 during that episode (the ApiClient renews its token and tries once more). */
  | 'answered-401'
  /** In the server: the request's transaction fails just before it commits (nothing applied). */
  | 'fail-before-commit'
  /** In the server: the process fails right after the commit, before replying (a 500 reaches the client). */
  | 'crash-after-commit'
  /** In the server: the handler's answer fails its response schema after the work is done. */
  | 'bad-answer'
  /** Not injected: what the restart did to requests (refused connections, 503 while closing). */
  | 'real-network-error'
  | 'real-5xx';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** mulberry32: a small seeded PRNG, so each run's faults follow from fast-check's seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ---- the server: in-process, on a data directory, restartable on the same port -------------------

/** Faults injected inside the server, at the idempotency transaction's fault points. */
interface ServerFaults {
  random: () => number;
  /** Probability that a time-entry mutation with a key meets one of the three faults. */
  rate: number;
  counts: Map<FaultKind, number>;
}

class RestartableServer {
  port = 0;
  #live: BuiltApp | null = null;
  #starting: Promise<void> | null = null;
  /** Set per run; read at each request, so it survives restarts. */
  faults: ServerFaults | null = null;

  constructor(readonly config: Config) {}

  #hit(kind: FaultKind, url: string): boolean {
    const f = this.faults;
    if (!f || !/\/api\/time-entries/.test(url) || f.random() >= f.rate / 3) return false;
    f.counts.set(kind, (f.counts.get(kind) ?? 0) + 1);
    return true;
  }

  #idempotencyFaults(): IdempotencyFaults {
    return {
      beforeCommit: (request) => {
        if (this.#hit('fail-before-commit', request.url)) throw new Error('injected: lost before the commit');
      },
      afterCommit: (request) => {
        if (this.#hit('crash-after-commit', request.url)) throw new Error('injected: died after the commit');
      },
      answer: (request, payload) =>
        payload && typeof payload === 'object' && this.#hit('bad-answer', request.url)
          ? { ...(payload as object), Version: 'not a number' }
          : payload,
    };
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get db() {
    if (!this.#live) throw new Error('the server is not running');
    return this.#live.database.db;
  }

  /**
   * Listens on `port`, or first on a free port below the ephemeral range (32768–60999 on Linux): a
   * port the kernel hands out could be taken, while the server is down, as the source port of an
   * outgoing connection (even one of our own retries connecting to itself), and the restart would
   * then fail with EADDRINUSE.
   */
  async start(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const port = this.port || 20_000 + Math.floor(Math.random() * 12_000);
      const built = await buildApp(this.config, undefined, { idempotencyFaults: this.#idempotencyFaults() });
      try {
        await built.app.listen({ port, host: '127.0.0.1' });
        this.port = port;
        this.#live = built;
        return;
      } catch (error) {
        await built.app.close();
        const inUse = (error as { code?: unknown }).code === 'EADDRINUSE';
        if (!inUse || attempt >= 20) throw error;
        if (this.port) await sleep(100);
      }
    }
  }

  /**
   * app.close() waits for every open connection, and a keep-alive connection whose request was in
   * flight when the close began stays open after its answer until Fastify's keepAliveTimeout (72 s):
   * measured, a close with requests in flight took 70 s. So, as a process manager's grace period
   * would, connections are closed as soon as they are idle (never in the middle of an answer), and
   * all of them after 5 s.
   */
  async stop(): Promise<void> {
    const live = this.#live;
    this.#live = null;
    if (!live) return;
    const server = live.app.server;
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const kill = setTimeout(() => server.closeAllConnections(), 5_000);
    try {
      await live.app.close();
    } finally {
      clearInterval(idle);
      clearTimeout(kill);
    }
  }

  /** Why the last restart failed (the run fails at once rather than stalling). */
  restartError: unknown = null;

  get running(): boolean {
    return this.#live !== null;
  }

  /** Stops (requests fail meanwhile), waits, starts again on the same data and port. */

  restart(downMs: number): Promise<void> {
    this.#starting ??= (async () => {
      try {
        await this.stop();
        await sleep(downMs);
        await this.start();
      } catch (error) {
        this.restartError = error;
        throw error;
      } finally {
        this.#starting = null;
      }
    })();
    return this.#starting;
  }

  async ready(): Promise<void> {
    await this.#starting;
  }
}

// ---- the client side: a browser-like fetch (session cookie) and a fault-injecting one ------------

interface Session {
  cookie: string;
}

async function signIn(server: RestartableServer, user = 'staff'): Promise<string> {
  const res = await fetch(`${server.url}/account/login`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: user, Password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Signs in again, retrying while the server is restarting (bounded). */
async function signInAgain(server: RestartableServer): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await server.ready();
      return await signIn(server);
    } catch (error) {
      lastError = error;
      await sleep(100);
    }
  }
  throw lastError;
}

/** What a browser adds: the session cookie on every request to the API's origin. */
function cookieFetch(session: Session): Fetch {
  return (input, init) => {
    const headers = new Headers(init.headers);
    if (session.cookie) headers.set('cookie', session.cookie);
    return fetch(input, { ...init, headers });
  };
}

function isMutation(input: string, init: RequestInit): boolean {
  const method = (init.method ?? 'GET').toUpperCase();
  return method !== 'GET' && /\/api\/time-entries/.test(input);
}

function networkError(): TypeError {
  return new TypeError('fetch failed (injected)');
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface FaultPlan {
  /** Probability that a mutation request meets a fault. */
  rate: number;
  seed: number;
  /** The n-th mutation request answers 401, and so does every call until the user signs in again. */
  authAt: number;
  /** At the n-th mutation request the server is restarted. */
  restartAt: number;
  restartDownMs: number;
}

type RandomFault = Exclude<
  FaultKind,
  | '401'
  | 'restart'
  | 'answered-401'
  | 'real-network-error'
  | 'real-5xx'
  | 'fail-before-commit'
  | 'crash-after-commit'
  | 'bad-answer'
>;
const WEIGHTED: Array<[RandomFault, number]> = [
  ['drop-before', 3],
  ['drop-after', 3],
  ['duplicate', 3],
  ['delay', 3],
  ['late', 2],
  ['503', 2],
];
const WEIGHT_TOTAL = WEIGHTED.reduce((sum, [, w]) => sum + w, 0);

/** Wraps the real fetch; only the time-entry mutations meet faults (the token request goes through). */
class FaultyNetwork {
  readonly counts = new Map<FaultKind, number>();
  /** Requests still travelling after the client was told something (late, duplicated copies). */
  readonly background = new Set<Promise<unknown>>();
  authExpired = false;
  mutationRequests = 0;
  inFlight = 0;
  readonly #random: () => number;

  readonly inner: Fetch;

  constructor(
    real: Fetch,
    readonly server: RestartableServer,
    readonly plan: FaultPlan,
  ) {
    this.#random = prng(plan.seed);
    this.inner = async (input, init) => {
      this.inFlight += 1;
      try {
        const res = await real(input, init);
        if (res.status >= 500 && isMutation(input, init)) this.#count('real-5xx');
        return res;
      } catch (error) {
        this.#count('real-network-error');
        throw error;
      } finally {
        this.inFlight -= 1;
      }
    };
  }

  #count(kind: FaultKind): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  #track(promise: Promise<unknown>): void {
    const settled = promise.catch(() => undefined);
    this.background.add(settled);
    void settled.then(() => this.background.delete(settled));
  }

  async settle(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  #pick(): RandomFault | 'ok' {
    if (this.#random() >= this.plan.rate) return 'ok';
    let r = this.#random() * WEIGHT_TOTAL;
    for (const [kind, weight] of WEIGHTED) {
      r -= weight;
      if (r < 0) return kind;
    }
    return 'ok';
  }

  fetch: Fetch = async (input, init) => {
    if (!isMutation(input, init)) return this.inner(input, init);
    const n = this.mutationRequests++;
    if (n === this.plan.authAt) {
      this.authExpired = true;
      this.#count('401');
    }
    if (this.authExpired) {
      this.#count('answered-401');
      return jsonResponse(401, { Message: 'Your session has expired. Sign in again.' });
    }
    if (n === this.plan.restartAt) {
      this.#count('restart');
      this.#track(this.server.restart(this.plan.restartDownMs));
      // This request races the shutdown: it may be served, refused or cut off.
      return this.inner(input, init);
    }
    const fault = this.#pick();
    if (fault !== 'ok') this.#count(fault);
    switch (fault) {
      case 'ok':
        return this.inner(input, init);
      case 'drop-before':
        throw networkError();
      case 'drop-after': {
        const res = await this.inner(input, init);
        await res.arrayBuffer();
        throw networkError();
      }
      case 'duplicate': {
        // Both copies reach the server at once; the client hears one of them.
        const copies = [this.inner(input, init), this.inner(input, init)];
        const heard = this.#random() < 0.5 ? 0 : 1;
        this.#track(copies[1 - heard].then((r) => r.arrayBuffer()));
        return copies[heard];
      }
      case 'delay':
        await sleep(1 + Math.floor(this.#random() * 40));
        return this.inner(input, init);
      case 'late': {
        // The client gives up at once; the request still arrives a little later.
        const wait = 5 + Math.floor(this.#random() * 80);
        this.#track(sleep(wait).then(() => this.inner(input, init).then((r) => r.arrayBuffer())));
        throw networkError();
      }
      case '503':
        return jsonResponse(503, { Message: 'The service is unavailable. Try again later.' });
    }
  };
}

// ---- the plan of one run ---------------------------------------------------------------------------

interface EntrySpec {
  withBreak: boolean;
  /** Minutes after midnight the work starts. */
  startMinute: number;
  /** Positions (in queue batches) between the create and the following commands. */
  breakGap: number;
  breakCloseGap: number;
  closeGap: number;
}

interface RunSpec {
  entries: EntrySpec[];
  plan: FaultPlan;
  /** Commands queued between pauses, and the pause. */
  batch: number;
  pauseMs: number;
  engineSeed: number;
}

const entryArb: fc.Arbitrary<EntrySpec> = fc.record({
  withBreak: fc.boolean(),
  startMinute: fc.integer({ min: 5 * 60, max: 11 * 60 }),
  breakGap: fc.nat({ max: 12 }),
  breakCloseGap: fc.nat({ max: 12 }),
  closeGap: fc.nat({ max: 30 }),
});

const runArb: fc.Arbitrary<RunSpec> = fc.record({
  // Each entry queues 2 (create, close) or 4 (with a break) mutations: 350 entries always reach 700.
  entries: fc.array(entryArb, { minLength: MUTATIONS_PER_RUN / 2, maxLength: MUTATIONS_PER_RUN / 2 }),
  plan: fc.record({
    rate: fc.double({ min: 0.12, max: 0.3, noNaN: true }),
    seed: fc.integer(),
    authAt: fc.integer({ min: 40, max: 350 }),
    restartAt: fc.integer({ min: 60, max: 400 }),
    restartDownMs: fc.integer({ min: 150, max: 700 }),
  }),
  batch: fc.integer({ min: 4, max: 20 }),
  pauseMs: fc.integer({ min: 0, max: 60 }),
  engineSeed: fc.integer(),
});

const wireTime = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;

/** A distinct day per entry, far from the demo data (which sits in the current weeks). */
function dayOf(run: number, index: number): string {
  return new Date(Date.UTC(1990, 0, 1) + (run * 500 + index) * 86_400_000).toISOString().slice(0, 10);
}

interface Expected {
  marker: string;
  tempId: number;
  date: string;
  start: string;
  end: string;
  isBreak: boolean;
  /** The marker of the work entry of a break. */
  parentMarker?: string;
}

type Command = { at: number; order: number; run: () => Promise<OutboxRow> };

// ---- the test -----------------------------------------------------------------------------------

describe('offline sync against the real server, under chaos', () => {
  let dataDir: string;
  let serverDatabase: Awaited<ReturnType<typeof freshServerDatabase>> = null;
  let server: RestartableServer;
  const totals = { runs: 0, mutations: 0, creates: 0, patches: 0, tempRefsQueued: 0, resumes: 0 };
  const faults = new Map<FaultKind, number>();
  let durationMs = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'apex-chaos-'));
    // On a PostgreSQL server when TEST_DATABASE_URL is set (npm test's second API pass), else on
    // the embedded database in dataDir.
    serverDatabase = await freshServerDatabase();
    server = new RestartableServer({
      ...loadConfig({}),
      dataDir,
      ...(serverDatabase ? { databaseUrl: serverDatabase.url } : {}),
      logLevel: 'silent',
      staticDir: null,
      passwordCostLog2: 10,
    });
    await server.start();
  });

  afterAll(async () => {
    await server?.ready().catch(() => undefined);
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await serverDatabase?.drop();
    const byKind = [...faults.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
    console.log(
      `[sync-chaos] on ${serverDatabase ? 'PostgreSQL' : 'the embedded database'}: ${totals.runs} runs, ${totals.mutations} mutations (${totals.creates} creates, ${totals.patches} patches; ${totals.tempRefsQueued} queued against an unacknowledged temporary id), ${(durationMs / 1000).toFixed(1)} s; faults: ${byKind}; engine paused and resumed ${totals.resumes}×`,
    );
  });

  it(
    'applies every queued mutation exactly once (zero losses, zero duplicates, empty outbox)',
    async () => {
      const started = Date.now();
      const session: Session = { cookie: await signIn(server) };
      let run = 0;
      /** Stops the current run's engine, also when the run failed. */
      let stopEngine: () => Promise<void> = async () => undefined;

      try {
        await fc.assert(
          fc.asyncProperty(runArb, async (spec) => {
            run += 1;
            const prefix = `chaos-${run}-`;
            const network = new FaultyNetwork(cookieFetch(session), server, spec.plan);
            server.faults = {
              random: prng(spec.plan.seed ^ 0x5bd1e995),
              rate: spec.plan.rate,
              counts: network.counts,
            };
            const logged: unknown[] = [];
            const api: ApiClient = createApiClient({
              apiRoot: `${server.url}/api/`,
              fetch: network.fetch,
              storage: null,
              delay: () => sleep(10),
              log: { warn: (...args: unknown[]) => logged.push(args), error: (...a) => logged.push(a) },
              alert: () => undefined,
            });
            await api.getToken();
            const userId = api.getEmployeeId();
            expect(userId).toBeTruthy();
            const lookups = (await api.get('time-entries/clock-lookups')) as {
              Offices: Array<{ IcdOfficeID: number }>;
            };
            const officeId = lookups.Offices[0].IcdOfficeID;

            const db = new ApexDb(`apex-chaos-${run}-${spec.engineSeed}`);
            const engineErrors: unknown[] = [];
            const engine = new SyncEngine({
              db,
              userId: String(userId),
              send: apiSend(api),
              locks: createMemoryLocks(),
              random: prng(spec.engineSeed),
              backoff: { baseMs: 20, maxMs: 300 },
              events: { window: null, document: null, serviceWorker: null },
              storage: null,
              registerBackgroundSync: null,
              isOnline: () => true,
              onError: (error) => engineErrors.push(error),
            });

            // The user signs in again after the 401 (a new session), then the engine resumes.
            let reauth: Promise<void> | null = null;
            const unsubscribe = engine.subscribe((status) => {
              if (!status.paused || reauth) return;
              reauth = (async () => {
                session.cookie = await signInAgain(server);
                network.authExpired = false;
                await api.getToken({ force: true }).catch(() => undefined);
                totals.resumes += 1;
                await engine.resume();
              })().finally(() => {
                reauth = null;
              });
            });
            stopEngine = async () => {
              await engine.stop();
              unsubscribe();
            };
            void engine.start();

            // The commands of the run: each entry is created, maybe gets a break (created against the
            // work entry's temporary id, then closed), and is closed, at positions spread over batches.
            const uid = String(userId);
            const expected: Expected[] = [];
            const commands: Command[] = [];
            let mutations = 0;
            for (const [index, e] of spec.entries.entries()) {
              if (mutations >= MUTATIONS_PER_RUN) break;
              const workId = await allocateTempId(uid, db);
              const marker = `${prefix}${index}`;
              const date = dayOf(run, index);
              const start = wireTime(e.startMinute);
              const end = wireTime(e.startMinute + 8 * 60);
              expected.push({ marker, tempId: workId, date, start, end, isBreak: false });
              const entry = {
                Date: date,
                StartTime: start,
                EndTime: null,
                IsBreak: false,
                IsRealTime: true,
                TimeZoneOffset: -300,
                IcdOfficeID: officeId,
                ProgramID: null,
                StoreID: null,
                TimeEntryTypeID: 1,
                Comments: marker,
              };
              let order = 0;
              const push = (at: number, run: () => Promise<OutboxRow>) => {
                commands.push({ at, order: index * 10 + order++, run });
              };
              push(index, () =>
                createTimeEntry.enqueue(uid, { Id: workId, entry, local: { ...entry } }, { db }),
              );
              mutations += 2;
              let at = index;
              if (e.withBreak) {
                const breakId = await allocateTempId(uid, db);
                const bStart = wireTime(e.startMinute + 180);
                const bEnd = wireTime(e.startMinute + 210);
                const brk = {
                  ...entry,
                  StartTime: bStart,
                  IsBreak: true,
                  ParentTimeEntryID: workId,
                  Comments: `${marker}-b`,
                };
                expected.push({
                  marker: `${marker}-b`,
                  tempId: breakId,
                  date,
                  start: bStart,
                  end: bEnd,
                  isBreak: true,
                  parentMarker: marker,
                });
                at += e.breakGap;
                push(at, () =>
                  createTimeEntry.enqueue(uid, { Id: breakId, entry: brk, local: { ...brk } }, { db }),
                );
                at += e.breakCloseGap;
                push(at, () =>
                  patchTimeEntry.enqueue(
                    uid,
                    { Id: breakId, patch: { EndTime: bEnd, Version: 1 }, local: { ...brk, EndTime: bEnd } },
                    { db },
                  ),
                );
                mutations += 2;
              }
              at += e.closeGap;
              push(at, () =>
                patchTimeEntry.enqueue(
                  uid,
                  { Id: workId, patch: { EndTime: end, Version: 1 }, local: { ...entry, EndTime: end } },
                  { db },
                ),
              );
            }
            commands.sort((a, b) => a.at - b.at || a.order - b.order);

            // Queue them while the engine is sending, in batches with pauses.
            for (let i = 0; i < commands.length; i++) {
              const row = await commands[i].run();
              if (row.tempRefs.length > 0 && row.command !== 'timeEntry.create') totals.tempRefsQueued += 1;
              if (row.command === 'timeEntry.create' && row.tempRefs.length > 1) totals.tempRefsQueued += 1;
              if ((i + 1) % spec.batch === 0 && spec.pauseMs > 0) await sleep(spec.pauseMs);
            }

            // Drain (bounded): the engine runs on its own timers; a stalled outbox fails with its rows.
            const deadline = Date.now() + RUN_DEADLINE_MS;
            let last = Number.POSITIVE_INFINITY;
            let lastChange = Date.now();
            for (;;) {
              const rows = await listOutbox(uid, db);
              if (rows.length === 0) break;
              if (server.restartError) throw server.restartError;
              const stuck = rows.filter((r) => r.status === 'failed' || r.status === 'conflict');
              if (rows.length < last) {
                last = rows.length;
                lastChange = Date.now();
              }
              if (stuck.length > 0 || Date.now() > deadline || Date.now() - lastChange > STALL_MS) {
                const sample = rows
                  .slice(0, 5)
                  .map(
                    (r) => `${r.command} ${r.method} ${r.path} ${r.status} ${r.lastStatus} ${r.lastError}`,
                  );
                throw new Error(
                  `run ${run}: ${rows.length} rows left (${stuck.length} failed/conflict); engine ${JSON.stringify(engine.getStatus())}; server running ${server.running} (restart error: ${String(server.restartError)}); ${network.mutationRequests} mutation requests, ${network.inFlight} in flight: ${sample.join(' | ')}`,
                );
              }
              await sleep(50);
            }
            await stopEngine();
            // Nothing may still be travelling when we count: late and duplicated copies land first.
            await network.settle();
            await server.ready();

            // ---- zero losses, zero duplicates -------------------------------------------------------
            expect(await listOutbox(uid, db)).toEqual([]);
            expect(engineErrors).toEqual([]);
            const rows = await server.db
              .select()
              .from(timeEntries)
              .where(like(timeEntries.Comments, `${prefix}%`));
            const byMarker = new Map<string, typeof rows>();
            for (const row of rows) {
              const list = byMarker.get(row.Comments ?? '') ?? [];
              list.push(row);
              byMarker.set(row.Comments ?? '', list);
            }
            const duplicates = [...byMarker.entries()].filter(([, list]) => list.length > 1).map(([m]) => m);
            const missing = expected.filter((x) => !byMarker.has(x.marker)).map((x) => x.marker);
            expect(duplicates).toEqual([]);
            expect(missing).toEqual([]);
            expect(rows.length).toBe(expected.length);
            const idOf = new Map(rows.map((r) => [r.Comments, r.Id]));
            const wrong: string[] = [];
            for (const x of expected) {
              const [row] = byMarker.get(x.marker)!;
              const checks: Array<[string, unknown, unknown]> = [
                ['Date', row.Date, x.date],
                ['StartTime', row.StartTime, x.start],
                ['EndTime', row.EndTime, x.end],
                // One create and one close: a PATCH applied twice would show Version 3 (or a 409).
                ['Version', row.Version, 2],
                ['DeletedAt', row.DeletedAt, null],
                ['EmployeeID', row.EmployeeID, Number(userId)],
                ['IsBreak', row.IsBreak, x.isBreak],
                [
                  'ParentTimeEntryID',
                  row.ParentTimeEntryID,
                  x.parentMarker ? idOf.get(x.parentMarker) : null,
                ],
              ];
              // The client's copy moved to the server id, synced, with the final EndTime.
              const draft = await getDraft(uid, 'timeEntry', x.tempId, db);
              checks.push(
                ['draft id', draft?.localId, row.Id],
                ['draft status', draft?.status, 'synced'],
                ['draft EndTime', (draft?.data as { EndTime?: unknown } | undefined)?.EndTime, x.end],
              );
              for (const [name, actual, want] of checks) {
                if (actual !== want) wrong.push(`${x.marker} ${name}: ${String(actual)} ≠ ${String(want)}`);
              }
            }
            expect(wrong.slice(0, 20)).toEqual([]);
            // The API tells the same story as the database (a sample).
            for (const x of expected.slice(0, 10)) {
              const entry = (await api.get(`time-entries/${idOf.get(x.marker)}`)) as { EndTime: string };
              expect(entry.EndTime).toBe(x.end);
            }

            totals.runs += 1;
            totals.mutations += commands.length;
            totals.creates += expected.length;
            totals.patches += commands.length - expected.length;
            for (const [kind, n] of network.counts) faults.set(kind, (faults.get(kind) ?? 0) + n);
            server.faults = null;
            db.close();
            await ApexDb.delete(db.name);
          }),
          {
            numRuns: RUNS,
            seed: SEED,
            // No shrinking (a run takes half a minute); the report names the run instead of printing
            // its 350 generated entries.
            endOnFailure: true,
            plugins: [
              () => ({
                onAllRunsComplete: (details) => {
                  if (!details.failed) return;
                  const cause = details.errorInstance;
                  throw new Error(
                    `chaos run failed (seed ${details.seed}, path ${details.counterexamplePath}): ${cause instanceof Error ? cause.message : String(cause)}`,
                    { cause },
                  );
                },
              }),
            ],
          },
        );
      } finally {
        await stopEngine();
        durationMs = Date.now() - started;
      }
      expect(totals.mutations).toBeGreaterThanOrEqual(2_000);
      expect(faults.get('restart')).toBe(RUNS);
      expect(faults.get('401')).toBe(RUNS);
    },
    TEST_TIMEOUT_MS,
  );
});
