// Employees calls (spec 001 §7 "Employees"); see src/contract/employees.ts for shapes and rules.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import {
  blankOffice,
  EMPLOYEES_READ,
  EMPLOYEES_WRITE,
  EmailAvailability,
  EmployeeDetail,
  EmployeePage,
  EmployeeProfile,
  EmployeeQuery,
  EmployeeSave,
  EmployeeSecurity,
  EmployeeUpdate,
  IMAGE_MISSING_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  MAX_PROFILE_IMAGE_BYTES,
  NewEmployee,
  PROFILE_IMAGE_FIELD,
  PROFILE_OWN,
  ProfileImageInfo,
  ProfilePatch,
  ProfileSave,
  RosterEntry,
  SecuritySave,
  SsnUniqueness,
} from '../../../src/contract/employees';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { actorOf } from '../../plugins/auth';
import { employeeOnboardingRoutes } from './onboarding-routes';
import {
  availableEmails,
  getProfile,
  getProfileImage,
  getSecurity,
  putProfileImage,
  saveProfile,
  saveSecurity,
  ssnIsUnique,
} from './profile-service';
import { employeeDetails, getEmployee, listEmployees, roster } from './read-service';
import { createEmployee, updateEmployee } from './save-service';
import { requireWritableOffice } from './scope';

const IdParam = z.object({ id: QueryInt32.positive() });
const read = { permission: EMPLOYEES_READ };
const write = { permission: EMPLOYEES_WRITE };
const tags = ['employees'];

export interface EmployeeRouteOptions {
  db: Db;
  costLog2: number;
  publicUrl: string;
}

export async function employeeRoutes(app: FastifyInstance, opts: EmployeeRouteOptions) {
  const { db } = opts;
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_PROFILE_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
    });
  const r = app.withTypeProvider<ZodTypeProvider>();

  const listSchema = (summary: string) => ({
    tags,
    summary,
    querystring: EmployeeQuery,
    response: { 200: EmployeePage },
  });

  r.get(
    '/employees',
    {
      config: read,
      schema: listSchema(
        'Employees in scope, paged: search (name, user name, e-mail, ADP id), office, division, status, role, module, exact username',
      ),
    },
    async (request) => listEmployees({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/employees/page/:page',
    {
      config: read,
      schema: {
        ...listSchema('Employees, page {page} (0-based)'),
        params: z.object({ page: QueryInt32.min(0) }),
      },
    },
    async (request) =>
      listEmployees({
        db,
        actor: actorOf(request),
        query: { ...request.query, pageIndex: request.params.page },
      }),
  );

  r.get(
    '/employees/role/:name',
    {
      config: read,
      schema: {
        ...listSchema('Employees holding the role named {name} (globally or at an office)'),
        params: z.object({ name: z.string().trim().min(1).max(100) }),
      },
    },
    async (request) =>
      listEmployees({ db, actor: actorOf(request), query: request.query, roleName: request.params.name }),
  );

  r.get(
    '/employees/module/:id',
    {
      config: read,
      schema: { ...listSchema('Administrators of module {id} (spec 000 §3 module ids)'), params: IdParam },
    },
    async (request) =>
      listEmployees({
        db,
        actor: actorOf(request),
        query: { ...request.query, moduleId: request.params.id },
      }),
  );

  r.get(
    '/employees/roster',
    {
      config: read,
      schema: {
        tags,
        summary: 'Active and pending employment records at the offices in scope',
        response: { 200: z.array(RosterEntry) },
      },
    },
    async (request) => roster({ db, actor: actorOf(request) }),
  );

  r.get(
    '/employees/roster/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'The roster of office {id}',
        params: IdParam,
        response: { 200: z.array(RosterEntry) },
      },
    },
    async (request) => roster({ db, actor: actorOf(request), officeId: request.params.id }),
  );

  r.get(
    '/employees/new',
    {
      config: write,
      schema: {
        tags,
        summary: 'A blank employee with the defaults (one office entry when icdOfficeId is given)',
        querystring: z.object({ icdOfficeId: QueryInt32.positive().optional() }),
        response: { 200: NewEmployee },
      },
    },
    async (request) => {
      const officeId = request.query.icdOfficeId;
      if (officeId) requireWritableOffice(actorOf(request), officeId);
      return {
        FirstName: '',
        MiddleName: null,
        LastName: '',
        UserName: '',
        EmailAddress: null,
        Password: null,
        Inactive: false,
        InactiveDate: null,
        GlobalSiteID: null,
        UniqueID: null,
        ADPEmployeeID: null,
        MeridianEmployeeID: null,
        GlobalRoles: {},
        SendWelcomeEmail: true,
        IcdOffices: officeId ? [blankOffice(officeId)] : [],
      };
    },
  );

  r.get(
    '/employees/details',
    {
      config: { anyPermission: [PROFILE_OWN, EMPLOYEES_READ] },
      schema: {
        tags,
        summary:
          "Several employees by id (ids=1,2; those out of scope are left out); no ids: the caller's own",
        querystring: z.object({
          ids: z
            .string()
            .regex(/^\d{1,9}(,\d{1,9})*$/, 'Use ids separated by commas')
            .optional(),
        }),
        response: { 200: z.array(EmployeeDetail) },
      },
    },
    async (request) =>
      employeeDetails({
        db,
        actor: actorOf(request),
        ids: request.query.ids?.split(',').map(Number),
      }),
  );

  r.get(
    '/employees/check-unique-ssn/:ssn/:employeeId',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Whether no other employee has this SSN ({employeeId}: the one being edited, 0 for a new one)',
        params: z.object({ ssn: z.string().max(20), employeeId: QueryInt32.min(0) }),
        response: { 200: SsnUniqueness, 400: ErrorBody },
      },
    },
    async (request) => ssnIsUnique({ db, ssn: request.params.ssn, employeeId: request.params.employeeId }),
  );

  r.get(
    '/employees/available-emails/:email',
    {
      config: write,
      schema: {
        tags,
        summary: 'Whether the e-mail address is free, with free alternatives when it is taken',
        params: z.object({ email: z.string().max(300) }),
        response: { 200: EmailAvailability, 400: ErrorBody },
      },
    },
    async (request) => availableEmails({ db, email: request.params.email }),
  );

  r.get(
    '/employees/:id',
    {
      config: read,
      schema: {
        tags,
        summary:
          'An employee with the employment records in scope (SSN masked without employees:viewSensitive)',
        params: IdParam,
        response: { 200: EmployeeDetail },
      },
    },
    async (request) => getEmployee({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.post(
    '/employees',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an employee (spec 001 §3 save payload); SendWelcomeEmail queues the welcome e-mail',
        body: EmployeeSave,
        response: { 201: EmployeeDetail },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createEmployee({
          db,
          actor: actorOf(request),
          costLog2: opts.costLog2,
          publicUrl: opts.publicUrl,
          body: request.body,
        }),
      ),
  );

  r.put(
    '/employees/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Save an employee (offices sent are created or updated; others are left as they are; 409 with Current when Version is stale)',
        params: IdParam,
        body: EmployeeUpdate,
        response: { 200: EmployeeDetail },
      },
    },
    async (request) =>
      updateEmployee({
        db,
        actor: actorOf(request),
        costLog2: opts.costLog2,
        publicUrl: opts.publicUrl,
        id: request.params.id,
        body: request.body,
      }),
  );

  r.get(
    '/employees/:id/security',
    {
      config: read,
      schema: {
        tags,
        summary: 'User name, inactive, password set',
        params: IdParam,
        response: { 200: EmployeeSecurity },
      },
    },
    async (request) => getSecurity({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/employees/:id/security',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change the user name, password (the password policy) or inactive flag (409 when stale)',
        params: IdParam,
        body: SecuritySave,
        response: { 200: EmployeeSecurity },
      },
    },
    async (request) =>
      saveSecurity({
        db,
        actor: actorOf(request),
        id: request.params.id,
        body: request.body,
        costLog2: opts.costLog2,
      }),
  );

  const profileRead = { anyPermission: [PROFILE_OWN, EMPLOYEES_READ] };
  const profileWrite = { anyPermission: [PROFILE_OWN, EMPLOYEES_WRITE] };

  r.get(
    '/employees/:id/profile',
    {
      config: profileRead,
      schema: {
        tags,
        summary:
          "Personal details (the caller's own with profile:own; others in scope); SSN masked without employees:viewSensitive",
        params: IdParam,
        response: { 200: EmployeeProfile },
      },
    },
    async (request) => getProfile({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/employees/:id/profile',
    {
      config: profileWrite,
      schema: {
        tags,
        summary: 'Save the personal details (SSN sent back masked: unchanged; SSN changes are audit-logged)',
        params: IdParam,
        body: ProfileSave,
        response: { 200: EmployeeProfile },
      },
    },
    async (request) =>
      saveProfile({ db, actor: actorOf(request), id: request.params.id, body: request.body, partial: false }),
  );

  r.patch(
    '/employees/:id/profile',
    {
      config: profileWrite,
      schema: {
        tags,
        summary: 'Change some personal details (only the fields sent; Version required)',
        params: IdParam,
        body: ProfilePatch,
        response: { 200: EmployeeProfile },
      },
    },
    async (request) =>
      saveProfile({ db, actor: actorOf(request), id: request.params.id, body: request.body, partial: true }),
  );

  r.put(
    '/employees/:id/profile/image',
    {
      config: profileWrite,
      bodyLimit: MAX_PROFILE_IMAGE_BYTES + 256 * 1024,
      schema: {
        tags,
        summary: `Upload the profile image: multipart field ${PROFILE_IMAGE_FIELD}, GIF, JPEG or PNG (checked by content), at most 2 MB`,
        consumes: ['multipart/form-data'],
        params: IdParam,
        response: { 200: ProfileImageInfo, 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart())
        throw badRequest(IMAGE_MISSING_MESSAGE, { [PROFILE_IMAGE_FIELD]: [IMAGE_MISSING_MESSAGE] });
      let content: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== PROFILE_IMAGE_FIELD || content) {
          part.file.resume();
          continue;
        }
        try {
          content = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(413, IMAGE_SIZE_MESSAGE, {
              Errors: { [PROFILE_IMAGE_FIELD]: [IMAGE_SIZE_MESSAGE] },
            });
          throw err;
        }
      }
      if (!content || content.length === 0)
        throw badRequest(IMAGE_MISSING_MESSAGE, { [PROFILE_IMAGE_FIELD]: [IMAGE_MISSING_MESSAGE] });
      return putProfileImage({ db, actor, id: request.params.id, content });
    },
  );

  r.get(
    '/employees/:id/profile/image',
    {
      config: { ...profileRead, allowCookie: true },
      schema: {
        tags,
        summary: 'The profile image (binary; 404 when there is none)',
        params: IdParam,
      },
    },
    async (request, reply) => {
      const image = await getProfileImage({ db, actor: actorOf(request), id: request.params.id });
      return reply
        .header('content-type', image.ContentType)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.Content);
    },
  );

  await employeeOnboardingRoutes(app, opts);
}
