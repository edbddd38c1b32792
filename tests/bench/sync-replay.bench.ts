import 'fake-indexeddb/auto';
// Sync replay (README "Benchmarks"; goal: 1 000 queued drafts replayed in ≤ 5 s and in ≤ 1.3× the
// time of the same requests sent directly, zero duplicates, zero losses). The staff user queues 1 000
// time-entry creates offline (the clock's real command, Dexie on fake-indexeddb); the real SyncEngine
// then replays them through the real ApiClient to the server. For scale, the same 1 000 requests (the
// same bodies on other days, fresh Idempotency-Keys) are then sent directly with fetch, one after the
// other.
//
// Timed in ten rounds of 100, the engine's replay and the direct requests in turn.
//
// The server runs as production runs it, in a process of its own: the built bundle
// (dist-server/main.mjs, `npm start`) on a temporary data directory with the demo company, as a phone
// replays against a server elsewhere. (Until Nov 2026 this bench ran the server in the bench's own
// process and thread, so the engine's and fake-indexeddb's work delayed the server's main thread and
// the server's garbage was collected with the engine's; its figures are not comparable with these.)
// The server is built into .tmp/bench-sync-replay/ (the shared dist-server/ is left alone), or
// BENCH_SERVER names another build. Once the server has stopped, the bench opens its data directory
// and counts the entries there: every draft exactly once. Prints the figures, the load average and
// the CPU each side used (the figures that hold when other work shares the machine); fails only on
// duplicates or losses.
//   npx tsx tests/bench/sync-replay.bench.ts            (BENCH_DRAFTS=200 for a shorter run)
import { type ChildProcess, execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createApiClient } from '../../src/api/api-client';
import { apiSend } from '../../src/app/sync';
import { createTimeEntry } from '../../src/features/time/commands';
import { ApexDb, allocateTempId, listOutbox } from '../../src/offline/db';
import { SyncEngine } from '../../src/offline/sync-engine';
import { createMemoryLocks } from '../../src/offline/sync-platform';
import { startBuiltServer, stopBuiltServer } from './built-server';

const N = Number(process.env.BENCH_DRAFTS ?? 1_000);
/** Requests of each path before the timed ones: the server's code is compiled and its caches filled. */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 200);
/** The timed drafts go in this many rounds, each the engine's replay and then the direct requests. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const BUDGET_MS = 5_000;
const BUDGET_RATIO = 1.3;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo!2026apex';
const PORT = Number(process.env.BENCH_PORT ?? 18_971);
const root = join(import.meta.dirname, '..', '..');
const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** CPU ms (user + system, every thread) a process has used so far (Linux /proc). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** CPU ms this process (the engine, fake-indexeddb and the HTTP client) has used so far. */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function buildServer(): string {
  if (process.env.BENCH_SERVER) return resolve(process.env.BENCH_SERVER);
  const out = join(root, '.tmp', 'bench-sync-replay', 'dist-server');
  // Inside the project, so that the packages left out of the bundle (PGlite) are found.
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-server.ts'), out], {
    cwd: root,
    stdio: 'inherit',
  });
  return join(out, 'main.mjs');
}

const server = buildServer();
const dataDir = mkdtempSync(join(tmpdir(), 'apex-bench-sync-'));
const base = `http://127.0.0.1:${PORT}`;
let child: ChildProcess | null = await startBuiltServer(server, PORT, { DATA_DIR: dataDir });
const serverPid = child.pid ?? 0;

try {
  const login = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'staff', Password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // A browser sends the session cookie; Node's fetch needs to be told.
  const browserFetch = (input: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    return fetch(input, { ...init, headers });
  };
  const api = createApiClient({
    apiRoot: `${base}/api/`,
    fetch: browserFetch,
    storage: null,
    alert: () => undefined,
  });
  const token = await api.getToken();
  const userId = String(api.getEmployeeId());
  const lookups = (await api.get('time-entries/clock-lookups')) as {
    Offices: Array<{ IcdOfficeID: number }>;
  };
  const officeId = lookups.Offices[0].IcdOfficeID;

  /** One closed work entry per day, far from the demo data. */
  const payload = (marker: string, index: number, year: number) => ({
    Date: new Date(Date.UTC(year, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
    StartTime: '09:00:00',
    EndTime: '17:00:00',
    IsBreak: false,
    IsRealTime: true,
    TimeZoneOffset: -300,
    IcdOfficeID: officeId,
    ProgramID: null,
    StoreID: null,
    TimeEntryTypeID: 1,
    Comments: `${marker}-${index}`,
  });

  const postDirect = async (body: unknown) => {
    const res = await fetch(`${base}/api/time-entries`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`direct POST answered ${res.status}`);
  };

  interface Timed {
    ms: number;
    serverCpuMs: number;
    clientCpuMs: number;
  }
  const timed = async (run: () => Promise<unknown>): Promise<Timed> => {
    const server0 = cpuMs(serverPid);
    const client0 = ownCpuMs();
    const started = performance.now();
    await run();
    return {
      ms: performance.now() - started,
      serverCpuMs: cpuMs(serverPid) - server0,
      clientCpuMs: ownCpuMs() - client0,
    };
  };

  /** Queues `count` creates offline, then replays them; resolves to the queuing ms and the replay. */
  const replay = async (
    marker: string,
    count: number,
    year: number,
    offset = 0,
  ): Promise<[number, Timed]> => {
    const db = new ApexDb(`apex-bench-${marker}-${offset}`);
    const engine = new SyncEngine({
      db,
      userId,
      send: apiSend(api),
      locks: createMemoryLocks(),
      events: { window: null, document: null, serviceWorker: null },
      storage: null,
      registerBackgroundSync: null,
      isOnline: () => true,
      onError: (error) => console.error('sync:', error),
    });
    const queuedAt = performance.now();
    for (let i = 0; i < count; i++) {
      const entry = payload(marker, offset + i, year);
      const id = await allocateTempId(userId, db);
      await createTimeEntry.enqueue(userId, { Id: id, entry, local: { ...entry } }, { db });
    }
    const queueMs = performance.now() - queuedAt;
    // start() resolves when the run has ended: with a healthy network, when the outbox is empty.
    const run = await timed(() => engine.start());
    const left = (await listOutbox(userId, db)).length;
    await engine.stop();
    db.close();
    await ApexDb.delete(db.name);
    if (left > 0) throw new Error(`${left} drafts were not sent`);
    return [queueMs, run];
  };

  // Warm-up (not timed): both paths, other days. Too short a warm-up counts the server's compiling
  // against the path timed first (the engine's).
  for (let i = 0; i < WARM_UP; i++) await postDirect(payload('bench-warm-direct', i, 1970));
  await replay('bench-warm-engine', WARM_UP, 1972);

  // Timed in rounds, the engine's and the direct requests in turn, so that neither path is the one
  // that meets a colder server or a busier machine.
  const load = loadavg()[0];
  const per = Math.ceil(N / ROUNDS);
  const engine: Timed = { ms: 0, serverCpuMs: 0, clientCpuMs: 0 };
  const direct: Timed = { ms: 0, serverCpuMs: 0, clientCpuMs: 0 };
  const add = (sum: Timed, t: Timed) => {
    sum.ms += t.ms;
    sum.serverCpuMs += t.serverCpuMs;
    sum.clientCpuMs += t.clientCpuMs;
  };
  let queueMs = 0;
  for (let offset = 0; offset < N; offset += per) {
    const count = Math.min(per, N - offset);
    const [queued, replayed] = await replay('bench-replay', count, 1980, offset);
    queueMs += queued;
    add(engine, replayed);
    // The same bodies on other days (so that nothing overlaps the replayed entries).
    add(
      direct,
      await timed(async () => {
        for (let i = offset; i < offset + count; i++) await postDirect(payload('bench-direct', i, 1990));
      }),
    );
  }
  const loadAfter = loadavg()[0];

  await stopBuiltServer(child);
  child = null;
  // Counted in the server's database once it has closed it: live entries per marker.
  const census = async (db: PGlite, marker: string) => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from time_entries
        where comments like $1 and deleted_at is null group by comments`,
      [`${marker}-%`],
    );
    return {
      distinct: rows.length,
      duplicates: rows.filter((r) => r.n > 1).reduce((sum, r) => sum + r.n - 1, 0),
    };
  };
  // The server keeps PostgreSQL's files in DATA_DIR/pg (server/db/client.ts).
  const database = new PGlite(join(dataDir, 'pg'));
  const engineCensus = await census(database, 'bench-replay');
  const directCensus = await census(database, 'bench-direct');
  await database.close();

  const missing = N - engineCensus.distinct;
  const ratio = engine.ms / direct.ms;
  const perDraft = (t: Timed) =>
    `${(t.ms / N).toFixed(1)} ms each; server CPU ${(t.serverCpuMs / N).toFixed(1)} ms, client CPU ${(t.clientCpuMs / N).toFixed(1)} ms`;
  console.log(
    `load average ${load.toFixed(1)} → ${loadAfter.toFixed(1)} (${availableParallelism()} cores); server: ${server}`,
  );
  console.log(
    `Sync replay: ${N} queued drafts replayed in ${(engine.ms / 1000).toFixed(2)} s (${perDraft(engine)}; budget ${BUDGET_MS / 1000} s, ${engine.ms <= (BUDGET_MS * N) / 1000 ? 'within' : 'OVER'})`,
  );
  console.log(
    `  the same ${N} requests sent directly with fetch: ${(direct.ms / 1000).toFixed(2)} s (${perDraft(direct)})`,
  );
  console.log(
    `  engine/direct ratio ${ratio.toFixed(2)}× (budget ${BUDGET_RATIO}×, ${ratio <= BUDGET_RATIO ? 'within' : 'OVER'})`,
  );
  console.log(
    `  duplicates ${engineCensus.duplicates}, missing ${missing} (direct: ${directCensus.duplicates} duplicates, ${N - directCensus.distinct} missing); queuing the ${N} drafts offline took ${(queueMs / 1000).toFixed(2)} s`,
  );
  if (engineCensus.duplicates > 0 || missing > 0) {
    throw new Error(
      `the replay was not exactly once: ${engineCensus.duplicates} duplicates, ${missing} missing`,
    );
  }
} finally {
  if (child) await stopBuiltServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
