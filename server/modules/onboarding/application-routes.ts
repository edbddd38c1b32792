// Onboarding applications (spec 001 §7 "Onboarding"; src/contract/onboarding.ts): listed, read,
// changed, moved and removed with onboarding:manage at the application's office, or read and changed
// by the applicant for their own (onboarding:applicant). A self sign-up is anonymous (rate-limited per
// address and user name) where the division's policy enables it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, pagedResult, QueryInt32 } from '../../../src/contract/common';
import {
  OnboardingApplication,
  OnboardingApplicationCreate,
  OnboardingApplicationListItem,
  OnboardingApplicationPatch,
  OnboardingApplicationQuery,
  OnboardingApplicationStatus,
  OnboardingFieldSave,
  OnboardingFieldValue,
  OnboardingTransfer,
} from '../../../src/contract/onboarding';
import { actorOf } from '../../plugins/auth';
import { type AttemptLimits, claimAttempt } from '../auth/attempts';
import { tooManyAttempts } from '../auth/service';
import { listApplications, readApplication } from './application-read';
import {
  createApplication,
  deleteApplication,
  documentFile,
  readAvailableStatuses,
  saveField,
  transferApplication,
  uploadDocuments,
} from './applications-service';
import { parseBody } from './common';
import { readForm, sendFile } from './files';
import { patchApplication } from './flow-service';
import { fileResponse, IdParam, manage, type OnboardingRouteDeps, ownOrManage, tags } from './route-parts';

/** Self sign-ups: per address and per user name, counted whether or not they succeed. */
export const SIGN_UP_LIMITS = {
  perUserName: { max: 3, windowMinutes: 60 },
  perAddress: { max: 5, windowMinutes: 60 },
} as const satisfies AttemptLimits;

export async function onboardingApplicationRoutes(app: FastifyInstance, deps: OnboardingRouteDeps) {
  const { db, cipher, ctx } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const listSchema = (summary: string) => ({
    tags,
    summary,
    querystring: OnboardingApplicationQuery,
  });

  r.get(
    '/onboarding-applications',
    {
      config: manage,
      schema: {
        ...listSchema('Applications in the caller’s offices (filters, sort; the first pageSize)'),
        response: { 200: z.array(OnboardingApplicationListItem) },
      },
    },
    async (request) => (await listApplications(db, cipher, actorOf(request), request.query)).Items,
  );

  r.get(
    '/onboarding-applications/page/:page',
    {
      config: manage,
      schema: {
        ...listSchema('Applications, page {page} (0-based)'),
        params: z.object({ page: QueryInt32.min(0) }),
        response: { 200: pagedResult(OnboardingApplicationListItem) },
      },
    },
    async (request) => {
      const { Items, TotalCount } = await listApplications(db, cipher, actorOf(request), {
        ...request.query,
        pageIndex: request.params.page,
      });
      return { Items, TotalCount, PageIndex: request.params.page, PageSize: request.query.pageSize };
    },
  );

  r.get(
    '/onboarding-applications/:id',
    {
      config: ownOrManage,
      schema: {
        tags,
        summary: 'One application (sensitive values masked without onboarding:sensitive)',
        params: IdParam,
        response: { 200: OnboardingApplication },
      },
    },
    async (request) => readApplication(db, cipher, actorOf(request), request.params.id),
  );

  r.post(
    '/onboarding-applications',
    {
      config: { public: true, optionalAuth: true },
      schema: {
        tags,
        summary:
          'Create an application: by the office (onboarding:manage at IcdOfficeID) or a self sign-up (IsSelfSignUp, anonymous, Password required, only where the policy enables it; 429 when too many). JSON, or multipart/form-data with field Application (the JSON) and files Document:<OnboardingDocumentID> or Document',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: OnboardingApplication, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, 'Application');
      const body = parseBody(OnboardingApplicationCreate, form.json);
      if (body.IsSelfSignUp) {
        const claim = await claimAttempt(db, {
          purpose: 'sign-up',
          userName: body.Applicant.UserName.toLowerCase(),
          ip: request.ip,
          limits: SIGN_UP_LIMITS,
          now: new Date(),
        });
        if (!claim.ok) throw tooManyAttempts('Too many sign-ups. Try again later.', claim.retryAfterSeconds);
      }
      return reply.code(201).send(await createApplication(ctx(request), body, form.files));
    },
  );

  r.patch(
    '/onboarding-applications/:id',
    {
      config: ownOrManage,
      schema: {
        tags,
        summary:
          'Change an application (Version; 409 with Current when stale): applicant fields, bank, comments; Action Start | Save | Submit (applicant or office), Review | ToPaper | ToOnline (office); OnboardingApplicationStatusID (office: one of available-statuses; Approved hires the applicant)',
        params: IdParam,
        body: OnboardingApplicationPatch,
        response: { 200: OnboardingApplication },
      },
    },
    async (request) => patchApplication(ctx(request), request.params.id, request.body),
  );

  r.delete(
    '/onboarding-applications/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove an application that is not approved (its pending record and the applicant role go)',
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteApplication(ctx(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/onboarding-applications/:id/available-statuses',
    {
      config: manage,
      schema: {
        tags,
        summary: 'The statuses the application may move to',
        params: IdParam,
        response: { 200: z.array(OnboardingApplicationStatus) },
      },
    },
    async (request) => readAvailableStatuses(ctx(request), request.params.id),
  );

  r.patch(
    '/onboarding-application-transfer/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Move an application to another office (and division of the same policy); Version',
        params: IdParam,
        body: OnboardingTransfer,
        response: { 200: OnboardingApplication },
      },
    },
    async (request) => transferApplication(ctx(request), request.params.id, request.body),
  );

  r.put(
    '/onboarding-applications/:id/fields/:fieldId',
    {
      config: ownOrManage,
      schema: {
        tags,
        summary:
          "Set a reference field's value, checked against its input mask ('unfinished' when incomplete) and value type; null or '' clears it. Sensitive values are stored encrypted",
        params: IdParam.extend({ fieldId: QueryInt32.positive() }),
        body: OnboardingFieldSave,
        response: { 200: OnboardingFieldValue },
      },
    },
    async (request) => saveField(ctx(request), request.params.id, request.params.fieldId, request.body),
  );

  r.post(
    '/onboarding-applications/:id/documents',
    {
      config: ownOrManage,
      schema: {
        tags,
        summary:
          'Upload documents (multipart/form-data, files Document:<OnboardingDocumentID> or Document; GIF, JPEG, PNG or PDF by content, ≤ 5 MB; 415/413)',
        consumes: ['multipart/form-data'],
        params: IdParam,
        response: { 200: OnboardingApplication },
      },
    },
    async (request) => {
      const form = await readForm(request, 'Application');
      return uploadDocuments(ctx(request), request.params.id, form.files);
    },
  );

  r.get(
    '/onboarding-applications/:id/documents/:documentId',
    {
      config: { ...ownOrManage, allowCookie: true },
      schema: {
        tags,
        summary: 'An uploaded document (attachment, under its generated name)',
        params: IdParam.extend({ documentId: QueryInt32.positive() }),
        response: fileResponse,
      },
    },
    async (request, reply) =>
      sendFile(reply, await documentFile(ctx(request), request.params.id, request.params.documentId)),
  );
}
