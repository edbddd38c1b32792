// Onboarding divisions and policies (spec 001 §7 "Onboarding"; src/contract/onboarding.ts). The
// divisions taking applications: anonymous callers (self sign-up) see those whose policy enables self
// sign-up. Policies: read with onboarding:manage or onboarding:policies, written with the latter; a
// policy's requirements files and blank forms also by the applicant (onboarding:applicant).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import { ONBOARDING_MANAGE } from '../../../src/contract/employees';
import {
  DivisionPolicyAssign,
  ONBOARDING_POLICIES,
  OnboardingApplicationStatus,
  OnboardingContactEmail,
  OnboardingDivision,
  OnboardingDocument,
  OnboardingDocumentGroup,
  OnboardingPolicy,
  OnboardingPolicyPatch,
  OnboardingPolicySave,
  OnboardingReferenceField,
} from '../../../src/contract/onboarding';
import { parseBody } from './common';
import {
  assignDivisionPolicy,
  divisionPolicy,
  onboardingDivisions,
  removeDivisionPolicy,
} from './division-policies';
import { readForm, sendFile } from './files';
import { createPolicy, patchPolicy } from './policies-service';
import {
  contactEmailsOf,
  documentsOf,
  fieldsOf,
  listPolicies,
  policyFile,
  policyOf,
  statusesOf,
} from './policy-read';
import {
  fileResponse,
  IdParam,
  type OnboardingRouteDeps,
  ownOrManage,
  policiesRead,
  policiesWrite,
  tags,
} from './route-parts';

export async function onboardingPolicyRoutes(app: FastifyInstance, deps: OnboardingRouteDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
