// Leads (spec 000 §7 Leads, spec 001 §7 Leads): leads, markers, lead groups and geographies,
// territories and their offices, lead office teams, policies, import schemas, batches and reports.
// Permissions: leads:work (reps: their assigned leads and the territories of their office/team;
// interactions; new leads) and leads:manage (owners/managers, within their corporations' offices).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Lead,
  LeadBulkCreate,
  LeadBulkCreateResult,
  LeadBulkPatch,
  LeadBulkPatchResult,
  LeadCreate,
  LeadMarkers,
  LeadMarkersQuery,
  LeadPage,
  LeadPatch,
  LeadStatus,
  LeadStatusesQuery,
  LeadsQuery,
  TerritoryLeadMarkers,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { bulkCreateLeads, createLead } from './leads-create';
import { bulkPatchLeads, patchLead } from './leads-edit';
import { getLead, listLeads } from './leads-service';
import { ensureLeadReference, statusBook } from './lookups';
import { LeadMarkerCache, type MarkerEndpoint, markerCaches } from './markers-cache';
import { encodedBody } from './markers-encoding';
import { IdParams, MANAGE, WORK } from './route-common';
import { leadAdminRoutes } from './routes-admin';
import { leadGroupRoutes } from './routes-groups';

export async function leadsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onReady', async () => {
    await ensureLeadReference(db);
    await markers.start();
  });
  app.addHook('onClose', async () => {
    await markers.stop();
  });

  // The map's answers from memory (markers-cache.ts), with an ETag a phone revalidates with (304).
  const markers = new LeadMarkerCache(db);
  markerCaches.set(app.server, markers);
  async function sendMarkers(
    request: FastifyRequest<{ Querystring: LeadMarkersQuery }>,
    reply: FastifyReply,
    endpoint: MarkerEndpoint,
  ) {
    const out = await markers.answer({
      endpoint,
      actor: actorOf(request),
      query: request.query,
      ifNoneMatch: request.headers['if-none-match'],
    });
    reply.header('ETag', out.etag).header('Cache-Control', 'private, no-cache');
    if (out.notModified) return reply.code(304).send();
    const { body, encoding } = encodedBody(out.answer, request.headers['accept-encoding']);
    reply.header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  }

  r.get(
    '/leads',
    {
      config: WORK,
      schema: {
        tags: ['leads'],
        summary: 'Leads the caller may see (group, bounding box, status, territory, assignee filters), paged',
        querystring: LeadsQuery,
        response: { 200: LeadPage },
      },
    },
    async (request) => listLeads({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/leads/:id',
    {
      config: WORK,
      schema: {
        tags: ['leads'],
        summary: 'One lead with its LeadActivityHistory (newest first)',
        params: IdParams,
        response: { 200: Lead },
      },
    },
    async (request) => getLead({ db, actor: actorOf(request), leadId: request.params.id }),
  );

  r.post(
    '/leads',
    {
      config: WORK,
      schema: {
        tags: ['leads'],
        summary: 'Add a lead (a rep adding a door is assigned to it; a status makes the first interaction)',
        body: LeadCreate,
        response: { 201: Lead },
      },
    },
    async (request, reply) => {
      const lead = await createLead({ db, actor: actorOf(request), input: request.body });
      return reply.code(201).send(lead);
    },
  );

  r.post(
    '/leads/bulk',
    {
      config: MANAGE,
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['leads'],
        summary: 'Add up to 1000 leads at once (managers)',
        body: LeadBulkCreate,
        response: { 201: LeadBulkCreateResult },
      },
    },
    async (request, reply) => {
      const result = await bulkCreateLeads({ db, actor: actorOf(request), inputs: request.body });
      return reply.code(201).send(result);
    },
  );

  r.patch(
    '/leads/bulk',
    {
      config: MANAGE,
      schema: {
        tags: ['leads'],
        summary: 'Change status or assignments of many leads (managers); statuses are logged as activity',
        body: LeadBulkPatch,
        response: { 200: LeadBulkPatchResult },
      },
    },
    async (request) => bulkPatchLeads({ db, actor: actorOf(request), patch: request.body }),
  );

  r.patch(
    '/leads/:id',
    {
      config: WORK,
      schema: {
        tags: ['leads'],
        summary:
          'Log an interaction (status, declaration, note, where and when — also recorded offline) and/or edit the lead',
        params: IdParams,
        body: LeadPatch,
        response: { 200: Lead },
      },
    },
    async (request) =>
      patchLead({ db, actor: actorOf(request), leadId: request.params.id, patch: request.body }),
  );

  r.get(
    '/lead-markers',
    {
      config: WORK,
      schema: {
        tags: ['leads'],
        summary:
          'Markers of a viewport: Leads with status names and colours merged, plus LeadStatuses; past `limit`, Clusters on a grid',
        querystring: LeadMarkersQuery,
        response: { 200: LeadMarkers },
      },
    },
    async (request, reply) => sendMarkers(request, reply, 'markers'),
  );

  r.get(
    '/lead-territories/lead-markers',
    {
      config: WORK,
      schema: {
        tags: ['leads'],
        summary: 'Markers plus the territories and TerritoriesLeadsCounts (per territory, by status)',
        querystring: LeadMarkersQuery,
        response: { 200: TerritoryLeadMarkers },
      },
    },
    async (request, reply) => sendMarkers(request, reply, 'territories'),
  );

  r.get(
    '/lead-statuses',
    {
      config: WORK,
      schema: {
        tags: ['leads'],
        summary: 'Lead statuses (of a division), for pickers and legends (not named in the spec)',
        querystring: LeadStatusesQuery,
        response: { 200: z.array(LeadStatus) },
      },
    },
    async (request) => (await statusBook(db, request.query.divisionId)).list,
  );

  leadGroupRoutes(app, db);
  leadAdminRoutes(app, db);
}
