// Onboarding calls an applicant makes. `onboarding-applications/mine`: the caller's own application
// (no id: it can only ever be the caller's). Permission: onboarding:applicant — the applicant status,
// which GrantAll does not give, so other users get 403.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MyApplication } from '../../../src/contract/onboarding';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { myApplication } from './service';

export async function onboardingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/onboarding-applications/mine',
    {
      config: { permission: ONBOARDING_PERMISSION },
      schema: {
        tags: ['onboarding'],
        summary: "The caller's own onboarding application: status, office and divisions applied to",
        response: { 200: MyApplication },
      },
    },
    async (request) => myApplication({ db, actor: actorOf(request) }),
  );
}
