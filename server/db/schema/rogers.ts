// Rogers report jobs (spec 002 §7 "Reports": create-job-live-payout-report, create-refresh-report-job,
// refresh-report-job-data/{id}). A job computes one Rogers report for its filters and keeps the
// result, so a long report is read once it is ready. JobStatus: Queued 1, Processing 2, Failed 3,
// Succeeded 4. A queued job is claimed and run by the first read of it (the job tracker polls every
// 5000 ms), so it needs no worker and survives a restart.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { RogersReport, RogersReportQuery } from '../../../src/contract/rogers';
import { employees } from './people';

export const rogersReportJobs = pgTable(
  'rogers_report_jobs',
  {
    Id: serial('rogers_report_job_id').primaryKey(),
    ReportID: text('report_id').notNull(),
    Query: jsonb('query').$type<RogersReportQuery>().notNull(),
    JobStatus: integer('job_status').notNull().default(1),
    Messages: jsonb('messages').$type<string[]>().notNull().default([]),
    Result: jsonb('result').$type<RogersReport>(),
    CreatedByEmployeeID: integer('created_by_employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    StartedAt: timestamp('started_at', { withTimezone: true }),
    FinishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('rogers_report_jobs_creator').on(t.CreatedByEmployeeID, t.CreatedAt)],
);
