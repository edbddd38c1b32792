// Audit logs (spec 001 §7 "Audit logs (GET)"; endpoints.tsv area `audit`): the eight calls, all
// paged and all needing audit:read (rows limited to the offices it reaches). See src/contract/audit.ts
// for the three views and what each `{id}` names.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEmployee, AuditLogPage, AuditLogPageQuery, AuditLogQuery } from '../../../src/contract/audit';
import { QueryInt32 } from '../../../src/contract/common';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { accessAuditRoutes } from './access-routes';
import { type AuditSubject, type AuditView, listAuditEmployees, listAuditLogs } from './service';

const tags = ['audit'];
const config = { permission: 'audit:read' };
const IdParams = z.object({ id: QueryInt32.positive() });
const PageParams = z.object({ page: QueryInt32.min(0) });

export async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The list call of a view, optionally narrowed to one employee (`{id}` in the path). */
  function list(path: string, view: AuditView, summary: string, subject?: AuditSubject['kind']) {
    if (subject) {
      r.get(
        `${path}/:id`,
        {
          config,
          schema: {
            tags,
            summary,
            params: IdParams,
            querystring: AuditLogQuery,
            response: { 200: AuditLogPage },
          },
        },
        async (request) => {
          const { pageIndex, pageSize, ...filters } = request.query;
          return listAuditLogs({
            db,
            actor: actorOf(request),
            view,
            subject: { kind: subject, id: request.params.id },
            filters,
            pageIndex,
            pageSize,
          });
        },
      );
      return;
    }
    r.get(
      path,
      { config, schema: { tags, summary, querystring: AuditLogQuery, response: { 200: AuditLogPage } } },
      async (request) => {
        const { pageIndex, pageSize, ...filters } = request.query;
        return listAuditLogs({ db, actor: actorOf(request), view, filters, pageIndex, pageSize });
      },
    );
    r.get(
      `${path}/page/:page`,
      {
        config,
        schema: {
          tags,
          summary: `${summary} ({page} is 0-based)`,
          params: PageParams,
          querystring: AuditLogPageQuery,
          response: { 200: AuditLogPage },
        },
      },
      async (request) => {
        const { pageSize, ...filters } = request.query;
        return listAuditLogs({
          db,
          actor: actorOf(request),
          view,
          filters,
          pageIndex: request.params.page,
          pageSize,
        });
      },
    );
  }

  list(
    '/audit-logs/timekeeping',
    'timekeeping',
    'Every create, edit, delete, acknowledgement and approval of time',
  );
  list(
    '/audit-logs/timekeeping/employee',
    'timekeeping',
    'The timekeeping audit of one employee (whose time it is)',
    'employee',
  );
  list(
    '/audit-logs/time-entry-modification',
    'modification',
    "Changes made to employees' time entries by someone else (managers, payroll)",
  );
  list(
    '/audit-logs/time-entry-modification/modification-employee',
    'modification',
    'Changes made by one employee (the manager or payroll processor who made them)',
    'modifiedBy',
  );
  list(
    '/audit-logs/acknowledged-modified-time-entry',
    'acknowledged',
    "The employees' acknowledgements of changes to their time",
  );
  list(
    '/audit-logs/acknowledged-modified-time-entry/acknowledged-employee',
    'acknowledged',
    'The acknowledgements of one employee',
    'acknowledgedBy',
  );

  r.get(
    '/audit-logs/employees',
    {
      config,
      schema: {
        tags,
        summary: 'The employees whose time appears in the audit logs (for the employee filter)',
        response: { 200: z.array(AuditEmployee) },
      },
    },
    async (request) => listAuditEmployees({ db, actor: actorOf(request) }),
  );

  await accessAuditRoutes(app, { db });
}
