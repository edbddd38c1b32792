// Where a commission piece with SourceType 'productOrder' came from, for pay stubs and payroll screens:
// the work order (number, customer, sale date), the product and the lead it was sold from.
import { eq, inArray } from 'drizzle-orm';
import { productOrders, products, workOrders } from '../../db/tables';
import type { Conn } from './scope';

export interface ProductOrderSource {
  ProductOrderID: number;
  WorkOrderID: number;
  OrderNumber: string | null;
  CustomerName: string;
  SaleDate: string;
  ProductName: string;
  LeadID: number | null;
  /** e.g. "Order RGR-0880100 · Ignite Internet 1 Gbps · lead 217" */
  Label: string;
}

export async function productOrderSources(
  db: Conn,
  productOrderIds: readonly number[],
): Promise<Map<number, ProductOrderSource>> {
  const out = new Map<number, ProductOrderSource>();
  const ids = [...new Set(productOrderIds)];
  if (!ids.length) return out;
  const rows = await db
    .select({
      ProductOrderID: productOrders.ProductOrderID,
      WorkOrderID: workOrders.WorkOrderID,
      OrderNumber: workOrders.OrderNumber,
      CustomerName: workOrders.CustomerName,
      SaleDate: workOrders.SaleDate,
      LeadID: workOrders.LeadID,
      ProductName: products.Name,
    })
    .from(productOrders)
    .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
    .innerJoin(products, eq(products.ProductID, productOrders.ProductID))
    .where(inArray(productOrders.ProductOrderID, ids));
  for (const r of rows)
    out.set(r.ProductOrderID, {
      ...r,
      Label: [
        `Order ${r.OrderNumber ?? `#${r.WorkOrderID}`}`,
        r.ProductName,
        ...(r.LeadID !== null ? [`lead ${r.LeadID}`] : []),
      ].join(' · '),
    });
  return out;
}
