// Background-job tracker (spec 000 §4, spec 001 §4, spec 002 §1): lead-batch and report jobs the
// user started are kept in localStorage and polled every 5000 ms. A job stops being tracked when it
// is finished (Failed or Succeeded) or when the server has nothing for it (204, an empty body, 404,
// or another refusal such as 400/403/410). Subscribers are told when a job's Id, JobStatus or
// number of Messages changes, and not otherwise; a job the server no longer has is reported once
// with `job: null`. Tracking survives a reload: start() re-reads the storage.
//
// Storage: localStorage `apex.jobs:<api root>` holds JSON
// `[{ "kind": "leadBatch" | "report", "id": <tracked id>, "job": <last job seen> | null }]`.
// Every poll re-reads it, so jobs added by another tab are polled too.
import { z } from 'zod';
import { JobStatus } from '../contract/common';
import type { ApiClient, Logger } from './api-client';
import { classifyError } from './errors';
import { jobTrackerStorageKey } from './job-storage';
import { browserStorage, type StorageLike } from './method-support';

export const JOB_POLL_INTERVAL_MS = 5000;

export type JobKind = 'leadBatch' | 'report';
export type JobId = number | string;

/** Where each kind of job is read, relative to the API root. */
export const JOB_PATHS: Record<JobKind, (id: JobId) => string> = {
  leadBatch: (id) => `lead-batch-jobs/${encodeURIComponent(String(id))}`,
  report: (id) => `v1/report-jobs/${encodeURIComponent(String(id))}`,
};

/** A job as the server sends it; other fields (lead-batch counts, report type …) are kept. */
export const Job = z.looseObject({
  Id: z.union([z.number(), z.string()]),
  JobStatus: z.number().int(),
  Messages: z
    .array(z.string())
    .nullish()
    .transform((messages) => messages ?? []),
});
export type Job = z.output<typeof Job>;

export interface TrackedJob {
  kind: JobKind;
  /** The id the job was tracked with (the path id). */
  id: JobId;
  /** The job as last seen, null before the first poll. */
  job: Job | null;
}

export interface JobUpdate {
  kind: JobKind;
  id: JobId;
  /** The job now; null when the server has nothing for it any more (tracking stopped). */
  job: Job | null;
  previous: Job | null;
  /** True when the job reached Failed or Succeeded (tracking stopped). */
  finished: boolean;
}

export type JobListener = (update: JobUpdate) => void;

export function isFinished(status: number): boolean {
  return status === JobStatus.Failed || status === JobStatus.Succeeded;
}

export { jobTrackerStorageKey } from './job-storage';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface JobTrackerOptions {
  /** Reads one job: the job, or null/undefined when the server has nothing for it. */
  fetchJob: (kind: JobKind, id: JobId) => Promise<Job | null | undefined>;
  storageKey: string;
  /** Default localStorage. */
  storage?: StorageLike | null;
  timers?: Timers;
  intervalMs?: number;
  log?: Logger;
}

const sameJob = (a: { kind: JobKind; id: JobId }, kind: JobKind, id: JobId) =>
  a.kind === kind && String(a.id) === String(id);

function changed(previous: Job | null, job: Job): boolean {
  return (
    previous === null ||
    String(previous.Id) !== String(job.Id) ||
    previous.JobStatus !== job.JobStatus ||
    (previous.Messages?.length ?? 0) !== job.Messages.length
  );
}

const StoredJobs = z.array(
  z.object({
    kind: z.enum(['leadBatch', 'report']),
    id: z.union([z.number(), z.string()]),
    job: Job.nullable().catch(null),
  }),
);

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class JobTracker {
  private readonly fetchJob: JobTrackerOptions['fetchJob'];
  private readonly storageKey: string;
  private readonly storage: StorageLike | null;
  private readonly timers: Timers;
  private readonly intervalMs: number;
  private readonly log: Logger;
  private readonly listeners = new Set<JobListener>();
  /** Used when no storage is available. */
  private memory: TrackedJob[] = [];
  private timer: unknown = null;
  private running = false;
  private polling: Promise<void> | null = null;

  constructor(options: JobTrackerOptions) {
    this.fetchJob = options.fetchJob;
    this.storageKey = options.storageKey;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.timers = options.timers ?? defaultTimers;
    this.intervalMs = options.intervalMs ?? JOB_POLL_INTERVAL_MS;
    this.log = options.log ?? console;
  }

  /** The tracked jobs, as stored. */
  list(): TrackedJob[] {
    if (!this.storage) return this.memory.map((entry) => ({ ...entry }));
    try {
      const raw = this.storage.getItem(this.storageKey);
      if (!raw) return [];
      const parsed = StoredJobs.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }

  private write(jobs: TrackedJob[]): void {
    if (!this.storage) {
      this.memory = jobs;
      return;
    }
    try {
      if (jobs.length === 0) this.storage.removeItem(this.storageKey);
      else this.storage.setItem(this.storageKey, JSON.stringify(jobs));
    } catch (err) {
      this.memory = jobs;
      this.log.warn('The tracked jobs could not be stored', err);
    }
  }

  /** Starts polling the stored jobs (after a reload too); idempotent. */
  start(): void {
    this.running = true;
    this.schedule();
  }

  /** Stops polling; the jobs stay stored. */
  stop(): void {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Tracks a job (idempotent) and makes sure polling runs. */
  track(kind: JobKind, id: JobId): void {
    const jobs = this.list();
    if (!jobs.some((entry) => sameJob(entry, kind, id))) {
      jobs.push({ kind, id, job: null });
      this.write(jobs);
    }
    this.start();
  }

  untrack(kind: JobKind, id: JobId): void {
    this.write(this.list().filter((entry) => !sameJob(entry, kind, id)));
  }

  subscribe(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private schedule(): void {
    if (!this.running || this.timer !== null || this.list().length === 0) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.pollNow().finally(() => this.schedule());
    }, this.intervalMs);
  }

  /** Polls every tracked job once (a poll already under way is shared). */
  pollNow(): Promise<void> {
    if (!this.polling) {
      this.polling = this.poll().finally(() => {
        this.polling = null;
      });
    }
    return this.polling;
  }

  private async poll(): Promise<void> {
    const due = this.list();
    if (due.length === 0) return;
    const results = await Promise.all(
      due.map(async ({ kind, id }) => {
        try {
          return { kind, id, ok: true as const, job: (await this.fetchJob(kind, id)) ?? null };
        } catch (err) {
          if (classifyError(err) === 'rejected') {
            this.log.warn(`Job ${kind} ${id} is no longer available; tracking stops.`, err);
            return { kind, id, ok: true as const, job: null };
          }
          this.log.warn(`Job ${kind} ${id} could not be read; trying again later.`, err);
          return { kind, id, ok: false as const, job: null };
        }
      }),
    );

    // Merge into what is stored now: another tab, or an untrack() meanwhile, may have changed it.
    const current = this.list();
    const updates: JobUpdate[] = [];
    for (const result of results) {
      if (!result.ok) continue;
      const index = current.findIndex((entry) => sameJob(entry, result.kind, result.id));
      if (index === -1) continue;
      const previous = current[index].job;
      const { job } = result;
      if (job === null) {
        current.splice(index, 1);
        updates.push({ kind: result.kind, id: result.id, job: null, previous, finished: false });
        continue;
      }
      const finished = isFinished(job.JobStatus);
      if (finished) current.splice(index, 1);
      else current[index] = { ...current[index], job };
      if (changed(previous, job)) updates.push({ kind: result.kind, id: result.id, job, previous, finished });
    }
    this.write(current);
    for (const update of updates) {
      for (const listener of [...this.listeners]) {
        try {
          listener(update);
        } catch (err) {
          this.log.error('A job listener failed', err);
        }
      }
    }
  }
}

/** Reads a job through the ApiClient: an empty answer (204, no body) or a 404 means nothing there. */
export function fetchJobWith(client: ApiClient, paths: Record<JobKind, (id: JobId) => string> = JOB_PATHS) {
  return async (kind: JobKind, id: JobId): Promise<Job | null> => {
    return (await client.get(paths[kind](id), { schema: Job.nullish() })) ?? null;
  };
}

export interface CreateJobTrackerOptions extends Partial<Omit<JobTrackerOptions, 'fetchJob'>> {
  fetchJob?: JobTrackerOptions['fetchJob'];
  paths?: Record<JobKind, (id: JobId) => string>;
}

/** The tracker of an ApiClient's user: polls through the client, stores under the client's root. */
export function createJobTracker(client: ApiClient, options: CreateJobTrackerOptions = {}): JobTracker {
  const { paths, fetchJob, storageKey, ...rest } = options;
  return new JobTracker({
    ...rest,
    fetchJob: fetchJob ?? fetchJobWith(client, paths),
    storageKey: storageKey ?? jobTrackerStorageKey(client.apiRoot),
  });
}
