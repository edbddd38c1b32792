// Organisation calls (spec 000 §7 "Offices", "Divisions", "Corporations"; spec 001 §7 "Division
// rotations", "Corporations"). Keys: organisation:read / :manage / :admin (see scope.ts).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  CkeToggle,
  Corporation,
  CorporationModulePermission,
  CorporationPage,
  CorporationPageQuery,
  CorporationQuery,
  CorporationSave,
  CorporationStatusItem,
  CorporationStatusRow,
  CorporationUpdate,
  DivisionItem,
  DivisionProfile,
  DivisionProfileQuery,
  DivisionQuery,
  DivisionSave,
  DivisionUpdate,
  DivisionV2,
  InquiryQuery,
  InquiryRow,
  Job,
  LOGO_MAX_BYTES,
  MeridianJobQuery,
  MeridianMovement,
  MeridianMovementSave,
  Office,
  OfficeQuery,
  OfficeSave,
  OfficeUpdate,
  PayrollPolicyHistorySave,
  ProfileRotations,
  RosterSyncJobSave,
  RotationAdjustment,
  RotationAdjustmentQuery,
  RotationAdjustmentResult,
  RotationsQuery,
  TaxInfo,
  TaxInfoSave,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { organisationSettings } from '../../db/tables';
import { actorOf } from '../../plugins/auth';
import { cleanFileName } from '../../uploads';
import {
  corporationByEmployee,
  corporationInquiry,
  corporationModulePermissions,
  corporationStatuses,
  corporationStatusList,
  corporationsByModule,
  createCorporation,
  deleteCorporation,
  deleteLogo,
  getCorporation,
  getLogo,
  getTaxInfo,
  listCorporations,
  managedCorporations,
  pageCorporations,
  putLogo,
  saveTaxInfo,
  updateCorporation,
} from './corporations-service';
import {
  createDivision,
  deleteDivision,
  getDivisionV2,
  listDivisionProfiles,
  listDivisions,
  savePayrollPolicyHistory,
  updateDivision,
} from './divisions-service';
import {
  createMeridianJob,
  createOffice,
  deleteOffice,
  getOffice,
  listOffices,
  moveMeridianOfficeId,
  officeDivisionsList,
  rosterSyncJob,
  updateOffice,
} from './offices-service';
import { adjustRotations, listRotations } from './rotations-service';
import { ADMIN, MANAGE, READ, requireAdmin } from './scope';

const IdParam = z.object({ id: QueryInt32.positive() });
const PageParam = z.object({ page: QueryInt32.min(0) });
const VersionQuery = z.object({ version: QueryInt32.optional() });
const read = { permission: READ };
const manage = { permission: MANAGE };
const admin = { permission: ADMIN };
const NoContent = { 204: z.null() };
const CKE_KEY = 'cke-toggle';

export async function organisationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Logo uploads: the image's bytes as the body (type checked against its first bytes).
  for (const type of [/^image\//, 'application/octet-stream'])
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: 2 * LOGO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

  // ---- offices --------------------------------------------------------------------------------------
  const offices = ['offices'];
  r.get(
    '/icd-offices',
    {
      config: read,
      schema: {
        tags: offices,
        summary: 'Offices in scope, sorted by owner, corporation and office name',
        querystring: OfficeQuery,
        response: { 200: z.array(Office) },
      },
    },
    async (request) => listOffices({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/icd-offices/getCKEToggleInfo',
    {
      config: read,
      schema: { tags: offices, summary: 'The CKE toggle', response: { 200: CkeToggle } },
    },
    async () => {
      const [row] = await db.select().from(organisationSettings).where(eqKey(CKE_KEY));
      return { IsEnabled: row ? row.Value === true : false };
    },
  );
  r.post(
    '/icd-offices/setCKEToggleInfo',
    {
      config: admin,
      schema: {
        tags: offices,
        summary: 'Set the CKE toggle: answers true when saved, false otherwise (never fails)',
        body: z.unknown(),
        response: { 200: z.boolean() },
      },
    },
    async (request) => {
      try {
        requireAdmin(actorOf(request));
        const parsed = CkeToggle.safeParse(request.body);
        if (!parsed.success) return false;
        await db
          .insert(organisationSettings)
          .values({ Key: CKE_KEY, Value: parsed.data.IsEnabled })
          .onConflictDoUpdate({
            target: organisationSettings.Key,
            set: { Value: parsed.data.IsEnabled, UpdatedAt: new Date() },
          });
        return true;
      } catch (err) {
        request.log.warn({ err }, 'setCKEToggleInfo failed');
        return false;
      }
    },
  );
  r.get(
    '/icd-offices/:id',
    {
      config: read,
      schema: { tags: offices, summary: 'An office', params: IdParam, response: { 200: Office } },
    },
    async (request) => getOffice({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.post(
    '/icd-offices',
    {
      config: manage,
      schema: {
        tags: offices,
        summary: 'Create an office (in a corporation the caller manages)',
        body: OfficeSave,
        response: { 201: Office },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOffice({ db, actor: actorOf(request), body: request.body })),
  );
  r.put(
    '/icd-offices/:id',
    {
      config: manage,
      schema: {
        tags: offices,
        summary: 'Save an office (409 with Current when Version is stale)',
        params: IdParam,
        body: OfficeUpdate,
        response: { 200: Office },
      },
    },
    async (request) =>
      updateOffice({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.delete(
    '/icd-offices/:id',
    {
      config: manage,
      schema: {
        tags: offices,
        summary: 'Delete an office without employment records (409 otherwise)',
        params: IdParam,
        querystring: VersionQuery,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await deleteOffice({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/icd-offices/:id/roster-sync-job',
    {
      config: manage,
      schema: {
        tags: offices,
        summary: 'Queue a roster sync of the office since lastDate',
        params: IdParam,
        body: RosterSyncJobSave,
        response: { 201: Job },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await rosterSyncJob({
          db,
          actor: actorOf(request),
          id: request.params.id,
          lastDate: request.body.lastDate,
        }),
      ),
  );
  r.post(
    '/icd-offices/:id/meridian-office-id/movement',
    {
      config: manage,
      schema: {
        tags: offices,
        summary: 'Move a Meridian office id to this office (cleared on the office that held it)',
        params: IdParam,
        body: MeridianMovementSave,
        response: { 200: MeridianMovement },
      },
    },
    async (request) =>
      moveMeridianOfficeId({
        db,
        actor: actorOf(request),
        id: request.params.id,
        meridian: request.body.MeridianOfficeID,
      }),
  );
  r.get(
    '/icd-offices/:id/divisions',
    {
      config: read,
      schema: {
        tags: offices,
        summary: "The office's divisions",
        params: IdParam,
        response: { 200: z.array(DivisionItem) },
      },
    },
    async (request) => officeDivisionsList({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.post(
    '/payrolls/create-meridian-job',
    {
      config: admin,
      schema: {
        tags: offices,
        summary:
          'Queue a Meridian job for the office with this Meridian office id (teleMapperEntryID may be null)',
        querystring: MeridianJobQuery,
        response: { 201: Job },
      },
    },
    async (request, reply) => {
      requireAdmin(actorOf(request));
      return reply.code(201).send(
        await createMeridianJob({
          db,
          actor: actorOf(request),
          teleMapperEntryID: request.query.teleMapperEntryID,
          meridianOfficeID: request.query.meridianOfficeID,
        }),
      );
    },
  );

  // ---- divisions ------------------------------------------------------------------------------------
  const divisions = ['divisions'];
  r.get(
    '/divisions',
    {
      config: read,
      schema: {
        tags: divisions,
        summary: 'Divisions in scope',
        querystring: DivisionQuery,
        response: { 200: z.array(DivisionItem) },
      },
    },
    async (request) => listDivisions({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/v2/divisions/:id',
    {
      config: read,
      schema: {
        tags: divisions,
        summary: 'A division with its profiles, offices and modules',
        params: IdParam,
        response: { 200: DivisionV2 },
      },
    },
    async (request) => getDivisionV2({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.post(
    '/divisions',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: 'Create a division',
        body: DivisionSave,
        response: { 201: DivisionItem },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDivision({ db, actor: actorOf(request), body: request.body })),
  );
  r.put(
    '/divisions/:id',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: 'Save a division (409 with Current when Version is stale)',
        params: IdParam,
        body: DivisionUpdate,
        response: { 200: DivisionItem },
      },
    },
    async (request) =>
      updateDivision({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.delete(
    '/divisions/:id',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: 'Delete a division no office or employee uses (409 otherwise)',
        params: IdParam,
        querystring: VersionQuery,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await deleteDivision({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );
  r.get(
    '/division-profiles',
    {
      config: read,
      schema: {
        tags: divisions,
        summary: 'Division profiles with their payroll policy history',
        querystring: DivisionProfileQuery,
        response: { 200: z.array(DivisionProfile) },
      },
    },
    async (request) => listDivisionProfiles({ db, actor: actorOf(request), query: request.query }),
  );
  r.put(
    '/division-profiles/:id/payroll-policy-history',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary: "Save a profile's payroll policy history (dates in order, no overlap; 409 when stale)",
        params: IdParam,
        body: PayrollPolicyHistorySave,
        response: { 200: DivisionProfile },
      },
    },
    async (request) =>
      savePayrollPolicyHistory({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.get(
    '/division-profiles/rotations',
    {
      config: read,
      schema: {
        tags: divisions,
        summary:
          'Rotations (pay-period windows) of division profiles, with their pay periods and time entries',
        querystring: RotationsQuery,
        response: { 200: z.array(ProfileRotations) },
      },
    },
    async (request) => listRotations({ db, actor: actorOf(request), query: request.query }),
  );
  r.patch(
    '/division-profiles/:id/rotations',
    {
      config: admin,
      schema: {
        tags: divisions,
        summary:
          'Rotation adjustment: adjusted, new and deleted rotations move, create and delete their pay periods (?preview=true saves nothing)',
        params: IdParam,
        querystring: RotationAdjustmentQuery,
        body: RotationAdjustment,
        response: { 200: RotationAdjustmentResult },
      },
    },
    async (request) =>
      adjustRotations({
        db,
        actor: actorOf(request),
        id: request.params.id,
        body: request.body,
        preview: request.query.preview === 'true',
      }),
  );

  // ---- corporations ---------------------------------------------------------------------------------
  const corps = ['corporations'];
  r.get(
    '/corporations',
    {
      config: read,
      schema: {
        tags: corps,
        summary: 'Corporations in scope (Owner then ClientName; sort=canUpdate puts the updatable first)',
        querystring: CorporationQuery,
        response: { 200: z.array(Corporation) },
      },
    },
    async (request) => listCorporations({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/corporations/page/:page',
    {
      config: read,
      schema: {
        tags: corps,
        summary: 'One page of corporations (page index from 0)',
        params: PageParam,
        querystring: CorporationPageQuery,
        response: { 200: CorporationPage },
      },
    },
    async (request) =>
      pageCorporations({ db, actor: actorOf(request), page: request.params.page, query: request.query }),
  );
  r.get(
    '/corporations/get-allcorp-status-list',
    {
      config: read,
      schema: {
        tags: corps,
        summary: 'Every corporation in scope with its status',
        response: { 200: z.array(CorporationStatusRow) },
      },
    },
    async (request) => corporationStatusList({ db, actor: actorOf(request) }),
  );
  r.get(
    '/corporation-statuses',
    {
      config: read,
      schema: {
        tags: corps,
        summary: 'Corporation statuses (Active 1, Inactive 2)',
        response: { 200: z.array(CorporationStatusItem) },
      },
    },
    async () => corporationStatuses(),
  );
  r.get(
    '/corporations/managed',
    {
      config: read,
      schema: {
        tags: corps,
        summary: 'Corporations the caller may update',
        response: { 200: z.array(Corporation) },
      },
    },
    async (request) => managedCorporations({ db, actor: actorOf(request) }),
  );
  r.get(
    '/corporations/inquiry',
    {
      config: read,
      schema: {
        tags: corps,
        summary:
          'Company status inquiry report: each corporation with its status, offices, people and divisions',
        querystring: InquiryQuery,
        response: { 200: z.array(InquiryRow) },
      },
    },
    async (request) => corporationInquiry({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/corporations/module/:id',
    {
      config: read,
      schema: {
        tags: corps,
        summary: 'Corporations using a module ({id} is the ModuleID)',
        params: IdParam,
        response: { 200: z.array(Corporation) },
      },
    },
    async (request) => corporationsByModule({ db, actor: actorOf(request), moduleId: request.params.id }),
  );
  r.get(
    '/corporations/permissions/:id',
    {
      config: read,
      schema: {
        tags: corps,
        summary: "A corporation's module permissions",
        params: IdParam,
        response: { 200: z.array(CorporationModulePermission) },
      },
    },
    async (request) => corporationModulePermissions({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.get(
    '/corporations/geticdcorporationbyemployee/:id',
    {
      config: read,
      schema: {
        tags: corps,
        summary: "The corporation of an employee's employment record ({id} is the EmployeeID)",
        params: IdParam,
        response: { 200: Corporation },
      },
    },
    async (request) => corporationByEmployee({ db, actor: actorOf(request), employeeId: request.params.id }),
  );
  r.get(
    '/corporations/geticdcorporationtaxinfo/:id',
    {
      config: manage,
      schema: {
        tags: corps,
        summary: 'Tax information and deductions of a corporation the caller may update',
        params: IdParam,
        response: { 200: TaxInfo },
      },
    },
    async (request) => getTaxInfo({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.post(
    '/corporation/:id/saveDeduct',
    {
      config: manage,
      schema: {
        tags: corps,
        summary: 'Save tax information and deductions (Version 0 the first time; 409 when stale)',
        params: IdParam,
        body: TaxInfoSave,
        response: { 200: TaxInfo },
      },
    },
    async (request) =>
      saveTaxInfo({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.get(
    '/corporations/:id',
    {
      config: read,
      schema: { tags: corps, summary: 'A corporation', params: IdParam, response: { 200: Corporation } },
    },
    async (request) => getCorporation({ db, actor: actorOf(request), id: request.params.id }),
  );
  r.get(
    '/corporations/:id/logo',
    {
      config: read,
      schema: {
        tags: corps,
        summary: "The corporation's logo (gif, jpeg or png bytes)",
        params: IdParam,
        produces: ['image/png', 'image/jpeg', 'image/gif'],
        response: { 200: z.any().describe('binary') },
      },
    },
    async (request, reply) => {
      const logo = await getLogo({ db, actor: actorOf(request), id: request.params.id });
      reply.header('Content-Type', logo.Type ?? 'application/octet-stream');
      reply.header('Cache-Control', 'private, no-cache');
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.send(logo.Logo);
    },
  );
  r.put(
    '/corporations/:id/logo',
    {
      config: manage,
      bodyLimit: 2 * LOGO_MAX_BYTES,
      schema: {
        tags: corps,
        summary:
          'Upload the logo: the image as the body (Content-Type image/gif, image/jpeg or image/png; at most 1 MB)',
        params: IdParam,
        querystring: z.object({ fileName: z.string().max(400).optional() }),
        consumes: ['image/png', 'image/jpeg', 'image/gif'],
        response: { 200: Corporation },
      },
    },
    async (request) =>
      putLogo({
        db,
        actor: actorOf(request),
        id: request.params.id,
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        declaredType: request.headers['content-type'] ?? '',
        fileName: request.query.fileName ? cleanFileName(request.query.fileName) : null,
      }),
  );
  r.delete(
    '/corporations/:id/logo',
    {
      config: manage,
      schema: { tags: corps, summary: 'Remove the logo', params: IdParam, response: NoContent },
    },
    async (request, reply) => {
      await deleteLogo({ db, actor: actorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/corporations',
    {
      config: admin,
      schema: {
        tags: corps,
        summary: 'Create a corporation',
        body: CorporationSave,
        response: { 201: Corporation },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCorporation({ db, actor: actorOf(request), body: request.body })),
  );
  r.put(
    '/corporations/:id',
    {
      config: manage,
      schema: {
        tags: corps,
        summary: 'Save a corporation (status, country and modules: administrators only; 409 when stale)',
        params: IdParam,
        body: CorporationUpdate,
        response: { 200: Corporation },
      },
    },
    async (request) =>
      updateCorporation({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );
  r.delete(
    '/corporations/:id',
    {
      config: admin,
      schema: {
        tags: corps,
        summary: 'Delete a corporation without offices (409 otherwise)',
        params: IdParam,
        querystring: VersionQuery,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await deleteCorporation({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );
}

const eqKey = (key: string) => eq(organisationSettings.Key, key);
