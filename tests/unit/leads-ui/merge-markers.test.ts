// What the map shows: drafts of queued knocks and new leads over the server's markers (pending until
// acknowledged), the union of cached viewports when offline, and the status filter.
import { describe, expect, it } from 'vitest';
import type { LeadMarker, TerritoryLeadMarkers } from '../../../src/contract/leads';
import {
  filterMarkers,
  type LeadDraftLike,
  mergeLeadDrafts,
  NO_STATUS,
  unionViewports,
} from '../../../src/features/leads/merge-markers';

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
