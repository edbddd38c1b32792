// Audit logs of timekeeping (spec 001 §1 "review audit logs of time entries and their
// modifications", §7 "Audit logs (GET)"; endpoints.tsv area `audit`). Every create, edit, delete,
// acknowledgement, dismissal and approval of time is one append-only row with who did it, when, and
// the item before and after. The eight calls read three views of the same rows:
// - timekeeping: every row;
// - time-entry-modification: changes to an entry made by someone other than its employee (a manager
//   or payroll processor), i.e. rows that created a time-entry modification;
// - acknowledged-modified-time-entry: the employees' acknowledgements of those changes.
// `.../employee/{id}` is the employee whose time it is; `.../modification-employee/{id}` the employee
// who made the change; `.../acknowledged-employee/{id}` the employee who acknowledged it. Lists are
// paged ({ Items, TotalCount, PageIndex, PageSize }); `/page/{page}` takes the 0-based page in the path.
import { z } from 'zod';
import { Instant, Int32, pagedResult, QueryInt32, WireDate } from './common';

/** What happened (the Action of a row). */
export const AuditAction = {
  TimeEntryCreated: 'TimeEntryCreated',
  TimeEntryUpdated: 'TimeEntryUpdated',
  TimeEntryDeleted: 'TimeEntryDeleted',
  ModificationAcknowledged: 'ModificationAcknowledged',
  ModificationDismissed: 'ModificationDismissed',
  PayPeriodApproved: 'PayPeriodApproved',
  PayPeriodApprovalWithdrawn: 'PayPeriodApprovalWithdrawn',
  PayPeriodLocked: 'PayPeriodLocked',
  PayPeriodUnlocked: 'PayPeriodUnlocked',
  LateAdjustmentRequested: 'LateAdjustmentRequested',
  LateAdjustmentAccepted: 'LateAdjustmentAccepted',
  LateAdjustmentRejected: 'LateAdjustmentRejected',
  LateAdjustmentWithdrawn: 'LateAdjustmentWithdrawn',
  EmployeeCreated: 'EmployeeCreated',
  EmployeeSecurityChanged: 'EmployeeSecurityChanged',
  EmployeeSensitiveChanged: 'EmployeeSensitiveChanged',
  EmployeeRolesChanged: 'EmployeeRolesChanged',
  BankAccountCreated: 'BankAccountCreated',
  BankAccountUpdated: 'BankAccountUpdated',
  BankAccountDeleted: 'BankAccountDeleted',
  DirectDepositEnabled: 'DirectDepositEnabled',
  DirectDepositDisabled: 'DirectDepositDisabled',
  BankInfoUpdated: 'BankInfoUpdated',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];
export const AUDIT_ACTIONS = Object.values(AuditAction) as [AuditAction, ...AuditAction[]];

/** The kind of item a row is about. */
export const AuditEntityType = {
  TimeEntry: 'TimeEntry',
  TimeEntryModification: 'TimeEntryModification',
  PayPeriod: 'PayPeriod',
  LateAdjustment: 'LateAdjustment',
  Employee: 'Employee',
  BankAccount: 'BankAccount',
  BankInfo: 'BankInfo',
} as const;
export type AuditEntityType = (typeof AuditEntityType)[keyof typeof AuditEntityType];

/**
 * A value of a FieldChange: a string from the server; a date-like one ('2031-01-05') is a Date once
 * the PWA revived it.
 */
export const ChangeValue = z.union([z.string(), z.date()]).nullable();
export type ChangeValue = z.infer<typeof ChangeValue>;

/** One field that differs between the item before and after (values as shown, null when empty). */
export const FieldChange = z.object({
  Field: z.string(),
  Before: ChangeValue,
  After: ChangeValue,
});
export type FieldChange = z.infer<typeof FieldChange>;

/** A stored copy of an item (a time entry, a pay period …) as it was sent on the wire then. */
export const Snapshot = z.record(z.string(), z.unknown());
export type Snapshot = z.infer<typeof Snapshot>;

export const AuditLogEntry = z.object({
  AuditLogID: z.number().int(),
  OccurredAt: Instant,
  Action: z.enum(AUDIT_ACTIONS),
  EntityType: z.string(),
  EntityID: Int32,
  /** Whose time it is. */
  EmployeeID: Int32.nullable(),
  EmployeeName: z.string().nullable(),
  IcdOfficeID: Int32.nullable(),
  OfficeName: z.string().nullable(),
  /** Who did it (for a proxy session: the user signed in as). */
  ActorEmployeeID: Int32.nullable(),
  ActorName: z.string().nullable(),
  /** The administrator behind a proxy (impersonation) session, if any. */
  ProxyByName: z.string().nullable(),
  TimeEntryID: Int32.nullable(),
  TimeEntryModificationID: Int32.nullable(),
  PayPeriodID: Int32.nullable(),
  LateAdjustmentID: Int32.nullable(),
  /** The date of the time entry concerned (or the pay period's start). */
  EntryDate: z.union([WireDate, z.date()]).nullable(),
  Before: Snapshot.nullable(),
  After: Snapshot.nullable(),
  Changes: z.array(FieldChange),
  /** A reason or remark recorded with the event (a rejection reason, 'Follows its work entry' …). */
  Note: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AuditLogPage = pagedResult(AuditLogEntry);
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** IANA zone names as Intl knows them, e.g. 'America/Toronto'. */
const TimeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/** Filters shared by the eight calls (all optional). */
export const AuditLogFilters = z.object({
  /** First day of the events (in `timeZone`), inclusive. */
  startDate: WireDate.optional(),
  /** Last day of the events (in `timeZone`), inclusive. */
  endDate: WireDate.optional(),
  /** The zone the dates are days of; default UTC. The PWA sends the browser's zone. */
  timeZone: TimeZoneName.optional(),
  /** Only rows about time at this office. */
  icdOfficeId: QueryInt32.positive().optional(),
  /** Only rows of this action. */
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Only rows about this time entry. */
  timeEntryId: QueryInt32.positive().optional(),
  /** Oldest first instead of newest first. */
  order: z.enum(['asc', 'desc']).optional(),
});
export type AuditLogFilters = z.infer<typeof AuditLogFilters>;

export const AUDIT_MAX_PAGE_SIZE = 500;

/** Query of the calls without `/page/{page}`. */
export const AuditLogQuery = AuditLogFilters.extend({
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(AUDIT_MAX_PAGE_SIZE).default(25),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** Query of the `/page/{page}` calls (the page is in the path). */
export const AuditLogPageQuery = AuditLogFilters.extend({
  pageSize: QueryInt32.min(1).max(AUDIT_MAX_PAGE_SIZE).default(25),
});
export type AuditLogPageQuery = z.infer<typeof AuditLogPageQuery>;

/** GET audit-logs/employees: the employees whose time appears in the logs the caller may read. */
export const AuditEmployee = z.object({
  EmployeeID: Int32,
  Name: z.string(),
});
export type AuditEmployee = z.infer<typeof AuditEmployee>;
