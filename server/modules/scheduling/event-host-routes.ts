// Event hosts v1 (spec 001 §7 "Event hosts"): one catalogue for every office, `scheduling:manage`;
// a host other offices' events use is changed only by someone managing all of them (event-host-service).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  EventHost,
  EventHostQuery,
  EventHostSave,
  EventHostUpdate,
  PagedEventHosts,
  PageParam,
  PageSizeQuery,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { createHost, deleteHost, getHost, listHosts, pageHosts, updateHost } from './event-host-service';
import { MANAGE } from './scope';

const IdParam = z.object({ id: QueryInt32.positive() });
const manage = { permission: MANAGE };
const tags = ['scheduling'];

export async function eventHostRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/event-hosts',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Event hosts (active only unless includeInactive)',
        querystring: EventHostQuery,
        response: { 200: z.array(EventHost) },
      },
    },
    async (request) => listHosts({ db, query: request.query }),
  );

  r.get(
    '/v1/event-hosts/page/:page',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One page of event hosts ({page} is 0-based)',
        params: PageParam,
        querystring: EventHostQuery.extend(PageSizeQuery.shape),
        response: { 200: PagedEventHosts },
      },
    },
    async (request) => {
      const { pageSize, ...query } = request.query;
      return pageHosts({ db, query, pageIndex: request.params.page, pageSize });
    },
  );

  r.get(
    '/v1/event-hosts/:id',
    {
      config: manage,
      schema: { tags, summary: 'An event host', params: IdParam, response: { 200: EventHost } },
    },
    async (request) => getHost({ db, id: request.params.id }),
  );

  r.post(
    '/v1/event-hosts',
    {
      config: manage,
      schema: { tags, summary: 'Create an event host', body: EventHostSave, response: { 201: EventHost } },
    },
    async (request, reply) => reply.code(201).send(await createHost({ db, body: request.body })),
  );

  r.put(
    '/v1/event-hosts/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Save an event host (409 with Current when Version is stale; 403 when events of offices outside your scope use it)',
        params: IdParam,
        body: EventHostUpdate,
        response: { 200: EventHost },
      },
    },
    async (request) => updateHost({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.delete(
    '/v1/event-hosts/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an event host no event uses (422 otherwise: make it inactive)',
        params: IdParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteHost({ db, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
