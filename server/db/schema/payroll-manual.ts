// Wage policies (spec 002 §3 "Wage policy", §7 "Wage policies") and manual payroll submissions
// (spec 001 §4, spec 002 §4 and §7 "Payroll entries and manual submissions").
//
// A wage policy is the minimum wage of one jurisdiction: a country (1 US, 2 Canada) and, optionally,
// a state or province; with no state/province it is the country's (federal) policy. Its history is a
// list of periods [StartDate, EndDate] (EndDate null = still in force) that never overlap. Money is
// stored in integer cents; the wire carries decimal dollars.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { payrollEntries } from './payroll';
import { employees } from './people';

export const wagePolicies = pgTable(
  'wage_policies',
  {
    WagePolicyID: serial('wage_policy_id').primaryKey(),
    Name: text('name').notNull(),
    CountryID: integer('country_id').notNull(),
    /** Two-letter state/province code; null for the country's own (federal) policy. */
    StateProvince: text('state_province'),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wage_policies_jurisdiction').on(t.CountryID, sql`coalesce(${t.StateProvince}, '')`)],
);

export const wagePolicyHistory = pgTable(
  'wage_policy_history',
  {
    WagePolicyHistoryID: serial('wage_policy_history_id').primaryKey(),
    WagePolicyID: integer('wage_policy_id')
      .notNull()
      .references(() => wagePolicies.WagePolicyID, { onDelete: 'cascade' }),
    StartDate: date('start_date').notNull(),
    /** Inclusive; null while the rate is in force. */
    EndDate: date('end_date'),
    MinimumWageCents: integer('minimum_wage_cents').notNull(),
  },
  (t) => [index('wage_policy_history_policy').on(t.WagePolicyID, t.StartDate)],
);

/**
 * One manual submission per payroll entry (PayrollEntryID of payroll_entries): extra show hours and
 * amounts to be paid outside the normal run, handled by a payroll processor. StatusID: see
 * ManualSubmissionStatus in src/contract/payroll-manual.ts.
 */
export const payrollManualSubmissions = pgTable(
  'payroll_manual_submissions',
  {
    ManualSubmissionID: serial('manual_submission_id').primaryKey(),
    PayrollEntryID: integer('payroll_entry_id')
      .notNull()
      .references(() => payrollEntries.PayrollEntryID, { onDelete: 'cascade' }),
    StatusID: smallint('status_id').notNull(),
    /** Amounts requested, in cents. */
    BonusCents: integer('bonus_cents').notNull().default(0),
    NetPayAdditionCents: integer('net_pay_addition_cents').notNull().default(0),
    NetPayDeductionCents: integer('net_pay_deduction_cents').notNull().default(0),
    Comments: text('comments').notNull().default(''),
    SubmittedByID: integer('submitted_by_id')
      .notNull()
      .references(() => employees.EmployeeID),
    SubmittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    AmendedAt: timestamp('amended_at', { withTimezone: true }),
    CancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ProcessorID: integer('processor_id').references(() => employees.EmployeeID),
    IsPending: boolean('is_pending').notNull().default(false),
    IsWorkingOn: boolean('is_working_on').notNull().default(false),
    CompletedAt: timestamp('completed_at', { withTimezone: true }),
    CompletedByID: integer('completed_by_id').references(() => employees.EmployeeID),
    /** What each lifecycle step did, oldest first: { At, ByID, ByName, Action, StatusID }. */
    History: jsonb('history').$type<ManualSubmissionEvent[]>().notNull().default([]),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payroll_manual_submissions_entry').on(t.PayrollEntryID),
    index('payroll_manual_submissions_status').on(t.StatusID, t.SubmittedAt),
  ],
);

export interface ManualSubmissionEvent {
  At: string;
  ByID: number;
  ByName: string;
  Action: string;
  StatusID: number;
}

export const payrollManualShowHours = pgTable(
  'payroll_manual_show_hours',
  {
    ManualShowHoursID: serial('manual_show_hours_id').primaryKey(),
    ManualSubmissionID: integer('manual_submission_id')
      .notNull()
      .references(() => payrollManualSubmissions.ManualSubmissionID, { onDelete: 'cascade' }),
    Date: date('date').notNull(),
    Hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    AmountCents: integer('amount_cents').notNull().default(0),
    Comments: text('comments').notNull().default(''),
    SortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [index('payroll_manual_show_hours_submission').on(t.ManualSubmissionID)],
);
