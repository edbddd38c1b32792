// The Idempotency-Key plugin on a bare Fastify instance over an in-memory PGlite with the real
// migrations (handlers write real rows through the scoped database), then in the built app: callers,
// the routes that hand out credentials, and the normalised path. The claim, the handler's writes and
// the stored answer are one transaction: the fault tests below fail before and after the commit and
// count what was applied.
import { count as countRows, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../../server/db/client';
import { scopedDb } from '../../server/db/request-scope';
import { idempotencyKeys } from '../../server/db/schema/idempotency';
import { clientErrors } from '../../server/db/tables';
import {
  hashBody,
  idempotencyPlugin,
  KEY_REUSED_MESSAGE,
  purgeIdempotencyKeys,
  SUMMARY_MESSAGE,
} from '../../server/plugins/idempotency';
import { cookieFrom, createTestApp, type TestApp } from './helpers';

let database: Database;
let db: Database['db'];
let app: FastifyInstance;
let clock = new Date('2026-11-02T12:00:00Z');
let created = 0;
let calls: Record<string, number> = {};
let failuresLeft = 0;
let gate: Promise<void> = Promise.resolve();
let openGate: () => void = () => undefined;
/** Fault points of the plugin, set per test. */
const faults: { before?: () => void; after?: () => void } = {};

function count(name: string) {
  calls[name] = (calls[name] ?? 0) + 1;
}

/** Rows the handlers wrote (each handler call that writes adds one with its name). */
async function written(name: string): Promise<number> {
  const [row] = await db.select({ n: countRows() }).from(clientErrors).where(eq(clientErrors.Message, name));
  return Number(row.n);
}

beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
  db = database.db;
  const sdb = scopedDb(db);
  const write = (name: string) => sdb.insert(clientErrors).values({ Message: name });
  app = Fastify({
    logger: false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  // Stands in for the auth plugin: the employee comes from a test header.
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-employee'];
    const proxy = request.headers['x-proxy-by'];
    if (typeof id === 'string')
      (request as { actor: unknown }).actor = {
        EmployeeID: Number(id),
        SessionHash: 'session-hash',
        ProxyByEmployeeID: typeof proxy === 'string' ? Number(proxy) : null,
      };
  });
  await app.register(idempotencyPlugin, {
    db,
    now: () => clock,
    faults: {
      beforeCommit: () => faults.before?.(),
      afterCommit: () => faults.after?.(),
    },
  });
  app.post('/time-entries', async (request, reply) => {
    count('create');
    await write('create');
    created += 1;
    return reply.code(201).send({ TimeEntryID: 800 + created, ...(request.body as object) });
  });
  app.put('/time-entries/:id', async (request) => {
    count('update');
    return { TimeEntryID: Number((request.params as { id: string }).id), ...(request.body as object) };
  });
  app.delete('/time-entries/:id', async (_request, reply) => {
    count('delete');
    return reply.code(204).send();
  });
  app.post('/flaky', async () => {
    count('flaky');
    await write('flaky');
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('database unavailable');
    }
    return { ok: true };
  });
  app.post('/rejects', async (_request, reply) => {
    count('rejects');
    await write('rejects');
    return reply.code(422).send({ Message: 'The pay period is locked.' });
  });
  app.post('/needs-auth', async (_request, reply) => {
    count('needs-auth');
    return reply.code(401).send({ Message: 'Sign in to continue.' });
  });
  app.post('/slow', async () => {
    count('slow');
    await write('slow');
    await gate;
    return { done: true };
  });
  app.post('/token', { config: { idempotent: false } }, async () => {
    count('token');
    return { token: `t${calls.token}` };
  });
  app.post('/sets-cookie', async (_request, reply) => {
    count('sets-cookie');
    await write('sets-cookie');
    return reply.header('set-cookie', `session=s${calls['sets-cookie']}; HttpOnly`).send({ ok: true });
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/bad-answer',
      { schema: { response: { 201: z.object({ Id: z.number(), Name: z.string() }) } } },
      async (_request, reply) => {
        count('bad-answer');
        await write('bad-answer');
        // Missing Name: the answer fails its schema after the work is done.
        return reply.code(201).send({ Id: 901 } as unknown as { Id: number; Name: string });
      },
    );
  app.get('/time-entries', async () => {
    count('list');
    return [];
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

beforeEach(async () => {
  await db.delete(idempotencyKeys);
  await db.delete(clientErrors);
  calls = {};
  created = 0;
  failuresLeft = 0;
  faults.before = undefined;
  faults.after = undefined;
  clock = new Date('2026-11-02T12:00:00Z');
});

function send(options: InjectOptions & { key?: string; employee?: number }) {
  const { key, employee = 7, ...rest } = options;
  return app.inject({
    ...rest,
    headers: {
      ...(rest.headers ?? {}),
      'x-employee': String(employee),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
}

describe('Idempotency-Key', () => {
  it('runs the first request and replays its stored answer', async () => {
    const first = await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'a' }, key: 'k1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();

    const again = await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'a' }, key: 'k1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(calls.create).toBe(1);

    const [row] = await db.select().from(idempotencyKeys);
    expect(row).toMatchObject({
      Key: 'k1',
      EmployeeID: 7,
      Method: 'POST',
      Path: '/time-entries',
      State: 'done',
    });
    expect(await written('create')).toBe(1);
    expect(row.StatusCode).toBe(201);
    expect(row.CompletedAt).toBeInstanceOf(Date);
  });

  it('hashes the body canonically (key order does not matter)', async () => {
    await send({ method: 'PUT', url: '/time-entries/5', payload: { A: 1, B: { C: 2, D: 3 } }, key: 'k2' });
    const again = await send({
      method: 'PUT',
      url: '/time-entries/5',
      payload: '{"B":{"D":3,"C":2},"A":1}',
      headers: { 'content-type': 'application/json' },
      key: 'k2',
    });
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(calls.update).toBe(1);
  });

  it('refuses the same key for a different body, path or method with 422', async () => {
    await send({ method: 'PUT', url: '/time-entries/5', payload: { Notes: 'a' }, key: 'k3' });
    for (const other of [
      { method: 'PUT', url: '/time-entries/5', payload: { Notes: 'b' } },
      { method: 'PUT', url: '/time-entries/6', payload: { Notes: 'a' } },
      { method: 'DELETE', url: '/time-entries/5' },
    ] as const) {
      const res = await send({ ...other, key: 'k3' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ Message: KEY_REUSED_MESSAGE });
    }
    expect(calls.update).toBe(1);
    expect(calls.delete).toBeUndefined();
  });

  it('keys per user: the same key from another employee is another request', async () => {
    await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'a' }, key: 'shared', employee: 1 });
    const other = await send({
      method: 'POST',
      url: '/time-entries',
      payload: { Notes: 'a' },
      key: 'shared',
      employee: 2,
    });
    expect(other.headers['idempotency-replayed']).toBeUndefined();
    expect(calls.create).toBe(2);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/time-entries',
      payload: { Notes: 'a' },
      headers: { 'idempotency-key': 'shared' },
    });
    expect(anonymous.statusCode).toBe(201);
    const rows = await db.select().from(idempotencyKeys);
    expect(rows.map((r) => r.EmployeeID).sort()).toEqual([0, 1, 2]);
  });

  it('a second request with the same key waits for the first and gets its answer', async () => {
    gate = new Promise((resolve) => {
      openGate = resolve;
    });
    const first = send({ method: 'POST', url: '/slow', payload: { n: 1 }, key: 'k4' });
    const second = send({ method: 'POST', url: '/slow', payload: { n: 1 }, key: 'k4' });
    await waitFor(async () => (calls.slow ?? 0) === 1);
    openGate();
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual({ done: true });
    expect(calls.slow).toBe(1);
    expect(await written('slow')).toBe(1);
  });

  it('releases the key when the handler fails with a 5xx, so a retry runs again', async () => {
    failuresLeft = 1;
    const failed = await send({ method: 'POST', url: '/flaky', payload: {}, key: 'k5' });
    expect(failed.statusCode).toBe(500);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
    // What the failed handler wrote before failing is rolled back with it.
    expect(await written('flaky')).toBe(0);

    const retried = await send({ method: 'POST', url: '/flaky', payload: {}, key: 'k5' });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    const replay = await send({ method: 'POST', url: '/flaky', payload: {}, key: 'k5' });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(calls.flaky).toBe(2);
    expect(await written('flaky')).toBe(1);
  });

  it('stores a 4xx answer and replays it', async () => {
    const first = await send({ method: 'POST', url: '/rejects', payload: { x: 1 }, key: 'k6' });
    const again = await send({ method: 'POST', url: '/rejects', payload: { x: 1 }, key: 'k6' });
    expect([first.statusCode, again.statusCode]).toEqual([422, 422]);
    expect(again.json()).toEqual({ Message: 'The pay period is locked.' });
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(calls.rejects).toBe(1);
    expect(await written('rejects')).toBe(1);
  });

  it('does not keep a 401 (the request was not processed)', async () => {
    await send({ method: 'POST', url: '/needs-auth', payload: {}, key: 'k7' });
    await send({ method: 'POST', url: '/needs-auth', payload: {}, key: 'k7' });
    expect(calls['needs-auth']).toBe(2);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('stores an empty 204 and replays it', async () => {
    const first = await send({ method: 'DELETE', url: '/time-entries/9', key: 'k8' });
    const again = await send({ method: 'DELETE', url: '/time-entries/9', key: 'k8' });
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(calls.delete).toBe(1);
  });

  it('ignores requests without the header, and reads', async () => {
    await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'a' } });
    await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'a' } });
    await send({ method: 'GET', url: '/time-entries', key: 'k9' });
    await send({ method: 'GET', url: '/time-entries', key: 'k9' });
    expect(calls.create).toBe(2);
    expect(calls.list).toBe(2);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('rejects a key longer than 255 characters', async () => {
    const res = await send({ method: 'POST', url: '/time-entries', payload: {}, key: 'x'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(calls.create).toBeUndefined();
  });

  it('keys per credential: a proxy session of the employee is another caller', async () => {
    await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'a' }, key: 'cred' });
    const proxy = await send({
      method: 'POST',
      url: '/time-entries',
      payload: { Notes: 'a' },
      key: 'cred',
      headers: { 'x-proxy-by': '1' },
    });
    expect(proxy.headers['idempotency-replayed']).toBeUndefined();
    expect(calls.create).toBe(2);
    const rows = await db.select().from(idempotencyKeys);
    expect(rows.map((r) => r.Credential).sort()).toEqual(['proxy:1', 'session']);
  });

  it('a route with config idempotent: false runs every time and stores nothing', async () => {
    const first = await send({ method: 'POST', url: '/token', payload: {}, key: 'tk' });
    const second = await send({ method: 'POST', url: '/token', payload: {}, key: 'tk' });
    expect([first.json(), second.json()]).toEqual([{ token: 't1' }, { token: 't2' }]);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
  });

  it('never stores an answer that sets a cookie', async () => {
    await send({ method: 'POST', url: '/sets-cookie', payload: {}, key: 'ck' });
    const again = await send({ method: 'POST', url: '/sets-cookie', payload: {}, key: 'ck' });
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(again.headers['set-cookie']).toBe('session=s2; HttpOnly');
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
    // Not kept for a replay, but the work of each call is kept.
    expect(await written('sets-cookie')).toBe(2);
  });

  it('a failure just before the commit applies nothing, and the retry runs once', async () => {
    faults.before = () => {
      throw new Error('connection lost');
    };
    const failed = await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'x' }, key: 'f1' });
    expect(failed.statusCode).toBe(500);
    expect(await written('create')).toBe(0);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);

    faults.before = undefined;
    const retry = await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'x' }, key: 'f1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBeUndefined();
    expect(await written('create')).toBe(1);
  });

  it('a failure after the commit (the answer lost): the retry gets the stored answer, nothing runs twice', async () => {
    faults.after = () => {
      throw new Error('crashed before replying');
    };
    const lost = await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'y' }, key: 'f2' });
    expect(lost.statusCode).toBe(500);
    expect(await written('create')).toBe(1);

    faults.after = undefined;
    const retry = await send({ method: 'POST', url: '/time-entries', payload: { Notes: 'y' }, key: 'f2' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ TimeEntryID: 801, Notes: 'y' });
    expect(calls.create).toBe(1);
    expect(await written('create')).toBe(1);
  });

  it('an answer that fails its schema keeps the work and answers a 2xx summary with the ids, once', async () => {
    const first = await send({ method: 'POST', url: '/bad-answer', payload: {}, key: 'f3' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ Message: SUMMARY_MESSAGE, Summary: true, Id: 901 });
    const again = await send({ method: 'POST', url: '/bad-answer', payload: {}, key: 'f3' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual({ Message: SUMMARY_MESSAGE, Summary: true, Id: 901 });
    expect(calls['bad-answer']).toBe(1);
    expect(await written('bad-answer')).toBe(1);
  });

  it('the same call written with other case or slashes is the same request, not a reused key', async () => {
    const first = await send({ method: 'PUT', url: '/time-entries/5', payload: { A: 1 }, key: 'n1' });
    const again = await send({ method: 'PUT', url: '/Time-Entries//5/', payload: { A: 1 }, key: 'n1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(calls.update).toBe(1);
  });

  it('a committed unfinished claim left by an older release is cleared, and the retry runs', async () => {
    await db.insert(idempotencyKeys).values({
      Key: 'old-running',
      EmployeeID: 7,
      Credential: 'session',
      Method: 'POST',
      Path: '/time-entries',
      RequestHash: hashBody({ Notes: 'a' }),
      State: 'running',
      CreatedAt: clock,
    });
    const first = await send({
      method: 'POST',
      url: '/time-entries',
      payload: { Notes: 'a' },
      key: 'old-running',
    });
    expect(first.statusCode).toBe(500);
    const retry = await send({
      method: 'POST',
      url: '/time-entries',
      payload: { Notes: 'a' },
      key: 'old-running',
    });
    expect(retry.statusCode).toBe(201);
    expect(calls.create).toBe(1);
  });

  it('purges keys older than 30 days', async () => {
    const day = 24 * 60 * 60 * 1000;
    const base = { EmployeeID: 7, Method: 'POST', Path: '/x', RequestHash: 'h', State: 'done' as const };
    await db.insert(idempotencyKeys).values([
      { ...base, Key: 'old', CreatedAt: new Date(clock.getTime() - 31 * day) },
      { ...base, Key: 'edge', CreatedAt: new Date(clock.getTime() - 29 * day) },
      { ...base, Key: 'new', CreatedAt: clock },
    ]);
    expect(await purgeIdempotencyKeys(db, clock)).toBe(1);
    const left = await db.select({ Key: idempotencyKeys.Key }).from(idempotencyKeys);
    expect(left.map((r) => r.Key).sort()).toEqual(['edge', 'new']);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('Idempotency-Key in the app', () => {
  let t: TestApp;
  const keysNamed = (key: string) => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.Key, key));

  beforeAll(async () => {
    // A fixed signing key, so a token is valid on a second app built on the same database.
    t = await createTestApp({ jwtSecret: 'idempotency-test-signing-key-0123456789' });
  });
  afterAll(() => t.close());

  it("a cookieless caller replaying staff's auth/token key gets no token", async () => {
    const staff = await t.signIn('staff');
    const key = { 'idempotency-key': 'token-key-1' };
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { cookie: staff.cookie, ...key },
      payload: { clientId: 'apex-pwa' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<string>()).toMatch(/^ey/);

    const thief = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: key,
      payload: { clientId: 'apex-pwa' },
    });
    expect(thief.statusCode).toBe(401);
    expect(thief.headers['idempotency-replayed']).toBeUndefined();
    expect(thief.body).not.toContain(mine.json<string>());
    expect(await keysNamed('token-key-1')).toEqual([]);
  });

  it('never stores a sign-in: the same key with the same form signs in again with a new session', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/account/login',
        headers: { accept: 'application/json', 'idempotency-key': 'login-key-1' },
        payload: { UserName: 'staff', Password: 'Demo!2026apex' },
      });
    const first = await login();
    const second = await login();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(cookieFrom(second.headers['set-cookie'])).not.toBe(cookieFrom(first.headers['set-cookie']));
    expect(await keysNamed('login-key-1')).toEqual([]);
  });

  it('two users sending the same key are two requests', async () => {
    const [staff, rep] = [await t.signIn('staff'), await t.signIn('rep')];
    const put = (who: typeof staff, betaOpt: boolean) =>
      who.call({
        method: 'PUT',
        url: '/api/employees/betaopt',
        headers: { 'idempotency-key': 'shared-key-1' },
        payload: { betaOpt },
      });
    expect((await put(staff, true)).statusCode).toBe(200);
    const repAnswer = await put(rep, true);
    expect(repAnswer.statusCode).toBe(200);
    expect(repAnswer.headers['idempotency-replayed']).toBeUndefined();
    const repNow = await rep.call({ method: 'GET', url: '/api/employees/betaopt' });
    expect(repNow.json()).toEqual({ betaOpt: true });
    // The same caller again: the stored answer.
    expect((await put(staff, true)).headers['idempotency-replayed']).toBe('true');
    expect(await keysNamed('shared-key-1')).toHaveLength(2);
  });

  it('the stored path is the route as the router matched it: case and trailing slash do not make a new call', async () => {
    const staff = await t.signIn('staff');
    const put = (url: string) =>
      staff.call({
        method: 'PUT',
        url,
        headers: { 'idempotency-key': 'path-key-1' },
        payload: { betaOpt: true },
      });
    expect((await put('/api/employees/betaopt')).statusCode).toBe(200);
    const again = await put('/API/Employees/BetaOpt/');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
  });
});
