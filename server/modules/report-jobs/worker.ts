// The report job queue: jobs wait in the database (report_jobs, JobStatus Queued 1) and the server
// runs them in the background, one at a time per server process (REPORT_JOB_CONCURRENCY, 1 or 2).
// A job is claimed atomically (`for update skip locked`), so several processes share the queue. A job
// whose worker stops showing signs of life for STALE_MS — the server stopped or restarted while it
// ran — is not started again: it ends Failed with a message asking to run it again.
// Cancel (DELETE of a queued or running job) sets CancelRequested; the worker stops at its next
// checkpoint (between chunks of employees) and the job ends Failed with 'Cancelled.'.

import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { JobStatus } from '../../../src/contract/common';
import type { ComplianceKind } from '../../../src/contract/report-jobs';
import type { Db } from '../../db/client';
import { reportJobDocuments, reportJobs } from '../../db/tables';
import { POLL_MS } from '../../jobs/poll';
import { JobCancelled, runComplianceJob } from './run';

export const STALE_MS = 90_000;
export const RESTARTED_MESSAGE = 'The server stopped while this job was running. Run the report again.';
export const CANCELLED_MESSAGE = 'Cancelled.';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const wake = new EventEmitter();
wake.setMaxListeners(100);
export function notifyReportJobQueued(): void {
  wake.emit('queued');
}

/** Jobs left Processing without a heartbeat for STALE_MS become Failed. */
export async function failStaleJobs(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - STALE_MS);
  const rows = await db
    .update(reportJobs)
    .set({ JobStatus: JobStatus.Failed, ErrorMessage: RESTARTED_MESSAGE, FinishedAt: now })
    .where(
      and(
        eq(reportJobs.JobStatus, JobStatus.Processing),
        sql`(${reportJobs.HeartbeatAt} is null or ${reportJobs.HeartbeatAt} < ${before.toISOString()})`,
      ),
    )
    .returning({ Id: reportJobs.Id });
  return rows.length;
}

export async function claimReportJob(db: Db, workerId: string, now = new Date()) {
  const result = await db.execute(sql`
    update report_jobs set job_status = ${JobStatus.Processing}, claimed_by = ${workerId},
      heartbeat_at = ${now.toISOString()}, started_at = ${now.toISOString()}
    where report_job_id = (
      select report_job_id from report_jobs
      where job_status = ${JobStatus.Queued} and not cancel_requested
      order by report_job_id limit 1 for update skip locked)
    returning report_job_id`);
  const rows = (result as unknown as { rows: { report_job_id: number }[] }).rows;
  if (!rows?.length) return null;
  const [job] = await db.select().from(reportJobs).where(eq(reportJobs.Id, rows[0].report_job_id));
  return job ?? null;
}

type JobRow = typeof reportJobs.$inferSelect;

export async function processReportJob(
  db: Db,
  job: JobRow,
  opts: { workerId: string; log: Log; publicUrl?: string; shouldStop?: () => boolean },
): Promise<void> {
  const mine = and(eq(reportJobs.Id, job.Id), eq(reportJobs.ClaimedBy, opts.workerId));
  const finish = (values: Partial<JobRow>) =>
    db
      .update(reportJobs)
      .set({ ...values, FinishedAt: new Date() })
      .where(mine);
  try {
    const result = await runComplianceJob(
      db,
      {
        Id: job.Id,
        Reports: job.Reports as ComplianceKind[],
        ReportOutputFormat: job.ReportOutputFormat,
        StartDate: String(job.StartDate).slice(0, 10),
        EndDate: String(job.EndDate).slice(0, 10),
        ScopeOfficeIDs: job.ScopeOfficeIDs,
        DateRangeType: job.DateRangeType,
      },
      {
        publicUrl: opts.publicUrl,
        checkpoint: async (progress) => {
          const [row] = await db
            .update(reportJobs)
            .set({ Progress: progress, HeartbeatAt: new Date() })
            .where(mine)
            .returning({ CancelRequested: reportJobs.CancelRequested });
          if (!row || row.CancelRequested || opts.shouldStop?.()) throw new JobCancelled();
        },
      },
    );
    await db.transaction(async (tx) => {
      await tx
        .insert(reportJobDocuments)
        .values({ ReportJobID: job.Id, Content: result.content, ByteLength: result.content.length })
        .onConflictDoNothing();
      await tx
        .update(reportJobs)
        .set({
          JobStatus: JobStatus.Succeeded,
          Progress: 100,
          RowCount: result.rowCount,
          FlaggedCount: result.flaggedCount,
          Summary: result.summary,
          FileName: result.fileName,
          FinishedAt: new Date(),
          Messages: [`${result.rowCount} rows, ${result.flaggedCount} flagged.`],
        })
        .where(mine);
    });
  } catch (err) {
    if (err instanceof JobCancelled) {
      await finish({
        JobStatus: JobStatus.Failed,
        ErrorMessage: opts.shouldStop?.() ? RESTARTED_MESSAGE : CANCELLED_MESSAGE,
      });
      return;
    }
    opts.log.error({ err, reportJobId: job.Id }, 'report job failed');
    await finish({
      JobStatus: JobStatus.Failed,
      ErrorMessage:
        'The report could not be produced. Try again; if it fails again, tell your administrator.',
    }).catch(() => undefined);
  }
}

export interface ReportWorkerOptions {
  db: Db;
  log: Log;
  publicUrl?: string;
  /** Jobs run at once by this process (1 or 2). */
  concurrency?: number;
  intervalMs?: number;
}

export function startReportJobWorker(options: ReportWorkerOptions): () => Promise<void> {
  const { db, log } = options;
  // A job queued by this process wakes the worker at once (`wake`); the poll only finds jobs queued
  // by another server process and jobs left stale, so it need not run often (each poll is a query
  // that waits its turn on the embedded database's one connection).
  const intervalMs = options.intervalMs ?? POLL_MS;
  const slots = Math.min(2, Math.max(1, options.concurrency ?? 1));
  const workerId = `${process.pid}-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const running = new Set<Promise<void>>();

  const loop = async () => {
    while (!stopped) {
      const job = await claimReportJob(db, workerId);
      if (!job) return;
      await processReportJob(db, job, {
        workerId,
        log,
        publicUrl: options.publicUrl,
        shouldStop: () => stopped,
      });
    }
  };
  const run = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const start = async () => {
      await failStaleJobs(db);
      while (running.size < slots && !stopped) {
        const p: Promise<void> = loop()
          .catch((err) => log.error({ err }, 'report job worker: poll failed'))
          .finally(() => running.delete(p));
        running.add(p);
      }
    };
    void start()
      .catch((err) => log.error({ err }, 'report job worker: start failed'))
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(run, intervalMs);
          timer.unref();
        }
      });
  };
  const onQueued = () => run();
  wake.on('queued', onQueued);
  timer = setTimeout(run, 0);
  timer.unref();
  return async () => {
    stopped = true;
    wake.off('queued', onQueued);
    if (timer) clearTimeout(timer);
    await Promise.all([...running]);
  };
}
