import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TokenRequest } from '../../../src/contract/auth';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import { Grant, PermissionDescription } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { permissions } from '../../db/tables';
import { forbidden, notFound } from '../../errors';
import { actorOf, sessionHashOf } from '../../plugins/auth';
import { loadActor } from '../access/service';
import { issueToken, type SessionPolicy } from './service';

export async function authRoutes(
  app: FastifyInstance,
  opts: { db: Db; key: Uint8Array; policy: SessionPolicy },
) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth/token',
    {
      config: { public: true, idempotent: false },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the session (clientId apex-pwa) or a client id + secret for a short-lived JWT',
        body: TokenRequest,
        response: { 200: z.string(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const token = await issueToken({
        db,
        key: opts.key,
        clientId: request.body.clientId,
        clientSecret: request.body.clientSecret,
        sessionHash: sessionHashOf(request),
        policy: opts.policy,
      });
      // A JSON string, as the spec's client expects (Fastify would send a bare string as text).
      return reply
        .type('application/json; charset=utf-8')
        .serializer((v) => JSON.stringify(v))
        .send(token);
    },
  );

  r.get(
    '/auth/permissions',
    {
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's grants, or another user's (employeeId, needs admin:permissions)",
        querystring: z.object({ employeeId: QueryInt32.positive().optional() }),
        response: { 200: z.array(Grant) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { employeeId } = request.query;
      if (!employeeId || employeeId === actor.EmployeeID) return actor.grants;
      if (!actor.has('admin:permissions')) throw forbidden();
      const other = await loadActor(db, employeeId);
      if (!other) throw notFound('The employee');
      return other.grants;
    },
  );

  r.get(
    '/permissions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Permission descriptions',
        response: { 200: z.array(PermissionDescription) },
      },
    },
    async () => db.select().from(permissions).orderBy(asc(permissions.Key)),
  );
}
