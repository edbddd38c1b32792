// Manual payroll submissions wire format (spec 001 §4, spec 002 §4 and §7 "Payroll entries and manual
// submissions", §9 manual payroll sort). A manual submission is a request on one payroll entry (one
// employee's pay period): extra show hours on given days, amounts and comments, to be paid by a payroll
// processor outside the normal run.
//
//   GET    payroll-entries/all/manual-submissions[?statusID&processorID&sort&pageIndex&pageSize]
//                                                          → ManualSubmissionPage (payroll:read, scope)
//   GET    payroll-entries/all/manual-submissions/page/{page}   same, page index (0-based) in the path
//   GET    payroll-entries/{id}/manual-submission           → ManualSubmission; with `format=pdf` or
//          `Accept: application/pdf` the earnings-statement PDF (payroll:read in scope, or the entry's
//          own employee with payStubs:readOwn)
//   PUT    payroll-entries/{id}/manual-submission           ManualSubmissionSave → ManualSubmission (submit)
//   PATCH  payroll-entries/{id}/manual-submission           ManualSubmissionAmend → ManualSubmission (amend)
//   DELETE payroll-entries/{id}/manual-submission[?version] → ManualSubmission (cancel)
//          (submit, amend, cancel: payroll:manualSubmissions in scope)
//   PUT    payroll-entries/{id}/manual-request/processors/{userId}   assign → ManualSubmission
//   DELETE payroll-entries/{id}/manual-request/processors/{userId}   unassign → ManualSubmission
//   PUT    payroll-entries/{id}/manual-request/pending/{flag}        → ManualSubmission
//   PUT    payroll-entries/{id}/manual-request/workingon/{flag}      → ManualSubmission
//   PUT    payroll-entries/{id}/manual-submission/processed          → ManualSubmission
//          (assign … processed: payroll:process in scope)
//
// {id} is the PayrollEntryID. Status values and transitions (the spec does not show them):
//   Submitted 1  — PUT on an entry with no submission, or whose submission was cancelled
//   Amended 2    — PATCH; allowed while not Cancelled or Processed (clears Pending/WorkingOn)
//   Cancelled 3  — DELETE; allowed while not Cancelled or Processed
//   Pending 4    — pending/true (waiting on something); pending/false returns to Submitted/Amended
//   WorkingOn 5  — workingon/true, needs an assigned processor; clears Pending; false returns
//   Processed 6  — processed; allowed while not Cancelled or Processed; the caller becomes the
//                  processor when none is assigned. Final.
// Assigning (one processor at a time; the user must hold payroll:process) and unassigning (clears
// WorkingOn) leave the status otherwise as it is. A refused transition is 409 with a message saying why.
import { z } from 'zod';
import { Instant, Int32, pagedResult, QueryInt32, WireDate } from './common';
import { Amount, Hours, MANUAL_PAYROLL_SORTS } from './payroll';
import { WireDateOut } from './time';

export const ManualSubmissionStatus = {
  Submitted: 1,
  Amended: 2,
  Cancelled: 3,
  Pending: 4,
  WorkingOn: 5,
  Processed: 6,
} as const;
export type ManualSubmissionStatusId = (typeof ManualSubmissionStatus)[keyof typeof ManualSubmissionStatus];
export const MANUAL_STATUS_NAMES: Record<number, string> = {
  1: 'Submitted',
  2: 'Amended',
  3: 'Cancelled',
  4: 'Pending',
  5: 'WorkingOn',
  6: 'Processed',
};

export const MANUAL_ALREADY_SUBMITTED = 'This entry already has a manual submission: amend it instead.';
export const MANUAL_NOT_SUBMITTED = 'This entry has no manual submission.';
export const MANUAL_CANCELLED = 'This manual submission was cancelled: submit it again to change it.';
export const MANUAL_PROCESSED = 'This manual submission was processed: it can no longer change.';
export const MANUAL_NO_PROCESSOR = 'Assign a processor before working on this manual submission.';
export const MANUAL_NOT_PROCESSOR = 'This user cannot process payrolls.';
export const MANUAL_OTHER_PROCESSOR = 'This user is not the processor of this manual submission.';
export const MANUAL_EMPTY = 'Add extra show hours or an amount';
export const MANUAL_DAY_OUTSIDE = 'Choose a day of the pay period';
export const MANUAL_DAY_TWICE = 'This day is listed twice';
export const MANUAL_DAY_FUTURE = 'This day has not come yet at the office';

const Comments = z.string().trim().max(1000, '1000 characters at most');

export const ExtraShowHours = z.object({
  Date: WireDate,
  Hours: Hours.refine((h) => h > 0, 'Enter more than 0 hours').refine(
    (h) => h <= 24,
    'Enter 24 hours at most',
  ),
  /** An amount paid for that day on top of the hours (optional). */
  Amount: Amount.default(0),
  Comments: Comments.default(''),
});
export type ExtraShowHours = z.infer<typeof ExtraShowHours>;

const SubmissionFields = {
  ExtraShowHours: z
    .array(ExtraShowHours)
    .max(31, '31 days at most')
    .default([])
    .superRefine((days, ctx) => {
      const seen = new Set<string>();
      days.forEach((d, i) => {
        if (seen.has(d.Date)) ctx.addIssue({ code: 'custom', path: [i, 'Date'], message: MANUAL_DAY_TWICE });
        seen.add(d.Date);
      });
    }),
  Bonus: Amount.default(0),
  NetPayAddition: Amount.default(0),
  NetPayDeduction: Amount.default(0),
  Comments: Comments.default(''),
};

/** PUT (submit). */
export const ManualSubmissionSave = z.object(SubmissionFields);
export type ManualSubmissionSave = z.input<typeof ManualSubmissionSave>;
/** PATCH (amend): the whole request again, with the Version read. */
export const ManualSubmissionAmend = z.object({ ...SubmissionFields, Version: Int32 });
export type ManualSubmissionAmend = z.input<typeof ManualSubmissionAmend>;

export const ManualSubmissionEvent = z.object({
  At: Instant,
  ByID: Int32,
  ByName: z.string(),
  Action: z.string(),
  StatusID: Int32,
});

export const ManualSubmission = z.object({
  ManualSubmissionID: Int32,
  PayrollEntryID: Int32,
  PayrollID: Int32,
  PayPeriodID: Int32,
  PayPeriodStartDate: WireDateOut,
  PayPeriodEndDate: WireDateOut,
  EmployeeID: Int32,
  EmployeeName: z.string(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  IcdCorporationID: Int32,
  ClientName: z.string(),
  StatusID: Int32,
  Status: z.string(),
  ExtraShowHours: z.array(
    z.object({ Date: WireDateOut, Hours: z.number(), Amount: z.number(), Comments: z.string() }),
  ),
  TotalHours: z.number(),
  Bonus: z.number(),
  NetPayAddition: z.number(),
  NetPayDeduction: z.number(),
  /** Sum of the show-hour amounts, Bonus and NetPayAddition less NetPayDeduction (hours are paid at the entry's rate by the run). */
  TotalAmount: z.number(),
  Comments: z.string(),
  SubmittedByID: Int32,
  SubmittedByName: z.string(),
  SubmittedDate: Instant,
  AmendedDate: Instant.nullable(),
  CancelledDate: Instant.nullable(),
  ProcessorID: Int32.nullable(),
  ProcessorName: z.string().nullable(),
  IsPending: z.boolean(),
  IsWorkingOn: z.boolean(),
  CompletedDate: Instant.nullable(),
  CompletedByName: z.string().nullable(),
  History: z.array(ManualSubmissionEvent),
  Version: Int32,
});
export type ManualSubmission = z.infer<typeof ManualSubmission>;

export const ManualSubmissionQuery = z.object({
  statusID: QueryInt32.min(1).max(6).optional(),
  processorID: QueryInt32.positive().optional(),
  sort: z.enum(MANUAL_PAYROLL_SORTS).default('SubmittedDateDesc'),
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(500).default(25),
});
export type ManualSubmissionQuery = z.infer<typeof ManualSubmissionQuery>;

export const ManualSubmissionPage = pagedResult(ManualSubmission);
export type ManualSubmissionPage = z.infer<typeof ManualSubmissionPage>;

export const ManualSubmissionGetQuery = z.object({ format: z.enum(['json', 'pdf']).optional() });
export const ManualCancelQuery = z.object({ version: QueryInt32.optional() });
