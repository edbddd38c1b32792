// Onboarding calls (spec 001 §7 "Onboarding"; src/contract/onboarding.ts for the shapes and rules).
// `onboarding-applications/mine`: the caller's own application (no id: it can only ever be the
// caller's). Permission: onboarding:applicant — the applicant status, which GrantAll does not give.
// Applications: onboarding:manage at the application's office, or the applicant for their own; a
// self sign-up is anonymous (rate-limited per address and user name) where the division's policy
// enables it. Policies: read with onboarding:manage or onboarding:policies, written with the latter.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, pagedResult, QueryInt32 } from '../../../src/contract/common';
import { ONBOARDING_MANAGE } from '../../../src/contract/employees';
import {
  DivisionPolicyAssign,
  EmployeeSgiId,
  EmployeeSgiIdSave,
  MAX_ONBOARDING_FILE_BYTES,
  MyApplication,
  ONBOARDING_POLICIES,
  OnboardingApplication,
  OnboardingApplicationCreate,
  OnboardingApplicationListItem,
  OnboardingApplicationPatch,
  OnboardingApplicationQuery,
  OnboardingApplicationStatus,
  OnboardingContactEmail,
  OnboardingDivision,
  OnboardingDocument,
  OnboardingDocumentGroup,
  OnboardingFieldSave,
  OnboardingFieldValue,
  OnboardingPolicy,
  OnboardingPolicyPatch,
  OnboardingPolicySave,
  OnboardingReferenceField,
  OnboardingTransfer,
  SgiHistoryQuery,
  SgiReportQuery,
  SgiReportRow,
} from '../../../src/contract/onboarding';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
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
import { type OnboardingCtx, parseBody } from './common';
import { type DataCipher, dataCipher, loadDataKey } from './crypto';
import { readForm, sendFile } from './files';
import { patchApplication } from './flow-service';
import {
  assignDivisionPolicy,
  contactEmailsOf,
  createPolicy,
  divisionPolicy,
  documentsOf,
  fieldsOf,
  listPolicies,
  onboardingDivisions,
  patchPolicy,
  policyFile,
  policyOf,
  removeDivisionPolicy,
  statusesOf,
} from './policies-service';
import { myApplication } from './service';
import { addSgiId, deleteSgiId, sgiHistory, sgiReport } from './sgi-service';

/** Self sign-ups: per address and per user name, counted whether or not they succeed. */
export const SIGN_UP_LIMITS = {
  perUserName: { max: 3, windowMinutes: 60 },
  perAddress: { max: 5, windowMinutes: 60 },
} as const satisfies AttemptLimits;

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

const IdParam = z.object({ id: QueryInt32.positive() });
const manage = { permission: ONBOARDING_MANAGE };
const policiesWrite = { permission: ONBOARDING_POLICIES };
const policiesRead = { anyPermission: [ONBOARDING_MANAGE, ONBOARDING_POLICIES] };
const ownOrManage = { anyPermission: [ONBOARDING_PERMISSION, ONBOARDING_MANAGE] };
const tags = ['onboarding'];
const fileResponse = {
  200: z.any().describe('The file, with its content type and an attachment disposition'),
};

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

  // ---- divisions and policies ----------------------------------------------------------------------

  r.get(
    '/onboarding-divisions',
    {
      config: { public: true, optionalAuth: true },
      schema: {
        tags,
        summary:
          'Divisions taking onboarding applications, with their offices; anonymous callers (self sign-up) see those whose policy enables self sign-up',
        response: { 200: z.array(OnboardingDivision) },
      },
    },
    async (request) => {
      const a = request.actor;
      const all = !!a && (a.has(ONBOARDING_MANAGE) || a.has(ONBOARDING_POLICIES));
      return onboardingDivisions(db, !all);
    },
  );

  r.get(
    '/onboarding-policies',
    {
      config: policiesRead,
      schema: {
        tags,
        summary: 'Onboarding policies with every list',
        response: { 200: z.array(OnboardingPolicy) },
      },
    },
    async () => listPolicies(db),
  );

  r.get(
    '/onboarding-policies/:id',
    {
      config: policiesRead,
      schema: {
        tags,
        summary: 'One onboarding policy',
        params: IdParam,
        response: { 200: OnboardingPolicy },
      },
    },
    async (request) => policyOf(db, request.params.id),
  );

  r.post(
    '/onboarding-policies',
    {
      config: policiesWrite,
      schema: {
        tags,
        summary:
          'Create a policy: JSON, or multipart/form-data with field Policy (the JSON) and files RequirementsFile:<group index>, BlankForm:<document index> (GIF, JPEG, PNG or PDF, ≤ 5 MB; 415/413)',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: OnboardingPolicy, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, 'Policy');
      const body = parseBody(OnboardingPolicySave, form.json);
      return reply.code(201).send(await createPolicy(db, body, form.files));
    },
  );

  r.patch(
    '/onboarding-policies/:id',
    {
      config: policiesWrite,
      schema: {
        tags,
        summary:
          'Change a policy (Version; 409 with Current when stale): the fields and lists sent replace the stored ones (items keep their ids); JSON or multipart as for POST',
        consumes: ['application/json', 'multipart/form-data'],
        params: IdParam,
        response: { 200: OnboardingPolicy, 400: ErrorBody },
      },
    },
    async (request) => {
      const form = await readForm(request, 'Policy');
      const body = parseBody(OnboardingPolicyPatch, form.json);
      return patchPolicy(db, request.params.id, body, form.files);
    },
  );

  const sub = <T extends z.ZodType>(
    path: string,
    summary: string,
    item: T,
    read: (id: number) => Promise<unknown>,
  ) =>
    r.get(
      `/onboarding-policies/:id/${path}`,
      { config: policiesRead, schema: { tags, summary, params: IdParam, response: { 200: z.array(item) } } },
      async (request) => (await read(request.params.id)) as z.infer<T>[],
    );
  sub(
    'contact-emails',
    "The policy's contact e-mails (they receive the application mail)",
    OnboardingContactEmail,
    (id) => contactEmailsOf(db, id),
  );
  sub(
    'application-statuses',
    "The policy's application statuses (Name, StatusType)",
    OnboardingApplicationStatus,
    async (id) => (await policyOf(db, id)) && statusesOf(db, id),
  );
  sub(
    'reference-fields',
    "The policy's reference fields",
    OnboardingReferenceField,
    async (id) => (await policyOf(db, id)) && fieldsOf(db, id),
  );
  sub(
    'document-groups',
    "The policy's document groups",
    OnboardingDocumentGroup,
    async (id) => (await policyOf(db, id)).OnboardingDocumentGroups,
  );
  sub(
    'documents',
    "The policy's documents",
    OnboardingDocument,
    async (id) => (await policyOf(db, id)) && documentsOf(db, id),
  );

  r.get(
    '/onboarding-policies/:id/document-groups/:itemId/requirements-file',
    {
      config: { ...ownOrManage, allowCookie: true },
      schema: {
        tags,
        summary: "A document group's requirements file (attachment)",
        params: IdParam.extend({ itemId: QueryInt32.positive() }),
        response: fileResponse,
      },
    },
    async (request, reply) =>
      sendFile(reply, await policyFile(db, request.params.id, 'requirements', request.params.itemId)),
  );

  r.get(
    '/onboarding-policies/:id/documents/:itemId/blank-form',
    {
      config: { ...ownOrManage, allowCookie: true },
      schema: {
        tags,
        summary: "A document's blank form (attachment)",
        params: IdParam.extend({ itemId: QueryInt32.positive() }),
        response: fileResponse,
      },
    },
    async (request, reply) =>
      sendFile(reply, await policyFile(db, request.params.id, 'blank', request.params.itemId)),
  );

  r.get(
    '/divisions/:id/onboarding-policy',
    {
      config: policiesRead,
      schema: {
        tags,
        summary: "The division's onboarding policy (404: none)",
        params: IdParam,
        response: { 200: OnboardingPolicy },
      },
    },
    async (request) => divisionPolicy(db, request.params.id),
  );

  r.put(
    '/divisions/:id/onboarding-policy',
    {
      config: policiesWrite,
      schema: {
        tags,
        summary: 'Let a policy govern the division’s applications',
        params: IdParam,
        body: DivisionPolicyAssign,
        response: { 200: OnboardingPolicy },
      },
    },
    async (request) => assignDivisionPolicy(db, request.params.id, request.body.OnboardingPolicyID),
  );

  r.delete(
    '/divisions/:id/onboarding-policy',
    {
      config: policiesWrite,
      schema: {
        tags,
        summary: 'The division takes no more applications (those it has keep their policy)',
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeDivisionPolicy(db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---- applications --------------------------------------------------------------------------------

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

  // ---- SGI ids -------------------------------------------------------------------------------------

  r.get(
    '/employee-sgi-id-history',
    {
      config: manage,
      schema: {
        tags,
        summary: 'SGI ids of the employees in the caller’s offices (or of one: employeeId), latest first',
        querystring: SgiHistoryQuery,
        response: { 200: z.array(EmployeeSgiId) },
      },
    },
    async (request) => sgiHistory(db, actorOf(request), request.query.employeeId),
  );

  r.post(
    '/employee-sgi-id-history',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Give an employee an SGI id from a day (409: one already takes effect that day)',
        body: EmployeeSgiIdSave,
        response: { 201: EmployeeSgiId },
      },
    },
    async (request, reply) => reply.code(201).send(await addSgiId(db, actorOf(request), request.body)),
  );

  r.delete(
    '/employee-sgi-id-history/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an SGI id of the history',
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSgiId(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/sgi-id-report',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Each employee’s SGI id in force on asOf (default today, UTC), optionally for one office',
        querystring: SgiReportQuery,
        response: { 200: z.array(SgiReportRow) },
      },
    },
    async (request) =>
      sgiReport(db, actorOf(request), {
        icdOfficeId: request.query.icdOfficeId,
        asOf: request.query.asOf ?? new Date().toISOString().slice(0, 10),
      }),
  );
}
