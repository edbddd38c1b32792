// People directories (src/contract/directories.ts): auditors, hubs, national and regional
// consultants, promoting owners, and their links to corporations and provinces/states. Wire names as
// TypeScript keys; every record carries a Version for the 409 on a stale update.
import { integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { corporations } from './organisation';
import { stateProvinces } from './platform';

const person = () => ({
  FirstName: text('first_name').notNull(),
  LastName: text('last_name').notNull(),
  EmailAddress: text('email_address'),
  PhoneNumber: text('phone_number'),
  Notes: text('notes'),
  Version: integer('version').notNull().default(1),
  CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditors = pgTable('auditors', { Id: serial('auditor_id').primaryKey(), ...person() });

export const auditorCorporations = pgTable(
  'auditor_corporations',
  {
    AuditorID: integer('auditor_id')
      .notNull()
      .references(() => auditors.Id, { onDelete: 'cascade' }),
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID),
  },
  (t) => [primaryKey({ columns: [t.AuditorID, t.IcdCorporationID] })],
);

export const nationalConsultants = pgTable('national_consultants', {
  Id: serial('national_consultant_id').primaryKey(),
  ...person(),
  CountryID: integer('country_id').notNull(),
});

export const regionalConsultants = pgTable('regional_consultants', {
  Id: serial('regional_consultant_id').primaryKey(),
  ...person(),
  NationalConsultantID: integer('national_consultant_id').references(() => nationalConsultants.Id),
  StateProvinceIDs: integer('state_province_ids').array().notNull().default([]),
});

export const hubs = pgTable(
  'hubs',
  {
    Id: serial('hub_id').primaryKey(),
    Name: text('name').notNull(),
    City: text('city'),
    StateProvinceID: integer('state_province_id').references(() => stateProvinces.StateProvinceID),
    ContactName: text('contact_name'),
    EmailAddress: text('email_address'),
    PhoneNumber: text('phone_number'),
    RegionalConsultantID: integer('regional_consultant_id').references(() => regionalConsultants.Id),
    Notes: text('notes'),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hubs_name_key').on(t.Name)],
);

/** A corporation belongs to at most one hub. */
export const hubCorporations = pgTable(
  'hub_corporations',
  {
    HubID: integer('hub_id')
      .notNull()
      .references(() => hubs.Id, { onDelete: 'cascade' }),
    IcdCorporationID: integer('icd_corporation_id')
      .primaryKey()
      .references(() => corporations.IcdCorporationID),
  },
  (t) => [uniqueIndex('hub_corporations_hub_corp').on(t.HubID, t.IcdCorporationID)],
);

export const promotingOwners = pgTable('promoting_owners', {
  Id: serial('promoting_owner_id').primaryKey(),
  ...person(),
});

/** A corporation has at most one promoting owner. */
export const promotingOwnerCorporations = pgTable('promoting_owner_corporations', {
  PromotingOwnerID: integer('promoting_owner_id')
    .notNull()
    .references(() => promotingOwners.Id, { onDelete: 'cascade' }),
  IcdCorporationID: integer('icd_corporation_id')
    .primaryKey()
    .references(() => corporations.IcdCorporationID),
});
