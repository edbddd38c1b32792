// Drafts: the local copy of each offline entity, kept in step with the outbox rows that change it.
// Call these inside a rw transaction over `drafts` (and `outbox` for refreshDraftStatus).
import type { ApexDb, DraftBefore, DraftRow, DraftStatus, OutboxRow, UserId } from './db';
import { collectTempRefs, type EntityId, isTempId, makeEntityKey, parseEntityKey } from './temp-ids';

export interface DraftWrite {
  entity: string;
  localId: EntityId;
  data: unknown;
  base?: unknown;
  deleted?: boolean;
}

export function draftTempRefs(entity: string, localId: EntityId, data: unknown): number[] {
  return collectTempRefs({ entityKey: makeEntityKey(entity, localId), values: [data] });
}

/** Writes the draft as changed locally (status pending); returns what it was before. */
export async function applyDraft(
  db: ApexDb,
  userId: UserId,
  input: DraftWrite,
  at: number,
): Promise<DraftBefore> {
  const existing = await db.drafts.get([userId, input.entity, input.localId]);
  const before: DraftBefore = existing
    ? {
        entity: input.entity,
        localId: input.localId,
        existed: true,
        data: existing.data,
        deleted: existing.deleted,
      }
    : { entity: input.entity, localId: input.localId, existed: false };
  const row: DraftRow = {
    userId,
    entity: input.entity,
    localId: input.localId,
    serverId: existing?.serverId ?? (isTempId(input.localId) ? null : input.localId),
    data: input.data,
    updatedAt: at,
    status: 'pending',
    tempRefs: draftTempRefs(input.entity, input.localId, input.data),
  };
  if (existing?.tempId !== undefined) row.tempId = existing.tempId;
  const base = existing?.base ?? input.base;
  if (base !== undefined) row.base = base;
  if (input.deleted) row.deleted = true;
  await db.drafts.put(row);
  return before;
}

/** The user's outbox rows for one entity, in replay order. */
export function entityRows(db: ApexDb, userId: UserId, entityKey: string): Promise<OutboxRow[]> {
  return db.outbox
    .where('[userId+entityKey]')
    .equals([userId, entityKey])
    .toArray()
    .then((rows) => rows.sort((a, b) => a.seq - b.seq));
}

export function statusFromRows(rows: OutboxRow[]): DraftStatus {
  if (rows.length === 0) return 'synced';
  if (rows.some((r) => r.status === 'conflict')) return 'conflict';
  if (rows.some((r) => r.status === 'failed')) return 'failed';
  return 'pending';
}

/**
 * Sets the entity's draft status from its remaining outbox rows. With none left, the draft is synced
 * (or removed, when it was deleted locally and the server acknowledged the delete).
 */
export async function refreshDraftStatus(
  db: ApexDb,
  userId: UserId,
  entityKey: string,
  at: number,
): Promise<void> {
  const { entity, id } = parseEntityKey(entityKey);
  const draft = await db.drafts.get([userId, entity, id]);
  if (!draft) return;
  const rows = await entityRows(db, userId, entityKey);
  const status = statusFromRows(rows);
  if (status === 'synced' && draft.deleted) {
    await db.drafts.delete([userId, entity, id]);
    return;
  }
  if (draft.status !== status) await db.drafts.put({ ...draft, status, updatedAt: at });
}
