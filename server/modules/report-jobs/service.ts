// Report jobs: create (scope and date range resolved and checked here, once), list the caller's own,
// read, cancel/remove, and the document. A job belongs to who created it: another user's job is 404.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { JobStatus } from '../../../src/contract/common';
import {
  type ComplianceDescription,
  type ComplianceKind,
  MAX_MANUAL_DAYS,
  type ReportJob,
  ReportType,
} from '../../../src/contract/report-jobs';
import type { Db } from '../../db/client';
import { icdOffices, reportJobDocuments, reportJobs } from '../../db/tables';
import { COMPLIANCE_KINDS, KIND_INFO } from '../../domain/compliance/kinds';
import { dayNumber } from '../../domain/time/clock-time';
import { weekOf } from '../../domain/time/week';
import { periodContaining } from '../../domain/time-management/pay-periods';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { notifyReportJobQueued } from './worker';

export const REPORTS_KEY = 'reports:compliance';

type JobRow = typeof reportJobs.$inferSelect;

export function descriptions(): ComplianceDescription[] {
  return COMPLIANCE_KINDS.map((k) => {
    const i = KIND_INFO[k];
    return {
      Kind: k,
      Name: i.Name,
      Description: i.Description,
      Group: i.Group,
      IsFlag: i.IsFlag,
      AllowsManualDateRange: i.AllowsManualDateRange,
    };
  });
}

/** The date range of a request: a pay period, a week or a manual range. */
export function resolveRange(body: {
  DateRangeType: 'PayPeriod' | 'Week' | 'Manual';
  StartDate: string;
  EndDate?: string | null;
  PayFrequencyID?: number | null;
  Reports: ComplianceKind[];
}): { StartDate: string; EndDate: string } {
  if (body.DateRangeType === 'Week') {
    const w = weekOf(body.StartDate);
    return { StartDate: w.start, EndDate: w.end };
  }
  if (body.DateRangeType === 'PayPeriod') {
    const p = periodContaining(body.StartDate, body.PayFrequencyID ?? 2);
    return { StartDate: p.start, EndDate: p.end };
  }
  const refused = body.Reports.filter((k) => !KIND_INFO[k].AllowsManualDateRange);
  if (refused.length)
    throw badRequest('These reports need a pay period or a week, not a manual date range.', {
      Reports: [`No manual date range for: ${refused.map((k) => KIND_INFO[k].Name).join(', ')}.`],
    });
  if (!body.EndDate)
    throw badRequest('Enter the end of the date range.', { EndDate: ['Enter an end date.'] });
  if (body.EndDate < body.StartDate)
    throw badRequest('The date range ends before it starts.', {
      EndDate: ['The end date is before the start date.'],
    });
  if (dayNumber(body.EndDate) - dayNumber(body.StartDate) + 1 > MAX_MANUAL_DAYS)
    throw badRequest(`A manual date range is at most ${MAX_MANUAL_DAYS} days.`, {
      EndDate: [`At most ${MAX_MANUAL_DAYS} days from the start date.`],
    });
  return { StartDate: body.StartDate, EndDate: body.EndDate };
}

/** The offices a request reads, within the caller's scope (403 for an office or corporation outside it). */
async function resolveOffices(db: Db, actor: Actor, body: ReportJobCreateParsed): Promise<number[]> {
  const scope = actor.offices(REPORTS_KEY);
  const all = await db
    .select({ IcdOfficeID: icdOffices.IcdOfficeID, IcdCorporationID: icdOffices.IcdCorporationID })
    .from(icdOffices);
  const inScope = (id: number) => scope === 'all' || scope.has(id);
  const outside = () =>
    new AppError(403, 'You cannot run reports for an office outside the offices you report on.');
  let ids: number[];
  if (body.IcdCorporationID) {
    const mine = all.filter((o) => o.IcdCorporationID === body.IcdCorporationID).map((o) => o.IcdOfficeID);
    if (!mine.length)
      throw badRequest('No such corporation.', { IcdCorporationID: ['No such corporation.'] });
    if (!mine.every(inScope)) throw outside();
    ids = mine;
  } else ids = all.map((o) => o.IcdOfficeID).filter(inScope);
  if (body.IcdOfficeIDs?.length) {
    const known = new Set(all.map((o) => o.IcdOfficeID));
    for (const id of body.IcdOfficeIDs) if (known.has(id) && !inScope(id)) throw outside();
    const unknown = body.IcdOfficeIDs.filter((id) => !known.has(id));
    if (unknown.length)
      throw badRequest('No such office.', { IcdOfficeIDs: [`No office ${unknown.join(', ')}.`] });
    const within = new Set(ids);
    const stray = body.IcdOfficeIDs.filter((id) => !within.has(id));
    if (stray.length)
      throw badRequest('These offices are not of the corporation chosen.', {
        IcdOfficeIDs: [`Not of corporation ${body.IcdCorporationID}: ${stray.join(', ')}.`],
      });
    ids = [...new Set(body.IcdOfficeIDs)];
  }
  if (!ids.length)
    throw badRequest('There is no office to report on.', { IcdOfficeIDs: ['Choose an office.'] });
  return ids.sort((a, b) => a - b);
}

export interface ReportJobCreateParsed {
  ReportType: number;
  Reports: ComplianceKind[];
  ReportOutputFormat: number;
  DateRangeType: 'PayPeriod' | 'Week' | 'Manual';
  StartDate: string;
  EndDate?: string | null;
  PayFrequencyID?: number | null;
  IcdOfficeIDs?: number[] | null;
  IcdCorporationID?: number | null;
}

async function officeNames(db: Db, rows: readonly JobRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => r.ScopeOfficeIDs))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ IcdOfficeID: icdOffices.IcdOfficeID, OfficeName: icdOffices.OfficeName })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, ids));
  return new Map(found.map((o) => [o.IcdOfficeID, o.OfficeName]));
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function wire(row: JobRow, names: Map<number, string>): ReportJob {
  return {
    Id: row.Id,
    ReportType: row.ReportType,
    Reports: row.Reports,
    ReportOutputFormat: row.ReportOutputFormat,
    DateRangeType: row.DateRangeType as ReportJob['DateRangeType'],
    StartDate: String(row.StartDate).slice(0, 10),
    EndDate: String(row.EndDate).slice(0, 10),
    IcdOfficeIDs: row.IcdOfficeIDs ?? null,
    IcdCorporationID: row.IcdCorporationID ?? null,
    OfficeNames: row.ScopeOfficeIDs.map((id) => names.get(id) ?? `#${id}`),
    JobStatus: row.JobStatus,
    Progress: row.Progress,
    Messages: row.Messages,
    ErrorMessage: row.ErrorMessage,
    IsCancelled: row.CancelRequested,
    RowCount: row.RowCount,
    FlaggedCount: row.FlaggedCount,
    Summary: row.Summary ?? null,
    FileName: row.FileName,
    CreatedAt: iso(row.CreatedAt) as string,
    StartedAt: iso(row.StartedAt),
    FinishedAt: iso(row.FinishedAt),
  };
}

export async function createJob(db: Db, actor: Actor, body: ReportJobCreateParsed): Promise<ReportJob> {
  const range = resolveRange(body);
  const offices = await resolveOffices(db, actor, body);
  const [row] = await db
    .insert(reportJobs)
    .values({
      ReportType: ReportType.Compliance,
      Reports: body.Reports,
      ReportOutputFormat: body.ReportOutputFormat,
      DateRangeType: body.DateRangeType,
      PayFrequencyID: body.DateRangeType === 'PayPeriod' ? (body.PayFrequencyID ?? 2) : null,
      StartDate: range.StartDate,
      EndDate: range.EndDate,
      IcdOfficeIDs: body.IcdOfficeIDs?.length ? [...new Set(body.IcdOfficeIDs)] : null,
      IcdCorporationID: body.IcdCorporationID ?? null,
      ScopeOfficeIDs: offices,
      CreatedByEmployeeID: actor.EmployeeID,
    })
    .returning();
  notifyReportJobQueued();
  return wire(row, await officeNames(db, [row]));
}

async function ownJob(db: Db, actor: Actor, id: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(reportJobs)
    .where(and(eq(reportJobs.Id, id), eq(reportJobs.CreatedByEmployeeID, actor.EmployeeID)));
  if (!row) throw notFound('The report job');
  return row;
}

export async function getJob(db: Db, actor: Actor, id: number): Promise<ReportJob> {
  const row = await ownJob(db, actor, id);
  return wire(row, await officeNames(db, [row]));
}

export async function listJobs(
  db: Db,
  actor: Actor,
  query: { pageIndex: number; pageSize: number },
): Promise<{ Items: ReportJob[]; TotalCount: number; PageIndex: number; PageSize: number }> {
  const where = eq(reportJobs.CreatedByEmployeeID, actor.EmployeeID);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(reportJobs)
      .where(where)
      .orderBy(desc(reportJobs.Id))
      .limit(query.pageSize)
      .offset(query.pageIndex * query.pageSize),
    db.select({ n: count() }).from(reportJobs).where(where),
  ]);
  const names = await officeNames(db, rows);
  return {
    Items: rows.map((r) => wire(r, names)),
    TotalCount: n,
    PageIndex: query.pageIndex,
    PageSize: query.pageSize,
  };
}

/**
 * DELETE: a queued or running job is cancelled (a queued one ends at once, a running one at its next
 * checkpoint; both end Failed with 'Cancelled.') and answered; a finished job is removed with its
 * document (null: 204).
 */
export async function deleteJob(db: Db, actor: Actor, id: number): Promise<ReportJob | null> {
  const row = await ownJob(db, actor, id);
  if (row.JobStatus === JobStatus.Failed || row.JobStatus === JobStatus.Succeeded) {
    await db.delete(reportJobs).where(eq(reportJobs.Id, id));
    return null;
  }
  const [updated] = await db
    .update(reportJobs)
    .set(
      row.JobStatus === JobStatus.Queued
        ? {
            CancelRequested: true,
            JobStatus: JobStatus.Failed,
            ErrorMessage: 'Cancelled.',
            FinishedAt: new Date(),
          }
        : { CancelRequested: true },
    )
    .where(and(eq(reportJobs.Id, id), eq(reportJobs.JobStatus, row.JobStatus)))
    .returning();
  const current = updated ?? (await ownJob(db, actor, id));
  return wire(current, await officeNames(db, [current]));
}

export async function jobDocument(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ content: Buffer; fileName: string }> {
  const row = await ownJob(db, actor, id);
  if (row.JobStatus !== JobStatus.Succeeded)
    throw new AppError(409, 'The report is not ready: its job has not succeeded.');
  const [doc] = await db.select().from(reportJobDocuments).where(eq(reportJobDocuments.ReportJobID, id));
  if (!doc) throw notFound('The report document');
  return { content: doc.Content, fileName: row.FileName ?? `compliance-job-${id}.xlsx` };
}
