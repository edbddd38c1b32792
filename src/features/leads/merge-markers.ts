// What the map shows, pure: the server's markers of the viewports seen (the union of the cached ones
// when offline), with the user's local changes (drafts of queued interactions and new leads) merged
// over them, then filtered by status. A local change shows at once and is flagged pending until the
// server acknowledges it; once acknowledged, the server's answer is shown until a newer marker fetch.
// Where the server grouped the leads of a viewport (more than its limit) the map shows its clusters:
// counts per grid cell (tile), which the status filter narrows through their counts by status.
import type {
  LeadCluster,
  LeadMarker,
  StatusBadge,
  Territory,
  TerritoryLeadMarkers,
  TerritoryLeadsCount,
} from '../../contract/leads';
import { type Bbox, bboxOfKey, type Tile, tileBbox, tileKey, tileOf } from './viewport';

/** The local copy of a lead that a draft keeps (what the marker and the card show before the ack). */
export interface LeadLocal {
  LeadID: number;
  LeadGroupID: number;
  Latitude: number;
  Longitude: number;
  LeadStatusID: number | null;
  DeclaredStatusID: number | null;
  LeadStatus: StatusBadge | null;
  DeclaredStatus: StatusBadge | null;
  TerritoryID: number | null;
  StreetLine1?: string | null;
  StreetLine2?: string | null;
  City?: string | null;
  StateProvince?: string | null;
  PostalCode?: string | null;
  CountryID?: number | null;
}

export interface MapLead extends LeadMarker {
  LeadGroupID?: number;
  /** A local change waits for the server. */
  pending?: boolean;
  /** The server refused the local change (it is on the Pending changes screen). */
  failed?: boolean;
  /** Created on this device and not yet acknowledged (temporary id). */
  local?: boolean;
  /** The temporary id a lead created on this device had before the server gave it its id. */
  tempId?: number;
}

/** The parts of a draft row this merge reads (src/offline/db.ts DraftRow). */
export interface LeadDraftLike {
  localId: number | string;
  data: unknown;
  status: 'pending' | 'synced' | 'failed' | 'conflict';
  updatedAt: number;
  deleted?: boolean;
  tempId?: number;
}

function asLocal(data: unknown): LeadLocal | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<LeadLocal>;
  if (typeof d.LeadID !== 'number' || typeof d.Latitude !== 'number' || typeof d.Longitude !== 'number')
    return null;
  return d as LeadLocal;
}

function toMarker(local: LeadLocal): LeadMarker & { LeadGroupID: number } {
  return {
    LeadID: local.LeadID,
    LeadGroupID: local.LeadGroupID,
    Latitude: local.Latitude,
    Longitude: local.Longitude,
    LeadStatusID: local.LeadStatusID ?? null,
    DeclaredStatusID: local.DeclaredStatusID ?? null,
    TerritoryID: local.TerritoryID ?? null,
    LeadStatus: local.LeadStatus ?? null,
    DeclaredStatus: local.DeclaredStatus ?? null,
  };
}

/**
 * Drafts of the group over the server markers. A draft still waiting (or refused) always wins and
 * is flagged; an acknowledged draft wins only when it is newer than the server copy (`fetchedAt`).
 */
export function mergeLeadDrafts(
  server: readonly LeadMarker[],
  drafts: readonly LeadDraftLike[],
  options: { groupId: number; fetchedAt: number },
): MapLead[] {
  const byId = new Map<number, MapLead>();
  for (const m of server) byId.set(m.LeadID, m);
  for (const draft of drafts) {
    const local = asLocal(draft.data);
    if (!local || local.LeadGroupID !== options.groupId) continue;
    const id = typeof draft.localId === 'number' ? draft.localId : local.LeadID;
    if (draft.deleted) {
      byId.delete(id);
      continue;
    }
    const waiting = draft.status !== 'synced';
    if (!waiting && byId.has(id) && draft.updatedAt <= options.fetchedAt) continue;
    byId.set(id, {
      ...toMarker(local),
      LeadID: id,
      pending: draft.status === 'pending',
      failed: draft.status === 'failed' || draft.status === 'conflict',
      local: id < 0,
      ...(draft.tempId !== undefined ? { tempId: draft.tempId } : {}),
    });
  }
  return [...byId.values()];
}

export interface CachedViewport {
  /** The snapped viewport's key (its box); an entry without one only adds leads and territories. */
  key?: string;
  fetchedAt: number;
  data: TerritoryLeadMarkers;
}

const EPSILON = 1e-6;

/** `box` less `cut`: up to four boxes (slivers thinner than EPSILON dropped). */
function subtract(box: Bbox, cut: Bbox): Bbox[] {
  if (
    cut.west >= box.east - EPSILON ||
    cut.east <= box.west + EPSILON ||
    cut.south >= box.north - EPSILON ||
    cut.north <= box.south + EPSILON
  )
    return [box];
  const out: Bbox[] = [];
  if (cut.west > box.west + EPSILON) out.push({ ...box, east: cut.west });
  if (cut.east < box.east - EPSILON) out.push({ ...box, west: cut.east });
  const west = Math.max(box.west, cut.west);
  const east = Math.min(box.east, cut.east);
  if (cut.south > box.south + EPSILON) out.push({ west, east, south: box.south, north: cut.south });
  if (cut.north < box.north - EPSILON) out.push({ west, east, south: cut.north, north: box.north });
  return out;
}

/** Whether the boxes together cover all of `target`. */
export function covers(boxes: readonly Bbox[], target: Bbox): boolean {
  let rest = [target];
  for (const cut of boxes) {
    rest = rest.flatMap((piece) => subtract(piece, cut));
    if (rest.length === 0) return true;
  }
  return rest.length === 0;
}

/** Finds the cluster whose tile holds a position, among clusters of a few tile zooms. */
class ClusterIndex<C extends Tile> {
  private readonly byKey = new Map<string, C>();
  private readonly zooms: number[] = [];
  constructor(clusters: Iterable<C>) {
    for (const c of clusters) this.add(c);
  }
  add(c: C): void {
    this.byKey.set(tileKey(c), c);
    if (!this.zooms.includes(c.Zoom)) this.zooms.push(c.Zoom);
  }
  at(latitude: number, longitude: number): C | undefined {
    for (const z of this.zooms) {
      const hit = this.byKey.get(tileKey(tileOf(latitude, longitude, z)));
      if (hit) return hit;
    }
    return undefined;
  }
  /** The cluster whose tile holds tile `t` (itself or a coarser one). */
  around(t: Tile): C | undefined {
    for (const z of this.zooms) {
      if (z > t.Zoom) continue;
      const d = t.Zoom - z;
      const hit = this.byKey.get(tileKey({ Zoom: z, X: t.X >> d, Y: t.Y >> d }));
      if (hit) return hit;
    }
    return undefined;
  }
  values(): C[] {
    return [...this.byKey.values()];
  }
}

/**
 * The clusters of the cached viewports that still hold: each cell's count is the truth for its tile
 * unless finer answers (an ungrouped viewport, or one grouped on smaller cells) cover the whole tile,
 * in which case those are shown instead. Coarser cells are decided first; anything inside a kept cell
 * (a finer cell, a lead) is already counted in it. `entries` oldest first: a newer copy of a cell wins.
 */
function keptClusters(entries: readonly CachedViewport[]): ClusterIndex<LeadCluster> {
  const exact: Bbox[] = [];
  const grids: { box: Bbox; zoom: number }[] = [];
  const cells = new Map<string, LeadCluster>();
  for (const { key, data } of entries) {
    const box = key ? bboxOfKey(key) : null;
    const clusters = data.Clusters ?? [];
    if (clusters.length === 0) {
      if (box) exact.push(box);
      continue;
    }
    if (box) grids.push({ box, zoom: clusters[0].Zoom });
    for (const c of clusters) cells.set(tileKey(c), c);
  }
  const kept = new ClusterIndex<LeadCluster>([]);
  for (const c of [...cells.values()].sort((a, b) => a.Zoom - b.Zoom)) {
    if (kept.around(c)) continue;
    const finer = [...exact, ...grids.filter((g) => g.zoom > c.Zoom).map((g) => g.box)];
    if (covers(finer, tileBbox(c))) continue;
    kept.add(c);
  }
  return kept;
}

/**
 * The union of cached viewport answers: the newest copy of each lead, territory and count wins, and
 * the clusters of grouped answers stand where nothing finer covers their whole cell (leads inside a
 * cluster kept are counted in it, not shown twice).
 */
export function unionViewports(entries: readonly CachedViewport[]): TerritoryLeadMarkers {
  const sorted = [...entries].sort((a, b) => a.fetchedAt - b.fetchedAt);
  const leads = new Map<number, LeadMarker>();
  const territories = new Map<number, Territory>();
  const counts = new Map<number, TerritoryLeadsCount>();
  const statuses = new Map<number, TerritoryLeadMarkers['LeadStatuses'][number]>();
  let truncated = false;
  for (const { data } of sorted) {
    for (const l of data.Leads) leads.set(l.LeadID, l);
    for (const t of data.Territories) territories.set(t.TerritoryID, t);
    for (const c of data.TerritoriesLeadsCounts) counts.set(c.TerritoryID, c);
    for (const s of data.LeadStatuses) statuses.set(s.LeadStatusID, s);
    truncated ||= data.Truncated;
  }
  const clusters = keptClusters(sorted);
  return {
    Leads: [...leads.values()].filter((l) => !clusters.at(l.Latitude, l.Longitude)),
    Territories: [...territories.values()],
    TerritoriesLeadsCounts: [...counts.values()],
    LeadStatuses: [...statuses.values()].sort((a, b) => a.SortIndex - b.SortIndex),
    Truncated: truncated,
    Clusters: clusters.values(),
  };
}

/** A cluster as the map draws it: amber while it holds a local change waiting for the server. */
export interface MapCluster extends LeadCluster {
  pending: boolean;
}

/**
 * Leads (server and local) against the server's clusters: a lead lying in a cluster's cell is counted
 * there, so it is not drawn on its own — a local change to it makes the cluster pending instead. Only
 * leads created on this device and not yet acknowledged (counted nowhere) stay on their own.
 */
export function placeInClusters(
  leads: readonly MapLead[],
  clusters: readonly LeadCluster[],
): { leads: MapLead[]; clusters: MapCluster[] } {
  if (clusters.length === 0) return { leads: [...leads], clusters: [] };
  const index = new ClusterIndex(clusters.map((c) => ({ ...c, pending: false })));
  const alone: MapLead[] = [];
  for (const lead of leads) {
    const cluster = lead.local ? undefined : index.at(lead.Latitude, lead.Longitude);
    if (!cluster) alone.push(lead);
    else if (lead.pending || lead.failed) cluster.pending = true;
  }
  return { leads: alone, clusters: [...index.values()] };
}

/** Clusters narrowed to the statuses shown (their counts by status); emptied ones go. */
export function filterClusters<C extends LeadCluster>(
  clusters: readonly C[],
  filter: Pick<MarkerFilter, 'statusIds'>,
): C[] {
  const statuses = filter.statusIds?.length ? new Set(filter.statusIds) : null;
  if (!statuses) return [...clusters];
  return clusters.flatMap((c) => {
    const StatusCounts = c.StatusCounts.filter((s) => statuses.has(s.LeadStatusID ?? NO_STATUS));
    const Count = StatusCounts.reduce((sum, s) => sum + s.Count, 0);
    return Count > 0 ? [{ ...c, Count, StatusCounts }] : [];
  });
}

/** The "no status yet" choice of the status filter. */
export const NO_STATUS = 0;

export interface MarkerFilter {
  /** Current statuses to show (NO_STATUS for leads with none); null or empty: all. */
  statusIds?: readonly number[] | null;
  /** Declarations to show; null or empty: all. */
  declaredStatusIds?: readonly number[] | null;
}

export function filterMarkers<T extends LeadMarker>(markers: readonly T[], filter: MarkerFilter): T[] {
  const statuses = filter.statusIds?.length ? new Set(filter.statusIds) : null;
  const declared = filter.declaredStatusIds?.length ? new Set(filter.declaredStatusIds) : null;
  if (!statuses && !declared) return [...markers];
  return markers.filter(
    (m) =>
      (!statuses || statuses.has(m.LeadStatusID ?? NO_STATUS)) &&
      (!declared || (m.DeclaredStatusID !== null && declared.has(m.DeclaredStatusID))),
  );
}
