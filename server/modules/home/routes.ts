import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Dashboard, DashboardQuery, EmployeeIdentity } from '../../../src/contract/access';
import {
  DEFAULT_PASSWORD_POLICY,
  Identity,
  PasswordPolicy,
  ResetPasswordQuery,
} from '../../../src/contract/auth';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import {
  APP_STATES,
  listedForApplicant,
  NAV_ENTRIES,
  NavigationModule,
  StatePermission,
} from '../../../src/contract/navigation';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isCrossSite } from '../../http';
import { actorOf } from '../../plugins/auth';
import { dashboardsFor, employeeIdentity } from '../access/identity';
import { CROSS_SITE_MESSAGE } from '../account/routes';
import { type SessionPolicy, sessionExpiry } from '../auth/service';
import { requestPasswordReset } from './service';

export async function homeRoutes(
  app: FastifyInstance,
  opts: { db: Db; policy: SessionPolicy; publicUrl: string },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Home/identity',
    { schema: { tags: ['home'], summary: 'Who is signed in', response: { 200: Identity } } },
    async (request) => {
      const actor = actorOf(request);
      // The session as the auth hook accepted (and touched) it a moment ago.
      const session = request.authSession;
      return {
        EmployeeID: actor.EmployeeID,
        UserName: actor.UserName,
        FirstName: actor.FirstName,
        LastName: actor.LastName,
        FullName: `${actor.FirstName} ${actor.LastName}`,
        EmailAddress: actor.EmailAddress,
        IsProxy: actor.ProxyByEmployeeID !== null,
        ProxyEmployeeID: actor.ProxyByEmployeeID,
        SessionExpiresAt: (session ? sessionExpiry(session, opts.policy) : new Date()).toISOString(),
      };
    },
  );

  r.get(
    '/Home/employee-identity/:id',
    {
      schema: {
        tags: ['home'],
        summary:
          "An employee's identity: oneself, the administrator behind one's proxy session, or someone in the caller's employees:read or admin:permissions scope",
        params: z.object({ id: QueryInt32.positive() }),
        response: { 200: EmployeeIdentity, 404: ErrorBody },
      },
    },
    async (request) => employeeIdentity(db, actorOf(request), request.params.id),
  );

  r.get(
    '/home/dashboards',
    {
      schema: {
        tags: ['home'],
        summary: 'The dashboards the user may open, filtered by module id, title or dashboard id',
        querystring: DashboardQuery,
        response: { 200: z.array(Dashboard) },
      },
    },
    async (request) => dashboardsFor(actorOf(request), request.query),
  );

  r.get(
    '/home/permissions',
    {
      schema: {
        tags: ['home'],
        summary: 'Every state with its permission key and whether the user may read it',
        response: { 200: z.array(StatePermission) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return APP_STATES.map((s) => ({
        Name: s.Name,
        PermissionKey: s.PermissionKey,
        CanRead: s.AllowAnonymous || s.SkipGuard || s.PermissionKey === null || actor.has(s.PermissionKey),
      }));
    },
  );

  r.get(
    '/Home/navigation-modules',
    {
      schema: {
        tags: ['home'],
        summary: 'The sidebar entries the user may open',
        response: { 200: z.array(NavigationModule) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const applicant = actor.has(ONBOARDING_PERMISSION);
      return NAV_ENTRIES.filter(
        (e) =>
          (e.PermissionKey === null || actor.has(e.PermissionKey)) &&
          listedForApplicant(e.PermissionKey, applicant),
      ).map((e) => ({
        ModuleID: e.ModuleID,
        Name: e.Name,
        State: e.State,
        Url: e.Url,
        Icon: e.Icon,
        Group: e.Group,
      }));
    },
  );

  r.get(
    '/home/password-validator',
    {
      config: { public: true },
      schema: { tags: ['home'], summary: 'The password policy', response: { 200: PasswordPolicy } },
    },
    async () => DEFAULT_PASSWORD_POLICY,
  );

  r.post(
    '/home/reset-password',
    {
      config: { public: true },
      schema: {
        tags: ['home'],
        summary: 'Mail a password reset link when the user name and e-mail address match',
        querystring: ResetPasswordQuery,
        response: {
          200: z.object({ Message: z.string() }),
          403: ErrorBody,
          429: ErrorBody.extend({ RetryAfterSeconds: z.number().int() }),
        },
      },
    },
    async (request) => {
      if (isCrossSite(request, opts.publicUrl)) throw new AppError(403, CROSS_SITE_MESSAGE);
      return requestPasswordReset({
        db,
        userName: request.query.userName,
        emailAddress: request.query.emailAddress,
        publicUrl: opts.publicUrl,
        ip: request.ip,
      });
    },
  );
}
