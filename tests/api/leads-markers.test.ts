// Lead markers past the limit: the viewport is answered on a grid of clusters that covers all of it
// (not the first `limit` rows the index gives, which were the southernmost band), with counts adding
// up to every matching lead, by status, within what the caller may see.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, leadStatuses } from '../../server/db/tables';
import type {
  LeadCluster,
  LeadGroup,
  LeadMarker,
  LeadMarkers,
  TerritoryLeadMarkers,
} from '../../src/contract/leads';
import { tileBbox, tileKey, tileOf } from '../../src/features/leads/viewport';
import { dbOf } from './db';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let rep: Session;
let group: LeadGroup;
const status: Record<string, number> = {};
let repId = 0;

// Greater Toronto, about 16 km × 13 km. 600 leads on a jittered 30 × 20 grid over its inner part,
// and one lead alone in the north-east corner.
const BOX = { west: -79.5, south: 43.6, east: -79.3, north: 43.72 };
const BOX_QUERY = `west=${BOX.west}&south=${BOX.south}&east=${BOX.east}&north=${BOX.north}`;
const MID_LATITUDE = (BOX.south + BOX.north) / 2;
const LONELY = { Latitude: 43.718, Longitude: -79.305 };
const TOTAL = 601;

beforeAll(async () => {
  t = await createTestApp();
  [manager, rep] = await Promise.all(['manager', 'rep'].map((u) => t.signIn(u)));
  const db = dbOf(t);
  for (const s of await db.select().from(leadStatuses).where(eq(leadStatuses.DivisionID, 35)))
    status[s.Name] = s.LeadStatusID;
  repId = (await db.select().from(employees).where(eq(employees.UserName, 'rep')))[0].EmployeeID;
  const groups = (await manager.call({ method: 'GET', url: '/api/lead-groups' })).json<LeadGroup[]>();
  const toronto = groups.find((g) => g.Name === 'Toronto West End')!;
  group = (
    await manager.call({
      method: 'POST',
      url: '/api/lead-groups',
      payload: { Name: 'Grouped markers', DivisionID: 35, IcdCorporationID: toronto.IcdCorporationID },
    })
  ).json<LeadGroup>();
  const cycle = [null, status.Sold, status.Interested, status['Not Home']];
  const rows = Array.from({ length: 600 }, (_, i) => {
    const col = i % 30;
    const row = Math.floor(i / 30);
    return {
      LeadGroupID: group.LeadGroupID,
      Latitude: 43.61 + (row + 0.5 + 0.3 * Math.sin(i)) * (0.09 / 20),
      Longitude: -79.49 + (col + 0.5 + 0.3 * Math.cos(i)) * (0.16 / 30),
      StreetLine1: `${i + 1} Grid St`,
      City: 'Toronto',
      ...(cycle[i % 4] === null ? {} : { LeadStatusID: cycle[i % 4] }),
    };
  });
  rows.push({ LeadGroupID: group.LeadGroupID, ...LONELY, StreetLine1: '1 Lonely Rd', City: 'Toronto' });
  const bulk = await manager.call({ method: 'POST', url: '/api/leads/bulk', payload: rows });
  expect(bulk.statusCode).toBe(201);
  const created = bulk.json<{ LeadIDs: number[] }>().LeadIDs;
  // 30 of the northern leads are the rep's.
  const assign = await manager.call({
    method: 'PATCH',
    url: '/api/leads/bulk',
    payload: { LeadIDs: created.slice(560, 590), AssignedReps: [repId] },
  });
  expect(assign.json()).toEqual({ UpdatedCount: 30 });
});
afterAll(() => t.close());

const get = async <T>(s: Session, url: string) => {
  const res = await s.call({ method: 'GET', url: `/api${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const markersUrl = (extra: string) => `/lead-markers?leadGroupId=${group.LeadGroupID}&${BOX_QUERY}&${extra}`;
const counted = (body: LeadMarkers) => body.Leads.length + body.Clusters.reduce((sum, c) => sum + c.Count, 0);
const north = (p: { Latitude: number }) => p.Latitude > MID_LATITUDE;

describe('lead markers past the limit', () => {
  let all: LeadMarker[];
  beforeAll(async () => {
    const full = await get<LeadMarkers>(manager, markersUrl(''));
    expect(full.Truncated).toBe(false);
    expect(full.Clusters).toEqual([]);
    all = full.Leads;
    expect(all).toHaveLength(TOTAL);
  });

  it('covers the whole viewport: clusters north and south whose counts add up to every lead', async () => {
    const body = await get<LeadMarkers>(manager, markersUrl('zoom=11&limit=50'));
    expect(body.Truncated).toBe(true);
    expect(body.Clusters.length).toBeGreaterThan(10);
    expect(counted(body)).toBe(TOTAL);
    // Both halves of the map hold what they really hold (the old answer had only the south).
    for (const half of [north, (p: { Latitude: number }) => !north(p)]) {
      const shown =
        body.Clusters.filter(half).reduce((sum, c) => sum + c.Count, 0) + body.Leads.filter(half).length;
      expect(shown).toBeGreaterThan(200);
      expect(Math.abs(shown - all.filter(half).length)).toBeLessThan(30);
    }
    // Cells are tiles three levels below the map's zoom; each counts exactly the leads lying in it.
    const byTile = new Map<string, LeadMarker[]>();
    for (const l of all) {
      const key = tileKey(tileOf(l.Latitude, l.Longitude, 14));
      byTile.set(key, [...(byTile.get(key) ?? []), l]);
    }
    for (const c of body.Clusters) {
      expect(c.Zoom).toBe(14);
      const inside = byTile.get(tileKey(c)) ?? [];
      expect(c.Count).toBe(inside.length);
      expect(tileKey(tileOf(c.Latitude, c.Longitude, c.Zoom))).toBe(tileKey(c));
      expect(c.Latitude).toBeCloseTo(inside.reduce((s, l) => s + l.Latitude, 0) / inside.length, 9);
      expect(c.StatusCounts.reduce((s, x) => s + x.Count, 0)).toBe(c.Count);
      for (const sc of c.StatusCounts)
        expect(sc.Count).toBe(inside.filter((l) => l.LeadStatusID === sc.LeadStatusID).length);
    }
    // A lead alone in its cell comes as itself, with its statuses merged on.
    expect(body.Leads.length).toBeGreaterThan(0);
    for (const l of body.Leads) {
      const twin = all.find((x) => x.LeadID === l.LeadID);
      expect(l).toEqual(twin);
      expect(byTile.get(tileKey(tileOf(l.Latitude, l.Longitude, 14)))).toHaveLength(1);
    }
    expect(body.Leads.some((l) => l.Latitude === LONELY.Latitude && l.Longitude === LONELY.Longitude)).toBe(
      true,
    );
  });

  it('the status filter and the rep’s scope apply to the clusters', async () => {
    const sold = await get<LeadMarkers>(manager, markersUrl(`zoom=11&limit=20&statusIds=${status.Sold}`));
    expect(sold.Truncated).toBe(true);
    expect(counted(sold)).toBe(all.filter((l) => l.LeadStatusID === status.Sold).length);
    for (const c of sold.Clusters)
      expect(c.StatusCounts).toEqual([{ LeadStatusID: status.Sold, Count: c.Count }]);

    const mine = await get<LeadMarkers>(rep, markersUrl('zoom=11&limit=5'));
    expect(mine.Truncated).toBe(true);
    expect(counted(mine)).toBe(30);
    // The rep's leads are all in the north: no cluster of someone else's leads in the south.
    expect([...mine.Clusters, ...mine.Leads].every(north)).toBe(true);
  });

  it('lead-territories/lead-markers is grouped the same way', async () => {
    const body = await get<TerritoryLeadMarkers>(
      manager,
      `/lead-territories/lead-markers?leadGroupId=${group.LeadGroupID}&${BOX_QUERY}&zoom=11&limit=50`,
    );
    expect(body.Truncated).toBe(true);
    expect(counted(body)).toBe(TOTAL);
    expect(body.TerritoriesLeadsCounts).toEqual([]);
  });

  it('sizes the grid from the box without a zoom, and keeps it bounded at any zoom', async () => {
    const boxed = await get<LeadMarkers>(manager, markersUrl('limit=50'));
    const zooms = new Set(boxed.Clusters.map((c: LeadCluster) => c.Zoom));
    expect(zooms.size).toBe(1);
    const columns = new Set(boxed.Clusters.map((c) => c.X));
    expect(columns.size).toBeGreaterThanOrEqual(8);
    expect(columns.size).toBeLessThanOrEqual(17);
    expect(counted(boxed)).toBe(TOTAL);

    // Zoomed far in over a city-sized box: a coarser grid (at most 4096 cells over the box).
    const deep = await get<LeadMarkers>(manager, markersUrl('zoom=22&limit=100'));
    expect(counted(deep)).toBe(TOTAL);
    expect(deep.Leads.length).toBeLessThanOrEqual(100);
    const z = deep.Clusters[0]?.Zoom ?? 0;
    expect(z).toBeLessThan(24);
    const span = (a: number, b: number) => b - a + 1;
    const west = tileOf(BOX.north, BOX.west, z);
    const east = tileOf(BOX.south, BOX.east, z);
    expect(span(west.X, east.X) * span(west.Y, east.Y)).toBeLessThanOrEqual(4096);
  });

  it('a box within one row of cells is grouped too', async () => {
    const cell = tileBbox(tileOf(43.65, -79.45, 14));
    const box = {
      west: cell.west,
      south: cell.south + 1e-6,
      east: cell.east + 0.01,
      north: cell.north - 1e-6,
    };
    const inBox = all.filter(
      (l) =>
        l.Latitude >= box.south &&
        l.Latitude <= box.north &&
        l.Longitude >= box.west &&
        l.Longitude <= box.east,
    );
    expect(inBox.length).toBeGreaterThan(2);
    const body = await get<LeadMarkers>(
      manager,
      `/lead-markers?leadGroupId=${group.LeadGroupID}&west=${box.west}&south=${box.south}&east=${box.east}&north=${box.north}&zoom=11&limit=1`,
    );
    expect(body.Truncated).toBe(true);
    expect(new Set(body.Clusters.map((c) => c.Y)).size).toBe(1);
    expect(counted(body)).toBe(inBox.length);
  });

  it('up to the limit every lead comes one by one, with no clusters', async () => {
    const body = await get<LeadMarkers>(manager, markersUrl(`zoom=11&limit=${TOTAL}`));
    expect(body.Truncated).toBe(false);
    expect(body.Clusters).toEqual([]);
    expect(body.Leads).toHaveLength(TOTAL);
  });
});
