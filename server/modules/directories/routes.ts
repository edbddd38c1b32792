// People directories (src/contract/directories.ts): the same five calls for each kind, and the
// auditors of a corporation. Reading: `people:read` (scoped to the caller's corporations); writing:
// `people:manage` for all offices.
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  Auditor,
  AuditorSave,
  AuditorUpdate,
  DeleteQuery,
  DirectoryQuery,
  Hub,
  HubSave,
  HubUpdate,
  NationalConsultant,
  NationalConsultantSave,
  NationalConsultantUpdate,
  PromotingOwner,
  PromotingOwnerSave,
  PromotingOwnerUpdate,
  RegionalConsultant,
  RegionalConsultantSave,
  RegionalConsultantUpdate,
} from '../../../src/contract/directories';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import type { Actor } from '../access/service';
import { auditorService } from './auditors';
import { nationalConsultantService, regionalConsultantService } from './consultants';
import { hubService } from './hubs';
import { promotingOwnerService } from './promoting-owners';
import { MANAGE, READ } from './scope';

const IdParam = z.object({ id: QueryInt32.positive() });
const tags = ['people'];

interface Service<TItem, TSave, TUpdate> {
  list(p: { db: Db; actor: Actor; search?: string }): Promise<TItem[]>;
  get(p: { db: Db; actor: Actor; id: number }): Promise<TItem>;
  create(p: { db: Db; actor: Actor; body: TSave }): Promise<TItem>;
  update(p: { db: Db; actor: Actor; id: number; body: TUpdate }): Promise<TItem>;
  remove(p: { db: Db; actor: Actor; id: number; version?: number }): Promise<void>;
}

function crud<I extends z.ZodType, S extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  d: {
    path: string;
    /** "auditor", "hub"… */
    noun: string;
    Item: I;
    Save: S;
    Update: U;
    service: Service<z.output<I>, z.output<S>, z.output<U>>;
  },
) {
  // The schemas validate every request; the generic handlers read what they produced (the type
  // provider cannot resolve schemas given as type parameters, hence the casts below).
  const r = app;
  const { path, noun, service } = d;
  const idOf = (request: { params: unknown }) => (request.params as z.output<typeof IdParam>).id;
  r.get(
    `/${path}`,
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: `Every ${noun} the caller may read, sorted by name (search: name, e-mail, phone)`,
        querystring: DirectoryQuery,
        response: { 200: z.array(d.Item) },
      } as FastifySchema,
    },
    async (request) =>
      service.list({
        db,
        actor: actorOf(request),
        search: (request.query as z.output<typeof DirectoryQuery>).search,
      }),
  );
  r.get(
    `/${path}/:id`,
    {
      config: { permission: READ },
      schema: { tags, summary: `One ${noun}`, params: IdParam, response: { 200: d.Item } } as FastifySchema,
    },
    async (request) => service.get({ db, actor: actorOf(request), id: idOf(request) }),
  );
  r.post(
    `/${path}`,
    {
      config: { permission: MANAGE },
      schema: { tags, summary: `Create a ${noun}`, body: d.Save, response: { 201: d.Item } } as FastifySchema,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create({ db, actor: actorOf(request), body: request.body as z.output<S> })),
  );
  r.put(
    `/${path}/:id`,
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: `Save a ${noun} (409 with Current when Version is stale)`,
        params: IdParam,
        body: d.Update,
        response: { 200: d.Item },
      } as FastifySchema,
    },
    async (request) =>
      service.update({ db, actor: actorOf(request), id: idOf(request), body: request.body as z.output<U> }),
  );
  r.delete(
    `/${path}/:id`,
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: `Delete a ${noun} (422 while other records refer to it; 409 when version is stale)`,
        params: IdParam,
        querystring: DeleteQuery,
        response: { 204: z.null() },
      } as FastifySchema,
    },
    async (request, reply) => {
      await service.remove({
        db,
        actor: actorOf(request),
        id: idOf(request),
        version: (request.query as z.output<typeof DeleteQuery>).version,
      });
      return reply.code(204).send(null);
    },
  );
}

export async function directoryRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  crud(app, db, {
    path: 'auditors',
    noun: 'auditor',
    Item: Auditor,
    Save: AuditorSave,
    Update: AuditorUpdate,
    service: auditorService,
  });
  crud(app, db, {
    path: 'hubs',
    noun: 'hub',
    Item: Hub,
    Save: HubSave,
    Update: HubUpdate,
    service: hubService,
  });
  crud(app, db, {
    path: 'national-consultants',
    noun: 'national consultant',
    Item: NationalConsultant,
    Save: NationalConsultantSave,
    Update: NationalConsultantUpdate,
    service: nationalConsultantService,
  });
  crud(app, db, {
    path: 'promoting-owners',
    noun: 'promoting owner',
    Item: PromotingOwner,
    Save: PromotingOwnerSave,
    Update: PromotingOwnerUpdate,
    service: promotingOwnerService,
  });
  crud(app, db, {
    path: 'regional-consultants',
    noun: 'regional consultant',
    Item: RegionalConsultant,
    Save: RegionalConsultantSave,
    Update: RegionalConsultantUpdate,
    service: regionalConsultantService,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/corporations/:id/auditors',
    {
      config: { permission: READ },
      schema: {
        tags: ['corporations'],
        summary: 'The auditors of a corporation (404 when the corporation is not the caller’s)',
        params: IdParam,
        response: { 200: z.array(Auditor) },
      },
    },
    async (request) =>
      auditorService.ofCorporation({ db, actor: actorOf(request), corporationId: request.params.id }),
  );
}
