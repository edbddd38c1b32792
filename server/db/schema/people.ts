import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { icdOffices } from './organisation';

export const employees = pgTable(
  'employees',
  {
    EmployeeID: serial('employee_id').primaryKey(),
    FirstName: text('first_name').notNull(),
    MiddleName: text('middle_name'),
    LastName: text('last_name').notNull(),
    UserName: text('user_name').notNull(),
    EmailAddress: text('email_address'),
    PasswordHash: text('password_hash'),
    PasswordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    Inactive: boolean('inactive').notNull().default(false),
    IsServiceAccount: boolean('is_service_account').notNull().default(false),
    BetaOpt: boolean('beta_opt').notNull().default(false),
    LocaleID: text('locale_id'),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('employees_user_name_lower').on(sql`lower(${t.UserName})`)],
);

/** One employee at one office (spec 001 §3, employee save payload, office entry). */
export const employmentRecords = pgTable(
  'employment_records',
  {
    EmploymentRecordID: serial('employment_record_id').primaryKey(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    EmployeeStatusID: integer('employee_status_id').notNull().default(1),
    PayFrequencyID: integer('pay_frequency_id'),
    BasisOfPayID: integer('basis_of_pay_id'),
    JobTitleID: integer('job_title_id'),
    PayRate: numeric('pay_rate', { precision: 12, scale: 2 }),
    HireDate: date('hire_date'),
    TerminationDate: date('termination_date'),
    TimeClock: boolean('time_clock').notNull().default(false),
    RequireBreak: boolean('require_break').notNull().default(false),
    IsOnPayroll: boolean('is_on_payroll').notNull().default(true),
    TrackRealTime: boolean('track_real_time').notNull().default(false),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    index('employment_records_employee').on(t.EmployeeID),
    index('employment_records_office').on(t.IcdOfficeID),
  ],
);

export const employmentRecordDivisions = pgTable('employment_record_divisions', {
  EmploymentRecordID: integer('employment_record_id')
    .notNull()
    .references(() => employmentRecords.EmploymentRecordID, { onDelete: 'cascade' }),
  DivisionID: integer('division_id').notNull(),
});
