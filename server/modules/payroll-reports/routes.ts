// Payroll reports (src/contract/payroll-reports.ts): statement of earnings, program/store pairs,
// summary, analysis, NCR summary, inquiry and financials. Permission `payroll:read`; the services
// apply the corporation and office scope (server/modules/payroll-reports/scope.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  Financials,
  FinancialsQuery,
  InquiryQuery,
  NcrQuery,
  NcrSummary,
  PayrollAnalysis,
  PayrollInquiryRow,
  PayrollSummary,
  ProgramFinancials,
  ProgramFinancialsQuery,
  ProgramStorePair,
  StatementOfEarnings,
  StatementQuery,
  SummaryQuery,
} from '../../../src/contract/payroll-reports';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { payrollAnalysis, payrollInquiry, payrollSummary } from './analysis-service';
import { financials, ncrSummary, programFinancials } from './financials-service';
import { READ } from './scope';
import { activeProgramStorePairs, statementOfEarnings } from './statement-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const read = { permission: READ };
const tags = ['payroll-reports'];

export async function payrollReportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/payroll/:id/statement-of-earnings',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A payroll's earnings lines per employee (spec order, 'Commission Piece #N' lines), optionally for one program/store pair or employee",
        params: IdParam,
        querystring: StatementQuery,
        response: { 200: StatementOfEarnings },
      },
    },
    async (request) =>
      statementOfEarnings({ db, actor: actorOf(request), id: request.params.id, query: request.query }),
  );

  r.get(
    '/payroll/:id/active-program-store-pairs',
    {
      config: read,
      schema: {
        tags,
        summary: 'Program/store pairs with time worked in the payroll, with their hours and people',
        params: IdParam,
        response: { 200: z.array(ProgramStorePair) },
      },
    },
    async (request) => activeProgramStorePairs({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/payrolls/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Totals per payroll whose window overlaps the dates (program, owner filters)',
        querystring: SummaryQuery,
        response: { 200: PayrollSummary },
      },
    },
    async (request) => payrollSummary({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/payrolls/inquiry',
    {
      config: read,
      schema: {
        tags,
        summary: 'Payrolls whose window overlaps the dates, with their flags, entry count and gross',
        querystring: InquiryQuery,
        response: { 200: z.array(PayrollInquiryRow) },
      },
    },
    async (request) => payrollInquiry({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/payrolls/financials',
    {
      config: read,
      schema: {
        tags,
        summary: 'Gross pay, wages, commission and premiums per month (pay date), division and corporation',
        querystring: FinancialsQuery,
        response: { 200: Financials },
      },
    },
    async (request) => financials({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/payrolls/financials-program',
    {
      config: read,
      schema: {
        tags,
        summary: 'Hours and pay attributed to each program (by the share of hours worked there) per month',
        querystring: ProgramFinancialsQuery,
        response: { 200: ProgramFinancials },
      },
    },
    async (request) => programFinancials({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/payrolls/:id/analysis',
    {
      config: read,
      schema: {
        tags,
        summary:
          "A payroll's totals per office and employee, compared with the corporation's previous payroll",
        params: IdParam,
        response: { 200: PayrollAnalysis },
      },
    },
    async (request) => payrollAnalysis({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/ncr-summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Non-commission remuneration (wages and premiums, their hours) per payroll and office',
        querystring: NcrQuery,
        response: { 200: NcrSummary },
      },
    },
    async (request) => ncrSummary({ db, actor: actorOf(request), query: request.query }),
  );
}
