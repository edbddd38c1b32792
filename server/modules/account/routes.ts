// The account form posts (spec 000 §7: sign-in, sign-out, proxy and renew work through forms on the
// page). A plain form post gets a redirect; the PWA posts the same form with Accept: application/json
// and gets JSON, so it can show errors in place.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginForm, ResetPasswordComplete } from '../../../src/contract/auth';
import { QueryInt32 } from '../../../src/contract/common';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isCrossSite, safeReturnUrl, wantsJson } from '../../http';
import { sessionHashOf } from '../../plugins/auth';
import { recordAccessAudit } from '../access/audit';
import { loadActor } from '../access/service';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, deviceCookieWith, knownDeviceUsers } from '../auth/devices';
import {
  activeSession,
  createSession,
  hashSessionId,
  renewSession,
  revokeSession,
  SESSION_COOKIE,
  type SessionPolicy,
  sessionExpiry,
  signIn,
} from '../auth/service';
import { completePasswordReset } from '../home/service';

const ORIGIN_COOKIE = 'apex_origin_session';

export interface AccountOptions {
  db: Db;
  policy: SessionPolicy;
  costLog2: number;
  /** Signs the known-device cookie (the API token key). */
  key: Uint8Array;
  /** The configured public origin (PUBLIC_URL): form posts from it are same-origin. */
  publicUrl: string;
}

/** The message of a form post refused because it came from another site. */
export const CROSS_SITE_MESSAGE = 'This form can only be sent from Apex itself.';

export async function accountRoutes(app: FastifyInstance, opts: AccountOptions) {
  const { db, policy } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Each route here answers with a session cookie: an Idempotency-Key never replays one.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), idempotent: false };
  });

  // Every route here acts on the session cookie: a post from another site is refused (on top of the
  // SameSite=Lax cookie), so a page elsewhere cannot sign a browser in, out or into a proxy session.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && isCrossSite(request, opts.publicUrl))
      throw new AppError(403, CROSS_SITE_MESSAGE);
  });

  const cookieOptions = (request: FastifyRequest, expires?: Date) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(expires ? { expires } : {}),
  });

  const setSession = (request: FastifyRequest, reply: FastifyReply, sessionId: string, expiresAt: Date) =>
    reply.setCookie(SESSION_COOKIE, sessionId, cookieOptions(request, expiresAt));

  r.post(
    '/account/login',
    { config: { public: true }, schema: { hide: true, body: LoginForm } },
    async (request, reply) => {
      const { UserName, Password, returnUrl } = request.body;
      const back = safeReturnUrl(returnUrl);
      const userName = UserName.trim().toLowerCase();
      const deviceCookie = request.cookies[DEVICE_COOKIE];
      try {
        const session = await signIn({
          db,
          userName: UserName,
          password: Password,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          policy,
          costLog2: opts.costLog2,
          knownDevice: knownDeviceUsers(opts.key, deviceCookie).includes(userName),
        });
        // Any earlier session of this browser ends here (a new id at every sign-in).
        const previous = sessionHashOf(request);
        if (previous) await revokeSession(db, previous);
        setSession(request, reply, session.sessionId, session.expiresAt);
        reply.setCookie(
          DEVICE_COOKIE,
          deviceCookieWith(opts.key, deviceCookie, userName),
          cookieOptions(request, new Date(Date.now() + DEVICE_COOKIE_DAYS * 86_400_000)),
        );
        if (wantsJson(request)) return reply.send({ returnUrl: back });
        return reply.redirect(back, 303);
      } catch (err) {
        if (!(err instanceof AppError) || wantsJson(request)) throw err;
        const reason =
          err.status === 429 ? `locked&retryAfter=${err.extra.headers?.['Retry-After'] ?? ''}` : 'invalid';
        if (err.status === 429) reply.header('Retry-After', err.extra.headers?.['Retry-After'] ?? '60');
        return reply.redirect(`/account/login?error=${reason}&returnUrl=${encodeURIComponent(back)}`, 303);
      }
    },
  );

  r.post('/account/logout', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const hash = sessionHashOf(request);
    if (hash) await revokeSession(db, hash);
    const origin = request.cookies[ORIGIN_COOKIE];
    if (origin) {
      await revokeSession(db, hashSessionId(origin));
      reply.clearCookie(ORIGIN_COOKIE, { path: '/' });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (wantsJson(request)) return reply.code(204).send();
    return reply.redirect('/account/login', 303);
  });

  r.post('/account/renew', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const hash = sessionHashOf(request);
    const session = hash ? await renewSession(db, hash, policy) : null;
    if (!session) throw new AppError(401, 'Your session has ended. Sign in again.');
    return reply.send({ SessionExpiresAt: sessionExpiry(session, policy).toISOString() });
  });

  r.post(
    '/account/reset-password',
    { config: { public: true }, schema: { hide: true, body: ResetPasswordComplete } },
    async (request, reply) => {
      await completePasswordReset({
        db,
        token: request.body.token,
        password: request.body.Password,
        costLog2: opts.costLog2,
      });
      if (wantsJson(request))
        return reply.send({ Message: 'Your password was changed. Sign in with it now.' });
      return reply.redirect('/account/login?reset=1', 303);
    },
  );

  // Proxy (impersonation) sign-in by user id: needs admin:proxy; the original session is kept aside
  // and comes back at proxy sign-out.
  r.post(
    '/account/proxy/login',
    {
      config: { public: true },
      schema: { hide: true, body: z.object({ EmployeeID: QueryInt32.positive() }) },
    },
    async (request, reply) => {
      const hash = sessionHashOf(request);
      const session = hash ? await activeSession(db, hash, policy) : null;
      const actor = session ? await loadActor(db, session.EmployeeID) : null;
      if (!session || !actor) throw new AppError(401, 'Sign in to continue.');
      if (session.ProxyByEmployeeID) throw new AppError(409, 'Sign out of the proxy session first.');
      if (!actor.has('admin:proxy')) throw new AppError(403, 'You do not have permission to do this.');
      const target = await loadActor(db, request.body.EmployeeID);
      if (!target) throw new AppError(404, 'The employee was not found.');
      if (target.EmployeeID === actor.EmployeeID)
        throw new AppError(400, 'You are signed in as yourself already.');
      // Nobody gains through a proxy session a capability they do not hold themselves.
      if (target.grants.some((g) => target.has(g.Description.Key) && !actor.has(g.Description.Key)))
        throw new AppError(403, 'You cannot sign in as someone who may do more than you.');
      const proxy = await createSession(
        db,
        target.EmployeeID,
        actor.EmployeeID,
        policy,
        new Date(),
        request.headers['user-agent'],
        request.ip,
      );
      await recordAccessAudit(db, {
        action: 'ProxySignIn',
        by: { EmployeeID: actor.EmployeeID, ProxyByEmployeeID: null },
        employeeId: target.EmployeeID,
        detail: { Ip: request.ip },
      });
      reply.setCookie(ORIGIN_COOKIE, request.cookies[SESSION_COOKIE]!, cookieOptions(request));
      setSession(request, reply, proxy.sessionId, proxy.expiresAt);
      if (wantsJson(request)) return reply.send({ returnUrl: '/' });
      return reply.redirect('/', 303);
    },
  );

  r.post(
    '/account/proxy/logout',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const hash = sessionHashOf(request);
      const ending = hash ? await activeSession(db, hash, policy) : null;
      if (hash) await revokeSession(db, hash);
      if (ending?.ProxyByEmployeeID)
        await recordAccessAudit(db, {
          action: 'ProxySignOut',
          by: { EmployeeID: ending.ProxyByEmployeeID, ProxyByEmployeeID: null },
          employeeId: ending.EmployeeID,
        });
      const origin = request.cookies[ORIGIN_COOKIE];
      reply.clearCookie(ORIGIN_COOKIE, { path: '/' });
      if (origin) reply.setCookie(SESSION_COOKIE, origin, cookieOptions(request));
      else reply.clearCookie(SESSION_COOKIE, { path: '/' });
      if (wantsJson(request)) return reply.send({ returnUrl: '/' });
      return reply.redirect('/', 303);
    },
  );
}
