// Work orders: create (single and bulk, all or nothing with each failing row named) and patch
// (Version); the reading side (list, detail, My sales) is in work-orders-read.ts. Every new product
// order starts in the division's Booked status, with a history row (from nothing → Booked).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ORDERS_OWN,
  type ProductOrderAdd,
  type ProductOrderSave,
  StatusKind,
  type WorkOrderDetail,
  type WorkOrderPatch,
  type WorkOrderSaveParsed,
} from '../../../src/contract/orders';
import {
  employmentRecords,
  leadGroups,
  leads,
  officePrograms,
  productLines,
  productOrderCommissions,
  productOrderStatusHistory,
  productOrders,
  products,
  programs,
  retailers,
  workOrders,
} from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { AppError, badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import { leadScopeOf, visibleLeadsWhere } from '../leads/scope';
import { conflict } from '../scheduling/scope';
import { statusesOf } from './catalogue-service';
import { settleCommissions } from './commission-link';
import {
  type Conn,
  canManage,
  corporationsOf,
  requireWritableOffice,
  workOrderFor,
  writeOffices,
} from './scope';
import { changeStatuses } from './status-service';
import { type WorkOrderRow, workOrderDetail } from './wire';

type Errors = Record<string, string[]>;
const add = (errors: Errors, key: string, message: string) => {
  errors[key] = [...(errors[key] ?? []), message];
};
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

// ---- creating --------------------------------------------------------------------------------------

interface Prepared {
  body: WorkOrderSaveParsed;
  DivisionID: number;
  EmployeeID: number | null;
  CustomerName: string;
  address: Partial<
    Record<'StreetLine1' | 'StreetLine2' | 'City' | 'StateProvince' | 'PostalCode', string | null>
  >;
}

/** Checks one work order against the catalogue, the caller's scope and the rules; fills defaults. */
async function prepare(
  db: Conn,
  actor: Actor,
  body: WorkOrderSaveParsed,
  errors: Errors,
  prefix: string,
  today: string,
): Promise<Prepared | null> {
  const mode = requireWritableOffice(actor, body.IcdOfficeID);
  const e = (field: string, message: string) => add(errors, `${prefix}${field}`, message);
  let EmployeeID: number | null = body.EmployeeID ?? null;
  if (mode === 'own') {
    if (EmployeeID !== null && EmployeeID !== actor.EmployeeID) throw forbidden();
    EmployeeID = actor.EmployeeID;
  } else if (EmployeeID === null && actor.has(ORDERS_OWN) && body.LeadID) EmployeeID = actor.EmployeeID;
  const [program] = await db.select().from(programs).where(eq(programs.ProgramID, body.ProgramID));
  if (!program) {
    e('ProgramID', 'This program does not exist.');
    return null;
  }
  const [works] = await db
    .select({ id: officePrograms.ProgramID })
    .from(officePrograms)
    .where(
      and(eq(officePrograms.IcdOfficeID, body.IcdOfficeID), eq(officePrograms.ProgramID, body.ProgramID)),
    );
  if (!works) e('ProgramID', 'This office does not work this program.');
  if (EmployeeID !== null && mode === 'manage') {
    const [rec] = await db
      .select({ id: employmentRecords.EmploymentRecordID })
      .from(employmentRecords)
      .where(
        and(
          eq(employmentRecords.EmployeeID, EmployeeID),
          eq(employmentRecords.IcdOfficeID, body.IcdOfficeID),
        ),
      )
      .limit(1);
    if (!rec) e('EmployeeID', 'This employee does not work at this office.');
  }
  if (body.RetailerID) {
    const [r] = await db.select().from(retailers).where(eq(retailers.RetailerID, body.RetailerID));
    if (!r || r.DivisionID !== program.DivisionID)
      e('RetailerID', "This retailer is not one of the program's division.");
  }
  if (body.SaleDate > plusDays(today, 1)) e('SaleDate', 'The sale date cannot be in the future.');
  let address: Prepared['address'] = {};
  let leadLabel: string | null = null;
  if (body.LeadID) {
    const [lead] = await db
      .select({ lead: leads, corp: leadGroups.IcdCorporationID })
      .from(leads)
      .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leads.LeadGroupID))
      .where(eq(leads.LeadID, body.LeadID));
    if (!lead) e('LeadID', 'This lead does not exist.');
    else {
      let allowed = false;
      const corps = await corporationsOf(db, writeOffices(actor));
      if (corps === 'all' || corps.has(lead.corp)) allowed = true;
      if (!allowed && actor.has('leads:work')) {
        const scope = await leadScopeOf(db as Parameters<typeof leadScopeOf>[0], actor);
        const visible = await visibleLeadsWhere(
          db as Parameters<typeof leadScopeOf>[0],
          scope,
          lead.lead.LeadGroupID,
        );
        const [hit] = await db
          .select({ id: leads.LeadID })
          .from(leads)
          .where(and(eq(leads.LeadID, body.LeadID), visible));
        allowed = !!hit;
      }
      if (!allowed) throw forbidden();
      const l = lead.lead;
      address = {
        StreetLine1: l.StreetLine1,
        StreetLine2: l.StreetLine2,
        City: l.City,
        StateProvince: l.StateProvince,
        PostalCode: l.PostalCode,
      };
      leadLabel = [l.StreetLine1, l.City].filter(Boolean).join(', ') || `Lead ${l.LeadID}`;
    }
  }
  const CustomerName = body.CustomerName ?? leadLabel;
  if (!CustomerName) e('CustomerName', 'Enter the customer name');
  await checkProducts(db, program, body.ProductOrders, errors, `${prefix}ProductOrders`);
  if (body.OrderNumber) {
    const [dup] = await db
      .select({ id: workOrders.WorkOrderID })
      .from(workOrders)
      .where(
        and(eq(workOrders.DivisionID, program.DivisionID), eq(workOrders.OrderNumber, body.OrderNumber)),
      );
    if (dup) e('OrderNumber', `Work order ${dup.id} already has this order number.`);
  }
  return { body, DivisionID: program.DivisionID, EmployeeID, CustomerName: CustomerName ?? '', address };
}

async function checkProducts(
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

async function bookedStatus(db: Conn, divisionId: number): Promise<number> {
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

async function insertOne(db: Conn, actor: Actor, p: Prepared, now: Date): Promise<WorkOrderRow> {
  const b = p.body;
  const [row] = await db
    .insert(workOrders)
    .values({
      DivisionID: p.DivisionID,
      ProgramID: b.ProgramID,
      IcdOfficeID: b.IcdOfficeID,
      EmployeeID: p.EmployeeID,
      RetailerID: b.RetailerID ?? null,
      LeadID: b.LeadID ?? null,
      ClientRequestKey: b.ClientRequestKey,
      SalesChannelID: b.SalesChannelID,
      OrderNumber: b.OrderNumber,
      SaleDate: b.SaleDate,
      CustomerName: p.CustomerName,
      CustomerPhone: b.CustomerPhone,
      StreetLine1: b.StreetLine1 ?? p.address.StreetLine1 ?? null,
      StreetLine2: b.StreetLine2 ?? p.address.StreetLine2 ?? null,
      City: b.City ?? p.address.City ?? null,
      StateProvince: b.StateProvince ?? p.address.StateProvince ?? null,
      PostalCode: b.PostalCode ?? p.address.PostalCode ?? null,
      Comments: b.Comments,
      CreatedByEmployeeID: actor.EmployeeID,
      CreatedAt: now,
      UpdatedAt: now,
    })
    .returning();
  await insertProductOrders(db, actor, row, b.ProductOrders, now);
  return row;
}

/** An order already made from this lead with this client key (a replayed draft), if any. */
async function existingFromDraft(db: Conn, body: WorkOrderSaveParsed): Promise<WorkOrderRow | undefined> {
  if (!body.LeadID || !body.ClientRequestKey) return undefined;
  const [row] = await db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.LeadID, body.LeadID), eq(workOrders.ClientRequestKey, body.ClientRequestKey)));
  return row;
}

export async function createWorkOrder(
  db: Conn,
  actor: Actor,
  body: WorkOrderSaveParsed,
  now = new Date(),
): Promise<{ created: boolean; order: WorkOrderDetail }> {
  return db.transaction(async (tx) => {
    const errors: Errors = {};
    const prepared = await prepare(tx, actor, body, errors, '', utcDay(now));
    const existing = await existingFromDraft(tx, body);
    if (existing) {
      // The same draft sent again: the order it made, if the caller may see it.
      await workOrderFor(tx, actor, existing.WorkOrderID, 'read');
      return { created: false, order: await workOrderDetail(tx, existing) };
    }
    if (!prepared || Object.keys(errors).length)
      throw badRequest('The work order could not be saved.', errors);
    const row = await insertOne(tx, actor, prepared, now);
    return { created: true, order: await workOrderDetail(tx, row) };
  });
}

/** All or nothing: every row is checked first; any problem answers 400 naming each failing row. */
export async function createWorkOrdersBulk(
  db: Conn,
  actor: Actor,
  bodies: readonly WorkOrderSaveParsed[],
  now = new Date(),
): Promise<WorkOrderDetail[]> {
  return db.transaction(async (tx) => {
    const errors: Errors = {};
    const messages: string[] = [];
    const prepared: Prepared[] = [];
    const numbers = new Map<string, number>();
    for (const [i, body] of bodies.entries()) {
      const before = Object.keys(errors).length;
      const p = await prepare(tx, actor, body, errors, `WorkOrders[${i}].`, utcDay(now));
      if (p && body.OrderNumber) {
        const key = `${p.DivisionID}|${body.OrderNumber}`;
        const first = numbers.get(key);
        if (first !== undefined)
          add(errors, `WorkOrders[${i}].OrderNumber`, `Row ${first + 1} has the same order number.`);
        else numbers.set(key, i);
      }
      if (Object.keys(errors).length > before || !p) {
        const own = Object.entries(errors)
          .filter(([k]) => k.startsWith(`WorkOrders[${i}].`))
          .flatMap(([, v]) => v);
        messages.push(`Row ${i + 1}: ${own.join(' ')}`);
      } else prepared.push(p);
    }
    if (Object.keys(errors).length)
      throw new AppError(400, 'No work order was saved: fix the rows named.', {
        Errors: errors,
        Messages: messages,
      });
    const rows: WorkOrderRow[] = [];
    for (const p of prepared) rows.push(await insertOne(tx, actor, p, now));
    const out: WorkOrderDetail[] = [];
    for (const r of rows) out.push(await workOrderDetail(tx, r));
    return out;
  });
}

// ---- patching --------------------------------------------------------------------------------------

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
