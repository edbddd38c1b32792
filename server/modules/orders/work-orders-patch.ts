// Work orders: patch (Version; 409 with the current order when stale). The office, rep, program,
// retailer, sale date and order number are checked as on creation; what a paid commission was
// computed from cannot change; products added are checked against the catalogue, inserted Booked and
// moved to the status each asked for (office only). Creating is in work-orders-service.ts.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProductOrderAdd, WorkOrderDetail, WorkOrderPatch } from '../../../src/contract/orders';
import {
  employmentRecords,
  officePrograms,
  productLines,
  productOrderCommissions,
  productOrders,
  programs,
  retailers,
  workOrders,
} from '../../db/tables';
import { AppError, badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import { conflict } from '../scheduling/scope';
import { settleCommissions } from './commission-link';
import {
  add,
  bookedStatus,
  checkProducts,
  type Errors,
  insertProductOrders,
  plusDays,
  utcDay,
} from './product-orders-add';
import { type Conn, canManage, requireWritableOffice, workOrderFor, writeOffices } from './scope';
import { changeStatuses } from './status-service';
import { type WorkOrderRow, workOrderDetail } from './wire';

export async function patchWorkOrder(
  db: Conn,
  actor: Actor,
  id: number,
  body: WorkOrderPatch,
  now = new Date(),
): Promise<WorkOrderDetail> {
  return db.transaction(async (tx) => {
    const row = await workOrderFor(tx, actor, id, 'write');
    const [locked] = await tx.select().from(workOrders).where(eq(workOrders.WorkOrderID, id)).for('update');
    if (locked.Version !== body.Version) throw conflict(await workOrderDetail(tx, locked));
    const manage =
      writeOffices(actor) === 'all' || (writeOffices(actor) as ReadonlySet<number>).has(row.IcdOfficeID);
    const officeId = body.IcdOfficeID ?? row.IcdOfficeID;
    if (body.IcdOfficeID !== undefined && body.IcdOfficeID !== row.IcdOfficeID) {
      const mode = requireWritableOffice(actor, body.IcdOfficeID);
      if (mode === 'own' && !manage && row.EmployeeID !== actor.EmployeeID) throw forbidden();
    }
    if (body.EmployeeID !== undefined && body.EmployeeID !== row.EmployeeID && !manage) throw forbidden();
    const errors: Errors = {};
    const programId = body.ProgramID ?? row.ProgramID;
    const [program] = await tx.select().from(programs).where(eq(programs.ProgramID, programId));
    if (!program) add(errors, 'ProgramID', 'This program does not exist.');
    else if (program.DivisionID !== row.DivisionID)
      add(errors, 'ProgramID', "The program must be one of the order's division.");
    const current = await tx.select().from(productOrders).where(eq(productOrders.WorkOrderID, id));
    if (program && programId !== row.ProgramID) {
      const lines = current.length
        ? await tx
            .select()
            .from(productLines)
            .where(
              inArray(
                productLines.ProductLineID,
                current.map((c) => c.ProductLineID),
              ),
            )
        : [];
      if (lines.some((l) => l.ProgramID !== programId))
        add(errors, 'ProgramID', 'The products of this order are on lines of the current program.');
    }
    if (program && (officeId !== row.IcdOfficeID || programId !== row.ProgramID)) {
      const [works] = await tx
        .select({ id: officePrograms.ProgramID })
        .from(officePrograms)
        .where(and(eq(officePrograms.IcdOfficeID, officeId), eq(officePrograms.ProgramID, programId)));
      if (!works) add(errors, 'ProgramID', 'This office does not work this program.');
    }
    const employeeId = body.EmployeeID !== undefined ? body.EmployeeID : row.EmployeeID;
    const [paid] = await tx
      .select({ id: productOrderCommissions.ProductOrderCommissionID })
      .from(productOrderCommissions)
      .where(inArray(productOrderCommissions.ProductOrderID, current.map((c) => c.ProductOrderID).concat(0)))
      .limit(1);
    if (paid) {
      // What the commission was computed from stays as it was paid.
      const frozen: [string, string, boolean][] = [
        ['EmployeeID', 'its rep', employeeId !== row.EmployeeID],
        ['ProgramID', 'its program', programId !== row.ProgramID],
        ['SaleDate', 'its sale date', body.SaleDate !== undefined && body.SaleDate !== row.SaleDate],
        ['RetailerID', 'its retailer', body.RetailerID !== undefined && body.RetailerID !== row.RetailerID],
        ['IcdOfficeID', 'its office', officeId !== row.IcdOfficeID],
      ];
      for (const [field, what, changed] of frozen)
        if (changed) add(errors, field, `Commission was paid on this order: ${what} cannot change.`);
    }
    if (employeeId !== null && (employeeId !== row.EmployeeID || officeId !== row.IcdOfficeID)) {
      const [rec] = await tx
        .select({ id: employmentRecords.EmploymentRecordID })
        .from(employmentRecords)
        .where(and(eq(employmentRecords.EmployeeID, employeeId), eq(employmentRecords.IcdOfficeID, officeId)))
        .limit(1);
      if (!rec) add(errors, 'EmployeeID', 'This employee does not work at this office.');
    }
    if (body.RetailerID) {
      const [r] = await tx.select().from(retailers).where(eq(retailers.RetailerID, body.RetailerID));
      if (!r || r.DivisionID !== row.DivisionID)
        add(errors, 'RetailerID', "This retailer is not one of the program's division.");
    }
    if (body.SaleDate && body.SaleDate > plusDays(utcDay(now), 1))
      add(errors, 'SaleDate', 'The sale date cannot be in the future.');
    if (body.OrderNumber) {
      const [dup] = await tx
        .select({ id: workOrders.WorkOrderID })
        .from(workOrders)
        .where(
          and(
            eq(workOrders.DivisionID, row.DivisionID),
            eq(workOrders.OrderNumber, body.OrderNumber),
            ne(workOrders.WorkOrderID, id),
          ),
        );
      if (dup) add(errors, 'OrderNumber', `Work order ${dup.id} already has this order number.`);
    }
    if (program && body.AddProductOrders?.length)
      await checkProducts(tx, program, body.AddProductOrders, errors, 'AddProductOrders');
    if (Object.keys(errors).length) throw badRequest('The work order could not be saved.', errors);
    const { Version: _v, AddProductOrders, ...fields } = body;
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const [updated] = await tx
      .update(workOrders)
      .set({ ...set, UpdatedAt: now, Version: sql`${workOrders.Version} + 1` })
      .where(eq(workOrders.WorkOrderID, id))
      .returning();
    if (AddProductOrders?.length) {
      const added = await insertProductOrders(tx, actor, updated, AddProductOrders, now);
      await moveAdded(tx, actor, updated, AddProductOrders, added, now);
    }
    // A rep set on an order already installed: its commission is due now.
    if (employeeId !== row.EmployeeID && employeeId !== null)
      await settleCommissions(
        tx,
        current.map((c) => c.ProductOrderID),
        { actorEmployeeID: actor.EmployeeID, now },
      );
    return workOrderDetail(tx, updated);
  });
}

/**
 * Moves the products just added (Booked) to the status each asked for, through the status change's
 * rules and commission; a refusal names the added row ('AddProductOrders[i].…') and saves nothing.
 */
async function moveAdded(
  db: Conn,
  actor: Actor,
  wo: WorkOrderRow,
  items: readonly ProductOrderAdd[],
  ids: readonly number[],
  now: Date,
): Promise<void> {
  const booked = await bookedStatus(db, wo.DivisionID);
  const rows = items
    .map((item, i) => ({ item, i, id: ids[i] }))
    .filter((r) => r.item.ProductOrderStatusID !== undefined && r.item.ProductOrderStatusID !== booked);
  if (!rows.length) return;
  if (!canManage(actor, wo))
    throw badRequest(
      'The work order could not be saved.',
      Object.fromEntries(
        rows.map((r) => [
          `AddProductOrders[${r.i}].ProductOrderStatusID`,
          ['Only the office can set the status of a product.'],
        ]),
      ),
    );
  try {
    await changeStatuses(
      db,
      actor,
      {
        Changes: rows.map((r) => ({
          ProductOrderID: r.id,
          ProductOrderStatusID: r.item.ProductOrderStatusID as number,
          StatusDate: r.item.StatusDate ?? wo.SaleDate,
          Comments: null,
        })),
      },
      now,
    );
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 400) throw err;
    const errors: Errors = {};
    for (const [key, messages] of Object.entries(err.extra.Errors ?? {})) {
      const m = /^Changes\[(\d+)\]\.(.+)$/.exec(key);
      errors[m ? `AddProductOrders[${rows[Number(m[1])].i}].${m[2]}` : key] = messages;
    }
    throw badRequest('The work order could not be saved.', errors);
  }
}
