// Claims and alerts:
// - POST work-orders/employee-claims: a rep claims orders by their order numbers (all or nothing, each
//   failing number named); an order already credited to someone else is refused. A claimed order that
//   is already Installed pays its commission now.
// - work-order-manual-claims: a rep's claim to a sale the system does not credit to them; the office
//   (orders:write) approves it (crediting the work order with that division and order number, when
//   there is one) or rejects it.
// - POST work-orders-update-alert: mail "work order update alert" to each order's rep (mail outbox).
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type EmployeeClaims,
  type ManualClaim,
  type ManualClaimQuery,
  type ManualClaimResolve,
  type ManualClaimSave,
  ManualClaimStatus,
  type ManualClaimUpdate,
  ORDERS_OWN,
  type WorkOrder,
  type WorkOrderUpdateAlert,
} from '../../../src/contract/orders';
import {
  employees,
  employmentRecords,
  icdOffices,
  mailOutbox,
  officeDivisions,
  productOrderCommissions,
  productOrders,
  workOrderManualClaims,
  workOrders,
} from '../../db/tables';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { type Actor, inScope } from '../access/service';
import { MessageType } from '../mail/service';
import { conflict } from '../scheduling/scope';
import { settleCommissions } from './commission-link';
import { type Conn, canManage, ownOffices, union, writeOffices } from './scope';
import { workOrderWires } from './wire';

const CLAIM = 'The manual claim';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function worksAt(db: Conn, employeeId: number, officeId: number): Promise<boolean> {
  const [rec] = await db
    .select({ id: employmentRecords.EmploymentRecordID })
    .from(employmentRecords)
    .where(and(eq(employmentRecords.EmployeeID, employeeId), eq(employmentRecords.IcdOfficeID, officeId)))
    .limit(1);
  return !!rec;
}

export async function claimOrders(
  db: Conn,
  actor: Actor,
  body: EmployeeClaims,
  now = new Date(),
): Promise<WorkOrder[]> {
  const employeeId = body.EmployeeID ?? actor.EmployeeID;
  const forOther = employeeId !== actor.EmployeeID;
  if (!forOther && !actor.has(ORDERS_OWN) && !actor.has('orders:write')) throw forbidden();
  return db.transaction(async (tx) => {
    const numbers = body.OrderNumbers;
    const rows = await tx
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.DivisionID, body.DivisionID), inArray(workOrders.OrderNumber, numbers)))
      .for('update');
    const errors: Record<string, string[]> = {};
    const messages: string[] = [];
    const fail = (i: number, message: string) => {
      errors[`OrderNumbers[${i}]`] = [message];
      messages.push(`Row ${i + 1}: ${message}`);
    };
    const claimed: typeof rows = [];
    for (const [i, n] of numbers.entries()) {
      const wo = rows.find((r) => r.OrderNumber === n);
      // Reachable: the claimant's own offices (orders:own), or the caller's orders:write offices.
      const reachable =
        wo &&
        (forOther
          ? canManage(actor, wo)
          : inScope(union(ownOffices(actor), writeOffices(actor)), wo.IcdOfficeID));
      if (!wo || !reachable) fail(i, `No work order numbered ${n} was found.`);
      else if (wo.EmployeeID !== null && wo.EmployeeID !== employeeId)
        fail(i, `Work order ${n} is already credited to another employee.`);
      else if (!(await worksAt(tx, employeeId, wo.IcdOfficeID)))
        fail(i, `Work order ${n} is of an office the employee does not work at.`);
      else if (numbers.indexOf(n) !== i) fail(i, `Order number ${n} is listed twice.`);
      else claimed.push(wo);
    }
    if (Object.keys(errors).length)
      throw new AppError(400, 'No order was claimed: fix the rows named.', {
        Errors: errors,
        Messages: messages,
      });
    const toClaim = claimed.filter((w) => w.EmployeeID === null).map((w) => w.WorkOrderID);
    if (toClaim.length) {
      await tx
        .update(workOrders)
        .set({ EmployeeID: employeeId, UpdatedAt: now, Version: sql`${workOrders.Version} + 1` })
        .where(inArray(workOrders.WorkOrderID, toClaim));
      const pos = await tx
        .select({ id: productOrders.ProductOrderID })
        .from(productOrders)
        .where(inArray(productOrders.WorkOrderID, toClaim));
      await settleCommissions(
        tx,
        pos.map((p) => p.id),
        { actorEmployeeID: actor.EmployeeID, now },
      );
    }
    const fresh = await tx
      .select()
      .from(workOrders)
      .where(
        inArray(
          workOrders.WorkOrderID,
          claimed.map((w) => w.WorkOrderID),
        ),
      );
    return workOrderWires(tx, fresh);
  });
}

// ---- update alert ----------------------------------------------------------------------------------

export async function sendUpdateAlert(
  db: Conn,
  actor: Actor,
  body: WorkOrderUpdateAlert,
): Promise<{ Queued: number; Recipients: string[] }> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.WorkOrderIDs)];
    const rows = await tx.select().from(workOrders).where(inArray(workOrders.WorkOrderID, ids));
    const missing = ids.filter((id) => !rows.some((r) => r.WorkOrderID === id && canManage(actor, r)));
    if (missing.length)
      throw new AppError(404, 'The work order was not found.', {
        Messages: missing.map((id) => `Work order ${id} was not found.`),
      });
    const wires = await workOrderWires(tx, rows);
    const repIds = [...new Set(rows.map((r) => r.EmployeeID).filter((x): x is number => x !== null))];
    const reps = repIds.length
      ? await tx
          .select({
            id: employees.EmployeeID,
            FirstName: employees.FirstName,
            EmailAddress: employees.EmailAddress,
          })
          .from(employees)
          .where(inArray(employees.EmployeeID, repIds))
      : [];
    const withMail = reps.filter((r) => r.EmailAddress);
    if (!withMail.length)
      throw new AppError(422, 'None of these work orders has a rep with an e-mail address.');
    for (const rep of withMail) {
      const mine = wires.filter((w) => w.EmployeeID === rep.id);
      const lines = mine.map(
        (w) =>
          `- ${w.OrderNumber ?? `Work order ${w.WorkOrderID}`} (${w.CustomerName}, sold ${w.SaleDate}): ${w.ProductOrders.map(
            (p) => `${p.ProductName} ${p.StatusName}`,
          ).join(', ')}`,
      );
      await tx.insert(mailOutbox).values({
        MessageType: MessageType.WorkOrderUpdateAlert,
        To: rep.EmailAddress ?? '',
        Subject:
          mine.length === 1
            ? 'A work order of yours was updated'
            : `${mine.length} work orders of yours were updated`,
        Body: [
          `Hello ${rep.FirstName},`,
          '',
          ...(body.Message ? [body.Message, ''] : []),
          ...lines,
          '',
          `Sent by ${actor.FirstName} ${actor.LastName}.`,
        ].join('\n'),
      });
    }
    return { Queued: withMail.length, Recipients: withMail.map((r) => r.EmailAddress ?? '') };
  });
}

// ---- manual claims ---------------------------------------------------------------------------------

type ClaimRow = typeof workOrderManualClaims.$inferSelect;

async function claimWires(db: Conn, rows: readonly ClaimRow[]): Promise<ManualClaim[]> {
  if (!rows.length) return [];
  const people = await db
    .select({ id: employees.EmployeeID, FirstName: employees.FirstName, LastName: employees.LastName })
    .from(employees)
    .where(inArray(employees.EmployeeID, [...new Set(rows.map((r) => r.EmployeeID))]));
  const offices = await db
    .select({ id: icdOffices.IcdOfficeID, Name: icdOffices.OfficeName })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...new Set(rows.map((r) => r.IcdOfficeID))]));
  return rows.map((r) => {
    const p = people.find((x) => x.id === r.EmployeeID);
    return {
      WorkOrderManualClaimID: r.WorkOrderManualClaimID,
      EmployeeID: r.EmployeeID,
      EmployeeName: p ? `${p.FirstName} ${p.LastName}` : '',
      IcdOfficeID: r.IcdOfficeID,
      OfficeName: offices.find((o) => o.id === r.IcdOfficeID)?.Name ?? '',
      DivisionID: r.DivisionID,
      OrderNumber: r.OrderNumber,
      SaleDate: r.SaleDate,
      CustomerName: r.CustomerName,
      Comments: r.Comments,
      StatusID: r.StatusID,
      ResolutionComments: r.ResolutionComments,
      WorkOrderID: r.WorkOrderID,
      ResolvedByEmployeeID: r.ResolvedByEmployeeID,
      ResolvedAt: iso(r.ResolvedAt),
      CreatedAt: r.CreatedAt.toISOString(),
      Version: r.Version,
    };
  });
}

function claimReadable(actor: Actor): SQL | undefined {
  const offices = writeOffices(actor);
  if (offices === 'all') return undefined;
  const parts: SQL[] = [];
  if (offices.size) parts.push(inArray(workOrderManualClaims.IcdOfficeID, [...offices]));
  if (actor.has(ORDERS_OWN)) parts.push(eq(workOrderManualClaims.EmployeeID, actor.EmployeeID));
  if (!parts.length) return sql`false`;
  return parts.length === 1 ? parts[0] : sql`(${parts[0]} or ${parts[1]})`;
}

export async function listManualClaims(db: Conn, actor: Actor, q: ManualClaimQuery) {
  const where = and(
    claimReadable(actor),
    q.icdOfficeID ? eq(workOrderManualClaims.IcdOfficeID, q.icdOfficeID) : undefined,
    q.employeeID ? eq(workOrderManualClaims.EmployeeID, q.employeeID) : undefined,
    q.statusID ? eq(workOrderManualClaims.StatusID, q.statusID) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(workOrderManualClaims).where(where);
  const rows = await db
    .select()
    .from(workOrderManualClaims)
    .where(where)
    .orderBy(desc(workOrderManualClaims.CreatedAt), desc(workOrderManualClaims.WorkOrderManualClaimID))
    .limit(q.pageSize)
    .offset(q.pageIndex * q.pageSize);
  return {
    Items: await claimWires(db, rows),
    TotalCount: total,
    PageIndex: q.pageIndex,
    PageSize: q.pageSize,
  };
}

const canManageClaim = (actor: Actor, c: { IcdOfficeID: number }) =>
  inScope(writeOffices(actor), c.IcdOfficeID);
const isOwnClaim = (actor: Actor, c: { EmployeeID: number; IcdOfficeID: number }) =>
  c.EmployeeID === actor.EmployeeID && actor.has(ORDERS_OWN);

async function claimFor(db: Conn, actor: Actor, id: number): Promise<ClaimRow> {
  const [row] = await db
    .select()
    .from(workOrderManualClaims)
    .where(eq(workOrderManualClaims.WorkOrderManualClaimID, id))
    .for('update');
  if (!row || !(canManageClaim(actor, row) || isOwnClaim(actor, row))) throw notFound(CLAIM);
  return row;
}

async function checkClaimBody(
  db: Conn,
  actor: Actor,
  employeeId: number,
  body: Omit<ManualClaimSave, 'EmployeeID'>,
): Promise<void> {
  const manage = inScope(writeOffices(actor), body.IcdOfficeID);
  const own = employeeId === actor.EmployeeID && inScope(ownOffices(actor), body.IcdOfficeID);
  if (!manage && !own) throw forbidden();
  const errors: Record<string, string[]> = {};
  if (!(await worksAt(db, employeeId, body.IcdOfficeID)))
    errors.EmployeeID = ['This employee does not work at this office.'];
  const [division] = await db
    .select({ id: officeDivisions.DivisionID })
    .from(officeDivisions)
    .where(
      and(eq(officeDivisions.IcdOfficeID, body.IcdOfficeID), eq(officeDivisions.DivisionID, body.DivisionID)),
    );
  if (!division) errors.DivisionID = ['This office does not work for this division.'];
  const [credited] = await db
    .select({ EmployeeID: workOrders.EmployeeID })
    .from(workOrders)
    .where(and(eq(workOrders.DivisionID, body.DivisionID), eq(workOrders.OrderNumber, body.OrderNumber)));
  if (credited && credited.EmployeeID === employeeId)
    errors.OrderNumber = ['This order is already credited to this employee.'];
  if (Object.keys(errors).length) throw badRequest('The claim could not be saved.', errors);
}

export async function createManualClaim(db: Conn, actor: Actor, body: ManualClaimSave, now = new Date()) {
  return db.transaction(async (tx) => {
    const employeeId = body.EmployeeID ?? actor.EmployeeID;
    await checkClaimBody(tx, actor, employeeId, body);
    const { EmployeeID: _e, ...fields } = body;
    const [row] = await tx
      .insert(workOrderManualClaims)
      .values({
        ...fields,
        EmployeeID: employeeId,
        CreatedByEmployeeID: actor.EmployeeID,
        CreatedAt: now,
        UpdatedAt: now,
      })
      .returning();
    return (await claimWires(tx, [row]))[0];
  });
}

const notPending = () => new AppError(422, 'Only a pending claim can be changed.');

export async function updateManualClaim(
  db: Conn,
  actor: Actor,
  id: number,
  body: ManualClaimUpdate,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await claimFor(tx, actor, id);
    if (row.Version !== body.Version) throw conflict((await claimWires(tx, [row]))[0]);
    if (row.StatusID !== ManualClaimStatus.Pending) throw notPending();
    await checkClaimBody(tx, actor, row.EmployeeID, body);
    const { Version: _v, ...fields } = body;
    const [updated] = await tx
      .update(workOrderManualClaims)
      .set({ ...fields, UpdatedAt: now, Version: sql`${workOrderManualClaims.Version} + 1` })
      .where(eq(workOrderManualClaims.WorkOrderManualClaimID, id))
      .returning();
    return (await claimWires(tx, [updated]))[0];
  });
}

/** PATCH: approve (credits the matching work order to the claimant) or reject; orders:write only. */
export async function resolveManualClaim(
  db: Conn,
  actor: Actor,
  id: number,
  body: ManualClaimResolve,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await claimFor(tx, actor, id);
    if (!canManageClaim(actor, row)) throw forbidden();
    if (row.Version !== body.Version) throw conflict((await claimWires(tx, [row]))[0]);
    if (row.StatusID !== ManualClaimStatus.Pending) throw notPending();
    let workOrderId: number | null = null;
    if (body.StatusID === ManualClaimStatus.Approved) {
      const [wo] = await tx
        .select()
        .from(workOrders)
        .where(and(eq(workOrders.DivisionID, row.DivisionID), eq(workOrders.OrderNumber, row.OrderNumber)))
        .for('update');
      if (wo) {
        if (!canManage(actor, wo))
          throw badRequest('The claim could not be approved.', {
            OrderNumber: ['The work order with this number is of an office you do not manage.'],
          });
        if (wo.EmployeeID !== null && wo.EmployeeID !== row.EmployeeID) {
          const [paid] = await tx
            .select({ id: productOrderCommissions.ProductOrderCommissionID })
            .from(productOrderCommissions)
            .innerJoin(
              productOrders,
              eq(productOrders.ProductOrderID, productOrderCommissions.ProductOrderID),
            )
            .where(eq(productOrders.WorkOrderID, wo.WorkOrderID))
            .limit(1);
          if (paid)
            throw badRequest('The claim could not be approved.', {
              OrderNumber: ['Commission was paid on this order to another employee: it cannot move.'],
            });
        }
        await tx
          .update(workOrders)
          .set({ EmployeeID: row.EmployeeID, UpdatedAt: now, Version: sql`${workOrders.Version} + 1` })
          .where(eq(workOrders.WorkOrderID, wo.WorkOrderID));
        workOrderId = wo.WorkOrderID;
        const pos = await tx
          .select({ id: productOrders.ProductOrderID })
          .from(productOrders)
          .where(eq(productOrders.WorkOrderID, wo.WorkOrderID));
        await settleCommissions(
          tx,
          pos.map((p) => p.id),
          { actorEmployeeID: actor.EmployeeID, now },
        );
      }
    }
    const [updated] = await tx
      .update(workOrderManualClaims)
      .set({
        StatusID: body.StatusID,
        ResolutionComments: body.ResolutionComments,
        WorkOrderID: workOrderId,
        ResolvedByEmployeeID: actor.EmployeeID,
        ResolvedAt: now,
        UpdatedAt: now,
        Version: sql`${workOrderManualClaims.Version} + 1`,
      })
      .where(eq(workOrderManualClaims.WorkOrderManualClaimID, id))
      .returning();
    return (await claimWires(tx, [updated]))[0];
  });
}

export async function deleteManualClaim(db: Conn, actor: Actor, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await claimFor(tx, actor, id);
    if (version !== undefined && row.Version !== version) throw conflict((await claimWires(tx, [row]))[0]);
    if (row.StatusID !== ManualClaimStatus.Pending) throw notPending();
    await tx.delete(workOrderManualClaims).where(eq(workOrderManualClaims.WorkOrderManualClaimID, id));
  });
}
