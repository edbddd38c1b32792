// Idempotency-Key (ARCHITECTURE.md "Idempotency"): a POST/PUT/PATCH/DELETE carrying the header runs
// once per key and user; the answer is stored and a replay gets it back with
// `Idempotency-Replayed: true`, so a client that lost a response (the offline sync engine) can send
// again without duplicating anything.
//
// - First request: a row (key, user) is inserted as 'running' (unique index); the handler runs; onSend
//   stores status, body and content type and marks it 'done'.
// - Same key, same method + path + body hash, done: the stored answer.
// - Same key, different request: 422. Same key while the first is still running: 409 with
//   `Idempotency-Status: processing`, `Retry-After` and `Code: 'IdempotencyKeyInProgress'` (the client
//   retries it, it is not a version conflict).
// - A 5xx releases the key (the row is deleted) so a retry runs again; so do 401, 408 and 429, which
//   mean "not processed, try again" and would otherwise replay forever. Other 4xx are stored.
// - A 'running' row older than `runningTimeoutMs` (the process died mid-request) is taken over.
//
// Register at the root (or API) scope after the auth plugin: the hook runs in preHandler, when the
// actor is known and the body parsed and validated. Limitation: the handler's writes and the stored
// answer are not one transaction; if the process dies between them, the lease lets a retry run again.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema/idempotency';

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

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that mean "not processed, try again": the key is released rather than stored. */
const RELEASED = new Set([401, 408, 429]);
const DEFAULT_RUNNING_TIMEOUT_MS = 10 * 60_000;

interface Claim {
  key: string;
  employeeId: number;
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

function employeeIdOf(request: FastifyRequest): number {
  const actor = (request as { actor?: { EmployeeID?: unknown } | null }).actor;
  return typeof actor?.EmployeeID === 'number' ? actor.EmployeeID : 0;
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

  const where = (claim: Claim) =>
    and(eq(idempotencyKeys.Key, claim.key), eq(idempotencyKeys.EmployeeID, claim.employeeId));

  async function release(claim: Claim): Promise<void> {
    await db.delete(idempotencyKeys).where(and(where(claim), eq(idempotencyKeys.State, 'running')));
  }

  app.addHook('preHandler', async (request, reply) => {
    if (!MUTATIONS.has(request.method)) return;
    const key = headerValue(request);
    if (key === undefined) return;
    if (key.length > MAX_KEY_LENGTH) {
      return reply
        .code(400)
        .send({ Message: `The Idempotency-Key header is too long (${MAX_KEY_LENGTH} characters at most).` });
    }
    const claim: Claim = { key, employeeId: employeeIdOf(request) };
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
          Method: method,
          Path: path,
          RequestHash: requestHash,
          State: 'running',
          CreatedAt: now(),
        })
        .onConflictDoNothing({ target: [idempotencyKeys.Key, idempotencyKeys.EmployeeID] })
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
      const startedAt = existing.CreatedAt;
      if (now().getTime() - startedAt.getTime() > timeoutMs) {
        // Abandoned by a process that died mid-request: take it over (only one taker wins).
        const taken = await db
          .update(idempotencyKeys)
          .set({ CreatedAt: now() })
          .where(
            and(where(claim), eq(idempotencyKeys.State, 'running'), eq(idempotencyKeys.CreatedAt, startedAt)),
          )
          .returning({ Key: idempotencyKeys.Key });
        if (taken.length > 0) {
          claims.set(request, claim);
          return;
        }
        continue;
      }
      return reply
        .code(409)
        .header(STATUS_HEADER, 'processing')
        .header('retry-after', '1')
        .send({ Message: IN_PROGRESS_MESSAGE, Code: IN_PROGRESS_CODE });
    }
    return reply.code(409).header(STATUS_HEADER, 'processing').header('retry-after', '1').send({
      Message: IN_PROGRESS_MESSAGE,
      Code: IN_PROGRESS_CODE,
    });
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
      if (status >= 500 || RELEASED.has(status) || body === null) {
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
        .where(where(claim));
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
