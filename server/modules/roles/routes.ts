// Roles calls (spec 002 §7 "Roles"): GET roles (names, for pickers); v2/roles CRUD (admin:permissions).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import { Role, RoleDetail, RoleSave, RoleSummary, RoleUpdate } from '../../../src/contract/roles';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { ADMIN_PERMISSIONS } from '../access/scope';
import { createRole, deleteRole, getRole, listRoleSummaries, listRoles, updateRole } from './service';

const tags = ['roles'];
const IdParam = z.object({ id: QueryInt32.positive() });
const admin = { permission: ADMIN_PERMISSIONS };
const Conflict = ErrorBody.extend({ Current: RoleDetail.optional() });

export async function roleRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/roles',
    {
      config: { anyPermission: [ADMIN_PERMISSIONS, 'employees:read'] },
      schema: {
        tags,
        summary: 'Every role but the hidden ones, by name',
        response: { 200: z.array(RoleSummary) },
      },
    },
    async () => listRoleSummaries(db),
  );

  r.get(
    '/v2/roles',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every role with its scope, grant type and how many hold it',
        response: { 200: z.array(Role) },
      },
    },
    async () => listRoles(db),
  );

  r.get(
    '/v2/roles/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A role with its permissions',
        params: IdParam,
        response: { 200: RoleDetail, 404: ErrorBody },
      },
    },
    async (request) => getRole(db, request.params.id),
  );

  r.post(
    '/v2/roles',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a role (scope, grant type, permissions)',
        body: RoleSave,
        response: { 201: RoleDetail, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await createRole(db, actorOf(request), request.body)),
  );

  r.put(
    '/v2/roles/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Save a role (409 with Current when Version is stale)',
        params: IdParam,
        body: RoleUpdate,
        response: { 200: RoleDetail, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: Conflict },
      },
    },
    async (request) => updateRole(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/v2/roles/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a role nobody holds (409 when held or when version is stale)',
        params: IdParam,
        querystring: z.object({ version: QueryInt32.optional() }),
        response: { 204: z.null(), 404: ErrorBody, 409: Conflict },
      },
    },
    async (request, reply) => {
      await deleteRole(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
}
