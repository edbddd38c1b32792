// RS payout transfers: money moved to or from an ICD corporation for RS payouts (spec 002 §7 "RS
// payout transfers"). Same scope as posted payouts: payouts:read / payouts:write by corporation
// (reading out of scope 404; a body naming a corporation out of scope 403).
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import {
  RS_PAYOUT_TRANSFER_NOT_FOUND,
  type RsPayoutTransfer,
  type RsPayoutTransferSave,
  type RsPayoutTransferUpdate,
  TRANSFER_DIRECTION_NAMES,
} from '../../../src/contract/payouts';
import { fromCents, toCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { employees, rsPayoutTransfers } from '../../db/tables';
import { AppError, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import {
  corporationNames,
  corporationReach,
  reachCondition,
  reaches,
  requireCorporationExists,
} from '../commission/common';
import { conflict, type DbOrTx } from '../scheduling/scope';
import { PAYOUTS_READ, PAYOUTS_WRITE } from './posted-service';

type Row = typeof rsPayoutTransfers.$inferSelect;
const t = rsPayoutTransfers;
const notFound = () => new AppError(404, RS_PAYOUT_TRANSFER_NOT_FOUND);

async function toWire(db: DbOrTx, rows: readonly Row[]): Promise<RsPayoutTransfer[]> {
  const corps = await corporationNames(
    db,
    rows.map((r) => r.IcdCorporationID),
  );
  const ids = [...new Set(rows.map((r) => r.CreatedByEmployeeID))];
  const people = new Map<number, string>();
  for (const id of ids) {
    const [e] = await db
      .select({ first: employees.FirstName, last: employees.LastName })
      .from(employees)
      .where(eq(employees.EmployeeID, id));
    if (e) people.set(id, `${e.first} ${e.last}`.trim());
  }
  return rows.map((r) => ({
    RsPayoutTransferID: r.RsPayoutTransferID,
    TransferDate: r.TransferDate,
    IcdCorporationID: r.IcdCorporationID,
    CorporationName: corps.get(r.IcdCorporationID) ?? '',
    DirectionID: r.DirectionID,
    Direction: TRANSFER_DIRECTION_NAMES[r.DirectionID === 2 ? 2 : 1],
    Amount: fromCents(r.AmountCents),
    Counterparty: r.Counterparty,
    Reference: r.Reference,
    Comments: r.Comments,
    CreatedByName: people.get(r.CreatedByEmployeeID) ?? '',
    CreatedAt: r.CreatedAt.toISOString(),
    UpdatedAt: r.UpdatedAt.toISOString(),
    Version: r.Version,
  }));
}

/** GET rs-payout-transfers (startDate, endDate, icdCorporation): newest first. */
export async function listTransfers(
  db: Db,
  actor: Actor,
  q: { startDate?: string; endDate?: string; icdCorporation?: number },
): Promise<RsPayoutTransfer[]> {
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        q.startDate ? gte(t.TransferDate, q.startDate) : undefined,
        q.endDate ? lte(t.TransferDate, q.endDate) : undefined,
        q.icdCorporation ? eq(t.IcdCorporationID, q.icdCorporation) : undefined,
        reachCondition(await corporationReach(db, actor, PAYOUTS_READ), t.IcdCorporationID),
      ),
    )
    .orderBy(desc(t.TransferDate), asc(t.RsPayoutTransferID));
  return toWire(db, rows);
}

async function readable(db: DbOrTx, actor: Actor, id: number): Promise<Row> {
  const [row] = await db.select().from(t).where(eq(t.RsPayoutTransferID, id));
  if (!row || !reaches(await corporationReach(db, actor, PAYOUTS_READ), row.IcdCorporationID))
    throw notFound();
  return row;
}

async function requireWritable(db: DbOrTx, actor: Actor, corporationId: number) {
  if (!reaches(await corporationReach(db, actor, PAYOUTS_WRITE), corporationId)) throw forbidden();
}

function values(body: RsPayoutTransferSave) {
  return {
    TransferDate: body.TransferDate,
    IcdCorporationID: body.IcdCorporationID,
    DirectionID: body.DirectionID,
    AmountCents: toCents(body.Amount),
    Counterparty: body.Counterparty.trim(),
    Reference: body.Reference || null,
    Comments: body.Comments || null,
  };
}

export async function createTransfer(
  db: Db,
  actor: Actor,
  body: RsPayoutTransferSave,
  now = new Date(),
): Promise<RsPayoutTransfer> {
  return db.transaction(async (tx) => {
    await requireCorporationExists(tx, body.IcdCorporationID);
    await requireWritable(tx, actor, body.IcdCorporationID);
    const [row] = await tx
      .insert(t)
      .values({ ...values(body), CreatedByEmployeeID: actor.EmployeeID, CreatedAt: now, UpdatedAt: now })
      .returning();
    return (await toWire(tx, [row]))[0];
  });
}

export async function updateTransfer(
  db: Db,
  actor: Actor,
  id: number,
  body: RsPayoutTransferUpdate,
  now = new Date(),
): Promise<RsPayoutTransfer> {
  return db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireWritable(tx, actor, row.IcdCorporationID);
    if (row.Version !== body.Version) throw conflict((await toWire(tx, [row]))[0]);
    if (body.IcdCorporationID !== row.IcdCorporationID) {
      await requireCorporationExists(tx, body.IcdCorporationID);
      await requireWritable(tx, actor, body.IcdCorporationID);
    }
    const [saved] = await tx
      .update(t)
      .set({ ...values(body), Version: row.Version + 1, UpdatedAt: now })
      .where(and(eq(t.RsPayoutTransferID, id), eq(t.Version, body.Version)))
      .returning();
    if (!saved) throw conflict((await toWire(tx, [await readable(tx, actor, id)]))[0]);
    return (await toWire(tx, [saved]))[0];
  });
}

export async function deleteTransfer(
  db: Db,
  actor: Actor,
  id: number,
  version: number | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireWritable(tx, actor, row.IcdCorporationID);
    if (version !== undefined && row.Version !== version) throw conflict((await toWire(tx, [row]))[0]);
    await tx.delete(t).where(eq(t.RsPayoutTransferID, id));
  });
}
