// Time after it is recorded (spec 001 §4, §7 "Dashboards and time-entry modifications"; spec 002 §3,
// §4, §7 "Pay periods and time entries"): modifications of an employee's entries by managers and
// payroll processors (acknowledged by the employee or dismissed by the office), pay periods with
// their approval, and late adjustments.
//
// Late adjustments. A create, edit or delete of a time entry whose pay period is approved or locked
// (the entry's date as a day of its office's time zone) is not applied and not refused: the server
// stores it as a late adjustment request and answers **202 Accepted** with the entry as it would be
// plus `LateAdjustment` (TimeEntryLate; v2: TimeEntryV2Late). The phone's outbox treats any 2xx as
// delivered. A new entry gets its future time-entry `Id` at once, so later changes to it queued on
// the device (PATCH/PUT/DELETE time-entries/{id}) update or withdraw the same request. Payroll accepts
// the request (the change is applied and its hours are paid in the next open pay period) or rejects
// it with a reason the employee sees (GET late-adjustments/mine).
import { z } from 'zod';
import { FieldChange, Snapshot } from './audit';
import { Instant, Int32, pagedResult, QueryInt32 } from './common';
import { CalendarDay, TimeEntry, WireDateOut } from './time';

const Id = Int32.positive();
const QueryId = QueryInt32.positive();
const pageIndex = QueryInt32.min(0).default(0);
const pageSize = QueryInt32.min(1).max(500).default(25);

// ---------------------------------------------------------------------------------------------
// Modifications

/** What the other person did to the entry. */
export const ModificationType = { Created: 1, Updated: 2, Deleted: 3 } as const;
export type ModificationType = (typeof ModificationType)[keyof typeof ModificationType];

/** Pending: the employee has not acknowledged it yet. Dismissed: closed by the office without it. */
export const ModificationStatus = { Pending: 1, Acknowledged: 2, Dismissed: 3 } as const;
export type ModificationStatus = (typeof ModificationStatus)[keyof typeof ModificationStatus];

export const ModificationStatusFilter = z.enum(['pending', 'acknowledged', 'dismissed', 'all']);
export type ModificationStatusFilter = z.infer<typeof ModificationStatusFilter>;

/** A change made to an employee's time entry by someone else (who, when, before and after). */
export const TimeEntryModification = z.object({
  TimeEntryModificationID: Int32,
  TimeEntryID: Int32,
  EmployeeID: Int32,
  EmployeeName: z.string(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  ModificationTypeID: Int32,
  StatusID: Int32,
  ModifiedByEmployeeID: Int32,
  ModifiedByName: z.string(),
  ModifiedAt: Instant,
  /** The date of the entry (after the change; before it for a delete). */
  EntryDate: WireDateOut,
  /** The entry before the change (null for an entry created by someone else). */
  Before: Snapshot.nullable(),
  /** The entry after the change (null for a delete). */
  After: Snapshot.nullable(),
  Changes: z.array(FieldChange),
  AcknowledgedAt: Instant.nullable(),
  DismissedAt: Instant.nullable(),
  DismissedByName: z.string().nullable(),
  DismissReason: z.string().nullable(),
  Version: Int32,
});
export type TimeEntryModification = z.infer<typeof TimeEntryModification>;

export const TimeEntryModificationPage = pagedResult(TimeEntryModification);
export type TimeEntryModificationPage = z.infer<typeof TimeEntryModificationPage>;

/** GET time-entries/modified: the signed-in employee's changed entries (default: not acknowledged). */
export const ModifiedQuery = z.object({
  status: ModificationStatusFilter.default('pending'),
  pageIndex,
  pageSize,
});
export type ModifiedQuery = z.infer<typeof ModifiedQuery>;

export const ModificationSort = z.enum(['ModifiedAt', 'ModifiedAtDesc', 'EmployeeName', 'EntryDate']);

/** GET time-entries/modifications: the changes made at the offices the caller manages. */
export const ModificationsQuery = z.object({
  status: ModificationStatusFilter.default('pending'),
  employeeId: QueryId.optional(),
  icdOfficeId: QueryId.optional(),
  /** Entry dates from … */
  startDate: CalendarDay.optional(),
  /** … to (inclusive). */
  endDate: CalendarDay.optional(),
  sort: ModificationSort.default('ModifiedAtDesc'),
  pageIndex,
  pageSize,
});
export type ModificationsQuery = z.infer<typeof ModificationsQuery>;

/** GET time-entries/modified/count-by-employee: changes awaiting acknowledgement per employee. */
export const ModificationCount = z.object({
  EmployeeID: Int32,
  EmployeeName: z.string(),
  PendingCount: Int32,
  LastModifiedAt: Instant,
});
export type ModificationCount = z.infer<typeof ModificationCount>;

export const ModificationCountQuery = z.object({ icdOfficeId: QueryId.optional() });

/** Body of PUT time-entries/modified/{id}/acknowledge (optional). */
export const AcknowledgeModification = z
  .object({ Version: Int32.min(1).optional() })
  .optional()
  .nullable();
export type AcknowledgeModification = z.infer<typeof AcknowledgeModification>;

export const DISMISS_REASON_MAX = 500;

/** Body of PUT time-entries/modifications/{id}/dismiss (optional). */
export const DismissModification = z
  .object({
    Version: Int32.min(1).optional(),
    Reason: z
      .string()
      .max(DISMISS_REASON_MAX, `The reason is limited to ${DISMISS_REASON_MAX} characters`)
      .nullable()
      .optional(),
  })
  .optional()
  .nullable();
export type DismissModification = z.infer<typeof DismissModification>;

/** One step of an entry's history (GET time-entry-modifications/{id}/history), oldest first. */
export const ModificationHistoryItem = z.object({
  AuditLogID: Int32,
  /** An AuditAction. */
  Action: z.string(),
  At: Instant,
  ByEmployeeID: Int32.nullable(),
  ByName: z.string().nullable(),
  Changes: z.array(FieldChange),
  Before: Snapshot.nullable(),
  After: Snapshot.nullable(),
  Note: z.string().nullable(),
  /** The modification this step belongs to, if any. */
  TimeEntryModificationID: Int32.nullable(),
});
export type ModificationHistoryItem = z.infer<typeof ModificationHistoryItem>;

export const ModificationHistory = z.object({
  TimeEntryModificationID: Int32,
  TimeEntryID: Int32,
  EmployeeID: Int32,
  Steps: z.array(ModificationHistoryItem),
});
export type ModificationHistory = z.infer<typeof ModificationHistory>;

// ---------------------------------------------------------------------------------------------
// Pay periods

/** Open: time may change. Approved: a manager approved it. Locked: its payroll is locked. */
export const PayPeriodState = z.enum(['Open', 'Approved', 'Locked']);
export type PayPeriodState = z.infer<typeof PayPeriodState>;

export const PayPeriodWeek = z.object({
  WeekNumber: Int32,
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  WorkedMinutes: Int32,
});
export type PayPeriodWeek = z.infer<typeof PayPeriodWeek>;

/**
 * One employee's pay period at one office (per employment record). Totals are the entries whose
 * day (in the office's time zone) lies in the period; breaks count with their work entry.
 */
export const PayPeriod = z.object({
  PayPeriodID: Int32,
  EmployeeID: Int32,
  EmployeeName: z.string(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  TimeZone: z.string(),
  PayFrequencyID: Int32.nullable(),
  PayrollID: Int32.nullable(),
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  State: PayPeriodState,
  IsApproved: z.boolean(),
  ApprovedAt: Instant.nullable(),
  ApprovedByName: z.string().nullable(),
  IsLocked: z.boolean(),
  LockedAt: Instant.nullable(),
  Weeks: z.array(PayPeriodWeek),
  WorkMinutes: Int32,
  BreakMinutes: Int32,
  WorkedMinutes: Int32,
  EntryCount: Int32,
  /** Entries still missing an end: the period cannot be approved while there are any. */
  OpenEntryCount: Int32,
  PendingModificationCount: Int32,
  PendingLateAdjustmentCount: Int32,
  /** Minutes of late adjustments accepted into this period (from earlier, closed periods). */
  LateAdjustmentMinutes: Int32,
  Version: Int32,
});
export type PayPeriod = z.infer<typeof PayPeriod>;

export const PayPeriodPage = pagedResult(PayPeriod);
export type PayPeriodPage = z.infer<typeof PayPeriodPage>;

export const PayPeriodSort = z.enum([
  'EmployeeName',
  'EmployeeNameDesc',
  'StartDate',
  'StartDateDesc',
  'WorkedMinutes',
  'WorkedMinutesDesc',
  'State',
]);
export type PayPeriodSort = z.infer<typeof PayPeriodSort>;

/**
 * GET pay-periods: the pay periods overlapping startDate…endDate (default: those containing today
 * in their office's time zone) at the offices where the caller manages or approves time.
 */
export const PayPeriodsQuery = z.object({
  startDate: CalendarDay.optional(),
  endDate: CalendarDay.optional(),
  employeeId: QueryId.optional(),
  icdOfficeId: QueryId.optional(),
  state: z.enum(['open', 'approved', 'locked']).optional(),
  sort: PayPeriodSort.default('EmployeeName'),
  pageIndex,
  pageSize,
});
export type PayPeriodsQuery = z.infer<typeof PayPeriodsQuery>;

/** Body of PUT pay-periods/{id}/approved (and DELETE, to withdraw): the Version seen (optional). */
export const PayPeriodApproval = z
  .object({ Version: Int32.min(1).optional() })
  .optional()
  .nullable();
export type PayPeriodApproval = z.infer<typeof PayPeriodApproval>;

const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET pay-periods/employee/{id} (spec 001 §7: module, locked, time).
 * - module: the module asking — 2 TimeEntry (default: own periods with time:own, others' with
 *   time:manage or time:approve) or 4 Payroll (payroll:read).
 * - locked: only locked (true) or unlocked (false) periods.
 * - time: a day (YYYY-MM-DD) or an instant: only the period containing it.
 */
export const EmployeePayPeriodsQuery = z.object({
  module: z.coerce
    .number()
    .int()
    .refine((m) => m === 2 || m === 4, 'Use module 2 (TimeEntry) or 4 (Payroll)')
    .optional(),
  locked: QueryBoolean.optional(),
  time: z.union([CalendarDay, z.iso.datetime({ offset: true })]).optional(),
});
export type EmployeePayPeriodsQuery = z.infer<typeof EmployeePayPeriodsQuery>;

// ---------------------------------------------------------------------------------------------
// Late adjustments

export const LateAdjustmentStatus = { Pending: 1, Accepted: 2, Rejected: 3, Withdrawn: 4 } as const;
export type LateAdjustmentStatus = (typeof LateAdjustmentStatus)[keyof typeof LateAdjustmentStatus];

export const LateAdjustmentAction = { Create: 1, Update: 2, Delete: 3 } as const;
export type LateAdjustmentAction = (typeof LateAdjustmentAction)[keyof typeof LateAdjustmentAction];

export const LATE_ADJUSTMENT_MESSAGE =
  'This pay period is closed. The change was sent to payroll as a late adjustment.';

/** What a 202 answer says about the request it stored. */
export const LateAdjustmentNotice = z.object({
  LateAdjustmentID: Int32,
  StatusID: Int32,
  ActionID: Int32,
  PayPeriodID: Int32,
  PayPeriodStartDate: WireDateOut,
  PayPeriodEndDate: WireDateOut,
  /** Why the period is closed. */
  PayPeriodState: z.enum(['Approved', 'Locked']),
  Message: z.string(),
});
export type LateAdjustmentNotice = z.infer<typeof LateAdjustmentNotice>;

/** 202 answer of POST/PUT/PATCH/DELETE time-entries: the entry as it would be, and the request. */
export const TimeEntryLate = TimeEntry.extend({ LateAdjustment: LateAdjustmentNotice });
export type TimeEntryLate = z.infer<typeof TimeEntryLate>;

/** 202 answer of POST/PUT v2/time-entries. */
export const TimeEntryV2Late = z.object({
  Entry: TimeEntry,
  Break: TimeEntry.nullable(),
  LateAdjustment: LateAdjustmentNotice,
});
export type TimeEntryV2Late = z.infer<typeof TimeEntryV2Late>;

export const LateAdjustment = z.object({
  LateAdjustmentID: Int32,
  /** The entry changed, or (for a create) the Id the new entry will have. */
  TimeEntryID: Int32,
  /** For a break: its work entry. */
  ParentTimeEntryID: Int32.nullable(),
  ActionID: Int32,
  StatusID: Int32,
  EmployeeID: Int32,
  EmployeeName: z.string(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  PayPeriodID: Int32,
  PayPeriodStartDate: WireDateOut,
  PayPeriodEndDate: WireDateOut,
  PayPeriodState: PayPeriodState,
  EntryDate: WireDateOut,
  IsBreak: z.boolean(),
  Before: Snapshot.nullable(),
  Proposed: Snapshot.nullable(),
  Changes: z.array(FieldChange),
  /** Minutes the change adds (negative: removes) to the employee's worked time. */
  MinutesDelta: Int32,
  RequestedByEmployeeID: Int32,
  RequestedByName: z.string(),
  RequestedAt: Instant,
  ResolvedByName: z.string().nullable(),
  ResolvedAt: Instant.nullable(),
  RejectionReason: z.string().nullable(),
  AppliedPayPeriodID: Int32.nullable(),
  AppliedPayPeriodStartDate: WireDateOut.nullable(),
  AppliedPayPeriodEndDate: WireDateOut.nullable(),
  Version: Int32,
});
export type LateAdjustment = z.infer<typeof LateAdjustment>;

export const LateAdjustmentPage = pagedResult(LateAdjustment);
export type LateAdjustmentPage = z.infer<typeof LateAdjustmentPage>;

export const LateAdjustmentStatusFilter = z.enum(['pending', 'accepted', 'rejected', 'withdrawn', 'all']);

/** GET late-adjustments (payroll) and GET late-adjustments/mine (the employee). */
export const LateAdjustmentsQuery = z.object({
  status: LateAdjustmentStatusFilter.default('pending'),
  employeeId: QueryId.optional(),
  icdOfficeId: QueryId.optional(),
  sort: z.enum(['RequestedAt', 'RequestedAtDesc', 'EmployeeName', 'EntryDate']).default('RequestedAt'),
  pageIndex,
  pageSize,
});
export type LateAdjustmentsQuery = z.infer<typeof LateAdjustmentsQuery>;

/** PUT late-adjustments/{id}/accept. PayPeriodID: where to pay it (default: the next open period). */
export const AcceptLateAdjustment = z.object({
  Version: Int32.min(1),
  PayPeriodID: Id.optional(),
});
export type AcceptLateAdjustment = z.infer<typeof AcceptLateAdjustment>;

export const REJECTION_REASON_MAX = 500;

/** PUT late-adjustments/{id}/reject: the reason is shown to the employee. */
export const RejectLateAdjustment = z.object({
  Version: Int32.min(1),
  Reason: z
    .string()
    .trim()
    .min(1, 'Enter the reason the employee will see.')
    .max(REJECTION_REASON_MAX, `The reason is limited to ${REJECTION_REASON_MAX} characters`),
});
export type RejectLateAdjustment = z.infer<typeof RejectLateAdjustment>;

/** The open pay periods a late adjustment may be accepted into (GET late-adjustments/{id}/targets). */
export const LateAdjustmentTarget = z.object({
  PayPeriodID: Int32,
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  /** The default: the first open period after the closed one. */
  IsNext: z.boolean(),
});
export type LateAdjustmentTarget = z.infer<typeof LateAdjustmentTarget>;

/** A wire date of a response, as 'YYYY-MM-DD' whether or not the PWA revived it. */
export function wireDay(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
