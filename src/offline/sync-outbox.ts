// What the sync engine (src/offline/sync-engine.ts) writes to the outbox, each in one transaction: the
// claim of a row before its request leaves, the acknowledgement of a 2xx (through the command's
// onAck), the refusal or conflict kept for the user, and the counts the sync chip shows.
import type { AckResult, CommandRegistry } from './commands';
import { type ApexDb, type OutboxRow, type UserId, withReopen } from './db';
import { refreshDraftStatus } from './drafts';
import { ackRow } from './outbox';
import { isSummary, responseMessage, type SendResponse } from './sync-protocol';
import { type EntityId, entityTempId } from './temp-ids';

/** What a pass makes of a row read afresh (see SyncEngine's pass). */
export type Decision = 'send' | 'blocked' | 'later' | 'unknown' | 'wait';

export type Claim = { kind: Decision; row: OutboxRow };

/**
 * Reads the row and, when `decide` says it can go, claims it (status 'sending', one more attempt)
 * in the same transaction: nothing can change it between the decision and the claim. The claim is
 * stored before the request leaves, so a change that may have reached the server is never discarded.
 */
export function claimRow(
  db: ApexDb,
  userId: UserId,
  id: string,
  decide: (row: OutboxRow) => Decision,
): Promise<{ kind: 'gone' } | Claim> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(id);
      if (!current || current.userId !== userId) return { kind: 'gone' as const };
      const kind = decide(current);
      if (kind !== 'send') return { kind, row: current };
      const claimed: OutboxRow = { ...current, status: 'sending', attempts: current.attempts + 1 };
      await db.outbox.put(claimed);
      return { kind, row: claimed };
    }),
  );
}

/**
 * Acknowledges a row the server answered with a 2xx: the command's onAck reads the answer (the server
 * id of a create, the record to keep) and the row leaves the outbox. The server has committed, so a
 * failing handler is reported and the row is acknowledged all the same.
 */
export async function acknowledge(
  db: ApexDb,
  registry: CommandRegistry,
  userId: UserId,
  row: OutboxRow,
  response: SendResponse,
  now: number,
  onError: (error: unknown) => void,
): Promise<void> {
  const definition = registry.get(row.command);
  let serverId: EntityId | undefined;
  let data: unknown;
  try {
    serverId = definition?.serverIdFrom?.(response.body);
    const ctx = { userId, row, db };
    const result = (await definition?.onAck?.(row.args, response.body, ctx)) as AckResult | undefined;
    if (result?.serverId !== undefined) serverId = result.serverId;
    // A summary (the change was applied but the server could not build its answer) names ids
    // only: the device keeps its own copy of the record.
    if (result?.data !== undefined && !isSummary(response.body)) data = result.data;
  } catch (error) {
    onError(error);
  }
  if (serverId === undefined && entityTempId(row.entityKey) !== undefined) {
    onError(
      new Error(`${row.command}: no server id for ${row.entityKey}; the changes that need it are blocked`),
    );
  }
  await ackRow(db, userId, row.id, { serverId, data }, now);
}

/**
 * Keeps a refused change (400/422 …: 'failed') or a stale one (409/412: 'conflict', with the server's
 * current record) for the user, with the server's message; the draft it belongs to shows it.
 */
export async function markRefused(
  db: ApexDb,
  userId: UserId,
  rowId: string,
  kind: 'rejected' | 'conflict',
  response: SendResponse,
  now: number,
): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', [db.outbox, db.drafts], async () => {
      const current = await db.outbox.get(rowId);
      if (!current) return;
      const next: OutboxRow = {
        ...current,
        status: kind === 'rejected' ? 'failed' : 'conflict',
        lastError: responseMessage(response),
        lastStatus: response.status,
        nextAttemptAt: 0,
      };
      if (kind === 'conflict') next.conflict = response.body;
      await db.outbox.put(next);
      await refreshDraftStatus(db, userId, current.entityKey, now);
    }),
  );
}

/**
 * The user's rows waiting (or being sent), refused and in conflict. The counts come from one snapshot
 * (one transaction): counted apart, a row moving from 'pending' to 'sending' between two counts could
 * be missed by both, and the chip would say nothing is waiting while it is.
 */
export function countOutbox(
  db: ApexDb,
  userId: UserId,
): Promise<{ pending: number; failed: number; conflict: number }> {
  return withReopen(db, () =>
    db.transaction('r', db.outbox, async () => {
      const [pending, sending, failed, conflict] = await Promise.all(
        (['pending', 'sending', 'failed', 'conflict'] as const).map((status) =>
          db.outbox.where('[userId+status]').equals([userId, status]).count(),
        ),
      );
      return { pending: pending + sending, failed, conflict };
    }),
  );
}
