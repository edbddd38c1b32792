// The lead batch worker: a polling loop over queued lead_batch_jobs in the database, so jobs survive a
// restart and several server instances can share the queue. A job is claimed atomically
// (`for update skip locked`); a claim whose heartbeat stops (the process died) is taken over after
// STALE_MS, and the job runs again from the start — rows already imported are not inserted twice
// (unique lead_batch_id + batch_row_number).
//
// Per row: coordinates → Located; a street address via GEOCODER_URL (Nominatim-style) when set →
// Located / MultipleResults; else the offline gazetteer (postal prefix or city) → LocatedUnsure /
// MultipleResults; nothing → NoResults; malformed → Error. Located and LocatedUnsure rows become leads
// of the batch's group. Counts and messages are written as it goes; a fatal error fails the job with
// a message.

import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { JobStatus } from '../../src/contract/common';
import { GeocodeOutcome, type ImportSchema, LeadStatusType } from '../../src/contract/leads';
import type { Db } from '../db/client';
import {
  importSchemas,
  leadBatches,
  leadBatchJobs,
  leadGroupGeographies,
  leadGroups,
  leadStatuses,
  leads,
} from '../db/tables';
import { territoryOf } from '../domain/leads/geometry';
import { DEFAULT_IMPORT_SCHEMAS, type LeadCandidate, mapHeaders, readRow } from '../domain/leads/import-rows';
import { leadDataErrors } from '../domain/leads/rules';
import { readSheet, SheetError, type SheetKind } from '../modules/leads/spreadsheet';
import { territoryShapes } from '../modules/leads/territory-shapes';
import { normalizeRegion } from './geocode/gazetteer';
import { type GeocodeContext, geocodeCandidate } from './geocode/geocode-row';
import { createNominatimGeocoder, type Geocoder } from './geocode/nominatim';
import { POLL_MS } from './poll';

/** A claim without a heartbeat for this long is taken over by another worker. */
export const STALE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
const CHUNK = 200;
const GEOCODER_CHUNK = 20;
const MAX_MESSAGES = 200;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Wakes this process's workers at once when a batch is queued (other instances poll). */
const wake = new EventEmitter();
wake.setMaxListeners(100);
export function notifyLeadBatchQueued(): void {
  wake.emit('queued');
}

/** GEOCODER_URL (Nominatim-style search endpoint) from the environment, validated. */
export function geocoderFromEnv(env: NodeJS.ProcessEnv = process.env): Geocoder | null {
  const url = env.GEOCODER_URL?.trim();
  if (!url) return null;
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(url);
  if (!parsed.success)
    throw new Error('GEOCODER_URL must be an http(s) URL of a Nominatim-style search endpoint.');
  return createNominatimGeocoder({
    url,
    minIntervalMs: env.GEOCODER_MIN_INTERVAL_MS ? Number(env.GEOCODER_MIN_INTERVAL_MS) : undefined,
  });
}

type JobRow = typeof leadBatchJobs.$inferSelect;

/** Claims the oldest queued job (or a stale one); null when there is none. */
export async function claimLeadBatchJob(db: Db, workerId: string, now = new Date()): Promise<JobRow | null> {
  const staleBefore = new Date(now.getTime() - STALE_MS);
  const result = await db.execute(sql`
    update lead_batch_jobs set
      job_status = ${JobStatus.Processing},
      claimed_by = ${workerId},
      heartbeat_at = ${now},
      started_at = coalesce(started_at, ${now}),
      attempts = attempts + 1
    where lead_batch_job_id = (
      select lead_batch_job_id from lead_batch_jobs
      where job_status = ${JobStatus.Queued}
         or (job_status = ${JobStatus.Processing} and (heartbeat_at is null or heartbeat_at < ${staleBefore}))
      order by lead_batch_job_id
      limit 1
      for update skip locked)
    returning lead_batch_job_id`);
  const rows = (result as unknown as { rows: { lead_batch_job_id: number }[] }).rows;
  if (!rows?.length) return null;
  const [job] = await db.select().from(leadBatchJobs).where(eq(leadBatchJobs.Id, rows[0].lead_batch_job_id));
  return job ?? null;
}

class JobGone extends Error {}

interface Counts {
  RowCount: number;
  ProcessedCount: number;
  FailedCount: number;
  LocatedCount: number;
  LocatedUnsureCount: number;
  NoResultsCount: number;
  MultipleResultsCount: number;
  ErrorCount: number;
}

export interface ProcessOptions {
  db: Db;
  log: Log;
  workerId: string;
  geocoder: Geocoder | null;
  now?: () => Date;
  /** Checked at each save point: true hands the job back to the queue (shutdown). */
  shouldStop?: () => boolean;
}

/** Runs one claimed job to its end (Succeeded or Failed). */
export async function processLeadBatchJob(job: JobRow, opts: ProcessOptions): Promise<void> {
  const { db, log, workerId } = opts;
  const now = opts.now ?? (() => new Date());
  const counts: Counts = {
    RowCount: 0,
    ProcessedCount: 0,
    FailedCount: 0,
    LocatedCount: 0,
    LocatedUnsureCount: 0,
    NoResultsCount: 0,
    MultipleResultsCount: 0,
    ErrorCount: 0,
  };
  const messages: string[] = [];
  let dropped = 0;
  const say = (m: string) => {
    if (messages.length < MAX_MESSAGES) messages.push(m);
    else dropped++;
  };
  const allMessages = () => (dropped ? [...messages, `… and ${dropped} more messages.`] : messages);

  const mine = and(eq(leadBatchJobs.Id, job.Id), eq(leadBatchJobs.ClaimedBy, workerId));
  const save = async (final?: number) => {
    const updated = await db
      .update(leadBatchJobs)
      .set({
        ...counts,
        Messages: allMessages(),
        HeartbeatAt: now(),
        ...(final ? { JobStatus: final, FinishedAt: now() } : {}),
      })
      .where(mine)
      .returning({ id: leadBatchJobs.Id });
    if (updated.length === 0) throw new JobGone();
  };

  try {
    if (job.Attempts > MAX_ATTEMPTS) {
      say(`The import was interrupted ${MAX_ATTEMPTS} times and was stopped.`);
      await save(JobStatus.Failed);
      return;
    }
    const [batch] = await db.select().from(leadBatches).where(eq(leadBatches.LeadBatchID, job.LeadBatchID));
    if (!batch) throw new JobGone();
    const [group] = await db.select().from(leadGroups).where(eq(leadGroups.LeadGroupID, batch.LeadGroupID));
    const [schemaRow] = batch.ImportSchemaID
      ? await db.select().from(importSchemas).where(eq(importSchemas.ImportSchemaID, batch.ImportSchemaID))
      : [];
    const schema: ImportSchema = schemaRow
      ? { ...schemaRow, Columns: schemaRow.Columns as ImportSchema['Columns'] }
      : DEFAULT_IMPORT_SCHEMAS[0];

    const kind: SheetKind = batch.ContentType.includes('spreadsheetml') ? 'xlsx' : 'csv';
    const sheet = await readSheet(kind, batch.Content);
    for (const e of sheet.errors) say(e);
    const [header, ...dataRows] = sheet.rows;
    if (!header || header.every((h) => !h.trim())) {
      say('The file is empty: it needs a header row and at least one row of leads.');
      await save(JobStatus.Failed);
      return;
    }
    const map = mapHeaders(header, schema);
    const fields = new Set([...map.columns.values()].map((c) => c.Field));
    if (!['Latitude', 'StreetLine1', 'City', 'PostalCode'].some((f) => fields.has(f as never))) {
      say(
        `No column of the file is known to the import schema '${schema.Name}'. Use headers such as ${schema.Columns.slice(
          0,
          7,
        )
          .map((c) => c.Header)
          .join(', ')}.`,
      );
      await save(JobStatus.Failed);
      return;
    }
    if (map.ignored.length) say(`Columns not imported: ${map.ignored.join(', ')}.`);
    counts.RowCount = dataRows.filter((r) => r.some((c) => c.trim() !== '')).length;
    await save();

    const statuses = await db
      .select()
      .from(leadStatuses)
      .where(eq(leadStatuses.DivisionID, group.DivisionID));
    const statusByName = new Map(statuses.map((s) => [s.Name.toLowerCase(), s]));
    const defaultStatus = batch.DefaultLeadStatusID ?? null;
    const shapes = await territoryShapes(db, group.LeadGroupID);
    const geographies = await db
      .select()
      .from(leadGroupGeographies)
      .where(eq(leadGroupGeographies.LeadGroupID, group.LeadGroupID));
    let serviceFailed = false;
    const ctx: GeocodeContext = {
      geocoder: opts.geocoder,
      preferredRegions: new Set(geographies.map((g) => normalizeRegion(g.StateProvince))),
      onServiceError: (error) => {
        if (serviceFailed) return;
        serviceFailed = true;
        log.warn({ err: error, job: job.Id }, 'lead batch: geocoding service failed');
        say(
          'The geocoding service could not be reached; rows were located by postal code or city where possible.',
        );
      },
    };

    // Save (and beat the heart) often enough when each row may wait for the geocoding service.
    const chunk = opts.geocoder ? GEOCODER_CHUNK : CHUNK;
    for (let start = 0; start < dataRows.length; start += chunk) {
      const values: (typeof leads.$inferInsert)[] = [];
      for (const [offset, cells] of dataRows.slice(start, start + chunk).entries()) {
        const rowNumber = start + offset + 1;
        const parsed = readRow(cells, rowNumber, header.length, map);
        if (parsed.kind === 'blank') continue;
        counts.ProcessedCount++;
        if (parsed.kind === 'error') {
          counts.ErrorCount++;
          counts.FailedCount++;
          say(parsed.message);
          continue;
        }
        const lead: LeadCandidate = parsed.lead;
        let statusId = defaultStatus;
        if (lead.LeadStatusName) {
          const s = statusByName.get(lead.LeadStatusName.toLowerCase());
          if (!s || (s.TypeFlags & (LeadStatusType.Interaction | LeadStatusType.Observation)) === 0) {
            counts.ErrorCount++;
            counts.FailedCount++;
            say(`Row ${rowNumber}: unknown status '${lead.LeadStatusName}'.`);
            continue;
          }
          statusId = s.LeadStatusID;
        }
        const dataErrors = leadDataErrors(group.DivisionID, lead.Data);
        if (Object.keys(dataErrors).length) {
          counts.ErrorCount++;
          counts.FailedCount++;
          say(`Row ${rowNumber}: ${Object.entries(dataErrors)[0].join(' — ')}.`);
          continue;
        }
        const located = await geocodeCandidate(lead, ctx);
        if (!('Latitude' in located)) {
          if (located.outcome === GeocodeOutcome.NoResults) counts.NoResultsCount++;
          else counts.MultipleResultsCount++;
          counts.FailedCount++;
          say(located.message);
          continue;
        }
        if (located.outcome === GeocodeOutcome.Located) counts.LocatedCount++;
        else counts.LocatedUnsureCount++;
        const stamp = now();
        values.push({
          LeadGroupID: group.LeadGroupID,
          LeadBatchID: batch.LeadBatchID,
          BatchRowNumber: rowNumber,
          Latitude: located.Latitude,
          Longitude: located.Longitude,
          TerritoryID: territoryOf(shapes, located.Latitude, located.Longitude),
          StreetLine1: lead.StreetLine1,
          StreetLine2: lead.StreetLine2,
          City: lead.City ?? located.place?.Name ?? null,
          StateProvince: lead.StateProvince ?? located.place?.Region ?? null,
          PostalCode: lead.PostalCode,
          CountryID: lead.CountryID ?? located.place?.CountryID ?? null,
          LeadStatusID: statusId,
          Data: lead.Data,
          CreatedByEmployeeID: batch.CreatedByEmployeeID,
          CreatedAt: stamp,
          UpdatedAt: stamp,
        });
      }
      if (values.length) await db.insert(leads).values(values).onConflictDoNothing();
      await save();
      if (opts.shouldStop?.() && start + chunk < dataRows.length) {
        // Shutting down: hand the job back; the next run starts again (imported rows are not repeated).
        await db
          .update(leadBatchJobs)
          .set({ JobStatus: JobStatus.Queued, ClaimedBy: null, Attempts: sql`${leadBatchJobs.Attempts} - 1` })
          .where(mine);
        return;
      }
    }
    await save(JobStatus.Succeeded);
    log.info({ job: job.Id, ...counts }, 'lead batch imported');
  } catch (error) {
    if (error instanceof JobGone) return;
    const message =
      error instanceof SheetError ? error.message : 'The import failed because of an error on the server.';
    if (!(error instanceof SheetError)) log.error({ err: error, job: job.Id }, 'lead batch job failed');
    say(message);
    await save(JobStatus.Failed).catch(() => undefined);
  }
}

export interface WorkerOptions {
  db: Db;
  log: Log;
  /** Poll interval (default POLL_MS). */
  intervalMs?: number;
  /** Street-address geocoder; default from GEOCODER_URL (none when unset). */
  geocoder?: Geocoder | null;
}

/**
 * Starts polling for queued lead batch jobs; resolves nothing, returns `stop()` which waits for the
 * job in hand to reach a save point.
 */
export function startLeadBatchWorker(options: WorkerOptions): () => Promise<void> {
  const { db, log } = options;
  // A job queued by this process wakes the worker at once (`wake`); the poll only finds jobs queued
  // by another server process and jobs left stale, so it need not run often (each poll is a query
  // that waits its turn on the embedded database's one connection).
  const intervalMs = options.intervalMs ?? POLL_MS;
  const geocoder = options.geocoder === undefined ? geocoderFromEnv() : options.geocoder;
  const workerId = `${process.pid}-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const tick = async () => {
    while (!stopped) {
      const job = await claimLeadBatchJob(db, workerId);
      if (!job) return;
      await processLeadBatchJob(job, { db, log, workerId, geocoder, shouldStop: () => stopped });
    }
  };
  const run = () => {
    if (stopped || running) return;
    if (timer) clearTimeout(timer);
    timer = null;
    running = tick()
      .catch((error) => log.error({ err: error }, 'lead batch worker: poll failed'))
      .finally(() => {
        running = null;
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
    await running;
  };
}
