import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const divisions = pgTable('divisions', {
  DivisionID: integer('division_id').primaryKey(),
  Name: text('name').notNull(),
  IsActive: boolean('is_active').notNull().default(true),
  Description: text('description'),
  Version: integer('version').notNull().default(1),
});

export const corporations = pgTable('corporations', {
  IcdCorporationID: serial('icd_corporation_id').primaryKey(),
  Owner: text('owner').notNull(),
  ClientName: text('client_name').notNull(),
  CorporationStatusID: integer('corporation_status_id').notNull().default(1),
  CountryID: integer('country_id').notNull(),
  EmailAddress: text('email_address'),
  PhoneNumber: text('phone_number'),
  /** Company logo (gif, jpeg or png), served by GET corporations/{id}/logo. */
  Logo: bytea('logo'),
  LogoContentType: text('logo_content_type'),
  LogoFileName: text('logo_file_name'),
  Version: integer('version').notNull().default(1),
  CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tax information and payroll deductions of a corporation (saved by POST corporation/{id}/saveDeduct). */
export const corporationTaxInfo = pgTable('corporation_tax_info', {
  IcdCorporationID: integer('icd_corporation_id')
    .primaryKey()
    .references(() => corporations.IcdCorporationID, { onDelete: 'cascade' }),
  /** Business number (Canada) or EIN (US). */
  FederalTaxNumber: text('federal_tax_number'),
  /** Provincial or state employer tax account. */
  StateTaxNumber: text('state_tax_number'),
  WorkersCompNumber: text('workers_comp_number'),
  /** [{ Name, DeductionTypeID, Rate, Amount, IsActive }] */
  Deductions: jsonb('deductions').notNull().default([]),
  Version: integer('version').notNull().default(1),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The modules (permission areas) a corporation uses. */
export const corporationModules = pgTable(
  'corporation_modules',
  {
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID, { onDelete: 'cascade' }),
    ModuleID: integer('module_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.IcdCorporationID, t.ModuleID] })],
);

export const icdOffices = pgTable('icd_offices', {
  IcdOfficeID: serial('icd_office_id').primaryKey(),
  IcdCorporationID: integer('icd_corporation_id')
    .notNull()
    .references(() => corporations.IcdCorporationID),
  OfficeName: text('office_name').notNull(),
  MeridianOfficeID: text('meridian_office_id'),
  StreetLine1: text('street_line1'),
  StreetLine2: text('street_line2'),
  City: text('city').notNull(),
  StateProvince: text('state_province').notNull(),
  PostalCode: text('postal_code'),
  CountryID: integer('country_id').notNull(),
  TimeZone: text('time_zone').notNull(),
  Latitude: text('latitude'),
  Longitude: text('longitude'),
  Version: integer('version').notNull().default(1),
});

export const officeDivisions = pgTable(
  'office_divisions',
  {
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID, { onDelete: 'cascade' }),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
  },
  (t) => [primaryKey({ columns: [t.IcdOfficeID, t.DivisionID] })],
);

export const divisionProfiles = pgTable('division_profiles', {
  DivisionProfileID: serial('division_profile_id').primaryKey(),
  DivisionID: integer('division_id')
    .notNull()
    .references(() => divisions.DivisionID),
  Name: text('name').notNull(),
  CountryID: integer('country_id').notNull(),
  /** [{ StartDate, EndDate, PayrollPolicyID, ... }] newest last. */
  PayrollPolicyHistory: jsonb('payroll_policy_history').notNull().default([]),
  Version: integer('version').notNull().default(1),
});

/**
 * The pay-period calendar of a division profile: each rotation is one pay period window. Pay periods
 * (schema/time-management.ts) of the offices that run the profile's division in its country fall on
 * these windows; adjusting a rotation moves them (PATCH division-profiles/{id}/rotations).
 */
export const divisionRotations = pgTable(
  'division_rotations',
  {
    DivisionRotationID: serial('division_rotation_id').primaryKey(),
    DivisionProfileID: integer('division_profile_id')
      .notNull()
      .references(() => divisionProfiles.DivisionProfileID, { onDelete: 'cascade' }),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date').notNull(),
  },
  (t) => [uniqueIndex('division_rotations_profile_start').on(t.DivisionProfileID, t.StartDate)],
);

/** Jobs asked of the organisation calls (roster sync, Meridian): Job { Id, JobStatus, Messages }. */
export const organisationJobs = pgTable(
  'organisation_jobs',
  {
    Id: serial('id').primaryKey(),
    /** 'roster-sync' | 'meridian' */
    Kind: text('kind').notNull(),
    IcdOfficeID: integer('icd_office_id').references(() => icdOffices.IcdOfficeID, { onDelete: 'set null' }),
    Parameters: jsonb('parameters').notNull().default({}),
    /** JobStatus: Queued 1, Processing 2, Failed 3, Succeeded 4. */
    JobStatus: integer('job_status').notNull().default(1),
    Messages: jsonb('messages').$type<string[]>().notNull().default([]),
    CreatedByEmployeeID: integer('created_by_employee_id').notNull(),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organisation_jobs_status').on(t.JobStatus, t.Id)],
);

/** Organisation-wide switches (e.g. the CKE toggle of icd-offices/getCKEToggleInfo). */
export const organisationSettings = pgTable('organisation_settings', {
  Key: text('key').primaryKey(),
  Value: jsonb('value').notNull(),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
