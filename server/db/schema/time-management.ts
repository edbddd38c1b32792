// Pay periods, time-entry modifications, late adjustments and the timekeeping audit log (spec 001 §4,
// §7 "Audit logs", "Dashboards and time-entry modifications"; spec 002 §4, §7 "Pay periods and time
// entries"). Wire shapes are in src/contract/time-management.ts and src/contract/audit.ts.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { icdOffices } from './organisation';
import { employees, employmentRecords } from './people';

/**
 * One employee's pay period at one office (one slice of a payroll per employment record). Entries
 * fall into it by their day in the office's time zone. Approved by a manager; locked with its
 * payroll. A change of an entry in an approved or locked period becomes a late adjustment.
 */
export const payPeriods = pgTable(
  'pay_periods',
  {
    PayPeriodID: serial('pay_period_id').primaryKey(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    EmploymentRecordID: integer('employment_record_id').references(
      () => employmentRecords.EmploymentRecordID,
    ),
    PayFrequencyID: integer('pay_frequency_id'),
    /** The payroll this period belongs to, once payroll has one (no FK: payrolls live elsewhere). */
    PayrollID: integer('payroll_id'),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date').notNull(),
    IsApproved: boolean('is_approved').notNull().default(false),
    ApprovedAt: timestamp('approved_at', { withTimezone: true }),
    ApprovedByEmployeeID: integer('approved_by_employee_id'),
    IsLocked: boolean('is_locked').notNull().default(false),
    LockedAt: timestamp('locked_at', { withTimezone: true }),
    LockedByEmployeeID: integer('locked_by_employee_id'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('pay_periods_employee_office_start').on(t.EmployeeID, t.IcdOfficeID, t.StartDate),
    index('pay_periods_office_dates').on(t.IcdOfficeID, t.StartDate, t.EndDate),
  ],
);

/**
 * A change to an employee's time entry made by someone else (manager, payroll processor). Pending
 * until the employee acknowledges it, or the office dismisses it.
 */
export const timeEntryModifications = pgTable(
  'time_entry_modifications',
  {
    TimeEntryModificationID: serial('time_entry_modification_id').primaryKey(),
    TimeEntryID: integer('time_entry_id').notNull(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    /** ModificationType: Created 1, Updated 2, Deleted 3. */
    ModificationTypeID: integer('modification_type_id').notNull(),
    /** ModificationStatus: Pending 1, Acknowledged 2, Dismissed 3. */
    StatusID: integer('status_id').notNull().default(1),
    ModifiedByEmployeeID: integer('modified_by_employee_id').notNull(),
    ModifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    EntryDate: date('entry_date').notNull(),
    Before: jsonb('before').$type<Record<string, unknown>>(),
    After: jsonb('after').$type<Record<string, unknown>>(),
    AcknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    DismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    DismissedByEmployeeID: integer('dismissed_by_employee_id'),
    DismissReason: text('dismiss_reason'),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    index('time_entry_modifications_employee').on(t.EmployeeID, t.StatusID),
    index('time_entry_modifications_office').on(t.IcdOfficeID, t.StatusID),
    index('time_entry_modifications_entry').on(t.TimeEntryID),
  ],
);

/**
 * A change of time that reached the server for an approved or locked pay period: kept here until
 * payroll accepts it (applied, paid in AppliedPayPeriodID) or rejects it (with a reason).
 * For a create, TimeEntryID is reserved from the time-entry id sequence: the entry gets it if the
 * request is accepted, and the device can address the request by it meanwhile.
 */
export const lateAdjustments = pgTable(
  'late_adjustments',
  {
    LateAdjustmentID: serial('late_adjustment_id').primaryKey(),
    TimeEntryID: integer('time_entry_id').notNull(),
    /** For a break: its work entry (which may itself be a pending create). */
    ParentTimeEntryID: integer('parent_time_entry_id'),
    /** LateAdjustmentAction: Create 1, Update 2, Delete 3. */
    ActionID: integer('action_id').notNull(),
    /** LateAdjustmentStatus: Pending 1, Accepted 2, Rejected 3, Withdrawn 4. */
    StatusID: integer('status_id').notNull().default(1),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    PayPeriodID: integer('pay_period_id')
      .notNull()
      .references(() => payPeriods.PayPeriodID),
    EntryDate: date('entry_date').notNull(),
    IsBreak: boolean('is_break').notNull().default(false),
    /** The entry as it is (null for a create). */
    Before: jsonb('before').$type<Record<string, unknown>>(),
    /** The entry as it would be (null for a delete). */
    Proposed: jsonb('proposed').$type<Record<string, unknown>>(),
    RequestedByEmployeeID: integer('requested_by_employee_id').notNull(),
    RequestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    ResolvedByEmployeeID: integer('resolved_by_employee_id'),
    ResolvedAt: timestamp('resolved_at', { withTimezone: true }),
    RejectionReason: text('rejection_reason'),
    AppliedPayPeriodID: integer('applied_pay_period_id').references(() => payPeriods.PayPeriodID),
    /** Minutes the accepted change added to (negative: removed from) the employee's time. */
    AppliedMinutes: integer('applied_minutes'),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    index('late_adjustments_status').on(t.StatusID, t.IcdOfficeID),
    index('late_adjustments_entry').on(t.TimeEntryID),
    index('late_adjustments_employee').on(t.EmployeeID),
    uniqueIndex('late_adjustments_one_pending').on(t.TimeEntryID).where(sql`${t.StatusID} = 1`),
  ],
);

/** The timekeeping audit trail: append-only, one row per event (src/contract/audit.ts). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    AuditLogID: bigserial('audit_log_id', { mode: 'number' }).primaryKey(),
    OccurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** An AuditAction. */
    Action: text('action').notNull(),
    /** An AuditEntityType. */
    EntityType: text('entity_type').notNull(),
    EntityID: integer('entity_id').notNull(),
    EmployeeID: integer('employee_id'),
    IcdOfficeID: integer('icd_office_id'),
    ActorEmployeeID: integer('actor_employee_id'),
    ProxyByEmployeeID: integer('proxy_by_employee_id'),
    TimeEntryID: integer('time_entry_id'),
    TimeEntryModificationID: integer('time_entry_modification_id'),
    PayPeriodID: integer('pay_period_id'),
    LateAdjustmentID: integer('late_adjustment_id'),
    EntryDate: date('entry_date'),
    Before: jsonb('before').$type<Record<string, unknown>>(),
    After: jsonb('after').$type<Record<string, unknown>>(),
    Note: text('note'),
  },
  (t) => [
    index('audit_logs_occurred').on(t.OccurredAt),
    index('audit_logs_employee').on(t.EmployeeID, t.OccurredAt),
    index('audit_logs_actor').on(t.ActorEmployeeID, t.OccurredAt),
    index('audit_logs_entry').on(t.TimeEntryID),
    index('audit_logs_modification').on(t.TimeEntryModificationID),
  ],
);
