// Rogers dashboards and reports wire format (spec 002 §7 "Dashboards", "Reports"). Permission
// `reports:read`; scope on the server: administrator, payroll and auditor everything, an owner her
// corporation's offices, a manager granted the key his offices; a rep (no key) is refused (403).
//
//   GET  dashboards/rogers/{DashboardID}                  DashboardQuery → RogersDashboard
//   GET  reports/rogers                                   → RogersReportInfo[] (what the caller may run)
//   GET  reports/rogers/{ReportID}                        RogersReportQuery → RogersReport
//        (leads-total-statistics, leads-office-statistics, leads-rep-statistics, live-payout-report,
//         posted-payout-report, posted-payout-exceptions-report (PostedDate, IcdCorporationID),
//         hybrid-payout-report, owner-hybrid-payout-report, employee-commission-statement)
//   GET  reports/rogers/export/{ReportID}                 RogersReportQuery → xlsx (cookie allowed)
//   POST reports/rogers/create-job-live-payout-report     RogersReportQuery → 201 RogersReportJob
//   POST reports/rogers/create-refresh-report-job         RefreshJobSave → 201 RogersReportJob
//   POST reports/rogers/refresh-report-job-data/{id}      → RogersReportJob (queued again)
//   GET  reports/rogers/report-jobs/{id}                  → RogersReportJob (the job tracker's read)
//
// Dashboards and reports share one tabular shape (Columns + Rows of cells, figures, charts) so one
// screen renders each of them; the Description says in words how each figure is made.
import { z } from 'zod';
import { Instant, Int32, QueryInt32, WireDate } from './common';

const Id = Int32.positive();
const QueryId = QueryInt32.positive();

export const ROGERS_DASHBOARD_IDS = [
  'daily-production-report',
  'employees-tsu-report',
  'owners-tsu-report',
  'rogers-trend-report',
  'rogers-slippage-summary-report',
  'rogers-slippage-report',
  'rogers-recruiting-bonus-report',
  'rogers-recruiting-bonus-breakdown-report',
] as const;
export const RogersDashboardId = z.enum(ROGERS_DASHBOARD_IDS);
export type RogersDashboardId = z.infer<typeof RogersDashboardId>;

export const ROGERS_REPORT_IDS = [
  'leads-total-statistics',
  'leads-office-statistics',
  'leads-rep-statistics',
  'live-payout-report',
  'posted-payout-report',
  'posted-payout-exceptions-report',
  'hybrid-payout-report',
  'owner-hybrid-payout-report',
  'employee-commission-statement',
] as const;
export const RogersReportId = z.enum(ROGERS_REPORT_IDS);
export type RogersReportId = z.infer<typeof RogersReportId>;

/** Default number of days a booked order has to be installed before it counts as slipped. */
export const SLIPPAGE_DAYS_DEFAULT = 7;
/** A dashboard or report covers 366 days at most. */
export const MAX_REPORT_DAYS = 366;

export const DashboardQuery = z.object({
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  icdOfficeID: QueryId.optional(),
  /** Slippage dashboards: days a booked order has to be installed (default 7). */
  slippageDays: QueryInt32.min(1, 'Enter 1 or more').max(365, '365 at most').optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** Every filter a Rogers report may take (each report names the ones it reads in its Filters). */
export const RogersReportQuery = z.object({
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  leadBatchID: QueryId.optional(),
  leadGroupID: QueryId.optional(),
  icdOfficeID: QueryId.optional(),
  icdCorporationID: QueryId.optional(),
  employeeID: QueryId.optional(),
  userID: QueryId.optional(),
  /** posted-payout-exceptions-report, named as the specification writes it. */
  PostedDate: WireDate.optional(),
  IcdCorporationID: QueryId.optional(),
});
export type RogersReportQuery = z.infer<typeof RogersReportQuery>;

export const REPORT_FILTERS = [
  'startDate',
  'endDate',
  'leadBatchID',
  'leadGroupID',
  'icdOfficeID',
  'icdCorporationID',
  'employeeID',
  'userID',
  'PostedDate',
  'IcdCorporationID',
] as const;
export const ReportFilter = z.enum(REPORT_FILTERS);
export type ReportFilter = z.infer<typeof ReportFilter>;

export const CellFormat = z.enum(['text', 'int', 'money', 'percent', 'date', 'decimal']);
export type CellFormat = z.infer<typeof CellFormat>;
export const Cell = z.union([z.string(), z.number(), z.null()]);
export type Cell = z.infer<typeof Cell>;
export const Row = z.record(z.string(), Cell);
export type Row = z.infer<typeof Row>;

export const Column = z.object({ Key: z.string(), Format: CellFormat });
export type Column = z.infer<typeof Column>;

export const Figure = z.object({ Key: z.string(), Value: z.number(), Format: CellFormat });
export type Figure = z.infer<typeof Figure>;

export const Chart = z.object({
  Key: z.string(),
  Kind: z.enum(['bar', 'line', 'donut']),
  /** The row key read on the x axis (or the slice name of a donut). */
  XKey: z.string(),
  /** The row keys drawn as series (a donut: the one value key). */
  Series: z.array(z.string()),
  Stacked: z.boolean(),
  Format: CellFormat,
  Data: z.array(Row),
});
export type Chart = z.infer<typeof Chart>;

export const RogersDashboard = z.object({
  DashboardID: RogersDashboardId,
  Title: z.string(),
  Description: z.string(),
  StartDate: WireDate,
  EndDate: WireDate,
  IcdOfficeID: Int32.nullable(),
  Figures: z.array(Figure),
  Charts: z.array(Chart),
  Columns: z.array(Column),
  Rows: z.array(Row),
});
export type RogersDashboard = z.infer<typeof RogersDashboard>;

export const RogersReportInfo = z.object({
  ReportID: RogersReportId,
  Title: z.string(),
  Description: z.string(),
  Filters: z.array(ReportFilter),
  /** Filters that must be given. */
  Required: z.array(ReportFilter),
  Url: z.string(),
});
export type RogersReportInfo = z.infer<typeof RogersReportInfo>;

export const RogersReport = z.object({
  ReportID: RogersReportId,
  Title: z.string(),
  Description: z.string(),
  Columns: z.array(Column),
  Rows: z.array(Row),
  /** Column key → total, for the columns that add up. */
  Totals: Row,
});
export type RogersReport = z.infer<typeof RogersReport>;

export const RefreshJobSave = z.object({
  ReportID: RogersReportId,
  Query: RogersReportQuery.default({}),
});
export type RefreshJobSave = z.infer<typeof RefreshJobSave>;

export const RogersReportJob = z.object({
  Id: Id,
  ReportID: RogersReportId,
  Query: RogersReportQuery,
  /** Queued 1, Processing 2, Failed 3, Succeeded 4. */
  JobStatus: Int32,
  Messages: z.array(z.string()),
  CreatedAt: Instant,
  FinishedAt: Instant.nullable(),
  /** The report as computed, once Succeeded. */
  Result: RogersReport.nullable(),
});
export type RogersReportJob = z.infer<typeof RogersReportJob>;
