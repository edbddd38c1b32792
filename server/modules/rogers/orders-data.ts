// The Rogers sales the dashboards and payout reports read: product orders of Rogers (division 35)
// work orders at the offices in scope, with their office, corporation, rep, product (Rogers
// category), current status kind, sale and install days, and the commission paid for them.
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { Division } from '../../../src/contract/common';
import type { Db } from '../../db/client';
import {
  corporations,
  employees,
  icdOffices,
  productOrderCommissions,
  productOrderStatuses,
  productOrders,
  products,
  programs,
  workOrders,
} from '../../db/tables';
import { type IdScope, idIn, type Range } from './scope';

export interface SaleRow {
  ProductOrderID: number;
  WorkOrderID: number;
  OrderNumber: string | null;
  DivisionID: number;
  ProgramID: number;
  ProgramName: string;
  IcdOfficeID: number;
  OfficeName: string;
  IcdCorporationID: number;
  CorporationName: string;
  EmployeeID: number | null;
  EmployeeName: string | null;
  ProductID: number;
  ProductName: string;
  RogersCategoryID: number | null;
  Quantity: number;
  StatusKind: number;
  StatusName: string;
  StatusDate: string;
  SaleDate: string;
  InstallDate: string | null;
}

export interface SalesFilter {
  offices: IdScope;
  corporations?: IdScope;
  /** Sale day in the range. */
  sold?: Range;
  /** Install day in the range. */
  installed?: Range;
  employeeID?: number;
}

const between = (column: SQL | typeof workOrders.SaleDate, r: Range) =>
  and(gte(column as typeof workOrders.SaleDate, r.start), lte(column as typeof workOrders.SaleDate, r.end));

/** Product orders of Rogers sales in scope, sold in `sold` or installed in `installed` (either when both). */
export async function rogersSales(db: Db, f: SalesFilter): Promise<SaleRow[]> {
  const when: SQL[] = [];
  if (f.sold) when.push(between(workOrders.SaleDate, f.sold) as SQL);
  if (f.installed) when.push(between(productOrders.InstallDate as never, f.installed) as SQL);
  return db
    .select({
      ProductOrderID: productOrders.ProductOrderID,
      WorkOrderID: workOrders.WorkOrderID,
      OrderNumber: workOrders.OrderNumber,
      DivisionID: workOrders.DivisionID,
      ProgramID: workOrders.ProgramID,
      ProgramName: programs.Name,
      IcdOfficeID: workOrders.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      IcdCorporationID: icdOffices.IcdCorporationID,
      CorporationName: corporations.ClientName,
      EmployeeID: workOrders.EmployeeID,
      EmployeeName: sql<
        string | null
      >`case when ${employees.EmployeeID} is null then null else ${employees.FirstName} || ' ' || ${employees.LastName} end`,
      ProductID: products.ProductID,
      ProductName: products.Name,
      RogersCategoryID: products.RogersCategoryID,
      Quantity: productOrders.Quantity,
      StatusKind: productOrderStatuses.StatusKind,
      StatusName: productOrderStatuses.Name,
      StatusDate: productOrders.StatusDate,
      SaleDate: workOrders.SaleDate,
      InstallDate: productOrders.InstallDate,
    })
    .from(productOrders)
    .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, workOrders.IcdOfficeID))
    .innerJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
    .innerJoin(programs, eq(programs.ProgramID, workOrders.ProgramID))
    .innerJoin(products, eq(products.ProductID, productOrders.ProductID))
    .innerJoin(
      productOrderStatuses,
      eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
    )
    .leftJoin(employees, eq(employees.EmployeeID, workOrders.EmployeeID))
    .where(
      and(
        eq(workOrders.DivisionID, Division.Rogers),
        idIn(f.offices, workOrders.IcdOfficeID),
        f.corporations ? idIn(f.corporations, icdOffices.IcdCorporationID) : undefined,
        f.employeeID === undefined ? undefined : eq(workOrders.EmployeeID, f.employeeID),
        when.length ? or(...when) : undefined,
      ),
    )
    .orderBy(workOrders.SaleDate, workOrders.WorkOrderID, productOrders.ProductOrderID);
}

/** Commission written to payroll per product order (pieces and chargebacks), in cents. */
export async function commissionByOrder(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: productOrderCommissions.ProductOrderID,
      cents: sql<number>`sum(${productOrderCommissions.AmountCents})::int`,
    })
    .from(productOrderCommissions)
    .where(inArray(productOrderCommissions.ProductOrderID, [...ids]))
    .groupBy(productOrderCommissions.ProductOrderID);
  return new Map(rows.map((r) => [r.id, Number(r.cents)]));
}
