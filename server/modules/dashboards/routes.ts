// The role dashboards' data (beyond the spec; listed by GET home/dashboards): one call each, behind
// its permission key (src/contract/dashboards.ts ROLE_DASHBOARDS), scoped to the offices that key
// reaches. Figures are computed at `now()` (the server's clock; tests inject one).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ManagerDay, OwnerWeek, PayrollQueue } from '../../../src/contract/dashboards';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { MANAGER_DAY_KEY, managerDay } from './manager-day';
import { OWNER_WEEK_KEY, ownerWeek } from './owner-week';
import { PAYROLL_QUEUE_KEY, payrollQueue } from './payroll-queue';

const tags = ['home'];

export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db; now?: () => Date }) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/dashboards/home/manager-day',
    {
      config: { permission: MANAGER_DAY_KEY },
      schema: {
        tags,
        summary:
          "The manager's day: who is clocked in now, today's open schedule places, time awaiting approval (offices where the caller approves time)",
        response: { 200: ManagerDay },
      },
    },
    async (request) => managerDay(db, actorOf(request), now()),
  );

  r.get(
    '/dashboards/home/owner-week',
    {
      config: { permission: OWNER_WEEK_KEY },
      schema: {
        tags,
        summary:
          'The week so far: hours, pay cost of the current pay window, orders and installs, leads worked (offices where the caller reads payroll)',
        response: { 200: OwnerWeek },
      },
    },
    async (request) => ownerWeek(db, actorOf(request), now()),
  );

  r.get(
    '/dashboards/home/payroll-queue',
    {
      config: { permission: PAYROLL_QUEUE_KEY },
      schema: {
        tags,
        summary:
          "Payroll's queue: pay periods awaiting approval or lock, payrolls to calculate or lock, late adjustments, manual submissions, applications to review",
        response: { 200: PayrollQueue },
      },
    },
    async (request) => payrollQueue(db, actorOf(request), now()),
  );
}
