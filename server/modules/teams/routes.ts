// Teams calls (spec 002 §7 "Teams"); see src/contract/teams.ts. Permission: scheduling:manage.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  Team,
  TeamDetail,
  TeamMember,
  TeamMemberSave,
  TeamMemberUpdate,
  TeamQuery,
  TeamSave,
  TeamUpdate,
} from '../../../src/contract/teams';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { MANAGE } from '../scheduling/scope';
import {
  addMember,
  createTeam,
  deleteTeam,
  getTeam,
  listTeams,
  removeMember,
  teamMembersOf,
  updateMember,
  updateTeam,
} from './service';

const IdParam = z.object({ id: QueryInt32.positive() });
const MemberParams = IdParam.extend({ memberId: QueryInt32.positive() });
const manage = { permission: MANAGE };
const tags = ['teams'];

export async function teamRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/teams',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Teams of the offices the caller manages',
        querystring: TeamQuery,
        response: { 200: z.array(Team) },
      },
    },
    async (request) => listTeams({ db, actor: actorOf(request), query: request.query }),
  );

  r.get(
    '/teams/RetrieveTeamMembers/:id',
    {
      config: manage,
      schema: { tags, summary: "A team's members", params: IdParam, response: { 200: z.array(TeamMember) } },
    },
    async (request) => teamMembersOf({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.get(
    '/teams/:id',
    {
      config: manage,
      schema: { tags, summary: 'A team with its members', params: IdParam, response: { 200: TeamDetail } },
    },
    async (request) => getTeam({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.post(
    '/teams',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a team (optionally with members)',
        body: TeamSave,
        response: { 201: TeamDetail },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTeam({ db, actor: actorOf(request), body: request.body })),
  );

  r.put(
    '/teams/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save a team's name and office (409 with Current when Version is stale)",
        params: IdParam,
        body: TeamUpdate,
        response: { 200: TeamDetail },
      },
    },
    async (request) => updateTeam({ db, actor: actorOf(request), id: request.params.id, body: request.body }),
  );

  r.delete(
    '/teams/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a team',
        params: IdParam,
        querystring: z.object({ version: QueryInt32.optional() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTeam({
        db,
        actor: actorOf(request),
        id: request.params.id,
        version: request.query.version,
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/teams/:id/team-members',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a member (roles, leader)',
        params: IdParam,
        body: TeamMemberSave,
        response: { 201: TeamMember },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addMember({ db, actor: actorOf(request), id: request.params.id, body: request.body })),
  );

  r.put(
    '/teams/:id/team-members/:memberId',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save a member's roles and leader flag ({memberId} is the EmployeeID; 409 when stale)",
        params: MemberParams,
        body: TeamMemberUpdate,
        response: { 200: TeamMember },
      },
    },
    async (request) =>
      updateMember({
        db,
        actor: actorOf(request),
        id: request.params.id,
        employeeId: request.params.memberId,
        body: request.body,
      }),
  );

  r.delete(
    '/teams/:id/team-members/:memberId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a member ({memberId} is the EmployeeID)',
        params: MemberParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember({
        db,
        actor: actorOf(request),
        id: request.params.id,
        employeeId: request.params.memberId,
      });
      return reply.code(204).send(null);
    },
  );
}
