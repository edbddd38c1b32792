import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const divisions = pgTable('divisions', {
  DivisionID: integer('division_id').primaryKey(),
  Name: text('name').notNull(),
  IsActive: boolean('is_active').notNull().default(true),
});

export const corporations = pgTable('corporations', {
  IcdCorporationID: serial('icd_corporation_id').primaryKey(),
  Owner: text('owner').notNull(),
  ClientName: text('client_name').notNull(),
  CorporationStatusID: integer('corporation_status_id').notNull().default(1),
  CountryID: integer('country_id').notNull(),
  Version: integer('version').notNull().default(1),
  CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
