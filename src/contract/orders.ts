// Orders wire format (spec 002 §3 "Product order", "Rogers category list"; §7 "Products and orders").
// Money is a decimal with 2 places on the wire (integer cents in the database).
//
// Catalogue (read: orders:own | orders:read | catalogue:write; write: catalogue:write)
//   GET    programs                   ProgramQuery → Program[]       (the caller's offices' programs; all with a global key)
//   GET    retailers                  RetailerQuery → Retailer[]
//   GET    products                   ProductQuery → Product[]
//   POST   products                   ProductSave → 201 Product
//   PUT    products/{id}              ProductUpdate → Product (409 + Current when Version is stale)
//   DELETE products/{id}              ?version → 204 (422 while a product order uses it)
//   GET    product-lines              ProductLineQuery → ProductLine[]
//   POST   product-lines              ProductLineSave → 201 ProductLine
//   PUT    product-lines/{id}         ProductLineUpdate → ProductLine (409)
//   DELETE product-lines/{id}         ?version → 204 (422 while used)
// Work orders (read: orders:read in the office, or orders:own for one's own; write: orders:write in the
// office, or orders:own for one's own orders at one's offices, from one's leads)
//   GET    work-orders                WorkOrderQuery → WorkOrderPage
//   GET    work-orders/mine           MySalesQuery → MySale[]          (not in the spec: "My sales" on the phone)
//   GET    work-orders/{id}           → WorkOrderDetail                (not in the spec: the detail screen)
//   POST   work-orders                WorkOrderSave → 201 WorkOrderDetail (200 with the same order when the
//                                     lead + ClientRequestKey was already used; send Idempotency-Key too)
//   POST   work-orders/bulk           WorkOrderBulk → 201 WorkOrderDetail[] (all or nothing; Errors by row)
//   PATCH  work-orders/{id}           WorkOrderPatch → WorkOrderDetail (409)
//   POST   work-orders/employee-claims  EmployeeClaims → WorkOrder[] (all or nothing; orders:own or orders:write)
//   POST   work-orders-update-alert   WorkOrderUpdateAlert → { Queued } (mail "work order update alert")
//   GET    divisions/{id}/product-order-statuses → ProductOrderStatus[]
//   PATCH  product-order-status/bulk  StatusChangeBulk → ProductOrder[] (all or nothing; orders:write)
//   POST   product-order-adjustment   AdjustmentSave → 201 ProductOrderAdjustment (orders:write)
//   POST   product-order-adjustment/bulk  AdjustmentBulk → 201 ProductOrderAdjustment[]
//   PUT    product-order-adjustment/{id}  AdjustmentUpdate → ProductOrderAdjustment (409)
//   DELETE product-order-adjustment/{id}  ?version → 204
//   GET    work-order-manual-claims   ManualClaimQuery → ManualClaimPage (own with orders:own)
//   POST   work-order-manual-claims   ManualClaimSave → 201 ManualClaim
//   PUT    work-order-manual-claims/{id}  ManualClaimUpdate → ManualClaim (pending only; 409)
//   PATCH  work-order-manual-claims/{id}  ManualClaimResolve → ManualClaim (approve/reject; orders:write)
//   DELETE work-order-manual-claims/{id}  ?version → 204 (pending only)
//
// Rules where the spec is silent (design choices):
// - Status kinds: Booked 1, Installed 2, Cancelled 3, Disconnect 4. Moves: Booked → Installed |
//   Cancelled; Installed → Cancelled | Disconnect; between statuses of the same kind; nothing out of
//   Cancelled or Disconnect. Each division has at least one status of each kind.
// - Installed: the product commission policy in force on the sale date pays a commission piece into
//   the rep's pay period at the order's office containing the install day (the next open one when that
//   payroll is locked). Cancelled/Disconnect after Installed: a negative piece (chargeback) in the
//   pay period containing the status day, or the next open one. A locked payroll is never changed.
import { z } from 'zod';
import { Instant, Int32, PagingQuery, pagedResult, QueryInt32, WireDate } from './common';
import { Money } from './payroll';

const Id = Int32.positive();
const QueryId = QueryInt32.positive();
const Text = (max: number, message = 'Enter a value') =>
  z.string().trim().min(1, message).max(max, `${max} characters at most`);
const OptText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${max} characters at most`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ORDERS_READ = 'orders:read';
export const ORDERS_WRITE = 'orders:write';
export const ORDERS_OWN = 'orders:own';
export const CATALOGUE_WRITE = 'catalogue:write';

/** The fixed Rogers category list (spec 002 §3). */
export const RogersCategory = {
  TV: 1,
  Internet: 2,
  HomePhone: 3,
  SmartHomeMonitoring: 4,
  Wireless: 5,
  Content: 6,
  Migration: 7,
} as const;
export const ROGERS_CATEGORY_NAMES: Record<number, string> = {
  1: 'TV',
  2: 'Internet',
  3: 'Home Phone',
  4: 'Smart Home Monitoring',
  5: 'Wireless',
  6: 'Content',
  7: 'Migration',
};
export const RogersCategoryId = Int32.min(1, 'Choose a category from 1 to 7').max(
  7,
  'Choose a category from 1 to 7',
);

export const SalesChannel = { Unknown: 0, DoorToDoor: 1, Event: 2 } as const;
export const SalesChannelId = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'Choose Unknown (0), DoorToDoor (1) or Event (2)',
});

export const StatusKind = { Booked: 1, Installed: 2, Cancelled: 3, Disconnect: 4 } as const;
export type StatusKind = (typeof StatusKind)[keyof typeof StatusKind];
export const STATUS_KIND_NAMES: Record<number, string> = {
  1: 'Booked',
  2: 'Installed',
  3: 'Cancelled',
  4: 'Disconnect',
};

export const ManualClaimStatus = { Pending: 1, Approved: 2, Rejected: 3 } as const;

// ---- catalogue -------------------------------------------------------------------------------------

export const Program = z.object({
  ProgramID: Id,
  Name: z.string(),
  DivisionID: Id,
  IsActive: z.boolean(),
});
export type Program = z.infer<typeof Program>;
export const ProgramQuery = z.object({
  divisionID: QueryId.optional(),
  icdOfficeID: QueryId.optional(),
  includeInactive: z.stringbool().optional(),
});
export type ProgramQuery = z.infer<typeof ProgramQuery>;

export const Retailer = z.object({ RetailerID: Id, DivisionID: Id, Name: z.string(), IsActive: z.boolean() });
export type Retailer = z.infer<typeof Retailer>;
export const RetailerQuery = z.object({
  divisionID: QueryId.optional(),
  includeInactive: z.stringbool().optional(),
});
export type RetailerQuery = z.infer<typeof RetailerQuery>;

export const Product = z.object({
  ProductID: Id,
  DivisionID: Id,
  Name: z.string(),
  Code: z.string().nullable(),
  RogersCategoryID: Int32.nullable(),
  RogersCategoryName: z.string().nullable(),
  IsActive: z.boolean(),
  Version: Int32,
});
export type Product = z.infer<typeof Product>;
export const ProductQuery = z.object({
  divisionID: QueryId.optional(),
  rogersCategoryID: QueryInt32.min(1).max(7).optional(),
  search: z.string().trim().max(100).optional(),
  includeInactive: z.stringbool().optional(),
});
export type ProductQuery = z.infer<typeof ProductQuery>;
export const ProductSave = z.object({
  // A product is always of one division: a missing one is a choice to make, said as such.
  DivisionID: z.number({ error: 'Choose the division' }).pipe(Id),
  Name: Text(100, 'Enter the product name'),
  Code: OptText(50),
  RogersCategoryID: RogersCategoryId.nullish().transform((v) => v ?? null),
  IsActive: z.boolean().default(true),
});
export type ProductSave = z.infer<typeof ProductSave>;
export const ProductUpdate = ProductSave.extend({ Version: Int32 });
export type ProductUpdate = z.infer<typeof ProductUpdate>;

export const ProductLine = z.object({
  ProductLineID: Id,
  ProgramID: Id,
  ProgramName: z.string(),
  DivisionID: Id,
  Name: z.string(),
  SortIndex: Int32,
  IsActive: z.boolean(),
  Version: Int32,
});
export type ProductLine = z.infer<typeof ProductLine>;
export const ProductLineQuery = z.object({
  programID: QueryId.optional(),
  divisionID: QueryId.optional(),
  includeInactive: z.stringbool().optional(),
});
export type ProductLineQuery = z.infer<typeof ProductLineQuery>;
export const ProductLineSave = z.object({
  ProgramID: Id,
  Name: Text(100, 'Enter the product line name'),
  SortIndex: Int32.min(0).default(0),
  IsActive: z.boolean().default(true),
});
export type ProductLineSave = z.infer<typeof ProductLineSave>;
export const ProductLineUpdate = ProductLineSave.extend({ Version: Int32 });
export type ProductLineUpdate = z.infer<typeof ProductLineUpdate>;

export const VersionQuery = z.object({ version: QueryInt32.optional() });

// ---- statuses --------------------------------------------------------------------------------------

export const ProductOrderStatus = z.object({
  ProductOrderStatusID: Id,
  DivisionID: Id,
  Name: z.string(),
  StatusKind: Int32,
  StatusKindName: z.string(),
  SortIndex: Int32,
});
export type ProductOrderStatus = z.infer<typeof ProductOrderStatus>;

// ---- work orders and product orders ----------------------------------------------------------------

export const ProductOrderCommission = z.object({
  /** Product commission, its chargeback, a multi-play bonus (PolicyID: the multi-play policy), its chargeback. */
  Kind: z.enum(['commission', 'chargeback', 'multiPlay', 'multiPlayChargeback']),
  Amount: z.number(),
  PieceQty: Int32,
  PieceRate: z.number(),
  PolicyID: Int32.nullable(),
  PolicyName: z.string().nullable(),
  PayPeriodID: Int32.nullable(),
  PayrollEntryID: Int32.nullable(),
  PieceNumber: Int32.nullable(),
  /** False when the rep had no pay period at the office to pay it in. */
  IsPaid: z.boolean(),
  CreatedAt: Instant,
});
export type ProductOrderCommission = z.infer<typeof ProductOrderCommission>;

export const ProductOrder = z.object({
  ProductOrderID: Id,
  WorkOrderID: Id,
  ProductID: Id,
  ProductName: z.string(),
  RogersCategoryID: Int32.nullable(),
  ProductLineID: Id,
  ProductLineName: z.string(),
  Quantity: Int32,
  ProductOrderStatusID: Id,
  StatusName: z.string(),
  StatusKind: Int32,
  StatusDate: WireDate,
  InstallDate: WireDate.nullable(),
  /** Net commission written to payroll so far (commission minus chargebacks). */
  CommissionPaid: z.number(),
  Version: Int32,
});
export type ProductOrder = z.infer<typeof ProductOrder>;

export const StatusHistoryItem = z.object({
  ProductOrderStatusHistoryID: Id,
  ProductOrderID: Id,
  FromStatusID: Int32.nullable(),
  FromStatusName: z.string().nullable(),
  ToStatusID: Id,
  ToStatusName: z.string(),
  StatusDate: WireDate,
  Comments: z.string().nullable(),
  ChangedByEmployeeID: Int32.nullable(),
  ChangedByName: z.string().nullable(),
  ChangedAt: Instant,
});
export type StatusHistoryItem = z.infer<typeof StatusHistoryItem>;

export const ProductOrderAdjustment = z.object({
  ProductOrderAdjustmentID: Id,
  ProductOrderID: Id,
  WorkOrderID: Id,
  PartnerName: z.string(),
  Amount: z.number(),
  Comments: z.string().nullable(),
  CreatedAt: Instant,
  Version: Int32,
});
export type ProductOrderAdjustment = z.infer<typeof ProductOrderAdjustment>;

export const WorkOrder = z.object({
  WorkOrderID: Id,
  DivisionID: Id,
  ProgramID: Id,
  ProgramName: z.string(),
  IcdOfficeID: Id,
  OfficeName: z.string(),
  EmployeeID: Int32.nullable(),
  EmployeeName: z.string().nullable(),
  RetailerID: Int32.nullable(),
  RetailerName: z.string().nullable(),
  LeadID: Int32.nullable(),
  SalesChannelID: Int32,
  OrderNumber: z.string().nullable(),
  SaleDate: WireDate,
  CustomerName: z.string(),
  CustomerPhone: z.string().nullable(),
  StreetLine1: z.string().nullable(),
  StreetLine2: z.string().nullable(),
  City: z.string().nullable(),
  StateProvince: z.string().nullable(),
  PostalCode: z.string().nullable(),
  Comments: z.string().nullable(),
  ProductOrders: z.array(ProductOrder),
  CreatedAt: Instant,
  UpdatedAt: Instant,
  Version: Int32,
});
export type WorkOrder = z.infer<typeof WorkOrder>;

export const WorkOrderDetail = WorkOrder.extend({
  History: z.array(StatusHistoryItem),
  Adjustments: z.array(ProductOrderAdjustment),
  Commissions: z.array(ProductOrderCommission.extend({ ProductOrderID: Id })),
});
export type WorkOrderDetail = z.infer<typeof WorkOrderDetail>;

export const WORK_ORDER_SORTS = [
  'saleDate',
  '-saleDate',
  'customer',
  '-customer',
  'orderNumber',
  '-orderNumber',
] as const;
export const WorkOrderQuery = PagingQuery.extend({
  divisionID: QueryId.optional(),
  icdOfficeID: QueryId.optional(),
  employeeID: QueryId.optional(),
  /** A product order status id: orders with at least one product order in it. */
  statusID: QueryId.optional(),
  /** A status kind (1–4): orders with at least one product order of that kind. */
  statusKind: QueryInt32.min(1).max(4).optional(),
  salesChannelID: QueryInt32.min(0).max(2).optional(),
  leadID: QueryId.optional(),
  /** Sale date from / to (inclusive). */
  from: WireDate.optional(),
  to: WireDate.optional(),
  /** Order number or customer name contains. */
  search: z.string().trim().max(100).optional(),
  sort: z.enum(WORK_ORDER_SORTS).default('-saleDate'),
});
export type WorkOrderQuery = z.infer<typeof WorkOrderQuery>;
export const WorkOrderPage = pagedResult(WorkOrder);
export type WorkOrderPage = z.infer<typeof WorkOrderPage>;

export const ProductOrderSave = z.object({
  ProductID: Id,
  ProductLineID: Id,
  Quantity: Int32.min(1, 'Enter 1 or more').max(1000, '1000 at most').default(1),
});
export type ProductOrderSave = z.infer<typeof ProductOrderSave>;

const WorkOrderFields = {
  ProgramID: Id,
  IcdOfficeID: Id,
  /** The rep credited; default: the caller when they hold orders:own, else nobody (claimed later). */
  EmployeeID: Id.nullish(),
  RetailerID: Id.nullish(),
  SalesChannelID: SalesChannelId.default(0),
  OrderNumber: OptText(50),
  SaleDate: WireDate,
  /** Defaults to the lead's name data when LeadID is given. */
  CustomerName: OptText(200),
  CustomerPhone: OptText(30),
  StreetLine1: OptText(200),
  StreetLine2: OptText(200),
  City: OptText(100),
  StateProvince: OptText(50),
  PostalCode: OptText(20),
  Comments: OptText(2000),
};

export const WorkOrderSave = z.object({
  ...WorkOrderFields,
  /** The lead the sale came from (address fields default to the lead's). */
  LeadID: Id.nullish(),
  /** The phone's draft key: with LeadID, the same key never creates a second order. */
  ClientRequestKey: OptText(100),
  ProductOrders: z.array(ProductOrderSave).min(1, 'Add at least one product').max(50, '50 products at most'),
});
export type WorkOrderSave = z.input<typeof WorkOrderSave>;
export type WorkOrderSaveParsed = z.infer<typeof WorkOrderSave>;

export const WorkOrderBulk = z.object({
  WorkOrders: z
    .array(WorkOrderSave)
    .min(1, 'Add at least one work order')
    .max(500, '500 work orders at most'),
});
export type WorkOrderBulk = z.infer<typeof WorkOrderBulk>;

/**
 * A product added to an existing order: it starts Booked and, when ProductOrderStatusID names another
 * status of the division, moves there on StatusDate (default: the sale date) by the allowed moves, as a
 * status change would (Installed pays its commission).
 */
export const ProductOrderAdd = ProductOrderSave.extend({
  ProductOrderStatusID: Id.optional(),
  StatusDate: WireDate.optional(),
});
export type ProductOrderAdd = z.infer<typeof ProductOrderAdd>;

/** PATCH: the fields given change (null clears an optional one); AddProductOrders adds products. */
export const WorkOrderPatch = z.object({
  Version: Int32,
  ProgramID: Id.optional(),
  IcdOfficeID: Id.optional(),
  EmployeeID: Id.nullable().optional(),
  RetailerID: Id.nullable().optional(),
  SalesChannelID: SalesChannelId.optional(),
  OrderNumber: OptText(50).optional(),
  SaleDate: WireDate.optional(),
  CustomerName: Text(200, 'Enter the customer name').optional(),
  CustomerPhone: OptText(30).optional(),
  StreetLine1: OptText(200).optional(),
  StreetLine2: OptText(200).optional(),
  City: OptText(100).optional(),
  StateProvince: OptText(50).optional(),
  PostalCode: OptText(20).optional(),
  Comments: OptText(2000).optional(),
  AddProductOrders: z.array(ProductOrderAdd).max(50, '50 products at most').optional(),
});
export type WorkOrderPatch = z.infer<typeof WorkOrderPatch>;

export const EmployeeClaims = z.object({
  /** Who claims: default the caller; another employee only with orders:write at the order's office. */
  EmployeeID: Id.optional(),
  DivisionID: Id,
  OrderNumbers: z
    .array(Text(50, 'Enter the order number'))
    .min(1, 'Enter at least one order number')
    .max(200, '200 order numbers at most'),
});
export type EmployeeClaims = z.infer<typeof EmployeeClaims>;

export const WorkOrderUpdateAlert = z.object({
  WorkOrderIDs: z.array(Id).min(1, 'Choose at least one work order').max(200, '200 work orders at most'),
  Message: OptText(2000),
});
export type WorkOrderUpdateAlert = z.infer<typeof WorkOrderUpdateAlert>;
export const WorkOrderUpdateAlertResult = z.object({ Queued: Int32, Recipients: z.array(z.string()) });

export const StatusChange = z.object({
  ProductOrderID: Id,
  ProductOrderStatusID: Id,
  /** The day the status took effect (the install day for Installed). */
  StatusDate: WireDate,
  Comments: OptText(500),
  Version: Int32.optional(),
});
export type StatusChange = z.infer<typeof StatusChange>;
export const StatusChangeBulk = z.object({
  Changes: z.array(StatusChange).min(1, 'Add at least one change').max(500, '500 changes at most'),
});
export type StatusChangeBulk = z.infer<typeof StatusChangeBulk>;

export const AdjustmentSave = z.object({
  ProductOrderID: Id,
  PartnerName: Text(200, 'Enter the partner name'),
  Amount: Money.refine((v) => v !== 0, 'Enter an amount other than zero'),
  Comments: OptText(500),
});
export type AdjustmentSave = z.infer<typeof AdjustmentSave>;
export const AdjustmentBulk = z.object({
  Adjustments: z
    .array(AdjustmentSave)
    .min(1, 'Add at least one adjustment')
    .max(500, '500 adjustments at most'),
});
export type AdjustmentBulk = z.infer<typeof AdjustmentBulk>;
export const AdjustmentUpdate = AdjustmentSave.omit({ ProductOrderID: true }).extend({ Version: Int32 });
export type AdjustmentUpdate = z.infer<typeof AdjustmentUpdate>;

// ---- My sales --------------------------------------------------------------------------------------

export const MySalesQuery = z.object({ from: WireDate.optional(), to: WireDate.optional() });
export type MySalesQuery = z.infer<typeof MySalesQuery>;
export const MySale = WorkOrder.extend({
  /** Commission the Booked products would earn once installed (policy in force on the sale date). */
  ExpectedCommission: z.number(),
  CommissionPaid: z.number(),
});
export type MySale = z.infer<typeof MySale>;

// ---- manual claims ---------------------------------------------------------------------------------

export const ManualClaim = z.object({
  WorkOrderManualClaimID: Id,
  EmployeeID: Id,
  EmployeeName: z.string(),
  IcdOfficeID: Id,
  OfficeName: z.string(),
  DivisionID: Id,
  OrderNumber: z.string(),
  SaleDate: WireDate,
  CustomerName: z.string().nullable(),
  Comments: z.string().nullable(),
  StatusID: Int32,
  ResolutionComments: z.string().nullable(),
  WorkOrderID: Int32.nullable(),
  ResolvedByEmployeeID: Int32.nullable(),
  ResolvedAt: Instant.nullable(),
  CreatedAt: Instant,
  Version: Int32,
});
export type ManualClaim = z.infer<typeof ManualClaim>;
export const ManualClaimQuery = PagingQuery.extend({
  icdOfficeID: QueryId.optional(),
  employeeID: QueryId.optional(),
  statusID: QueryInt32.min(1).max(3).optional(),
});
export type ManualClaimQuery = z.infer<typeof ManualClaimQuery>;
export const ManualClaimPage = pagedResult(ManualClaim);
export const ManualClaimSave = z.object({
  /** Default: the caller. */
  EmployeeID: Id.optional(),
  IcdOfficeID: Id,
  DivisionID: Id,
  OrderNumber: Text(50, 'Enter the order number'),
  SaleDate: WireDate,
  CustomerName: OptText(200),
  Comments: OptText(2000),
});
export type ManualClaimSave = z.infer<typeof ManualClaimSave>;
export const ManualClaimUpdate = ManualClaimSave.omit({ EmployeeID: true }).extend({ Version: Int32 });
export type ManualClaimUpdate = z.infer<typeof ManualClaimUpdate>;
/** Approve (StatusID 2: credits the work order with that division and order number) or reject (3). */
export const ManualClaimResolve = z.object({
  StatusID: z.union([z.literal(2), z.literal(3)], { error: 'Choose Approved (2) or Rejected (3)' }),
  ResolutionComments: OptText(2000),
  Version: Int32,
});
export type ManualClaimResolve = z.infer<typeof ManualClaimResolve>;
