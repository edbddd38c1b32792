// Onboarding calls of the employees area (spec 001 §7 "Employees": onboard, onboarding-employee,
// init/rehire/revoke/send-onboarding, required-filled, onboarding-permission, onboarding-profile,
// account-telemapper-linked). See src/contract/employees.ts for the rules.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  EMPLOYEES_READ,
  ONBOARDING_MANAGE,
  OnboardingEmployee,
  OnboardingInit,
  OnboardingPermission,
  OnboardingProfileSave,
  OnboardingTermination,
  OnboardSave,
  PROFILE_OWN,
  RequiredFilled,
  TelemapperLink,
} from '../../../src/contract/employees';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import { actorOf } from '../../plugins/auth';
import {
  getOnboardingEmployee,
  initOnboarding,
  onboard,
  onboardingPermission,
  rehireOnboarding,
  requiredFilled,
  revokeOnboarding,
  saveOnboardingProfile,
  sendOnboarding,
  telemapperLink,
  terminateOnboarding,
} from './onboarding-service';
import type { EmployeeRouteOptions } from './routes';

const IdParam = z.object({ id: QueryInt32.positive() });
const manage = { permission: ONBOARDING_MANAGE };
const ownOrManage = { anyPermission: [ONBOARDING_PERMISSION, ONBOARDING_MANAGE] };
const tags = ['employees', 'onboarding'];

export async function employeeOnboardingRoutes(app: FastifyInstance, opts: EmployeeRouteOptions) {
  const { db } = opts;
  const ctx = (actor: ReturnType<typeof actorOf>) => ({
    db,
    actor,
    costLog2: opts.costLog2,
    publicUrl: opts.publicUrl,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/employees/onboard',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Open an onboarding application: a new employee, Pending at the office, with the applicant role',
        body: OnboardSave,
        response: { 201: OnboardingEmployee },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await onboard({ ...ctx(actorOf(request)), body: request.body })),
  );

  r.get(
    '/employees/onboarding-employee/:id',
    {
      config: ownOrManage,
      schema: {
        tags,
        summary: 'An employee as onboarding sees them',
        params: IdParam,
        response: { 200: OnboardingEmployee },
      },
    },
    async (request) => getOnboardingEmployee({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.post(
    '/employees/onboarding-employee/terminate/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'End an onboarding: the pending records become Terminated, the applicant role goes',
        params: IdParam,
        body: OnboardingTermination,
        response: { 200: OnboardingEmployee },
      },
    },
    async (request) =>
      terminateOnboarding({ ...ctx(actorOf(request)), id: request.params.id, body: request.body }),
  );

  r.put(
    '/employees/:id/onboarding-profile',
    {
      config: ownOrManage,
      schema: {
        tags,
        summary: "Fill the applicant's personal details (only the fields sent; Version)",
        params: IdParam,
        body: OnboardingProfileSave,
        response: { 200: OnboardingEmployee },
      },
    },
    async (request) =>
      saveOnboardingProfile({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.get(
    '/employees/onboarding-permission',
    {
      config: { anyPermission: [ONBOARDING_PERMISSION, ONBOARDING_MANAGE, PROFILE_OWN, EMPLOYEES_READ] },
      schema: {
        tags,
        summary: 'Whether the caller is an onboarding applicant, and whether they manage onboarding',
        response: { 200: OnboardingPermission },
      },
    },
    async (request) => onboardingPermission(actorOf(request)),
  );

  r.post(
    '/init-onboarding/:employeeId/:officeId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Start onboarding an existing employee at an office (Pending record, applicant role)',
        params: z.object({ employeeId: QueryInt32.positive(), officeId: QueryInt32.positive() }),
        body: OnboardingInit.nullish(),
        response: { 200: OnboardingEmployee },
      },
    },
    async (request) =>
      initOnboarding({
        ...ctx(actorOf(request)),
        id: request.params.employeeId,
        officeId: request.params.officeId,
        divisions: request.body?.Divisions ?? [],
      }),
  );

  const simple = (path: string, summary: string, run: typeof rehireOnboarding) =>
    r.post(
      path,
      { config: manage, schema: { tags, summary, params: IdParam, response: { 200: OnboardingEmployee } } },
      async (request) => run({ ...ctx(actorOf(request)), id: request.params.id }),
    );
  simple(
    '/rehire-onboarding/:id',
    'Rehire through onboarding: ended records in scope become Pending again',
    rehireOnboarding,
  );
  simple('/revoke-onboarding/:id', 'Take the applicant role away (records unchanged)', revokeOnboarding);
  simple('/send-onboarding/:id', 'Send the onboarding invitation e-mail again', sendOnboarding);

  r.post(
    '/required-filled/:id',
    {
      config: ownOrManage,
      schema: {
        tags,
        summary: 'Whether every field an application needs is filled, and which are missing',
        params: IdParam,
        response: { 200: RequiredFilled },
      },
    },
    async (request) => requiredFilled({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/employees/account-telemapper-linked',
    {
      config: { anyPermission: [PROFILE_OWN, EMPLOYEES_READ] },
      schema: {
        tags,
        summary: "Whether the caller's account is linked to TeleMapper (has a Meridian employee id)",
        response: { 200: TelemapperLink },
      },
    },
    async (request) => telemapperLink({ db, actor: actorOf(request) }),
  );
}
