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
//   npx tsx tests/bench/lead-markers.bench.ts
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
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

async function main() {
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
