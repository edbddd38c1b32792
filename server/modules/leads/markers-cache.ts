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
// Files: markers-group-copy.ts (a group's copy in memory), markers-viewport.ts (an answer's markers,
// clusters and territories from it), markers-encoding.ts (ETag match, compressed bodies); this file
// keeps the copies, scopes and answers and follows the versions.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { LeadMarkersQuery } from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import {
  icdOffices,
  leadAssignments,
  leadGroups,
  leadMarkerVersions,
  leads,
  territories,
} from '../../db/tables';
import { notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { statusBook } from './lookups';
import { type CachedAnswer, type MarkerReply, matchesEtag } from './markers-encoding';
import { GroupCopy, type Scoped } from './markers-group-copy';
import { sortedList, territoryPart, viewportMarkers } from './markers-viewport';
import { type LeadGroupRow, type LeadScope, today, workedTerritoryIds } from './scope';

/** The NOTIFY channel of server/db/sql/lead-markers-version.sql. */
export const MARKERS_CHANNEL = 'apex_lead_markers';
/** Part of every ETag: a server whose answers are built differently never matches an older one. */
const ANSWER_FORMAT = 'lm1';
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

function officesKey(offices: OfficeScope): string {
  return offices === 'all' ? '*' : [...offices].sort((a, b) => a - b).join(',');
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
    const markers = viewportMarkers(copy, scoped, scopeKey, query);
    let text = `{"Leads":[${markers.Leads.join(',')}],"LeadStatuses":${copy.statusesJson},"Truncated":${markers.Truncated},"Clusters":${JSON.stringify(markers.Clusters)}`;
    if (endpoint === 'territories') {
      const partKey = `${scopeKey}|${day}`;
      let part = copy.territoryParts.get(partKey);
      if (!part) {
        const built = await territoryPart(this.db, copy, scoped, day);
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
}
