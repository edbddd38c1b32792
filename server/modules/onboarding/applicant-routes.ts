// The applicant's own onboarding application id (the phone flow reads and saves the application by
// its id through the onboarding calls). Permission onboarding:applicant; only ever the caller's own:
// there is no id to ask for. 404 when the caller has no onboarding application (e.g. an employee made
// an applicant by hand, whose application is their status page only).
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Stage } from '../../../src/contract/onboarding';
import { MyApplicationRef } from '../../../src/contract/onboarding-applicant';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { onboardingApplications } from '../../db/tables';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/auth';

export async function onboardingApplicantRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/onboarding-applications/mine/id',
    {
      config: { permission: ONBOARDING_PERMISSION },
      schema: {
        tags: ['onboarding'],
        summary: "The id of the caller's own onboarding application (the latest when several)",
        response: { 200: MyApplicationRef },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const [row] = await db
        .select({
          OnboardingApplicationID: onboardingApplications.OnboardingApplicationID,
          Stage: onboardingApplications.Stage,
        })
        .from(onboardingApplications)
        .where(eq(onboardingApplications.EmployeeID, actor.EmployeeID))
        .orderBy(desc(onboardingApplications.OnboardingApplicationID))
        .limit(1);
      if (!row) throw notFound('The onboarding application');
      return { OnboardingApplicationID: row.OnboardingApplicationID, Stage: Stage.parse(row.Stage) };
    },
  );
}
