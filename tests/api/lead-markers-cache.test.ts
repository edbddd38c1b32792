// The map's answers from memory (server/modules/leads/markers-cache.ts): the same answers as the direct
// SQL computation for random viewports, zooms, limits and filters, as a manager and as a rep; a change
// to a lead (through the API, or written straight into the database as an import job or psql would)
// changes the next answer and leaves other groups' answers as they were; a rep never reads what a
// manager's requests put in the cache; ETag and 304; and, on a PostgreSQL server, two instances over one
// database see each other's changes.
import { gunzipSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import {
  employees,
  icdOffices,
  leadAssignments,
  leadStatuses,
  leads,
  territories,
  territoryOffices,
} from '../../server/db/tables';
import { rowLatitude, tileY } from '../../server/domain/leads/cluster-grid';
import { type Actor, loadActor } from '../../server/modules/access/service';
import { markerCaches } from '../../server/modules/leads/markers-cache';
import { leadMarkers, territoryLeadMarkers } from '../../server/modules/leads/markers-service';
import {
  type LeadGroup,
  type LeadMarkers,
  LeadMarkersQuery,
  LeadMarkers as LeadMarkersSchema,
  LeadStatusType,
  type TerritoryLeadMarkers,
  TerritoryLeadMarkers as TerritoryLeadMarkersSchema,
} from '../../src/contract/leads';
import { createTestApp, type Session, type TestApp } from './helpers';

// Greater Toronto, about 16 km × 13 km.
const AREA = { west: -79.5, south: 43.6, east: -79.3, north: 43.72 };

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

let t: TestApp;
let manager: Session;
let rep: Session;
let managerActor: Actor;
let repActor: Actor;
let repId = 0;
let group: LeadGroup;
let other: LeadGroup;
let west = 0;
const statusIds: number[] = [];
const current: number[] = [];
const declarations: number[] = [];
const leadIds: number[] = [];

async function newGroup(name: string): Promise<LeadGroup> {
  const groups = (await manager.call({ method: 'GET', url: '/api/lead-groups' })).json<LeadGroup[]>();
  const toronto = groups.find((g) => g.Name === 'Toronto West End')!;
  const res = await manager.call({
    method: 'POST',
    url: '/api/lead-groups',
    payload: { Name: name, DivisionID: 35, IcdCorporationID: toronto.IcdCorporationID },
  });
  expect(res.statusCode).toBe(201);
  return res.json<LeadGroup>();
}

beforeAll(async () => {
  t = await createTestApp();
  [manager, rep] = await Promise.all(['manager', 'rep'].map((u) => t.signIn(u)));
  repId = (await t.db.select().from(employees).where(eq(employees.UserName, 'rep')))[0].EmployeeID;
  const managerId = (await t.db.select().from(employees).where(eq(employees.UserName, 'manager')))[0]
    .EmployeeID;
  managerActor = (await loadActor(t.db, managerId))!;
  repActor = (await loadActor(t.db, repId))!;
  for (const s of await t.db.select().from(leadStatuses).where(eq(leadStatuses.DivisionID, 35))) {
    statusIds.push(s.LeadStatusID);
    if (s.TypeFlags & LeadStatusType.Declaration) declarations.push(s.LeadStatusID);
    else current.push(s.LeadStatusID);
  }
  group = await newGroup('Cached markers');
  other = await newGroup('Cached markers, other group');
  const rnd = random(7);
  // 900 leads: clumps (many to a cell at city zooms) and scattered ones, a few on one spot.
  const rows = Array.from({ length: 900 }, (_, i) => {
    const clump = i % 3 === 0;
    const cx = -79.45 + 0.1 * ((i % 7) / 7);
    const cy = 43.63 + 0.06 * ((i % 5) / 5);
    const same = i % 50 === 1;
    return {
      LeadGroupID: group.LeadGroupID,
      Latitude: same ? 43.65 : clump ? cy + rnd() * 0.004 : AREA.south + rnd() * (AREA.north - AREA.south),
      Longitude: same ? -79.4 : clump ? cx + rnd() * 0.004 : AREA.west + rnd() * (AREA.east - AREA.west),
      StreetLine1: `${i + 1} Cache St`,
      City: 'Toronto',
      LeadStatusID: rnd() < 0.3 ? null : current[Math.floor(rnd() * current.length)],
      DeclaredStatusID: rnd() < 0.5 ? null : declarations[Math.floor(rnd() * declarations.length)],
    };
  });
  // Straight into the database (an import would do the same): the statuses as they come.
  const inserted = await t.db.insert(leads).values(rows).returning({ id: leads.LeadID });
  leadIds.push(...inserted.map((r) => r.id));
  // A sixth of them are the rep's.
  await t.db
    .insert(leadAssignments)
    .values(leadIds.filter((_, i) => i % 6 === 0).map((LeadID) => ({ LeadID, EmployeeID: repId, Role: 2 })));
  // The rep's office works the western third as a territory.
  const [office] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
  const split = AREA.west + (AREA.east - AREA.west) / 3;
  const ring = [
    [AREA.west, AREA.south],
    [split, AREA.south],
    [split, AREA.north],
    [AREA.west, AREA.north],
    [AREA.west, AREA.south],
  ];
  const [territory] = await t.db
    .insert(territories)
    .values({
      LeadGroupID: group.LeadGroupID,
      Name: 'Cache west',
      Color: '#1c7ed6',
      Polygon: { type: 'Polygon', coordinates: [ring] },
      MinLatitude: AREA.south,
      MinLongitude: AREA.west,
      MaxLatitude: AREA.north,
      MaxLongitude: split,
    })
    .returning();
  west = territory.TerritoryID;
  await t.db
    .insert(territoryOffices)
    .values({ TerritoryID: west, IcdOfficeID: office.IcdOfficeID, FromDate: '2020-01-01' });
  await t.db
    .update(leads)
    .set({ TerritoryID: west })
    .where(and(eq(leads.LeadGroupID, group.LeadGroupID), inArray(leads.LeadID, leadIds.slice(0, 900))));
  // …of the leads west of the split only.
  const rowsNow = await t.db.select().from(leads).where(eq(leads.LeadGroupID, group.LeadGroupID));
  const east = rowsNow.filter((r) => r.Longitude >= split).map((r) => r.LeadID);
  await t.db.update(leads).set({ TerritoryID: null }).where(inArray(leads.LeadID, east));
  // The other group: a few leads.
  const small = await manager.call({
    method: 'POST',
    url: '/api/leads/bulk',
    payload: Array.from({ length: 40 }, (_, i) => ({
      LeadGroupID: other.LeadGroupID,
      Latitude: 43.64 + i * 0.001,
      Longitude: -79.41 + i * 0.001,
      StreetLine1: `${i + 1} Other St`,
      City: 'Toronto',
    })),
  });
  expect(small.statusCode).toBe(201);
}, 120_000);
afterAll(() => t?.close());

const cacheOf = (instance: TestApp) => markerCaches.get(instance.app.server)!;

type Query = Record<string, string>;
const queryString = (q: Query) => new URLSearchParams(q).toString();

async function cached<T>(s: Session, path: string, q: Query, instance = t): Promise<T> {
  const res = await instance.app.inject({
    method: 'GET',
    url: `/api/${path}?${queryString(q)}`,
    headers: { authorization: `Bearer ${s.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** The answer as the SQL computes it (markers-service.ts), through the response schema. */
async function direct(actor: Actor, path: string, q: Query): Promise<LeadMarkers | TerritoryLeadMarkers> {
  const query = LeadMarkersQuery.parse(q);
  if (path === 'lead-markers') return LeadMarkersSchema.parse(await leadMarkers({ db: t.db, actor, query }));
  return TerritoryLeadMarkersSchema.parse(await territoryLeadMarkers({ db: t.db, actor, query }));
}

/** Order-free form: leads by id, clusters by cell, counts by status; centroids compared apart. */
function normal(answer: LeadMarkers | TerritoryLeadMarkers) {
  const byStatus = (a: { LeadStatusID: number | null }, b: { LeadStatusID: number | null }) =>
    (a.LeadStatusID ?? 0) - (b.LeadStatusID ?? 0);
  const clusters = [...answer.Clusters].sort((a, b) => a.Y - b.Y || a.X - b.X);
  return {
    ...answer,
    Leads: [...answer.Leads].sort((a, b) => a.LeadID - b.LeadID),
    Clusters: clusters.map(({ Latitude, Longitude, ...rest }) => rest),
    centroids: clusters.map((c) => [c.Latitude, c.Longitude]),
    ...('TerritoriesLeadsCounts' in answer
      ? {
          TerritoriesLeadsCounts: answer.TerritoriesLeadsCounts.map((c) => ({
            ...c,
            StatusCounts: [...c.StatusCounts].sort(byStatus),
          })),
        }
      : {}),
  };
}

function expectSame(
  got: LeadMarkers | TerritoryLeadMarkers,
  want: LeadMarkers | TerritoryLeadMarkers,
  what: string,
) {
  const a = normal(got);
  const b = normal(want);
  const { centroids: ca, ...restA } = a;
  const { centroids: cb, ...restB } = b;
  expect(restA, what).toEqual(restB);
  expect(ca.length).toBe(cb.length);
  ca.forEach((c, i) => {
    expect(Math.abs(c[0] - cb[i][0]), what).toBeLessThan(1e-9);
    expect(Math.abs(c[1] - cb[i][1]), what).toBeLessThan(1e-9);
  });
}

function randomQuery(rnd: () => number): Query {
  const q: Query = { leadGroupId: String(group.LeadGroupID) };
  if (rnd() < 0.9) {
    const w = 0.005 + rnd() * 0.25;
    const h = 0.004 + rnd() * 0.15;
    const west = AREA.west - 0.02 + rnd() * (AREA.east - AREA.west);
    const south = AREA.south - 0.02 + rnd() * (AREA.north - AREA.south);
    Object.assign(q, {
      west: west.toFixed(6),
      south: south.toFixed(6),
      east: (west + w).toFixed(6),
      north: (south + h).toFixed(6),
    });
  }
  if (rnd() < 0.8) q.zoom = String(9 + Math.floor(rnd() * 9));
  q.limit = String([3, 10, 40, 150, 5000][Math.floor(rnd() * 5)]);
  const f = rnd();
  if (f < 0.15) q.statusIds = `${current[0]},${current[2]}`;
  else if (f < 0.25) q.declaredStatusIds = `${declarations[0]},${declarations[1]}`;
  else if (f < 0.32) q.territoryId = String(west);
  return q;
}

describe('lead markers from memory', () => {
  it('answer as the direct computation does, for random viewports, as a manager and as a rep', async () => {
    const rnd = random(2026);
    let grouped = 0;
    let repLeads = 0;
    for (let i = 0; i < 60; i++) {
      const q = randomQuery(rnd);
      for (const path of ['lead-markers', 'lead-territories/lead-markers'])
        for (const [who, session, actor] of [
          ['manager', manager, managerActor],
          ['rep', rep, repActor],
        ] as const) {
          const got = await cached<LeadMarkers>(session, path, q);
          expectSame(got, await direct(actor, path, q), `${who} ${path}?${queryString(q)}`);
          if (got.Truncated) grouped++;
          if (who === 'rep') repLeads += got.Leads.length;
          // Asked again: the kept answer, the same.
          expectSame(await cached<LeadMarkers>(session, path, q), got, `again ${path}?${queryString(q)}`);
        }
    }
    // The random queries exercised both kinds of answer.
    expect(grouped).toBeGreaterThan(20);
    expect(repLeads).toBeGreaterThan(50);
  }, 120_000);

  it('counts a lead on a row edge that is also the box’s edge in the row the SQL counts it in', async () => {
    // Grid zoom 14 (map zoom 11): boxes whose north or south is exactly a tile row's edge, with leads
    // on that edge, in a place of their own.
    const y = tileY(43.705, 14);
    const edges = [rowLatitude(y, 14), rowLatitude(y + 1, 14), rowLatitude(y + 2, 14)];
    const lngs = [-79.33, -79.329, -79.328];
    const edgeGroup = await newGroup('Cached markers, edges');
    const rows = edges.flatMap((Latitude) =>
      lngs.map((Longitude, i) => ({
        LeadGroupID: edgeGroup.LeadGroupID,
        Latitude,
        Longitude,
        StreetLine1: `${i + 1} Edge St`,
        City: 'Toronto',
        LeadStatusID: current[i],
      })),
    );
    const made = await t.db.insert(leads).values(rows).returning({ id: leads.LeadID });
    await t.db
      .insert(leadAssignments)
      .values(made.filter((_, i) => i % 2 === 0).map((r) => ({ LeadID: r.id, EmployeeID: repId, Role: 2 })));
    for (const [south, north] of [
      [edges[1], edges[0]],
      [edges[2], edges[1]],
      [edges[2], edges[0]],
    ])
      for (const limit of ['1', '5000']) {
        const q = {
          leadGroupId: String(edgeGroup.LeadGroupID),
          west: '-79.335',
          south: String(south),
          east: '-79.32',
          north: String(north),
          zoom: '11',
          limit,
        };
        for (const [session, actor] of [
          [manager, managerActor],
          [rep, repActor],
        ] as const)
          expectSame(
            await cached<LeadMarkers>(session, 'lead-markers', q),
            await direct(actor, 'lead-markers', q),
            queryString(q),
          );
      }
  });

  it('never shows a rep what a manager’s requests put in the cache', async () => {
    const q = { leadGroupId: String(group.LeadGroupID), ...strings(AREA), limit: '5000' };
    const all = await cached<LeadMarkers>(manager, 'lead-markers', q);
    const mine = await cached<LeadMarkers>(rep, 'lead-markers', q);
    expect(all.Leads).toHaveLength(900);
    const assigned = new Set(
      (await t.db.select().from(leadAssignments).where(eq(leadAssignments.EmployeeID, repId))).map(
        (r) => r.LeadID,
      ),
    );
    expect(mine.Leads.length).toBeGreaterThan(100);
    expect(mine.Leads.length).toBeLessThan(700);
    for (const l of mine.Leads) expect(assigned.has(l.LeadID) || l.TerritoryID === west).toBe(true);
    expectSame(mine, await direct(repActor, 'lead-markers', q), 'rep after manager');
    // Grouped: the counts are the rep's too.
    const g = { ...q, zoom: '11', limit: '20' };
    await cached<LeadMarkers>(manager, 'lead-markers', g);
    const grouped = await cached<LeadMarkers>(rep, 'lead-markers', g);
    const total = grouped.Leads.length + grouped.Clusters.reduce((s, c) => s + c.Count, 0);
    expect(total).toBe(mine.Leads.length);
  });

  it('answers with an ETag and 304 to a phone that has the answer', async () => {
    const url = `/api/lead-territories/lead-markers?${queryString({ leadGroupId: String(group.LeadGroupID), ...strings(AREA), zoom: '12' })}`;
    const auth = { authorization: `Bearer ${rep.token}` };
    const first = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { ...auth, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another caller's tag is not this one's: the manager gets the whole answer.
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${manager.token}`, 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // Compressed as the request accepts, the same JSON.
    const gz = await t.app.inject({ method: 'GET', url, headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(first.json());
    // A change to one of the rep's leads: a new tag, and the new answer.
    const lead = first.json<TerritoryLeadMarkers>().Leads[0];
    const [{ id: notHome }] = await t.db
      .select({ id: leadStatuses.LeadStatusID })
      .from(leadStatuses)
      .where(and(eq(leadStatuses.DivisionID, 35), eq(leadStatuses.Name, 'Not Home')));
    const knock = await rep.call({
      method: 'PATCH',
      url: `/api/leads/${lead.LeadID}`,
      payload: { LeadStatusID: notHome === lead.LeadStatusID ? null : notHome },
    });
    expect(knock.statusCode, knock.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { ...auth, 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const changed = after.json<TerritoryLeadMarkers>().Leads.find((l) => l.LeadID === lead.LeadID)!;
    expect(changed.LeadStatusID).not.toBe(lead.LeadStatusID);
  });

  it('a moved, edited or deleted lead changes the next answer; another group’s answers stay', async () => {
    const cache = cacheOf(t);
    const q = { leadGroupId: String(group.LeadGroupID), ...strings(AREA), limit: '5000' };
    const qz = { ...q, zoom: '12', limit: '30' };
    const o = { leadGroupId: String(other.LeadGroupID), ...strings(AREA) };
    const before = await cached<LeadMarkers>(manager, 'lead-markers', q);
    const beforeGrouped = await cached<LeadMarkers>(manager, 'lead-markers', qz);
    const otherBefore = await cached<LeadMarkers>(manager, 'lead-markers', o);
    const [a, b, c] = before.Leads.slice(10, 13);

    // Moved and edited through the API (as the phone's knock, or an office edit)…
    const moved = await manager.call({
      method: 'PATCH',
      url: `/api/leads/${a.LeadID}`,
      payload: { Location: { Latitude: 43.7, Longitude: -79.31 } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // …and written straight into the database (an import job, psql): the triggers see it all the same.
    const newStatus = current.find((s) => s !== b.LeadStatusID)!;
    await t.db.update(leads).set({ LeadStatusID: newStatus }).where(eq(leads.LeadID, b.LeadID));
    await t.db.delete(leads).where(eq(leads.LeadID, c.LeadID));

    const loads = cache.stats.groupLoads;
    const after = await cached<LeadMarkers>(manager, 'lead-markers', q);
    expect(after.Leads).toHaveLength(899);
    const find = (id: number) => after.Leads.find((l) => l.LeadID === id);
    expect(find(a.LeadID)).toMatchObject({ Latitude: 43.7, Longitude: -79.31 });
    expect(find(b.LeadID)?.LeadStatusID).toBe(newStatus);
    expect(find(c.LeadID)).toBeUndefined();
    expectSame(after, await direct(managerActor, 'lead-markers', q), 'after the changes');
    const afterGrouped = await cached<LeadMarkers>(manager, 'lead-markers', qz);
    expect(afterGrouped).not.toEqual(beforeGrouped);
    expectSame(afterGrouped, await direct(managerActor, 'lead-markers', qz), 'grouped after the changes');
    expect(cache.stats.groupLoads).toBe(loads + 1);

    // The other group: neither reloaded nor rebuilt, the same answer and tag.
    const reused = cache.stats.answersReused;
    const otherAfter = await cached<LeadMarkers>(manager, 'lead-markers', o);
    expect(otherAfter).toEqual(otherBefore);
    expect(cache.stats.answersReused).toBe(reused + 1);
    expect(cache.stats.groupLoads).toBe(loads + 1);

    // An edit that changes nothing on the map (the address) keeps the group's answers.
    const version = cache.stats.groupLoads;
    await t.db.update(leads).set({ StreetLine1: '1 Quiet St' }).where(eq(leads.LeadID, a.LeadID));
    await cached<LeadMarkers>(manager, 'lead-markers', q);
    expect(cache.stats.groupLoads).toBe(version);
  });

  it('a lead assigned to the rep appears on the rep’s map at once', async () => {
    const q = { leadGroupId: String(group.LeadGroupID), ...strings(AREA), limit: '5000' };
    const before = await cached<LeadMarkers>(rep, 'lead-markers', q);
    const shown = new Set(before.Leads.map((l) => l.LeadID));
    const hidden = (await t.db.select().from(leads).where(eq(leads.LeadGroupID, group.LeadGroupID))).find(
      (l) => !shown.has(l.LeadID),
    )!;
    await t.db.insert(leadAssignments).values({ LeadID: hidden.LeadID, EmployeeID: repId, Role: 2 });
    const after = await cached<LeadMarkers>(rep, 'lead-markers', q);
    expect(after.Leads.map((l) => l.LeadID)).toContain(hidden.LeadID);
    expect(after.Leads).toHaveLength(before.Leads.length + 1);
  });

  it('with the embedded database, learns of changes without a query per request', async () => {
    if (t.databaseUrl) return; // a PostgreSQL server: the version is read per request instead
    const cache = cacheOf(t);
    const q = { leadGroupId: String(group.LeadGroupID), ...strings(AREA), zoom: '13' };
    await cached<LeadMarkers>(rep, 'lead-markers', q);
    const queries = cache.stats.versionQueries;
    for (let i = 0; i < 5; i++) await cached<LeadMarkers>(rep, 'lead-markers', q);
    expect(cache.stats.versionQueries).toBe(queries);
    await t.db.update(leads).set({ Latitude: 43.61 }).where(eq(leads.LeadID, leadIds[0]));
    await cached<LeadMarkers>(rep, 'lead-markers', q);
    expect(cache.stats.versionQueries).toBe(queries + 1);
  });
});

function strings(box: typeof AREA): Query {
  return {
    west: String(box.west),
    south: String(box.south),
    east: String(box.east),
    north: String(box.north),
  };
}

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('two instances on one PostgreSQL database', () => {
  let b: TestApp;
  beforeAll(async () => {
    if (!t.databaseUrl) throw new Error('no database URL');
    b = await createTestApp(
      { seedDemo: false },
      { database: await openDatabase({ databaseUrl: t.databaseUrl }) },
    );
  });
  afterAll(() => b?.close());

  it('each sees the other’s changes at its next answer', async () => {
    const q = { leadGroupId: String(group.LeadGroupID), ...strings(AREA), limit: '5000' };
    const managerB = await b.signIn('manager');
    const onA = await cached<LeadMarkers>(manager, 'lead-markers', q);
    const onB = await cached<LeadMarkers>(managerB, 'lead-markers', q, b);
    expect(normal(onB)).toEqual(normal(onA));
    // A change through A: B's next answer has it.
    const lead = onA.Leads[5];
    const res = await manager.call({
      method: 'PATCH',
      url: `/api/leads/${lead.LeadID}`,
      payload: { Location: { Latitude: 43.705, Longitude: -79.305 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const later = await cached<LeadMarkers>(managerB, 'lead-markers', q, b);
    expect(later.Leads.find((l) => l.LeadID === lead.LeadID)).toMatchObject({ Latitude: 43.705 });
    // And the other way round, written to the database beside B.
    await b.db.delete(leads).where(eq(leads.LeadID, lead.LeadID));
    const onAAgain = await cached<LeadMarkers>(manager, 'lead-markers', q);
    expect(onAAgain.Leads.find((l) => l.LeadID === lead.LeadID)).toBeUndefined();
    expect(onAAgain.Leads).toHaveLength(onA.Leads.length - 1);
  });
});
