// What the onboarding routes share: the id parameter, the permission configs (onboarding:manage;
// onboarding:policies to write policies, it or onboarding:manage to read them; the applicant or the
// office), the OpenAPI tag, the file response, and what each handler gets from the module
// (routes.ts: the database, the data cipher and the request's context).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import { ONBOARDING_MANAGE } from '../../../src/contract/employees';
import { ONBOARDING_POLICIES } from '../../../src/contract/onboarding';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import type { OnboardingCtx } from './common';
import type { DataCipher } from './crypto';

/** What the routes of each onboarding sub-area get from onboardingRoutes. */
export interface OnboardingRouteDeps {
  db: Db;
  cipher: DataCipher;
  ctx: (request: FastifyRequest) => OnboardingCtx;
}

export const IdParam = z.object({ id: QueryInt32.positive() });
export const manage = { permission: ONBOARDING_MANAGE };
export const policiesWrite = { permission: ONBOARDING_POLICIES };
export const policiesRead = { anyPermission: [ONBOARDING_MANAGE, ONBOARDING_POLICIES] };
export const ownOrManage = { anyPermission: [ONBOARDING_PERMISSION, ONBOARDING_MANAGE] };
export const tags = ['onboarding'];
export const fileResponse = {
  200: z.any().describe('The file, with its content type and an attachment disposition'),
};
