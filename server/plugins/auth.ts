// Authentication and the permission check of every route. A route declares in its config either
// `public: true`, or the permission key it needs (`permission`), or nothing (any signed-in user).
// API calls authenticate with the Bearer token; GET navigations (downloads) may use the session cookie.
// Verified tokens and each session's resolved access are kept in memory while current
// (server/plugins/auth-cache.ts): a signed-in request usually costs no database read.

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { apiClients } from '../db/tables';
import { forbidden, unauthorized } from '../errors';
import { type Actor, loadActor, loadSessionActor, type SessionFacts } from '../modules/access/service';
import {
  acceptSession,
  activeSession,
  hashSessionId,
  SESSION_COOKIE,
  type SessionPolicy,
} from '../modules/auth/service';
import { AuthCache, type AuthCacheOptions, clientKey, sessionKey } from './auth-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permission?: string;
    /** The route needs at least one of these keys (the service then decides whose rows are seen). */
    anyPermission?: readonly string[];
    /** Let a GET be authenticated by the session cookie alone (browser navigation, e.g. downloads). */
    allowCookie?: boolean;
    /** A public route that still knows a caller who sends a valid token (anonymous otherwise). */
    optionalAuth?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /**
     * The session the request was accepted with (checked against its idle and absolute limits, and
     * touched, just now); null for an API client's token and on public routes.
     */
    authSession: SessionFacts | null;
  }
}

export interface AuthOptions {
  db: Db;
  key: Uint8Array;
  policy: SessionPolicy;
  /** Bounds of the in-memory cache (server/plugins/auth-cache.ts). */
  cache?: AuthCacheOptions;
}

export function sessionHashOf(request: FastifyRequest): string | null {
  const raw = request.cookies?.[SESSION_COOKIE];
  return raw ? hashSessionId(raw) : null;
}

/** The actor of a request, and the session it was accepted with (null for an API client's token). */
interface Resolved {
  actor: Actor;
  session: SessionFacts | null;
}

export async function resolveActor(
  request: FastifyRequest,
  opts: AuthOptions & { authCache: AuthCache },
  allowCookie: boolean,
): Promise<Resolved | null> {
  const cache = opts.authCache;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const claims = await cache.verify(header.slice(7).trim());
    if (!claims) return null;
    const employeeId = Number(claims.sub);
    if (!Number.isSafeInteger(employeeId) || employeeId <= 0) return null;
    const version = await cache.version();
    if (!claims.sid) {
      // A registered API client's token: trusted only while that client is still active and still
      // acts as the token's user. A token naming neither a session nor a client is refused.
      if (!claims.cid) return null;
      const key = clientKey(claims.cid, employeeId);
      const hit = cache.get(key, version);
      if (hit) return hit;
      if (!(await apiClientActive(opts.db, claims.cid, employeeId))) return null;
      const actor = await loadActor(opts.db, employeeId, { SessionHash: null, ProxyByEmployeeID: null });
      if (!actor) return null;
      cache.set(key, { version, session: null, actor });
      return { actor, session: null };
    }
    const key = sessionKey(claims.sid);
    const hit = await cachedSession(opts, key, version);
    // The session must be the token's user's (a token cannot borrow another's).
    if (hit) return hit.session?.EmployeeID === employeeId ? hit : null;
    // The token's session and its user's access: one read.
    const read = await loadSessionActor(opts.db, employeeId, claims.sid);
    if (read.session && read.session.EmployeeID !== employeeId) return null;
    const session = await acceptSession(opts.db, read.session, opts.policy);
    if (!session) return null;
    const actor = read.actor({ SessionHash: claims.sid, ProxyByEmployeeID: session.ProxyByEmployeeID });
    if (!actor) return null;
    cache.set(key, { version, session, actor }, session.ExpiresAt);
    return { actor, session };
  }
  if (!allowCookie) return null;
  const hash = sessionHashOf(request);
  if (!hash) return null;
  const version = await cache.version();
  const key = sessionKey(hash);
  const hit = await cachedSession(opts, key, version);
  if (hit) return hit;
  const session = await activeSession(opts.db, hash, opts.policy);
  if (!session) return null;
  const actor = await loadActor(opts.db, session.EmployeeID, {
    SessionHash: session.SessionHash,
    ProxyByEmployeeID: session.ProxyByEmployeeID,
  });
  if (!actor) return null;
  cache.set(key, { version, session, actor }, session.ExpiresAt);
  return { actor, session };
}

/**
 * A session's cached access if it is current and the session still within its limits by what this
 * instance saw (it is then touched as `acceptSession` does); otherwise undefined, to be read again —
 * another instance may have kept the session alive meanwhile.
 */
async function cachedSession(
  opts: AuthOptions & { authCache: AuthCache },
  key: string,
  version: number,
): Promise<Resolved | undefined> {
  const hit = opts.authCache.get(key, version);
  if (!hit?.session) return undefined;
  if (await acceptSession(opts.db, hit.session, opts.policy)) return hit;
  opts.authCache.delete(key);
  return undefined;
}

async function apiClientActive(db: Db, clientId: string, employeeId: number): Promise<boolean> {
  const [client] = await db
    .select({ EmployeeID: apiClients.EmployeeID })
    .from(apiClients)
    .where(and(eq(apiClients.ClientId, clientId), eq(apiClients.IsActive, true)))
    .limit(1);
  return client?.EmployeeID === employeeId;
}

export function registerAuth(app: FastifyInstance, opts: AuthOptions): AuthCache {
  const authCache = new AuthCache(opts.db, opts.key, opts.cache);
  const resolveOpts = { ...opts, authCache };
  app.decorateRequest('actor', null);
  app.decorateRequest('authSession', null);
  app.addHook('onReady', () => authCache.start());
  app.addHook('onClose', () => authCache.stop());
  // The API description (Swagger UI and its JSON) is public.
  app.addHook('onRoute', (route) => {
    if (/^\/api\/docs(\/|$)/.test(route.url)) route.config = { ...(route.config ?? {}), public: true };
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    // Only the API is guarded here: the PWA's files are public and the account form posts check the
    // session themselves.
    if (!url || !/^\/api\//i.test(url)) return;
    if (config.public) {
      if (config.optionalAuth && request.headers.authorization) {
        const known = await resolveActor(request, resolveOpts, false).catch(() => null);
        if (known) {
          request.actor = known.actor;
          request.authSession = known.session;
        }
      }
      return;
    }
    const cookieOk = !!config.allowCookie && (request.method === 'GET' || request.method === 'HEAD');
    const resolved = await resolveActor(request, resolveOpts, cookieOk);
    if (!resolved) throw unauthorized();
    const { actor } = resolved;
    request.actor = actor;
    request.authSession = resolved.session;
    if (config.permission && !actor.has(config.permission)) throw forbidden();
    if (config.anyPermission && !config.anyPermission.some((key) => actor.has(key))) throw forbidden();
  });
  return authCache;
}

/** The signed-in actor of a route that is not public. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
