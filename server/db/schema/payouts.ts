// Posted payouts and RS payout transfers (spec 002 §3 "Posted payout", §7 "Posted payouts", "RS
// payout transfers"). Wire shapes and the comparison rule are in src/contract/payouts.ts.
//
// Money is integer cents. A posted payout keeps its lines as jsonb ({ ProgramID, Quantity,
// PostedCents }); the expected amounts are computed when read, from the payout policy in force on
// the posted date. A deleted posted payout is kept (DeletedAt) so its history still names who
// deleted it.
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { corporations, divisions } from './organisation';
import { employees } from './people';

export interface PostedPayoutLineRow {
  ProgramID: number | null;
  Quantity: number;
  PostedCents: number;
}

export const postedPayouts = pgTable(
  'posted_payouts',
  {
    PostedPayoutID: serial('posted_payout_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID),
    PostedDate: date('posted_date').notNull(),
    Reference: text('reference'),
    Comments: text('comments'),
    Lines: jsonb('lines').$type<PostedPayoutLineRow[]>().notNull(),
    CreatedByEmployeeID: integer('created_by_employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    UpdatedByEmployeeID: integer('updated_by_employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    DeletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('posted_payouts_date').on(t.PostedDate),
    index('posted_payouts_corporation').on(t.IcdCorporationID, t.DivisionID),
  ],
);

export interface PostedPayoutChangeRow {
  Field: string;
  From: string | null;
  To: string | null;
}

/** Who changed a posted payout, when, and the fields changed (Created, Updated, Deleted). */
export const postedPayoutHistory = pgTable(
  'posted_payout_history',
  {
    PostedPayoutHistoryID: serial('posted_payout_history_id').primaryKey(),
    PostedPayoutID: integer('posted_payout_id')
      .notNull()
      .references(() => postedPayouts.PostedPayoutID),
    Action: text('action').$type<'Created' | 'Updated' | 'Deleted'>().notNull(),
    ChangedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    ChangedByEmployeeID: integer('changed_by_employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    Changes: jsonb('changes').$type<PostedPayoutChangeRow[]>().notNull(),
  },
  (t) => [index('posted_payout_history_payout').on(t.PostedPayoutID)],
);

/** Money moved to (DirectionID 1) or from (2) an ICD corporation for RS payouts. */
export const rsPayoutTransfers = pgTable(
  'rs_payout_transfers',
  {
    RsPayoutTransferID: serial('rs_payout_transfer_id').primaryKey(),
    TransferDate: date('transfer_date').notNull(),
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID),
    DirectionID: integer('direction_id').notNull(),
    AmountCents: integer('amount_cents').notNull(),
    Counterparty: text('counterparty').notNull(),
    Reference: text('reference'),
    Comments: text('comments'),
    CreatedByEmployeeID: integer('created_by_employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rs_payout_transfers_date').on(t.TransferDate, t.IcdCorporationID)],
);
