// Office calls (spec 000 §7 "Offices"): offices, their divisions, the CKEditor toggle, Meridian jobs
// and the roster sync. Keys: organisation:read / :manage / :admin (see scope.ts).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CkeToggle,
  DivisionItem,
  Job,
  MeridianJobQuery,
  MeridianMovement,
  MeridianMovementSave,
  Office,
  OfficeQuery,
  OfficeSave,
  OfficeUpdate,
  RosterSyncJobSave,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { organisationSettings } from '../../db/tables';
import { actorOf } from '../../plugins/auth';
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
import { admin, IdParam, manage, NoContent, read, VersionQuery } from './route-parts';
import { requireAdmin } from './scope';

const CKE_KEY = 'cke-toggle';

export function officeRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}

const eqKey = (key: string) => eq(organisationSettings.Key, key);
