// Permissions calls (spec 000 §7 "Permissions"): an employee's own permissions and claims, claim
// permissions with the CSV export and import, the permission simulation, and the onboarding applicant
// permission. Keys: admin:permissions (employees' permissions, simulation; scope: the employee's
// offices), permissions:claims (claim permissions), onboarding:manage (set/revoke onboarding).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClaimImportBody,
  ClaimImportQuery,
  ClaimImportResult,
  ClaimRowError,
  EmployeeClaim,
  EmployeePermission,
  PermissionValueBody,
  SimulationRequest,
  SimulationResult,
} from '../../../src/contract/access';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import { ClaimPermission } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  claimPermissionsOf,
  exportClaimsCsv,
  importClaims,
  removeClaimPermission,
  setClaimPermission,
} from './claims-service';
import {
  employeeClaims,
  listEmployeePermissions,
  removeEmployeePermission,
  setEmployeePermission,
  setOnboarding,
} from './employee-service';
import { ADMIN_PERMISSIONS, CLAIMS_PERMISSION } from './scope';
import { simulate } from './simulation';

const tags = ['permissions'];
const IdParam = z.object({ id: QueryInt32.positive() });
const KeyParam = z.string().min(1).max(200);
const EmployeeKeyParams = IdParam.extend({ encodedKey: KeyParam });
const ClaimParams = z.object({ encodedType: z.string().min(1).max(100), value: z.string().min(1).max(200) });
const ClaimKeyParams = ClaimParams.extend({ encodedKey: KeyParam });
const TypeKeyParams = z.object({ encodedType: z.string().min(1).max(100), encodedKey: KeyParam });
const ONBOARDING_MANAGE = 'onboarding:manage';
const OnboardingState = z.object({ EmployeeID: z.number().int(), IsApplicant: z.boolean() });
const admin = { permission: ADMIN_PERMISSIONS };
const claims = { permission: CLAIMS_PERMISSION };
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export async function accessRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/employees/:id/permissions',
    {
      config: admin,
      schema: {
        tags,
        summary: "The employee's own permissions (set for them alone)",
        params: IdParam,
        response: { 200: z.array(EmployeePermission), 404: ErrorBody },
      },
    },
    async (request) =>
      listEmployeePermissions({
        db,
        actor: actorOf(request),
        key: ADMIN_PERMISSIONS,
        employeeId: request.params.id,
      }),
  );

  r.put(
    '/employees/:id/permissions/:encodedKey',
    {
      config: admin,
      schema: {
        tags,
        summary: "Grant ('true') or deny ('false') one permission to the employee alone",
        params: EmployeeKeyParams,
        body: PermissionValueBody,
        response: { 200: EmployeePermission, ...errors },
      },
    },
    async (request) =>
      setEmployeePermission({
        db,
        actor: actorOf(request),
        key: ADMIN_PERMISSIONS,
        employeeId: request.params.id,
        permissionKey: request.params.encodedKey,
        value: request.body.Value,
      }),
  );

  r.delete(
    '/employees/:id/permissions/:encodedKey',
    {
      config: admin,
      schema: {
        tags,
        summary: "Remove one of the employee's own permissions",
        params: EmployeeKeyParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeEmployeePermission({
        db,
        actor: actorOf(request),
        key: ADMIN_PERMISSIONS,
        employeeId: request.params.id,
        permissionKey: request.params.encodedKey,
      });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/employees/:id/claims',
    {
      config: admin,
      schema: {
        tags,
        summary: "The employee's claims (roles, offices, divisions, user name) with their claim permissions",
        params: IdParam,
        response: { 200: z.array(EmployeeClaim), 404: ErrorBody },
      },
    },
    async (request) =>
      employeeClaims({ db, actor: actorOf(request), key: ADMIN_PERMISSIONS, employeeId: request.params.id }),
  );

  r.post(
    '/services/permissions',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Permission simulation: what the employee can see and do, per office',
        body: SimulationRequest,
        response: { 200: SimulationResult, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(200).send(
        await simulate({
          db,
          actor: actorOf(request),
          key: ADMIN_PERMISSIONS,
          employeeId: request.body.EmployeeID,
          officeId: request.body.IcdOfficeID,
        }),
      ),
  );

  r.get(
    '/claims/all/permissions.csv',
    {
      config: { ...claims, allowCookie: true },
      schema: {
        tags,
        summary: 'Every claim permission as CSV (ClaimType, ClaimValue, PermissionKey, Value)',
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="claim-permissions.csv"')
        .header('cache-control', 'private, no-store')
        .send(await exportClaimsCsv(db)),
  );

  r.put(
    '/claims/all/permissions',
    {
      config: claims,
      schema: {
        tags,
        summary:
          'Replace every claim permission with the CSV rows (header skipped). All or nothing: a bad row answers 400 naming it; dryRun=true previews',
        querystring: ClaimImportQuery,
        body: ClaimImportBody,
        response: {
          200: ClaimImportResult,
          400: ErrorBody.extend({ RowErrors: z.array(ClaimRowError).optional() }),
          403: ErrorBody,
        },
      },
    },
    async (request) =>
      importClaims({ db, actor: actorOf(request), rows: request.body, dryRun: request.query.dryRun }),
  );

  r.get(
    '/claims/:encodedType/:value/permissions',
    {
      config: claims,
      schema: {
        tags,
        summary: 'The permissions of one claim (type and value)',
        params: ClaimParams,
        response: { 200: z.array(ClaimPermission), 400: ErrorBody },
      },
    },
    async (request) => claimPermissionsOf(db, request.params.encodedType, request.params.value),
  );

  r.put(
    '/claims/:encodedType/permissions/:encodedKey',
    {
      config: claims,
      schema: {
        tags,
        summary: 'Set a permission for every value of a claim type',
        params: TypeKeyParams,
        body: PermissionValueBody,
        response: { 200: ClaimPermission, ...errors },
      },
    },
    async (request) =>
      setClaimPermission({
        db,
        actor: actorOf(request),
        type: request.params.encodedType,
        value: null,
        permissionKey: request.params.encodedKey,
        grant: request.body.Value,
      }),
  );

  r.put(
    '/claims/:encodedType/:value/permissions/:encodedKey',
    {
      config: claims,
      schema: {
        tags,
        summary: 'Set a permission for one claim (type and value)',
        params: ClaimKeyParams,
        body: PermissionValueBody,
        response: { 200: ClaimPermission, ...errors },
      },
    },
    async (request) =>
      setClaimPermission({
        db,
        actor: actorOf(request),
        type: request.params.encodedType,
        value: request.params.value,
        permissionKey: request.params.encodedKey,
        grant: request.body.Value,
      }),
  );

  r.delete(
    '/claims/:encodedType/:value/permissions/:encodedKey',
    {
      config: claims,
      schema: {
        tags,
        summary: 'Remove a permission of one claim',
        params: ClaimKeyParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeClaimPermission({
        db,
        actor: actorOf(request),
        type: request.params.encodedType,
        value: request.params.value,
        permissionKey: request.params.encodedKey,
      });
      return reply.code(204).send(null);
    },
  );

  for (const [path, on] of [
    ['/setonboarding/:id', true],
    ['/revokeonboarding/:id', false],
  ] as const)
    r.get(
      path,
      {
        config: { permission: ONBOARDING_MANAGE },
        schema: {
          tags,
          summary: on
            ? 'Make the employee an onboarding applicant (the onboarding permission)'
            : "Revoke the employee's onboarding permission",
          params: IdParam,
          response: { 200: OnboardingState, 404: ErrorBody },
        },
      },
      async (request) =>
        setOnboarding({
          db,
          actor: actorOf(request),
          key: ONBOARDING_MANAGE,
          employeeId: request.params.id,
          on,
        }),
    );
}
