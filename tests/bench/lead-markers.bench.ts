// Benchmark: lead markers of a viewport with 100 000 leads in one lead group (budget: 200 ms per
// answer, README "Benchmarks"). Builds the app on an in-memory PGlite (or, with
// TEST_DATABASE_URL, a PostgreSQL server), inserts the leads in chunks, then times 50 viewport queries
// through app.inject, as a manager (whole group) and as a rep (2 % of the leads assigned, and a
// territory of a quarter of the city worked by the rep's office),
// on the bare marker query (lead-markers) and on the one the map page makes
// (lead-territories/lead-markers: markers, territories and their lead counts). Two kinds of viewport:
// city block to neighbourhood sized boxes (every lead one by one), and the boxes the map page asks for
// on a phone at city zooms 11–14 (its snapped box and zoom), where the group holds more leads than
// one answer carries and the server answers clusters on a grid. Payloads as JSON and gzipped.
// Prints the figures; asserts nothing (timings vary by machine). The time to a first clustered render
// in Chromium is lead-map-render.bench.ts.
//
// First, under HTTP load (autocannon against the server in its own process on a temporary DATA_DIR
// with the demo company, the embedded database): GET lead-markers as the rep at zoom 14, a phone's
// viewport around the middle of the rep's leads — warm (the same viewport again and again, as
// http-load.bench.ts asks), cold (every request another viewport: a rep panning, so each answer is
// built, from the cells kept in memory), revalidated (If-None-Match: 304), and the first answer after a
// change to one of the group's leads.
//   npx tsx tests/bench/lead-markers.bench.ts
//   BENCH_HTTP_ONLY=1 BENCH_DURATION=5 npx tsx tests/bench/lead-markers.bench.ts   (BENCH_NO_HTTP=1: the rest only)
//   BENCH_SERVER_DIR=/tmp/older-checkout …   (another checkout's server/main.ts, e.g. to compare commits)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { and, eq, lt, sql } from 'drizzle-orm';
import {
  corporations,
  employees,
  icdOffices,
  leadAssignments,
  leadGroups,
  leadStatuses,
  leads,
  territories,
  territoryOffices,
} from '../../server/db/tables';
import { Division } from '../../src/contract/common';
import type { LeadMarkers } from '../../src/contract/leads';
import { snapViewport } from '../../src/features/leads/viewport';
import { createTestApp, type Session } from '../api/helpers';

const LEADS = 100_000;
const CHUNK = 5_000;
const QUERIES = 50;
const BUDGET_MS = 200;
// Greater Toronto: about 16 km × 13 km.
const AREA = { south: 43.6, north: 43.72, west: -79.52, east: -79.32 };

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A phone's map (390 × 700 px of map) at `zoom` around a point, as MapLibre sizes it (512 px tiles). */
function phoneView(lat: number, lng: number, zoom: number) {
  const metresPerPx = (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom);
  const dLat = (700 * metresPerPx) / 2 / 111_320;
  const dLng = (390 * metresPerPx) / 2 / (111_320 * Math.cos((lat * Math.PI) / 180));
  return { west: lng - dLng, south: lat - dLat, east: lng + dLng, north: lat + dLat };
}

const rawSizes: number[] = [];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo!2026apex';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(dir: string, dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(dir, 'server', 'main.ts')], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (Date.now() - started > 240_000) throw new Error('the server did not answer within 240 s');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/app/states`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

async function signIn(base: string, userName: string): Promise<string> {
  const login = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: userName, Password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in as ${userName}: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'apex-pwa' }),
  });
  return (await token.json()) as string;
}

/** CPU time (user + system, all threads) the process has used, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The HTTP load part: warm, cold and revalidated lead-markers as the rep at zoom 14. */
async function httpLoad(): Promise<void> {
  const dir = process.env.BENCH_SERVER_DIR ?? join(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'apex-markers-bench-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = await startServer(dir, dataDir, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const rep = await signIn(base, 'rep');
    const manager = await signIn(base, 'manager');
    const auth = { authorization: `Bearer ${rep}`, accept: 'application/json', 'accept-encoding': 'gzip' };
    const page = (await (await fetch(`${base}/api/leads?pageSize=500`, { headers: auth })).json()) as {
      Items: Array<{ LeadID: number; LeadGroupID: number; Latitude: number; Longitude: number }>;
    };
    const byGroup = new Map<number, typeof page.Items>();
    for (const l of page.Items) byGroup.set(l.LeadGroupID, [...(byGroup.get(l.LeadGroupID) ?? []), l]);
    const [groupId, mine] = [...byGroup].sort((a, b) => b[1].length - a[1].length)[0];
    const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const lat = mid(mine.map((l) => l.Latitude));
    const lng = mid(mine.map((l) => l.Longitude));
    const v = snapViewport(phoneView(lat, lng, 14), 14);
    const path = (b: { west: number; south: number; east: number; north: number }) =>
      `/api/lead-markers?leadGroupId=${groupId}&west=${b.west}&south=${b.south}&east=${b.east}&north=${b.north}&zoom=14`;
    const warmPath = path(v.bbox);
    const first = await fetch(`${base}${warmPath}`, { headers: auth });
    const body = (await first.json()) as LeadMarkers;
    const etag = first.headers.get('etag');
    console.log(
      `  HTTP load (server in its own process, embedded database, demo company; ${DURATION} s per line): rep, group ${groupId}, zoom 14 phone viewport with ${body.Leads.length} leads and ${body.Clusters.length} clusters`,
    );
    // Cold: a rep panning — every request another viewport (about a screen around the leads).
    const rnd = random(7);
    const spread = phoneView(lat, lng, 13);
    const coldPath = () => {
      const c = phoneView(
        spread.south + rnd() * (spread.north - spread.south),
        spread.west + rnd() * (spread.east - spread.west),
        14,
      );
      return path({
        west: Number(c.west.toFixed(6)),
        south: Number(c.south.toFixed(6)),
        east: Number(c.east.toFixed(6)),
        north: Number(c.north.toFixed(6)),
      });
    };
    const runs: [string, autocannon.Request][] = [
      ['warm (same viewport)', { method: 'GET', path: warmPath, headers: auth }],
      [
        'cold (a new viewport each request)',
        {
          method: 'GET',
          path: warmPath,
          headers: auth,
          setupRequest: (req) => ({ ...req, path: coldPath() }),
        },
      ],
    ];
    if (etag)
      runs.push([
        'revalidated (If-None-Match → 304)',
        { method: 'GET', path: warmPath, headers: { ...auth, 'if-none-match': etag } },
      ]);
    console.log(
      '    | run | connections | req/s | p50 ms | p99 ms | errors / time-outs / non-2xx | server CPU ms per request |',
    );
    console.log('    |---|---:|---:|---:|---:|---|---:|');
    for (const [name, request] of runs)
      for (const connections of [10, 100]) {
        await autocannon({ url: base, connections: 10, amount: 200, requests: [request] });
        const cpu0 = cpuMs(child.pid ?? 0);
        const r = await autocannon({
          url: base,
          connections,
          duration: DURATION,
          timeout: 10,
          requests: [request],
        });
        const cpu = (cpuMs(child.pid ?? 0) - cpu0) / Math.max(1, r.requests.total);
        const non2xx = name.startsWith('revalidated')
          ? r.non2xx - (r.statusCodeStats?.['304']?.count ?? 0)
          : r.non2xx;
        console.log(
          `    | ${name} | ${connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors} / ${r.timeouts} / ${non2xx} | ${cpu.toFixed(2)} |`,
        );
      }
    // The first answer after a change to one of the group's leads (the group is read again).
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const lead = mine[i % mine.length];
      const patch = await fetch(`${base}/api/leads/${lead.LeadID}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          Location: { Latitude: lead.Latitude + (i % 2 ? 1e-5 : -1e-5), Longitude: lead.Longitude },
        }),
      });
      if (!patch.ok) throw new Error(`PATCH leads/${lead.LeadID}: ${patch.status} ${await patch.text()}`);
      const t0 = performance.now();
      const res = await fetch(`${base}${warmPath}`, { headers: auth });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `    first answer after a change to a lead of the group: median ${quantile(times, 0.5).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!process.env.BENCH_NO_HTTP) await httpLoad();
  if (process.env.BENCH_HTTP_ONLY) return;
  const started = performance.now();
  const t = await createTestApp();
  const db = t.db;
  const rnd = random(42);
  const [corp] = await db
    .select()
    .from(corporations)
    .where(eq(corporations.ClientName, 'Northwind Field Marketing Inc.'));
  const [group] = await db
    .insert(leadGroups)
    .values({ Name: 'Benchmark 100k', DivisionID: Division.Rogers, IcdCorporationID: corp.IcdCorporationID })
    .returning();
  const statuses = (
    await db.select().from(leadStatuses).where(eq(leadStatuses.DivisionID, Division.Rogers))
  ).map((s) => s.LeadStatusID);
  const [rep] = await db.select().from(employees).where(eq(employees.UserName, 'rep'));

  const insertStart = performance.now();
  for (let done = 0; done < LEADS; done += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, LEADS - done) }, (_, i) => ({
      LeadGroupID: group.LeadGroupID,
      Latitude: AREA.south + rnd() * (AREA.north - AREA.south),
      Longitude: AREA.west + rnd() * (AREA.east - AREA.west),
      LeadStatusID: rnd() < 0.6 ? statuses[Math.floor(rnd() * statuses.length)] : null,
      StreetLine1: `${done + i + 1} Benchmark St`,
      City: 'Toronto',
    }));
    const ids = await db.insert(leads).values(rows).returning({ id: leads.LeadID });
    // 2 % of the doors are assigned to the rep.
    const mine = ids
      .filter(() => rnd() < 0.02)
      .map((r) => ({ LeadID: r.id, EmployeeID: rep.EmployeeID, Role: 2 }));
    if (mine.length) await db.insert(leadAssignments).values(mine);
  }
  // The rep's office works the western quarter of the city as a territory (about 25 000 leads), so
  // the rep's map is grouped at city zooms too.
  const [office] = await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  const split = AREA.west + (AREA.east - AREA.west) / 4;
  const corners = [
    [AREA.west, AREA.south],
    [split, AREA.south],
    [split, AREA.north],
    [AREA.west, AREA.north],
    [AREA.west, AREA.south],
  ];
  const [west] = await db
    .insert(territories)
    .values({
      LeadGroupID: group.LeadGroupID,
      Name: 'Benchmark west',
      Color: '#1c7ed6',
      Polygon: { type: 'Polygon', coordinates: [corners] },
      MinLatitude: AREA.south,
      MinLongitude: AREA.west,
      MaxLatitude: AREA.north,
      MaxLongitude: split,
    })
    .returning();
  await db
    .insert(territoryOffices)
    .values({ TerritoryID: west.TerritoryID, IcdOfficeID: office.IcdOfficeID, FromDate: '2020-01-01' });
  await db
    .update(leads)
    .set({ TerritoryID: west.TerritoryID })
    .where(and(eq(leads.LeadGroupID, group.LeadGroupID), lt(leads.Longitude, split)));
  await db.execute(sql`analyze`);
  const insertMs = performance.now() - insertStart;

  const sessions: [string, Session][] = [
    ['manager', await t.signIn('manager')],
    ['rep', await t.signIn('rep')],
  ];
  console.log(`lead-markers benchmark: ${LEADS.toLocaleString('en-CA')} leads in one group`);
  console.log(
    `  setup ${((performance.now() - started) / 1000).toFixed(1)} s (inserts ${(insertMs / 1000).toFixed(1)} s)`,
  );

  // The bare marker query, and the one the map page makes (markers + the group's territories and
  // their lead counts).
  const endpoints = [
    ['lead-markers', '/api/lead-markers'],
    ['lead-territories/lead-markers', '/api/lead-territories/lead-markers'],
  ] as const;
  // Street to neighbourhood: from a city block (~200 m) to a neighbourhood (~1.6 km) across.
  const small = Array.from({ length: QUERIES }, (_, i) => {
    const spanKm = 0.2 + (1.4 * i) / (QUERIES - 1);
    const dLat = spanKm / 111;
    const dLng = spanKm / (111 * Math.cos((43.66 * Math.PI) / 180));
    const south = AREA.south + rnd() * (AREA.north - AREA.south - dLat);
    const west = AREA.west + rnd() * (AREA.east - AREA.west - dLng);
    return `west=${west.toFixed(6)}&south=${south.toFixed(6)}&east=${(west + dLng).toFixed(6)}&north=${(south + dLat).toFixed(6)}`;
  });
  // City zooms 11 to 14 on a phone, as the map page asks: the snapped box and the whole zoom.
  const city = Array.from({ length: QUERIES }, (_, i) => {
    const zoom = 11 + (3.9 * i) / (QUERIES - 1);
    const lat = AREA.south + rnd() * (AREA.north - AREA.south);
    const lng = AREA.west + rnd() * (AREA.east - AREA.west);
    const v = snapViewport(phoneView(lat, lng, zoom), zoom);
    return `west=${v.bbox.west}&south=${v.bbox.south}&east=${v.bbox.east}&north=${v.bbox.north}&zoom=${v.zoom}`;
  });
  const scenarios = [
    ['street to neighbourhood boxes', small],
    ['phone at city zoom 11–14', city],
  ] as const;
  for (const [scenario, boxes] of scenarios)
    for (const [who, session] of sessions)
      for (const [name, path] of endpoints) {
        // Warm-up (query plans, JIT).
        for (let i = 0; i < 3; i++)
          await session.call({ method: 'GET', url: `${path}?leadGroupId=${group.LeadGroupID}&${boxes[i]}` });
        const times: number[] = [];
        const sizes: number[] = [];
        const counts: number[] = [];
        const clusters: number[] = [];
        let grouped = 0;
        for (const box of boxes) {
          const url = `${path}?leadGroupId=${group.LeadGroupID}&${box}`;
          const t0 = performance.now();
          const res = await session.call({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
          times.push(performance.now() - t0);
          if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
          sizes.push(res.rawPayload.length);
          const body =
            res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
          const answer = JSON.parse(body.toString()) as LeadMarkers;
          counts.push(answer.Leads.length);
          clusters.push(answer.Clusters.length);
          if (answer.Truncated) grouped++;
          rawSizes.push(body.length);
        }
        const sorted = [...times].sort((a, b) => a - b);
        const bySize = [...sizes].sort((a, b) => a - b);
        const byCount = [...counts].sort((a, b) => a - b);
        const byClusters = [...clusters].sort((a, b) => a - b);
        const byRaw = rawSizes.splice(0).sort((a, b) => a - b);
        const median = quantile(sorted, 0.5);
        const p95 = quantile(sorted, 0.95);
        console.log(`  ${scenario}, as ${who}: ${QUERIES} viewport queries, ${name}`);
        console.log(
          `    time   median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (budget ${BUDGET_MS} ms: ${p95 <= BUDGET_MS ? 'within' : 'OVER'})`,
        );
        console.log(
          `    ${grouped} grouped; markers median ${quantile(byCount, 0.5)}, max ${byCount.at(-1)}; clusters median ${quantile(byClusters, 0.5)}, max ${byClusters.at(-1)}; payload median ${(quantile(byRaw, 0.5) / 1024).toFixed(1)} KB JSON (${(quantile(bySize, 0.5) / 1024).toFixed(1)} KB gzip), max ${(byRaw.at(-1)! / 1024).toFixed(1)} KB JSON`,
        );
      }
  await t.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
