// SGI ids of employees (spec 001 §7 "Onboarding"; src/contract/onboarding.ts): the history of the
// employees in the caller's offices, added and deleted, and the report of the id in force on a day.
// Permission onboarding:manage, within the caller's offices.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmployeeSgiId,
  EmployeeSgiIdSave,
  SgiHistoryQuery,
  SgiReportQuery,
  SgiReportRow,
} from '../../../src/contract/onboarding';
import { actorOf } from '../../plugins/auth';
import { IdParam, manage, type OnboardingRouteDeps, tags } from './route-parts';
import { addSgiId, deleteSgiId, sgiHistory, sgiReport } from './sgi-service';

export async function sgiRoutes(app: FastifyInstance, deps: OnboardingRouteDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/employee-sgi-id-history',
    {
      config: manage,
      schema: {
        tags,
        summary: 'SGI ids of the employees in the caller’s offices (or of one: employeeId), latest first',
        querystring: SgiHistoryQuery,
        response: { 200: z.array(EmployeeSgiId) },
      },
    },
    async (request) => sgiHistory(db, actorOf(request), request.query.employeeId),
  );

  r.post(
    '/employee-sgi-id-history',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Give an employee an SGI id from a day (409: one already takes effect that day)',
        body: EmployeeSgiIdSave,
        response: { 201: EmployeeSgiId },
      },
    },
    async (request, reply) => reply.code(201).send(await addSgiId(db, actorOf(request), request.body)),
  );

  r.delete(
    '/employee-sgi-id-history/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an SGI id of the history',
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSgiId(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/sgi-id-report',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Each employee’s SGI id in force on asOf (default today, UTC), optionally for one office',
        querystring: SgiReportQuery,
        response: { 200: z.array(SgiReportRow) },
      },
    },
    async (request) =>
      sgiReport(db, actorOf(request), {
        icdOfficeId: request.query.icdOfficeId,
        asOf: request.query.asOf ?? new Date().toISOString().slice(0, 10),
      }),
  );
}
