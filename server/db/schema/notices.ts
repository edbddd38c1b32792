// Legal notices (each with its content versions and who acknowledged which content), bulletins
// (with their audience) and their deliveries to employees (spec 001 §7).
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { employees } from './people';

export const legalNotices = pgTable('legal_notices', {
  LegalNoticeID: serial('legal_notice_id').primaryKey(),
  Title: text('title').notNull(),
  /** Who must acknowledge it: 'All' or 'Employees' (AudienceIDs are employee ids). */
  AudienceType: text('audience_type').notNull().default('All'),
  AudienceIDs: jsonb('audience_ids').$type<number[]>().notNull().default([]),
  IsActive: boolean('is_active').notNull().default(true),
  CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  Version: integer('version').notNull().default(1),
});

export const legalNoticeContents = pgTable(
  'legal_notice_contents',
  {
    LegalNoticeContentID: serial('legal_notice_content_id').primaryKey(),
    LegalNoticeID: integer('legal_notice_id')
      .notNull()
      .references(() => legalNotices.LegalNoticeID, { onDelete: 'cascade' }),
    Body: text('body').notNull(),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('legal_notice_contents_notice').on(t.LegalNoticeID)],
);

export const legalNoticeAcknowledgements = pgTable(
  'legal_notice_acknowledgements',
  {
    LegalNoticeContentID: integer('legal_notice_content_id')
      .notNull()
      .references(() => legalNoticeContents.LegalNoticeContentID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    AcknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.LegalNoticeContentID, t.EmployeeID] })],
);

export const bulletins = pgTable('bulletins', {
  BulletinID: serial('bulletin_id').primaryKey(),
  Subject: text('subject').notNull(),
  Body: text('body').notNull(),
  /** 'All', 'Corporation', 'Offices', 'Divisions' or 'Roles'; AudienceIDs are ids of that kind. */
  AudienceType: text('audience_type').notNull(),
  AudienceIDs: jsonb('audience_ids').$type<number[]>().notNull().default([]),
  CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID, {
    onDelete: 'set null',
  }),
  CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  LastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  Version: integer('version').notNull().default(1),
});

export const bulletinDeliveries = pgTable(
  'bulletin_deliveries',
  {
    BulletinID: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.BulletinID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    DeliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    ReadAt: timestamp('read_at', { withTimezone: true }),
    AcknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.BulletinID, t.EmployeeID] }),
    index('bulletin_deliveries_employee').on(t.EmployeeID),
  ],
);
