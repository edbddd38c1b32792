// Payroll invoice policies and payroll invoices (spec 002 §3 "Payroll invoice", §7 "Invoices").
// Wire shapes and the rules of a policy are in src/contract/invoices.ts.
//
// Money is integer cents; percentages are integer thousandths of a percent (12.5 % → 12500).
// An invoice's lines are computed from its locked payroll and policy when it is created and stored
// here (jsonb), so a later change of the policy never changes an existing invoice.
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { corporations, divisions } from './organisation';
import { payrolls } from './payroll';
import { employees } from './people';

export interface InvoiceFixedLineRow {
  Description: string;
  AmountCents: number;
}

/** How an invoice is built for a corporation (IcdCorporationID) or a division (DivisionID). */
export const payrollInvoicePolicies = pgTable(
  'payroll_invoice_policies',
  {
    PayrollInvoicePolicyID: serial('payroll_invoice_policy_id').primaryKey(),
    Name: text('name').notNull(),
    IcdCorporationID: integer('icd_corporation_id').references(() => corporations.IcdCorporationID),
    DivisionID: integer('division_id').references(() => divisions.DivisionID),
    IncludeGrossPay: boolean('include_gross_pay').notNull().default(true),
    /** Thousandths of a percent. */
    EmployerTaxRateMilli: integer('employer_tax_rate_milli').notNull().default(0),
    /** Thousandths of a percent. */
    GrossPayPercentMilli: integer('gross_pay_percent_milli').notNull().default(0),
    FeePerEmployeeCents: integer('fee_per_employee_cents').notNull().default(0),
    FixedLines: jsonb('fixed_lines').$type<InvoiceFixedLineRow[]>().notNull().default([]),
    PaymentMethodID: integer('payment_method_id').notNull().default(1),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payroll_invoice_policies_corporation').on(t.IcdCorporationID),
    uniqueIndex('payroll_invoice_policies_division').on(t.DivisionID),
  ],
);

/** A stored invoice line (see PayrollInvoiceLine in the contract); Rate in thousandths of a percent or cents. */
export interface InvoiceLineRow {
  LineNumber: number;
  Kind: 'GrossPay' | 'EmployerTaxes' | 'ServiceFee' | 'EmployeeFee' | 'Fixed';
  Description: string;
  Quantity: number | null;
  /** Percent (EmployerTaxes, ServiceFee) or currency per unit (EmployeeFee), as shown. */
  Rate: number | null;
  AmountCents: number;
}

/** One invoice per payroll (only a locked payroll is invoiced). */
export const payrollInvoices = pgTable(
  'payroll_invoices',
  {
    PayrollInvoiceID: serial('payroll_invoice_id').primaryKey(),
    PayrollID: integer('payroll_id')
      .notNull()
      .references(() => payrolls.PayrollID),
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID),
    PayrollInvoicePolicyID: integer('payroll_invoice_policy_id').references(
      () => payrollInvoicePolicies.PayrollInvoicePolicyID,
      { onDelete: 'set null' },
    ),
    /** The policy's name when the invoice was built. */
    PolicyName: text('policy_name').notNull(),
    InvoiceDate: date('invoice_date').notNull(),
    /** NotPosted 1, Posted 2. */
    StatusID: integer('status_id').notNull().default(1),
    /** DrawFromLocalBankAccount 1, OutOfSecurity 2. */
    PaymentMethodID: integer('payment_method_id').notNull().default(1),
    GrossPayCents: integer('gross_pay_cents').notNull(),
    EmployeeCount: integer('employee_count').notNull(),
    Lines: jsonb('lines').$type<InvoiceLineRow[]>().notNull(),
    SubtotalCents: integer('subtotal_cents').notNull(),
    AdjustmentCents: integer('adjustment_cents').notNull().default(0),
    AdjustmentComments: text('adjustment_comments'),
    HJComments: text('hj_comments'),
    HubComments: text('hub_comments'),
    OwnerComments: text('owner_comments'),
    IsDismissed: boolean('is_dismissed').notNull().default(false),
    PostedAt: timestamp('posted_at', { withTimezone: true }),
    PostedByEmployeeID: integer('posted_by_employee_id').references(() => employees.EmployeeID),
    CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payroll_invoices_payroll').on(t.PayrollID),
    index('payroll_invoices_corporation').on(t.IcdCorporationID, t.InvoiceDate),
  ],
);
