// Pay stub calls (spec 001 §7 "Pay stubs"; src/contract/pay-stubs.ts). Permission: payStubs:readOwn
// (own stubs), payStubs:read or payroll:read (stubs of employees in scope); the services decide
// whose stubs and which payrolls' (stubs-service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  CompareQuery,
  PayPeriodChangeRecord,
  PayStub,
  WeekParams,
  WeekPdfQuery,
  WeekQuery,
} from '../../../src/contract/pay-stubs';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { compareStub } from './compare-service';
import { renderEarningsStatementPdf, renderPayStubPdf } from './pdf';
import { listStubs, PAYROLL_READ, READ, READ_OWN, weekStubs } from './stubs-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const config = { anyPermission: [READ_OWN, READ, PAYROLL_READ] };
const tags = ['pay-stubs'];

export async function payStubRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/pay-stubs/employee/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "An employee's pay stubs, newest first (the employee: released payrolls only; payroll readers also see payrolls in progress)",
        params: IdParam,
        response: { 200: z.array(PayStub) },
      },
    },
    async (request) => listStubs({ db, actor: actorOf(request), employeeId: request.params.id }),
  );

  r.get(
    '/pay-stubs/employee/:id/week/:week',
    {
      config,
      schema: {
        tags,
        summary:
          'The pay stubs of one pay week (YYYYWW, ISO week of the pay period start) at one corporation; 404 when none',
        params: WeekParams,
        querystring: WeekQuery,
        response: { 200: z.array(PayStub) },
      },
    },
    async (request) =>
      weekStubs({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        week: request.params.week,
        icdCorporationId: request.query.icdCorporationID,
      }),
  );

  r.get(
    '/pay-stubs/employee/:id/week/:week/pdf',
    {
      config: { ...config, allowCookie: true },
      schema: {
        tags,
        summary:
          'The same stubs as a PDF, by browser navigation (session cookie accepted); isPayStub=false gives the earnings statement',
        params: WeekParams,
        querystring: WeekPdfQuery,
      },
    },
    async (request, reply) => {
      const stubs = await weekStubs({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        week: request.params.week,
        icdCorporationId: request.query.icdCorporationID,
      });
      const pdf = request.query.isPayStub
        ? await renderPayStubPdf(stubs)
        : await renderEarningsStatementPdf({ ...stubs[0], Subtitle: `Pay week ${stubs[0].WeekNumber}` });
      const name = `${request.query.isPayStub ? 'pay-stub' : 'earnings-statement'}-${request.params.id}-${request.params.week}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  r.get(
    '/pay-stubs/employee/:id/compare',
    {
      config,
      schema: {
        tags,
        summary:
          "Not in the spec: the change record between two versions of a pay period's stub (default: the latest and the one before), each difference with why it moved",
        params: IdParam,
        querystring: CompareQuery,
        response: { 200: PayPeriodChangeRecord },
      },
    },
    async (request) =>
      compareStub({
        db,
        actor: actorOf(request),
        employeeId: request.params.id,
        payPeriodId: request.query.payPeriodId,
        left: request.query.left,
        right: request.query.right,
        all: request.query.all,
      }),
  );
}
