import { integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const modules = pgTable('modules', {
  ModuleID: integer('module_id').primaryKey(),
  Name: text('name').notNull(),
});

export const divisionModules = pgTable(
  'division_modules',
  {
    DivisionID: integer('division_id').notNull(),
    ModuleID: integer('module_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.DivisionID, t.ModuleID] })],
);

export const featurePreferences = pgTable('feature_preferences', {
  Feature: text('feature').primaryKey(),
  Option: text('option').notNull(),
  Description: text('description'),
});

/** Generic lookups (job titles, pay frequencies, basis of pay, termination reasons…): one table, a kind column. */
export const lookups = pgTable(
  'lookups',
  {
    Kind: text('kind').notNull(),
    Id: integer('id').notNull(),
    Name: text('name').notNull(),
    SortIndex: integer('sort_index').notNull().default(0),
    Data: jsonb('data'),
  },
  (t) => [primaryKey({ columns: [t.Kind, t.Id] })],
);

export const stateProvinces = pgTable('state_provinces', {
  StateProvinceID: serial('state_province_id').primaryKey(),
  Code: text('code').notNull(),
  StateName: text('state_name').notNull(),
  CountryID: integer('country_id').notNull(),
  /** Percentages (0–100, 3 decimals); see src/contract/provinces.ts. */
  TaxRate1: numeric('tax_rate1', { precision: 6, scale: 3 }).notNull().default('0'),
  TaxRate2: numeric('tax_rate2', { precision: 6, scale: 3 }).notNull().default('0'),
  TaxRate3: numeric('tax_rate3', { precision: 6, scale: 3 }).notNull().default('0'),
  Version: integer('version').notNull().default(1),
});

/** Notification mail (spec 001 §3 message types); delivered by SMTP when configured, else read on the admin page. */
export const mailOutbox = pgTable('mail_outbox', {
  MailID: serial('mail_id').primaryKey(),
  MessageType: text('message_type').notNull(),
  To: text('to_address').notNull(),
  Subject: text('subject').notNull(),
  Body: text('body').notNull(),
  CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  SentAt: timestamp('sent_at', { withTimezone: true }),
  Error: text('error'),
});

export const clientErrors = pgTable('client_errors', {
  ClientErrorID: serial('client_error_id').primaryKey(),
  EmployeeID: integer('employee_id'),
  Message: text('message').notNull(),
  Stack: text('stack'),
  Url: text('url'),
  At: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
