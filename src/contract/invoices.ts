// Payroll invoices and their policies (spec 002 §3 "Payroll invoice", §7 "Invoices"). Shared by the
// server (validation, OpenAPI) and the PWA (forms, answers).
//
// A payroll invoice policy says how the invoice of a LOCKED payroll is built; it belongs to one
// corporation (IcdCorporationID) or to one division (DivisionID), never both. A corporation's own
// policy wins; without one, the division policy of the divisions its offices work applies (when
// several divisions have one, the corporation needs its own). Lines of an invoice, in this order:
// - GrossPay: the payroll's gross pay billed through (IncludeGrossPay);
// - EmployerTaxes: EmployerTaxRate % of the gross pay;
// - ServiceFee: GrossPayPercent % of the gross pay;
// - EmployeeFee: FeePerEmployee × the employees paid (gross pay above zero);
// - Fixed: each of FixedLines (Description, Amount).
// A line is left out when it comes to zero. Percentages keep 3 decimals; amounts are rounded half-up
// to the cent. The lines are computed once, when the invoice is created, and stored: a later policy
// change does not touch an existing invoice. Total = Subtotal (sum of lines) + Adjustment.
//
// Money on the wire: decimals with 2 places (integer cents in the database); dates YYYY-MM-DD.
import { z } from 'zod';
import { Instant, Int32, pagedResult, QueryInt32, WireDate } from './common';
import { Amount, Money } from './payroll';

/** Payroll invoice status (spec 002 §3). */
export const PayrollInvoiceStatus = { NotPosted: 1, Posted: 2 } as const;
export type PayrollInvoiceStatusId = (typeof PayrollInvoiceStatus)[keyof typeof PayrollInvoiceStatus];
/** Payment method (spec 002 §3). */
export const PaymentMethod = { DrawFromLocalBankAccount: 1, OutOfSecurity: 2 } as const;
export type PaymentMethodId = (typeof PaymentMethod)[keyof typeof PaymentMethod];

export const INVOICE_LINE_KINDS = [
  'GrossPay',
  'EmployerTaxes',
  'ServiceFee',
  'EmployeeFee',
  'Fixed',
] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const INVOICE_SORTS = [
  'InvoiceDate',
  'InvoiceDateDesc',
  'ClientName',
  'ClientNameDesc',
  'StartDate',
  'StartDateDesc',
  'Total',
  'TotalDesc',
  'Status',
  'StatusDesc',
] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

// ---- messages (the server's texts, also shown by the screens)

export const INVOICE_NOT_FOUND = 'The payroll invoice was not found.';
export const INVOICE_POLICY_NOT_FOUND = 'The payroll invoice policy was not found.';
export const PAYROLL_NOT_LOCKED = 'Only a locked payroll can be invoiced.';
export const POSTED_AMOUNTS =
  'This invoice is posted: its amounts, adjustment and payment method can no longer change.';
export const POSTED_NO_UNPOST = 'A posted invoice cannot go back to Not posted.';
export const OWNER_COMMENT_ONLY = 'You may only write the owner comment of this invoice.';
export const ADJUSTMENT_COMMENTS_REQUIRED = 'Say why the invoice is adjusted';
export const ONE_OWNER = 'Choose either a corporation or a division';
export const invoiceExists = (number: string) => `This payroll is already invoiced (${number}).`;
export const noInvoicePolicy = (corporation: string) =>
  `No invoice policy applies to ${corporation}: add one for the corporation or its division.`;
export const severalDivisionPolicies = (corporation: string, divisions: string) =>
  `Several division invoice policies apply to ${corporation} (${divisions}): add one for the corporation.`;
export const duplicateInvoicePolicy = (name: string, id: number) =>
  `Invoice policy ${name} (#${id}) already exists for it.`;
export const policyInUse = (count: number) =>
  `This policy built ${count} invoice${count === 1 ? '' : 's'}; they keep their lines, and it is deleted.`;

/** The number printed on an invoice. */
export const invoiceNumber = (id: number) => `PI-${String(id).padStart(6, '0')}`;

const Id = Int32.positive();
const THREE_DECIMALS = 'Use at most 3 decimals';
/** A percentage 0–100 with at most 3 decimals. */
export const Percent = z
  .number()
  .min(0, 'Enter zero or more')
  .max(100, 'Enter 100 or less')
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, THREE_DECIMALS);

const Text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`);
const Comment = Text(2000).nullable().optional();

// ---- lookups

export const PayrollInvoiceStatusItem = z.object({ StatusID: Int32, Name: z.string() });
export type PayrollInvoiceStatusItem = z.infer<typeof PayrollInvoiceStatusItem>;
export const PaymentMethodItem = z.object({ PaymentMethodID: Int32, Name: z.string() });
export type PaymentMethodItem = z.infer<typeof PaymentMethodItem>;

export const INVOICE_STATUS_ITEMS: PayrollInvoiceStatusItem[] = Object.entries(PayrollInvoiceStatus).map(
  ([Name, StatusID]) => ({ StatusID, Name }),
);
export const PAYMENT_METHOD_ITEMS: PaymentMethodItem[] = Object.entries(PaymentMethod).map(
  ([Name, PaymentMethodID]) => ({ PaymentMethodID, Name }),
);
const StatusId = z.union([z.literal(1), z.literal(2)], { error: 'Choose NotPosted (1) or Posted (2)' });
const PaymentMethodField = z.union([z.literal(1), z.literal(2)], {
  error: 'Choose DrawFromLocalBankAccount (1) or OutOfSecurity (2)',
});

// ---- policies

export const FixedLine = z.object({
  Description: Text(200).min(1, 'Enter a description'),
  Amount: Money,
});
export type FixedLine = z.infer<typeof FixedLine>;

const PolicyFields = {
  Name: Text(100).min(1, 'Enter a name'),
  IcdCorporationID: Id.nullable().optional(),
  DivisionID: Id.nullable().optional(),
  IncludeGrossPay: z.boolean().default(true),
  EmployerTaxRate: Percent.default(0),
  GrossPayPercent: Percent.default(0),
  FeePerEmployee: Amount.default(0),
  FixedLines: z.array(FixedLine).max(20, 'Use at most 20 fixed lines').default([]),
  /** The payment method new invoices start with. */
  PaymentMethodID: PaymentMethodField.default(PaymentMethod.DrawFromLocalBankAccount),
};

function oneOwner(v: { IcdCorporationID?: number | null; DivisionID?: number | null }, ctx: z.RefinementCtx) {
  const both = !!v.IcdCorporationID && !!v.DivisionID;
  const none = !v.IcdCorporationID && !v.DivisionID;
  if (both || none) {
    ctx.addIssue({ code: 'custom', path: ['IcdCorporationID'], message: ONE_OWNER });
    ctx.addIssue({ code: 'custom', path: ['DivisionID'], message: ONE_OWNER });
  }
}

export const PayrollInvoicePolicySave = z.object(PolicyFields).superRefine(oneOwner);
export type PayrollInvoicePolicySave = z.input<typeof PayrollInvoicePolicySave>;
export const PayrollInvoicePolicyUpdate = z.object({ ...PolicyFields, Version: Int32 }).superRefine(oneOwner);
export type PayrollInvoicePolicyUpdate = z.input<typeof PayrollInvoicePolicyUpdate>;

export const PayrollInvoicePolicy = z.object({
  PayrollInvoicePolicyID: Id,
  Name: z.string(),
  IcdCorporationID: Int32.nullable(),
  CorporationName: z.string().nullable(),
  DivisionID: Int32.nullable(),
  DivisionName: z.string().nullable(),
  IncludeGrossPay: z.boolean(),
  EmployerTaxRate: z.number(),
  GrossPayPercent: z.number(),
  FeePerEmployee: z.number(),
  FixedLines: z.array(z.object({ Description: z.string(), Amount: z.number() })),
  PaymentMethodID: Int32,
  /** Invoices built with it. */
  InvoiceCount: Int32,
  Version: Int32,
});
export type PayrollInvoicePolicy = z.infer<typeof PayrollInvoicePolicy>;

export const PayrollInvoicePolicyQuery = z.object({
  icdCorporationID: QueryInt32.positive().optional(),
  divisionID: QueryInt32.positive().optional(),
});

// ---- invoices

export const PayrollInvoiceLine = z.object({
  LineNumber: Int32,
  Kind: z.enum(INVOICE_LINE_KINDS),
  Description: z.string(),
  /** Employees (EmployeeFee) or null. */
  Quantity: z.number().nullable(),
  /** Percent (taxes, service fee) or amount per unit (EmployeeFee), or null. */
  Rate: z.number().nullable(),
  Amount: z.number(),
});
export type PayrollInvoiceLine = z.infer<typeof PayrollInvoiceLine>;

export const PayrollInvoiceListItem = z.object({
  PayrollInvoiceID: Id,
  InvoiceNumber: z.string(),
  PayrollID: Int32,
  IcdCorporationID: Int32,
  ClientName: z.string(),
  Owner: z.string(),
  CountryID: Int32,
  StartDate: WireDate,
  EndDate: WireDate,
  PayDate: WireDate,
  InvoiceDate: WireDate,
  StatusID: Int32,
  PaymentMethodID: Int32,
  Subtotal: z.number(),
  Adjustment: z.number(),
  Total: z.number(),
  IsDismissed: z.boolean(),
  Version: Int32,
});
export type PayrollInvoiceListItem = z.infer<typeof PayrollInvoiceListItem>;

export const PayrollInvoice = PayrollInvoiceListItem.extend({
  PayrollInvoicePolicyID: Int32.nullable(),
  PolicyName: z.string(),
  GrossPay: z.number(),
  EmployeeCount: Int32,
  Lines: z.array(PayrollInvoiceLine),
  AdjustmentComments: z.string().nullable(),
  HJComments: z.string().nullable(),
  HubComments: z.string().nullable(),
  OwnerComments: z.string().nullable(),
  PostedAt: Instant.nullable(),
  PostedByName: z.string().nullable(),
  CreatedAt: Instant,
  CreatedByName: z.string().nullable(),
  UpdatedAt: Instant,
  /** What the caller may change: everything (office), the owner comment only (owner), nothing. */
  CanEdit: z.boolean(),
  CanEditOwnerComments: z.boolean(),
});
export type PayrollInvoice = z.infer<typeof PayrollInvoice>;

const boolQuery = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean().optional(),
);

export const PayrollInvoiceQuery = z.object({
  icdCorporationID: QueryInt32.positive().optional(),
  statusID: QueryInt32.positive().optional(),
  paymentMethodID: QueryInt32.positive().optional(),
  payrollID: QueryInt32.positive().optional(),
  /** Invoice date on or after startDate and on or before endDate. */
  startDate: WireDate.optional(),
  endDate: WireDate.optional(),
  isDismissed: boolQuery,
  /** Text in the client name, the owner or the invoice number. */
  search: z.string().max(200).optional(),
  sort: z.enum(INVOICE_SORTS).default('InvoiceDateDesc'),
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(500).default(25),
});
export type PayrollInvoiceQuery = z.infer<typeof PayrollInvoiceQuery>;

export const PayrollInvoicePage = pagedResult(PayrollInvoiceListItem);
export type PayrollInvoicePage = z.infer<typeof PayrollInvoicePage>;

/** A locked payroll not yet invoiced (the choices of a new invoice). */
export const InvoiceablePayroll = z.object({
  PayrollID: Int32,
  IcdCorporationID: Int32,
  ClientName: z.string(),
  CountryID: Int32,
  StartDate: WireDate,
  EndDate: WireDate,
  PayDate: WireDate,
  GrossPay: z.number(),
  /** The policy an invoice would use now, or null with the reason in PolicyProblem. */
  PayrollInvoicePolicyID: Int32.nullable(),
  PolicyName: z.string().nullable(),
  PolicyProblem: z.string().nullable(),
});
export type InvoiceablePayroll = z.infer<typeof InvoiceablePayroll>;

/** GET payroll-invoices/new: the defaults of a new invoice. */
export const NewPayrollInvoice = z.object({
  /** Today on the server's clock (UTC). */
  InvoiceDate: WireDate,
  StatusID: Int32,
  Payrolls: z.array(InvoiceablePayroll),
  Statuses: z.array(PayrollInvoiceStatusItem),
  PaymentMethods: z.array(PaymentMethodItem),
});
export type NewPayrollInvoice = z.infer<typeof NewPayrollInvoice>;

/** POST payroll-invoices (spec: payrollID, invoiceDate). */
export const PayrollInvoiceCreate = z.object({
  payrollID: Id,
  invoiceDate: WireDate,
});
export type PayrollInvoiceCreate = z.input<typeof PayrollInvoiceCreate>;

/** PUT payroll-invoices/{id}: a field left out keeps its value. */
export const PayrollInvoiceUpdate = z.object({
  StatusID: StatusId.optional(),
  Adjustment: Money.optional(),
  AdjustmentComments: Comment,
  PaymentMethodID: PaymentMethodField.optional(),
  HJComments: Comment,
  HubComments: Comment,
  OwnerComments: Comment,
  IsDismissed: z.boolean().optional(),
  Version: Int32,
});
export type PayrollInvoiceUpdate = z.input<typeof PayrollInvoiceUpdate>;
