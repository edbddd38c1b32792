// What the map shows: drafts of queued knocks and new leads over the server's markers (pending until
// acknowledged), the union of cached viewports when offline (grouped ones counted once), the server's
// clusters against the leads, and the status filter.
import { describe, expect, it } from 'vitest';
import type { LeadCluster, LeadMarker, TerritoryLeadMarkers } from '../../../src/contract/leads';
import {
  covers,
  filterClusters,
  filterMarkers,
  type LeadDraftLike,
  mergeLeadDrafts,
  NO_STATUS,
  placeInClusters,
  unionViewports,
} from '../../../src/features/leads/merge-markers';
import {
  bboxOfKey,
  snapViewport,
  type Tile,
  tileBbox,
  tileKey,
  tileOf,
} from '../../../src/features/leads/viewport';

const marker = (id: number, status: number | null = null): LeadMarker => ({
  LeadID: id,
  Latitude: 43.66,
  Longitude: -79.41,
  LeadStatusID: status,
  DeclaredStatusID: null,
  TerritoryID: null,
  LeadStatus: status ? { Name: `S${status}`, Color: '#123456' } : null,
  DeclaredStatus: null,
});

const draft = (
  id: number,
  over: Partial<LeadDraftLike> & { data?: Record<string, unknown> } = {},
): LeadDraftLike => ({
  localId: id,
  status: 'pending',
  updatedAt: 1000,
  ...over,
  data: { ...marker(id, 3), LeadGroupID: 1, ...(over.data ?? {}) },
});

describe('mergeLeadDrafts', () => {
  it('a queued knock changes the marker at once and marks it pending', () => {
    const out = mergeLeadDrafts([marker(1, 2), marker(2)], [draft(1)], { groupId: 1, fetchedAt: 5000 });
    expect(out.find((m) => m.LeadID === 1)).toMatchObject({ LeadStatusID: 3, pending: true, failed: false });
    expect(out.find((m) => m.LeadID === 2)?.pending).toBeUndefined();
  });

  it('a new lead with a temporary id is added, flagged local', () => {
    const out = mergeLeadDrafts([marker(1)], [draft(-4)], { groupId: 1, fetchedAt: 0 });
    expect(out).toHaveLength(2);
    expect(out.find((m) => m.LeadID === -4)).toMatchObject({ local: true, pending: true });
  });

  it('a refused change shows as failed', () => {
    const out = mergeLeadDrafts([marker(1)], [draft(1, { status: 'conflict' })], {
      groupId: 1,
      fetchedAt: 0,
    });
    expect(out[0]).toMatchObject({ failed: true, pending: false });
  });

  it('an acknowledged draft wins only over an older server copy', () => {
    const acked = draft(1, { status: 'synced', updatedAt: 2000 });
    expect(mergeLeadDrafts([marker(1, 2)], [acked], { groupId: 1, fetchedAt: 1000 })[0].LeadStatusID).toBe(3);
    expect(mergeLeadDrafts([marker(1, 2)], [acked], { groupId: 1, fetchedAt: 3000 })[0].LeadStatusID).toBe(2);
  });

  it('keeps the temporary id of a lead whose create was acknowledged', () => {
    const out = mergeLeadDrafts([], [draft(812, { status: 'synced', tempId: -4 })], {
      groupId: 1,
      fetchedAt: 0,
    });
    expect(out[0]).toMatchObject({ LeadID: 812, tempId: -4, pending: false });
  });

  it('ignores drafts of other groups and malformed drafts', () => {
    const other = draft(9, { data: { LeadGroupID: 2 } });
    const broken: LeadDraftLike = { localId: 10, status: 'pending', updatedAt: 0, data: { nope: true } };
    expect(mergeLeadDrafts([], [other, broken], { groupId: 1, fetchedAt: 0 })).toEqual([]);
  });
});

const viewport = (leads: LeadMarker[], territoryIds: number[] = []): TerritoryLeadMarkers => ({
  Leads: leads,
  LeadStatuses: [],
  Truncated: false,
  Clusters: [],
  Territories: territoryIds.map((id) => ({
    TerritoryID: id,
    LeadGroupID: 1,
    Name: `T${id}`,
    Color: '#000000',
    Polygon: {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
    CurrentOffice: null,
    Version: 1,
  })),
  TerritoriesLeadsCounts: territoryIds.map((id) => ({ TerritoryID: id, LeadsCount: id, StatusCounts: [] })),
});

describe('unionViewports', () => {
  it('merges cached viewports, the newest copy of a lead winning', () => {
    const u = unionViewports([
      { fetchedAt: 2, data: viewport([marker(1, 5), marker(2)], [7]) },
      { fetchedAt: 1, data: viewport([marker(1, 4), marker(3)], [7, 8]) },
    ]);
    expect(u.Leads.map((l) => l.LeadID).sort()).toEqual([1, 2, 3]);
    expect(u.Leads.find((l) => l.LeadID === 1)?.LeadStatusID).toBe(5);
    expect(u.Territories.map((t) => t.TerritoryID).sort()).toEqual([7, 8]);
  });
});

describe('filterMarkers', () => {
  const all = [marker(1, 2), marker(2, 3), marker(3)];
  it('shows everything with no filter', () => expect(filterMarkers(all, {})).toHaveLength(3));
  it('filters by current status, "no status" included', () => {
    expect(filterMarkers(all, { statusIds: [2] }).map((m) => m.LeadID)).toEqual([1]);
    expect(filterMarkers(all, { statusIds: [NO_STATUS, 3] }).map((m) => m.LeadID)).toEqual([2, 3]);
  });
});

// ---- grouped viewports (more leads than one answer carries) ----------------------------------------

const cluster = (tile: Tile, count: number, statusCounts?: LeadCluster['StatusCounts']): LeadCluster => {
  const box = tileBbox(tile);
  return {
    ...tile,
    Latitude: (box.south + box.north) / 2,
    Longitude: (box.west + box.east) / 2,
    Count: count,
    StatusCounts: statusCounts ?? [{ LeadStatusID: null, Count: count }],
  };
};
const at = (id: number, lat: number, lng: number): LeadMarker => ({
  ...marker(id),
  Latitude: lat,
  Longitude: lng,
});
const grouped = (leads: LeadMarker[], clusters: LeadCluster[]): TerritoryLeadMarkers => ({
  ...viewport(leads),
  Truncated: true,
  Clusters: clusters,
});
const total = (u: TerritoryLeadMarkers) => u.Leads.length + u.Clusters.reduce((n, c) => n + c.Count, 0);
/** The snapped viewport whose box is exactly `tile` (a tile one level above the map's zoom). */
const keyOfTile = (tile: Tile) => `${tile.Zoom}/${tile.X}-${tile.X}/${tile.Y}-${tile.Y}`;

describe('unionViewports with grouped answers', () => {
  // The city at zoom 11, grouped on zoom-13 cells: A around downtown, B in the north-east.
  const city = snapViewport({ west: -79.52, south: 43.6, east: -79.32, north: 43.72 }, 11);
  const A = tileOf(43.66, -79.41, 13);
  const B = tileOf(43.71, -79.33, 13);
  const inA = tileBbox(A);
  const cityAnswer = { key: city.key, fetchedAt: 1, data: grouped([], [cluster(A, 500), cluster(B, 300)]) };

  it('a cell stays, and the leads seen closer inside it are not counted twice', () => {
    const street = snapViewport({ west: -79.412, south: 43.659, east: -79.408, north: 43.661 }, 16);
    expect(covers([bboxOfKey(street.key)!], inA)).toBe(false);
    const u = unionViewports([
      cityAnswer,
      { key: street.key, fetchedAt: 2, data: viewport([at(1, 43.66, -79.41), at(2, 43.6605, -79.4101)]) },
    ]);
    expect(u.Clusters.map(tileKey).sort()).toEqual([tileKey(A), tileKey(B)].sort());
    expect(u.Leads).toEqual([]);
    expect(total(u)).toBe(800);
  });

  it('a cell wholly covered by closer answers gives way to them', () => {
    const lead = at(1, (inA.south + inA.north) / 2, (inA.west + inA.east) / 2);
    const u = unionViewports([cityAnswer, { key: keyOfTile(A), fetchedAt: 2, data: viewport([lead]) }]);
    expect(u.Clusters.map(tileKey)).toEqual([tileKey(B)]);
    expect(u.Leads.map((l) => l.LeadID)).toEqual([1]);
  });

  it('finer cells replace a coarse one they cover, and are dropped inside one they do not', () => {
    // Zoom 13 on A's parent tile: grouped on zoom-15 cells, four of them inside A and one outside.
    const parent = { Zoom: 12, X: A.X >> 1, Y: A.Y >> 1 };
    const children = [0, 1, 2, 3].map((i) => ({ Zoom: 15, X: A.X * 4 + i, Y: A.Y * 4 + i }));
    const sibling = { Zoom: 13, X: A.X ^ 1, Y: A.Y };
    const outside = { Zoom: 15, X: sibling.X * 4, Y: sibling.Y * 4 };
    const finer = {
      key: keyOfTile(parent),
      fetchedAt: 2,
      data: grouped([], [...children.map((c) => cluster(c, 100)), cluster(outside, 7)]),
    };
    const u = unionViewports([cityAnswer, finer]);
    expect(u.Clusters.map(tileKey).sort()).toEqual(
      [...children, outside, B].map((c) => tileKey(c as Tile)).sort(),
    );
    expect(total(u)).toBe(400 + 7 + 300);

    // The same finer answer without its box (an old copy): A keeps its count, its inner cells go.
    const partial = unionViewports([cityAnswer, { ...finer, key: undefined }]);
    expect(partial.Clusters.map(tileKey).sort()).toEqual([tileKey(A), tileKey(B), tileKey(outside)].sort());
    expect(total(partial)).toBe(500 + 300 + 7);
  });

  it('the newer copy of a cell wins', () => {
    const again = { key: city.key, fetchedAt: 5, data: grouped([], [cluster(A, 510)]) };
    const u = unionViewports([again, cityAnswer]);
    expect(u.Clusters.find((c) => tileKey(c) === tileKey(A))?.Count).toBe(510);
  });
});

describe('placeInClusters and filterClusters', () => {
  const A = tileOf(43.66, -79.41, 14);
  const box = tileBbox(A);
  const inside = (id: number) => at(id, (box.south + box.north) / 2, (box.west + box.east) / 2);

  it('a lead in a cluster’s cell is counted there; a local change marks the cluster pending', () => {
    const out = placeInClusters(
      [{ ...inside(1), pending: true }, { ...inside(-2), pending: true, local: true }, at(3, 43.7, -79.3)],
      [cluster(A, 40)],
    );
    expect(out.leads.map((l) => l.LeadID).sort()).toEqual([-2, 3]);
    expect(out.clusters).toEqual([expect.objectContaining({ Count: 40, pending: true })]);
    expect(placeInClusters([inside(1)], [cluster(A, 40)]).clusters[0].pending).toBe(false);
  });

  it('the status filter narrows a cluster to the statuses shown', () => {
    const c = cluster(A, 10, [
      { LeadStatusID: null, Count: 4 },
      { LeadStatusID: 5, Count: 6 },
    ]);
    expect(filterClusters([c], {})[0].Count).toBe(10);
    expect(filterClusters([c], { statusIds: [5] })[0]).toMatchObject({
      Count: 6,
      StatusCounts: [{ LeadStatusID: 5, Count: 6 }],
    });
    expect(filterClusters([c], { statusIds: [NO_STATUS] })[0].Count).toBe(4);
    expect(filterClusters([c], { statusIds: [7] })).toEqual([]);
  });
});
