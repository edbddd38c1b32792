// The authorization matrix: every route of the built app (read from the app itself, so a route added
// later is covered without being listed) × every demo user, an anonymous caller, forged, expired and
// revoked tokens, and a session cookie without a token. The expected outcome of each call comes from
// the route's declared permission key (config.permission / config.anyPermission) and the caller's
// permissions as the access service computes them:
// - no or a bad credential on a non-public /api route → 401;
// - a signed-in caller without the route's key → 403;
// - a caller with it → anything but 401/403 (200, 400 for the empty body, 404 for id 1…);
// - a public route → never 401/403; and no call ever answers 5xx.
// Every /api route must declare its key; the few open to every signed-in user or checked in their
// handler are listed below with the reason, and a route that is neither fails the matrix.
// Then, for scoped reads (time entries, schedule events, lead groups), a caller whose offices do not
// reach the record gets 403/404 and not the record, one whose offices do gets it.
import { randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  employees,
  employmentRecords,
  icdOffices,
  leadGroups,
  officeDivisions,
  scheduleEvents,
  timeEntries,
} from '../../server/db/tables';
import { type Actor, loadActor, type OfficeScope } from '../../server/modules/access/service';
import { hashSessionId, SESSION_COOKIE } from '../../server/modules/auth/service';
import { signToken } from '../../server/modules/auth/tokens';
import { DEMO_USERS, type DemoUser } from '../../server/seed/demo';
import { EmployeeStatus } from '../../src/contract/common';
import { PERMISSIONS } from '../../src/contract/permissions';
import { createTestApp, type TestApp } from './helpers';
import { type CataloguedRoute, routeCatalogue } from './route-catalogue';

vi.mock('fastify', async (importOriginal) =>
  (await import('./route-catalogue')).withRouteCatalogue(await importOriginal<object>()),
);

// ---- what the routes declare, and the few exceptions -----------------------------------------------

/** Routes anyone may call (each with why). Every route outside /api must be here. */
const PUBLIC_ROUTES: Array<[RegExp, string]> = [
  [/^GET \/api\/docs(\/|$)/, 'the API description'],
  [/^POST \/api\/auth\/token$/, 'exchanges a session cookie or an API client secret for a token'],
  [/^GET \/api\/home\/password-validator$/, 'the password policy, shown on the reset page'],
  [/^POST \/api\/home\/reset-password$/, 'asks for a reset mail; same answer for every user name'],
  [/^GET \/api\/app\/states$/, 'the named states, user-independent and cacheable'],
  [/^POST \/api\/client-errors$/, 'the PWA reports its errors, signed in or not'],
  [/^GET \/api\/onboarding-divisions$/, 'divisions taking applications (anonymous: self sign-up ones)'],
  [
    /^POST \/api\/onboarding-applications$/,
    'a self sign-up where the policy allows it (rate-limited); an office-made one needs onboarding:manage, checked in the handler',
  ],
  [/^(PUT|PATCH|DELETE) \/api\/services\/shim-tests\//, 'method-override probes'],
  [/^(PUT|PATCH|DELETE) \/__method-blocked$/, 'answers 405 to blocked methods'],
  [/^POST \/account\//, 'the account form posts; those needing a session check it themselves'],
  [/^GET \/\*$/, 'the PWA shell and files'],
  [/^GET \/tiles\//, 'street map tiles and style: they check the session cookie or token themselves'],
];

/** Public routes that check the session cookie themselves: no session → 401, without `keys` → 403. */
const SELF_GUARDED: Record<string, { keys: readonly string[]; body?: (ctx: Context) => object }> = {
  'POST /account/renew': { keys: [] },
  'POST /account/proxy/login': { keys: ['admin:proxy'], body: (ctx) => ({ EmployeeID: ctx.userIds.staff }) },
  'GET /tiles/style.json': { keys: [] },
  'GET /tiles/:z/:x/:y': { keys: [] },
  'GET /tiles/extent': { keys: [] },
};

/** /api routes open to every signed-in user (no key), each with why. */
const OPEN_TO_SIGNED_IN: Record<string, string> = {
  'GET /api/auth/permissions': "the caller's own grants (another user's: admin:permissions, in the handler)",
  'GET /api/permissions': 'the catalogue of permission keys',
  'GET /api/Home/identity': 'who is signed in',
  'GET /api/home/permissions': "the caller's readable states",
  'GET /api/Home/navigation-modules': "the caller's menu",
  'GET /api/Home/employee-identity/:id':
    "oneself, one's proxy administrator, or someone in the caller's employees:read or admin:permissions scope (others: 404, in the handler)",
  'GET /api/home/dashboards':
    'the dashboards the caller may open (each behind its own key, filtered in the handler)',
  'GET /api/app/features': 'feature flags',
  'GET /api/icd-modules': 'lookup',
  'GET /api/divisional-modules': 'lookup',
  'GET /api/employees/betaopt': "the caller's own feature preferences",
  'PUT /api/employees/betaopt': "the caller's own feature preferences",
  'GET /api/time-entry-types': 'lookup (cached by the service worker)',
  'GET /api/legal-notices':
    "the caller's own legal notices (every notice with notices:manage, in the handler)",
  'PUT /api/legal-notices/:id/acknowledge/:contentId':
    'acknowledges a notice addressed to the caller (others: 404)',
  'GET /api/bulletins/inbox': "the caller's own delivered bulletins",
  'GET /api/bulletins/:id':
    "a bulletin delivered to the caller, or one in the caller's bulletins:manage scope (others: 404, in the handler)",
  'POST /api/bulletins/inbox/:id/acknowledge':
    'acknowledges a bulletin delivered to the caller (others: 404)',
};

/**
 * /api routes whose key is checked in a preHandler or the handler (after validation), with the keys
 * (any of). None today: "own or manager" routes declare `config.anyPermission`.
 */
const HANDLER_CHECKED: Record<string, readonly string[]> = {};

/**
 * Routes whose key must reach every office (the handler answers 403 to a holder with a narrower scope):
 * a division's leads policy spans the offices of every corporation.
 */
const GLOBAL_ONLY = new Set([
  'PUT /api/leads-policies/:id',
  'PUT /api/divisions/:id/leads-policy',
  'DELETE /api/divisions/:id/leads-policy',
]);

type Requirement =
  | { kind: 'public' }
  | { kind: 'self-guarded'; keys: readonly string[] }
  | { kind: 'signed-in' }
  | { kind: 'any-of'; keys: readonly string[]; checked: 'config' | 'handler'; everyOffice: boolean }
  | { kind: 'undeclared' };

const routeName = (r: Pick<CataloguedRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
const isApi = (url: string) => /^\/api\//i.test(url);

function requirementOf(route: CataloguedRoute): Requirement {
  const name = routeName(route);
  if (route.public || !isApi(route.url)) {
    const guard = SELF_GUARDED[name];
    return guard ? { kind: 'self-guarded', keys: guard.keys } : { kind: 'public' };
  }
  const everyOffice = GLOBAL_ONLY.has(name);
  if (route.permission) return { kind: 'any-of', keys: [route.permission], checked: 'config', everyOffice };
  if (route.anyPermission?.length)
    return { kind: 'any-of', keys: route.anyPermission, checked: 'config', everyOffice };
  if (HANDLER_CHECKED[name])
    return { kind: 'any-of', keys: HANDLER_CHECKED[name], checked: 'handler', everyOffice };
  if (OPEN_TO_SIGNED_IN[name]) return { kind: 'signed-in' };
  return { kind: 'undeclared' };
}

// ---- identities --------------------------------------------------------------------------------------

interface Identity {
  name: string;
  /** Headers of /api calls. */
  headers: Record<string, string>;
  /** The session cookie sent to the account form posts (and to allowCookie GETs), if any. */
  cookie: string | null;
  /** Whose permissions a valid credential carries: for the token (user) or only for the cookie. */
  actor: Actor | null;
  via: 'token' | 'cookie' | 'none';
}

interface Context {
  t: TestApp;
  userIds: Record<DemoUser, number>;
  /** Office → corporation, office → divisions (to name in-scope ids in paths). */
  officeCorporation: Map<number, number>;
  officeDivision: Map<number, number>;
}

const SECRET = randomBytes(32).toString('hex');
const DATE = '2026-01-05';

/** A concrete URL for the route as `who` would call it: own employee id, an office its key reaches. */
function urlFor(route: CataloguedRoute, who: Identity, requirement: Requirement, ctx: Context): string {
  const actor = who.actor;
  let office = 1;
  if (actor && requirement.kind === 'any-of') {
    const held = requirement.keys.find((k) => actor.has(k));
    const scope: OfficeScope | null = held ? actor.offices(held) : null;
    if (scope && scope !== 'all' && scope.size > 0) office = Math.min(...scope);
  }
  const parts = route.url.split('/');
  return parts
    .map((part, i) => {
      if (part === '*') return 'x';
      if (!part.startsWith(':')) return part;
      const name = part.slice(1);
      const prev = parts[i - 1]?.toLowerCase();
      if (name === 'date') return DATE;
      if ((prev === 'employees' || prev === 'employee') && actor) return String(actor.EmployeeID);
      if (name === 'officeId' || prev === 'icd-offices') return String(office);
      if (prev === 'icd-corporations') return String(ctx.officeCorporation.get(office) ?? 1);
      if (prev === 'divisions') return String(ctx.officeDivision.get(office) ?? 1);
      return '1';
    })
    .join('/');
}

/** `403-after-validation`: checked in the handler, after the (empty) body was validated: 403 or 400. */
type Expected = 'allowed' | 401 | 403 | '403-after-validation';

function expected(route: CataloguedRoute, requirement: Requirement, who: Identity): Expected {
  const holds = (keys: readonly string[], actor: Actor | null) =>
    !actor ? 401 : keys.length === 0 || keys.some((k) => actor.has(k)) ? 'allowed' : 403;
  if (requirement.kind === 'any-of') {
    const got = holds(requirement.keys, actorFor(route, who));
    const narrow =
      requirement.everyOffice && got === 'allowed'
        ? !requirement.keys.some((k) => who.actor?.offices(k) === 'all')
        : false;
    if (narrow) return '403-after-validation';
    return got === 403 && requirement.checked === 'handler' ? '403-after-validation' : got;
  }
  switch (requirement.kind) {
    case 'public':
      return 'allowed';
    case 'self-guarded':
      return holds(requirement.keys, who.cookie ? who.actor : null);
    case 'undeclared':
      throw new Error(`${routeName(route)} declares no permission`);
    case 'signed-in':
      return holds([], actorFor(route, who));
  }
}

/** The actor a non-public /api call authenticates as: the token's, or the cookie's on allowCookie GETs. */
function actorFor(route: CataloguedRoute, who: Identity): Actor | null {
  const cookieOk = route.allowCookie && route.method === 'GET';
  return who.via === 'token' || (who.via === 'cookie' && cookieOk) ? who.actor : null;
}

function violates(want: Expected, got: number): boolean {
  if (got >= 500) return true;
  if (want === 'allowed') return got === 401 || got === 403;
  if (want === '403-after-validation') return got !== 403 && got !== 400;
  return got !== want;
}

// ---- the run ----------------------------------------------------------------------------------------

let ctx: Context;
let routes: CataloguedRoute[];
const identities: Identity[] = [];

async function signIn(t: TestApp, user: DemoUser) {
  const session = await t.signIn(user);
  const raw = session.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!raw) throw new Error(`no session cookie for ${user}`);
  return { ...session, sessionHash: hashSessionId(raw) };
}

beforeAll(async () => {
  const t = await createTestApp({ jwtSecret: SECRET });
  routes = routeCatalogue(t.app);
  const people = await t.db.select({ id: employees.EmployeeID, user: employees.UserName }).from(employees);
  const userIds = Object.fromEntries(
    DEMO_USERS.map((u) => [u, people.find((p) => p.user === u)!.id]),
  ) as Record<DemoUser, number>;
  const offices = await t.db.select().from(icdOffices);
  const divisions = await t.db.select().from(officeDivisions);
  ctx = {
    t,
    userIds,
    officeCorporation: new Map(offices.map((o) => [o.IcdOfficeID, o.IcdCorporationID])),
    officeDivision: new Map(divisions.map((d) => [d.IcdOfficeID, d.DivisionID])),
  };

  for (const user of DEMO_USERS) {
    const s = await signIn(t, user);
    identities.push({
      name: user,
      headers: { authorization: `Bearer ${s.token}` },
      cookie: s.cookie,
      actor: await loadActor(t.db, userIds[user]),
      via: 'token',
    });
  }
  const admin = await loadActor(t.db, userIds.admin);
  const adminSession = await signIn(t, 'admin');
  const other = new TextEncoder().encode(randomBytes(32).toString('hex'));
  const key = new TextEncoder().encode(SECRET);
  const claims = { sub: String(userIds.admin), sid: adminSession.sessionHash };
  const revoked = await signIn(t, 'staff');
  const out = await t.app.inject({
    method: 'POST',
    url: '/account/logout',
    headers: { cookie: revoked.cookie, accept: 'application/json' },
  });
  expect(out.statusCode).toBe(204);
  identities.push(
    { name: 'anonymous', headers: {}, cookie: null, actor: null, via: 'none' },
    {
      name: 'token signed with another key (admin)',
      headers: { authorization: `Bearer ${await signToken(other, claims)}` },
      cookie: null,
      actor: null,
      via: 'none',
    },
    {
      name: 'expired token (admin)',
      headers: { authorization: `Bearer ${await signToken(key, claims, Date.now() - 3600_000)}` },
      cookie: null,
      actor: null,
      via: 'none',
    },
    {
      name: 'token of a signed-out session (staff)',
      headers: { authorization: `Bearer ${revoked.token}` },
      cookie: null,
      actor: null,
      via: 'none',
    },
    {
      // Its own admin session, so that the account posts of this block sign out only this one.
      name: 'session cookie without a token (admin)',
      headers: { cookie: adminSession.cookie },
      cookie: adminSession.cookie,
      actor: admin,
      via: 'cookie',
    },
  );
});

afterAll(async () => {
  await ctx?.t.close();
});

describe('every route declares who may call it', () => {
  it('each /api route has a permission key, or is listed as public, open to the signed-in or checked in its handler', () => {
    const problems: string[] = [];
    const names = new Set(routes.map(routeName));
    for (const route of routes) {
      const name = routeName(route);
      const req = requirementOf(route);
      const listedPublic = PUBLIC_ROUTES.some(([re]) => re.test(name));
      if (req.kind === 'undeclared')
        problems.push(
          `${name}: no permission key (config.permission) and not listed as open to every signed-in user`,
        );
      if ((route.public || !isApi(route.url)) && !listedPublic)
        problems.push(
          `${name}: public (or outside /api, where no permission is checked) but not listed as public`,
        );
      if (!route.public && !isApi(route.url))
        problems.push(`${name}: outside /api and not public: nothing guards it`);
      if ((route.permission || route.anyPermission) && (OPEN_TO_SIGNED_IN[name] || HANDLER_CHECKED[name]))
        problems.push(`${name}: declares a key in its config; remove it from the lists in this test`);
    }
    const listed = [
      ...Object.keys(OPEN_TO_SIGNED_IN),
      ...Object.keys(HANDLER_CHECKED),
      ...Object.keys(SELF_GUARDED),
      ...GLOBAL_ONLY,
    ];
    for (const name of listed)
      if (!names.has(name)) problems.push(`${name}: listed in this test but no longer a route`);
    expect(problems).toEqual([]);
  });

  it('every key a route needs is a permission of the catalogue', () => {
    const known = new Set<string>(PERMISSIONS.map((p) => p.Key));
    const unknown = routes.flatMap((route) => {
      const req = requirementOf(route);
      const keys = req.kind === 'any-of' || req.kind === 'self-guarded' ? req.keys : [];
      return keys.filter((k) => !known.has(k)).map((k) => `${routeName(route)}: ${k}`);
    });
    expect(unknown).toEqual([]);
  });
});

// ---- office scope of reads ----------------------------------------------------------------------------

interface ScopedRecord {
  id: number;
  office: number | null;
  corporation: number;
  employee: number | null;
}

interface ScopedKind {
  what: string;
  /** The caller needs one of these keys at all (else 403). */
  keys: readonly string[];
  url(id: number): string;
  idField: string;
  records(): Promise<ScopedRecord[]>;
  /** Whether the caller's offices (as the seed gives them) reach the record. */
  reaches(actor: Actor, record: ScopedRecord): boolean;
  /**
   * List reads: the whole list (`naming: null`) must hold only reached records and some of them; a list
   * naming what the caller does not reach (an office, an employee) is refused (403/404) or holds none
   * of the records out of reach.
   */
  lists(actor: Actor, records: ScopedRecord[]): ListProbe[];
}

interface ListProbe {
  url: string;
  naming: string | null;
  ids(body: unknown): number[];
}

const ids = (field: string) => (body: unknown) => {
  const list = Array.isArray(body) ? body : (body as { Items: unknown[] }).Items;
  return (list as Record<string, number>[]).map((item) => item[field]);
};

/** The first record not reached by the actor, preferring other people's. */
const unreached = (kind: ScopedKind, actor: Actor, records: ScopedRecord[]) =>
  records.find((r) => r.employee !== actor.EmployeeID && !kind.reaches(actor, r));

const corporationsOf = (scope: OfficeScope): 'all' | Set<number> =>
  scope === 'all' ? 'all' : new Set([...scope].map((o) => ctx.officeCorporation.get(o)!));
const within = (scope: 'all' | ReadonlySet<number>, id: number | null) =>
  scope === 'all' || (id !== null && scope.has(id));

/** The first and last dates of the seeded schedule events (set before the scope checks). */
const eventDates = { first: '', last: '' };

const SCOPED_KINDS: ScopedKind[] = [
  {
    what: 'time entry',
    keys: ['time:own', 'time:manage'],
    url: (id) => `/api/time-entries/${id}`,
    idField: 'Id',
    async records() {
      const rows = await ctx.t.db
        .select({ id: timeEntries.Id, office: timeEntries.IcdOfficeID, employee: timeEntries.EmployeeID })
        .from(timeEntries)
        .where(isNull(timeEntries.DeletedAt));
      return rows.map((r) => ({ ...r, corporation: ctx.officeCorporation.get(r.office)! }));
    },
    reaches: (actor, r) =>
      within(actor.offices('time:manage'), r.office) ||
      (r.employee === actor.EmployeeID && actor.has('time:own')),
    lists(actor, records) {
      const out = unreached(this, actor, records);
      if (!out) return [];
      return [
        {
          url: `/api/time-entries?employeeId=${out.employee}&pageSize=500`,
          naming: `employee ${out.employee}`,
          ids: ids('Id'),
        },
        {
          url: `/api/time-entries?icdOfficeId=${out.office}&pageSize=500`,
          naming: `office ${out.office}`,
          ids: ids('Id'),
        },
      ];
    },
  },
  {
    what: 'schedule event',
    keys: ['scheduling:manage'],
    url: (id) => `/api/schedule-events/${id}`,
    idField: 'ScheduleEventID',
    async records() {
      const rows = await ctx.t.db
        .select({ id: scheduleEvents.ScheduleEventID, office: scheduleEvents.IcdOfficeID })
        .from(scheduleEvents);
      return rows.map((r) => ({ ...r, employee: null, corporation: ctx.officeCorporation.get(r.office)! }));
    },
    reaches: (actor, r) => within(actor.offices('scheduling:manage'), r.office),
    lists(actor, records) {
      const range = `startDate=${eventDates.first}&endDate=${eventDates.last}&includeCancelled=true`;
      const out = unreached(this, actor, records);
      return [
        { url: `/api/schedule-events?${range}`, naming: null, ids: ids('ScheduleEventID') },
        ...(out
          ? [
              {
                url: `/api/schedule-events?${range}&icdOfficeID=${out.office}`,
                naming: `office ${out.office}`,
                ids: ids('ScheduleEventID'),
              },
            ]
          : []),
      ];
    },
  },
  {
    what: 'lead group',
    keys: ['leads:work', 'leads:manage'],
    url: (id) => `/api/lead-groups/${id}`,
    idField: 'LeadGroupID',
    async records() {
      const rows = await ctx.t.db
        .select({ id: leadGroups.LeadGroupID, corporation: leadGroups.IcdCorporationID })
        .from(leadGroups);
      return rows.map((r) => ({ ...r, office: null, employee: null }));
    },
    // Lead groups belong to a corporation: the corporations of the offices where the caller holds a key.
    reaches: (actor, r) =>
      within(corporationsOf(actor.offices('leads:manage')), r.corporation) ||
      within(corporationsOf(actor.offices('leads:work')), r.corporation),
    lists(actor, records) {
      const out = unreached(this, actor, records);
      return [
        { url: '/api/lead-groups?includeInactive=true', naming: null, ids: ids('LeadGroupID') },
        ...(out
          ? [
              {
                url: `/api/lead-groups?includeInactive=true&icdCorporationId=${out.corporation}`,
                naming: `corporation ${out.corporation}`,
                ids: ids('LeadGroupID'),
              },
            ]
          : []),
      ];
    },
  },
];

describe('office scope of reads', () => {
  const checked = new Map<string, { reached: number; outside: number; elsewhere: number }>();

  beforeAll(async () => {
    const dates = (await ctx.t.db.select({ date: scheduleEvents.Date }).from(scheduleEvents))
      .map((r) => r.date)
      .sort();
    eventDates.first = dates[0];
    eventDates.last = dates[dates.length - 1];
    // The demo company's time is all recorded at one office: record some (as admin, through the API)
    // for an employee of every other office that has one, so that other offices' time exists.
    const admin = identities.find((i) => i.name === 'admin')!;
    const timed = new Set((await ctx.t.db.select().from(timeEntries)).map((e) => e.IcdOfficeID));
    const records = await ctx.t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active));
    for (const record of records) {
      if (timed.has(record.IcdOfficeID)) continue;
      timed.add(record.IcdOfficeID);
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/time-entries',
        headers: admin.headers,
        payload: {
          Date: '2030-01-07',
          EmployeeID: record.EmployeeID,
          TimeEntryTypeID: 1,
          IcdOfficeID: record.IcdOfficeID,
          ProgramID: null,
          StoreID: null,
          TimeZoneOffset: 0,
          IsRealTime: false,
          StartTime: '09:00:00',
          EndTime: '17:00:00',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The demo company's lead groups all belong to one corporation: add one to every other corporation
    // (as admin, through the API) so that a group outside a caller's corporations exists.
    const corporations = new Set(ctx.officeCorporation.values());
    const existing = new Set((await ctx.t.db.select().from(leadGroups)).map((g) => g.IcdCorporationID));
    for (const corporation of corporations) {
      if (existing.has(corporation)) continue;
      const office = [...ctx.officeCorporation].find(([, c]) => c === corporation)![0];
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/lead-groups',
        headers: admin.headers,
        payload: {
          Name: `Scope check ${corporation}`,
          DivisionID: ctx.officeDivision.get(office),
          IcdCorporationID: corporation,
        },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
  });

  it.each(DEMO_USERS)('%s reads the records its offices reach and not the others', async (user) => {
    const who = identities.find((i) => i.name === user)!;
    const actor = (await loadActor(ctx.t.db, who.actor!.EmployeeID))!;
    const problems: string[] = [];
    for (const kind of SCOPED_KINDS) {
      const records = await kind.records();
      const mayRead = kind.keys.some((k) => actor.has(k));
      // Someone else's record where one exists: one reached, one not.
      const others = records.filter((r) => r.employee !== actor.EmployeeID);
      // Out of reach: preferably in an office (or corporation) none of the caller's keys reaches.
      const reachedOffices = new Set<number>();
      let everyOffice = false;
      for (const key of kind.keys) {
        const scope = actor.offices(key);
        if (scope === 'all') everyOffice = true;
        else for (const o of scope) reachedOffices.add(o);
      }
      const elsewhere = (r: ScopedRecord) =>
        !everyOffice &&
        (r.office !== null
          ? !reachedOffices.has(r.office)
          : ![...reachedOffices].some((o) => ctx.officeCorporation.get(o) === r.corporation));
      const pick = (reached: boolean) =>
        (reached ? undefined : others.find((r) => !kind.reaches(actor, r) && elsewhere(r))) ??
        others.find((r) => kind.reaches(actor, r) === reached) ??
        records.find((r) => kind.reaches(actor, r) === reached);
      const tally = checked.get(kind.what) ?? { reached: 0, outside: 0, elsewhere: 0 };
      for (const reached of [true, false]) {
        const record = pick(reached);
        if (!record) continue;
        const res = await ctx.t.app.inject({ method: 'GET', url: kind.url(record.id), headers: who.headers });
        const where = `${user}: ${kind.what} ${record.id} (office ${record.office ?? '-'}, corporation ${record.corporation})`;
        if (mayRead && reached) {
          tally.reached++;
          if (res.statusCode !== 200 || res.json()[kind.idField] !== record.id)
            problems.push(
              `${where}: in scope, expected 200 with it, got ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        } else {
          if (mayRead) tally.outside++;
          if (mayRead && elsewhere(record) && reachedOffices.size > 0) tally.elsewhere++;
          const body = res.json() as Record<string, unknown>;
          if (![403, 404].includes(res.statusCode) || kind.idField in body || !body.Message)
            problems.push(
              `${where}: out of scope, expected 403/404 with a message, got ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      for (const probe of kind.lists(actor, records)) {
        const res = await ctx.t.app.inject({ method: 'GET', url: probe.url, headers: who.headers });
        const where = `${user}: GET ${probe.url}`;
        if (!mayRead) {
          if (res.statusCode !== 403)
            problems.push(`${where}: without the key, expected 403, got ${res.statusCode}`);
          continue;
        }
        if (probe.naming && [403, 404].includes(res.statusCode)) {
          tally.outside++;
          continue;
        }
        if (res.statusCode !== 200) {
          problems.push(
            `${where}: expected 200${probe.naming ? ' or 403/404' : ''}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
          continue;
        }
        const got = new Set(probe.ids(res.json()));
        const leaked = records.filter((r) => got.has(r.id) && !kind.reaches(actor, r)).map((r) => r.id);
        if (leaked.length) problems.push(`${where}: holds ${kind.what}s out of reach: ${leaked.join(', ')}`);
        if (probe.naming) tally.outside++;
        else if (records.some((r) => kind.reaches(actor, r)) && got.size === 0)
          problems.push(`${where}: holds none of the ${kind.what}s in reach`);
      }
      checked.set(kind.what, tally);
    }
    expect(problems).toEqual([]);
  });

  it.each(DEMO_USERS)(
    "%s reads another employee's events and grants only as its keys allow",
    async (user) => {
      const who = identities.find((i) => i.name === user)!;
      const actor = (await loadActor(ctx.t.db, who.actor!.EmployeeID))!;
      const records = await ctx.t.db
        .select()
        .from(employmentRecords)
        .where(eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active));
      const manage = actor.offices('scheduling:manage');
      const reaches = (employee: number) =>
        records.some((r) => r.EmployeeID === employee && within(manage, r.IcdOfficeID));
      const others = [...new Set(records.map((r) => r.EmployeeID))].filter((e) => e !== actor.EmployeeID);
      const problems: string[] = [];
      for (const reached of [true, false]) {
        const employee = others.find((e) => reaches(e) === reached);
        if (employee === undefined) continue;
        const url = `/api/employees/${employee}/assigned-schedule-events`;
        const res = await ctx.t.app.inject({ method: 'GET', url, headers: who.headers });
        if (reached ? res.statusCode !== 200 : ![403, 404].includes(res.statusCode))
          problems.push(`${user}: GET ${url} → ${res.statusCode}, expected ${reached ? 200 : '403/404'}`);
      }
      // Another user's grants: admin:permissions.
      const url = `/api/auth/permissions?employeeId=${others[0]}`;
      const res = await ctx.t.app.inject({ method: 'GET', url, headers: who.headers });
      const want = actor.has('admin:permissions') ? 200 : 403;
      if (res.statusCode !== want) problems.push(`${user}: GET ${url} → ${res.statusCode}, expected ${want}`);
      expect(problems).toEqual([]);
    },
  );

  it('met records inside and outside the reach of callers holding the key, other offices included, for every kind', () => {
    for (const kind of SCOPED_KINDS) {
      const tally = checked.get(kind.what);
      expect(tally?.reached, kind.what).toBeGreaterThan(0);
      expect(tally?.outside, kind.what).toBeGreaterThan(0);
      // …and a record of another office (corporation) read by a caller whose key reaches some offices.
      expect(tally?.elsewhere, kind.what).toBeGreaterThan(0);
    }
  });
});

/**
 * The calls of one identity in batches of a few concurrent calls: reads first, then writes, deletes,
 * the account posts, and the sign-outs (which end the identity's session) one by one at the very end.
 */
function batches(list: CataloguedRoute[], size: number): CataloguedRoute[][] {
  const rank = (r: CataloguedRoute) =>
    /\/logout$/.test(r.url) ? 4 : !isApi(r.url) ? 3 : r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1;
  const out: CataloguedRoute[][] = [];
  for (const step of [0, 1, 2, 3, 4]) {
    const group = list.filter((r) => rank(r) === step);
    const n = step === 4 ? 1 : size;
    for (let i = 0; i < group.length; i += n) out.push(group.slice(i, i + n));
  }
  return out;
}

async function call(route: CataloguedRoute, who: Identity, requirement: Requirement) {
  const account = !isApi(route.url);
  const headers: Record<string, string> = account
    ? { accept: 'application/json', ...(who.cookie ? { cookie: who.cookie } : {}) }
    : { ...who.headers };
  const guard = SELF_GUARDED[routeName(route)];
  const body = guard?.body ? guard.body(ctx) : {};
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return ctx.t.app.inject({
    method: route.method as 'GET',
    url: urlFor(route, who, requirement, ctx),
    headers,
    ...(hasBody ? { payload: body } : {}),
  });
}

const BATCH = 6;

describe('authorization matrix', () => {
  // The identities are named here; their credentials are made in beforeAll.
  const names = [
    ...DEMO_USERS,
    'anonymous',
    'token signed with another key (admin)',
    'expired token (admin)',
    'token of a signed-out session (staff)',
    'session cookie without a token (admin)',
  ];
  const tally = { calls: 0, allowed: 0, denied401: 0, denied403: 0 };

  it.each(names)('%s: every operation answers as its permission key says', async (name) => {
    const who = identities.find((i) => i.name === name)!;
    // Fresh permissions: earlier rows (as admin) may have changed data, never another user's grants.
    if (who.actor) who.actor = await loadActor(ctx.t.db, who.actor.EmployeeID);
    const violations: string[] = [];
    for (const batch of batches(routes, BATCH)) {
      const answers = await Promise.all(
        batch.map(async (route) => {
          const requirement = requirementOf(route);
          if (requirement.kind === 'undeclared') return null;
          const res: LightMyRequestResponse = await call(route, who, requirement);
          return { route, requirement, res };
        }),
      );
      for (const answer of answers) {
        if (!answer) continue;
        const { route, requirement, res } = answer;
        const want = expected(route, requirement, who);
        const got = res.statusCode;
        tally.calls++;
        if (got === 401) tally.denied401++;
        else if (got === 403) tally.denied403++;
        else tally.allowed++;
        const where = `${name}: ${route.method} ${urlFor(route, who, requirement, ctx)}`;
        if (violates(want, got))
          violations.push(
            `${where} → ${got}, expected ${want === 'allowed' ? 'not 401/403/5xx' : want}: ${res.body.slice(0, 160)}`,
          );
      }
    }
    expect(violations).toEqual([]);
  });

  it('covered every operation for every identity', () => {
    const operations = routes.filter((r) => requirementOf(r).kind !== 'undeclared').length;
    // A summary for the log: operations × identities, and how they were answered.
    console.info(
      `authorization matrix: ${operations} operations × ${names.length} identities = ${tally.calls} calls; ` +
        `${tally.allowed} let through, ${tally.denied401} × 401, ${tally.denied403} × 403`,
    );
    expect(tally.calls).toBe(operations * names.length);
    expect(operations).toBeGreaterThan(100);
  });
});
