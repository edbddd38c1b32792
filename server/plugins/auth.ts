// Authentication and the permission check of every route. A route declares in its config either
// `public: true`, or the permission key it needs (`permission`), or nothing (any signed-in user).
// API calls authenticate with the Bearer token; GET navigations (downloads) may use the session cookie.

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { apiClients } from '../db/tables';
import { forbidden, unauthorized } from '../errors';
import { type Actor, loadActor, loadSessionActor } from '../modules/access/service';
import {
  acceptSession,
  activeSession,
  hashSessionId,
  SESSION_COOKIE,
  type SessionPolicy,
} from '../modules/auth/service';
import { verifyToken } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permission?: string;
    /** The route needs at least one of these keys (the service then decides whose rows are seen). */
    anyPermission?: readonly string[];
    /** Let a GET be authenticated by the session cookie alone (browser navigation, e.g. downloads). */
    allowCookie?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export interface AuthOptions {
  db: Db;
  key: Uint8Array;
  policy: SessionPolicy;
}

export function sessionHashOf(request: FastifyRequest): string | null {
  const raw = request.cookies?.[SESSION_COOKIE];
  return raw ? hashSessionId(raw) : null;
}

export async function resolveActor(request: FastifyRequest, opts: AuthOptions, allowCookie: boolean) {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const claims = await verifyToken(opts.key, header.slice(7).trim());
    if (!claims) return null;
    const employeeId = Number(claims.sub);
    if (!Number.isSafeInteger(employeeId) || employeeId <= 0) return null;
    if (!claims.sid) {
      // A registered API client's token: trusted only while that client is still active and still
      // acts as the token's user. A token naming neither a session nor a client is refused.
      if (!claims.cid || !(await apiClientActive(opts.db, claims.cid, employeeId))) return null;
      return loadActor(opts.db, employeeId, { SessionHash: null, ProxyByEmployeeID: null });
    }
    // The token's session and its user's access: one read.
    const read = await loadSessionActor(opts.db, employeeId, claims.sid);
    // The session found by its hash must be the token's user's (a token cannot borrow another's).
    if (read.session && read.session.EmployeeID !== employeeId) return null;
    const session = await acceptSession(opts.db, read.session, opts.policy);
    if (!session) return null;
    return read.actor({ SessionHash: claims.sid, ProxyByEmployeeID: session.ProxyByEmployeeID });
  }
  if (!allowCookie) return null;
  const hash = sessionHashOf(request);
  const session = hash ? await activeSession(opts.db, hash, opts.policy) : null;
  if (!session) return null;
  return loadActor(opts.db, session.EmployeeID, {
    SessionHash: session.SessionHash,
    ProxyByEmployeeID: session.ProxyByEmployeeID,
  });
}

async function apiClientActive(db: Db, clientId: string, employeeId: number): Promise<boolean> {
  const [client] = await db
    .select({ EmployeeID: apiClients.EmployeeID })
    .from(apiClients)
    .where(and(eq(apiClients.ClientId, clientId), eq(apiClients.IsActive, true)))
    .limit(1);
  return client?.EmployeeID === employeeId;
}

export function registerAuth(app: FastifyInstance, opts: AuthOptions): void {
  app.decorateRequest('actor', null);
  // The API description (Swagger UI and its JSON) is public.
  app.addHook('onRoute', (route) => {
    if (/^\/api\/docs(\/|$)/.test(route.url)) route.config = { ...(route.config ?? {}), public: true };
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    // Only the API is guarded here: the PWA's files are public and the account form posts check the
    // session themselves.
    if (!url || config.public || !/^\/api\//i.test(url)) return;
    const cookieOk = !!config.allowCookie && (request.method === 'GET' || request.method === 'HEAD');
    const actor = await resolveActor(request, opts, cookieOk);
    if (!actor) throw unauthorized();
    request.actor = actor;
    if (config.permission && !actor.has(config.permission)) throw forbidden();
    if (config.anyPermission && !config.anyPermission.some((key) => actor.has(key))) throw forbidden();
  });
}

/** The signed-in actor of a route that is not public. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
