// Work orders as the wire shows them: names of the program, office, rep and retailer, the product
// orders with their status and the commission paid so far; the detail adds history, adjustments and
// the commission ledger.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  ProductOrder,
  ProductOrderAdjustment,
  StatusHistoryItem,
  WorkOrder,
  WorkOrderDetail,
} from '../../../src/contract/orders';
import { fromCents } from '../../../src/contract/payroll';
import {
  employees,
  icdOffices,
  productLines,
  productOrderAdjustments,
  productOrderCommissions,
  productOrderStatuses,
  productOrderStatusHistory,
  productOrders,
  products,
  programs,
  retailers,
  type workOrders,
} from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import type { Conn } from './scope';

type LedgerKindWire = WorkOrderDetail['Commissions'][number]['Kind'];
const LEDGER_KINDS: readonly LedgerKindWire[] = [
  'commission',
  'chargeback',
  'multiPlay',
  'multiPlayChargeback',
];

export type WorkOrderRow = typeof workOrders.$inferSelect;
const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const name = (p: { FirstName: string; LastName: string } | undefined) =>
  p ? `${p.FirstName} ${p.LastName}` : null;

async function productOrdersOf(db: Conn, workOrderIds: readonly number[]): Promise<ProductOrder[]> {
  if (!workOrderIds.length) return [];
  const rows = await db
    .select({
      po: productOrders,
      ProductName: products.Name,
      RogersCategoryID: products.RogersCategoryID,
      ProductLineName: productLines.Name,
      StatusName: productOrderStatuses.Name,
      StatusKind: productOrderStatuses.StatusKind,
      Paid: sql<number>`coalesce((select sum(c.amount_cents) from product_order_commissions c where c.product_order_id = ${productOrders.ProductOrderID}), 0)::int`,
    })
    .from(productOrders)
    .innerJoin(products, eq(products.ProductID, productOrders.ProductID))
    .innerJoin(productLines, eq(productLines.ProductLineID, productOrders.ProductLineID))
    .innerJoin(
      productOrderStatuses,
      eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
    )
    .where(inArray(productOrders.WorkOrderID, [...workOrderIds]))
    .orderBy(asc(productOrders.ProductOrderID));
  return rows.map((r) => ({
    ProductOrderID: r.po.ProductOrderID,
    WorkOrderID: r.po.WorkOrderID,
    ProductID: r.po.ProductID,
    ProductName: r.ProductName,
    RogersCategoryID: r.RogersCategoryID,
    ProductLineID: r.po.ProductLineID,
    ProductLineName: r.ProductLineName,
    Quantity: r.po.Quantity,
    ProductOrderStatusID: r.po.ProductOrderStatusID,
    StatusName: r.StatusName,
    StatusKind: r.StatusKind,
    StatusDate: r.po.StatusDate,
    InstallDate: r.po.InstallDate,
    CommissionPaid: fromCents(Number(r.Paid)),
    Version: r.po.Version,
  }));
}

export async function workOrderWires(db: Conn, rows: readonly WorkOrderRow[]): Promise<WorkOrder[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.WorkOrderID);
  const uniq = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];
  const [pos, progs, offices, people, rets] = await allOrFirstError(db, [
    () => productOrdersOf(db, ids),
    () =>
      db
        .select({ id: programs.ProgramID, Name: programs.Name })
        .from(programs)
        .where(inArray(programs.ProgramID, uniq(rows.map((r) => r.ProgramID)))),
    () =>
      db
        .select({ id: icdOffices.IcdOfficeID, Name: icdOffices.OfficeName })
        .from(icdOffices)
        .where(inArray(icdOffices.IcdOfficeID, uniq(rows.map((r) => r.IcdOfficeID)))),
    () =>
      uniq(rows.map((r) => r.EmployeeID)).length
        ? db
            .select({
              id: employees.EmployeeID,
              FirstName: employees.FirstName,
              LastName: employees.LastName,
            })
            .from(employees)
            .where(inArray(employees.EmployeeID, uniq(rows.map((r) => r.EmployeeID))))
        : [],
    () =>
      uniq(rows.map((r) => r.RetailerID)).length
        ? db
            .select({ id: retailers.RetailerID, Name: retailers.Name })
            .from(retailers)
            .where(inArray(retailers.RetailerID, uniq(rows.map((r) => r.RetailerID))))
        : [],
  ] as const);
  return rows.map((r) => ({
    WorkOrderID: r.WorkOrderID,
    DivisionID: r.DivisionID,
    ProgramID: r.ProgramID,
    ProgramName: progs.find((p) => p.id === r.ProgramID)?.Name ?? '',
    IcdOfficeID: r.IcdOfficeID,
    OfficeName: offices.find((o) => o.id === r.IcdOfficeID)?.Name ?? '',
    EmployeeID: r.EmployeeID,
    EmployeeName: name(people.find((p) => p.id === r.EmployeeID)),
    RetailerID: r.RetailerID,
    RetailerName: rets.find((x) => x.id === r.RetailerID)?.Name ?? null,
    LeadID: r.LeadID,
    SalesChannelID: r.SalesChannelID,
    OrderNumber: r.OrderNumber,
    SaleDate: r.SaleDate,
    CustomerName: r.CustomerName,
    CustomerPhone: r.CustomerPhone,
    StreetLine1: r.StreetLine1,
    StreetLine2: r.StreetLine2,
    City: r.City,
    StateProvince: r.StateProvince,
    PostalCode: r.PostalCode,
    Comments: r.Comments,
    ProductOrders: pos.filter((p) => p.WorkOrderID === r.WorkOrderID),
    CreatedAt: iso(r.CreatedAt),
    UpdatedAt: iso(r.UpdatedAt),
    Version: r.Version,
  }));
}

export async function adjustmentWires(
  db: Conn,
  where: { productOrderIds?: readonly number[]; ids?: readonly number[] },
): Promise<ProductOrderAdjustment[]> {
  const cond = where.ids
    ? inArray(productOrderAdjustments.ProductOrderAdjustmentID, [...where.ids])
    : inArray(productOrderAdjustments.ProductOrderID, [...(where.productOrderIds ?? [])]);
  if ((where.ids ?? where.productOrderIds ?? []).length === 0) return [];
  const rows = await db
    .select({ a: productOrderAdjustments, WorkOrderID: productOrders.WorkOrderID })
    .from(productOrderAdjustments)
    .innerJoin(productOrders, eq(productOrders.ProductOrderID, productOrderAdjustments.ProductOrderID))
    .where(cond)
    .orderBy(asc(productOrderAdjustments.ProductOrderAdjustmentID));
  return rows.map(({ a, WorkOrderID }) => ({
    ProductOrderAdjustmentID: a.ProductOrderAdjustmentID,
    ProductOrderID: a.ProductOrderID,
    WorkOrderID,
    PartnerName: a.PartnerName,
    Amount: fromCents(a.AmountCents),
    Comments: a.Comments,
    CreatedAt: iso(a.CreatedAt),
    Version: a.Version,
  }));
}

export async function workOrderDetail(db: Conn, row: WorkOrderRow): Promise<WorkOrderDetail> {
  const [wire] = await workOrderWires(db, [row]);
  const poIds = wire.ProductOrders.map((p) => p.ProductOrderID);
  if (!poIds.length) return { ...wire, History: [], Adjustments: [], Commissions: [] };
  const [history, adjustments, ledger, statuses] = await allOrFirstError(db, [
    () =>
      db
        .select({
          h: productOrderStatusHistory,
          FirstName: employees.FirstName,
          LastName: employees.LastName,
        })
        .from(productOrderStatusHistory)
        .leftJoin(employees, eq(employees.EmployeeID, productOrderStatusHistory.ChangedByEmployeeID))
        .where(inArray(productOrderStatusHistory.ProductOrderID, poIds))
        .orderBy(
          asc(productOrderStatusHistory.ChangedAt),
          asc(productOrderStatusHistory.ProductOrderStatusHistoryID),
        ),
    () => adjustmentWires(db, { productOrderIds: poIds }),
    () =>
      db
        .select()
        .from(productOrderCommissions)
        .where(inArray(productOrderCommissions.ProductOrderID, poIds))
        .orderBy(asc(productOrderCommissions.ProductOrderCommissionID)),
    () => db.select().from(productOrderStatuses).where(eq(productOrderStatuses.DivisionID, row.DivisionID)),
  ] as const);
  const statusName = (id: number | null) =>
    id === null ? null : (statuses.find((s) => s.ProductOrderStatusID === id)?.Name ?? null);
  const History: StatusHistoryItem[] = history.map(({ h, FirstName, LastName }) => ({
    ProductOrderStatusHistoryID: h.ProductOrderStatusHistoryID,
    ProductOrderID: h.ProductOrderID,
    FromStatusID: h.FromStatusID,
    FromStatusName: statusName(h.FromStatusID),
    ToStatusID: h.ToStatusID,
    ToStatusName: statusName(h.ToStatusID) ?? '',
    StatusDate: h.StatusDate,
    Comments: h.Comments,
    ChangedByEmployeeID: h.ChangedByEmployeeID,
    ChangedByName: FirstName && LastName ? `${FirstName} ${LastName}` : null,
    ChangedAt: iso(h.ChangedAt),
  }));
  return {
    ...wire,
    History,
    Adjustments: adjustments,
    Commissions: ledger.map((l) => ({
      ProductOrderID: l.ProductOrderID,
      Kind: LEDGER_KINDS.includes(l.Kind as LedgerKindWire) ? (l.Kind as LedgerKindWire) : 'commission',
      Amount: fromCents(l.AmountCents),
      PieceQty: l.PieceQty,
      PieceRate: fromCents(l.PieceRateCents),
      PolicyID: l.PolicyID,
      PolicyName: l.PolicyName,
      PayPeriodID: l.PayPeriodID,
      PayrollEntryID: l.PayrollEntryID,
      PieceNumber: l.PieceNumber,
      IsPaid: l.PayrollCommissionPieceID !== null,
      CreatedAt: iso(l.CreatedAt),
    })),
  };
}
