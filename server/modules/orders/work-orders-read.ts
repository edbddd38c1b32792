// Work orders as read: the list (filters, paging, sorting) in the caller's scope, one order's detail,
// and a rep's "My sales" (their orders with the commission expected and paid).
import { and, asc, count, desc, eq, exists, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  type MySale,
  type MySalesQuery,
  StatusKind,
  type WorkOrderDetail,
  type WorkOrderPage,
  type WorkOrderQuery,
} from '../../../src/contract/orders';
import { fromCents } from '../../../src/contract/payroll';
import { productOrderStatuses, productOrders, workOrders } from '../../db/tables';
import type { Actor } from '../access/service';
import { expectedCommission } from './commission-link';
import { type Conn, readableWhere, workOrderFor } from './scope';
import { workOrderDetail, workOrderWires } from './wire';

// ---- reading ---------------------------------------------------------------------------------------

export async function listWorkOrders(db: Conn, actor: Actor, q: WorkOrderQuery): Promise<WorkOrderPage> {
  const statusFilter: SQL | undefined =
    q.statusID || q.statusKind
      ? exists(
          db
            .select({ one: sql`1` })
            .from(productOrders)
            .innerJoin(
              productOrderStatuses,
              eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
            )
            .where(
              and(
                eq(productOrders.WorkOrderID, workOrders.WorkOrderID),
                q.statusID ? eq(productOrders.ProductOrderStatusID, q.statusID) : undefined,
                q.statusKind ? eq(productOrderStatuses.StatusKind, q.statusKind) : undefined,
              ),
            ),
        )
      : undefined;
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    readableWhere(actor),
    q.divisionID ? eq(workOrders.DivisionID, q.divisionID) : undefined,
    q.icdOfficeID ? eq(workOrders.IcdOfficeID, q.icdOfficeID) : undefined,
    q.employeeID ? eq(workOrders.EmployeeID, q.employeeID) : undefined,
    q.salesChannelID !== undefined ? eq(workOrders.SalesChannelID, q.salesChannelID) : undefined,
    q.leadID ? eq(workOrders.LeadID, q.leadID) : undefined,
    q.from ? gte(workOrders.SaleDate, q.from) : undefined,
    q.to ? lte(workOrders.SaleDate, q.to) : undefined,
    search ? or(ilike(workOrders.OrderNumber, search), ilike(workOrders.CustomerName, search)) : undefined,
    statusFilter,
  );
  const [{ total }] = await db.select({ total: count() }).from(workOrders).where(where);
  const dir = q.sort.startsWith('-') ? desc : asc;
  const column = {
    saleDate: workOrders.SaleDate,
    customer: workOrders.CustomerName,
    orderNumber: workOrders.OrderNumber,
  }[q.sort.replace('-', '') as 'saleDate' | 'customer' | 'orderNumber'];
  const rows = await db
    .select()
    .from(workOrders)
    .where(where)
    .orderBy(dir(column), dir(workOrders.WorkOrderID))
    .limit(q.pageSize)
    .offset(q.pageIndex * q.pageSize);
  return {
    Items: await workOrderWires(db, rows),
    TotalCount: total,
    PageIndex: q.pageIndex,
    PageSize: q.pageSize,
  };
}

export async function getWorkOrder(db: Conn, actor: Actor, id: number): Promise<WorkOrderDetail> {
  return workOrderDetail(db, await workOrderFor(db, actor, id, 'read'));
}

/** GET work-orders/mine: the caller's orders (newest sale first) with commission paid and expected. */
export async function mySales(db: Conn, actor: Actor, q: MySalesQuery): Promise<MySale[]> {
  const rows = await db
    .select()
    .from(workOrders)
    .where(
      and(
        eq(workOrders.EmployeeID, actor.EmployeeID),
        q.from ? gte(workOrders.SaleDate, q.from) : undefined,
        q.to ? lte(workOrders.SaleDate, q.to) : undefined,
      ),
    )
    .orderBy(desc(workOrders.SaleDate), desc(workOrders.WorkOrderID))
    .limit(500);
  const wires = await workOrderWires(db, rows);
  const out: MySale[] = [];
  for (const w of wires) {
    const row = rows.find((r) => r.WorkOrderID === w.WorkOrderID)!;
    let expected = 0;
    for (const po of w.ProductOrders) {
      if (po.StatusKind === StatusKind.Booked) {
        const c = await expectedCommission(db, { ...row, EmployeeID: actor.EmployeeID }, po);
        expected += c?.Amount ?? 0;
      } else if (po.StatusKind === StatusKind.Installed) expected += Math.round(po.CommissionPaid * 100);
    }
    const paid = w.ProductOrders.reduce((s, p) => s + Math.round(p.CommissionPaid * 100), 0);
    out.push({ ...w, ExpectedCommission: fromCents(expected), CommissionPaid: fromCents(paid) });
  }
  return out;
}
