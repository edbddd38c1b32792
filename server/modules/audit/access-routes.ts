// The access audit trail (src/contract/access-audit.ts): GET /access-audit (paged, filtered, newest
// first) and GET /access-audit/employees (the people in it, for the filters). Both need audit:read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccessAuditPage, AccessAuditPerson, AccessAuditQuery } from '../../../src/contract/access-audit';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { listAccessAudit, listAccessAuditPeople } from './access-audit';

const tags = ['audit'];
const config = { permission: 'audit:read' };

export async function accessAuditRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/access-audit',
    {
      config,
      schema: {
        tags,
        summary:
          'Who changed whose access and when: proxy sign-ins, roles, employee and claim permissions, imports, onboarding',
        querystring: AccessAuditQuery,
        response: { 200: AccessAuditPage },
      },
    },
    async (request) => {
      const { pageIndex, pageSize, ...filters } = request.query;
      return listAccessAudit({ db, actor: actorOf(request), filters, pageIndex, pageSize });
    },
  );

  r.get(
    '/access-audit/employees',
    {
      config,
      schema: {
        tags,
        summary: 'The people in the access audit trail (subject, actor or proxy), for the filters',
        response: { 200: z.array(AccessAuditPerson) },
      },
    },
    async (request) => listAccessAuditPeople({ db, actor: actorOf(request) }),
  );
}
