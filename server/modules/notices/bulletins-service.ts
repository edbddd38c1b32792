// Bulletins: written and delivered by bulletins:manage holders to an audience within their scope
// (everyone, corporations, offices, divisions, roles; a manager: their offices only). Delivering
// reaches each recipient once: a second delivery reaches only employees who joined the audience since.
// Recipients read them in their inbox and acknowledge them, optionally with a copy by e-mail.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BULLETINS_MANAGE,
  type Bulletin,
  type BulletinDelivery,
  type BulletinInboxItem,
  type BulletinSave,
  type BulletinUpdate,
  type BulletinView,
} from '../../../src/contract/notices';
import type { Db } from '../../db/client';
import { bulletinDeliveries, bulletins, employees } from '../../db/tables';
import { notFound } from '../../errors';
import type { Actor } from '../access/service';
import { MessageType, queueMail } from '../mail/service';
import { conflict } from '../scheduling/scope';
import { audienceInScope, recipientsOf, requireAudienceInScope } from './audience';

const BULLETIN = 'The bulletin';
type BulletinRow = typeof bulletins.$inferSelect;

const scopeOf = (actor: Actor) => actor.offices(BULLETINS_MANAGE);
const audienceOf = (r: BulletinRow) => ({
  AudienceType: r.AudienceType as Bulletin['AudienceType'],
  AudienceIDs: r.AudienceIDs,
});

async function build(db: Db, rows: BulletinRow[]): Promise<Bulletin[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.BulletinID);
  const stats = await db
    .select({
      id: bulletinDeliveries.BulletinID,
      delivered: count(),
      read: sql<number>`count(${bulletinDeliveries.ReadAt})::int`,
      acknowledged: sql<number>`count(${bulletinDeliveries.AcknowledgedAt})::int`,
    })
    .from(bulletinDeliveries)
    .where(inArray(bulletinDeliveries.BulletinID, ids))
    .groupBy(bulletinDeliveries.BulletinID);
  const byId = new Map(stats.map((s) => [s.id, s]));
  const authorIds = [...new Set(rows.flatMap((r) => (r.CreatedByEmployeeID ? [r.CreatedByEmployeeID] : [])))];
  const authors = authorIds.length
    ? await db
        .select({ id: employees.EmployeeID, FirstName: employees.FirstName, LastName: employees.LastName })
        .from(employees)
        .where(inArray(employees.EmployeeID, authorIds))
    : [];
  const names = new Map(authors.map((a) => [a.id, `${a.FirstName} ${a.LastName}`]));
  return rows.map((r) => {
    const s = byId.get(r.BulletinID);
    return {
      BulletinID: r.BulletinID,
      Subject: r.Subject,
      Body: r.Body,
      ...audienceOf(r),
      CreatedByName: r.CreatedByEmployeeID ? (names.get(r.CreatedByEmployeeID) ?? null) : null,
      CreatedAt: r.CreatedAt.toISOString(),
      LastDeliveredAt: r.LastDeliveredAt ? r.LastDeliveredAt.toISOString() : null,
      DeliveredCount: s?.delivered ?? 0,
      ReadCount: s?.read ?? 0,
      AcknowledgedCount: s?.acknowledged ?? 0,
      Version: r.Version,
    };
  });
}

/** The bulletins whose audience lies in the caller's scope, newest first (paged). */
export async function listBulletins(p: { db: Db; actor: Actor; pageIndex: number; pageSize: number }) {
  const rows = await p.db.select().from(bulletins).orderBy(desc(bulletins.BulletinID));
  const scope = scopeOf(p.actor);
  const visible: BulletinRow[] = [];
  for (const r of rows) if (await audienceInScope(p.db, scope, audienceOf(r))) visible.push(r);
  const page = visible.slice(p.pageIndex * p.pageSize, (p.pageIndex + 1) * p.pageSize);
  return {
    Items: await build(p.db, page),
    TotalCount: visible.length,
    PageIndex: p.pageIndex,
    PageSize: p.pageSize,
  };
}

async function managed(db: Db, actor: Actor, id: number): Promise<BulletinRow> {
  const [row] = await db.select().from(bulletins).where(eq(bulletins.BulletinID, id));
  if (!row || !actor.has(BULLETINS_MANAGE) || !(await audienceInScope(db, scopeOf(actor), audienceOf(row))))
    throw notFound(BULLETIN);
  return row;
}

async function deliveryOf(db: Db, bulletinId: number, employeeId: number) {
  const [d] = await db
    .select()
    .from(bulletinDeliveries)
    .where(and(eq(bulletinDeliveries.BulletinID, bulletinId), eq(bulletinDeliveries.EmployeeID, employeeId)));
  return d ?? null;
}

/**
 * One bulletin: for a recipient (it is then marked read) or for a manager whose scope covers its
 * audience; anyone else: 404.
 */
export async function getBulletin(p: { db: Db; actor: Actor; id: number }): Promise<BulletinView> {
  const [row] = await p.db.select().from(bulletins).where(eq(bulletins.BulletinID, p.id));
  if (!row) throw notFound(BULLETIN);
  let delivery = await deliveryOf(p.db, p.id, p.actor.EmployeeID);
  if (!delivery) await managed(p.db, p.actor, p.id);
  else if (!delivery.ReadAt) {
    [delivery] = await p.db
      .update(bulletinDeliveries)
      .set({ ReadAt: new Date() })
      .where(
        and(eq(bulletinDeliveries.BulletinID, p.id), eq(bulletinDeliveries.EmployeeID, p.actor.EmployeeID)),
      )
      .returning();
  }
  const [built] = await build(p.db, [row]);
  return {
    ...built,
    Delivery: delivery
      ? {
          DeliveredAt: delivery.DeliveredAt.toISOString(),
          ReadAt: delivery.ReadAt ? delivery.ReadAt.toISOString() : null,
          AcknowledgedAt: delivery.AcknowledgedAt ? delivery.AcknowledgedAt.toISOString() : null,
        }
      : null,
  };
}

export async function createBulletin(p: { db: Db; actor: Actor; body: BulletinSave }): Promise<Bulletin> {
  await requireAudienceInScope(p.db, scopeOf(p.actor), p.body);
  const [row] = await p.db
    .insert(bulletins)
    .values({
      Subject: p.body.Subject,
      Body: p.body.Body,
      AudienceType: p.body.AudienceType,
      AudienceIDs: p.body.AudienceType === 'All' ? [] : p.body.AudienceIDs,
      CreatedByEmployeeID: p.actor.ProxyByEmployeeID ?? p.actor.EmployeeID,
    })
    .returning();
  const [built] = await build(p.db, [row]);
  return built;
}

export async function updateBulletin(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: BulletinUpdate;
}): Promise<Bulletin> {
  const before = await managed(p.db, p.actor, p.id);
  await requireAudienceInScope(p.db, scopeOf(p.actor), p.body);
  if (before.Version !== p.body.Version) throw conflict((await build(p.db, [before]))[0]);
  const [row] = await p.db
    .update(bulletins)
    .set({
      Subject: p.body.Subject,
      Body: p.body.Body,
      AudienceType: p.body.AudienceType,
      AudienceIDs: p.body.AudienceType === 'All' ? [] : p.body.AudienceIDs,
      Version: before.Version + 1,
    })
    .where(and(eq(bulletins.BulletinID, p.id), eq(bulletins.Version, p.body.Version)))
    .returning();
  if (!row) throw conflict((await build(p.db, [await managed(p.db, p.actor, p.id)]))[0]);
  const [built] = await build(p.db, [row]);
  return built;
}

/** Deliver to every recipient of the audience (in the caller's scope) who has not received it yet. */
export async function deliverBulletin(p: { db: Db; actor: Actor; id: number }): Promise<BulletinDelivery> {
  const row = await managed(p.db, p.actor, p.id);
  const recipients = await recipientsOf(p.db, scopeOf(p.actor), audienceOf(row));
  const now = new Date();
  const inserted = recipients.length
    ? await p.db
        .insert(bulletinDeliveries)
        .values(recipients.map((EmployeeID) => ({ BulletinID: p.id, EmployeeID, DeliveredAt: now })))
        .onConflictDoNothing()
        .returning({ id: bulletinDeliveries.EmployeeID })
    : [];
  if (inserted.length)
    await p.db.update(bulletins).set({ LastDeliveredAt: now }).where(eq(bulletins.BulletinID, p.id));
  const [{ n }] = await p.db
    .select({ n: count() })
    .from(bulletinDeliveries)
    .where(eq(bulletinDeliveries.BulletinID, p.id));
  return { BulletinID: p.id, Delivered: inserted.length, DeliveredCount: n };
}

/** The caller's delivered bulletins: unread first, then newest first. */
export async function inbox(p: { db: Db; actor: Actor }): Promise<BulletinInboxItem[]> {
  const rows = await p.db
    .select({ b: bulletins, d: bulletinDeliveries })
    .from(bulletinDeliveries)
    .innerJoin(bulletins, eq(bulletins.BulletinID, bulletinDeliveries.BulletinID))
    .where(eq(bulletinDeliveries.EmployeeID, p.actor.EmployeeID))
    .orderBy(
      sql`(${bulletinDeliveries.ReadAt} is null and ${bulletinDeliveries.AcknowledgedAt} is null) desc`,
      desc(bulletinDeliveries.DeliveredAt),
      desc(bulletins.BulletinID),
    );
  return rows.map(({ b, d }) => ({
    BulletinID: b.BulletinID,
    Subject: b.Subject,
    Body: b.Body,
    DeliveredAt: d.DeliveredAt.toISOString(),
    ReadAt: d.ReadAt ? d.ReadAt.toISOString() : null,
    AcknowledgedAt: d.AcknowledgedAt ? d.AcknowledgedAt.toISOString() : null,
  }));
}

/**
 * Acknowledge a bulletin of the caller's inbox (again: nothing changes); with `sendEmailCopy` one copy
 * is queued to the caller's e-mail address through the mail outbox.
 */
export async function acknowledgeBulletin(p: {
  db: Db;
  actor: Actor;
  id: number;
  sendEmailCopy: boolean;
}): Promise<BulletinInboxItem & { EmailCopyQueued: boolean }> {
  const delivery = await deliveryOf(p.db, p.id, p.actor.EmployeeID);
  if (!delivery) throw notFound(BULLETIN);
  if (!delivery.AcknowledgedAt) {
    const now = new Date();
    await p.db
      .update(bulletinDeliveries)
      .set({ AcknowledgedAt: now, ReadAt: delivery.ReadAt ?? now })
      .where(
        and(eq(bulletinDeliveries.BulletinID, p.id), eq(bulletinDeliveries.EmployeeID, p.actor.EmployeeID)),
      );
  }
  const [b] = await p.db.select().from(bulletins).where(eq(bulletins.BulletinID, p.id));
  let queued = false;
  if (p.sendEmailCopy && p.actor.EmailAddress) {
    await queueMail(p.db, {
      MessageType: MessageType.Bulletin,
      To: p.actor.EmailAddress,
      Subject: b.Subject,
      Body: b.Body,
    });
    queued = true;
  }
  const d = await deliveryOf(p.db, p.id, p.actor.EmployeeID);
  return {
    BulletinID: b.BulletinID,
    Subject: b.Subject,
    Body: b.Body,
    DeliveredAt: d?.DeliveredAt.toISOString() ?? delivery.DeliveredAt.toISOString(),
    ReadAt: d?.ReadAt ? d.ReadAt.toISOString() : null,
    AcknowledgedAt: d?.AcknowledgedAt ? d.AcknowledgedAt.toISOString() : null,
    EmailCopyQueued: queued,
  };
}
