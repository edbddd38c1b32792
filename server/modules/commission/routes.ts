// Commission and payout policy calls (spec 001 §7 "Commission policies"; spec 002 §7 "Payout
// policies", "Products and orders" product commission policies); see src/contract/commission.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommissionPermissions,
  CommissionPoliciesQuery,
  CommissionPolicy,
  CommissionPolicySave,
  CommissionPolicyUpdate,
  CorporationPayoutPolicySave,
  CorporationPayoutPolicyUpdate,
  DivisionPayoutPolicySave,
  DivisionPayoutPolicyUpdate,
  MultiPlayPolicy,
  MultiPlayPolicySave,
  MultiPlayPolicyUpdate,
  PayoutCommissions,
  PayoutCommissionsRequest,
  PayoutPoliciesQuery,
  PayoutPolicy,
  PayoutRateRow,
  PayoutRateTableQuery,
  ProductPoliciesQuery,
  ProductPolicy,
  ProductPolicyBulk,
  ProductPolicySave,
  ProductPolicyUpdate,
  VersionQuery,
} from '../../../src/contract/commission';
import { QueryInt32 } from '../../../src/contract/common';
import type { Db } from '../../db/client';
import { actorOf } from '../../plugins/auth';
import { COMMISSION_READ, COMMISSION_WRITE, PAYOUT_READ, PAYOUT_WRITE } from './common';
import {
  createMultiPlayPolicy,
  deleteMultiPlayPolicy,
  divisionMultiPlayPolicies,
  getMultiPlayPolicy,
  updateMultiPlayPolicy,
} from './multi-play-service';
import {
  createPayoutPolicy,
  getPayoutPolicy,
  listPayoutPolicies,
  type PayoutKind,
  payoutCommissions,
  payoutRateTable,
  updatePayoutPolicy,
} from './payout-service';
import {
  commissionPermissions,
  corporationCommissionPolicies,
  createCommissionPolicy,
  deleteCommissionPolicy,
  getCommissionPolicy,
  listCommissionPolicies,
  updateCommissionPolicy,
} from './policies-service';
import {
  createProductPolicies,
  createProductPolicy,
  deleteProductPolicy,
  getProductPolicy,
  listProductPolicies,
  updateProductPolicy,
} from './product-service';

const IdParam = z.object({ id: QueryInt32.positive() });
const cRead = { permission: COMMISSION_READ };
const cWrite = { permission: COMMISSION_WRITE };
const pRead = { permission: PAYOUT_READ };
const pWrite = { permission: PAYOUT_WRITE };
const tags = ['commission'];
const STALE = ' (409 with Current when Version is stale)';

export async function commissionRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ICD commission policies (per corporation)

  r.get(
    '/corporations/:id/commission-policies',
    {
      config: cRead,
      schema: {
        tags,
        summary: "A corporation's commission policies (404 when the corporation is out of scope)",
        params: IdParam,
        response: { 200: z.array(CommissionPolicy) },
      },
    },
    async (request) => corporationCommissionPolicies(db, actorOf(request), request.params.id),
  );

  r.get(
    '/corporations/:id/commission-permissions',
    {
      config: cRead,
      schema: {
        tags,
        summary:
          "What the caller may do with a corporation's commission policies; types and programs a policy may name",
        params: IdParam,
        response: { 200: CommissionPermissions },
      },
    },
    async (request) => commissionPermissions(db, actorOf(request), request.params.id),
  );

  r.get(
    '/commission-policies',
    {
      config: cRead,
      schema: {
        tags,
        summary:
          'ICD commission policies of the corporations in scope (filters: icdCorporationID, programID)',
        querystring: CommissionPoliciesQuery,
        response: { 200: z.array(CommissionPolicy) },
      },
    },
    async (request) => listCommissionPolicies(db, actorOf(request), request.query),
  );

  r.get(
    '/commission-policies/:id',
    {
      config: cRead,
      schema: {
        tags,
        summary: 'An ICD commission policy',
        params: IdParam,
        response: { 200: CommissionPolicy },
      },
    },
    async (request) => getCommissionPolicy(db, actorOf(request), request.params.id),
  );

  r.post(
    '/commission-policies',
    {
      config: cWrite,
      schema: {
        tags,
        summary:
          'Create an ICD commission policy (tiers 0–1,000,000 without gap or overlap; a duplicate corporation + program + retailer in the period is refused naming the existing policy)',
        body: CommissionPolicySave,
        response: { 201: CommissionPolicy },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCommissionPolicy(db, actorOf(request), request.body)),
  );

  r.put(
    '/commission-policies/:id',
    {
      config: cWrite,
      schema: {
        tags,
        summary: `Save an ICD commission policy${STALE}`,
        params: IdParam,
        body: CommissionPolicyUpdate,
        response: { 200: CommissionPolicy },
      },
    },
    async (request) => updateCommissionPolicy(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/commission-policies/:id',
    {
      config: cWrite,
      schema: {
        tags,
        summary: `Delete an ICD commission policy (optional ?version=N: 409 when stale)`,
        params: IdParam,
        querystring: VersionQuery,
      },
    },
    async (request, reply) => {
      await deleteCommissionPolicy(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send();
    },
  );

  // Multi-play (per division)

  r.get(
    '/divisions/:id/multi-play-commission-policies',
    {
      config: cRead,
      schema: {
        tags,
        summary: "A division's multi-play commission policies (404 when the division is out of scope)",
        params: IdParam,
        response: { 200: z.array(MultiPlayPolicy) },
      },
    },
    async (request) => divisionMultiPlayPolicies(db, actorOf(request), request.params.id),
  );

  r.get(
    '/multi-play-commission-policies/:id',
    {
      config: cRead,
      schema: {
        tags,
        summary: 'A multi-play commission policy',
        params: IdParam,
        response: { 200: MultiPlayPolicy },
      },
    },
    async (request) => getMultiPlayPolicy(db, actorOf(request), request.params.id),
  );

  r.post(
    '/multi-play-commission-policies',
    {
      config: cWrite,
      schema: {
        tags,
        summary:
          'Create a multi-play commission policy (a product + product line pair already in another policy of the division is refused naming it)',
        body: MultiPlayPolicySave,
        response: { 201: MultiPlayPolicy },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createMultiPlayPolicy(db, actorOf(request), request.body)),
  );

  r.put(
    '/multi-play-commission-policies/:id',
    {
      config: cWrite,
      schema: {
        tags,
        summary: `Save a multi-play commission policy${STALE}`,
        params: IdParam,
        body: MultiPlayPolicyUpdate,
        response: { 200: MultiPlayPolicy },
      },
    },
    async (request) => updateMultiPlayPolicy(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/multi-play-commission-policies/:id',
    {
      config: cWrite,
      schema: {
        tags,
        summary: 'Delete a multi-play commission policy (optional ?version=N: 409 when stale)',
        params: IdParam,
        querystring: VersionQuery,
      },
    },
    async (request, reply) => {
      await deleteMultiPlayPolicy(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send();
    },
  );

  // Product commission policies

  r.get(
    '/product-commission-policies',
    {
      config: cRead,
      schema: {
        tags,
        summary:
          'Product commission policies of the divisions in scope (filters: divisionID, programID, productID, date in force)',
        querystring: ProductPoliciesQuery,
        response: { 200: z.array(ProductPolicy) },
      },
    },
    async (request) => listProductPolicies(db, actorOf(request), request.query),
  );

  r.get(
    '/product-commission-policies/:id',
    {
      config: cRead,
      schema: {
        tags,
        summary: 'A product commission policy',
        params: IdParam,
        response: { 200: ProductPolicy },
      },
    },
    async (request) => getProductPolicy(db, actorOf(request), request.params.id),
  );

  r.post(
    '/product-commission-policies',
    {
      config: cWrite,
      schema: {
        tags,
        summary:
          'Create a product commission policy (a duplicate program + retailer and product + product line in the period is refused naming the existing policy; tiers 0–1,000,000 without gap or overlap)',
        body: ProductPolicySave,
        response: { 201: ProductPolicy },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProductPolicy(db, actorOf(request), request.body)),
  );

  r.post(
    '/product-commission-policies/bulk',
    {
      config: cWrite,
      schema: {
        tags,
        summary:
          "Create several product commission policies, all or nothing (errors by row: 'Policies.<row>.<Field>')",
        body: ProductPolicyBulk,
        response: { 201: z.array(ProductPolicy) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProductPolicies(db, actorOf(request), request.body.Policies)),
  );

  r.put(
    '/product-commission-policies/:id',
    {
      config: cWrite,
      schema: {
        tags,
        summary: `Save a product commission policy${STALE}`,
        params: IdParam,
        body: ProductPolicyUpdate,
        response: { 200: ProductPolicy },
      },
    },
    async (request) => updateProductPolicy(db, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/product-commission-policies/:id',
    {
      config: cWrite,
      schema: {
        tags,
        summary: 'Delete a product commission policy (optional ?version=N: 409 when stale)',
        params: IdParam,
        querystring: VersionQuery,
      },
    },
    async (request, reply) => {
      await deleteProductPolicy(db, actorOf(request), request.params.id, request.query.version);
      return reply.code(204).send();
    },
  );

  // Payout policies (division and corporation)

  const payoutSet = (
    base: string,
    kind: PayoutKind,
    save: typeof DivisionPayoutPolicySave | typeof CorporationPayoutPolicySave,
    update: typeof DivisionPayoutPolicyUpdate | typeof CorporationPayoutPolicyUpdate,
    label: string,
  ) => {
    r.get(
      `/${base}`,
      {
        config: pRead,
        schema: {
          tags,
          summary: `${label} payout policies in scope (filters: divisionID, icdCorporationID)`,
          querystring: PayoutPoliciesQuery,
          response: { 200: z.array(PayoutPolicy) },
        },
      },
      async (request) => listPayoutPolicies(db, actorOf(request), kind, request.query),
    );
    r.get(
      `/${base}/:id`,
      {
        config: pRead,
        schema: {
          tags,
          summary: `A ${label.toLowerCase()} payout policy`,
          params: IdParam,
          response: { 200: PayoutPolicy },
        },
      },
      async (request) => getPayoutPolicy(db, actorOf(request), request.params.id, kind),
    );
    r.post(
      `/${base}`,
      {
        config: pWrite,
        schema: {
          tags,
          summary: `Create a ${label.toLowerCase()} payout policy (tiers of units 0–1,000,000; a duplicate in the period is refused naming it)`,
          body: save,
          response: { 201: PayoutPolicy },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createPayoutPolicy(db, actorOf(request), kind, request.body as z.infer<typeof save>)),
    );
    r.put(
      `/${base}/:id`,
      {
        config: pWrite,
        schema: {
          tags,
          summary: `Save a ${label.toLowerCase()} payout policy${STALE}`,
          params: IdParam,
          body: update,
          response: { 200: PayoutPolicy },
        },
      },
      async (request) =>
        updatePayoutPolicy(
          db,
          actorOf(request),
          kind,
          request.params.id,
          request.body as z.infer<typeof update>,
        ),
    );
  };
  payoutSet(
    'division-payout-policies',
    'division',
    DivisionPayoutPolicySave,
    DivisionPayoutPolicyUpdate,
    'Division',
  );
  payoutSet(
    'corporation-payout-policies',
    'corporation',
    CorporationPayoutPolicySave,
    CorporationPayoutPolicyUpdate,
    'Corporation',
  );

  r.post(
    '/payout-policy/commissions',
    {
      config: pRead,
      schema: {
        tags,
        summary:
          'The payout of each order under a payout policy (by id, or the one in force for a division, corporation, program and day): marginal tiers, units counted in order after PriorQuantity',
        body: PayoutCommissionsRequest,
        response: { 200: PayoutCommissions },
      },
    },
    async (request) => payoutCommissions(db, actorOf(request), request.body),
  );

  r.get(
    '/reports/payout-policies/payout-rate-table',
    {
      config: pRead,
      schema: {
        tags,
        summary:
          'Payout rate table: one row per tier of every payout policy in scope (filters: divisionID, icdCorporationID, date)',
        querystring: PayoutRateTableQuery,
        response: { 200: z.array(PayoutRateRow) },
      },
    },
    async (request) => payoutRateTable(db, actorOf(request), request.query),
  );
}
