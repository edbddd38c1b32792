// The map's answers from memory (GET lead-markers, GET lead-territories/lead-markers). Same answers as
// the direct SQL of markers-service.ts, built from a copy of each lead group's leads held in memory:
//
// - Per lead group, the version of everything its answers are made of (lead_marker_versions, bumped in
//   the writer's transaction by the triggers of server/db/sql/lead-markers-version.sql — whoever
//   writes: routes, import jobs, the seed, psql). A request reads its group's version (with the group
//   and the caller's right to read it, one query); with an embedded database, whose only writer is
//   this process, the version is known from the triggers' NOTIFY instead and no query is made. A new
//   version replaces the group's copy: nothing older than the version read is ever answered, so several
//   instances on one PostgreSQL never answer one another's stale data.
// - The group's copy: its leads as columns (id, position, statuses, territory), its statuses and
//   territories. Leads are indexed per grid cell (web-mercator tiles, cluster-grid.ts) at each grid zoom
//   asked for, and per cell the aggregate a grouped answer shows (count, centroid, counts by status,
//   bounds) is kept per scope (what the caller may see) and filter. A viewport is answered by merging
//   its cells: cells wholly inside the box as kept, cells on its edge clipped lead by lead, exactly as
//   the SQL's box condition and GROUP BY do.
// - Scoping: a manager of the group's corporation (or a key with a Global scope) sees the whole group
//   (scope 'all'); anyone else sees the leads assigned to them or in territories their offices (or
//   teams) work today: a mask over the group's leads, per employee, offices and day. A cache filled by
//   a manager is never read with a rep's scope: the scope is part of every key.
// - Whole answers, serialized (and compressed once per encoding), per group version, scope, day and
//   query, in a bounded LRU; the ETag is derived from the same, so a phone's If-None-Match is answered
//   304 without building anything.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type LeadCluster,
  type LeadMarker,
  type LeadMarkersQuery,
  LeadStatus,
  type LeadStatusCount,
  type StatusBadge,
  Territory,
  type TerritoryLeadsCount,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import {
  icdOffices,
  leadAssignments,
  leadGroups,
  leadMarkerVersions,
  leads,
  territories,
} from '../../db/tables';
import { gridZoom, rowEdges, rowLatitude, tileX, tileY, WORLD } from '../../domain/leads/cluster-grid';
import { notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { statusBook } from './lookups';
import { type LeadGroupRow, type LeadScope, today, workedTerritoryIds } from './scope';
import { toWireTerritories } from './territories-service';

/** The NOTIFY channel of server/db/sql/lead-markers-version.sql. */
export const MARKERS_CHANNEL = 'apex_lead_markers';
/** Part of every ETag: a server whose answers are built differently never matches an older one. */
const ANSWER_FORMAT = 'lm1';
const COMPRESS_THRESHOLD = 1024;
/** Scopes (callers' masks, territory parts) kept per group version before they are forgotten at once. */
const MAX_SCOPES = 1024;

export type MarkerEndpoint = 'markers' | 'territories';

export interface MarkerCacheOptions {
  /** Lead groups kept in memory (least recently used dropped first). */
  maxGroups?: number;
  /** Leads kept in memory over all groups (least recently used groups dropped first; one always stays). */
  maxLeads?: number;
  /** Bytes of serialized answers kept (least recently used dropped first). */
  maxAnswerBytes?: number;
  /** Aggregate maps (scope × filter × grid zoom) kept per group version. */
  maxCellMaps?: number;
}

type Access = { group: LeadGroupRow; version: number; manages: boolean; reads: boolean };

/** The leads of one grid cell that a scope and filter let through, and what a cluster shows of them. */
interface CellAgg {
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

function emptyAgg(x: number, y: number): CellAgg {
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

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** What a scope lets the caller see of a group: null = every lead. */
interface Scoped {
  mask: Uint8Array | null;
  /** Territories shown: 'all' or the ids worked. */
  worked: 'all' | ReadonlySet<number>;
}

/** One lead group at one version, in memory. */
class GroupCopy {
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

const sortedList = (ids: readonly number[] | undefined) =>
  ids?.length ? [...new Set(ids)].sort((a, b) => a - b).join(',') : '';

/** The query as a key: everything the answer depends on, in a fixed order. */
function queryKey(q: LeadMarkersQuery): string {
  return [
    q.west,
    q.south,
    q.east,
    q.north,
    sortedList(q.statusIds),
    sortedList(q.declaredStatusIds),
    q.territoryId,
    q.zoom,
    q.limit,
  ]
    .map((v) => (v === undefined ? '' : String(v)))
    .join('/');
}

function boxOf(q: LeadMarkersQuery): Box | undefined {
  return q.west !== undefined && q.south !== undefined && q.east !== undefined && q.north !== undefined
    ? { west: q.west, south: q.south, east: q.east, north: q.north }
    : undefined;
}

function officesKey(offices: OfficeScope): string {
  return offices === 'all' ? '*' : [...offices].sort((a, b) => a - b).join(',');
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const want = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === want);
}

export interface CachedAnswer {
  etag: string;
  json: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export type MarkerReply =
  | { notModified: true; etag: string }
  | { notModified: false; etag: string; answer: CachedAnswer };

/** The body in the encoding the request accepts best (br, then gzip), compressed once and kept. */
export function encodedBody(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  if (!acceptEncoding || answer.json.length < COMPRESS_THRESHOLD)
    return { body: answer.json, encoding: null };
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) {
    // Fast settings (an answer is compressed once, but a cold one on the request's time): brotli 1
    // and gzip 3 make marker JSON about as small as the defaults at a third of the time.
    answer.br ??= brotliCompressSync(answer.json, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 },
    });
    return { body: answer.br, encoding: 'br' };
  }
  if (ok('gzip')) {
    answer.gzip ??= gzipSync(answer.json, { level: 3 });
    return { body: answer.gzip, encoding: 'gzip' };
  }
  return { body: answer.json, encoding: null };
}

/** Each app's cache, by its HTTP server (for tests and benchmarks: figures, and several instances). */
export const markerCaches = new WeakMap<object, LeadMarkerCache>();

export class LeadMarkerCache {
  private readonly maxGroups: number;
  private readonly maxLeads: number;
  private readonly maxAnswerBytes: number;
  private readonly maxCellMaps: number;
  /** Embedded database: versions learnt from NOTIFY, no query per request. */
  private listening = false;
  private unlisten: (() => Promise<void>) | null = null;
  /** Bumped by every notification: a version read before it is not kept. */
  private epoch = 0;
  /** Listening only: group → version, group row and per caller's offices whether they may read it. */
  private readonly known = new Map<number, Map<string, Access>>();
  private readonly groups = new Map<number, GroupCopy>();
  private readonly loading = new Map<string, Promise<GroupCopy>>();
  private readonly answers = new Map<string, CachedAnswer>();
  private answerBytes = 0;
  /** Figures for tests and benchmarks. */
  readonly stats = { groupLoads: 0, versionQueries: 0, answersBuilt: 0, answersReused: 0, notModified: 0 };

  constructor(
    private readonly db: Db,
    options: MarkerCacheOptions = {},
  ) {
    this.maxGroups = options.maxGroups ?? 64;
    this.maxLeads = options.maxLeads ?? 1_000_000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? 64 * 1024 * 1024;
    this.maxCellMaps = options.maxCellMaps ?? 64;
  }

  /**
   * With an embedded database (a client that can LISTEN, and the lock file making this process its
   * only writer), follow the triggers' notifications instead of reading the version per request.
   */
  async start(): Promise<void> {
    const client = (this.db as unknown as { $client?: unknown }).$client as
      | { listen?: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> }
      | undefined;
    if (typeof client?.listen !== 'function') return;
    this.unlisten = await client.listen(MARKERS_CHANNEL, (payload) => this.changed(payload));
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.known.clear();
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
  }

  /** A notification: the groups named (or every group, '*') have a new version. */
  changed(payload: string): void {
    this.epoch++;
    if (payload === '*' || payload === '') {
      this.known.clear();
      return;
    }
    for (const id of payload.split(',')) this.known.delete(Number(id));
  }

  /** The group, its version and whether the caller may manage / read it: one query (or none). */
  private async access(groupId: number, actor: Actor): Promise<Access> {
    const canManage = actor.has('leads:manage');
    const canWork = actor.has('leads:work');
    const manageOffices: OfficeScope = canManage ? actor.offices('leads:manage') : new Set();
    const workOffices: OfficeScope = canWork ? actor.offices('leads:work') : new Set();
    const who = `${officesKey(manageOffices)}|${officesKey(workOffices)}`;
    const kept = this.listening ? this.known.get(groupId)?.get(who) : undefined;
    if (kept) return kept;
    const reaches = (offices: OfficeScope): SQL =>
      offices === 'all'
        ? sql`true`
        : offices.size === 0
          ? sql`false`
          : sql`exists (select 1 from ${icdOffices} where ${icdOffices.IcdCorporationID} = ${leadGroups.IcdCorporationID} and ${inArray(icdOffices.IcdOfficeID, [...offices])})`;
    const epoch = this.epoch;
    this.stats.versionQueries++;
    const [row] = await this.db
      .select({
        group: leadGroups,
        version: leadMarkerVersions.Version,
        manages: sql<boolean>`${reaches(manageOffices)}`,
        works: sql<boolean>`${reaches(workOffices)}`,
      })
      .from(leadGroups)
      .leftJoin(leadMarkerVersions, eq(leadMarkerVersions.LeadGroupID, leadGroups.LeadGroupID))
      .where(eq(leadGroups.LeadGroupID, groupId))
      .limit(1);
    if (!row) throw notFound('The lead group');
    const manages = canManage && row.manages === true;
    const access: Access = {
      group: row.group,
      version: Number(row.version ?? 0),
      manages,
      reads: manages || (canWork && row.works === true),
    };
    if (this.listening && this.epoch === epoch) {
      const byWho = this.known.get(groupId) ?? new Map<string, Access>();
      this.known.set(groupId, byWho);
      byWho.set(who, access);
    }
    return access;
  }

  /** The group's copy at `version` (loaded once however many requests ask at the same time). */
  private async copy(access: Access): Promise<GroupCopy> {
    const id = access.group.LeadGroupID;
    const current = this.groups.get(id);
    if (current && current.version === access.version) {
      this.groups.delete(id);
      this.groups.set(id, current);
      return current;
    }
    const key = `${id}:${access.version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(access).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const loaded = await pending;
    const now = this.groups.get(id);
    if (!now || now.version <= loaded.version) {
      this.groups.delete(id);
      this.groups.set(id, loaded);
      let leadsKept = 0;
      for (const g of this.groups.values()) leadsKept += g.n;
      while (this.groups.size > 1 && (this.groups.size > this.maxGroups || leadsKept > this.maxLeads)) {
        const [oldest, dropped] = this.groups.entries().next().value as [number, GroupCopy];
        this.groups.delete(oldest);
        leadsKept -= dropped.n;
      }
    }
    return loaded;
  }

  private async load(access: Access): Promise<GroupCopy> {
    // Read after the version: the copy is at least as new as the version it is kept under.
    this.stats.groupLoads++;
    const { group } = access;
    const rows = await this.db
      .select({
        LeadID: leads.LeadID,
        Latitude: leads.Latitude,
        Longitude: leads.Longitude,
        LeadStatusID: leads.LeadStatusID,
        DeclaredStatusID: leads.DeclaredStatusID,
        TerritoryID: leads.TerritoryID,
      })
      .from(leads)
      .where(eq(leads.LeadGroupID, group.LeadGroupID))
      .orderBy(asc(leads.LeadID));
    const statuses = await statusBook(this.db, group.DivisionID);
    const territoryRows = await this.db
      .select()
      .from(territories)
      .where(eq(territories.LeadGroupID, group.LeadGroupID))
      .orderBy(asc(territories.Name), asc(territories.TerritoryID));
    return new GroupCopy(group, access.version, rows, statuses.list, territoryRows, this.maxCellMaps);
  }

  /** What the caller may see of the group today (a mask over its leads), computed once per version. */
  private scoped(copy: GroupCopy, scopeKey: string, day: string, actor: Actor): Promise<Scoped> {
    if (scopeKey === 'all') return Promise.resolve({ mask: null, worked: 'all' });
    const key = `${scopeKey}|${day}`;
    let pending = copy.scopes.get(key);
    if (pending) return pending;
    pending = (async (): Promise<Scoped> => {
      const scope = {
        actor,
        canWork: true,
        workOffices: actor.offices('leads:work'),
      } as LeadScope;
      const worked = await workedTerritoryIds(this.db, scope, copy.group.LeadGroupID);
      if (worked === 'all') return { mask: null, worked: 'all' };
      const assigned = await this.db
        .selectDistinct({ id: leadAssignments.LeadID })
        .from(leadAssignments)
        .innerJoin(leads, eq(leads.LeadID, leadAssignments.LeadID))
        .where(
          and(
            eq(leadAssignments.EmployeeID, actor.EmployeeID),
            eq(leads.LeadGroupID, copy.group.LeadGroupID),
          ),
        );
      const mine = new Set(assigned.map((r) => r.id));
      const territorySet = new Set(worked);
      const mask = new Uint8Array(copy.n);
      for (let i = 0; i < copy.n; i++)
        mask[i] =
          mine.has(copy.ids[i]) || (copy.territory[i] !== 0 && territorySet.has(copy.territory[i])) ? 1 : 0;
      return { mask, worked: territorySet };
    })();
    if (copy.scopes.size >= MAX_SCOPES) copy.scopes.clear();
    copy.scopes.set(key, pending);
    // A failed computation is not kept.
    pending.catch(() => copy.scopes.delete(key));
    return pending;
  }

  /**
   * The answer of GET lead-markers (`markers`) or GET lead-territories/lead-markers (`territories`):
   * 304 when If-None-Match names the current ETag, else the serialized answer (kept for the next
   * identical request).
   */
  async answer(params: {
    endpoint: MarkerEndpoint;
    actor: Actor;
    query: LeadMarkersQuery;
    ifNoneMatch?: string;
  }): Promise<MarkerReply> {
    const { endpoint, actor, query } = params;
    const access = await this.access(query.leadGroupId, actor);
    if (!access.reads) throw notFound('The lead group');
    const scopeKey = access.manages
      ? 'all'
      : actor.offices('leads:work') === 'all'
        ? 'all'
        : `e${actor.EmployeeID}:${officesKey(actor.offices('leads:work'))}`;
    const day = today();
    const key = `${query.leadGroupId}|${access.version}|${endpoint}|${scopeKey}|${day}|${queryKey(query)}`;
    const etag = `W/"${ANSWER_FORMAT}-${query.leadGroupId}-${access.version}-${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
    if (matchesEtag(params.ifNoneMatch, etag)) {
      this.stats.notModified++;
      return { notModified: true, etag };
    }
    const kept = this.answers.get(key);
    if (kept) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      this.stats.answersReused++;
      return { notModified: false, etag, answer: kept };
    }
    const copy = await this.copy(access);
    const scoped = await this.scoped(copy, scopeKey, day, actor);
    // JSON written here (the fields in the response schemas' order): each lead's marker is kept as
    // JSON, so an answer is mostly joined strings.
    const markers = this.markers(copy, scoped, scopeKey, query);
    let text = `{"Leads":[${markers.Leads.join(',')}],"LeadStatuses":${copy.statusesJson},"Truncated":${markers.Truncated},"Clusters":${JSON.stringify(markers.Clusters)}`;
    if (endpoint === 'territories') {
      const partKey = `${scopeKey}|${day}`;
      let part = copy.territoryParts.get(partKey);
      if (!part) {
        const built = await this.territoryPart(copy, scoped, day);
        part = {
          Territories: built.Territories,
          TerritoriesLeadsCounts: JSON.stringify(built.TerritoriesLeadsCounts),
        };
        if (copy.territoryParts.size >= MAX_SCOPES) copy.territoryParts.clear();
        copy.territoryParts.set(partKey, part);
      }
      text += `,"Territories":[${part.Territories.join(',')}],"TerritoriesLeadsCounts":${part.TerritoriesLeadsCounts}`;
    }
    const answer: CachedAnswer = { etag, json: Buffer.from(`${text}}`) };
    this.stats.answersBuilt++;
    this.keep(key, answer);
    return { notModified: false, etag, answer };
  }

  private keep(key: string, answer: CachedAnswer): void {
    const size = answer.json.length * 2;
    if (size > this.maxAnswerBytes) return;
    this.answers.set(key, answer);
    this.answerBytes += size;
    while (this.answerBytes > this.maxAnswerBytes) {
      const [oldKey, old] = this.answers.entries().next().value as [string, CachedAnswer];
      this.answers.delete(oldKey);
      this.answerBytes -= old.json.length * 2;
    }
  }

  /** The markers of a viewport, as markers-service.ts computes them in SQL. */
  private markers(
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
  private async territoryPart(
    copy: GroupCopy,
    scoped: Scoped,
    day: string,
  ): Promise<{ Territories: string[]; TerritoriesLeadsCounts: TerritoryLeadsCount[] }> {
    let wire = copy.wireTerritories.get(day);
    if (!wire) {
      wire = toWireTerritories(this.db, copy.territoryRows).then((list) =>
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
}

function add(agg: CellAgg, copy: GroupCopy, i: number): void {
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

function merge(into: CellAgg, from: CellAgg): void {
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

function markerOf(copy: GroupCopy, i: number): LeadMarker {
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
