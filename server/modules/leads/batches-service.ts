// Lead batches: an uploaded CSV/XLSX file becomes a batch and a queued geocoding job (run by the
// worker in server/jobs/lead-batches.ts). Listing, reading and deleting batches; job status.
import { and, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { JobStatus } from '../../../src/contract/common';
import {
  LEAD_BATCH_CONTENT_TYPES,
  LEAD_BATCH_MAX_BYTES,
  type LeadBatch,
  type LeadBatchJob,
  type LeadBatchUpload,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { employees, leadActivity, leadBatches, leadBatchJobs, leadGroups, leads } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import { cleanFileName } from '../../uploads';
import type { Actor } from '../access/service';
import { listImportSchemas } from './lookups';
import { canManageGroup, groupFor, leadScopeOf } from './scope';
import { recogniseSheet, WRONG_TYPE_MESSAGE } from './spreadsheet';

export const TOO_LARGE_MESSAGE = 'The file is larger than 10 MB. Split it into smaller files.';
export { WRONG_TYPE_MESSAGE };

type JobRow = typeof leadBatchJobs.$inferSelect;

export function toWireJob(job: JobRow, description: string): LeadBatchJob {
  return {
    Id: job.Id,
    LeadBatchID: job.LeadBatchID,
    JobStatus: job.JobStatus,
    Description: description,
    RowCount: job.RowCount,
    ProcessedCount: job.ProcessedCount,
    FailedCount: job.FailedCount,
    LocatedCount: job.LocatedCount,
    LocatedUnsureCount: job.LocatedUnsureCount,
    NoResultsCount: job.NoResultsCount,
    MultipleResultsCount: job.MultipleResultsCount,
    ErrorCount: job.ErrorCount,
    Messages: job.Messages,
    CreatedAt: job.CreatedAt,
    StartedAt: job.StartedAt,
    FinishedAt: job.FinishedAt,
  };
}

const describe = (b: { Description: string; FileName: string }) => b.Description || b.FileName;

/** Batch columns without the file content. */
const batchColumns = {
  LeadBatchID: leadBatches.LeadBatchID,
  LeadGroupID: leadBatches.LeadGroupID,
  ImportSchemaID: leadBatches.ImportSchemaID,
  FileName: leadBatches.FileName,
  ContentType: leadBatches.ContentType,
  FileSize: leadBatches.FileSize,
  Description: leadBatches.Description,
  DefaultLeadStatusID: leadBatches.DefaultLeadStatusID,
  CreatedByEmployeeID: leadBatches.CreatedByEmployeeID,
  CreatedAt: leadBatches.CreatedAt,
};

async function wireBatches(
  db: Db,
  where: ReturnType<typeof and>,
  paging?: { limit: number; offset: number },
) {
  const base = db
    .select({
      batch: batchColumns,
      job: leadBatchJobs,
      LeadGroupName: leadGroups.Name,
      IcdCorporationID: leadGroups.IcdCorporationID,
      CreatedByName: sql<string | null>`${employees.FirstName} || ' ' || ${employees.LastName}`,
    })
    .from(leadBatches)
    .innerJoin(leadBatchJobs, eq(leadBatchJobs.LeadBatchID, leadBatches.LeadBatchID))
    .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leadBatches.LeadGroupID))
    .leftJoin(employees, eq(employees.EmployeeID, leadBatches.CreatedByEmployeeID))
    .where(where)
    .orderBy(desc(leadBatches.LeadBatchID));
  const rows = paging ? await base.limit(paging.limit).offset(paging.offset) : await base;
  const ids = rows.map((r) => r.batch.LeadBatchID);
  const counts = ids.length
    ? await db
        .select({ id: leads.LeadBatchID, n: count() })
        .from(leads)
        .where(inArray(leads.LeadBatchID, ids))
        .groupBy(leads.LeadBatchID)
    : [];
  return rows.map(
    (r): LeadBatch => ({
      ...r.batch,
      LeadGroupName: r.LeadGroupName,
      CreatedByName: r.CreatedByName,
      LeadsCount: counts.find((c) => c.id === r.batch.LeadBatchID)?.n ?? 0,
      Job: toWireJob(r.job, describe(r.batch)),
    }),
  );
}

/** Groups the caller manages (for scoping batch lists). */
async function managedGroupIds(db: Db, actor: Actor): Promise<'all' | number[]> {
  const scope = await leadScopeOf(db, actor);
  if (scope.manageCorps === 'all') return 'all';
  const groups = await db.select().from(leadGroups);
  return groups.filter((g) => canManageGroup(scope, g)).map((g) => g.LeadGroupID);
}

export async function listBatches(params: {
  db: Db;
  actor: Actor;
  leadGroupId?: number;
  pageIndex: number;
  pageSize: number;
}) {
  const { db, actor, leadGroupId, pageIndex, pageSize } = params;
  const scope = await leadScopeOf(db, actor);
  if (leadGroupId !== undefined) await groupFor(db, scope, leadGroupId, 'manage');
  const managed = await managedGroupIds(db, actor);
  if (managed !== 'all' && managed.length === 0)
    return { Items: [], TotalCount: 0, PageIndex: pageIndex, PageSize: pageSize };
  const where = and(
    leadGroupId === undefined ? undefined : eq(leadBatches.LeadGroupID, leadGroupId),
    managed === 'all' ? undefined : inArray(leadBatches.LeadGroupID, managed),
  );
  const [{ total }] = await db.select({ total: count() }).from(leadBatches).where(where);
  return {
    Items: await wireBatches(db, where, { limit: pageSize, offset: pageIndex * pageSize }),
    TotalCount: total,
    PageIndex: pageIndex,
    PageSize: pageSize,
  };
}

async function batchFor(db: Db, actor: Actor, batchId: number): Promise<LeadBatch> {
  const [batch] = await wireBatches(db, and(eq(leadBatches.LeadBatchID, batchId)));
  if (!batch) throw notFound('The lead batch');
  const scope = await leadScopeOf(db, actor);
  const [group] = await db.select().from(leadGroups).where(eq(leadGroups.LeadGroupID, batch.LeadGroupID));
  if (!canManageGroup(scope, group)) throw notFound('The lead batch');
  return batch;
}

export const getBatch = (params: { db: Db; actor: Actor; batchId: number }) =>
  batchFor(params.db, params.actor, params.batchId);

export async function getBatchJob(params: { db: Db; actor: Actor; jobId: number }): Promise<LeadBatchJob> {
  const { db, actor, jobId } = params;
  const [job] = await db.select().from(leadBatchJobs).where(eq(leadBatchJobs.Id, jobId));
  if (!job) throw notFound('The lead batch job');
  return (await batchFor(db, actor, job.LeadBatchID)).Job;
}

/** Decoded size of base64 text without decoding it. */
function base64Size(text: string): number {
  const clean = text.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/**
 * Checks the file (size 413; type 415 by name, declared type and content) and queues its geocoding
 * job. The file name is kept as a clean base name (server/uploads.ts).
 */
export async function createBatch(params: {
  db: Db;
  actor: Actor;
  input: LeadBatchUpload;
  now?: Date;
}): Promise<LeadBatch> {
  const { db, actor, input } = params;
  const scope = await leadScopeOf(db, actor);
  const group = await groupFor(db, scope, input.LeadGroupID, 'manage');
  if (base64Size(input.ContentBase64) > LEAD_BATCH_MAX_BYTES) throw new AppError(413, TOO_LARGE_MESSAGE);
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(input.ContentBase64))
    throw badRequest('The request is not valid.', { ContentBase64: ['Not base64 text'] });
  const bytes = Buffer.from(input.ContentBase64, 'base64');
  if (bytes.length === 0)
    throw badRequest('The request is not valid.', { ContentBase64: ['The file is empty'] });
  if (bytes.length > LEAD_BATCH_MAX_BYTES) throw new AppError(413, TOO_LARGE_MESSAGE);
  const fileName = cleanFileName(input.FileName);
  const { kind, problem } = recogniseSheet(fileName, input.ContentType, bytes);
  if (!kind) throw new AppError(415, problem);

  const schemas = await listImportSchemas(db, group.DivisionID);
  const schemaId =
    input.ImportSchemaID ??
    schemas.find((s) => s.DivisionID === group.DivisionID)?.ImportSchemaID ??
    schemas.find((s) => s.IsDefault)?.ImportSchemaID ??
    null;
  if (input.ImportSchemaID !== undefined && !schemas.some((s) => s.ImportSchemaID === input.ImportSchemaID))
    throw badRequest('The request is not valid.', {
      ImportSchemaID: ["Not an import schema of the group's division"],
    });

  const batchId = await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(leadBatches)
      .values({
        LeadGroupID: group.LeadGroupID,
        ImportSchemaID: schemaId,
        FileName: fileName,
        ContentType: LEAD_BATCH_CONTENT_TYPES[kind],
        FileSize: bytes.length,
        Content: bytes,
        Description: input.Description?.trim() ?? '',
        DefaultLeadStatusID: input.DefaultLeadStatusID ?? null,
        CreatedByEmployeeID: actor.EmployeeID,
      })
      .returning({ id: leadBatches.LeadBatchID });
    await tx.insert(leadBatchJobs).values({ LeadBatchID: batch.id, JobStatus: JobStatus.Queued });
    return batch.id;
  });
  return batchFor(db, actor, batchId);
}

/**
 * DELETE lead-batches/{id}: removes the batch, its job and the leads it created that were never
 * worked; leads with activity stay (detached). Refused while the job is running.
 */
export async function deleteBatch(params: { db: Db; actor: Actor; batchId: number }) {
  const { db, actor, batchId } = params;
  const batch = await batchFor(db, actor, batchId);
  if (batch.Job.JobStatus === JobStatus.Processing)
    throw new AppError(409, 'The batch is being imported; delete it when its job has finished.');
  return db.transaction(async (tx) => {
    // Stop a queued job from starting.
    await tx.delete(leadBatchJobs).where(eq(leadBatchJobs.LeadBatchID, batchId));
    const deleted = await tx
      .delete(leads)
      .where(
        and(
          eq(leads.LeadBatchID, batchId),
          isNull(leads.LastActivityAt),
          notExists(
            tx.select({ one: sql`1` }).from(leadActivity).where(eq(leadActivity.LeadID, leads.LeadID)),
          ),
        ),
      )
      .returning({ id: leads.LeadID });
    const kept = await tx
      .update(leads)
      .set({ LeadBatchID: null, BatchRowNumber: null })
      .where(eq(leads.LeadBatchID, batchId))
      .returning({ id: leads.LeadID });
    await tx.delete(leadBatches).where(eq(leadBatches.LeadBatchID, batchId));
    return { LeadBatchID: batchId, DeletedLeadsCount: deleted.length, KeptLeadsCount: kept.length };
  });
}
