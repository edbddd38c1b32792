// Scheduling (spec 002 §3, §7 "RS schedules", "Schedule events", "Teams"; spec 001 §7 "Event hosts").
// Programs and stores (server/db/schema/time.ts) are referenced by ProgramID/StoreID without foreign
// keys; departments are `lookups` rows of kind 'departments'.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { icdOffices } from './organisation';
import { employees } from './people';

/** Event hosts v1: where events take place (Retailer 1, Corporation 2, Shopping Mall 3, Special Event 4). */
export const eventHosts = pgTable('event_hosts', {
  EventHostID: serial('event_host_id').primaryKey(),
  Name: text('name').notNull(),
  HostTypeID: integer('host_type_id').notNull(),
  StreetLine1: text('street_line1'),
  StreetLine2: text('street_line2'),
  City: text('city'),
  StateProvince: text('state_province'),
  PostalCode: text('postal_code'),
  CountryID: integer('country_id'),
  IsActive: boolean('is_active').notNull().default(true),
  Version: integer('version').notNull().default(1),
});

export const scheduleEvents = pgTable(
  'schedule_events',
  {
    ScheduleEventID: serial('schedule_event_id').primaryKey(),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    EventHostID: integer('event_host_id').references(() => eventHosts.EventHostID),
    Title: text('title').notNull(),
    Date: date('date').notNull(),
    StartTime: time('start_time').notNull(),
    EndTime: time('end_time').notNull(),
    StreetLine1: text('street_line1'),
    StreetLine2: text('street_line2'),
    City: text('city'),
    StateProvince: text('state_province'),
    PostalCode: text('postal_code'),
    CountryID: integer('country_id'),
    ProgramID: integer('program_id'),
    StoreID: integer('store_id'),
    Notes: text('notes'),
    /** ScheduleEventStatus: Scheduled 1, Cancelled 2. */
    Status: integer('status').notNull().default(1),
    Version: integer('version').notNull().default(1),
    CreatedByEmployeeID: integer('created_by_employee_id'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_events_office_date').on(t.IcdOfficeID, t.Date),
    index('schedule_events_host').on(t.EventHostID),
  ],
);

export const scheduleEventTimeSlots = pgTable(
  'schedule_event_time_slots',
  {
    TimeSlotID: serial('time_slot_id').primaryKey(),
    ScheduleEventID: integer('schedule_event_id')
      .notNull()
      .references(() => scheduleEvents.ScheduleEventID, { onDelete: 'cascade' }),
    StartTime: time('start_time').notNull(),
    EndTime: time('end_time').notNull(),
    Capacity: integer('capacity').notNull(),
  },
  (t) => [index('schedule_event_time_slots_event').on(t.ScheduleEventID)],
);

export const scheduleEventAssignments = pgTable(
  'schedule_event_assignments',
  {
    AssignmentID: serial('assignment_id').primaryKey(),
    TimeSlotID: integer('time_slot_id')
      .notNull()
      .references(() => scheduleEventTimeSlots.TimeSlotID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    /** AssignmentStatus: Pending 1, Accepted 2, Rejected 3, Unassigned 4. */
    Status: integer('status').notNull().default(1),
    Reason: text('reason'),
    RespondedAt: timestamp('responded_at', { withTimezone: true }),
    AssignedByEmployeeID: integer('assigned_by_employee_id'),
    AssignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    index('schedule_event_assignments_slot').on(t.TimeSlotID),
    index('schedule_event_assignments_employee').on(t.EmployeeID, t.Status),
    // One place per person and slot while Pending or Accepted.
    uniqueIndex('schedule_event_assignments_active_uq')
      .on(t.TimeSlotID, t.EmployeeID)
      .where(sql`${t.Status} in (1, 2)`),
  ],
);

/** The event's timeline: who did what, when, with an optional comment (reason). */
export const scheduleEventActivities = pgTable(
  'schedule_event_activities',
  {
    ActivityID: serial('activity_id').primaryKey(),
    ScheduleEventID: integer('schedule_event_id')
      .notNull()
      .references(() => scheduleEvents.ScheduleEventID, { onDelete: 'cascade' }),
    AssignmentID: integer('assignment_id'),
    ActivityTypeID: integer('activity_type_id').notNull(),
    EmployeeID: integer('employee_id'),
    SubjectEmployeeID: integer('subject_employee_id'),
    Description: text('description').notNull(),
    Comment: text('comment'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_event_activities_event').on(t.ScheduleEventID, t.ActivityID)],
);

/** Hours worked at an event beyond the slots (set by a manager). */
export const scheduleEventAdditionalHours = pgTable(
  'schedule_event_additional_hours',
  {
    AdditionalHoursID: serial('additional_hours_id').primaryKey(),
    ScheduleEventID: integer('schedule_event_id')
      .notNull()
      .references(() => scheduleEvents.ScheduleEventID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    Hours: numeric('hours', { precision: 5, scale: 2 }).notNull(),
    Comments: text('comments'),
  },
  (t) => [index('schedule_event_additional_hours_event').on(t.ScheduleEventID)],
);

/** Road-show schedule of one office for a period (usually one week). */
export const rsSchedules = pgTable(
  'rs_schedules',
  {
    RSScheduleID: serial('rs_schedule_id').primaryKey(),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date').notNull(),
    Notes: text('notes'),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rs_schedules_office_dates').on(t.IcdOfficeID, t.StartDate)],
);

export const rsScheduleSales = pgTable(
  'rs_schedule_sales',
  {
    RSScheduleSalesID: serial('rs_schedule_sales_id').primaryKey(),
    RSScheduleID: integer('rs_schedule_id')
      .notNull()
      .references(() => rsSchedules.RSScheduleID, { onDelete: 'cascade' }),
    Date: date('date'),
    ProgramID: integer('program_id'),
    StoreID: integer('store_id'),
    SalesAmount: numeric('sales_amount', { precision: 12, scale: 2 }).notNull(),
    AnonymousHours: numeric('anonymous_hours', { precision: 8, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('rs_schedule_sales_schedule').on(t.RSScheduleID)],
);

export const rsScheduleEmployees = pgTable(
  'rs_schedule_employees',
  {
    RSScheduleID: integer('rs_schedule_id')
      .notNull()
      .references(() => rsSchedules.RSScheduleID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
  },
  (t) => [primaryKey({ columns: [t.RSScheduleID, t.EmployeeID] })],
);

/** One employee on one date of an RS schedule, at a program, store and department. */
export const rsScheduleDates = pgTable(
  'rs_schedule_dates',
  {
    RSScheduleDateID: serial('rs_schedule_date_id').primaryKey(),
    RSScheduleID: integer('rs_schedule_id')
      .notNull()
      .references(() => rsSchedules.RSScheduleID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    Date: date('date').notNull(),
    ProgramID: integer('program_id'),
    StoreID: integer('store_id'),
    DepartmentID: integer('department_id'),
    StartTime: time('start_time'),
    EndTime: time('end_time'),
  },
  (t) => [
    index('rs_schedule_dates_schedule').on(t.RSScheduleID),
    index('rs_schedule_dates_employee_date').on(t.EmployeeID, t.Date),
  ],
);

export const teams = pgTable(
  'teams',
  {
    TeamID: serial('team_id').primaryKey(),
    Name: text('name').notNull(),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_office_name_uq').on(t.IcdOfficeID, sql`lower(${t.Name})`)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    TeamID: integer('team_id')
      .notNull()
      .references(() => teams.TeamID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    /** Team roles: free labels. */
    Roles: jsonb('roles').$type<string[]>().notNull().default([]),
    IsLeader: boolean('is_leader').notNull().default(false),
    Version: integer('version').notNull().default(1),
    AddedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.TeamID, t.EmployeeID] }), index('team_members_employee').on(t.EmployeeID)],
);
