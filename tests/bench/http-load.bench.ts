// HTTP load (README "Benchmarks", load table): autocannon against the built server (dist-server/main.mjs,
// as `npm start` runs it) listening on loopback, at 10 and 100 connections, for
//   - a bare route: PUT services/shim-tests/http-put (the method probe: public, no sign-in, no database,
//     answers `true`) — the ceiling of a request through every hook of the app;
//   - GET Home/identity as staff (Bearer token from the real sign-in and auth/token calls);
//   - GET lead-markers as rep at zoom 14, a phone's viewport around the rep's leads;
//   - POST time-entries as staff, each with a fresh Idempotency-Key and its own half hour (so every one
//     is a new entry that succeeds).
// On the embedded database (a temporary DATA_DIR with the demo company), then on a PostgreSQL server:
// TEST_DATABASE_URL or DATABASE_URL (a fresh database is made on it and dropped), else through
// scripts/with-postgres.sh when the distribution's binaries are installed. Prints one table per
// database: req/s, latency p50/p99, errors + time-outs + non-2xx, the server's RSS after the run,
// req/s as a share of the bare route's, and the server's CPU time per request (all its threads: the
// figure that holds when other work shares the machine). Asserts nothing (figures vary by machine).
//   npm run bench -- http-load
//   BENCH_DURATION=5 BENCH_CONNECTIONS=10,100 BENCH_DATABASES=embedded npm run bench -- http-load
//   BENCH_CALLS=time-entries npm run bench -- http-load   (only the calls whose name holds a word)
//   BENCH_SERVER=/elsewhere/dist-server/main.mjs …   (another build, e.g. to compare two commits)
import { type ChildProcess, execSync, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { snapViewport } from '../../src/features/leads/viewport';
import { startBuiltServer, stopBuiltServer } from './built-server';

const root = join(import.meta.dirname, '..', '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgresql').split(',');
/** Only the calls whose name holds one of these words (e.g. BENCH_CALLS=time-entries,identity). */
const ONLY = process.env.BENCH_CALLS?.split(',');
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo!2026apex';
const server = resolve(process.env.BENCH_SERVER ?? join(root, 'dist-server', 'main.mjs'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process and its descendants (a cluster's workers), in MB. */
function rssMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`))
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(/\s+/))
          if (child) visit(Number(child));
    } catch {
      // gone
    }
  };
  visit(pid);
  return Math.round(kb / 1024);
}

/** CPU seconds (user + system, every thread) used so far by a process and its descendants. */
function cpuSeconds(pid: number): number {
  let ticks = 0;
  const visit = (p: number) => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      for (const task of readdirSync(`/proc/${p}/task`))
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(/\s+/))
          if (child) visit(Number(child));
    } catch {
      // gone
    }
  };
  visit(pid);
  return ticks / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

async function signIn(base: string, userName: string): Promise<string> {
  const login = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: userName, Password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in as ${userName}: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'apex-pwa' }),
  });
  if (token.status !== 200) throw new Error(`auth/token for ${userName}: ${token.status}`);
  return (await token.json()) as string;
}

async function getJson<T>(base: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A phone's map (390 × 700 px) at `zoom` around a point, as MapLibre sizes it (512 px tiles). */
function phoneView(lat: number, lng: number, zoom: number) {
  const metresPerPx = (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom);
  const dLat = (700 * metresPerPx) / 2 / 111_320;
  const dLng = (390 * metresPerPx) / 2 / (111_320 * Math.cos((lat * Math.PI) / 180));
  return { west: lng - dLng, south: lat - dLat, east: lng + dLng, north: lat + dLat };
}

interface Call {
  name: string;
  request: autocannon.Request;
}

/** The four calls, with what they need (tokens, the rep's viewport, the staff user's office). */
async function prepare(base: string): Promise<{ calls: Call[]; note: string }> {
  const staff = await signIn(base, 'staff');
  const rep = await signIn(base, 'rep');
  // The rep's busiest lead group, and a zoom-14 phone viewport around the middle of its leads.
  const page = await getJson<{
    Items: Array<{ LeadGroupID: number; Latitude: number | null; Longitude: number | null }>;
  }>(base, '/leads?pageSize=500', rep);
  const byGroup = new Map<number, Array<[number, number]>>();
  for (const lead of page.Items)
    if (lead.Latitude !== null && lead.Longitude !== null)
      byGroup.set(lead.LeadGroupID, [
        ...(byGroup.get(lead.LeadGroupID) ?? []),
        [lead.Latitude, lead.Longitude],
      ]);
  const [groupId, points] = [...byGroup].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!groupId || !points) throw new Error('the rep sees no leads with a position');
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const view = snapViewport(phoneView(mid(points.map((p) => p[0])), mid(points.map((p) => p[1])), 14), 14);
  const markersPath = `/api/lead-markers?leadGroupId=${groupId}&west=${view.bbox.west}&south=${view.bbox.south}&east=${view.bbox.east}&north=${view.bbox.north}&zoom=${view.zoom}`;
  const markers = await getJson<{ Leads: unknown[]; Clusters: unknown[] }>(base, markersPath.slice(4), rep);
  const lookups = await getJson<{ Offices: Array<{ IcdOfficeID: number }> }>(
    base,
    '/time-entries/clock-lookups',
    staff,
  );
  const officeId = lookups.Offices[0].IcdOfficeID;
  // Each POST its own half hour, from 1 January 1990 on (far from the demo data): never overlapping.
  let slot = 0;
  const entry = () => {
    const n = slot++;
    const day = new Date(Date.UTC(1990, 0, 1) + Math.floor(n / 40) * 86_400_000).toISOString().slice(0, 10);
    const minutes = (n % 40) * 30 + 60;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
    return JSON.stringify({
      Date: day,
      StartTime: hhmm(minutes),
      EndTime: hhmm(minutes + 20),
      IsBreak: false,
      IsRealTime: true,
      TimeZoneOffset: -300,
      IcdOfficeID: officeId,
      ProgramID: null,
      StoreID: null,
      TimeEntryTypeID: 1,
      Comments: `load-${n}`,
    });
  };
  const json = { accept: 'application/json' };
  return {
    note: `lead-markers: group ${groupId}, zoom 14 viewport with ${markers.Leads.length} leads and ${markers.Clusters.length} clusters`,
    calls: [
      {
        name: 'bare route (PUT services/shim-tests/http-put)',
        request: { method: 'PUT', path: '/api/services/shim-tests/http-put', headers: json },
      },
      {
        name: 'GET Home/identity as staff',
        request: {
          method: 'GET',
          path: '/api/Home/identity',
          headers: { ...json, authorization: `Bearer ${staff}` },
        },
      },
      {
        name: 'GET lead-markers as rep, zoom 14',
        request: {
          method: 'GET',
          path: markersPath,
          headers: { ...json, 'accept-encoding': 'gzip', authorization: `Bearer ${rep}` },
        },
      },
      {
        name: 'POST time-entries (Idempotency-Key)',
        request: {
          method: 'POST',
          path: '/api/time-entries',
          headers: { ...json, 'content-type': 'application/json', authorization: `Bearer ${staff}` },
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'idempotency-key': randomUUID() },
            body: entry(),
          }),
        },
      },
    ],
  };
}

interface Row {
  call: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  rss: number;
  /** Server CPU (all threads) per answered request, ms. */
  cpuMs: number;
}

async function load(base: string, child: ChildProcess, call: Call, connections: number): Promise<Row> {
  const cpuBefore = cpuSeconds(child.pid ?? 0);
  const result = await autocannon({
    url: base,
    connections,
    duration: DURATION,
    timeout: 10,
    requests: [call.request],
  });
  return {
    call: call.name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    rss: rssMb(child.pid ?? 0),
    cpuMs: ((cpuSeconds(child.pid ?? 0) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
  };
}

function table(title: string, rows: Row[], note: string): string {
  const bare = new Map(rows.filter((r) => r.call.startsWith('bare')).map((r) => [r.connections, r.rps]));
  const lines = [
    `${title} — ${DURATION} s per line; ${note}`,
    '',
    '| call | connections | req/s | p50 ms | p99 ms | errors / time-outs / non-2xx | server RSS MB | × bare route | server CPU ms/req |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const r of rows) {
    const ratio = r.rps / (bare.get(r.connections) ?? r.rps);
    lines.push(
      `| ${r.call} | ${r.connections} | ${Math.round(r.rps).toLocaleString('en-CA')} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.timeouts} / ${r.non2xx} | ${r.rss} | ${ratio >= 0.1 ? ratio.toFixed(2) : ratio.toFixed(3)} | ${r.cpuMs.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

async function run(title: string, env: Record<string, string>, port: number): Promise<void> {
  const child = await startBuiltServer(server, port, env);
  try {
    await sleep(2000);
    const idle = rssMb(child.pid ?? 0);
    const base = `http://127.0.0.1:${port}`;
    const { calls, note } = await prepare(base);
    const rows: Row[] = [];
    for (const call of calls.filter((c) => !ONLY || ONLY.some((word) => c.name.includes(word))))
      for (const connections of CONNECTIONS) {
        // A short warm-up (JIT, query plans, caches), not counted.
        await autocannon({ url: base, connections: 10, amount: 200, requests: [call.request] });
        rows.push(await load(base, child, call, connections));
      }
    console.log(`\n${table(title, rows, `${note}; server RSS at idle after start ${idle} MB`)}`);
  } finally {
    await stopBuiltServer(child);
  }
}

async function onPostgres(url: string): Promise<void> {
  const name = `apex_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await run('PostgreSQL server (DATABASE_URL)', { DATABASE_URL: target.toString() }, 18_962);
  } finally {
    const drop = new pg.Client({ connectionString: url });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
}

if (!process.env.BENCH_SERVER && !process.env.BENCH_NO_BUILD)
  execSync('npx tsx scripts/build-server.ts', { cwd: root, stdio: 'inherit' });
if (!existsSync(server)) throw new Error(`no built server at ${server}`);
console.log(`http-load: ${server}, ${DURATION} s per call, connections ${CONNECTIONS.join(' and ')}`);

if (DATABASES.includes('embedded')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'apex-load-bench-'));
  try {
    await run('Embedded database (PGlite, DATA_DIR)', { DATA_DIR: dataDir }, 18_961);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (DATABASES.includes('postgresql')) {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) await onPostgres(url);
  else {
    // A throwaway server for this pass only (as `npm test` runs its PostgreSQL pass).
    const again = spawnSync(
      join(root, 'scripts', 'with-postgres.sh'),
      [process.execPath, '--import', 'tsx', import.meta.filename],
      {
        stdio: 'inherit',
        env: { ...process.env, BENCH_DATABASES: 'postgresql', BENCH_NO_BUILD: '1' },
      },
    );
    if (again.status === 3)
      console.log('\nPostgreSQL: not run (no TEST_DATABASE_URL / DATABASE_URL, no binaries)');
  }
}
