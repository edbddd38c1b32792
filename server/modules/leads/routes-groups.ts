// Lead groups and geographies, territories, territory offices (with history) and lead office teams.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GroupLeadsQuery,
  LeadGroup,
  LeadGroupCreate,
  LeadGroupGeography,
  LeadGroupGeographySave,
  LeadGroupPatch,
  LeadGroupsQuery,
  LeadOfficeTeam,
  LeadOfficeTeamSave,
  LeadOfficeTeamsQuery,
  LeadPage,
  TerritoriesHistoryQuery,
  TerritoriesQuery,
  Territory,
  TerritoryCreate,
  TerritoryHistoryQuery,
  TerritoryOffice,
  TerritoryOfficeAssignments,
  TerritoryUpdate,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  addGeography,
  createGroup,
  deleteGeography,
  getGroup,
  listGroups,
  patchGroup,
  updateGeography,
} from './groups-service';
import { listLeads } from './leads-service';
import { GroupGeographyParams, IdParams, MANAGE, NoContent, WORK } from './route-common';
import {
  assignTerritoryOffices,
  createTeam,
  createTerritory,
  deleteTeam,
  deleteTerritory,
  listGroupTerritories,
  listLeadTerritories,
  listTeams,
  listTerritoryOffices,
  territoriesOfOffice,
  updateTeam,
  updateTerritory,
} from './territories-service';

export function leadGroupRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  // --- Lead groups -----------------------------------------------------------------------------
  r.get(
    '/lead-groups',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'Lead groups the caller sees',
        querystring: LeadGroupsQuery,
        response: { 200: z.array(LeadGroup) },
      },
    },
    async (request) => listGroups({ db, actor: actorOf(request), ...request.query }),
  );
  r.post(
    '/lead-groups',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Create a lead group (not named in the spec)',
        body: LeadGroupCreate,
        response: { 201: LeadGroup },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createGroup({ db, actor: actorOf(request), input: request.body })),
  );
  r.get(
    '/lead-groups/:id',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'One lead group with its geographies',
        params: IdParams,
        response: { 200: LeadGroup },
      },
    },
    async (request) => getGroup({ db, actor: actorOf(request), groupId: request.params.id }),
  );
  r.patch(
    '/lead-groups/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Rename or (de)activate a lead group',
        params: IdParams,
        body: LeadGroupPatch,
        response: { 200: LeadGroup },
      },
    },
    async (request) =>
      patchGroup({ db, actor: actorOf(request), groupId: request.params.id, patch: request.body }),
  );
  r.get(
    '/lead-groups/:id/leads',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'Leads of one group (same filters as GET leads), paged',
        params: IdParams,
        querystring: GroupLeadsQuery,
        response: { 200: LeadPage },
      },
    },
    async (request) =>
      listLeads({ db, actor: actorOf(request), query: { ...request.query, leadGroupId: request.params.id } }),
  );
  r.post(
    '/lead-groups/:id/geographies',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Add a geography to a lead group',
        params: IdParams,
        body: LeadGroupGeographySave,
        response: { 201: LeadGroupGeography },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await addGeography({
          db,
          actor: actorOf(request),
          groupId: request.params.id,
          input: request.body,
        }),
      ),
  );
  r.put(
    '/lead-groups/:id/geographies/:geographyId',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a geography (Version)',
        params: GroupGeographyParams,
        body: LeadGroupGeographySave,
        response: { 200: LeadGroupGeography },
      },
    },
    async (request) =>
      updateGeography({
        db,
        actor: actorOf(request),
        groupId: request.params.id,
        geographyId: request.params.geographyId,
        input: request.body,
      }),
  );
  r.delete(
    '/lead-groups/:id/geographies/:geographyId',
    {
      config: MANAGE,
      schema: { tags, summary: 'Remove a geography', params: GroupGeographyParams, response: NoContent },
    },
    async (request, reply) => {
      await deleteGeography({
        db,
        actor: actorOf(request),
        groupId: request.params.id,
        geographyId: request.params.geographyId,
      });
      return reply.code(204).send(null);
    },
  );

  // --- Territories -----------------------------------------------------------------------------
  r.get(
    '/lead-groups/:id/territories',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'Territories of a group (reps: the ones their office/team works)',
        params: IdParams,
        response: { 200: z.array(Territory) },
      },
    },
    async (request) => listGroupTerritories({ db, actor: actorOf(request), groupId: request.params.id }),
  );
  r.post(
    '/territories',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Draw a territory (GeoJSON Polygon/MultiPolygon)',
        body: TerritoryCreate,
        response: { 201: Territory },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTerritory({ db, actor: actorOf(request), input: request.body })),
  );
  r.put(
    '/territories/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a territory (Version); its leads are re-assigned',
        params: IdParams,
        body: TerritoryUpdate,
        response: { 200: Territory },
      },
    },
    async (request) =>
      updateTerritory({ db, actor: actorOf(request), territoryId: request.params.id, input: request.body }),
  );
  r.delete(
    '/territories/:id',
    {
      config: MANAGE,
      schema: { tags, summary: 'Delete a territory', params: IdParams, response: NoContent },
    },
    async (request, reply) => {
      await deleteTerritory({ db, actor: actorOf(request), territoryId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  // --- Territory offices -------------------------------------------------------------------------
  r.get(
    '/territory-offices',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'Current territory → office/team assignments',
        querystring: TerritoriesQuery,
        response: { 200: z.array(TerritoryOffice) },
      },
    },
    async (request) =>
      listTerritoryOffices({
        db,
        actor: actorOf(request),
        groupId: request.query.leadGroupId,
        officeId: request.query.icdOfficeId,
      }),
  );
  r.get(
    '/lead-territories',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'Territories the caller sees, with their current office',
        querystring: TerritoriesQuery,
        response: { 200: z.array(Territory) },
      },
    },
    async (request) =>
      listLeadTerritories({
        db,
        actor: actorOf(request),
        groupId: request.query.leadGroupId,
        officeId: request.query.icdOfficeId,
      }),
  );
  r.get(
    '/lead-territories/office/:id',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'Territories currently worked by an office',
        params: IdParams,
        response: { 200: z.array(Territory) },
      },
    },
    async (request) => territoriesOfOffice({ db, actor: actorOf(request), officeId: request.params.id }),
  );
  r.get(
    '/territory-office-history',
    {
      config: WORK,
      schema: {
        tags,
        summary: 'Office assignment history of one territory (newest first)',
        querystring: TerritoryHistoryQuery,
        response: { 200: z.array(TerritoryOffice) },
      },
    },
    async (request) =>
      listTerritoryOffices({
        db,
        actor: actorOf(request),
        history: { territoryId: request.query.territoryId },
      }),
  );
  r.get(
    '/territories-office-history',
    {
      config: WORK,
      schema: {
        tags,
        summary: "Office assignment history of a group's territories (optionally overlapping a date range)",
        querystring: TerritoriesHistoryQuery,
        response: { 200: z.array(TerritoryOffice) },
      },
    },
    async (request) =>
      listTerritoryOffices({
        db,
        actor: actorOf(request),
        groupId: request.query.leadGroupId,
        history: { fromDate: request.query.fromDate, toDate: request.query.toDate },
      }),
  );
  r.patch(
    '/lead-group/:id/territories/offices',
    {
      config: MANAGE,
      schema: {
        tags,
        summary:
          'Assign territories to offices/teams from a date (the previous assignment ends the day before)',
        params: IdParams,
        body: TerritoryOfficeAssignments,
        response: { 200: z.array(TerritoryOffice) },
      },
    },
    async (request) =>
      assignTerritoryOffices({
        db,
        actor: actorOf(request),
        groupId: request.params.id,
        items: request.body,
      }),
  );

  // --- Lead office teams -------------------------------------------------------------------------
  r.get(
    '/lead-office-teams',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Lead office teams of the offices the caller manages',
        querystring: LeadOfficeTeamsQuery,
        response: { 200: z.array(LeadOfficeTeam) },
      },
    },
    async (request) => listTeams({ db, actor: actorOf(request), officeId: request.query.icdOfficeId }),
  );
  r.post(
    '/lead-office-teams',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Create a lead office team',
        body: LeadOfficeTeamSave,
        response: { 201: LeadOfficeTeam },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTeam({ db, actor: actorOf(request), input: request.body })),
  );
  r.put(
    '/lead-office-teams/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a lead office team (Version)',
        params: IdParams,
        body: LeadOfficeTeamSave,
        response: { 200: LeadOfficeTeam },
      },
    },
    async (request) =>
      updateTeam({ db, actor: actorOf(request), teamId: request.params.id, input: request.body }),
  );
  r.delete(
    '/lead-office-teams/:id',
    {
      config: MANAGE,
      schema: { tags, summary: 'Delete a lead office team', params: IdParams, response: NoContent },
    },
    async (request, reply) => {
      await deleteTeam({ db, actor: actorOf(request), teamId: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
