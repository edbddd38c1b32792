// Corporation calls (spec 000 §7, spec 001 §7 "Corporations"): list, pages, statuses, inquiry, logo,
// tax information, module permissions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Corporation,
  CorporationModulePermission,
  CorporationPage,
  CorporationPageQuery,
  CorporationQuery,
  CorporationSave,
  CorporationStatusItem,
  CorporationStatusRow,
  CorporationUpdate,
  InquiryQuery,
  InquiryRow,
  LOGO_MAX_BYTES,
  TaxInfo,
  TaxInfoSave,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { cleanFileName } from '../../uploads';
import {
  corporationByEmployee,
  corporationInquiry,
  corporationModulePermissions,
  corporationStatuses,
  corporationStatusList,
  corporationsByModule,
  managedCorporations,
} from './corporation-lists';
import { deleteLogo, getLogo, putLogo } from './corporation-logo';
import { getTaxInfo, saveTaxInfo } from './corporation-tax';
import {
  createCorporation,
  deleteCorporation,
  getCorporation,
  listCorporations,
  pageCorporations,
  updateCorporation,
} from './corporations-service';
import { admin, IdParam, manage, NoContent, PageParam, read, VersionQuery } from './route-parts';

export function corporationRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
