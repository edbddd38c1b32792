// Employee commission statement (GET reports/rogers/employee-commission-statement): per employee,
// each Rogers product order sold in the dates with its current status and every commission piece or
// chargeback written for it, with the pay period (and its payroll's pay date) that paid it; a piece
// with no pay period is shown as not paid yet. Employees of the offices in scope (the order's office).
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { Division } from '../../../src/contract/common';
import type { Column, RogersReportQuery, Row } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import {
  employees,
  icdOffices,
  payPeriods,
  payrolls,
  productOrderCommissions,
  productOrderStatuses,
  productOrders,
  products,
  workOrders,
} from '../../db/tables';
import type { Table } from './payout-service';
import { idIn, officeFilter, type Range, type RogersScope, requireEmployee } from './scope';

const col = (Key: string, Format: Column['Format'] = 'text'): Column => ({ Key, Format });

export async function employeeCommissionStatement(
  db: Db,
  scope: RogersScope,
  q: RogersReportQuery,
  r: Range,
): Promise<Table> {
  if (q.employeeID !== undefined) await requireEmployee(db, scope, q.employeeID);
  const offices = officeFilter(scope, q.icdOfficeID);
  const c = productOrderCommissions;
  const list = await db
    .select({
      EmployeeName: sql<string>`${employees.FirstName} || ' ' || ${employees.LastName}`,
      OfficeName: icdOffices.OfficeName,
      OrderNumber: workOrders.OrderNumber,
      SaleDate: workOrders.SaleDate,
      ProductName: products.Name,
      StatusName: productOrderStatuses.Name,
      Kind: c.Kind,
      PieceNumber: c.PieceNumber,
      AmountCents: c.AmountCents,
      PayPeriodStart: payPeriods.StartDate,
      PayPeriodEnd: payPeriods.EndDate,
      PayDate: payrolls.PayDate,
      ProductOrderCommissionID: c.ProductOrderCommissionID,
    })
    .from(c)
    .innerJoin(productOrders, eq(productOrders.ProductOrderID, c.ProductOrderID))
    .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, workOrders.IcdOfficeID))
    .innerJoin(products, eq(products.ProductID, productOrders.ProductID))
    .innerJoin(
      productOrderStatuses,
      eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
    )
    .innerJoin(employees, eq(employees.EmployeeID, c.EmployeeID))
    .leftJoin(payPeriods, eq(payPeriods.PayPeriodID, c.PayPeriodID))
    .leftJoin(payrolls, eq(payrolls.PayrollID, payPeriods.PayrollID))
    .where(
      and(
        eq(workOrders.DivisionID, Division.Rogers),
        idIn(offices, workOrders.IcdOfficeID),
        q.employeeID === undefined ? undefined : eq(c.EmployeeID, q.employeeID),
        gte(workOrders.SaleDate, r.start),
        lte(workOrders.SaleDate, r.end),
      ),
    )
    .orderBy(employees.LastName, employees.FirstName, workOrders.SaleDate, c.ProductOrderCommissionID);
  const rows: Row[] = list.map(({ AmountCents, ProductOrderCommissionID: _id, ...x }) => ({
    ...x,
    Amount: AmountCents / 100,
  }));
  const total = list.reduce((n, x) => n + x.AmountCents, 0);
  return {
    Columns: [
      col('EmployeeName'),
      col('OfficeName'),
      col('OrderNumber'),
      col('SaleDate', 'date'),
      col('ProductName'),
      col('StatusName'),
      col('Kind'),
      col('PieceNumber', 'int'),
      col('Amount', 'money'),
      col('PayPeriodStart', 'date'),
      col('PayPeriodEnd', 'date'),
      col('PayDate', 'date'),
    ],
    Rows: rows,
    Totals: { Amount: total / 100 },
  };
}
