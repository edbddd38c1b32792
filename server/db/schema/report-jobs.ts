// Report jobs (spec 002 §3 "Report job", §4, §7 "Report jobs v1"): a report asked for by a user, run
// in the background by the server (server/modules/report-jobs/worker.ts), with its xlsx kept until the
// job is deleted. Wire shapes are in src/contract/report-jobs.ts.
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { employees } from './people';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What a finished job found, per kind, and the first flagged rows (the screen's preview). */
export interface ReportJobSummaryRow {
  Kinds: { Kind: string; RowCount: number; FlaggedCount: number }[];
  EmployeeCount: number;
  Preview: {
    Kind: string;
    EmployeeID: number;
    EmployeeName: string;
    OfficeName: string | null;
    Day: string;
    Detail: string;
    TimeEntryIDs: number[];
    Link: string;
  }[];
}

export const reportJobs = pgTable(
  'report_jobs',
  {
    Id: serial('report_job_id').primaryKey(),
    /** ExecutiveReportType: Compliance 1. */
    ReportType: integer('report_type').notNull(),
    /** The kinds asked for, in order (ComplianceKind names). */
    Reports: jsonb('reports').$type<string[]>().notNull(),
    /** ReportOutputFormat: MultipleWorksheets 1, SingleMergedWorksheet 2. */
    ReportOutputFormat: integer('report_output_format').notNull(),
    /** PayPeriod, Week or Manual. */
    DateRangeType: text('date_range_type').notNull(),
    PayFrequencyID: integer('pay_frequency_id'),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date').notNull(),
    /** The offices asked for (null: every office of the caller's scope or of IcdCorporationID). */
    IcdOfficeIDs: jsonb('icd_office_ids').$type<number[] | null>(),
    IcdCorporationID: integer('icd_corporation_id'),
    /** The offices the job reads, resolved against the caller's scope when it was created. */
    ScopeOfficeIDs: jsonb('scope_office_ids').$type<number[]>().notNull(),
    /** JobStatus: Queued 1, Processing 2, Failed 3, Succeeded 4. */
    JobStatus: integer('job_status').notNull().default(1),
    /** 0–100. */
    Progress: integer('progress').notNull().default(0),
    Messages: jsonb('messages').$type<string[]>().notNull().default([]),
    ErrorMessage: text('error_message'),
    CancelRequested: boolean('cancel_requested').notNull().default(false),
    RowCount: integer('row_count').notNull().default(0),
    FlaggedCount: integer('flagged_count').notNull().default(0),
    Summary: jsonb('summary').$type<ReportJobSummaryRow>(),
    FileName: text('file_name'),
    CreatedByEmployeeID: integer('created_by_employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    StartedAt: timestamp('started_at', { withTimezone: true }),
    /** The worker running it and its last sign of life (a stale Processing job is failed). */
    ClaimedBy: text('claimed_by'),
    HeartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    FinishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_jobs_creator').on(t.CreatedByEmployeeID, t.Id),
    index('report_jobs_status').on(t.JobStatus, t.Id),
  ],
);

/** The xlsx of a succeeded job (kept apart so listing jobs never reads it). */
export const reportJobDocuments = pgTable('report_job_documents', {
  ReportJobID: integer('report_job_id')
    .primaryKey()
    .references(() => reportJobs.Id, { onDelete: 'cascade' }),
  Content: bytea('content').notNull(),
  ByteLength: integer('byte_length').notNull(),
});
