// The offline warm-up: what each user's field screens need is fetched through the screens' own
// queries (their kept copies are where the screens read them), only what the user may open, bounded,
// with the outcome per screen recorded; a full disk stops it without touching the outbox.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/api-client';
import { formatWireDate } from '../../../src/api/revive-dates';
import type { GuardUser } from '../../../src/app/guard';
import { loadOfflineScreens, OFFLINE_SCREEN_FILES } from '../../../src/app/offline-ready';
import { MAX_KEPT_LEADS } from '../../../src/features/leads/offline-ready';
import { clockLookupsQueryOptions } from '../../../src/features/time/api/get-clock-lookups';
import { clearUser, getDb, listOutbox, type OutboxRow, readCache, writeCache } from '../../../src/offline/db';
import { type OfflineScreen, readReadiness, WarmUpRunner, warmUp } from '../../../src/offline/warm-up';

// A Wednesday at noon UTC: the same Monday (Jan 7) in every time zone.
const NOW = new Date(Date.UTC(2030, 0, 9, 12, 0, 0));
const TOTAL_ASSIGNED = 5000;

const grant = (key: string) => ({ Description: { Key: key }, Value: 'true' });

const STAFF: GuardUser = {
  grants: [grant('navigation:timeClock'), grant('navigation:timesheet'), grant('navigation:myEvents')],
  states: [],
};
const REP: GuardUser = {
  grants: [grant('navigation:timeClock'), grant('navigation:timesheet'), grant('navigation:leads')],
  states: [],
};

interface Call {
  path: string;
  query?: Record<string, unknown>;
}

const networkDown = () => Object.assign(new TypeError('Failed to fetch'), { name: 'TypeError' });

/** A server that answers what the field screens ask (shapes are passed through, as the client's parse would). */
function fakeApi(fail: (path: string) => unknown = () => null) {
  const calls: Call[] = [];
  const api = {
    async get(path: string, options: { query?: Record<string, unknown> } = {}) {
      calls.push({ path, query: options.query });
      const error = fail(path);
      if (error) throw error;
      if (/^employees\/\d+\/assigned-schedule-events$/.test(path)) return [];
      if (path === 'lead-groups')
        return [
          { LeadGroupID: 11, DivisionID: 35, Name: 'West End' },
          { LeadGroupID: 12, DivisionID: 35, Name: 'Danforth' },
        ];
      if (/^lead-groups\/\d+\/territories$/.test(path)) return [];
      if (path === 'leads' && options.query?.assignedRepId !== undefined) {
        const { pageIndex, pageSize } = options.query as { pageIndex: number; pageSize: number };
        const start = pageIndex * pageSize;
        const n = Math.max(0, Math.min(pageSize, TOTAL_ASSIGNED - start));
        return {
          Items: Array.from({ length: n }, (_, i) => ({
            LeadID: start + i + 1,
            Version: 1,
            StreetLine1: 'x',
          })),
          TotalCount: TOTAL_ASSIGNED,
          PageIndex: pageIndex,
          PageSize: pageSize,
        };
      }
      if (path === 'leads') return { Items: [{ Longitude: -79.41, Latitude: 43.66 }], TotalCount: 1 };
      if (path === 'lead-territories/lead-markers')
        return {
          Leads: [],
          LeadStatuses: [],
          Truncated: false,
          Clusters: [],
          Territories: [],
          TerritoriesLeadsCounts: [],
        };
      return { path };
    },
  };
  return { api: api as unknown as ApiClient, calls };
}

let n = 0;
let userId: string;
beforeEach(() => {
  userId = String(900 + ++n);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await clearUser(userId);
});

function screensOf(user: GuardUser): Promise<OfflineScreen[]> {
  return loadOfflineScreens(user);
}

function run(screens: OfflineScreen[], api: ApiClient, queryClient = new QueryClient()) {
  return warmUp({ api, queryClient, userId, screens, now: () => NOW, loadCode: false });
}

describe('what is warmed, per permission', () => {
  it('each offline screen file serves the route state it is listed under', async () => {
    for (const file of OFFLINE_SCREEN_FILES) expect((await file.load()).state).toBe(file.state);
  });

  it('staff: the Clock, Timesheet and My events, through the screens’ keys — no leads', async () => {
    const screens = await screensOf(STAFF);
    expect(screens.map((s) => s.state)).toEqual(['time.clock', 'time.week', 'scheduling.myEvents']);
    const { api, calls } = fakeApi();
    const record = await run(screens, api);

    const paths = calls.map((c) => c.path);
    expect(paths).toContain('time-entries/clock-lookups');
    expect(paths).toContain(`time-entries/week/${formatWireDate(NOW)}`);
    // And tomorrow's, for a shift that runs past midnight.
    expect(paths).toContain(`time-entries/week/${formatWireDate(new Date(NOW.getTime() + 86_400_000))}`);
    expect(paths).toContain('time-entries/week/2030-01-07');
    expect(paths).toContain(`employees/${userId}/assigned-schedule-events`);
    expect(paths.filter((p) => p.startsWith('lead'))).toEqual([]);
    // Kept where the screens read them.
    expect(await readCache(userId, 'time/clock-lookups')).toMatchObject({ fetchedAt: NOW.getTime() });
    expect(await readCache(userId, `time/week/${formatWireDate(NOW)}`)).toBeDefined();
    expect(await readCache(userId, 'time-management/week/2030-01-07')).toBeDefined();
    expect(await readCache(userId, 'scheduling/my-events')).toBeDefined();
    expect(Object.keys(record.screens)).toEqual(['time.clock', 'time.week', 'scheduling.myEvents']);
    for (const screen of Object.values(record.screens))
      expect(screen).toEqual({ savedAt: NOW.getTime(), missing: [], reason: null, checkedAt: NOW.getTime() });
    expect(await readReadiness(userId)).toEqual(record);
  });

  it('rep: the leads map — groups, statuses, markers at the opening view, assigned leads bounded', async () => {
    const screens = await screensOf(REP);
    expect(screens.map((s) => s.state)).toEqual(['time.clock', 'time.week', 'leads.map']);
    const { api, calls } = fakeApi();
    const queryClient = new QueryClient();
    const record = await run(screens, api, queryClient);

    expect(record.screens['leads.map']).toMatchObject({ missing: [], savedAt: NOW.getTime() });
    const markerCalls = calls.filter((c) => c.path === 'lead-territories/lead-markers');
    expect(markerCalls.map((c) => c.query?.leadGroupId)).toEqual([11, 12]);
    // At the zoom the map opens with (the group's home: its first lead, zoom 15), around that lead.
    for (const c of markerCalls) {
      const q = c.query as { zoom: number; west: number; east: number; south: number; north: number };
      expect(q.zoom).toBe(15);
      expect(q.west).toBeLessThan(-79.41);
      expect(q.east).toBeGreaterThan(-79.41);
      expect(q.south).toBeLessThan(43.66);
      expect(q.north).toBeGreaterThan(43.66);
    }
    expect(calls.filter((c) => c.path === 'lead-statuses')).toHaveLength(1); // one division
    // The rep's own leads, page by page, never past the bound although the server holds more.
    const pages = calls.filter((c) => c.path === 'leads' && c.query?.assignedRepId !== undefined);
    expect(pages.every((c) => c.query?.assignedRepId === Number(userId))).toBe(true);
    expect(pages.reduce((s, c) => s + Number(c.query?.pageSize), 0)).toBe(MAX_KEPT_LEADS);
    const kept = await getDb().cache.where('userId').equals(userId).toArray();
    const leads = kept.filter((r) => /^leads\/lead\/\d+$/.test(r.key));
    expect(leads).toHaveLength(MAX_KEPT_LEADS);
    expect(await readCache(userId, 'leads/lead/1')).toMatchObject({ data: { LeadID: 1 } });
    expect(await readCache(userId, `leads/lead/${MAX_KEPT_LEADS + 1}`)).toBeUndefined();
    // The map's markers are kept where it looks for them offline.
    expect(await readCache(userId, 'leads/markers-index/11')).toBeDefined();
    // The map then opens from TanStack's cache too.
    expect(queryClient.getQueryData(['leads', 'groups', userId])).toMatchObject({ fromCache: false });
  });

  it('a lead kept with its history stays while unchanged; a changed one is replaced', async () => {
    const history = [{ LeadActivityID: 1 }];
    await writeCache(userId, 'leads/lead/1', { LeadID: 1, Version: 1, LeadActivityHistory: history }, 1);
    await writeCache(userId, 'leads/lead/2', { LeadID: 2, Version: 0, LeadActivityHistory: history }, 1);
    const leadsMap = (await screensOf(REP)).filter((s) => s.state === 'leads.map');
    await run(leadsMap, fakeApi().api);
    expect((await readCache(userId, 'leads/lead/1'))?.data).toMatchObject({ LeadActivityHistory: history });
    expect((await readCache(userId, 'leads/lead/2'))?.data).toEqual({
      LeadID: 2,
      Version: 1,
      StreetLine1: 'x',
    });
  });
});

describe('what failed is recorded per screen', () => {
  it('no connection for one read: that screen says what is missing, the others are saved', async () => {
    const clockWeek = `time-entries/week/${formatWireDate(NOW)}`;
    const { api } = fakeApi((path) => (path === clockWeek ? networkDown() : null));
    const record = await run(await screensOf(STAFF), api);
    expect(record.screens['time.clock']).toMatchObject({
      savedAt: null,
      missing: ['thisWeek'],
      reason: 'offline',
    });
    expect(record.screens['time.week']).toMatchObject({ missing: [], savedAt: NOW.getTime() });
  });

  it('an older kept copy answering is not counted as saved now, and the earlier save is kept', async () => {
    const screens = (await screensOf(STAFF)).filter((s) => s.state === 'scheduling.myEvents');
    await run(screens, fakeApi().api);
    const later = new Date(NOW.getTime() + 3_600_000);
    vi.setSystemTime(later);
    const record = await warmUp({
      api: fakeApi(() => networkDown()).api,
      queryClient: new QueryClient(),
      userId,
      screens,
      now: () => later,
      loadCode: false,
    });
    expect(record.screens['scheduling.myEvents']).toEqual({
      savedAt: NOW.getTime(),
      missing: ['myEvents'],
      reason: 'offline',
      checkedAt: later.getTime(),
    });
  });

  it('a refusal of the server is told apart from no connection', async () => {
    const refused = Object.assign(new Error('Forbidden'), { name: 'ResponseError', status: 403 });
    const { api } = fakeApi((path) => (path.startsWith('employees/') ? refused : null));
    const record = await run(await screensOf(STAFF), api);
    expect(record.screens['scheduling.myEvents']).toMatchObject({ missing: ['myEvents'], reason: 'failed' });
  });
});

describe('a full disk', () => {
  it('stops the warm-up, is recorded, and leaves every outbox row in place', async () => {
    const db = getDb();
    const row: OutboxRow = {
      id: `row-${userId}`,
      userId,
      command: 'timeEntry.create',
      args: {},
      entityKey: 'timeEntry:-1',
      method: 'POST',
      path: 'time-entries',
      body: { Notes: 'clocked in offline' },
      idempotencyKey: 'k-1',
      createdAt: 1,
      seq: 1,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
      status: 'pending',
      tempRefs: [-1],
    };
    await db.outbox.put(row);
    const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    vi.spyOn(db.cache, 'put').mockRejectedValue(quota());
    vi.spyOn(db.cache, 'bulkPut').mockRejectedValue(quota());

    const { api, calls } = fakeApi();
    const record = await run(await screensOf(REP), api);
    expect(record.storageFull).toBe(true);
    expect(record.screens['time.clock']).toMatchObject({
      savedAt: null,
      missing: ['clockLookups', 'thisWeek'],
      reason: 'storageFull',
    });
    expect(record.screens['leads.map']).toMatchObject({ reason: 'storageFull' });
    // Stopped at the first full write: nothing more was fetched.
    expect(calls.map((c) => c.path)).toEqual(['time-entries/clock-lookups']);
    expect(await listOutbox(userId)).toEqual([row]);
  });
});

describe('the runner', () => {
  it('skips a run soon after a complete one unless forced, and joins a run in progress', async () => {
    let clock = NOW.getTime();
    const screens = (await screensOf(STAFF)).filter((s) => s.state === 'time.clock');
    const { api, calls } = fakeApi();
    const runner = new WarmUpRunner({
      api,
      queryClient: new QueryClient(),
      screensFor: async () => screens,
      now: () => new Date(clock),
      loadCode: false,
      minIntervalMs: 600_000,
    });
    const first = runner.run(userId);
    expect(runner.run(userId)).toBe(first);
    await first;
    expect(calls).toHaveLength(3);
    clock += 60_000;
    vi.setSystemTime(clock);
    await runner.run(userId);
    expect(calls).toHaveLength(3);
    await runner.run(userId, { force: true });
    expect(calls).toHaveLength(6);
    clock += 600_000;
    vi.setSystemTime(clock);
    await runner.run(userId);
    expect(calls).toHaveLength(9);
    expect(runner.state).toMatchObject({ userId, running: false });
    expect(runner.state.record?.screens['time.clock']?.savedAt).toBe(clock);
  });
});

describe('answers the screen has just read', () => {
  it('are not asked for again within a minute; older ones and kept copies are', async () => {
    const screens = (await screensOf(STAFF)).filter((s) => s.state === 'time.clock');
    const { api, calls } = fakeApi();
    const queryClient = new QueryClient();
    // The Clock read its lookups from the server a moment before the warm-up starts.
    await queryClient.fetchQuery(clockLookupsQueryOptions(api, userId));
    calls.length = 0;
    vi.setSystemTime(NOW.getTime() + 59_000);
    const record = await run(screens, api, queryClient);
    expect(calls.map((c) => c.path)).not.toContain('time-entries/clock-lookups');
    expect(calls.map((c) => c.path)).toContain(`time-entries/week/${formatWireDate(NOW)}`);
    expect(record.screens['time.clock']).toMatchObject({ missing: [], reason: null });

    // A minute after the server's answer, the warm-up reads it again.
    calls.length = 0;
    vi.setSystemTime(NOW.getTime() + 60_000);
    await run(screens, api, queryClient);
    expect(calls.map((c) => c.path)).toContain('time-entries/clock-lookups');
  });

  it('a kept copy shown offline moments ago is read from the server again', async () => {
    const screens = (await screensOf(STAFF)).filter((s) => s.state === 'time.clock');
    const { api, calls } = fakeApi();
    const queryClient = new QueryClient();
    const options = clockLookupsQueryOptions(api, userId);
    queryClient.setQueryData(options.queryKey, {
      data: { path: 'kept' },
      fromCache: true,
      fetchedAt: NOW.getTime() - 3_600_000,
    } as never);
    await run(screens, api, queryClient);
    expect(calls.map((c) => c.path)).toContain('time-entries/clock-lookups');
    expect(queryClient.getQueryData(options.queryKey)).toMatchObject({ fromCache: false });
  });
});
