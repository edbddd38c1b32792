// Onboarding calls (spec 001 §7 "Onboarding"; src/contract/onboarding.ts for the shapes and rules).
// `onboarding-applications/mine`: the caller's own application (no id: it can only ever be the
// caller's). Permission: onboarding:applicant — the applicant status, which GrantAll does not give.
// The sub-areas are registered from here, in this order: divisions and policies (policy-routes.ts),
// applications (application-routes.ts), SGI ids (sgi-routes.ts); route-parts.ts holds what they share.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_ONBOARDING_FILE_BYTES, MyApplication } from '../../../src/contract/onboarding';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { onboardingApplicationRoutes } from './application-routes';
import type { OnboardingCtx } from './common';
import { type DataCipher, dataCipher, loadDataKey } from './crypto';
import { onboardingPolicyRoutes } from './policy-routes';
import { tags } from './route-parts';
import { myApplication } from './service';
import { sgiRoutes } from './sgi-routes';

export interface OnboardingRouteOptions {
  db: Db;
  publicUrl?: string;
  costLog2?: number;
  /** APEX_DATA_KEY (64 hex digits); else generated into dataDir/data.key. */
  dataKey?: string;
  dataDir?: string;
  inMemory?: boolean;
  cipher?: DataCipher;
}

export async function onboardingRoutes(app: FastifyInstance, opts: OnboardingRouteOptions) {
  const { db } = opts;
  const cipher =
    opts.cipher ??
    dataCipher(loadDataKey({ dataKey: opts.dataKey, dataDir: opts.dataDir, inMemory: opts.inMemory }));
  const ctx = (request: FastifyRequest): OnboardingCtx => ({
    db,
    actor: request.actor ?? null,
    cipher,
    publicUrl: opts.publicUrl ?? '',
    costLog2: opts.costLog2 ?? 17,
  });
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_ONBOARDING_FILE_BYTES + 1, files: 20, fields: 5, fieldSize: 200_000 },
    });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/onboarding-applications/mine',
    {
      config: { permission: ONBOARDING_PERMISSION },
      schema: {
        tags,
        summary: "The caller's own onboarding application: status, office and divisions applied to",
        response: { 200: MyApplication },
      },
    },
    async (request) => myApplication({ db, actor: actorOf(request) }),
  );

  const deps = { db, cipher, ctx };
  await onboardingPolicyRoutes(app, deps);
  await onboardingApplicationRoutes(app, deps);
  await sgiRoutes(app, deps);
}
