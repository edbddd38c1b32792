// Idempotency-Key (docs/architecture.md "The server"; README "Offline and sync"): a POST, PUT, PATCH
// or DELETE carrying the header runs once per key and caller; its answer is stored and a replay gets
// it back with `Idempotency-Replayed: true`, so a device that lost an answer (the offline sync
// engine) can send again without anything being applied twice.
//
// Exactly once, whatever fails: the claim of the key, everything the handler writes and the stored
// answer are ONE database transaction (server/db/request-scope.ts puts the handler's queries into it).
// - It commits only once the answer is serialised and stored with it. A crash, a lost connection or a
//   failed write before that rolls everything back: nothing was applied, and the retry runs afresh.
// - After the commit, a retry finds the stored answer, never a second execution, even if the process
//   died before replying.
// - A second request with the same key while the first is open waits for it (the key's unique index
//   holds it on PostgreSQL; the embedded database runs one transaction at a time) and then gets the
//   stored answer, or runs if the first rolled back. A claim is never visible before it commits, so
//   no claim is ever left behind by a server that died.
//
// Which answers are kept: 2xx and the refusals (400, 403, 404, 409, 422…) commit with the handler's
// writes. 5xx, 401, 408 and 429 ("not processed, try again") roll back and keep nothing. When the
// handler succeeded but its answer could not be built (e.g. it fails its response schema), the writes
// are kept and a 2xx summary naming the created ids is stored and sent instead. An answer that sets a
// cookie hands out a credential and is never stored (its writes commit). A summary says
// `Summary: true`, so a client keeps its own copy of the record instead of taking the summary for it. Routes that hand out or
// change a credential (auth/token, /account/*) opt out with `config: { idempotent: false }`.
//
// The caller is the signed-in employee and how they signed in (own session, proxy session, API
// client), or nobody; the same key from another caller is another request. The request is matched by
// method, route (as the router sees it: case, trailing and doubled slashes do not matter), parameters,
// query and body hash; the same key for another request is 422.
//
// Register at the root scope after the auth plugin and before the routes: the claim is made in
// preHandler, when the actor is known and the body parsed and validated.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { withoutWaiting } from '../db/pglite-thread';
import { type RequestScope, runInScope } from '../db/request-scope';
import { idempotencyKeys } from '../db/schema/idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: Idempotency-Key is ignored here, nothing is stored (routes answering with a credential). */
    idempotent?: boolean;
  }
}

/** Any drizzle PostgreSQL database (PGlite or node-postgres, with any schema). */
export type IdempotencyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** Test-only fault points, to prove that no fault makes a change apply twice or vanish. */
export interface IdempotencyFaults {
  /** Called after the handler's writes and the answer are stored, just before the commit. */
  beforeCommit?(request: FastifyRequest): void | Promise<void>;
  /** Called after the commit, before the answer is sent (a crash or lost connection here). */
  afterCommit?(request: FastifyRequest): void | Promise<void>;
  /** May replace the handler's answer before it is serialised (an answer failing its schema). */
  answer?(request: FastifyRequest, payload: unknown): unknown;
}

export interface IdempotencyOptions {
  db: IdempotencyDb;
  now?: () => Date;
  faults?: IdempotencyFaults;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotency-Replayed';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';
export const SUMMARY_MESSAGE =
  'The change was saved, but its answer could not be built. Read the record again to see it.';
export const KEY_RETENTION_DAYS = 30;
export const MAX_KEY_LENGTH = 255;

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that mean "not processed, try again": rolled back and not kept. */
const RELEASED = new Set([401, 408, 429]);

interface Claim {
  key: string;
  employeeId: number;
  credential: string;
}

/** The open transaction of one request with a key, and how it ends. */
interface Pending {
  claim: Claim;
  scope: RequestScope;
  /** Resolve true to commit, false to roll back. */
  finish(commit: boolean): Promise<void>;
  /** The 2xx answer the handler chose (noted before serialisation, which may still fail). */
  handled?: { status: number; value: unknown };
  ended: boolean;
}

class Rollback extends Error {}

/** Stable JSON: object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 (hex) of the request body as parsed (bytes for a Buffer, text for a string). */
export function hashBody(body: unknown): string {
  const hash = createHash('sha256');
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (typeof body === 'string') hash.update(`s:${body}`);
  else if (body === undefined || body === null) hash.update('');
  else hash.update(`j:${canonical(body)}`);
  return hash.digest('hex');
}

/**
 * The request as the router matched it: the route pattern (lower case, as paths match without regard
 * to case, trailing or doubled slashes) with its parameters and query as parsed. `/API/Time-Entries/5/`
 * and `/api/time-entries/5` are the same call.
 */
export function normalisedPath(request: FastifyRequest): string {
  const route = (request.routeOptions.url ?? request.url.split('?')[0]).toLowerCase();
  const params = request.params && Object.keys(request.params).length > 0 ? canonical(request.params) : '';
  const query = request.query && Object.keys(request.query).length > 0 ? canonical(request.query) : '';
  return [route, params, query].filter(Boolean).join(' ');
}

function headerValue(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

interface CallerFacts {
  EmployeeID?: unknown;
  SessionHash?: unknown;
  ProxyByEmployeeID?: unknown;
}

/** Who is calling: the employee (0 anonymous) and how they signed in (see the schema's Credential). */
export function callerOf(request: FastifyRequest): { employeeId: number; credential: string } {
  const actor = (request as { actor?: CallerFacts | null }).actor;
  if (!actor || typeof actor.EmployeeID !== 'number') return { employeeId: 0, credential: '' };
  const credential =
    typeof actor.ProxyByEmployeeID === 'number'
      ? `proxy:${actor.ProxyByEmployeeID}`
      : typeof actor.SessionHash === 'string'
        ? 'session'
        : 'token';
  return { employeeId: actor.EmployeeID, credential };
}

function isTextual(contentType: string | undefined): boolean {
  return (
    !contentType || /^(text\/|application\/([\w.+-]*\+)?(json|xml|x-www-form-urlencoded))/i.test(contentType)
  );
}

function contentTypeOf(reply: FastifyReply): string | undefined {
  const value = reply.getHeader('content-type');
  return value === undefined ? undefined : String(value);
}

/** The ids a handler's answer names at its top level (`Id`, `LeadID`, …), for a summary answer. */
function idsOf(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      ([k, v]) => /(^Id|ID)$/.test(k) && (typeof v === 'number' || typeof v === 'string'),
    ),
  );
}

/** Opens a transaction that stays open until `finish` says how it ends. */
async function openTransaction(
  db: IdempotencyDb,
): Promise<{ tx: Db; finish(commit: boolean): Promise<void> }> {
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  let opened!: (tx: Db) => void;
  const ready = new Promise<Db>((resolve) => {
    opened = resolve;
  });
  const done = db
    .transaction(async (tx) => {
      opened(tx as unknown as Db);
      if (!(await decided)) throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  // The transaction may fail to open (connection lost): say so instead of waiting forever.
  const tx = await Promise.race([ready, done.then(() => Promise.reject(new Error('transaction ended')))]);
  return {
    tx,
    finish: async (commit) => {
      decide(commit);
      await done;
    },
  };
}

async function idempotency(app: FastifyInstance, opts: IdempotencyOptions): Promise<void> {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const faults = opts.faults ?? {};
  const pendings = new WeakMap<FastifyRequest, Pending>();

  const where = (claim: Claim) =>
    and(
      eq(idempotencyKeys.Key, claim.key),
      eq(idempotencyKeys.EmployeeID, claim.employeeId),
      eq(idempotencyKeys.Credential, claim.credential),
    );

  async function end(pending: Pending, commit: boolean): Promise<void> {
    if (pending.ended) return;
    pending.ended = true;
    pending.scope.closed = true;
    await pending.finish(commit);
  }

  // The handler (and any preHandler of the route itself) runs with the request's transaction as its
  // database. The wrapper is not async: it hands back exactly what the handler returned, so a
  // callback-style handler (one that calls reply.send and returns nothing, as plugins' routes do) is
  // not turned into a promise of undefined, which Fastify would answer a second time.
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function scopedHandler(this: FastifyInstance, request, reply) {
      const pending = pendings.get(request);
      if (!pending) return handler.call(this, request, reply);
      return runInScope(pending.scope, () => handler.call(this, request, reply));
    };
    const wrap = (hook: preHandlerHookHandler): preHandlerHookHandler =>
      function scopedPreHandler(this: FastifyInstance, request, reply, done) {
        const pending = pendings.get(request);
        if (!pending) return hook.call(this, request, reply, done);
        return runInScope(pending.scope, () => hook.call(this, request, reply, done));
      };
    if (typeof route.preHandler === 'function') route.preHandler = wrap(route.preHandler);
    else if (Array.isArray(route.preHandler)) route.preHandler = route.preHandler.map(wrap);
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!MUTATIONS.has(request.method)) return;
    if (request.routeOptions.config?.idempotent === false) return;
    const key = headerValue(request);
    if (key === undefined) return;
    if (key.length > MAX_KEY_LENGTH) {
      return reply
        .code(400)
        .send({ Message: `The Idempotency-Key header is too long (${MAX_KEY_LENGTH} characters at most).` });
    }
    const claim: Claim = { key, ...callerOf(request) };
    const method = request.method;
    const path = normalisedPath(request);
    const requestHash = hashBody(request.body);

    const { tx, finish } = await openTransaction(db);
    const pending: Pending = { claim, scope: { tx, closed: false }, finish, ended: false };
    try {
      // Waits while another open request holds the same key, then inserts (it rolled back) or finds
      // its committed answer.
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({
          Key: key,
          EmployeeID: claim.employeeId,
          Credential: claim.credential,
          Method: method,
          Path: path,
          RequestHash: requestHash,
          State: 'running',
          CreatedAt: now(),
        })
        .onConflictDoNothing({
          target: [idempotencyKeys.Key, idempotencyKeys.EmployeeID, idempotencyKeys.Credential],
        })
        .returning({ Key: idempotencyKeys.Key });
      if (inserted.length > 0) {
        pendings.set(request, pending);
        return;
      }
      const [existing] = await tx.select().from(idempotencyKeys).where(where(claim)).limit(1);
      await end(pending, false);
      if (existing?.State !== 'done') {
        // Only a row written by an older release can be committed unfinished: its request never
        // completed, so it is taken over.
        await db.delete(idempotencyKeys).where(and(where(claim), eq(idempotencyKeys.State, 'running')));
        throw new Error('Idempotency-Key: an unfinished claim was cleared; retry');
      }
      if (existing.Method !== method || existing.Path !== path || existing.RequestHash !== requestHash) {
        return reply.code(422).send({ Message: KEY_REUSED_MESSAGE });
      }
      reply.code(existing.StatusCode ?? 200).header(REPLAYED_HEADER, 'true');
      if (existing.ContentType) reply.header('content-type', existing.ContentType);
      return reply.send(existing.ResponseBody ?? '');
    } catch (err) {
      await end(pending, false).catch(() => undefined);
      throw err;
    }
  });

  // The answer the handler chose, before it is serialised (serialising may still fail).
  app.addHook('preSerialization', async (request, reply, payload) => {
    const pending = pendings.get(request);
    if (!pending || pending.handled || reply.statusCode >= 300) return payload;
    pending.handled = { status: reply.statusCode, value: payload };
    return faults.answer ? faults.answer(request, payload) : payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = pendings.get(request);
    if (!pending || pending.ended) return payload;
    const status = reply.statusCode;
    let out: unknown = payload;
    const setsCookie = reply.hasHeader('set-cookie');
    const summary = () => {
      // The handler's work is done; only its answer cannot be kept or built. Keep the work, answer
      // with what is known and store that, so a retry never runs the handler again.
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({ Message: SUMMARY_MESSAGE, Summary: true, ...idsOf(pending.handled?.value) });
    };
    try {
      if (status >= 500 && pending.handled && pending.handled.status < 300) {
        reply.code(pending.handled.status);
        out = summary();
      } else if (status >= 500 || RELEASED.has(status)) {
        await end(pending, false);
        return payload;
      } else if (out !== null && out !== undefined && typeof out !== 'string') {
        // A stream or binary answer cannot be replayed as it was.
        if (!Buffer.isBuffer(out) || !isTextual(contentTypeOf(reply))) out = summary();
      }
      const body =
        out === null || out === undefined ? '' : Buffer.isBuffer(out) ? out.toString('utf8') : String(out);
      const { tx } = pending.scope;
      // Its answer is not read: on the embedded database's thread it travels with the commit.
      await withoutWaiting(async () => {
        if (setsCookie) {
          // A credential is never replayed: the work commits, the key is not kept.
          await tx.delete(idempotencyKeys).where(where(pending.claim));
        } else {
          await tx
            .update(idempotencyKeys)
            .set({
              State: 'done',
              StatusCode: reply.statusCode,
              ResponseBody: body,
              ContentType: contentTypeOf(reply) ?? null,
              CompletedAt: now(),
            })
            .where(where(pending.claim));
        }
      });
      await faults.beforeCommit?.(request);
      await end(pending, true);
    } catch (error) {
      await end(pending, false).catch(() => undefined);
      throw error;
    }
    await faults.afterCommit?.(request);
    return out;
  });

  // Whatever happened, the transaction never outlives its request.
  app.addHook('onResponse', async (request) => {
    const pending = pendings.get(request);
    if (pending && !pending.ended) await end(pending, false);
  });
}

/**
 * The plugin (hooks apply to the scope it is registered in, not only to its own children).
 * `app.register(idempotencyPlugin, { db })`.
 */
export const idempotencyPlugin = fp(idempotency, { name: 'apex-idempotency', fastify: '5.x' });

/** Deletes keys older than 30 days; resolves to how many were deleted. Run it daily. */
export async function purgeIdempotencyKeys(db: IdempotencyDb, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.CreatedAt, cutoff))
    .returning({ Key: idempotencyKeys.Key });
  return deleted.length;
}
