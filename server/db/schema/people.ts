import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { icdOffices } from './organisation';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
    /** When Inactive was last switched on (YYYY-MM-DD). */
    InactiveDate: date('inactive_date'),
    GlobalSiteID: text('global_site_id'),
    UniqueID: text('unique_id'),
    ADPEmployeeID: text('adp_employee_id'),
    MeridianEmployeeID: text('meridian_employee_id'),
    /** Social security / social insurance number, digits only. Sensitive: masked unless employees:viewSensitive. */
    SSN: text('ssn'),
    BirthDate: date('birth_date'),
    GenderID: integer('gender_id'),
    MaritalStatusID: integer('marital_status_id'),
    WithholdingTypeID: integer('withholding_type_id'),
    StreetLine1: text('street_line1'),
    StreetLine2: text('street_line2'),
    City: text('city'),
    StateProvince: text('state_province'),
    PostalCode: text('postal_code'),
    CountryID: integer('country_id'),
    CellPhone: text('cell_phone'),
    CellPhoneExtension: text('cell_phone_extension'),
    HomePhone: text('home_phone'),
    EmergencyContactName: text('emergency_contact_name'),
    EmergencyContactPhone: text('emergency_contact_phone'),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_user_name_lower').on(sql`lower(${t.UserName})`),
    index('employees_ssn').on(t.SSN),
    index('employees_email_lower').on(sql`lower(${t.EmailAddress})`),
  ],
);

/** An employee's profile picture (gif, jpeg or png, checked by content). */
export const employeeProfileImages = pgTable('employee_profile_images', {
  EmployeeID: integer('employee_id')
    .primaryKey()
    .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
  ContentType: text('content_type').notNull(),
  FileSize: integer('file_size').notNull(),
  Content: bytea('content').notNull(),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    CommissionThreshold: numeric('commission_threshold', { precision: 12, scale: 2 }),
    CompensationProfileID: integer('compensation_profile_id'),
    DefaultHours: numeric('default_hours', { precision: 6, scale: 2 }),
    Salary: numeric('salary', { precision: 12, scale: 2 }),
    Garnishment: numeric('garnishment', { precision: 12, scale: 2 }),
    HireDate: date('hire_date'),
    TerminationDate: date('termination_date'),
    TerminationReasonID: integer('termination_reason_id'),
    TerminationReasonExtra: text('termination_reason_extra'),
    OnboardingApplicationID: integer('onboarding_application_id'),
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

/** Modules an employee administers at one office (AdministeredModules of the save payload; spec 000 §3 module ids). */
export const employmentRecordModules = pgTable(
  'employment_record_modules',
  {
    EmploymentRecordID: integer('employment_record_id')
      .notNull()
      .references(() => employmentRecords.EmploymentRecordID, { onDelete: 'cascade' }),
    ModuleID: integer('module_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.EmploymentRecordID, t.ModuleID] })],
);
