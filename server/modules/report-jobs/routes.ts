// Report jobs v1 (spec 002 §7 "Report jobs v1"; src/contract/report-jobs.ts) and the live compliance
// flags of the time approvals screen. Permission `reports:compliance` within the caller's scope; a job is
// its creator's (another user's job is 404).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import {
  ComplianceDescription,
  ComplianceFlag,
  ComplianceFlagsQuery,
  ReportJob,
  ReportJobCreate,
  ReportJobPage,
  ReportJobsQuery,
  XLSX_CONTENT_TYPE,
} from '../../../src/contract/report-jobs';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { complianceFlags } from './flags';
import { createJob, deleteJob, descriptions, getJob, jobDocument, listJobs, REPORTS_KEY } from './service';

const IdParam = z.object({ id: QueryInt32.positive() });
const tags = ['report-jobs'];
const config = { permission: REPORTS_KEY };

export async function reportJobRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/report-jobs/descriptions/compliance',
    {
      config,
      schema: {
        tags,
        summary:
          'Each compliance report kind: name, the rule it checks, and whether it allows a manual date range',
        response: { 200: z.array(ComplianceDescription) },
      },
    },
    async () => descriptions(),
  );

  r.get(
    '/v1/report-jobs',
    {
      config,
      schema: {
        tags,
        summary: "The caller's report jobs, newest first (paged)",
        querystring: ReportJobsQuery,
        response: { 200: ReportJobPage },
      },
    },
    async (request) => listJobs(db, actorOf(request), request.query),
  );

  r.post(
    '/v1/report-jobs',
    {
      config,
      schema: {
        tags,
        summary:
          'Queue a compliance report job (kinds, date range, offices or corporation within the caller’s scope, output format)',
        body: ReportJobCreate,
        response: { 201: ReportJob, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const job = await createJob(db, actorOf(request), request.body);
      return reply.code(201).send(job);
    },
  );

  r.get(
    '/v1/report-jobs/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'A report job: status (Queued 1, Processing 2, Failed 3, Succeeded 4), progress, error, summary',
        params: IdParam,
        response: { 200: ReportJob, 404: ErrorBody },
      },
    },
    async (request) => getJob(db, actorOf(request), request.params.id),
  );

  r.delete(
    '/v1/report-jobs/:id',
    {
      config,
      schema: {
        tags,
        summary:
          'Cancel a queued or running job (200: it ends Failed, "Cancelled."), or remove a finished one with its document (204)',
        params: IdParam,
        response: { 200: ReportJob, 204: z.null(), 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const job = await deleteJob(db, actorOf(request), request.params.id);
      if (job) return reply.code(200).send(job);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/v1/report-jobs/:id/document',
    {
      config: { ...config, allowCookie: true },
      schema: {
        tags,
        summary:
          'The xlsx of a succeeded job (409 until it has succeeded); the session cookie is accepted for a download link',
        params: IdParam,
      },
    },
    async (request, reply) => {
      const doc = await jobDocument(db, actorOf(request), request.params.id);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(doc.content);
    },
  );

  r.get(
    '/time-approvals/compliance-flags',
    {
      config: { anyPermission: ['time:manage', 'time:approve'] },
      schema: {
        tags,
        summary:
          'Not in the spec: the compliance flags (time-entry rules) of pay periods, computed live, for the time approvals screen',
        querystring: ComplianceFlagsQuery,
        response: { 200: z.array(ComplianceFlag) },
      },
    },
    async (request) => complianceFlags(db, actorOf(request), request.query.payPeriodIds),
  );
}
