// Programs, stores and time entries (spec 002 §3 "Time entry", §7 "Pay periods and time entries").
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { divisions, icdOffices } from './organisation';
import { employees } from './people';

/** A sales program of a division (e.g. 'Costco Road Show' in RoadShow). */
export const programs = pgTable('programs', {
  ProgramID: serial('program_id').primaryKey(),
  Name: text('name').notNull(),
  DivisionID: integer('division_id')
    .notNull()
    .references(() => divisions.DivisionID),
  IsActive: boolean('is_active').notNull().default(true),
  Version: integer('version').notNull().default(1),
});

/** Which programs an office works. */
export const officePrograms = pgTable(
  'office_programs',
  {
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID, { onDelete: 'cascade' }),
    ProgramID: integer('program_id')
      .notNull()
      .references(() => programs.ProgramID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.IcdOfficeID, t.ProgramID] })],
);

/** A store (retail location or venue) where an office works a program. */
export const stores = pgTable(
  'stores',
  {
    StoreID: serial('store_id').primaryKey(),
    Name: text('name').notNull(),
    StoreNumber: text('store_number'),
    ProgramID: integer('program_id')
      .notNull()
      .references(() => programs.ProgramID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    /** Event host type (spec 001): Retailer 1, Corporation 2, Shopping Mall 3, Special Event 4. */
    HostTypeID: integer('host_type_id').notNull().default(1),
    RetailerName: text('retailer_name'),
    StreetLine1: text('street_line1'),
    City: text('city').notNull(),
    StateProvince: text('state_province').notNull(),
    PostalCode: text('postal_code'),
    Latitude: doublePrecision('latitude'),
    Longitude: doublePrecision('longitude'),
    IsActive: boolean('is_active').notNull().default(true),
    Version: integer('version').notNull().default(1),
  },
  (t) => [index('stores_office').on(t.IcdOfficeID), index('stores_program').on(t.ProgramID)],
);

export const timeEntryTypes = pgTable('time_entry_types', {
  TimeEntryTypeID: integer('time_entry_type_id').primaryKey(),
  Name: text('name').notNull(),
  SortIndex: integer('sort_index').notNull().default(0),
  IsActive: boolean('is_active').notNull().default(true),
});

/**
 * One work or break interval of one employee on one date at one office. Times are wall clock where
 * the entry was recorded (TimeZoneOffset: minutes east of UTC); EndTime < StartTime ends the next
 * day. Rows are never deleted: DELETE sets DeletedAt (kept for the time-entry audit).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    Id: serial('time_entry_id').primaryKey(),
    Date: date('date').notNull(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    TimeEntryTypeID: integer('time_entry_type_id')
      .notNull()
      .references(() => timeEntryTypes.TimeEntryTypeID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    ProgramID: integer('program_id').references(() => programs.ProgramID),
    StoreID: integer('store_id').references(() => stores.StoreID),
    Comments: text('comments'),
    IsRealTime: boolean('is_real_time').notNull().default(false),
    TimeZoneOffset: integer('time_zone_offset').notNull().default(0),
    StartTime: time('start_time'),
    EndTime: time('end_time'),
    IsBreak: boolean('is_break').notNull().default(false),
    ParentTimeEntryID: integer('parent_time_entry_id').references((): AnyPgColumn => timeEntries.Id),
    Latitude: doublePrecision('latitude'),
    Longitude: doublePrecision('longitude'),
    LocationAccuracy: doublePrecision('location_accuracy'),
    CreatedByEmployeeID: integer('created_by_employee_id'),
    UpdatedByEmployeeID: integer('updated_by_employee_id'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
    DeletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('time_entries_employee_date').on(t.EmployeeID, t.Date).where(sql`${t.DeletedAt} is null`),
    index('time_entries_office_date').on(t.IcdOfficeID, t.Date),
    index('time_entries_parent').on(t.ParentTimeEntryID),
  ],
);
