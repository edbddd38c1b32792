// One lead group at one version held in memory for the map's answers (markers-cache.ts): its leads
// as columns in Z-order of their zoom-22 tile (a tile of any zoom is one run, found by binary search),
// the per-cell aggregates a grouped answer shows, what a scope lets a caller see, and each lead's
// marker as the response schema writes it.
import { z } from 'zod';
import { type LeadMarker, LeadStatus, type StatusBadge, type Territory } from '../../../src/contract/leads';
import type { territories } from '../../db/tables';
import { rowLatitude, tileX, tileY } from '../../domain/leads/cluster-grid';
import type { statusBook } from './lookups';
import type { LeadGroupRow } from './scope';

/** The leads of one grid cell that a scope and filter let through, and what a cluster shows of them. */
export interface CellAgg {
  x: number;
  y: number;
  members: number[];
  sumLat: number;
  sumLng: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  minId: number;
  /** 0: none (ids start at 1). */
  maxDeclared: number;
  maxTerritory: number;
  /** Count by current status (0: no status). */
  byStatus: Map<number, number>;
}

export function emptyAgg(x: number, y: number): CellAgg {
  return {
    x,
    y,
    members: [],
    sumLat: 0,
    sumLng: 0,
    minLat: Number.POSITIVE_INFINITY,
    maxLat: Number.NEGATIVE_INFINITY,
    minLng: Number.POSITIVE_INFINITY,
    maxLng: Number.NEGATIVE_INFINITY,
    minId: Number.POSITIVE_INFINITY,
    maxDeclared: 0,
    maxTerritory: 0,
    byStatus: new Map(),
  };
}

/** What a scope lets the caller see of a group: null = every lead. */
export interface Scoped {
  mask: Uint8Array | null;
  /** Territories shown: 'all' or the ids worked. */
  worked: 'all' | ReadonlySet<number>;
}

/** One lead group at one version, in memory. */
export class GroupCopy {
  readonly n: number;
  readonly ids: Int32Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  readonly status: Int32Array;
  readonly declared: Int32Array;
  readonly territory: Int32Array;
  readonly badges = new Map<number, StatusBadge>();
  /**
   * The leads in Z-order of their tile at zoom 22 (Morton code of column and row): the leads of any
   * tile of any zoom are one run of it, found by binary search.
   */
  private readonly order: Int32Array;
  private readonly codes: Float64Array;
  /** scope|filter|zoom → cell key → aggregate. */
  private readonly aggs = new Map<string, Map<number, CellAgg | null>>();
  readonly scopes = new Map<string, Promise<Scoped>>();
  /** Per day: the group's territories as the API shows them, each with its JSON. */
  readonly wireTerritories = new Map<string, Promise<{ territory: Territory; json: string }[]>>();
  /** Per scope and day: the shown territories' JSON and their lead counts (whatever the viewport). */
  readonly territoryParts = new Map<string, { Territories: string[]; TerritoriesLeadsCounts: string }>();
  /** Each lead's marker as JSON (built on first use). */
  private readonly fragments: (string | undefined)[];
  /** LeadStatuses as the response schema writes them. */
  readonly statusesJson: string;

  constructor(
    readonly group: LeadGroupRow,
    readonly version: number,
    rows: {
      LeadID: number;
      Latitude: number;
      Longitude: number;
      LeadStatusID: number | null;
      DeclaredStatusID: number | null;
      TerritoryID: number | null;
    }[],
    readonly statuses: Awaited<ReturnType<typeof statusBook>>['list'],
    readonly territoryRows: (typeof territories.$inferSelect)[],
    private readonly maxCellMaps: number,
  ) {
    const n = rows.length;
    this.n = n;
    this.ids = new Int32Array(n);
    this.lat = new Float64Array(n);
    this.lng = new Float64Array(n);
    this.status = new Int32Array(n);
    this.declared = new Int32Array(n);
    this.territory = new Int32Array(n);
    rows.forEach((r, i) => {
      this.ids[i] = r.LeadID;
      this.lat[i] = r.Latitude;
      this.lng[i] = r.Longitude;
      this.status[i] = r.LeadStatusID ?? 0;
      this.declared[i] = r.DeclaredStatusID ?? 0;
      this.territory[i] = r.TerritoryID ?? 0;
    });
    const code = new Float64Array(n);
    for (let i = 0; i < n; i++)
      code[i] = morton(tileX(this.lng[i], DEEPEST), globalRow(this.lat[i], DEEPEST));
    this.order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => code[a] - code[b] || a - b);
    this.codes = Float64Array.from(this.order, (i) => code[i]);
    for (const s of statuses) this.badges.set(s.LeadStatusID, { Name: s.Name, Color: s.Color });
    this.fragments = new Array(n);
    this.statusesJson = JSON.stringify(z.encode(z.array(LeadStatus), statuses));
  }

  /** The lead's marker as JSON, in the response schema's field order. */
  fragment(i: number): string {
    let json = this.fragments[i];
    if (json === undefined) {
      json = JSON.stringify(markerOf(this, i));
      this.fragments[i] = json;
    }
    return json;
  }

  /** The leads of tile (x, y) of `zoom`: indices into `order`, [from, to). */
  tile(x: number, y: number, zoom: number): [number, number] {
    const scale = 4 ** (DEEPEST - zoom);
    const first = morton(x, y) * scale;
    return [lowerBound(this.codes, first), lowerBound(this.codes, first + scale)];
  }

  /** The lead at position `k` of the Z-order. */
  at(k: number): number {
    return this.order[k];
  }

  /** The kept aggregates of one scope, filter and grid zoom (oldest map dropped past the bound). */
  aggMap(key: string): Map<number, CellAgg | null> {
    let map = this.aggs.get(key);
    if (map) {
      this.aggs.delete(key);
      this.aggs.set(key, map);
      return map;
    }
    map = new Map();
    this.aggs.set(key, map);
    while (this.aggs.size > this.maxCellMaps) this.aggs.delete(this.aggs.keys().next().value as string);
    return map;
  }
}

/**
 * The zoom whose tiles index the leads. Tiles nest exactly: a lead's column and row at a coarser zoom
 * are its column and row here shifted right (the same floating-point values scaled by powers of two).
 */
const DEEPEST = 22;

/** Each of 11 bits moved to the even positions (bit k → bit 2k). */
const SPREAD = Int32Array.from({ length: 2048 }, (_, v) => {
  let out = 0;
  for (let b = 0; b < 11; b++) if (v & (1 << b)) out |= 1 << (2 * b);
  return out;
});

/** The Morton code (bits of x and y interleaved) of a tile: x, y < 2^22, so the code < 2^44. */
function morton(x: number, y: number): number {
  const low = SPREAD[x & 2047] + 2 * SPREAD[y & 2047];
  const high = SPREAD[x >>> 11] + 2 * SPREAD[y >>> 11];
  return high * 2 ** 22 + low;
}

/** The first position in the ascending `codes` holding a value ≥ `value`. */
function lowerBound(codes: Float64Array, value: number): number {
  let lo = 0;
  let hi = codes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (codes[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The tile row of `lat` at `zoom`, by the row edges (rowLatitude) the SQL compares with. */
function globalRow(lat: number, zoom: number): number {
  const last = 2 ** zoom - 1;
  let y = tileY(lat, zoom);
  while (y > 0 && lat >= rowLatitude(y, zoom)) y--;
  while (y < last && lat < rowLatitude(y + 1, zoom)) y++;
  return y;
}

export function add(agg: CellAgg, copy: GroupCopy, i: number): void {
  const lat = copy.lat[i];
  const lng = copy.lng[i];
  agg.members.push(i);
  agg.sumLat += lat;
  agg.sumLng += lng;
  if (lat < agg.minLat) agg.minLat = lat;
  if (lat > agg.maxLat) agg.maxLat = lat;
  if (lng < agg.minLng) agg.minLng = lng;
  if (lng > agg.maxLng) agg.maxLng = lng;
  if (copy.ids[i] < agg.minId) agg.minId = copy.ids[i];
  if (copy.declared[i] > agg.maxDeclared) agg.maxDeclared = copy.declared[i];
  if (copy.territory[i] > agg.maxTerritory) agg.maxTerritory = copy.territory[i];
  agg.byStatus.set(copy.status[i], (agg.byStatus.get(copy.status[i]) ?? 0) + 1);
}

export function merge(into: CellAgg, from: CellAgg): void {
  for (const i of from.members) into.members.push(i);
  into.sumLat += from.sumLat;
  into.sumLng += from.sumLng;
  into.minLat = Math.min(into.minLat, from.minLat);
  into.maxLat = Math.max(into.maxLat, from.maxLat);
  into.minLng = Math.min(into.minLng, from.minLng);
  into.maxLng = Math.max(into.maxLng, from.maxLng);
  into.minId = Math.min(into.minId, from.minId);
  into.maxDeclared = Math.max(into.maxDeclared, from.maxDeclared);
  into.maxTerritory = Math.max(into.maxTerritory, from.maxTerritory);
  for (const [id, n] of from.byStatus) into.byStatus.set(id, (into.byStatus.get(id) ?? 0) + n);
}

function badgeOf(copy: GroupCopy, id: number): StatusBadge | null {
  return id === 0 ? null : (copy.badges.get(id) ?? null);
}

export function markerOf(copy: GroupCopy, i: number): LeadMarker {
  const status = copy.status[i];
  const declared = copy.declared[i];
  const territory = copy.territory[i];
  return {
    LeadID: copy.ids[i],
    Latitude: copy.lat[i],
    Longitude: copy.lng[i],
    LeadStatusID: status === 0 ? null : status,
    DeclaredStatusID: declared === 0 ? null : declared,
    TerritoryID: territory === 0 ? null : territory,
    LeadStatus: badgeOf(copy, status),
    DeclaredStatus: badgeOf(copy, declared),
  };
}
