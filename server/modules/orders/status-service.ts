// Product order statuses (bulk change with history, commission and chargeback) and adjustments.
import { eq, inArray, sql } from 'drizzle-orm';
import {
  type AdjustmentSave,
  type AdjustmentUpdate,
  type ProductOrder,
  type ProductOrderAdjustment,
  STATUS_KIND_NAMES,
  type StatusChangeBulk,
  StatusKind,
} from '../../../src/contract/orders';
import { toCents } from '../../../src/contract/payroll';
import {
  productOrderAdjustments,
  productOrderStatuses,
  productOrderStatusHistory,
  productOrders,
  workOrders,
} from '../../db/tables';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { conflict } from '../scheduling/scope';
import { settleCommissions } from './commission-link';
import { type Conn, canManage } from './scope';
import { adjustmentWires, workOrderWires } from './wire';

const PRODUCT_ORDER = 'The product order';
const ADJUSTMENT = 'The adjustment';

/** Moves between status kinds (a move between two statuses of one kind is always allowed). */
const ALLOWED: Record<number, readonly number[]> = {
  [StatusKind.Booked]: [StatusKind.Installed, StatusKind.Cancelled],
  [StatusKind.Installed]: [StatusKind.Cancelled, StatusKind.Disconnect],
  [StatusKind.Cancelled]: [],
  [StatusKind.Disconnect]: [],
};
export const canMove = (from: number, to: number) => from === to || (ALLOWED[from] ?? []).includes(to);

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

async function productOrderWires(db: Conn, ids: readonly number[]): Promise<ProductOrder[]> {
  if (!ids.length) return [];
  const wos = await db
    .select()
    .from(workOrders)
    .where(
      inArray(
        workOrders.WorkOrderID,
        db
          .select({ id: productOrders.WorkOrderID })
          .from(productOrders)
          .where(inArray(productOrders.ProductOrderID, [...ids])),
      ),
    );
  const wires = await workOrderWires(db, wos);
  const all = wires.flatMap((w) => w.ProductOrders);
  return ids.map((id) => all.find((p) => p.ProductOrderID === id)).filter((p): p is ProductOrder => !!p);
}

/** PATCH product-order-status/bulk: all or nothing. */
export async function changeStatuses(
  db: Conn,
  actor: Actor,
  body: StatusChangeBulk,
  now = new Date(),
): Promise<ProductOrder[]> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.Changes.map((c) => c.ProductOrderID))];
    const rows = await tx
      .select({ po: productOrders, wo: workOrders })
      .from(productOrders)
      .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
      .where(inArray(productOrders.ProductOrderID, ids))
      .for('update', { of: productOrders });
    const missing = body.Changes.map((c, i) => ({ c, i })).filter(
      ({ c }) => !rows.some((r) => r.po.ProductOrderID === c.ProductOrderID && canManage(actor, r.wo)),
    );
    if (missing.length)
      throw new AppError(404, 'Nothing was changed: some product orders were not found.', {
        Messages: missing.map(({ c, i }) => `Row ${i + 1}: product order ${c.ProductOrderID} was not found.`),
      });
    const divisions = [...new Set(rows.map((r) => r.wo.DivisionID))];
    const statuses = await tx
      .select()
      .from(productOrderStatuses)
      .where(inArray(productOrderStatuses.DivisionID, divisions));
    const errors: Record<string, string[]> = {};
    const messages: string[] = [];
    const stale: number[] = [];
    const seen = new Set<number>();
    const today = utcDay(now);
    const fail = (i: number, field: string, message: string) => {
      errors[`Changes[${i}].${field}`] = [...(errors[`Changes[${i}].${field}`] ?? []), message];
      messages.push(`Row ${i + 1}: ${message}`);
    };
    body.Changes.forEach((c, i) => {
      const { po, wo } = rows.find((r) => r.po.ProductOrderID === c.ProductOrderID)!;
      if (seen.has(c.ProductOrderID))
        fail(i, 'ProductOrderID', 'This product order is already changed in another row.');
      seen.add(c.ProductOrderID);
      if (c.Version !== undefined && c.Version !== po.Version) stale.push(i);
      const from = statuses.find((s) => s.ProductOrderStatusID === po.ProductOrderStatusID);
      const to = statuses.find((s) => s.ProductOrderStatusID === c.ProductOrderStatusID);
      if (!to || to.DivisionID !== wo.DivisionID) {
        fail(i, 'ProductOrderStatusID', "This status is not one of the order's division.");
        return;
      }
      if (po.ProductOrderStatusID === to.ProductOrderStatusID)
        fail(i, 'ProductOrderStatusID', `The product order is already ${to.Name}.`);
      else if (from && !canMove(from.StatusKind, to.StatusKind))
        fail(
          i,
          'ProductOrderStatusID',
          `A product order cannot go from ${STATUS_KIND_NAMES[from.StatusKind]} to ${STATUS_KIND_NAMES[to.StatusKind]}.`,
        );
      if (c.StatusDate < wo.SaleDate)
        fail(i, 'StatusDate', 'The status date cannot be before the sale date.');
      if (c.StatusDate > plusDays(today, 1))
        fail(i, 'StatusDate', 'The status date cannot be in the future.');
    });
    if (stale.length)
      throw new AppError(409, 'This item was changed by someone else. Review the current version.', {
        Messages: stale.map(
          (i) => `Row ${i + 1}: product order ${body.Changes[i].ProductOrderID} was changed by someone else.`,
        ),
        body: {
          Current: await productOrderWires(
            tx,
            stale.map((i) => body.Changes[i].ProductOrderID),
          ),
        },
      });
    if (Object.keys(errors).length)
      throw new AppError(400, 'No status was changed: fix the rows named.', {
        Errors: errors,
        Messages: messages,
      });
    for (const c of body.Changes) {
      const { po } = rows.find((r) => r.po.ProductOrderID === c.ProductOrderID)!;
      const to = statuses.find((s) => s.ProductOrderStatusID === c.ProductOrderStatusID)!;
      await tx
        .update(productOrders)
        .set({
          ProductOrderStatusID: to.ProductOrderStatusID,
          StatusDate: c.StatusDate,
          ...(to.StatusKind === StatusKind.Installed ? { InstallDate: c.StatusDate } : {}),
          UpdatedAt: now,
          Version: sql`${productOrders.Version} + 1`,
        })
        .where(eq(productOrders.ProductOrderID, po.ProductOrderID));
      await tx.insert(productOrderStatusHistory).values({
        ProductOrderID: po.ProductOrderID,
        FromStatusID: po.ProductOrderStatusID,
        ToStatusID: to.ProductOrderStatusID,
        StatusDate: c.StatusDate,
        Comments: c.Comments,
        ChangedByEmployeeID: actor.EmployeeID,
        ChangedAt: now,
      });
      await tx
        .update(workOrders)
        .set({ UpdatedAt: now, Version: sql`${workOrders.Version} + 1` })
        .where(eq(workOrders.WorkOrderID, po.WorkOrderID));
    }
    await settleCommissions(tx, ids, { actorEmployeeID: actor.EmployeeID, now });
    return productOrderWires(tx, ids);
  });
}

// ---- adjustments -----------------------------------------------------------------------------------

async function managedProductOrder(db: Conn, actor: Actor, id: number) {
  const [row] = await db
    .select({ po: productOrders, wo: workOrders })
    .from(productOrders)
    .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
    .where(eq(productOrders.ProductOrderID, id));
  return row && canManage(actor, row.wo) ? row : undefined;
}

export async function createAdjustments(
  db: Conn,
  actor: Actor,
  items: readonly AdjustmentSave[],
  bulk: boolean,
  now = new Date(),
): Promise<ProductOrderAdjustment[]> {
  return db.transaction(async (tx) => {
    const missing: string[] = [];
    for (const [i, a] of items.entries())
      if (!(await managedProductOrder(tx, actor, a.ProductOrderID)))
        missing.push(bulk ? `Row ${i + 1}: product order ${a.ProductOrderID} was not found.` : '');
    if (missing.length)
      throw new AppError(404, `${PRODUCT_ORDER} was not found.`, bulk ? { Messages: missing } : {});
    const rows = await tx
      .insert(productOrderAdjustments)
      .values(
        items.map((a) => ({
          ProductOrderID: a.ProductOrderID,
          PartnerName: a.PartnerName,
          AmountCents: toCents(a.Amount),
          Comments: a.Comments,
          CreatedByEmployeeID: actor.EmployeeID,
          CreatedAt: now,
          UpdatedAt: now,
        })),
      )
      .returning({ id: productOrderAdjustments.ProductOrderAdjustmentID });
    return adjustmentWires(tx, { ids: rows.map((r) => r.id) });
  });
}

async function adjustmentFor(db: Conn, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(productOrderAdjustments)
    .where(eq(productOrderAdjustments.ProductOrderAdjustmentID, id))
    .for('update');
  if (!row || !(await managedProductOrder(db, actor, row.ProductOrderID))) throw notFound(ADJUSTMENT);
  return row;
}

export async function updateAdjustment(
  db: Conn,
  actor: Actor,
  id: number,
  body: AdjustmentUpdate,
  now = new Date(),
): Promise<ProductOrderAdjustment> {
  return db.transaction(async (tx) => {
    const row = await adjustmentFor(tx, actor, id);
    if (row.Version !== body.Version) throw conflict((await adjustmentWires(tx, { ids: [id] }))[0]);
    await tx
      .update(productOrderAdjustments)
      .set({
        PartnerName: body.PartnerName,
        AmountCents: toCents(body.Amount),
        Comments: body.Comments,
        UpdatedAt: now,
        Version: sql`${productOrderAdjustments.Version} + 1`,
      })
      .where(eq(productOrderAdjustments.ProductOrderAdjustmentID, id));
    return (await adjustmentWires(tx, { ids: [id] }))[0];
  });
}

export async function deleteAdjustment(db: Conn, actor: Actor, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await adjustmentFor(tx, actor, id);
    if (version !== undefined && row.Version !== version)
      throw conflict((await adjustmentWires(tx, { ids: [id] }))[0]);
    await tx.delete(productOrderAdjustments).where(eq(productOrderAdjustments.ProductOrderAdjustmentID, id));
  });
}
