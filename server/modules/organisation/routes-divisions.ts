// Division calls (spec 000 §7 "Divisions"; spec 001 §7 "Division rotations").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DivisionItem,
  DivisionProfile,
  DivisionProfileQuery,
  DivisionQuery,
  DivisionSave,
  DivisionUpdate,
  DivisionV2,
  PayrollPolicyHistorySave,
  ProfileRotations,
  RotationAdjustment,
  RotationAdjustmentQuery,
  RotationAdjustmentResult,
  RotationsQuery,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  createDivision,
  deleteDivision,
  getDivisionV2,
  listDivisionProfiles,
  listDivisions,
  savePayrollPolicyHistory,
  updateDivision,
} from './divisions-service';
import { adjustRotations } from './rotations-adjust';
import { listRotations } from './rotations-service';
import { admin, IdParam, NoContent, read, VersionQuery } from './route-parts';

export function divisionRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // ---- divisions ------------------------------------------------------------------------------------
  const divisions = ['divisions'];
  r.get(
    '/divisions',
    {
      config: read,
      schema: {
        tags: divisions,
        summary: 'Divisions in scope',
        querystring: DivisionQuery,
        response: { 200: z.array(DivisionItem) },
      },
    },
    async (request) => listDivisions({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/v2/divisions/:id',
    {
      config: read,
      schema: {
        tags: divisions,
        summary: 'A division with its profiles, offices and modules',
        params: IdParam,
        response: { 200: DivisionV2 },
      },
    },
    async (request) => getDivisionV2({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.post(
    '/divisions',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: 'Create a division',
        body: DivisionSave,
        response: { 201: DivisionItem },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDivision({ db, actor: actorOf(request), body: request.body })),
  );
  r.put(
    '/divisions/:id',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: 'Save a division (409 with Current when Version is stale)',
        params: IdParam,
        body: DivisionUpdate,
        response: { 200: DivisionItem },
      },
    },
    async (request) =>
      updateDivision({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.delete(
    '/divisions/:id',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: 'Delete a division no office or employee uses (409 otherwise)',
        params: IdParam,
        querystring: VersionQuery,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await deleteDivision({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );
  r.get(
    '/division-profiles',
    {
      config: read,
      schema: {
        tags: divisions,
        summary: 'Division profiles with their payroll policy history',
        querystring: DivisionProfileQuery,
        response: { 200: z.array(DivisionProfile) },
      },
    },
    async (request) => listDivisionProfiles({ db, actor: actorOf(request), query: request.query }),
  );
  r.put(
    '/division-profiles/:id/payroll-policy-history',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: "Save a profile's payroll policy history (dates in order, no overlap; 409 when stale)",
        params: IdParam,
        body: PayrollPolicyHistorySave,
        response: { 200: DivisionProfile },
      },
    },
    async (request) =>
      savePayrollPolicyHistory({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.get(
    '/division-profiles/rotations',
    {
      config: read,
      schema: {
        tags: divisions,
        summary:
          'Rotations (pay-period windows) of division profiles, with their pay periods and time entries',
        querystring: RotationsQuery,
        response: { 200: z.array(ProfileRotations) },
      },
    },
    async (request) => listRotations({ db, actor: actorOf(request), query: request.query }),
  );
  r.patch(
    '/division-profiles/:id/rotations',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary:
          'Rotation adjustment: adjusted, new and deleted rotations move, create and delete their pay periods (?preview=true saves nothing)',
        params: IdParam,
        querystring: RotationAdjustmentQuery,
        body: RotationAdjustment,
        response: { 200: RotationAdjustmentResult },
      },
    },
    async (request) =>
      adjustRotations({
        db,
        actor: actorOf(request),
        id: request.params.id,
        body: request.body,
        preview: request.query.preview === 'true',
      }),
  );
}
