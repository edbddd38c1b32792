// Leads policies, division lead data keys and leads policy, import schemas, lead batches and their
// jobs, and the lead reports.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DivisionLeadsPolicy,
  EmployeeLeadActivityPage,
  EmployeeLeadsActivityQuery,
  ImportSchema,
  ImportSchemasQuery,
  LEAD_BATCH_MAX_BYTES,
  LeadBatch,
  LeadBatchDeleteResult,
  LeadBatchesQuery,
  LeadBatchJob,
  LeadBatchPage,
  LeadBatchUpload,
  LeadDataKey,
  LeadGroupRepStatisticsRow,
  LeadsConversionDetailRow,
  LeadsConversionRow,
  LeadsPolicy,
  LeadsPolicySave,
  LeadsReportQuery,
  leadDataKeysOf,
  OwnerLeadsQuery,
  OwnerLeadsRow,
  RepLastLeadPosition,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { notifyLeadBatchQueued } from '../../jobs/lead-batches';
import { actorOf } from '../../plugins/auth';
import { createBatch, deleteBatch, getBatch, getBatchJob, listBatches } from './batches-service';
import { listImportSchemas } from './lookups';
import {
  deleteDivisionPolicy,
  getDivisionPolicy,
  getLeadsPolicy,
  putDivisionPolicy,
  putLeadsPolicy,
} from './policies-service';
import {
  employeeLeadsActivity,
  leadGroupRepStatistics,
  leadsConversion,
  leadsConversionDetail,
  ownerLeads,
  repLastLeadPositions,
} from './reports-service';
import { IdParams, MANAGE, NoContent, WORK } from './route-common';

export function leadAdminRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  // --- Policies, data keys, import schemas ---------------------------------------------------------
  r.get(
    '/leads-policies/:id',
    {
      config: MANAGE,
      schema: { tags, summary: 'A leads policy', params: IdParams, response: { 200: LeadsPolicy } },
    },
    async (request) => getLeadsPolicy({ db, policyId: request.params.id }),
  );
  r.put(
    '/leads-policies/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a leads policy (Version; needs leads:manage for all offices)',
        params: IdParams,
        body: LeadsPolicySave,
        response: { 200: LeadsPolicy },
      },
    },
    async (request) =>
      putLeadsPolicy({ db, actor: actorOf(request), policyId: request.params.id, input: request.body }),
  );
  r.get(
    '/divisions/:id/leads-policy',
    {
      config: WORK,
      schema: {
        tags,
        summary: "The division's leads policy in effect (defaults when none is set), with its lead data keys",
        params: IdParams,
        response: { 200: DivisionLeadsPolicy },
      },
    },
    async (request) => getDivisionPolicy({ db, divisionId: request.params.id }),
  );
  r.put(
    '/divisions/:id/leads-policy',
    {
      config: MANAGE,
      schema: {
        tags,
        summary:
          "Set the division's leads policy (Version when it exists; needs leads:manage for all offices)",
        params: IdParams,
        body: LeadsPolicySave,
        response: { 200: DivisionLeadsPolicy },
      },
    },
    async (request) =>
      putDivisionPolicy({ db, actor: actorOf(request), divisionId: request.params.id, input: request.body }),
  );
  r.delete(
    '/divisions/:id/leads-policy',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: "Remove the division's leads policy (back to defaults)",
        params: IdParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await deleteDivisionPolicy({ db, actor: actorOf(request), divisionId: request.params.id });
      return reply.code(204).send(null);
    },
  );
  r.get(
    '/divisions/:id/lead-data-keys',
    {
      config: WORK,
      schema: {
        tags,
        summary: "The division's lead data keys (Rogers: 'New Offer' and 'New', 'Promo Code'; others none)",
        params: IdParams,
        response: { 200: z.array(LeadDataKey) },
      },
    },
    async (request) => [...leadDataKeysOf(request.params.id)],
  );
  r.get(
    '/import-schemas',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Column mappings for lead batch files',
        querystring: ImportSchemasQuery,
        response: { 200: z.array(ImportSchema) },
      },
    },
    async (request) => listImportSchemas(db, request.query.divisionId),
  );

  // --- Lead batches --------------------------------------------------------------------------------
  r.get(
    '/lead-batches',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Lead batches (imports), newest first',
        querystring: LeadBatchesQuery,
        response: { 200: LeadBatchPage },
      },
    },
    async (request) =>
      listBatches({ db, actor: actorOf(request), ...request.query, leadGroupId: request.query.leadGroupId }),
  );
  r.post(
    '/lead-batches',
    {
      config: MANAGE,
      // Base64 inflates by 4/3: room for a 10 MB file, so the service can answer 413 with its message.
      bodyLimit: Math.ceil((LEAD_BATCH_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags,
        summary:
          'Upload a CSV or XLSX file of leads (≤ 10 MB) as { FileName, ContentBase64 }; queues its geocoding job',
        body: LeadBatchUpload,
        response: { 202: LeadBatch },
      },
    },
    async (request, reply) => {
      const batch = await createBatch({ db, actor: actorOf(request), input: request.body });
      notifyLeadBatchQueued();
      return reply.code(202).send(batch);
    },
  );
  r.get(
    '/lead-batches/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'One lead batch with its job',
        params: IdParams,
        response: { 200: LeadBatch },
      },
    },
    async (request) => getBatch({ db, actor: actorOf(request), batchId: request.params.id }),
  );
  r.delete(
    '/lead-batches/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Delete a batch and the leads it created that were never worked (409 while importing)',
        params: IdParams,
        response: { 200: LeadBatchDeleteResult },
      },
    },
    async (request) => deleteBatch({ db, actor: actorOf(request), batchId: request.params.id }),
  );
  r.get(
    '/lead-batch-jobs/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Status and counts of a lead batch job (poll every 5000 ms; 404 once gone)',
        params: IdParams,
        response: { 200: LeadBatchJob },
      },
    },
    async (request) => getBatchJob({ db, actor: actorOf(request), jobId: request.params.id }),
  );

  // --- Reports -------------------------------------------------------------------------------------
  r.get(
    '/reports/leads-conversion',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Interactions, leads worked and conversions per rep',
        querystring: LeadsReportQuery,
        response: { 200: z.array(LeadsConversionRow) },
      },
    },
    async (request) => leadsConversion({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/reports/leads-conversion-detail',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'The conversions behind the conversion report',
        querystring: LeadsReportQuery,
        response: { 200: z.array(LeadsConversionDetailRow) },
      },
    },
    async (request) => leadsConversionDetail({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/reports/rogers/lead-group-rep-statistics',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Per rep of a lead group: assigned leads, interactions by status, conversions',
        querystring: LeadsReportQuery,
        response: { 200: z.array(LeadGroupRepStatisticsRow) },
      },
    },
    async (request) => leadGroupRepStatistics({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/reports/rep-last-lead-positions',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: "Each rep's last interaction and where it was",
        querystring: LeadsReportQuery,
        response: { 200: z.array(RepLastLeadPosition) },
      },
    },
    async (request) => repLastLeadPositions({ db, actor: actorOf(request), query: request.query }),
  );
  r.get(
    '/reports/owner-leads',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Leads per owner (AssignedOwners) by status',
        querystring: OwnerLeadsQuery,
        response: { 200: z.array(OwnerLeadsRow) },
      },
    },
    async (request) => ownerLeads({ db, actor: actorOf(request), ...request.query }),
  );
  r.get(
    '/employees/:id/leads-activity',
    {
      config: WORK,
      schema: {
        tags,
        summary: "An employee's lead activity, newest first (one's own; managers: their offices' employees)",
        params: IdParams,
        querystring: EmployeeLeadsActivityQuery,
        response: { 200: EmployeeLeadActivityPage },
      },
    },
    async (request) =>
      employeeLeadsActivity({ db, actor: actorOf(request), employeeId: request.params.id, ...request.query }),
  );
}
