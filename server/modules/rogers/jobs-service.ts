// Rogers report jobs (POST reports/rogers/create-job-live-payout-report, create-refresh-report-job,
// refresh-report-job-data/{id}; GET reports/rogers/report-jobs/{id} for the job tracker). A job keeps
// one report's filters and, once run, its result. It is run by the first read that finds it queued
// (the tracker polls every 5000 ms): the read claims it atomically (Queued → Processing), computes the
// report with its creator's scope, and stores Succeeded with the result or Failed with the message.
// A job is read only by its creator (else 404).
import { and, eq } from 'drizzle-orm';
import { JobStatus } from '../../../src/contract/common';
import type { RogersReportId, RogersReportJob, RogersReportQuery } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import { rogersReportJobs } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { REPORTS, runReport } from './reports-service';
import { corporationFilter, officeFilter, rogersScope } from './scope';

type JobRow = typeof rogersReportJobs.$inferSelect;
const JOB = 'The report job';

function toWire(j: JobRow): RogersReportJob {
  return {
    Id: j.Id,
    ReportID: j.ReportID as RogersReportId,
    Query: j.Query,
    JobStatus: j.JobStatus,
    Messages: j.Messages,
    CreatedAt: j.CreatedAt.toISOString(),
    FinishedAt: j.FinishedAt ? j.FinishedAt.toISOString() : null,
    Result: j.JobStatus === JobStatus.Succeeded ? j.Result : null,
  };
}

export async function createJob(
  db: Db,
  actor: Actor,
  id: RogersReportId,
  query: RogersReportQuery,
  now: Date,
): Promise<RogersReportJob> {
  // Refuse out-of-scope or missing filters now rather than in a failed job.
  const scope = await rogersScope(db, actor);
  officeFilter(scope, query.icdOfficeID);
  corporationFilter(scope, query.icdCorporationID ?? query.IcdCorporationID);
  for (const f of REPORTS[id].Required)
    if (query[f] === undefined) throw badRequest('The request is not valid.', { [f]: ['Enter a date'] });
  const [row] = await db
    .insert(rogersReportJobs)
    .values({ ReportID: id, Query: query, CreatedByEmployeeID: actor.EmployeeID, CreatedAt: now })
    .returning();
  return toWire(row);
}

async function ownJob(db: Db, actor: Actor, id: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(rogersReportJobs)
    .where(and(eq(rogersReportJobs.Id, id), eq(rogersReportJobs.CreatedByEmployeeID, actor.EmployeeID)));
  if (!row) throw notFound(JOB);
  return row;
}

/** Queue the job again: its data is computed anew on the next read. */
export async function refreshJob(db: Db, actor: Actor, id: number): Promise<RogersReportJob> {
  await ownJob(db, actor, id);
  const [row] = await db
    .update(rogersReportJobs)
    .set({ JobStatus: JobStatus.Queued, Messages: [], Result: null, StartedAt: null, FinishedAt: null })
    .where(eq(rogersReportJobs.Id, id))
    .returning();
  return toWire(row);
}

/** The job; a queued one is run first. */
export async function readJob(db: Db, actor: Actor, id: number, now: Date): Promise<RogersReportJob> {
  const row = await ownJob(db, actor, id);
  if (row.JobStatus !== JobStatus.Queued) return toWire(row);
  const [claimed] = await db
    .update(rogersReportJobs)
    .set({ JobStatus: JobStatus.Processing, StartedAt: now })
    .where(and(eq(rogersReportJobs.Id, id), eq(rogersReportJobs.JobStatus, JobStatus.Queued)))
    .returning();
  if (!claimed) return toWire(await ownJob(db, actor, id));
  let done: Partial<JobRow>;
  try {
    const result = await runReport({ db, actor, id: row.ReportID as RogersReportId, query: row.Query, now });
    done = { JobStatus: JobStatus.Succeeded, Result: result, Messages: [`${result.Rows.length} rows`] };
  } catch (e) {
    const message = e instanceof AppError ? e.message : 'The report could not be made.';
    done = { JobStatus: JobStatus.Failed, Messages: [message] };
  }
  const [finished] = await db
    .update(rogersReportJobs)
    .set({ ...done, FinishedAt: now })
    .where(eq(rogersReportJobs.Id, id))
    .returning();
  return toWire(finished);
}
