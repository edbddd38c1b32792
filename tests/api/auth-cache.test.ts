// The in-memory auth cache (server/plugins/auth-cache.ts): a signed-in caller's access is served from
// memory, yet a role change, a revoked session, a deactivated user and a password change take effect
// on the very next request — on the instance where the change was made and on a second instance over
// the same database. Instance A learns of changes as it would in production on this database (NOTIFY
// on the embedded database, the version read on a PostgreSQL server); instance B always reads the
// version row, as every instance of a PostgreSQL deployment does. Each case warms both caches first.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase } from '../../server/db/client';
import { authVersion, employees, mailOutbox, roleAssignments, sessions } from '../../server/db/tables';
import type { Actor } from '../../server/modules/access/service';
import { hashSessionId, SESSION_COOKIE } from '../../server/modules/auth/service';
import { signToken, tokenVerifier } from '../../server/modules/auth/tokens';
import { AuthCache, sessionKey } from '../../server/plugins/auth-cache';
import type { StatePermission } from '../../src/contract/navigation';
import { createTestApp, type Session, type TestApp } from './helpers';

const shared = { jwtSecret: 'auth-cache-test-signing-key-0123456789abcdef' };
let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database | null = null;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  // On the embedded database both instances serve one PGlite on its thread, as `npm start` runs it (one
  // process); on a server, B has its own pool on A's database, as a second machine would.
  const embedded = url ? undefined : await openDatabase({ inMemory: true, thread: true });
  a = await createTestApp(shared, { database: embedded });
  bDatabase = a.databaseUrl ? await openDatabase({ databaseUrl: a.databaseUrl }) : null;
  const built = await buildApp({ ...a.config, seedDemo: false }, bDatabase ?? embedded, {
    authCache: { poll: true },
  });
  b = built.app;
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });
const identity = (s: Session): InjectOptions => ({
  method: 'GET',
  url: '/api/Home/identity',
  headers: bearer(s),
});
const onBoth = async (options: InjectOptions) =>
  Promise.all([a.app.inject(options), b.inject(options)]).then((r) => r.map((x) => x.statusCode));

async function readable(app: FastifyInstance, s: Session): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/api/home/permissions', headers: bearer(s) });
  expect(res.statusCode).toBe(200);
  return res
    .json<StatePermission[]>()
    .filter((p) => p.CanRead && p.PermissionKey)
    .map((p) => p.Name);
}

async function employeeId(userName: string): Promise<number> {
  const [e] = await a.db.select().from(employees).where(eq(employees.UserName, userName));
  return e.EmployeeID;
}

describe('auth cache', () => {
  it('a role taken away: the permissions it gave are gone on the next request, on both instances', async () => {
    const s = await a.signIn('manager');
    const before = await readable(a.app, s);
    expect(before.length).toBeGreaterThan(0);
    expect(await readable(b, s)).toEqual(before);
    // Served from memory a second time (same answer)…
    expect(await readable(a.app, s)).toEqual(before);
    // …until the roles change (no API for it yet: as an administrator's tool would).
    await a.db.delete(roleAssignments).where(eq(roleAssignments.EmployeeID, await employeeId('manager')));
    const after = await readable(a.app, s);
    expect(after.length).toBeLessThan(before.length);
    expect(await readable(b, s)).toEqual(after);
  });

  it('a session signed out on one instance is refused at once on both', async () => {
    const s = await a.signIn('owner');
    expect(await onBoth(identity(s))).toEqual([200, 200]);
    expect(await onBoth(identity(s))).toEqual([200, 200]);
    const out = await a.app.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { cookie: s.cookie, accept: 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    expect(await onBoth(identity(s))).toEqual([401, 401]);
    // The session cookie (downloads) is refused too.
    expect(await onBoth({ method: 'GET', url: '/api/Home/identity', headers: { cookie: s.cookie } })).toEqual(
      [401, 401],
    );
  });

  it('a session revoked on the second instance is refused at once on both', async () => {
    const s = await a.signIn('owner');
    expect(await onBoth(identity(s))).toEqual([200, 200]);
    const out = await b.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { cookie: s.cookie, accept: 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    expect(await onBoth(identity(s))).toEqual([401, 401]);
  });

  it('a user made inactive is refused on the next request, on both instances', async () => {
    const s = await a.signIn('payroll');
    expect(await onBoth(identity(s))).toEqual([200, 200]);
    await a.db.update(employees).set({ Inactive: true }).where(eq(employees.UserName, 'payroll'));
    expect(await onBoth(identity(s))).toEqual([401, 401]);
    // And back: nothing negative was kept.
    await a.db.update(employees).set({ Inactive: false }).where(eq(employees.UserName, 'payroll'));
    expect(await onBoth(identity(s))).toEqual([200, 200]);
  });

  it("a changed name is seen on the next request (the cache holds the user's details too)", async () => {
    const s = await a.signIn('payroll');
    const name = async (app: FastifyInstance) =>
      (await app.inject(identity(s))).json<{ FirstName: string }>().FirstName;
    const first = await name(a.app);
    expect(await name(b)).toBe(first);
    await a.db.update(employees).set({ FirstName: 'Renamed' }).where(eq(employees.UserName, 'payroll'));
    expect([await name(a.app), await name(b)]).toEqual(['Renamed', 'Renamed']);
    await a.db.update(employees).set({ FirstName: first }).where(eq(employees.UserName, 'payroll'));
  });

  it("a password changed through a reset link ends the user's sessions at once, on both instances", async () => {
    const s = await a.signIn('staff');
    expect(await onBoth(identity(s))).toEqual([200, 200]);
    const asked = await b.inject({
      method: 'POST',
      url: '/api/home/reset-password?userName=staff&emailAddress=STAFF@apex-demo.example',
    });
    expect(asked.statusCode).toBe(200);
    const mails = await a.db.select().from(mailOutbox);
    const token = /token=([\w-]+)/.exec(mails[mails.length - 1].Body)?.[1];
    expect(token).toBeTruthy();
    // Asking for a reset changes nothing yet.
    expect(await onBoth(identity(s))).toEqual([200, 200]);
    const done = await b.inject({
      method: 'POST',
      url: '/account/reset-password',
      headers: { accept: 'application/json' },
      payload: { token, Password: 'Cached#Out2026', ConfirmPassword: 'Cached#Out2026' },
    });
    expect(done.statusCode).toBe(200);
    expect(await onBoth(identity(s))).toEqual([401, 401]);
  });

  it('a session cut short (its absolute limit moved to the past) is refused on the next request', async () => {
    const s = await a.signIn('admin');
    expect(await onBoth(identity(s))).toEqual([200, 200]);
    const hash = hashSessionId(decodeURIComponent(s.cookie.split(`${SESSION_COOKIE}=`)[1].split(';')[0]));
    await a.db
      .update(sessions)
      .set({ ExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.SessionHash, hash));
    expect(await onBoth(identity(s))).toEqual([401, 401]);
  });

  it('every change that access is read from bumps the version in its own transaction, a rolled back one does not', async () => {
    const version = async () => (await a.db.select().from(authVersion))[0].Version;
    const start = await version();
    await a.db.update(employees).set({ BetaOpt: true }).where(eq(employees.UserName, 'rep'));
    expect(await version()).toBe(start); // a preference: no effect on access
    const rep = await employeeId('rep');
    await a.db.update(sessions).set({ LastSeenAt: new Date() }).where(eq(sessions.EmployeeID, rep));
    expect(await version()).toBe(start); // a session's touch: none either
    await expect(
      a.db.transaction(async (tx) => {
        await tx.update(employees).set({ Inactive: true }).where(eq(employees.EmployeeID, rep));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(start);
    await a.db
      .update(employees)
      .set({ Inactive: false })
      .where(inArray(employees.EmployeeID, [rep]));
    expect(await version()).toBe(start); // unchanged value: nothing to invalidate
    await a.db.delete(roleAssignments).where(eq(roleAssignments.EmployeeID, -1));
    expect(await version()).toBeGreaterThan(start);
  });
});

describe('token verifier', () => {
  const key = new TextEncoder().encode('token-verifier-test-key-0123456789abcdef');

  it('accepts a valid token (again from memory), refuses a forged, foreign or expired one', async () => {
    const verify = tokenVerifier(key, { maxTokens: 2 });
    const token = await signToken(key, { sub: '7', sid: 'abc' });
    expect(await verify(token)).toEqual({ sub: '7', sid: 'abc', cid: undefined });
    expect(await verify(token)).toEqual({ sub: '7', sid: 'abc', cid: undefined });
    const other = await signToken(new TextEncoder().encode('another-key-0123456789abcdef0123'), { sub: '7' });
    expect(await verify(other)).toBeNull();
    expect(await verify(`${token.slice(0, -2)}xx`)).toBeNull();
    // Issued an hour ago: expired 50 minutes ago, well past the 30 s tolerance.
    const old = await signToken(key, { sub: '7', sid: 'abc' }, Date.now() - 3_600_000);
    expect(await verify(old)).toBeNull();
  });
});

describe('auth cache bounds', () => {
  const actor = (grants: number) =>
    ({
      grants: Array.from({ length: grants }, (_, i) => ({ Description: { Key: `k${i}` }, Value: 'true' })),
    }) as unknown as Actor;
  const session = (hash: string) => ({
    SessionHash: hash,
    EmployeeID: 1,
    ProxyByEmployeeID: null,
    ExpiresAt: new Date(Date.now() + 3_600_000),
    LastSeenAt: new Date(),
  });

  it('keeps at most so many sessions and so many grants, the least recently used going first', () => {
    const cache = new AuthCache(a.db, new Uint8Array(32), { maxSessions: 3, maxGrants: 100, poll: true });
    for (const hash of ['s1', 's2', 's3', 's4'])
      cache.set(sessionKey(hash), { version: 1, session: session(hash), actor: actor(10) });
    expect(cache.size).toBe(3);
    expect(cache.get(sessionKey('s1'), 1)).toBeUndefined();
    expect(cache.get(sessionKey('s2'), 1)).toBeDefined();
    // An administrator's many grants push out the least recently used (s3)…
    cache.set(sessionKey('admin'), { version: 1, session: session('admin'), actor: actor(70) });
    expect(cache.get(sessionKey('admin'), 1)).toBeDefined();
    expect(cache.get(sessionKey('s2'), 1)).toBeDefined();
    expect(cache.get(sessionKey('s3'), 1)).toBeUndefined();
    // …and one over the whole bound is not kept at all.
    cache.set(sessionKey('huge'), { version: 1, session: session('huge'), actor: actor(150) });
    expect(cache.get(sessionKey('huge'), 1)).toBeUndefined();
    // Another version: not served.
    expect(cache.get(sessionKey('s2'), 2)).toBeUndefined();
  });

  it('keeps nothing past the session’s absolute limit', () => {
    const cache = new AuthCache(a.db, new Uint8Array(32), { poll: true });
    cache.set(
      sessionKey('ended'),
      { version: 1, session: session('ended'), actor: actor(1) },
      new Date(Date.now() - 1),
    );
    expect(cache.get(sessionKey('ended'), 1)).toBeUndefined();
  });
});

describe('auth version read (PostgreSQL server)', () => {
  /** A database whose version row answers `next()` after a turn of the event loop; counts reads. */
  function fakeDb(next: () => number) {
    const reads = { started: 0 };
    const statement = {
      execute: async () => {
        reads.started++;
        const value = next();
        await new Promise((r) => setImmediate(r));
        return [{ Version: value }];
      },
    };
    const chain = { from: () => chain, where: () => chain, prepare: () => statement };
    return { db: { select: () => chain } as unknown as TestApp['db'], reads };
  }

  it('requests arriving together share reads: at most one under way and one waiting', async () => {
    let version = 7;
    const { db, reads } = fakeDb(() => version);
    const cache = new AuthCache(db, new Uint8Array(32), { poll: true });
    const first = await Promise.all(Array.from({ length: 50 }, () => cache.version()));
    expect(first.every((v) => v === 7)).toBe(true);
    expect(reads.started).toBeLessThanOrEqual(2);
    // One that arrived before a change may see the old version; one that arrived after sees the new.
    const early = cache.version();
    version = 8;
    const late = cache.version();
    expect([await early, await late]).toEqual([7, 8]);
  });

  it('a read already under way is not enough for a request that arrives after a change', async () => {
    let version = 1;
    const { db } = fakeDb(() => version);
    const cache = new AuthCache(db, new Uint8Array(32), { poll: true });
    const inFlight = cache.version();
    await Promise.resolve(); // the read has taken its value (1)
    version = 2; // committed while that read is still under way
    const after = cache.version();
    expect(await inFlight).toBe(1);
    expect(await after).toBe(2);
  });
});
