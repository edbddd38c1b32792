// Legal notices: each change of text makes a new content version that every employee of the notice's
// audience must acknowledge again. Acknowledging is idempotent; acknowledging a content that is no
// longer current is 409 naming the current one. Managing needs notices:manage.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  type LegalNotice,
  type LegalNoticeAcknowledgement,
  type LegalNoticeSave,
  type LegalNoticeUpdate,
  NOTICES_MANAGE,
} from '../../../src/contract/notices';
import type { Db } from '../../db/client';
import { legalNoticeAcknowledgements, legalNoticeContents, legalNotices } from '../../db/tables';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { conflict } from '../scheduling/scope';

const NOTICE = 'The legal notice';
type NoticeRow = typeof legalNotices.$inferSelect;
type ContentRow = typeof legalNoticeContents.$inferSelect;

function reaches(row: NoticeRow, employeeId: number): boolean {
  return row.AudienceType === 'All' || row.AudienceIDs.includes(employeeId);
}

async function build(db: Db, actor: Actor, rows: NoticeRow[], manage: boolean): Promise<LegalNotice[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.LegalNoticeID);
  const contents = await db
    .select()
    .from(legalNoticeContents)
    .where(inArray(legalNoticeContents.LegalNoticeID, ids))
    .orderBy(asc(legalNoticeContents.LegalNoticeContentID));
  const current = new Map<number, ContentRow>();
  const versions = new Map<number, number>();
  for (const c of contents) {
    current.set(c.LegalNoticeID, c);
    versions.set(c.LegalNoticeID, (versions.get(c.LegalNoticeID) ?? 0) + 1);
  }
  const currentIds = [...current.values()].map((c) => c.LegalNoticeContentID);
  const mine = currentIds.length
    ? await db
        .select()
        .from(legalNoticeAcknowledgements)
        .where(
          and(
            eq(legalNoticeAcknowledgements.EmployeeID, actor.EmployeeID),
            inArray(legalNoticeAcknowledgements.LegalNoticeContentID, currentIds),
          ),
        )
    : [];
  const ackAt = new Map(mine.map((a) => [a.LegalNoticeContentID, a.AcknowledgedAt]));
  const counts = new Map<number, number>();
  if (manage && currentIds.length) {
    const rowsCount = await db
      .select({ id: legalNoticeAcknowledgements.LegalNoticeContentID, n: count() })
      .from(legalNoticeAcknowledgements)
      .where(inArray(legalNoticeAcknowledgements.LegalNoticeContentID, currentIds))
      .groupBy(legalNoticeAcknowledgements.LegalNoticeContentID);
    for (const r of rowsCount) counts.set(r.id, r.n);
  }
  return rows.flatMap((r) => {
    const c = current.get(r.LegalNoticeID);
    if (!c) return [];
    const at = ackAt.get(c.LegalNoticeContentID) ?? null;
    return [
      {
        LegalNoticeID: r.LegalNoticeID,
        Title: r.Title,
        AudienceType: r.AudienceType === 'Employees' ? ('Employees' as const) : ('All' as const),
        AudienceIDs: r.AudienceIDs,
        IsActive: r.IsActive,
        CurrentContentID: c.LegalNoticeContentID,
        Body: c.Body,
        ContentCreatedAt: c.CreatedAt.toISOString(),
        ContentVersions: versions.get(r.LegalNoticeID) ?? 1,
        Acknowledged: at !== null,
        AcknowledgedAt: at ? at.toISOString() : null,
        AcknowledgedCount: manage ? (counts.get(c.LegalNoticeContentID) ?? 0) : null,
        Version: r.Version,
      },
    ];
  });
}

/**
 * The caller's notices (active, addressed to them); with notices:manage every notice. `pending`:
 * only the ones the caller must still acknowledge (what the PWA shows before anything else).
 */
export async function listLegalNotices(p: {
  db: Db;
  actor: Actor;
  pending: boolean;
}): Promise<LegalNotice[]> {
  const manage = p.actor.has(NOTICES_MANAGE) && !p.pending;
  const rows = await p.db.select().from(legalNotices).orderBy(desc(legalNotices.LegalNoticeID));
  const visible = manage ? rows : rows.filter((r) => r.IsActive && reaches(r, p.actor.EmployeeID));
  const built = await build(p.db, p.actor, visible, manage);
  return p.pending ? built.filter((n) => !n.Acknowledged) : built;
}

async function one(db: Db, actor: Actor, id: number): Promise<LegalNotice> {
  const [row] = await db.select().from(legalNotices).where(eq(legalNotices.LegalNoticeID, id));
  if (!row) throw notFound(NOTICE);
  const [built] = await build(db, actor, [row], true);
  return built;
}

export async function createLegalNotice(p: {
  db: Db;
  actor: Actor;
  body: LegalNoticeSave;
}): Promise<LegalNotice> {
  const b = p.body;
  const id = await p.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(legalNotices)
      .values({
        Title: b.Title,
        AudienceType: b.AudienceType,
        AudienceIDs: b.AudienceType === 'All' ? [] : b.AudienceIDs,
        IsActive: b.IsActive,
      })
      .returning();
    await tx.insert(legalNoticeContents).values({ LegalNoticeID: row.LegalNoticeID, Body: b.Body });
    return row.LegalNoticeID;
  });
  return one(p.db, p.actor, id);
}

export async function updateLegalNotice(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: LegalNoticeUpdate;
}): Promise<LegalNotice> {
  const b = p.body;
  const before = await one(p.db, p.actor, p.id);
  if (before.Version !== b.Version) throw conflict(before);
  await p.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(legalNotices)
      .set({
        Title: b.Title,
        AudienceType: b.AudienceType,
        AudienceIDs: b.AudienceType === 'All' ? [] : b.AudienceIDs,
        IsActive: b.IsActive,
        Version: before.Version + 1,
      })
      .where(and(eq(legalNotices.LegalNoticeID, p.id), eq(legalNotices.Version, b.Version)))
      .returning({ id: legalNotices.LegalNoticeID });
    if (!saved) throw conflict(before);
    if (b.Body !== before.Body)
      await tx.insert(legalNoticeContents).values({ LegalNoticeID: p.id, Body: b.Body });
  });
  return one(p.db, p.actor, p.id);
}

export async function deleteLegalNotice(p: { db: Db; id: number; version?: number }): Promise<void> {
  const [row] = await p.db.select().from(legalNotices).where(eq(legalNotices.LegalNoticeID, p.id));
  if (!row) throw notFound(NOTICE);
  if (p.version !== undefined && p.version !== row.Version)
    throw new AppError(409, 'This item was changed by someone else. Review the current version.');
  await p.db.delete(legalNotices).where(eq(legalNotices.LegalNoticeID, p.id));
}

/** Acknowledge one content of a notice addressed to the caller; a second call changes nothing. */
export async function acknowledgeLegalNotice(p: {
  db: Db;
  actor: Actor;
  id: number;
  contentId: number;
}): Promise<LegalNoticeAcknowledgement> {
  const [row] = await p.db.select().from(legalNotices).where(eq(legalNotices.LegalNoticeID, p.id));
  if (!row?.IsActive || !reaches(row, p.actor.EmployeeID)) throw notFound(NOTICE);
  const contents = await p.db
    .select({ id: legalNoticeContents.LegalNoticeContentID })
    .from(legalNoticeContents)
    .where(eq(legalNoticeContents.LegalNoticeID, p.id))
    .orderBy(desc(legalNoticeContents.LegalNoticeContentID));
  const currentId = contents[0]?.id;
  if (!contents.some((c) => c.id === p.contentId)) throw notFound('The content of this legal notice');
  if (p.contentId !== currentId)
    throw new AppError(409, `This notice has changed: acknowledge its current content (${currentId}).`, {
      body: { CurrentContentID: currentId },
    });
  await p.db
    .insert(legalNoticeAcknowledgements)
    .values({ LegalNoticeContentID: p.contentId, EmployeeID: p.actor.EmployeeID })
    .onConflictDoNothing();
  const [ack] = await p.db
    .select()
    .from(legalNoticeAcknowledgements)
    .where(
      and(
        eq(legalNoticeAcknowledgements.LegalNoticeContentID, p.contentId),
        eq(legalNoticeAcknowledgements.EmployeeID, p.actor.EmployeeID),
      ),
    );
  return {
    LegalNoticeID: p.id,
    LegalNoticeContentID: p.contentId,
    AcknowledgedAt: ack.AcknowledgedAt.toISOString(),
  };
}
