import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BetaOpt, FeaturePreference } from '../../../src/contract/auth';
import { Int32, PagingQuery } from '../../../src/contract/common';
import { DivisionalModule, IcdModule } from '../../../src/contract/modules';
import { APP_STATES, AppState } from '../../../src/contract/navigation';
import type { Db } from '../../db/client';
import { clientErrors, divisionModules, employees, featurePreferences, modules } from '../../db/tables';
import { actorOf } from '../../plugins/auth';
import { OVERRIDABLE } from '../../plugins/method-override';
import { listMail } from '../mail/service';

export async function platformRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Method-compatibility probe (spec 000 §7): answers true when the method reached the server.
  for (const method of OVERRIDABLE) {
    r.route({
      method,
      url: `/services/shim-tests/http-${method.toLowerCase()}`,
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: `Probe: does ${method} reach the server?`,
        response: { 200: z.boolean() },
      },
      handler: async () => true,
    });
  }

  r.get(
    '/app/states',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'The named states of the PWA with their permission keys (cacheable, user-independent)',
        response: { 200: z.array(AppState) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return APP_STATES;
    },
  );

  r.get(
    '/app/features',
    {
      schema: {
        tags: ['platform'],
        summary: 'Feature preferences',
        response: { 200: z.array(FeaturePreference) },
      },
    },
    async () => {
      const rows = await db.select().from(featurePreferences).orderBy(asc(featurePreferences.Feature));
      return rows.map((f) => ({
        Feature: f.Feature,
        Option: FeaturePreference.shape.Option.parse(f.Option),
        ...(f.Description ? { Description: f.Description } : {}),
      }));
    },
  );

  r.get(
    '/icd-modules',
    {
      schema: {
        tags: ['platform'],
        summary: 'Modules (permission areas)',
        response: { 200: z.array(IcdModule) },
      },
    },
    async () => db.select().from(modules).orderBy(asc(modules.ModuleID)),
  );

  r.get(
    '/divisional-modules',
    {
      schema: {
        tags: ['platform'],
        summary: 'Which modules each division uses',
        response: { 200: z.array(DivisionalModule) },
      },
    },
    async () =>
      db
        .select()
        .from(divisionModules)
        .orderBy(asc(divisionModules.DivisionID), asc(divisionModules.ModuleID)),
  );

  r.get(
    '/employees/betaopt',
    { schema: { tags: ['platform'], summary: 'Beta participation of the user', response: { 200: BetaOpt } } },
    async (request) => {
      const [row] = await db
        .select({ betaOpt: employees.BetaOpt })
        .from(employees)
        .where(eq(employees.EmployeeID, actorOf(request).EmployeeID));
      return row;
    },
  );

  r.put(
    '/employees/betaopt',
    {
      schema: {
        tags: ['platform'],
        summary: 'Opt in or out of beta features',
        body: BetaOpt,
        response: { 200: BetaOpt },
      },
    },
    async (request) => {
      await db
        .update(employees)
        .set({ BetaOpt: request.body.betaOpt })
        .where(eq(employees.EmployeeID, actorOf(request).EmployeeID));
      return { betaOpt: request.body.betaOpt };
    },
  );

  // Public: the PWA reports anonymously so a failing report can never sign the user out; the user
  // is identified by employee id only.
  r.post(
    '/client-errors',
    {
      config: { public: true },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['platform'],
        summary: 'Error report from the PWA (the user is identified by employee id only)',
        body: z.object({
          message: z.string().min(1).max(2000),
          stack: z.string().max(8000).optional(),
          url: z.string().max(2000).optional(),
          employeeId: Int32.optional(),
        }),
      },
    },
    async (request, reply) => {
      await db.insert(clientErrors).values({
        EmployeeID: request.body.employeeId ?? null,
        Message: request.body.message,
        Stack: request.body.stack,
        Url: request.body.url,
      });
      return reply.code(204).send();
    },
  );

  r.get(
    '/admin/mail-outbox',
    {
      config: { permission: 'admin:mail' },
      schema: { tags: ['platform'], summary: 'Queued and sent notification mail', querystring: PagingQuery },
    },
    async (request) => listMail(db, request.query.pageIndex, request.query.pageSize),
  );
}
