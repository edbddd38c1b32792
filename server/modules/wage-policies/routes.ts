// Wage policies calls (spec 002 §7 "Wage policies"); see src/contract/wage-policies.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, QueryInt32 } from '../../../src/contract/common';
import { WagePolicy, WagePolicySave, WagePolicyUpdate } from '../../../src/contract/wage-policies';
import type { Db } from '../../db/client';
import { createWagePolicy, getWagePolicy, listWagePolicies, refuseDelete, updateWagePolicy } from './service';

const IdParam = z.object({ id: QueryInt32.positive() });
const read = { permission: 'wagePolicies:read' };
const write = { permission: 'wagePolicies:write' };
const tags = ['wage-policies'];

export async function wagePolicyRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/wage-policies',
    {
      config: read,
      schema: {
        tags,
        summary: 'Wage policies (minimum wage per jurisdiction) with their history',
        response: { 200: z.array(WagePolicy) },
      },
    },
    async () => listWagePolicies(db),
  );

  r.get(
    '/wage-policies/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A wage policy with its history',
        params: IdParam,
        response: { 200: WagePolicy },
      },
    },
    async (request) => getWagePolicy(db, request.params.id),
  );

  r.post(
    '/wage-policies',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a wage policy (history periods may not overlap; minimum wage > 0)',
        body: WagePolicySave,
        response: { 201: WagePolicy },
      },
    },
    async (request, reply) => reply.code(201).send(await createWagePolicy(db, request.body)),
  );

  r.put(
    '/wage-policies/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a wage policy and its whole history (409 with Current when Version is stale)',
        params: IdParam,
        body: WagePolicyUpdate,
        response: { 200: WagePolicy },
      },
    },
    async (request) => updateWagePolicy(db, request.params.id, request.body),
  );

  r.delete(
    '/wage-policies/:id',
    {
      config: write,
      schema: {
        tags,
        summary: "Always refused: 400 'Deleting a wage policy is not allowed.'",
        params: IdParam,
        response: { 400: ErrorBody },
      },
    },
    async () => refuseDelete(),
  );
}
