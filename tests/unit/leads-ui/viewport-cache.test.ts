// Markers of the last viewports seen stay on the device per group; offline, the map shows their union.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/api-client';
import type { TerritoryLeadMarkers } from '../../../src/contract/leads';
import {
  fetchViewportMarkers,
  readCachedViewports,
  rememberViewport,
} from '../../../src/features/leads/api/get-viewport-markers';
import { snapViewport, tileBbox, tileOf } from '../../../src/features/leads/viewport';

const answer = (ids: number[]): TerritoryLeadMarkers => ({
  Leads: ids.map((LeadID) => ({
    LeadID,
    Latitude: 43.66,
    Longitude: -79.41,
    LeadStatusID: null,
    DeclaredStatusID: null,
    TerritoryID: null,
    LeadStatus: null,
    DeclaredStatus: null,
  })),
  LeadStatuses: [],
  Truncated: false,
  Clusters: [],
  Territories: [],
  TerritoriesLeadsCounts: [],
});

describe('viewport marker cache', () => {
  it('keeps the last N viewports of a group and unions them', async () => {
    for (let i = 0; i < 5; i++) await rememberViewport('cache-a', 1, `v${i}`, answer([i, 100]), 1000 + i, 3);
    const union = await readCachedViewports('cache-a', 1);
    expect(union?.viewports).toBe(3);
    expect(union?.data.Leads.map((l) => l.LeadID).sort((a, b) => a - b)).toEqual([2, 3, 4, 100]);
    expect(await readCachedViewports('cache-a', 2)).toBeNull();
  });

  it('answers from the device when the network fails, and fetches otherwise', async () => {
    const viewport = snapViewport({ west: -79.42, south: 43.65, east: -79.4, north: 43.67 }, 16);
    const online = { get: async () => answer([7, 8]) } as unknown as ApiClient;
    const first = await fetchViewportMarkers({ api: online, userId: 'cache-b', groupId: 1, viewport });
    expect(first.fromCache).toBe(false);
    const offline = {
      get: async () => {
        throw new TypeError('Failed to fetch');
      },
    } as unknown as ApiClient;
    const again = await fetchViewportMarkers({ api: offline, userId: 'cache-b', groupId: 1, viewport });
    expect(again.fromCache).toBe(true);
    expect(again.data.Leads.map((l) => l.LeadID)).toEqual([7, 8]);
  });

  it('asks for the grid of the map’s zoom, and offline counts a grouped area once', async () => {
    const city = snapViewport({ west: -79.52, south: 43.6, east: -79.32, north: 43.72 }, 11.4);
    const cell = tileOf(43.66, -79.41, 13);
    const box = tileBbox(cell);
    const grouped: TerritoryLeadMarkers = {
      ...answer([]),
      Truncated: true,
      Clusters: [
        {
          ...cell,
          Latitude: (box.south + box.north) / 2,
          Longitude: (box.west + box.east) / 2,
          Count: 2400,
          StatusCounts: [{ LeadStatusID: null, Count: 2400 }],
        },
      ],
    };
    const asked: unknown[] = [];
    const online = (data: TerritoryLeadMarkers) =>
      ({
        get: async (_path: string, options: { query: unknown }) => {
          asked.push(options.query);
          return data;
        },
      }) as unknown as ApiClient;
    await fetchViewportMarkers({ api: online(grouped), userId: 'cache-c', groupId: 1, viewport: city });
    expect(asked[0]).toEqual({ leadGroupId: 1, ...city.bbox, zoom: 11 });
    // Closer in, inside that cell: two leads one by one.
    const street = snapViewport({ west: -79.412, south: 43.659, east: -79.408, north: 43.661 }, 16);
    await fetchViewportMarkers({
      api: online(answer([7, 8])),
      userId: 'cache-c',
      groupId: 1,
      viewport: street,
    });
    const offline = await readCachedViewports('cache-c', 1);
    expect(offline?.viewports).toBe(2);
    // The two leads are among the 2400 of the cell: shown once, in it.
    expect(offline?.data.Leads).toEqual([]);
    expect(offline?.data.Clusters.map((c) => c.Count)).toEqual([2400]);
  });
});
