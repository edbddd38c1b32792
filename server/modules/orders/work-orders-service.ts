// Work orders: create (single and bulk, all or nothing with each failing row named); patching is in
// work-orders-patch.ts, the reading side (list, detail, My sales) in work-orders-read.ts. Every new
// product order starts in the division's Booked status, with a history row (product-orders-add.ts).
import { and, eq } from 'drizzle-orm';
import { ORDERS_OWN, type WorkOrderDetail, type WorkOrderSaveParsed } from '../../../src/contract/orders';
import {
  employmentRecords,
  leadGroups,
  leads,
  officePrograms,
  programs,
  retailers,
  workOrders,
} from '../../db/tables';
import { AppError, badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import { leadScopeOf, visibleLeadsWhere } from '../leads/scope';
import { add, checkProducts, type Errors, insertProductOrders, plusDays, utcDay } from './product-orders-add';
import { type Conn, corporationsOf, requireWritableOffice, workOrderFor, writeOffices } from './scope';
import { type WorkOrderRow, workOrderDetail } from './wire';

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
