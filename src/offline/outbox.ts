// Outbox row transitions shared by the sync engine and the UI: acknowledge (with temporary id
// resolution), retry, discard (with draft rollback) and edit. Each runs in one transaction.
import {
  buildMutation,
  buildResolvedMutation,
  type CommandRegistry,
  commandRegistry,
  parseCommandArgs,
} from './commands';
import { type ApexDb, type DraftRow, type OutboxRow, recordTempId, type UserId, withReopen } from './db';
import { applyDraft, draftTempRefs, entityRows, refreshDraftStatus, statusFromRows } from './drafts';
import {
  collectTempRefs,
  type EntityId,
  entityTempId,
  isTempId,
  parseEntityKey,
  rewriteEntityKey,
  rewritePath,
  rewriteTempId,
} from './temp-ids';

export type OutboxActionErrorReason =
  | 'not-found'
  | 'sending'
  | 'already-sent'
  | 'entity-changed'
  | 'missing-server-id';

/** i18n key of a row whose record's create was acknowledged without the server's id. */
export const MISSING_SERVER_ID_KEY = 'sync.page.missingServerId';
const MISSING_SERVER_ID_MESSAGE =
  'The server did not say which record this change belongs to, so it cannot be sent. Discard it and make the change again.';

/** A UI action that cannot apply to the row in its current state. */
export class OutboxActionError extends Error {
  override name = 'OutboxActionError';
  constructor(
    readonly reason: OutboxActionErrorReason,
    message: string,
  ) {
    super(message);
  }
}

function userRow(row: OutboxRow | undefined, userId: UserId): OutboxRow | undefined {
  return row && row.userId === userId ? row : undefined;
}

/**
 * Replaces a temporary id by the server's id everywhere the user's outbox and drafts refer to it:
 * entity keys, paths, bodies, args, drafts (moved to the server id, remembering `tempId`).
 */
export async function resolveTempId(
  db: ApexDb,
  userId: UserId,
  tempId: number,
  serverId: EntityId,
): Promise<void> {
  const moved = await rewriteTempRefs(db, userId, tempId, serverId);
  if (moved) await db.drafts.put(moved);
}

/**
 * resolveTempId, except that the draft of the entity that had the temporary id is handed back, moved
 * to the server id but not yet written (its old key is deleted): the acknowledgement writes it once.
 */
async function rewriteTempRefs(
  db: ApexDb,
  userId: UserId,
  tempId: number,
  serverId: EntityId,
): Promise<DraftRow | undefined> {
  const [rows, drafts] = await Promise.all([
    db.outbox
      .where('tempRefs')
      .equals(tempId)
      .filter((r) => r.userId === userId)
      .toArray(),
    db.drafts
      .where('tempRefs')
      .equals(tempId)
      .filter((d) => d.userId === userId)
      .toArray(),
  ]);
  for (const row of rows) {
    const entityKey = rewriteEntityKey(row.entityKey, tempId, serverId);
    const path = rewritePath(row.path, tempId, serverId);
    const body = rewriteTempId(row.body, tempId, serverId);
    const args = rewriteTempId(row.args, tempId, serverId);
    const next: OutboxRow = {
      ...row,
      entityKey,
      path,
      body,
      args,
      tempRefs: collectTempRefs({ entityKey, path, values: [body, args] }),
    };
    if (row.draftBefore) {
      next.draftBefore = {
        ...row.draftBefore,
        localId: row.draftBefore.localId === tempId ? serverId : row.draftBefore.localId,
        data: rewriteTempId(row.draftBefore.data, tempId, serverId),
      };
    }
    await db.outbox.put(next);
  }
  let moved: DraftRow | undefined;
  for (const draft of drafts) {
    const data = rewriteTempId(draft.data, tempId, serverId);
    const next: DraftRow = { ...draft, data };
    if (draft.base !== undefined) next.base = rewriteTempId(draft.base, tempId, serverId);
    if (draft.localId === tempId) {
      await db.drafts.delete([userId, draft.entity, tempId]);
      next.localId = serverId;
      next.serverId = serverId;
      next.tempId = tempId;
      next.tempRefs = draftTempRefs(next.entity, serverId, data);
      moved = next;
    } else {
      next.tempRefs = draftTempRefs(next.entity, next.localId, data);
      await db.drafts.put(next);
    }
  }
  return moved;
}

/** What the server's 2xx told us. */
export interface AckOutcome {
  serverId?: EntityId;
  data?: unknown;
}

/**
 * The server acknowledged the row: remove it, resolve its temporary id, update the draft. One
 * transaction, and each record read and written once (a replay of many changes does this per change).
 * Resolves to false when the row was no longer there (discarded meanwhile).
 */
export function ackRow(
  db: ApexDb,
  userId: UserId,
  rowId: string,
  ack: AckOutcome,
  at: number,
): Promise<boolean> {
  return withReopen(db, () =>
    db.transaction('rw', [db.outbox, db.drafts, db.meta], async () => {
      const row = userRow(await db.outbox.get(rowId), userId);
      if (!row) return false;
      await db.outbox.delete(rowId);
      let entityKey = row.entityKey;
      let moved: DraftRow | undefined;
      const own = entityTempId(entityKey);
      if (own !== undefined && ack.serverId !== undefined && !isTempId(ack.serverId)) {
        moved = await rewriteTempRefs(db, userId, own, ack.serverId);
        await recordTempId(db, userId, own, ack.serverId);
        entityKey = rewriteEntityKey(entityKey, own, ack.serverId);
      } else if (own !== undefined) {
        // Created, but the answer named no id: what depends on the temporary id can never be sent
        // (the server knows no such id). It stays on the device, blocked, with a clear error.
        await blockDependents(db, userId, own);
      }
      const { entity, id } = parseEntityKey(entityKey);
      const [found, remaining] = await Promise.all([
        moved ?? db.drafts.get([userId, entity, id]),
        entityRows(db, userId, entityKey),
      ]);
      if (!found) return true;
      const next: DraftRow = { ...found };
      if (!isTempId(id)) next.serverId = id;
      if (remaining.length === 0) {
        if (ack.data !== undefined) next.data = ack.data;
        next.base = next.data;
        next.tempRefs = draftTempRefs(entity, id, next.data);
      } else {
        // Later local changes stay visible; the server's copy is the state right after this row.
        const after = remaining[0].draftBefore;
        const base = ack.data !== undefined ? ack.data : after?.existed ? after.data : undefined;
        if (base !== undefined) next.base = base;
      }
      // The draft's status from the entity's remaining rows (as refreshDraftStatus, without reading
      // again what is in hand): synced when none is left, and gone when it was a delete.
      const status = statusFromRows(remaining);
      if (status === 'synced' && next.deleted) {
        await db.drafts.delete([userId, entity, id]);
        return true;
      }
      if (next.status !== status) {
        next.status = status;
        next.updatedAt = at;
      }
      await db.drafts.put(next);
      return true;
    }),
  );
}

async function blockDependents(db: ApexDb, userId: UserId, tempId: number): Promise<void> {
  const dependents = await db.outbox
    .where('tempRefs')
    .equals(tempId)
    .filter((r) => r.userId === userId)
    .toArray();
  for (const row of dependents) {
    await db.outbox.update(row.id, {
      status: 'failed',
      lastError: MISSING_SERVER_ID_MESSAGE,
      lastErrorKey: MISSING_SERVER_ID_KEY,
      lastStatus: null,
    });
  }
}

/** Whether the row refers to a temporary id whose create is no longer queued (so never resolvable). */
async function hasOrphanTempRef(db: ApexDb, userId: UserId, row: OutboxRow): Promise<boolean> {
  for (const tempId of row.tempRefs) {
    const creates = await db.outbox
      .where('tempRefs')
      .equals(tempId)
      .filter((r) => r.userId === userId && r.id !== row.id && entityTempId(r.entityKey) === tempId)
      .toArray();
    const ownCreateQueued = creates.some((r) => r.seq < row.seq);
    if (!ownCreateQueued) return true;
  }
  return false;
}

/**
 * The user asks to send the row again. A failed or conflicting row gets a new Idempotency-Key: the
 * server answered it definitively (and stored that answer under the old key), so the old key would
 * only replay the same refusal. A pending row in backoff keeps its key and is simply due now.
 */
export function retryRow(db: ApexDb, userId: UserId, rowId: string, uuid: () => string, at: number) {
  return withReopen(db, () =>
    db.transaction('rw', [db.outbox, db.drafts], async () => {
      const row = userRow(await db.outbox.get(rowId), userId);
      if (!row) throw new OutboxActionError('not-found', 'This change is no longer queued.');
      if (row.status === 'sending') return row;
      if (row.lastErrorKey === MISSING_SERVER_ID_KEY && (await hasOrphanTempRef(db, userId, row))) {
        throw new OutboxActionError('missing-server-id', MISSING_SERVER_ID_MESSAGE);
      }
      let next: OutboxRow;
      if (row.status === 'failed' || row.status === 'conflict') {
        const { conflict: _conflict, lastErrorKey: _lastErrorKey, ...rest } = row;
        next = {
          ...rest,
          status: 'pending',
          idempotencyKey: uuid(),
          attempts: 0,
          nextAttemptAt: 0,
          lastError: null,
          lastStatus: null,
        };
      } else {
        next = { ...row, nextAttemptAt: 0 };
      }
      await db.outbox.put(next);
      await refreshDraftStatus(db, userId, row.entityKey, at);
      return next;
    }),
  );
}

async function removeWithRollback(db: ApexDb, userId: UserId, row: OutboxRow, at: number): Promise<void> {
  await db.outbox.delete(row.id);
  const remaining = await entityRows(db, userId, row.entityKey);
  const before = row.draftBefore;
  if (before) {
    const { entity, id } = parseEntityKey(row.entityKey);
    const later = remaining.find((r) => r.seq > row.seq && r.draftBefore);
    if (later) {
      // The later change now starts from what this row started from.
      await db.outbox.put({ ...later, draftBefore: { ...before, localId: id } });
    } else if (before.existed) {
      const draft = await db.drafts.get([userId, entity, id]);
      if (draft) {
        const restored: DraftRow = { ...draft, data: before.data, updatedAt: at };
        if (before.deleted) restored.deleted = true;
        else delete restored.deleted;
        restored.tempRefs = draftTempRefs(entity, id, before.data);
        await db.drafts.put(restored);
      }
    } else {
      await db.drafts.delete([userId, entity, id]);
    }
  }
  await refreshDraftStatus(db, userId, row.entityKey, at);
}

/**
 * Drops a queued change and rolls its draft back. Discarding the create of an entity that only
 * exists locally (temporary id) also drops every queued change that needs it (its later edits,
 * children referring to it) and their drafts. Resolves to the ids of the removed rows.
 */
export function discardRow(db: ApexDb, userId: UserId, rowId: string, at: number): Promise<string[]> {
  return withReopen(db, () =>
    db.transaction('rw', [db.outbox, db.drafts], async () => {
      const row = userRow(await db.outbox.get(rowId), userId);
      if (!row) return [];
      if (row.status === 'sending') {
        throw new OutboxActionError('sending', 'This change is being sent; try again in a moment.');
      }
      if (row.status === 'pending' && row.attempts > 0) {
        // Sent at least once with no answer yet: the server may have applied it. Discarding it now
        // would show the user a state the server does not have.
        throw new OutboxActionError(
          'already-sent',
          'This change may already have reached the server. Wait for its answer, or sync now, before discarding it.',
        );
      }
      const own = entityTempId(row.entityKey);
      const same = await entityRows(db, userId, row.entityKey);
      const isLocalCreate = own !== undefined && same[0]?.id === row.id;
      if (!isLocalCreate) {
        await removeWithRollback(db, userId, row, at);
        return [row.id];
      }
      const removed = new Map<string, OutboxRow>();
      const temps = new Set<number>([own]);
      const queue = [own];
      while (queue.length > 0) {
        const tempId = queue.pop()!;
        const dependents = await db.outbox
          .where('tempRefs')
          .equals(tempId)
          .filter((r) => r.userId === userId)
          .toArray();
        for (const dependent of dependents) {
          if (removed.has(dependent.id)) continue;
          removed.set(dependent.id, dependent);
          const dependentTemp = entityTempId(dependent.entityKey);
          if (dependentTemp !== undefined && !temps.has(dependentTemp)) {
            temps.add(dependentTemp);
            queue.push(dependentTemp);
          }
        }
      }
      // Latest first, so each rollback restores the state its row started from.
      for (const r of [...removed.values()].sort((a, b) => b.seq - a.seq)) {
        const rTemp = entityTempId(r.entityKey);
        if (rTemp !== undefined && temps.has(rTemp)) await db.outbox.delete(r.id);
        else await removeWithRollback(db, userId, r, at);
      }
      for (const tempId of temps) {
        await db.drafts
          .where('tempRefs')
          .equals(tempId)
          .filter((d) => d.userId === userId && d.localId === tempId)
          .delete();
      }
      return [...removed.keys()];
    }),
  );
}

/**
 * Replaces the args of a failed, conflicting or never-sent row (validated with the command's schema),
 * rebuilds its request and draft, and makes it pending again with a new Idempotency-Key. A row that
 * may already have reached the server (pending with attempts) cannot be edited: queue a new change.
 */
export function editRow(
  db: ApexDb,
  userId: UserId,
  rowId: string,
  newArgs: unknown,
  uuid: () => string,
  at: number,
  registry: CommandRegistry = commandRegistry,
): Promise<OutboxRow> {
  return withReopen(db, async () => {
    const found = userRow(await db.outbox.get(rowId), userId);
    if (!found) throw new OutboxActionError('not-found', 'This change is no longer queued.');
    const definition = registry.require(found.command);
    const parsed = parseCommandArgs(definition, newArgs);
    buildMutation(definition, parsed); // fails before any write
    return db.transaction('rw', [db.outbox, db.drafts, db.meta], async () => {
      const { args, request, draft, tempRefs } = await buildResolvedMutation(db, userId, definition, parsed);
      const row = userRow(await db.outbox.get(rowId), userId);
      if (!row) throw new OutboxActionError('not-found', 'This change is no longer queued.');
      if (row.status === 'sending' || (row.status === 'pending' && row.attempts > 0)) {
        throw new OutboxActionError('already-sent', 'This change may already have reached the server.');
      }
      if (request.entityKey !== row.entityKey) {
        throw new OutboxActionError('entity-changed', 'An edit cannot move a change to another record.');
      }
      const { conflict: _conflict, lastErrorKey: _lastErrorKey, ...rest } = row;
      const next: OutboxRow = {
        ...rest,
        args,
        method: request.method,
        path: request.path,
        body: request.body,
        tempRefs,
        status: 'pending',
        idempotencyKey: uuid(),
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        lastStatus: null,
      };
      const later = (await entityRows(db, userId, row.entityKey)).some((r) => r.seq > row.seq);
      if (draft && !later) {
        const before = await applyDraft(db, userId, draft, at);
        next.draftBefore ??= before;
      }
      await db.outbox.put(next);
      await refreshDraftStatus(db, userId, row.entityKey, at);
      return next;
    });
  });
}
