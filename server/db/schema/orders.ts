// Orders (spec 002 §3 "Product order", "Rogers category list"; §7 "Products and orders"). Wire shapes
// are in src/contract/orders.ts.
//
// - Catalogue: retailers (a table of their own: the partners a sale is made through, per division),
//   products (per division, with the fixed Rogers category on products of any division), product
//   lines (per program). The programs are the existing `programs` table (server/db/schema/time.ts).
// - A work order is one sale: the customer, where and how it was sold (sales channel), the rep it is
//   credited to (EmployeeID, null until someone claims it), optionally the lead it came from. It holds
//   product orders (one product × product line × quantity each) that move through the division's
//   product order statuses (kinds Booked, Installed, Cancelled, Disconnect), every change kept in the
//   status history.
// - Commission: when a product order becomes Installed, the product commission policy in force on the
//   sale date yields a commission piece on the rep's payroll entry; Cancelled or Disconnect after that
//   adds a negative piece (chargeback) in an open pay period. Each piece written is one row of
//   product_order_commissions (the ledger: the sum per product order is what it has paid so far).
// Money is integer cents (columns ending in `Cents`); decimals with 2 places on the wire.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { leads } from './leads';
import { divisions, icdOffices } from './organisation';
import { employees } from './people';
import { programs } from './time';

/** Retail partners a sale can be made through (GET retailers), per division. */
export const retailers = pgTable(
  'retailers',
  {
    RetailerID: serial('retailer_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    Name: text('name').notNull(),
    IsActive: boolean('is_active').notNull().default(true),
    Version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('retailers_division_name').on(t.DivisionID, t.Name)],
);

/** A product sold by a division (RogersCategoryID: 1 TV … 7 Migration, null when not categorised). */
export const products = pgTable(
  'products',
  {
    ProductID: serial('product_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    Name: text('name').notNull(),
    /** The partner's product code (SKU), unique in the division when given. */
    Code: text('code'),
    RogersCategoryID: integer('rogers_category_id'),
    IsActive: boolean('is_active').notNull().default(true),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('products_division_name').on(t.DivisionID, t.Name),
    uniqueIndex('products_division_code').on(t.DivisionID, t.Code).where(sql`${t.Code} is not null`),
  ],
);

/** A product line of a program (e.g. "New activation", "Upgrade"). */
export const productLines = pgTable(
  'product_lines',
  {
    ProductLineID: serial('product_line_id').primaryKey(),
    ProgramID: integer('program_id')
      .notNull()
      .references(() => programs.ProgramID),
    Name: text('name').notNull(),
    IsActive: boolean('is_active').notNull().default(true),
    SortIndex: integer('sort_index').notNull().default(0),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('product_lines_program_name').on(t.ProgramID, t.Name)],
);

/** The product order statuses of a division; StatusKind: Booked 1, Installed 2, Cancelled 3, Disconnect 4. */
export const productOrderStatuses = pgTable(
  'product_order_statuses',
  {
    ProductOrderStatusID: serial('product_order_status_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    Name: text('name').notNull(),
    StatusKind: integer('status_kind').notNull(),
    SortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [uniqueIndex('product_order_statuses_division_name').on(t.DivisionID, t.Name)],
);

/** One sale (SalesChannelID: Unknown 0, DoorToDoor 1, Event 2). */
export const workOrders = pgTable(
  'work_orders',
  {
    WorkOrderID: serial('work_order_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    ProgramID: integer('program_id')
      .notNull()
      .references(() => programs.ProgramID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    /** The rep credited with the sale; null until claimed. */
    EmployeeID: integer('employee_id').references(() => employees.EmployeeID),
    RetailerID: integer('retailer_id').references(() => retailers.RetailerID),
    LeadID: integer('lead_id').references(() => leads.LeadID, { onDelete: 'set null' }),
    /** The client's own key for a create (the phone's draft): one lead + key never makes two orders. */
    ClientRequestKey: text('client_request_key'),
    SalesChannelID: integer('sales_channel_id').notNull().default(0),
    /** The partner's order or account number (what a rep claims by). */
    OrderNumber: text('order_number'),
    SaleDate: date('sale_date').notNull(),
    CustomerName: text('customer_name').notNull(),
    CustomerPhone: text('customer_phone'),
    StreetLine1: text('street_line1'),
    StreetLine2: text('street_line2'),
    City: text('city'),
    StateProvince: text('state_province'),
    PostalCode: text('postal_code'),
    Comments: text('comments'),
    CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    index('work_orders_office_date').on(t.IcdOfficeID, t.SaleDate),
    index('work_orders_employee_date').on(t.EmployeeID, t.SaleDate),
    index('work_orders_lead').on(t.LeadID),
    uniqueIndex('work_orders_division_number')
      .on(t.DivisionID, t.OrderNumber)
      .where(sql`${t.OrderNumber} is not null`),
    uniqueIndex('work_orders_lead_request')
      .on(t.LeadID, t.ClientRequestKey)
      .where(sql`${t.LeadID} is not null and ${t.ClientRequestKey} is not null`),
  ],
);

/** A product of a work order (product × product line × quantity) and its current status. */
export const productOrders = pgTable(
  'product_orders',
  {
    ProductOrderID: serial('product_order_id').primaryKey(),
    WorkOrderID: integer('work_order_id')
      .notNull()
      .references(() => workOrders.WorkOrderID, { onDelete: 'cascade' }),
    ProductID: integer('product_id')
      .notNull()
      .references(() => products.ProductID),
    ProductLineID: integer('product_line_id')
      .notNull()
      .references(() => productLines.ProductLineID),
    Quantity: integer('quantity').notNull().default(1),
    ProductOrderStatusID: integer('product_order_status_id')
      .notNull()
      .references(() => productOrderStatuses.ProductOrderStatusID),
    /** The day the current status took effect (the install day for Installed). */
    StatusDate: date('status_date').notNull(),
    /** The day it was installed (kept after a Cancelled or Disconnect). */
    InstallDate: date('install_date'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [index('product_orders_work_order').on(t.WorkOrderID)],
);

/** Every status change of a product order: who, when, from → to (From null: created). */
export const productOrderStatusHistory = pgTable(
  'product_order_status_history',
  {
    ProductOrderStatusHistoryID: serial('product_order_status_history_id').primaryKey(),
    ProductOrderID: integer('product_order_id')
      .notNull()
      .references(() => productOrders.ProductOrderID, { onDelete: 'cascade' }),
    FromStatusID: integer('from_status_id'),
    ToStatusID: integer('to_status_id').notNull(),
    StatusDate: date('status_date').notNull(),
    Comments: text('comments'),
    ChangedByEmployeeID: integer('changed_by_employee_id').references(() => employees.EmployeeID),
    ChangedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_order_status_history_order').on(t.ProductOrderID, t.ChangedAt)],
);

/** An adjustment of a product order: one type, an amount for a named partner. */
export const productOrderAdjustments = pgTable(
  'product_order_adjustments',
  {
    ProductOrderAdjustmentID: serial('product_order_adjustment_id').primaryKey(),
    ProductOrderID: integer('product_order_id')
      .notNull()
      .references(() => productOrders.ProductOrderID, { onDelete: 'cascade' }),
    PartnerName: text('partner_name').notNull(),
    AmountCents: integer('amount_cents').notNull(),
    Comments: text('comments'),
    CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [index('product_order_adjustments_order').on(t.ProductOrderID)],
);

/**
 * A rep's claim to a sale the system does not credit to them (an order not entered, or entered for
 * nobody). StatusID: Pending 1, Approved 2, Rejected 3. Approving credits the matching work order
 * (same division and order number) to the employee.
 */
export const workOrderManualClaims = pgTable(
  'work_order_manual_claims',
  {
    WorkOrderManualClaimID: serial('work_order_manual_claim_id').primaryKey(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    OrderNumber: text('order_number').notNull(),
    SaleDate: date('sale_date').notNull(),
    CustomerName: text('customer_name'),
    Comments: text('comments'),
    StatusID: integer('status_id').notNull().default(1),
    ResolutionComments: text('resolution_comments'),
    WorkOrderID: integer('work_order_id').references(() => workOrders.WorkOrderID, { onDelete: 'set null' }),
    ResolvedByEmployeeID: integer('resolved_by_employee_id').references(() => employees.EmployeeID),
    ResolvedAt: timestamp('resolved_at', { withTimezone: true }),
    CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [index('work_order_manual_claims_office').on(t.IcdOfficeID, t.StatusID)],
);

/**
 * The commission ledger: each commission piece (Kind 'commission') or chargeback (Kind 'chargeback',
 * negative) written to payroll for a product order. PayrollCommissionPieceID/PayrollEntryID are null
 * when the rep had no pay period to pay it in (shown as not paid).
 */
export const productOrderCommissions = pgTable(
  'product_order_commissions',
  {
    ProductOrderCommissionID: serial('product_order_commission_id').primaryKey(),
    ProductOrderID: integer('product_order_id')
      .notNull()
      .references(() => productOrders.ProductOrderID, { onDelete: 'cascade' }),
    Kind: text('kind').notNull(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    AmountCents: integer('amount_cents').notNull(),
    PieceQty: integer('piece_qty').notNull(),
    PieceRateCents: integer('piece_rate_cents').notNull(),
    PolicyID: integer('policy_id'),
    PolicyName: text('policy_name'),
    CommissionTypeID: integer('commission_type_id'),
    PayPeriodID: integer('pay_period_id'),
    PayrollEntryID: integer('payroll_entry_id'),
    PayrollCommissionPieceID: integer('payroll_commission_piece_id'),
    PieceNumber: integer('piece_number'),
    CreatedByEmployeeID: integer('created_by_employee_id'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_order_commissions_order').on(t.ProductOrderID)],
);
