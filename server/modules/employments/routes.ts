// Employment processing calls (spec 001 §7 "Employments"); see src/contract/employments.ts.
// Lists: employments:read (owner: her corporation's offices); processing: employments:process.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  EMPLOYMENTS_PROCESS,
  EMPLOYMENTS_READ,
  EmploymentEvent,
  EmploymentEventPage,
  EmploymentEventQuery,
  EmploymentEventType,
  ProcessBody,
} from '../../../src/contract/employments';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { processDirectDeposit, processEvent } from './process-service';
import { listEvents } from './queue-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const PairParams = z.object({ a: QueryInt32.positive(), b: QueryInt32.positive() });
const read = { permission: EMPLOYMENTS_READ };
const processKey = { permission: EMPLOYMENTS_PROCESS };
const tags = ['employments'];

const QUEUES = [
  {
    path: 'new-hires',
    type: EmploymentEventType.NewHire,
    what: 'New hires (from onboarding approval or created in the office)',
  },
  { path: 'terminations', type: EmploymentEventType.Termination, what: 'Terminations of employees' },
  {
    path: 'changehistory',
    type: EmploymentEventType.Change,
    what: 'Changes of pay terms (pay rate, salary, basis, frequency, job title…) and of the person (name, address)',
  },
  {
    path: 'direct-deposit',
    type: EmploymentEventType.DirectDeposit,
    what: 'Direct-deposit changes of bank accounts',
  },
] as const;

export async function employmentRoutes(app: FastifyInstance, opts: { db: Db; now?: () => Date }) {
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const queue of QUEUES)
    r.get(
      `/employments/${queue.path}`,
      {
        config: read,
        schema: {
          tags,
          summary: `${queue.what} awaiting processing with the payroll provider (status: awaiting | processed | all), paged and sorted`,
          querystring: EmploymentEventQuery,
          response: { 200: EmploymentEventPage },
        },
      },
      async (request) => listEvents({ db, actor: actorOf(request), type: queue.type, query: request.query }),
    );

  for (const queue of QUEUES.slice(0, 2))
    r.post(
      `/employments/${queue.path}/:id`,
      {
        config: processKey,
        schema: {
          tags,
          summary: `Mark a ${queue.path === 'new-hires' ? 'new hire' : 'termination'} processed ({id}: the item; Version → 409 with Current when stale or already processed)`,
          params: IdParam,
          body: ProcessBody,
          response: { 200: EmploymentEvent },
        },
      },
      async (request) =>
        processEvent({
          db,
          actor: actorOf(request),
          now,
          type: queue.type,
          id: request.params.id,
          body: request.body,
        }),
    );

  r.post(
    '/employments/changehistory/:a/:b',
    {
      config: processKey,
      schema: {
        tags,
        summary:
          'Mark a change processed ({a}: the employee, {b}: the change; Version → 409 with Current when stale or already processed)',
        params: PairParams,
        body: ProcessBody,
        response: { 200: EmploymentEvent },
      },
    },
    async (request) =>
      processEvent({
        db,
        actor: actorOf(request),
        now,
        type: EmploymentEventType.Change,
        employeeId: request.params.a,
        id: request.params.b,
        body: request.body,
      }),
  );

  r.post(
    '/employments/direct-deposit/:a/:b',
    {
      config: processKey,
      schema: {
        tags,
        summary:
          "Mark a bank account's direct-deposit change processed ({a}: the employee, {b}: the bank account; Version → 409 with Current when stale or already processed)",
        params: PairParams,
        body: ProcessBody,
        response: { 200: EmploymentEvent },
      },
    },
    async (request) =>
      processDirectDeposit({
        db,
        actor: actorOf(request),
        now,
        employeeId: request.params.a,
        bankAccountId: request.params.b,
        body: request.body,
      }),
  );
}
