// Adding product orders to a work order, when it is created or patched: checking them against the
// program's catalogue (the division's products, the program's lines, still sold) and inserting them
// in the division's Booked status with a history row (from nothing → Booked). Also the error list and
// the day helpers (sale date not in the future) that creating and patching a work order share.
import { inArray } from 'drizzle-orm';
import { type ProductOrderSave, StatusKind } from '../../../src/contract/orders';
import { productLines, productOrderStatusHistory, productOrders, products } from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import { statusesOf } from './catalogue-service';
import type { Conn } from './scope';

export type Errors = Record<string, string[]>;
export const add = (errors: Errors, key: string, message: string) => {
  errors[key] = [...(errors[key] ?? []), message];
};
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
export const plusDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

export async function checkProducts(
  db: Conn,
  program: { ProgramID: number; DivisionID: number },
  items: readonly ProductOrderSave[],
  errors: Errors,
  prefix: string,
): Promise<void> {
  if (!items.length) return;
  const [prods, lines] = await allOrFirstError(db, [
    () =>
      db
        .select()
        .from(products)
        .where(inArray(products.ProductID, [...new Set(items.map((i) => i.ProductID))])),
    () =>
      db
        .select()
        .from(productLines)
        .where(inArray(productLines.ProductLineID, [...new Set(items.map((i) => i.ProductLineID))])),
  ] as const);
  items.forEach((item, i) => {
    const p = prods.find((x) => x.ProductID === item.ProductID);
    if (!p || p.DivisionID !== program.DivisionID)
      add(errors, `${prefix}[${i}].ProductID`, "This product is not one of the program's division.");
    else if (!p.IsActive) add(errors, `${prefix}[${i}].ProductID`, 'This product is no longer sold.');
    const l = lines.find((x) => x.ProductLineID === item.ProductLineID);
    if (!l || l.ProgramID !== program.ProgramID)
      add(errors, `${prefix}[${i}].ProductLineID`, 'This product line is not one of the program.');
    else if (!l.IsActive)
      add(errors, `${prefix}[${i}].ProductLineID`, 'This product line is no longer sold.');
  });
}

export async function bookedStatus(db: Conn, divisionId: number): Promise<number> {
  const statuses = await statusesOf(db, divisionId);
  const booked = statuses.find((s) => s.StatusKind === StatusKind.Booked);
  if (!booked) throw new AppError(422, 'This division has no Booked product order status.');
  return booked.ProductOrderStatusID;
}

export async function insertProductOrders(
  db: Conn,
  actor: Actor,
  wo: { WorkOrderID: number; DivisionID: number; SaleDate: string },
  items: readonly ProductOrderSave[],
  now: Date,
): Promise<number[]> {
  if (!items.length) return [];
  const statusId = await bookedStatus(db, wo.DivisionID);
  const created = await db
    .insert(productOrders)
    .values(
      items.map((i) => ({
        WorkOrderID: wo.WorkOrderID,
        ProductID: i.ProductID,
        ProductLineID: i.ProductLineID,
        Quantity: i.Quantity,
        ProductOrderStatusID: statusId,
        StatusDate: wo.SaleDate,
        CreatedAt: now,
        UpdatedAt: now,
      })),
    )
    .returning({ id: productOrders.ProductOrderID });
  await db.insert(productOrderStatusHistory).values(
    created.map((c) => ({
      ProductOrderID: c.id,
      FromStatusID: null,
      ToStatusID: statusId,
      StatusDate: wo.SaleDate,
      ChangedByEmployeeID: actor.EmployeeID,
      ChangedAt: now,
    })),
  );
  return created.map((c) => c.id);
}
