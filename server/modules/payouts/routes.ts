// Posted payouts and RS payout transfers (spec 002 §7); see src/contract/payouts.ts.
// Permissions: payouts:read (reads), payouts:write (writes); scope by corporation in the services.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QueryInt32 } from '../../../src/contract/common';
import {
  IcdPostedPayouts,
  PostedPayout,
  PostedPayoutCreateQuery,
  PostedPayoutHistoryEntry,
  PostedPayoutPatch,
  PostedPayoutSave,
  PostedPayoutsQuery,
  RsPayoutTransfer,
  RsPayoutTransferSave,
  RsPayoutTransfersQuery,
  RsPayoutTransferUpdate,
  VersionQuery,
} from '../../../src/contract/payouts';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import {
  createPostedPayout,
  deletePostedPayout,
  getPostedPayout,
  listIcdPostedPayouts,
  listPostedPayouts,
  PAYOUTS_READ,
  PAYOUTS_WRITE,
  patchPostedPayout,
  postedPayoutHistoryOf,
} from './posted-service';
import { createTransfer, deleteTransfer, listTransfers, updateTransfer } from './transfers-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const read = { permission: PAYOUTS_READ };
const write = { permission: PAYOUTS_WRITE };
const tags = ['payouts'];

export async function payoutRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/posted-payouts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Posted payouts (newest first) with their comparison against the payout policy',
        querystring: PostedPayoutsQuery,
        response: { 200: z.array(PostedPayout) },
      },
    },
    async (request) => listPostedPayouts(db, actorOf(request), request.query),
  );

  r.get(
    '/posted-payouts/icd',
    {
      config: read,
      schema: {
        tags,
        summary: 'Posted payouts grouped per ICD corporation, with totals and comparison',
        querystring: PostedPayoutsQuery,
        response: { 200: z.array(IcdPostedPayouts) },
      },
    },
    async (request) => listIcdPostedPayouts(db, actorOf(request), request.query),
  );

  r.get(
    '/posted-payouts/icd/:id',
    {
      config: read,
      schema: { tags, summary: 'A posted payout', params: IdParam, response: { 200: PostedPayout } },
    },
    async (request) => getPostedPayout(db, actorOf(request), request.params.id),
  );

  r.get(
    '/posted-payouts/icd/:id/history',
    {
      config: read,
      schema: {
        tags,
        summary: 'Who created, changed or deleted a posted payout, when, and the fields changed',
        params: IdParam,
        response: { 200: z.array(PostedPayoutHistoryEntry) },
      },
    },
    async (request) => postedPayoutHistoryOf(db, actorOf(request), request.params.id),
  );

  r.post(
    '/posted-payouts',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Post a payout to an ICD corporation for a division (DivisionID, IcdCorporationID in the query)',
        querystring: PostedPayoutCreateQuery,
        body: PostedPayoutSave,
        response: { 201: PostedPayout },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPostedPayout(db, actorOf(request), request.query, request.body)),
  );

  r.patch(
    '/posted-payouts/icd/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a posted payout (409 with Current when Version is stale)',
        params: IdParam,
        body: PostedPayoutPatch,
        response: { 200: PostedPayout },
      },
    },
    async (request) => patchPostedPayout(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/posted-payouts/icd/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a posted payout (its history is kept)',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deletePostedPayout(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/rs-payout-transfers',
    {
      config: read,
      schema: {
        tags,
        summary: 'RS payout transfers (newest first)',
        querystring: RsPayoutTransfersQuery,
        response: { 200: z.array(RsPayoutTransfer) },
      },
    },
    async (request) => listTransfers(db, actorOf(request), request.query),
  );

  r.post(
    '/rs-payout-transfers',
    {
      config: write,
      schema: {
        tags,
        summary: 'Record money moved to or from an ICD corporation for RS payouts',
        body: RsPayoutTransferSave,
        response: { 201: RsPayoutTransfer },
      },
    },
    async (request, reply) => reply.code(201).send(await createTransfer(db, actorOf(request), request.body)),
  );

  r.put(
    '/rs-payout-transfers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save an RS payout transfer (409 with Current when Version is stale)',
        params: IdParam,
        body: RsPayoutTransferUpdate,
        response: { 200: RsPayoutTransfer },
      },
    },
    async (request) => updateTransfer(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/rs-payout-transfers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an RS payout transfer',
        params: IdParam,
        querystring: VersionQuery,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTransfer(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
}
