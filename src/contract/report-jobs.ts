// Report jobs wire format (spec 002 §3 "Report job", §4 "created, then cancelled by delete", §7
// "Report jobs v1", §9 compliance kinds). Permission `reports:compliance`, within the caller's scope
// (admin and payroll: every office; owner: her corporation's; manager: his offices).
//
//   GET    v1/report-jobs                          ReportJobsQuery → ReportJobPage (the caller's, newest first)
//   POST   v1/report-jobs                          ReportJobCreate → 201 ReportJob (Queued)
//   GET    v1/report-jobs/{id}                     → ReportJob (404 when not the caller's)
//   DELETE v1/report-jobs/{id}                     → 200 ReportJob (a queued or running job: cancelled, ends
//                                                   Failed with 'Cancelled by …'); → 204 (a finished job: removed)
//   GET    v1/report-jobs/{id}/document            → the xlsx (409 until Succeeded)
//   GET    v1/report-jobs/descriptions/compliance  → ComplianceDescription[]
//   GET    time-approvals/compliance-flags         ComplianceFlagsQuery → ComplianceFlag[] (live, for
//                                                   the time approvals screen, `time:manage` or `time:approve`)
//
// Date range: PayPeriod (the pay period of PayFrequencyID, default bi-weekly, that contains
// StartDate), Week (the Monday-to-Sunday week containing StartDate) or Manual (StartDate–EndDate, at
// most 92 days; only when every kind asked for allows it).
import { z } from 'zod';
import { Instant, Int32, QueryInt32, WireDate } from './common';

export const COMPLIANCE_KINDS = [
  'HourlyRate',
  'HourlyRateActive',
  'CellAllowance',
  'CellAllowance2',
  'Tip',
  'TravelAllowance',
  'SplitPay',
  'NoMealBreak',
  'MealBreakBelow30Min',
  'SecondMealBreak',
  'RecordedTimeSecondShiftBelow2Hour',
  'MealBreakTooEarlyOrLate',
  'SeventhDayOfRest',
  'Bonus',
  'RecordedTimeLapseBelow5Min',
  'TotalHoursOver60',
  'TotalHoursOver70',
  'Worked7WorkDaysInRow',
  'NoWorkHoursWithMealBreak',
  'OverlappingTimeEntries',
  'NetPayAddition',
  'NetPayDeduction',
  'IncompleteTimeEntries',
  'FirstMealBreakReport',
  'AllTimeRecordsReport',
  'AdditionalHoursReport',
] as const;
export const ComplianceKind = z.enum(COMPLIANCE_KINDS);
export type ComplianceKind = z.infer<typeof ComplianceKind>;

/** Executive report type (spec 002 §3). */
export const ReportType = { Compliance: 1 } as const;
export const ReportOutputFormat = { MultipleWorksheets: 1, SingleMergedWorksheet: 2 } as const;
export const DATE_RANGE_TYPES = ['PayPeriod', 'Week', 'Manual'] as const;
export const DateRangeType = z.enum(DATE_RANGE_TYPES);
export type DateRangeType = z.infer<typeof DateRangeType>;
export const MAX_MANUAL_DAYS = 92;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const KIND_GROUPS = ['MealBreaks', 'HoursAndDays', 'Records', 'Pay'] as const;

export const ComplianceDescription = z.object({
  Kind: ComplianceKind,
  Name: z.string(),
  Description: z.string(),
  Group: z.enum(KIND_GROUPS),
  /** True: each row is a problem to fix; false: a listing. */
  IsFlag: z.boolean(),
  AllowsManualDateRange: z.boolean(),
});
export type ComplianceDescription = z.infer<typeof ComplianceDescription>;

const Id = Int32.positive();

export const ReportJobCreate = z.object({
  ReportType: z.literal(ReportType.Compliance, { message: 'The report type must be 1 (Compliance).' }),
  Reports: z
    .array(ComplianceKind)
    .min(1, 'Choose at least one report.')
    .max(COMPLIANCE_KINDS.length)
    .transform((kinds) => [...new Set(kinds)]),
  ReportOutputFormat: z.union([z.literal(1), z.literal(2)], {
    message: 'The output format must be 1 (MultipleWorksheets) or 2 (SingleMergedWorksheet).',
  }),
  DateRangeType,
  StartDate: WireDate,
  /** Manual ranges only. */
  EndDate: WireDate.nullish(),
  /** PayPeriod ranges: Weekly 1, Bi-weekly 2 (default), Semi-monthly 3, Monthly 4. */
  PayFrequencyID: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullish(),
  /** Some offices of the caller's scope; with none, every office of the scope (or of the corporation). */
  IcdOfficeIDs: z.array(Id).max(200).nullish(),
  IcdCorporationID: Id.nullish(),
});
export type ReportJobCreate = z.input<typeof ReportJobCreate>;

export const ReportJobPreviewRow = z.object({
  Kind: z.string(),
  EmployeeID: Int32,
  EmployeeName: z.string(),
  OfficeName: z.string().nullable(),
  Day: WireDate,
  Detail: z.string(),
  TimeEntryIDs: z.array(Int32),
  /** The time approvals screen at the employee's pay period of that day. */
  Link: z.string(),
});
export type ReportJobPreviewRow = z.infer<typeof ReportJobPreviewRow>;

export const ReportJobSummary = z.object({
  Kinds: z.array(z.object({ Kind: z.string(), RowCount: Int32, FlaggedCount: Int32 })),
  EmployeeCount: Int32,
  /** The first flagged rows (at most 50). */
  Preview: z.array(ReportJobPreviewRow),
});
export type ReportJobSummary = z.infer<typeof ReportJobSummary>;

export const ReportJob = z.object({
  Id: Id,
  ReportType: Int32,
  Reports: z.array(z.string()),
  ReportOutputFormat: Int32,
  DateRangeType,
  StartDate: WireDate,
  EndDate: WireDate,
  IcdOfficeIDs: z.array(Int32).nullable(),
  IcdCorporationID: Int32.nullable(),
  /** The offices the job reads. */
  OfficeNames: z.array(z.string()),
  /** Queued 1, Processing 2, Failed 3, Succeeded 4. */
  JobStatus: Int32.min(1).max(4),
  /** 0–100. */
  Progress: Int32.min(0).max(100),
  Messages: z.array(z.string()),
  ErrorMessage: z.string().nullable(),
  IsCancelled: z.boolean(),
  RowCount: Int32,
  FlaggedCount: Int32,
  Summary: ReportJobSummary.nullable(),
  FileName: z.string().nullable(),
  CreatedAt: Instant,
  StartedAt: Instant.nullable(),
  FinishedAt: Instant.nullable(),
});
export type ReportJob = z.infer<typeof ReportJob>;

export const ReportJobsQuery = z.object({
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(100).default(20),
});

export const ReportJobPage = z.object({
  Items: z.array(ReportJob),
  TotalCount: Int32,
  PageIndex: Int32,
  PageSize: Int32,
});
export type ReportJobPage = z.infer<typeof ReportJobPage>;

export const ComplianceFlagsQuery = z.object({
  /** Comma-separated pay period ids (at most 100). */
  payPeriodIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Give pay period ids separated by commas.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= 100, 'At most 100 pay periods.')
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), 'A pay period id is out of range.'),
});

export const ComplianceFlag = z.object({
  PayPeriodID: Int32,
  EmployeeID: Int32,
  Kind: ComplianceKind,
  Name: z.string(),
  /** The rule, as in the kind's description. */
  Rule: z.string(),
  Day: WireDate,
  Detail: z.string(),
  TimeEntryIDs: z.array(Int32),
});
export type ComplianceFlag = z.infer<typeof ComplianceFlag>;
