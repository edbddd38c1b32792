// The Idempotency-Key plugin (server/plugins/idempotency.ts) alone, on a bare Fastify routed like the
// app (case, trailing and doubled slashes ignored) over an in-memory PGlite with the real migrations.
// Handlers write real rows through the request-scoped database, so each test can count what a request
// applied: the claim, the stored answer and its replay; which statuses are kept and which roll back;
// a 2xx summary when the answer cannot be built or kept; the same key for another request; concurrent
// requests with one key; the fault points before and after the commit; a claim left committed
// unfinished. Seconds per run, so mutation testing can run it for every mutant.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { count as countRows, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance, type FastifyRequest, type InjectOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import { scopedDb } from '../../server/db/request-scope';
import { idempotencyKeys } from '../../server/db/schema/idempotency';
import * as tables from '../../server/db/tables';
import { clientErrors } from '../../server/db/tables';
import {
  callerOf,
  hashBody,
  type IdempotencyDb,
  idempotencyPlugin,
  KEY_REUSED_MESSAGE,
  normalisedPath,
  purgeIdempotencyKeys,
  SUMMARY_MESSAGE,
} from '../../server/plugins/idempotency';

const T0 = new Date('2026-11-02T12:00:00Z');
const T1 = new Date('2026-11-02T12:00:07Z');
let database: Database;
let db: Database['db'];
let app: FastifyInstance;
/** The plugin's clock: the claim is made at T0, the answer stored at T1. */
let clockCalls = 0;
let calls: Record<string, number> = {};
/** Fault points of the plugin, set per test. */
const faults: {
  before?: () => void | Promise<void>;
  after?: () => void | Promise<void>;
  answer?: (payload: unknown) => unknown;
} = {};
/** Per-test hooks into handlers. */
let slowEntered: () => void = () => undefined;
let slowGate: Promise<void> = Promise.resolve();
let laterGate: Promise<void> = Promise.resolve();
let later: Promise<unknown> = Promise.resolve();

function count(name: string) {
  calls[name] = (calls[name] ?? 0) + 1;
}

/** Rows the handlers wrote (each handler call that writes adds one with its name). */
async function written(name: string): Promise<number> {
  const [row] = await db.select({ n: countRows() }).from(clientErrors).where(eq(clientErrors.Message, name));
  return Number(row.n);
}

const keys = () => db.select().from(idempotencyKeys);

/**
 * A new in-memory database with the real migrations. Under mutation testing this file runs once per
 * mutant, and creating a PGlite database takes most of that time (tens of seconds on a busy machine):
 * there, the migrated database is created once, saved beside the other temporary files under a name
 * that changes with the migrations, and each run starts from a copy of it.
 */
async function openMigrated(): Promise<Database> {
  if (!('__stryker__' in globalThis)) return openDatabase({ inMemory: true });
  const migrations = resolve(import.meta.dirname, '../../server/db/migrations');
  const digest = createHash('sha256');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
      .sort();
  for (const file of files(migrations))
    digest.update(file.slice(migrations.length)).update(readFileSync(file));
  const folder = join(tmpdir(), 'apex-mutation');
  const saved = join(folder, `migrated-${digest.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(saved)) {
    const fresh = await openDatabase({ inMemory: true });
    const dump = await (fresh.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    mkdirSync(folder, { recursive: true });
    const partial = `${saved}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, saved);
    return fresh;
  }
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(saved)]) });
  await client.waitReady;
  return {
    db: drizzle(client, { schema: tables }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

beforeAll(async () => {
  database = await openMigrated();
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
  // Stands in for the auth plugin: the caller comes from test headers.
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-employee'];
    if (typeof id !== 'string') return;
    const proxy = request.headers['x-proxy-by'];
    (request as { actor: unknown }).actor = {
      EmployeeID: Number(id),
      SessionHash: request.headers['x-token'] ? null : 'session-hash',
      ProxyByEmployeeID: typeof proxy === 'string' ? Number(proxy) : null,
    };
  });
  await app.register(idempotencyPlugin, {
    db,
    now: () => {
      clockCalls += 1;
      return clockCalls === 1 ? T0 : T1;
    },
    faults: {
      beforeCommit: () => faults.before?.(),
      afterCommit: () => faults.after?.(),
      answer: (_request, payload) => (faults.answer ? faults.answer(payload) : payload),
    },
  });

  app.post('/items', async (request, reply) => {
    count('create');
    await write('create');
    return reply.code(201).send({ ItemID: 800 + (calls.create ?? 0), ...(request.body as object) });
  });
  app.put('/Items/:id', async (request) => {
    count('update');
    await write('update');
    return { ItemID: Number((request.params as { id: string }).id), ...(request.body as object) };
  });
  app.patch('/items/:id', async (request) => {
    count('patch');
    await write('patch');
    return { ItemID: Number((request.params as { id: string }).id), ...(request.body as object) };
  });
  app.delete('/items/:id', async (_request, reply) => {
    count('delete');
    await write('delete');
    return reply.code(204).send();
  });
  app.get('/items', async () => {
    count('list');
    await write('list');
    return [];
  });
  // Answers with the status it is asked for, after writing.
  app.post('/status/:code', async (request, reply) => {
    const code = Number((request.params as { code: string }).code);
    count(`status-${code}`);
    await write(`status-${code}`);
    return reply.code(code).send({ Message: `answered ${code}` });
  });
  app.post('/throws', async () => {
    count('throws');
    await write('throws');
    throw new Error('database unavailable');
  });
  app.post('/slow', async () => {
    count('slow');
    await write('slow');
    slowEntered();
    await slowGate;
    return { done: true };
  });
  app.post('/opt-out', { config: { idempotent: false } }, async () => {
    count('opt-out');
    await write('opt-out');
    return { n: calls['opt-out'] };
  });
  app.post('/opt-in', { config: { idempotent: true } }, async () => {
    count('opt-in');
    return { n: calls['opt-in'] };
  });
  app.post('/sets-cookie', async (_request, reply) => {
    count('sets-cookie');
    await write('sets-cookie');
    return reply.header('set-cookie', `session=s${calls['sets-cookie']}; HttpOnly`).send({ ok: true });
  });
  app.post('/file/:type', async (request, reply) => {
    count('file');
    await write('file');
    const { type } = request.params as { type: string };
    return reply.code(201).header('content-type', decodeURIComponent(type)).send(Buffer.from('a,b\n1,2\n'));
  });
  app.post('/stream', async (_request, reply) => {
    count('stream');
    await write('stream');
    return reply
      .code(201)
      .header('content-type', 'text/plain')
      .send(Readable.from(['streamed ', 'text']));
  });
  app.post('/text', async (_request, reply) => {
    count('text');
    return reply.code(202).header('content-type', 'text/plain; charset=utf-8').send('accepted as text');
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
        return reply.code(201).send({ Id: 901, LeadID: 'L-7' } as unknown as { Id: number; Name: string });
      },
    );
  app.post('/ids', async (_request, reply) => {
    await write('ids');
    return reply.code(201).send({
      Id: 5,
      LeadID: 'L-1',
      EmployeeID: 9,
      Idle: 1,
      Identity: 'x',
      ClientId: 'c-1',
      ParentID: null,
      ChildID: { n: 1 },
      Name: 'n',
      // Cannot be serialised: the answer fails after the work is done.
      Broken: 10n,
    });
  });
  app.post('/array', async (_request, reply) => reply.code(201).send([{ Id: 1 }, 2n]));
  // A route's own preHandler (single and list) runs inside the request's transaction too.
  app.post(
    '/guarded-one',
    {
      preHandler: async () => {
        await write('guard-one');
      },
    },
    async () => {
      throw new Error('fails after the guard wrote');
    },
  );
  app.post(
    '/guarded-list',
    {
      preHandler: [
        async () => {
          await write('guard-list');
        },
      ],
    },
    async () => {
      throw new Error('fails after the guard wrote');
    },
  );
  // Work the handler starts that ends after the request: it uses the database, not the ended transaction.
  app.post('/later', async () => {
    count('later');
    later = (async () => {
      await laterGate;
      await write('later');
    })();
    return { ok: true };
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
  clockCalls = 0;
  faults.before = undefined;
  faults.after = undefined;
  faults.answer = undefined;
});

function send(options: InjectOptions & { key?: string; employee?: number | null }) {
  const { key, employee = 7, ...rest } = options;
  return app.inject({
    ...rest,
    headers: {
      ...(rest.headers ?? {}),
      ...(employee === null ? {} : { 'x-employee': String(employee) }),
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
    },
  });
}

/** Sends the same request twice with one key. */
async function twice(options: InjectOptions & { key?: string }) {
  const first = await send(options);
  clockCalls = 0;
  const again = await send(options);
  return { first, again };
}

describe('claim, stored answer and replay', () => {
  it('runs the first request once, stores its answer with the caller and clock, and replays it', async () => {
    const { first, again } = await twice({
      method: 'POST',
      url: '/items',
      payload: { Notes: 'a' },
      key: 'k1',
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    expect(first.json()).toEqual({ ItemID: 801, Notes: 'a' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(calls.create).toBe(1);
    expect(await written('create')).toBe(1);

    const [row] = await keys();
    expect(row).toEqual({
      Key: 'k1',
      EmployeeID: 7,
      Credential: 'session',
      Method: 'POST',
      Path: '/items',
      RequestHash: hashBody({ Notes: 'a' }),
      State: 'done',
      StatusCode: 201,
      ResponseBody: first.body,
      ContentType: 'application/json; charset=utf-8',
      CreatedAt: T0,
      CompletedAt: T1,
    });
  });

  it('every mutation method with a key is kept: POST, PUT, PATCH and DELETE', async () => {
    const put = await twice({ method: 'PUT', url: '/items/3', payload: { A: 1 }, key: 'put' });
    const patch = await twice({ method: 'PATCH', url: '/items/3', payload: { A: 1 }, key: 'patch' });
    const del = await twice({ method: 'DELETE', url: '/items/3', key: 'delete' });
    for (const { again } of [put, patch, del]) expect(again.headers['idempotency-replayed']).toBe('true');
    expect(calls).toEqual({ update: 1, patch: 1, delete: 1 });
    expect(del.again.statusCode).toBe(204);
    expect(del.again.body).toBe('');
    const rows = await keys();
    expect(rows.map((r) => r.Method).sort()).toEqual(['DELETE', 'PATCH', 'PUT']);
    // An empty answer is stored empty and without a content type.
    expect(rows.find((r) => r.Method === 'DELETE')).toMatchObject({ ResponseBody: '', ContentType: null });
  });

  it('reads, requests without a key, an empty key and opted-out routes run every time and store nothing', async () => {
    await twice({ method: 'GET', url: '/items', key: 'read' });
    await twice({ method: 'POST', url: '/items', payload: { Notes: 'a' } });
    await twice({ method: 'POST', url: '/items', payload: { Notes: 'b' }, key: '   ' });
    const optOut = await twice({ method: 'POST', url: '/opt-out', payload: {}, key: 'oo' });
    expect([optOut.first.json(), optOut.again.json()]).toEqual([{ n: 1 }, { n: 2 }]);
    expect(optOut.again.headers['idempotency-replayed']).toBeUndefined();
    expect(calls).toEqual({ list: 2, create: 4, 'opt-out': 2 });
    expect(await written('opt-out')).toBe(2);
    expect(await keys()).toEqual([]);
  });

  it('a route saying idempotent: true is kept like any other', async () => {
    const { again } = await twice({ method: 'POST', url: '/opt-in', payload: {}, key: 'oi' });
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual({ n: 1 });
  });

  it('the key is trimmed', async () => {
    await send({ method: 'POST', url: '/items', payload: { Notes: 'a' }, key: '  spaced  ' });
    const again = await send({ method: 'POST', url: '/items', payload: { Notes: 'a' }, key: 'spaced' });
    expect(again.headers['idempotency-replayed']).toBe('true');
    const [row] = await keys();
    expect(row.Key).toBe('spaced');
    expect(calls.create).toBe(1);
  });

  it('a key of 255 characters is kept; 256 is refused with 400 before the handler runs', async () => {
    const ok = await send({ method: 'POST', url: '/items', payload: {}, key: 'x'.repeat(255) });
    expect(ok.statusCode).toBe(201);
    const long = await send({ method: 'POST', url: '/items', payload: {}, key: 'y'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      Message: 'The Idempotency-Key header is too long (255 characters at most).',
    });
    expect(calls.create).toBe(1);
    expect((await keys()).map((r) => r.Key)).toEqual(['x'.repeat(255)]);
  });

  it('replays a stored row as it is: no status means 200, no content type and no body mean an empty answer', async () => {
    await db.insert(idempotencyKeys).values({
      Key: 'bare',
      EmployeeID: 7,
      Credential: 'session',
      Method: 'POST',
      Path: '/items',
      RequestHash: hashBody({}),
      State: 'done',
    });
    const res = await send({ method: 'POST', url: '/items', payload: {}, key: 'bare' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotency-replayed']).toBe('true');
    expect(res.body).toBe('');
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(calls.create).toBeUndefined();

    await db.insert(idempotencyKeys).values({
      Key: 'typed',
      EmployeeID: 7,
      Credential: 'session',
      Method: 'POST',
      Path: '/items',
      RequestHash: hashBody({}),
      State: 'done',
      StatusCode: 409,
      ContentType: 'application/xml',
      ResponseBody: '<conflict/>',
    });
    const typed = await send({ method: 'POST', url: '/items', payload: {}, key: 'typed' });
    expect(typed.statusCode).toBe(409);
    expect(typed.headers['content-type']).toBe('application/xml');
    expect(typed.body).toBe('<conflict/>');
  });
});

describe('which answers are kept', () => {
  it.each([400, 403, 404, 409, 422])('a %i refusal commits with its writes and is replayed', async (code) => {
    const { first, again } = await twice({
      method: 'POST',
      url: `/status/${code}`,
      payload: {},
      key: `s${code}`,
    });
    expect([first.statusCode, again.statusCode]).toEqual([code, code]);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual({ Message: `answered ${code}` });
    expect(calls[`status-${code}`]).toBe(1);
    expect(await written(`status-${code}`)).toBe(1);
  });

  it.each([401, 408, 429, 500, 503])(
    'a %i is not processed: its writes roll back and a retry runs again',
    async (code) => {
      const { first, again } = await twice({
        method: 'POST',
        url: `/status/${code}`,
        payload: {},
        key: `r${code}`,
      });
      expect([first.statusCode, again.statusCode]).toEqual([code, code]);
      expect(again.headers['idempotency-replayed']).toBeUndefined();
      expect(calls[`status-${code}`]).toBe(2);
      expect(await written(`status-${code}`)).toBe(0);
      expect(await keys()).toEqual([]);
    },
  );

  it('a handler that throws rolls back what it wrote, and the key stays free', async () => {
    const { first, again } = await twice({ method: 'POST', url: '/throws', payload: {}, key: 'th' });
    expect([first.statusCode, again.statusCode]).toEqual([500, 500]);
    expect(calls.throws).toBe(2);
    expect(await written('throws')).toBe(0);
    expect(await keys()).toEqual([]);
  });

  it("a route's own preHandler writes inside the request's transaction (single and list)", async () => {
    const one = await send({ method: 'POST', url: '/guarded-one', payload: {}, key: 'g1' });
    const list = await send({ method: 'POST', url: '/guarded-list', payload: {}, key: 'g2' });
    expect([one.statusCode, list.statusCode]).toEqual([500, 500]);
    expect(await written('guard-one')).toBe(0);
    expect(await written('guard-list')).toBe(0);
    // Without a key there is no transaction: the guard's write stays.
    await send({ method: 'POST', url: '/guarded-one', payload: {} });
    expect(await written('guard-one')).toBe(1);
  });

  it('an answer that sets a cookie is never stored, but its work is kept', async () => {
    const { again } = await twice({ method: 'POST', url: '/sets-cookie', payload: {}, key: 'ck' });
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(again.headers['set-cookie']).toBe('session=s2; HttpOnly');
    expect(await keys()).toEqual([]);
    expect(await written('sets-cookie')).toBe(2);
  });

  it('a text answer is stored verbatim', async () => {
    const { again } = await twice({ method: 'POST', url: '/text', payload: {}, key: 'tx' });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe('accepted as text');
    expect(again.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(calls.text).toBe(1);
  });

  it.each([
    'text/csv',
    'application/json',
    'APPLICATION/XML',
    'application/x-www-form-urlencoded',
    'application/vnd.apex-v2.items+json',
  ])('a textual binary answer (%s) is stored and replayed byte for byte', async (type) => {
    const url = `/file/${encodeURIComponent(type)}`;
    const { first, again } = await twice({ method: 'POST', url, payload: {}, key: `b-${type}` });
    expect(first.body).toBe('a,b\n1,2\n');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(String(again.headers['content-type']).toLowerCase()).toContain(type.toLowerCase());
    expect(again.body).toBe('a,b\n1,2\n');
    expect(calls.file).toBe(1);
  });

  it.each(['application/pdf', 'image/svg+xml', 'application/octet-stream', 'x-text/plain'])(
    'a binary answer (%s) cannot be replayed: the work is kept and a 2xx summary stored',
    async (type) => {
      const url = `/file/${encodeURIComponent(type)}`;
      const { first, again } = await twice({ method: 'POST', url, payload: {}, key: `p-${type}` });
      const summary = { Message: SUMMARY_MESSAGE, Summary: true };
      expect(first.statusCode).toBe(201);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.json()).toEqual(summary);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.json()).toEqual(summary);
      expect(calls.file).toBe(1);
      expect(await written('file')).toBe(1);
    },
  );

  it('a streamed answer is summarised too', async () => {
    const { first, again } = await twice({ method: 'POST', url: '/stream', payload: {}, key: 'st' });
    expect(first.json()).toEqual({ Message: SUMMARY_MESSAGE, Summary: true });
    expect(again.json()).toEqual({ Message: SUMMARY_MESSAGE, Summary: true });
    expect(again.statusCode).toBe(201);
    expect(calls.stream).toBe(1);
  });

  it('an answer that fails its schema keeps the work and answers a 2xx summary with the ids, once', async () => {
    const { first, again } = await twice({ method: 'POST', url: '/bad-answer', payload: {}, key: 'ba' });
    const summary = { Message: SUMMARY_MESSAGE, Summary: true, Id: 901, LeadID: 'L-7' };
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual(summary);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(summary);
    expect(calls['bad-answer']).toBe(1);
    expect(await written('bad-answer')).toBe(1);
  });

  it("a summary names only the handler's top-level ids (Id, …ID) that are numbers or strings", async () => {
    const res = await send({ method: 'POST', url: '/ids', payload: {}, key: 'ids' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      Message: SUMMARY_MESSAGE,
      Summary: true,
      Id: 5,
      LeadID: 'L-1',
      EmployeeID: 9,
    });
    expect(await written('ids')).toBe(1);
  });

  it('an answer that is not an object is summarised without ids', async () => {
    const res = await send({ method: 'POST', url: '/array', payload: {}, key: 'arr' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Message: SUMMARY_MESSAGE, Summary: true });
  });

  it("an answer the fault makes unserialisable is summarised with the handler's ids", async () => {
    faults.answer = () => ({ Broken: 1n });
    const res = await send({ method: 'POST', url: '/items', payload: { Notes: 'z' }, key: 'af' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Message: SUMMARY_MESSAGE, Summary: true, ItemID: 801 });
    expect(await written('create')).toBe(1);
  });

  it('the answer fault sees the 2xx payload once and may replace it', async () => {
    const seen: unknown[] = [];
    faults.answer = (payload) => {
      seen.push(payload);
      return { replaced: true };
    };
    const res = await send({ method: 'POST', url: '/items', payload: { Notes: 'q' }, key: 'rep' });
    expect(res.json()).toEqual({ replaced: true });
    expect(seen).toEqual([{ ItemID: 801, Notes: 'q' }]);
    // Refusals are not passed through it.
    await send({ method: 'POST', url: '/status/409', payload: {}, key: 'rep409' });
    expect(seen).toHaveLength(1);
  });
});

describe('the same key for another request', () => {
  it('is refused with 422 when only the body, the path or the method differs', async () => {
    await send({ method: 'PUT', url: '/items/5', payload: { Notes: 'a' }, key: 'k3' });
    for (const other of [
      { method: 'PUT', url: '/items/5', payload: { Notes: 'b' } },
      { method: 'PUT', url: '/items/6', payload: { Notes: 'a' } },
      { method: 'PUT', url: '/items/5?force=1', payload: { Notes: 'a' } },
      { method: 'PATCH', url: '/items/5', payload: { Notes: 'a' } },
    ] as const) {
      const res = await send({ ...other, key: 'k3' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        Message: 'This Idempotency-Key was already used for a different request.',
      });
      expect(res.headers['idempotency-replayed']).toBeUndefined();
    }
    expect(KEY_REUSED_MESSAGE).toBe('This Idempotency-Key was already used for a different request.');
    expect(calls).toEqual({ update: 1 });
  });

  it('is the same request written with other case, slashes or key order', async () => {
    await send({ method: 'PUT', url: '/items/5?b=2&a=1', payload: { A: 1, B: { C: 2, D: 3 } }, key: 'n1' });
    const again = await send({
      method: 'PUT',
      url: '/ITEMS//5/?a=1&b=2',
      payload: '{"B":{"D":3,"C":2},"A":1}',
      headers: { 'content-type': 'application/json' },
      key: 'n1',
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(calls.update).toBe(1);
    const [row] = await keys();
    expect(row.Path).toBe('/items/:id {"id":"5"} {"a":"1","b":"2"}');
  });

  it('from another employee, another credential or nobody is another request', async () => {
    const body = { method: 'POST', url: '/items', payload: { Notes: 'a' }, key: 'shared' } as const;
    await send({ ...body, employee: 1 });
    await send({ ...body, employee: 2 });
    await send({ ...body, employee: 1, headers: { 'x-proxy-by': '4' } });
    await send({ ...body, employee: 1, headers: { 'x-token': '1' } });
    const anonymous = await send({ ...body, employee: null });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.headers['idempotency-replayed']).toBeUndefined();
    expect(calls.create).toBe(5);
    const rows = await keys();
    expect(rows.map((r) => `${r.EmployeeID}/${r.Credential}`).sort()).toEqual([
      '0/',
      '1/proxy:4',
      '1/session',
      '1/token',
      '2/session',
    ]);
    const replay = await send({ ...body, employee: 1, headers: { 'x-proxy-by': '4' } });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(calls.create).toBe(5);
  });
});

describe('concurrency and faults', () => {
  it('a second request with the same key waits for the first and gets its answer', async () => {
    let open: () => void = () => undefined;
    slowGate = new Promise((resolve) => {
      open = resolve;
    });
    const entered = new Promise<void>((resolve) => {
      slowEntered = resolve;
    });
    const first = send({ method: 'POST', url: '/slow', payload: { n: 1 }, key: 'k4' });
    await entered;
    const second = send({ method: 'POST', url: '/slow', payload: { n: 1 }, key: 'k4' });
    open();
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.headers['idempotency-replayed']).toBeUndefined();
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual({ done: true });
    expect(calls.slow).toBe(1);
    expect(await written('slow')).toBe(1);
  });

  it('a failure just before the commit applies nothing, and the retry runs once', async () => {
    faults.before = () => {
      throw new Error('connection lost');
    };
    const failed = await send({ method: 'POST', url: '/items', payload: { Notes: 'x' }, key: 'f1' });
    expect(failed.statusCode).toBe(500);
    expect(await written('create')).toBe(0);
    expect(await keys()).toEqual([]);

    faults.before = undefined;
    const retry = await send({ method: 'POST', url: '/items', payload: { Notes: 'x' }, key: 'f1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBeUndefined();
    expect(await written('create')).toBe(1);
    expect(calls.create).toBe(2);
  });

  it('the commit happens after beforeCommit and before afterCommit', async () => {
    const seen: string[] = [];
    faults.before = () => {
      seen.push('before');
    };
    faults.after = async () => {
      seen.push(`after:${await written('create')}`);
    };
    await send({ method: 'POST', url: '/items', payload: {}, key: 'order' });
    expect(seen).toEqual(['before', 'after:1']);
  });

  it('a failure after the commit (the answer lost): the retry gets the stored answer, nothing runs twice', async () => {
    faults.after = () => {
      throw new Error('crashed before replying');
    };
    const lost = await send({ method: 'POST', url: '/items', payload: { Notes: 'y' }, key: 'f2' });
    expect(lost.statusCode).toBe(500);
    expect(await written('create')).toBe(1);

    faults.after = undefined;
    const retry = await send({ method: 'POST', url: '/items', payload: { Notes: 'y' }, key: 'f2' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json()).toEqual({ ItemID: 801, Notes: 'y' });
    expect(calls.create).toBe(1);
    expect(await written('create')).toBe(1);
  });

  it('a claim that cannot be written ends its transaction, and later requests go on', async () => {
    // An employee id past PostgreSQL's integer cannot be stored: the claim fails.
    const broken = await send({ method: 'PUT', url: '/items/1', payload: {}, key: 'big', employee: 2 ** 40 });
    expect(broken.statusCode).toBe(500);
    expect(calls.update).toBeUndefined();
    const next = await send({ method: 'POST', url: '/items', payload: {}, key: 'after-nul' });
    expect(next.statusCode).toBe(201);
    expect(await written('create')).toBe(1);
  });

  it('a committed unfinished claim (an older release) is cleared, and the retry runs', async () => {
    const row = {
      Key: 'old-running',
      Method: 'POST',
      Path: '/items',
      RequestHash: hashBody({ Notes: 'a' }),
      State: 'running' as const,
    };
    await db.insert(idempotencyKeys).values([
      { ...row, EmployeeID: 7, Credential: 'session' },
      // Another caller's claim with the same key is not touched.
      { ...row, EmployeeID: 8, Credential: 'session' },
    ]);
    const first = await send({ method: 'POST', url: '/items', payload: { Notes: 'a' }, key: 'old-running' });
    expect(first.statusCode).toBe(500);
    expect(calls.create).toBeUndefined();
    expect((await keys()).map((r) => r.EmployeeID)).toEqual([8]);
    const retry = await send({ method: 'POST', url: '/items', payload: { Notes: 'a' }, key: 'old-running' });
    expect(retry.statusCode).toBe(201);
    expect(calls.create).toBe(1);
  });

  it('a done row of another caller with the same key is never cleared', async () => {
    await db.insert(idempotencyKeys).values({
      Key: 'kept',
      EmployeeID: 7,
      Credential: 'session',
      Method: 'POST',
      Path: '/items',
      RequestHash: hashBody({}),
      State: 'done',
      StatusCode: 201,
      ResponseBody: '{"ItemID":1}',
      ContentType: 'application/json; charset=utf-8',
    });
    const res = await send({ method: 'POST', url: '/items', payload: {}, key: 'kept' });
    expect(res.json()).toEqual({ ItemID: 1 });
    expect(await keys()).toHaveLength(1);
  });

  it('work the handler started that ends after the request uses the database, not the ended transaction', async () => {
    let release: () => void = () => undefined;
    laterGate = new Promise((resolve) => {
      release = resolve;
    });
    const res = await send({ method: 'POST', url: '/later', payload: {}, key: 'lt' });
    expect(res.statusCode).toBe(200);
    release();
    await later;
    expect(await written('later')).toBe(1);
  });
});

describe('the plugin with its defaults (no clock, no faults)', () => {
  it("stores the answer with the server's own time and replays it", async () => {
    const bare = Fastify({ logger: false });
    await bare.register(idempotencyPlugin, { db });
    bare.post('/plain', async (_request, reply) => {
      count('plain');
      return reply.code(201).send({ PlainID: calls.plain });
    });
    await bare.ready();
    try {
      const post = () =>
        bare.inject({
          method: 'POST',
          url: '/plain',
          payload: {},
          headers: { 'idempotency-key': 'defaults' },
        });
      const first = await post();
      const again = await post();
      expect(first.statusCode).toBe(201);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(again.json()).toEqual({ PlainID: 1 });
      const [row] = await keys();
      expect(row.CreatedAt).toBeInstanceOf(Date);
      expect(row.CompletedAt).toBeInstanceOf(Date);
      expect(calls.plain).toBe(1);
    } finally {
      await bare.close();
    }
  });
});

describe('a database that cannot open the transaction', () => {
  async function appOver(fakeDb: unknown): Promise<FastifyInstance> {
    const bare = Fastify({ logger: false });
    await bare.register(idempotencyPlugin, { db: fakeDb as IdempotencyDb });
    bare.post('/x', async () => {
      count('x');
      return { ok: true };
    });
    await bare.ready();
    return bare;
  }

  it('answers 500 without running the handler, whether the transaction fails or ends unopened', async () => {
    const failing = await appOver({ transaction: () => Promise.reject(new Error('connection refused')) });
    const unopened = await appOver({ transaction: () => Promise.resolve() });
    try {
      for (const bare of [failing, unopened]) {
        const res = await bare.inject({
          method: 'POST',
          url: '/x',
          payload: {},
          headers: { 'idempotency-key': 'z' },
        });
        expect(res.statusCode).toBe(500);
        const plain = await bare.inject({ method: 'POST', url: '/x', payload: {} });
        expect(plain.statusCode).toBe(200);
      }
      expect(calls.x).toBe(2);
    } finally {
      await failing.close();
      await unopened.close();
    }
  });
});

describe('helpers', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('hashBody: bytes as they are, text marked as text, nothing as empty, objects canonically', () => {
    expect(hashBody(Buffer.from('abc'))).toBe(sha('abc'));
    expect(hashBody('abc')).toBe(sha('s:abc'));
    expect(hashBody(undefined)).toBe(sha(''));
    expect(hashBody(null)).toBe(sha(''));
    expect(hashBody({ b: [1, { d: 2, c: 'x' }], a: true })).toBe(sha('j:{"a":true,"b":[1,{"c":"x","d":2}]}'));
    expect(hashBody(0)).toBe(sha('j:0'));
  });

  it('hashBody: key order and undefined fields do not matter; dates by value; holes as null', () => {
    expect(hashBody({ z: 1, a: 2, m: 3 })).toBe(hashBody({ a: 2, m: 3, z: 1 }));
    expect(hashBody({ a: 1, b: undefined })).toBe(hashBody({ a: 1 }));
    const at = (iso: string) => ({ At: new Date(iso) });
    expect(hashBody(at('2026-01-01T00:00:00Z'))).toBe(sha('j:{"At":"2026-01-01T00:00:00.000Z"}'));
    expect(hashBody(at('2026-01-01T00:00:00Z'))).not.toBe(hashBody(at('2026-01-02T00:00:00Z')));
    expect(hashBody([undefined])).toBe(sha('j:[null]'));
    expect(hashBody({ a: { y: 1, x: 2 } })).not.toBe(hashBody({ a: { y: 2, x: 1 } }));
  });

  function fakeRequest(parts: { url?: string; route?: string; params?: object; query?: object }) {
    return {
      url: parts.url ?? '/',
      routeOptions: { url: parts.route },
      params: parts.params,
      query: parts.query,
    } as unknown as FastifyRequest;
  }

  it('normalisedPath: the route in lower case, then its parameters and query when there are any', () => {
    expect(normalisedPath(fakeRequest({ route: '/A/:id', params: { id: '5' }, query: { q: 'x' } }))).toBe(
      '/a/:id {"id":"5"} {"q":"x"}',
    );
    expect(normalisedPath(fakeRequest({ route: '/A', params: {}, query: {} }))).toBe('/a');
    expect(normalisedPath(fakeRequest({ url: '/Nowhere/X?q=1' }))).toBe('/nowhere/x');
    expect(normalisedPath(fakeRequest({ route: '/a', query: { q: '1' } }))).toBe('/a {"q":"1"}');
  });

  it('callerOf: the employee and how they signed in, or nobody', () => {
    const of = (actor: unknown) => callerOf({ actor } as unknown as FastifyRequest);
    expect(of(null)).toEqual({ employeeId: 0, credential: '' });
    expect(of({ EmployeeID: '7', SessionHash: 'h' })).toEqual({ employeeId: 0, credential: '' });
    expect(of({ EmployeeID: 7, SessionHash: 'h', ProxyByEmployeeID: 3 })).toEqual({
      employeeId: 7,
      credential: 'proxy:3',
    });
    expect(of({ EmployeeID: 7, SessionHash: 'h', ProxyByEmployeeID: null })).toEqual({
      employeeId: 7,
      credential: 'session',
    });
    expect(of({ EmployeeID: 7, SessionHash: null })).toEqual({ employeeId: 7, credential: 'token' });
  });

  it('purgeIdempotencyKeys deletes keys older than 30 days', async () => {
    const day = 24 * 60 * 60 * 1000;
    const base = { EmployeeID: 7, Method: 'POST', Path: '/x', RequestHash: 'h', State: 'done' as const };
    await db.insert(idempotencyKeys).values([
      { ...base, Key: 'old', CreatedAt: new Date(T0.getTime() - 30 * day - 1) },
      { ...base, Key: 'edge', CreatedAt: new Date(T0.getTime() - 30 * day + 1) },
      { ...base, Key: 'new', CreatedAt: T0 },
    ]);
    expect(await purgeIdempotencyKeys(db, T0)).toBe(1);
    const left = await db.select({ Key: idempotencyKeys.Key }).from(idempotencyKeys);
    expect(left.map((r) => r.Key).sort()).toEqual(['edge', 'new']);
  });
});
