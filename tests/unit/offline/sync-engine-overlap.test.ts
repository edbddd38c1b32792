// The sync engine writes a change's acknowledgement while the next change's request is out (a long
// replay then goes at the server's pace), except where the next change needs it: a change of the same
// record, or one naming the temporary id the acknowledged create replaces. A storage failure while
// writing it loses nothing: the change goes again with its key and the server answers it once.
import { describe, expect, it } from 'vitest';
import { listOutbox, type OutboxRow } from '../../../src/offline/db';
import { createOffline, enqueueIn, harness, makeEngine, settle, waitFor } from './offline-kit';

const U = 'u1';

describe('the acknowledgement of a change', () => {
  it('is written while the next change of another record is out', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    await createOffline(h, U, { Notes: 'b' });
    const [first] = await listOutbox(U, h.db);
    let seenWhileSecondOut: OutboxRow | undefined;
    const { engine, errors } = makeEngine({
      ...h,
      send: async (request) => {
        if ((request.body as { Notes?: string }).Notes === 'b') {
          seenWhileSecondOut = (await listOutbox(U, h.db)).find((r) => r.id === first.id);
        }
        return h.server.send(request);
      },
    });
    await engine.syncNow();
    // The first change was answered, and its row not yet removed when the second request left.
    expect(seenWhileSecondOut).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await listOutbox(U, h.db)).toEqual([]);
    expect(h.server.executed).toHaveLength(2);
    const drafts = await h.db.drafts.toArray();
    expect(drafts.map((d) => [d.localId, d.status]).sort()).toEqual([
      [800, 'synced'],
      [801, 'synced'],
    ]);
    expect(errors).toEqual([]);
  });

  it("is written before a change that names the created record's temporary id leaves, which carries the server id", async () => {
    const h = harness();
    const tempId = await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: tempId, Notes: 'b' });
    let queuedWhileUpdateOut = -1;
    const { engine, errors } = makeEngine({
      ...h,
      send: async (request) => {
        if (request.method === 'PUT') queuedWhileUpdateOut = (await listOutbox(U, h.db)).length;
        return h.server.send(request);
      },
    });
    await engine.syncNow();
    expect(h.server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST time-entries',
      'PUT time-entries/800',
    ]);
    expect(queuedWhileUpdateOut).toBe(1); // the update itself: the create was acknowledged first
    expect(await listOutbox(U, h.db)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('failing to be written is reported; the next answer is still recorded, and the change goes again once', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    await createOffline(h, U, { Notes: 'b' });
    const [first, second] = await listOutbox(U, h.db);
    // The first acknowledgement's transaction (outbox, drafts and meta) fails once.
    const transaction = h.db.transaction.bind(h.db) as unknown as (...args: unknown[]) => Promise<unknown>;
    let failed = false;
    h.db.transaction = ((...args: unknown[]) => {
      if (!failed && Array.isArray(args[1]) && args[1].length === 3) {
        failed = true;
        return Promise.reject(new Error('disk unreadable'));
      }
      return transaction(...args);
    }) as unknown as typeof h.db.transaction;
    await h.engine.syncNow();
    expect(failed).toBe(true);
    expect(h.errors.map((e) => (e as Error).message)).toEqual(['disk unreadable']);
    // The second answer was recorded; the first change waits to go again with the same key.
    const left = await listOutbox(U, h.db);
    expect(left.map((r) => r.id)).toEqual([first.id]);
    expect(left[0]).toMatchObject({ status: 'sending', idempotencyKey: first.idempotencyKey });
    expect(left.some((r) => r.id === second.id)).toBe(false);
    await h.engine.syncNow();
    await waitFor(async () => (await listOutbox(U, h.db)).length === 0);
    await settle();
    // Sent twice, executed once: the server answered the second time from its stored answer.
    expect(h.server.received.filter((r) => r.key === first.idempotencyKey)).toHaveLength(2);
    expect(h.server.executed).toHaveLength(2);
    expect((await h.db.drafts.toArray()).every((d) => d.status === 'synced')).toBe(true);
  });
});
