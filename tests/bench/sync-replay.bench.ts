import 'fake-indexeddb/auto';
// Sync replay (README "Benchmarks": 1 000 queued drafts replayed in ≤ 10 s against the
// local server, zero duplicates). The staff user queues 1 000 time-entry creates offline (the clock's
// real command, Dexie on fake-indexeddb); the real SyncEngine then replays them through the real
// ApiClient to the real server listening on loopback (buildApp on a PGlite data directory, as
// `npm start`). For scale, the same 1 000 requests (same bodies, fresh Idempotency-Keys) are then
// sent directly with fetch, one after the other. Prints the figures; fails only on duplicates or losses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, isNull, like, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { timeEntries } from '../../server/db/tables';
import { createApiClient } from '../../src/api/api-client';
import { apiSend } from '../../src/app/sync';
import { createTimeEntry } from '../../src/features/time/commands';
import { ApexDb, allocateTempId, listOutbox } from '../../src/offline/db';
import { createMemoryLocks, SyncEngine } from '../../src/offline/sync-engine';

const N = 1_000;
const WARM_UP = 30;
const BUDGET_MS = 10_000;
const PASSWORD = 'Demo!2026apex';

const dataDir = mkdtempSync(join(tmpdir(), 'apex-bench-sync-'));
const { app, database } = await buildApp({
  ...loadConfig({}),
  dataDir,
  logLevel: 'silent',
  staticDir: null,
  passwordCostLog2: 10,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

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
  const payload = (marker: string, index: number, year = 1980) => ({
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

  /** Queues `count` creates offline, then replays them; resolves to [queue ms, replay ms]. */
  const replay = async (marker: string, count: number, year: number): Promise<[number, number]> => {
    const db = new ApexDb(`apex-bench-${marker}`);
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
      const entry = payload(marker, i, year);
      const id = await allocateTempId(userId, db);
      await createTimeEntry.enqueue(userId, { Id: id, entry, local: { ...entry } }, { db });
    }
    const startedAt = performance.now();
    // start() resolves when the run has ended: with a healthy network, when the outbox is empty.
    await engine.start();
    const endedAt = performance.now();
    const left = (await listOutbox(userId, db)).length;
    await engine.stop();
    db.close();
    await ApexDb.delete(db.name);
    if (left > 0) throw new Error(`${left} drafts were not sent`);
    return [startedAt - queuedAt, endedAt - startedAt];
  };

  /** Live rows of a marker: how many, and how many markers appear more than once. */
  const census = async (marker: string) => {
    const rows = await database.db
      .select({ Comments: timeEntries.Comments, n: sql<number>`count(*)::int` })
      .from(timeEntries)
      .where(and(like(timeEntries.Comments, `${marker}-%`), isNull(timeEntries.DeletedAt)))
      .groupBy(timeEntries.Comments);
    return {
      distinct: rows.length,
      duplicates: rows.filter((r) => r.n > 1).reduce((sum, r) => sum + r.n - 1, 0),
    };
  };

  // Warm-up (not timed): both paths, other days.
  for (let i = 0; i < WARM_UP; i++) await postDirect(payload('bench-warm-direct', i, 1970));
  await replay('bench-warm-engine', WARM_UP, 1972);

  const [queueMs, engineMs] = await replay('bench-replay', N, 1980);
  const engineCensus = await census('bench-replay');
  // The same bodies again, directly: the replayed entries are deleted first so they do not overlap.
  await database.db
    .update(timeEntries)
    .set({ DeletedAt: new Date() })
    .where(like(timeEntries.Comments, 'bench-replay-%'));
  const directStart = performance.now();
  for (let i = 0; i < N; i++) await postDirect(payload('bench-replay', i, 1980));
  const directMs = performance.now() - directStart;
  const directCensus = await census('bench-replay');

  const missing = N - engineCensus.distinct;
  const verdict = engineMs <= BUDGET_MS ? 'within budget' : 'OVER BUDGET';
  console.log(
    `Sync replay: ${N} queued drafts replayed in ${(engineMs / 1000).toFixed(2)} s (${(engineMs / N).toFixed(1)} ms each; budget 10 s, ${verdict}); the same ${N} requests sent directly with fetch: ${(directMs / 1000).toFixed(2)} s (${(directMs / N).toFixed(1)} ms each); engine/direct ratio ${(engineMs / directMs).toFixed(2)}×`,
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
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
