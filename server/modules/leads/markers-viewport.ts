// What the map's answers are built of from a group's copy in memory (markers-group-copy.ts): the markers
// and clusters of a viewport, computed as markers-service.ts computes them in SQL, and the territories
// a caller sees with their lead counts.
import { z } from 'zod';
import {
  type LeadCluster,
  type LeadMarkersQuery,
  type LeadStatusCount,
  Territory,
  type TerritoryLeadsCount,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { gridZoom, rowEdges, tileX, WORLD } from '../../domain/leads/cluster-grid';
import {
  add,
  type CellAgg,
  emptyAgg,
  type GroupCopy,
  markerOf,
  merge,
  type Scoped,
} from './markers-group-copy';
import { toWireTerritories } from './territories-service';

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface Filters {
  statusIds: ReadonlySet<number> | null;
  declaredStatusIds: ReadonlySet<number> | null;
  territoryId: number | null;
}

function filtersOf(q: LeadMarkersQuery): Filters {
  return {
    statusIds: q.statusIds?.length ? new Set(q.statusIds) : null,
    declaredStatusIds: q.declaredStatusIds?.length ? new Set(q.declaredStatusIds) : null,
    territoryId: q.territoryId ?? null,
  };
}

export const sortedList = (ids: readonly number[] | undefined) =>
  ids?.length ? [...new Set(ids)].sort((a, b) => a - b).join(',') : '';

function boxOf(q: LeadMarkersQuery): Box | undefined {
  return q.west !== undefined && q.south !== undefined && q.east !== undefined && q.north !== undefined
    ? { west: q.west, south: q.south, east: q.east, north: q.north }
    : undefined;
}

/** The markers of a viewport, as markers-service.ts computes them in SQL. */
export function viewportMarkers(
  copy: GroupCopy,
  scoped: Scoped,
  scopeKey: string,
  query: LeadMarkersQuery,
): { Leads: string[]; Truncated: boolean; Clusters: LeadCluster[] } {
  const box = boxOf(query);
  const filters = filtersOf(query);
  const zoom = gridZoom({ zoom: query.zoom, box });
  const size = 2 ** zoom;
  const rows = rowEdges(box ?? WORLD, zoom);
  const x0 = box ? tileX(box.west, zoom) : 0;
  const x1 = box ? tileX(box.east, zoom) : size - 1;
  // A lead on a row edge may lie one row beyond the box's rows; the SQL counts it in the box's row.
  const y0 = Math.max(0, rows.top - 1);
  const y1 = Math.min(size - 1, rows.bottom + 1);
  const aggs = copy.aggMap(
    `${scopeKey}|${sortedList(query.statusIds)}|${sortedList(query.declaredStatusIds)}|${filters.territoryId ?? ''}|${zoom}`,
  );
  const passes = (i: number) =>
    (scoped.mask === null || scoped.mask[i] === 1) &&
    (filters.statusIds === null || filters.statusIds.has(copy.status[i])) &&
    (filters.declaredStatusIds === null || filters.declaredStatusIds.has(copy.declared[i])) &&
    (filters.territoryId === null || copy.territory[i] === filters.territoryId);
  const aggOf = (x: number, y: number): CellAgg | null => {
    const key = x * size + y;
    let agg = aggs.get(key);
    if (agg !== undefined) return agg;
    agg = null;
    const [from, to] = copy.tile(x, y, zoom);
    for (let k = from; k < to; k++) {
      const i = copy.at(k);
      if (!passes(i)) continue;
      agg ??= emptyAgg(x, y);
      add(agg, copy, i);
    }
    aggs.set(key, agg);
    return agg;
  };

  // The cells of the box, each merged into the output cell of its (clamped) row.
  const out = new Map<number, { agg: CellAgg; owned: boolean }>();
  const take = (agg: CellAgg) => {
    const y = Math.min(Math.max(agg.y, rows.top), rows.bottom);
    const whole =
      y === agg.y &&
      (!box ||
        (agg.minLat >= box.south &&
          agg.maxLat <= box.north &&
          agg.minLng >= box.west &&
          agg.maxLng <= box.east));
    const outKey = agg.x * size + y;
    let target = out.get(outKey);
    if (whole && !target) {
      out.set(outKey, { agg, owned: false });
      return;
    }
    if (target && !target.owned) {
      const copied = emptyAgg(agg.x, y);
      merge(copied, target.agg);
      target = { agg: copied, owned: true };
      out.set(outKey, target);
    }
    if (whole) {
      merge(target!.agg, agg);
      return;
    }
    for (const i of agg.members) {
      if (box && !(copy.lat[i] >= box.south && copy.lat[i] <= box.north)) continue;
      if (box && !(copy.lng[i] >= box.west && copy.lng[i] <= box.east)) continue;
      if (!target) {
        target = { agg: emptyAgg(agg.x, y), owned: true };
        out.set(outKey, target);
      }
      add(target.agg, copy, i);
    }
  };
  // At most MAX_CELLS (plus a row above and below) cells: each one's leads found by binary search.
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const agg = aggOf(x, y);
      if (agg) take(agg);
    }
  const ordered = [...out.values()].map((o) => o.agg).sort((a, b) => a.y - b.y || a.x - b.x);
  const total = ordered.reduce((sum, a) => sum + a.members.length, 0);
  if (total <= query.limit) {
    const Leads: string[] = [];
    for (const agg of ordered) for (const i of agg.members) Leads.push(copy.fragment(i));
    return { Leads, Truncated: false, Clusters: [] };
  }
  const ids = [0, ...copy.statuses.map((s) => s.LeadStatusID)];
  const Leads: string[] = [];
  const Clusters: LeadCluster[] = [];
  for (const agg of ordered) {
    const count = agg.members.length;
    const StatusCounts: LeadStatusCount[] = [];
    for (const id of ids) {
      const n = agg.byStatus.get(id) ?? 0;
      if (n > 0) StatusCounts.push({ LeadStatusID: id === 0 ? null : id, Count: n });
    }
    if (count === 1 && Leads.length < query.limit) {
      const i = agg.members[0];
      // As the SQL answers a cell of one: its status only when it is one of the division's.
      const status = StatusCounts[0]?.LeadStatusID ?? null;
      Leads.push(
        status === (copy.status[i] || null)
          ? copy.fragment(i)
          : JSON.stringify({ ...markerOf(copy, i), LeadStatusID: status, LeadStatus: null }),
      );
    } else {
      Clusters.push({
        Zoom: zoom,
        X: agg.x,
        Y: agg.y,
        Latitude: agg.sumLat / count,
        Longitude: agg.sumLng / count,
        Count: count,
        StatusCounts,
      });
    }
  }
  return { Leads, Truncated: true, Clusters };
}

/** Territories the caller sees and their lead counts (whole territory, visible leads, by status). */
export async function territoryPart(
  db: Db,
  copy: GroupCopy,
  scoped: Scoped,
  day: string,
): Promise<{ Territories: string[]; TerritoriesLeadsCounts: TerritoryLeadsCount[] }> {
  let wire = copy.wireTerritories.get(day);
  if (!wire) {
    wire = toWireTerritories(db, copy.territoryRows).then((list) =>
      list.map((territory) => ({ territory, json: JSON.stringify(z.encode(Territory, territory)) })),
    );
    copy.wireTerritories.set(day, wire);
    wire.catch(() => copy.wireTerritories.delete(day));
  }
  const all = await wire;
  const worked = scoped.worked;
  const shown = worked === 'all' ? all : all.filter((t) => worked.has(t.territory.TerritoryID));
  const counts = new Map<number, Map<number, number>>();
  for (const t of shown) counts.set(t.territory.TerritoryID, new Map());
  for (let i = 0; i < copy.n; i++) {
    if (scoped.mask !== null && scoped.mask[i] !== 1) continue;
    const byStatus = counts.get(copy.territory[i]);
    if (!byStatus) continue;
    byStatus.set(copy.status[i], (byStatus.get(copy.status[i]) ?? 0) + 1);
  }
  const TerritoriesLeadsCounts = shown.map(({ territory: t }) => {
    const byStatus = counts.get(t.TerritoryID)!;
    const StatusCounts = [...byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([id, n]) => ({ LeadStatusID: id === 0 ? null : id, Count: n }));
    return {
      TerritoryID: t.TerritoryID,
      LeadsCount: StatusCounts.reduce((sum, c) => sum + c.Count, 0),
      StatusCounts,
    };
  });
  return { Territories: shown.map((t) => t.json), TerritoriesLeadsCounts };
}
