// Idempotency-Key (docs: README "Offline and sync"): a POST/PUT/PATCH/DELETE carrying the header runs
// once per key and caller; the answer is stored and a replay gets it back with
// `Idempotency-Replayed: true`, so a client that lost a response (the offline sync engine) can send
// again without duplicating anything.
//
// - The caller is the signed-in employee and how they signed in (own session, a proxy session, an API
//   client's token), or nobody (anonymous); the same key from another caller is another request. Not
//   per session: a change queued offline is sent again after its user signs in again (a new session)
//   and must not run twice.
// - Routes that hand out or change a credential (auth/token, /account/*) opt out with
//   `config: { idempotent: false }`, and an answer that sets a cookie is never stored: a token or a
//   session is never replayed.
// - First request: a row (key, caller) is inserted as 'running' (unique index) with the id of this
//   server instance; the handler runs; onSend stores status, body and content type and marks it 'done'.
// - Same key, same method + path + body hash, done: the stored answer.
// - Same key, different request: 422. Same key while the first is still running: 409 with
//   `Idempotency-Status: processing`, `Retry-After` and `Code: 'IdempotencyKeyInProgress'` (the client
//   retries it, it is not a version conflict).
// - A 5xx releases the key (the row is deleted) so a retry runs again; so do 401, 408 and 429, which
//   mean "not processed, try again" and would otherwise replay forever. Other 4xx are stored.
// - A 'running' row whose instance is no longer alive (killed mid-request) is released when a server
//   starts and taken over by a retry at once. Liveness: with PostgreSQL each instance holds a
//   session-level advisory lock (APEX_LOCK_SPACE, its id) on a connection of its own for its whole
//   life, and another instance probes it with pg_try_advisory_xact_lock; with the embedded database
//   only this process can open it (lock file), so the live instances are the ones in this process.
// - A 'running' row older than `runningTimeoutMs` (a live instance stuck on it) is taken over too.
//
// Register at the root (or API) scope after the auth plugin: the hook runs in preHandler, when the
// actor is known and the body parsed and validated. Limitation: the handler's writes and the stored
// answer are not one transaction; if the process dies between them, a retry runs again.
import { createHash, randomInt } from 'node:crypto';
import { and, eq, lt, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { idempotencyKeys } from '../db/schema/idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: Idempotency-Key is ignored here, nothing is stored (routes answering with a credential). */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    /** This server instance's id, stored with the Idempotency-Key claims it is running. */
    idempotencyInstanceId: number;
  }
}

/** Any drizzle PostgreSQL database (PGlite or node-postgres, with any schema). */
export type IdempotencyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

export interface IdempotencyOptions {
  db: IdempotencyDb;
  /** After this long a 'running' key is considered abandoned and may be taken over (default 10 min). */
  runningTimeoutMs?: number;
  now?: () => Date;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotency-Replayed';
export const STATUS_HEADER = 'Idempotency-Status';
export const IN_PROGRESS_CODE = 'IdempotencyKeyInProgress';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';
export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed.';
export const KEY_RETENTION_DAYS = 30;
export const MAX_KEY_LENGTH = 255;
/** First key of the two-key advisory locks that mark live instances ('APEX' read as an int32). */
export const APEX_LOCK_SPACE = 0x41504558;

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that mean "not processed, try again": the key is released rather than stored. */
const RELEASED = new Set([401, 408, 429]);
const DEFAULT_RUNNING_TIMEOUT_MS = 10 * 60_000;
const MAX_INSTANCE_ID = 2 ** 31 - 1;

interface Claim {
  key: string;
  employeeId: number;
  credential: string;
}

/** The live server instances, as far as the claims in the store are concerned. */
interface Instances {
  id: number;
  /** SQL true for a row whose instance is no longer alive (never true for this instance). */
  ownerDead(): SQL;
  close(): Promise<void>;
}

/** Instances of this process on the embedded database (only one process can open it). */
const liveInProcess = new Set<number>();

function processInstances(): Instances {
  let id = 0;
  while (id === 0 || liveInProcess.has(id)) id = randomInt(1, MAX_INSTANCE_ID);
  liveInProcess.add(id);
  return {
    id,
    ownerDead: () => notInArray(idempotencyKeys.InstanceID, [...liveInProcess]),
    close: async () => {
      liveInProcess.delete(id);
    },
  };
}

/**
 * Instances sharing a PostgreSQL server: each holds the session-level advisory lock
 * (APEX_LOCK_SPACE, id) on a connection of its own; an instance whose lock can be taken is gone (a
 * killed process's connection closes and the server drops its locks).
 */
async function postgresInstances(pool: pg.Pool, log: FastifyBaseLogger): Promise<Instances> {
  let closing = false;
  let retry: NodeJS.Timeout | undefined;
  let client: pg.Client | undefined;
  let id = 0;

  async function hold(wanted?: number): Promise<void> {
    const next = new pg.Client(pool.options);
    await next.connect();
    next.on('error', (err) => log.warn({ err }, 'idempotency: instance lock connection failed'));
    next.on('end', () => {
      if (closing || client !== next) return;
      log.warn('idempotency: instance lock connection ended; reconnecting');
      reconnect(1000);
    });
    for (let attempt = 0; ; attempt++) {
      const candidate = wanted !== undefined && attempt === 0 ? wanted : randomInt(1, MAX_INSTANCE_ID);
      const { rows } = await next.query<{ ok: boolean }>(
        'select pg_try_advisory_lock($1::int, $2::int) as ok',
        [APEX_LOCK_SPACE, candidate],
      );
      if (rows[0]?.ok) {
        if (wanted !== undefined && candidate !== wanted)
          log.error(
            'idempotency: this instance lost its id while disconnected; its running claims may be retried',
          );
        id = candidate;
        break;
      }
    }
    client = next;
  }

  function reconnect(delayMs: number): void {
    retry = setTimeout(() => {
      hold(id).catch((err) => {
        log.warn({ err }, 'idempotency: instance lock reconnect failed');
        if (!closing) reconnect(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs);
    retry.unref();
  }

  await hold();
  return {
    get id() {
      return id;
    },
    ownerDead: () =>
      and(
        ne(idempotencyKeys.InstanceID, id),
        sql`pg_try_advisory_xact_lock(${sql.raw(String(APEX_LOCK_SPACE))}, ${idempotencyKeys.InstanceID})`,
      ) as SQL,
    close: async () => {
      closing = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

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

async function idempotency(app: FastifyInstance, opts: IdempotencyOptions): Promise<void> {
  const { db } = opts;
  const timeoutMs = opts.runningTimeoutMs ?? DEFAULT_RUNNING_TIMEOUT_MS;
  const now = opts.now ?? (() => new Date());
  const claims = new WeakMap<FastifyRequest, Claim>();
  const client = (db as { $client?: unknown }).$client;
  const instances = client instanceof pg.Pool ? await postgresInstances(client, app.log) : processInstances();
  app.decorate('idempotencyInstanceId', {
    getter: () => instances.id,
  });
  app.addHook('onClose', async () => instances.close());

  // Claims left 'running' by instances that died (kill -9, power loss) are released now, so the
  // retries of their clients run instead of waiting out the lease.
  const released = await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.State, 'running'), instances.ownerDead()))
    .returning({ Key: idempotencyKeys.Key })
    .catch(async (err: unknown) => {
      await instances.close();
      throw err;
    });
  if (released.length > 0)
    app.log.info({ count: released.length }, 'idempotency: released keys left running by a stopped server');

  const where = (claim: Claim) =>
    and(
      eq(idempotencyKeys.Key, claim.key),
      eq(idempotencyKeys.EmployeeID, claim.employeeId),
      eq(idempotencyKeys.Credential, claim.credential),
    );
  const mine = (claim: Claim) =>
    and(where(claim), eq(idempotencyKeys.State, 'running'), eq(idempotencyKeys.InstanceID, instances.id));

  async function release(claim: Claim): Promise<void> {
    await db.delete(idempotencyKeys).where(mine(claim));
  }

  const inProgress = (reply: FastifyReply) =>
    reply
      .code(409)
      .header(STATUS_HEADER, 'processing')
      .header('retry-after', '1')
      .send({ Message: IN_PROGRESS_MESSAGE, Code: IN_PROGRESS_CODE });

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
    const path = request.url;
    const requestHash = hashBody(request.body);

    // A few rounds: the row may be released or taken over between our insert and our read.
    for (let round = 0; round < 3; round++) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({
          Key: key,
          EmployeeID: claim.employeeId,
          Credential: claim.credential,
          Method: method,
          Path: path,
          RequestHash: requestHash,
          State: 'running',
          InstanceID: instances.id,
          CreatedAt: now(),
        })
        .onConflictDoNothing({
          target: [idempotencyKeys.Key, idempotencyKeys.EmployeeID, idempotencyKeys.Credential],
        })
        .returning({ Key: idempotencyKeys.Key });
      if (inserted.length > 0) {
        claims.set(request, claim);
        return;
      }
      const [existing] = await db.select().from(idempotencyKeys).where(where(claim)).limit(1);
      if (!existing) continue;
      if (existing.Method !== method || existing.Path !== path || existing.RequestHash !== requestHash) {
        return reply.code(422).send({ Message: KEY_REUSED_MESSAGE });
      }
      if (existing.State === 'done') {
        reply.code(existing.StatusCode ?? 200).header(REPLAYED_HEADER, 'true');
        if (existing.ContentType) reply.header('content-type', existing.ContentType);
        return reply.send(existing.ResponseBody ?? '');
      }
      // Still running. Taken over (only one taker wins) when its instance died, or when the lease ran
      // out (a live instance stuck on it).
      const startedAt = existing.CreatedAt;
      const leaseOver = now().getTime() - startedAt.getTime() > timeoutMs;
      const taken = await db
        .update(idempotencyKeys)
        .set({ CreatedAt: now(), InstanceID: instances.id })
        .where(
          and(
            where(claim),
            eq(idempotencyKeys.State, 'running'),
            eq(idempotencyKeys.InstanceID, existing.InstanceID),
            eq(idempotencyKeys.CreatedAt, startedAt),
            leaseOver ? undefined : instances.ownerDead(),
          ),
        )
        .returning({ Key: idempotencyKeys.Key });
      if (taken.length > 0) {
        claims.set(request, claim);
        return;
      }
      if (!leaseOver) return inProgress(reply);
    }
    return inProgress(reply);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    try {
      const contentType = contentTypeOf(reply);
      let body: string | null;
      if (payload === null || payload === undefined) body = '';
      else if (typeof payload === 'string') body = payload;
      else if (Buffer.isBuffer(payload) && isTextual(contentType)) body = payload.toString('utf8');
      else body = null; // a stream or binary: cannot be replayed, so it is not kept
      // An answer that sets a cookie hands out a credential: it is never kept for a replay.
      const setsCookie = reply.hasHeader('set-cookie');
      if (status >= 500 || RELEASED.has(status) || body === null || setsCookie) {
        await release(claim);
        return payload;
      }
      await db
        .update(idempotencyKeys)
        .set({
          State: 'done',
          StatusCode: status,
          ResponseBody: body,
          ContentType: contentType ?? null,
          CompletedAt: now(),
        })
        .where(mine(claim));
    } catch (error) {
      request.log.error({ err: error }, 'idempotency: could not store the response');
      await release(claim).catch(() => undefined);
    }
    return payload;
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
