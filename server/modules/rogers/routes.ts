// Rogers dashboards and reports (src/contract/rogers.ts). Permission `reports:read` on every route;
// the services apply the office and corporation scope (server/modules/rogers/scope.ts). Each
// dashboard and report has its own path, as the specification names them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  DashboardQuery,
  RefreshJobSave,
  ROGERS_DASHBOARD_IDS,
  ROGERS_REPORT_IDS,
  RogersDashboard,
  RogersReport,
  RogersReportId,
  RogersReportInfo,
  RogersReportJob,
  RogersReportQuery,
} from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { DASHBOARD_TEXT, rogersDashboard } from './dashboards-service';
import { createJob, readJob, refreshJob } from './jobs-service';
import { REPORTS, reportList, reportWorkbook, runReport } from './reports-service';
import { READ } from './scope';

const IdParam = z.object({ id: QueryInt32.positive() });
const ExportParam = z.object({ reportId: RogersReportId });
const read = { permission: READ };
const tags = ['rogers-reports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function rogersRoutes(app: FastifyInstance, opts: { db: Db; now?: () => Date }) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const id of ROGERS_DASHBOARD_IDS)
    r.get(
      `/dashboards/rogers/${id}`,
      {
        config: read,
        schema: {
          tags,
          summary: `${DASHBOARD_TEXT[id].Title}: ${DASHBOARD_TEXT[id].Description}`,
          querystring: DashboardQuery,
          response: { 200: RogersDashboard },
        },
      },
      async (request) =>
        rogersDashboard({ db, actor: actorOf(request), id, query: request.query, now: now() }),
    );

  r.get(
    '/reports/rogers',
    {
      config: read,
      schema: {
        tags,
        summary: 'The Rogers reports the caller may run, with their filters',
        response: { 200: z.array(RogersReportInfo) },
      },
    },
    async (request) => reportList(actorOf(request)),
  );

  for (const id of ROGERS_REPORT_IDS)
    r.get(
      `/reports/rogers/${id}`,
      {
        config: read,
        schema: {
          tags,
          summary: `${REPORTS[id].Title}: ${REPORTS[id].Description} Filters: ${REPORTS[id].Filters.join(', ')}.`,
          querystring: RogersReportQuery,
          response: { 200: RogersReport },
        },
      },
      async (request) => runReport({ db, actor: actorOf(request), id, query: request.query, now: now() }),
    );

  r.get(
    '/reports/rogers/export/:reportId',
    {
      config: { ...read, allowCookie: true },
      schema: {
        tags,
        summary: 'A Rogers report as an xlsx workbook (browser download; same filters as the report)',
        params: ExportParam,
        querystring: RogersReportQuery,
        response: { 200: z.any().describe(XLSX) },
      },
    },
    async (request, reply) => {
      const report = await runReport({
        db,
        actor: actorOf(request),
        id: request.params.reportId,
        query: request.query,
        now: now(),
      });
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${request.params.reportId}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(await reportWorkbook(report));
    },
  );

  r.post(
    '/reports/rogers/create-job-live-payout-report',
    {
      config: read,
      schema: {
        tags,
        summary: 'Queue the live payout report as a job (read it at reports/rogers/report-jobs/{id})',
        body: RogersReportQuery.default({}),
        response: { 201: RogersReportJob },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createJob(db, actorOf(request), 'live-payout-report', request.body, now());
    },
  );

  r.post(
    '/reports/rogers/create-refresh-report-job',
    {
      config: read,
      schema: {
        tags,
        summary: 'Queue any Rogers report as a job that keeps its result until refreshed',
        body: RefreshJobSave,
        response: { 201: RogersReportJob },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createJob(db, actorOf(request), request.body.ReportID, request.body.Query, now());
    },
  );

  r.post(
    '/reports/rogers/refresh-report-job-data/:id',
    {
      config: read,
      schema: {
        tags,
        summary: "Queue a report job again: its data is computed anew (the caller's own jobs)",
        params: IdParam,
        response: { 200: RogersReportJob },
      },
    },
    async (request) => refreshJob(db, actorOf(request), request.params.id),
  );

  r.get(
    '/reports/rogers/report-jobs/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A Rogers report job (polled by the job tracker); a queued job is run by this read',
        params: IdParam,
        response: { 200: RogersReportJob },
      },
    },
    async (request) => readJob(db, actorOf(request), request.params.id, now()),
  );
}
