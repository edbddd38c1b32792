// What the map shows, pure: the server's markers of the viewports seen (the union of the cached ones
// when offline), with the user's local changes (drafts of queued interactions and new leads) merged
// over them, then filtered by status. A local change shows at once and is flagged pending until the
// server acknowledges it; once acknowledged, the server's answer is shown until a newer marker fetch.
import type {
  LeadMarker,
  StatusBadge,
  Territory,
  TerritoryLeadMarkers,
  TerritoryLeadsCount,
} from '../../contract/leads';

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
  fetchedAt: number;
  data: TerritoryLeadMarkers;
}

/** The union of cached viewport answers: the newest copy of each lead, territory and count wins. */
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
  return {
    Leads: [...leads.values()],
    Territories: [...territories.values()],
    TerritoriesLeadsCounts: [...counts.values()],
    LeadStatuses: [...statuses.values()].sort((a, b) => a.SortIndex - b.SortIndex),
    Truncated: truncated,
  };
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
