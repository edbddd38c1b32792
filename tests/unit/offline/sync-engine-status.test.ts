// What the sync status shows (src/offline/sync-engine.ts): the counts while a change is in flight and
// during a long replay, the listeners told only of real changes, and the last sync time — after an
// acknowledgement, after a run that reached the server, and as read back at start against what another
// tab saved meanwhile.
import { describe, expect, it, vi } from 'vitest';
import { getLastSyncAt, listOutbox, setLastSyncAt } from '../../../src/offline/db';
import type { SyncStatus } from '../../../src/offline/sync-engine';
import { createMemoryLocks } from '../../../src/offline/sync-platform';
import type { SendFunction, SendRequest } from '../../../src/offline/sync-protocol';
import { createOffline, enqueueIn, harness, makeEngine, settle, waitFor } from './offline-kit';

const U = 'u1';

/** The values of one field each time listeners were told, without repeats. */
function heardValues<K extends keyof SyncStatus>(heard: SyncStatus[], key: K): Array<SyncStatus[K]> {
  return heard.map((s) => s[key]).filter((value, i, all) => i === 0 || value !== all[i - 1]);
}

describe('the counts shown', () => {
  it('count a change being sent as waiting, and a change queued meanwhile at once', async () => {
    const h = harness();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { engine } = makeEngine(
      {
        ...h,
        send: async (request: SendRequest) => {
          await gate;
          return h.server.send(request);
        },
      },
      { locks: createMemoryLocks() },
    );
    await engine.start(); // nothing queued: the run ends at once and counts (0)
    await createOffline(h, U, { Notes: 'a' });
    await waitFor(() => engine.getStatus().sending);
    expect(engine.getStatus()).toMatchObject({ sending: true, pending: 1 });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'other entity' });
    // The first change is on its way, not done: two changes still wait for the server.
    await waitFor(() => engine.getStatus().pending === 2);
    expect(engine.getStatus().sending).toBe(true);
    release();
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ sending: false, pending: 0 });
    expect(h.server.received).toHaveLength(2);
    await engine.stop();
  });

  it('count a refusal at once, while the next change is still on its way', async () => {
    const h = harness();
    h.server.respond = (r) =>
      r.path === 'time-entries/77' ? { status: 422, body: { Message: 'No.' } } : undefined;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const { engine } = makeEngine(
      {
        ...h,
        send: async (request: SendRequest) => {
          if (request.method === 'POST') {
            held = true;
            await gate;
          }
          return h.server.send(request);
        },
      },
      { locks: createMemoryLocks() },
    );
    await engine.syncNow(); // nothing queued: counted (0) at the end of the run
    // Both queued before the next run (the engine is not listening yet): nothing else recounts.
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    await createOffline(h, U, { Notes: 'a' });
    const run = engine.syncNow();
    await waitFor(() => held);
    await settle();
    expect(engine.getStatus()).toMatchObject({ failed: 1, pending: 1, sending: true });
    release();
    await run;
    expect(engine.getStatus()).toMatchObject({ failed: 1, pending: 0 });
  });

  it('a failure to count the queue is reported', async () => {
    const h = harness();
    const where = h.db.outbox.where.bind(h.db.outbox);
    let refusals = 1;
    h.db.outbox.where = ((index: string) => {
      if (index === '[userId+status]' && refusals-- > 0) throw new Error('disk unreadable');
      return where(index);
    }) as typeof h.db.outbox.where;
    await h.engine.syncNow();
    expect(h.errors.map((e) => (e as Error).message)).toEqual(['disk unreadable']);
  });

  it('an older count finishing after a newer one does not bring back a change already sent', async () => {
    const h = harness();
    await h.engine.start(); // nothing queued
    // The first read-only count from now on (the one for the new change) answers late.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = h.db.transaction.bind(h.db) as unknown as (...args: unknown[]) => Promise<unknown>;
    let reads = 0;
    h.db.transaction = ((...args: unknown[]) => {
      const result = transaction(...args);
      if (args[0] !== 'r' || reads++ > 0) return result;
      return result.then(async (counts) => {
        await gate;
        return counts;
      });
    }) as unknown as typeof h.db.transaction;
    await createOffline(h, U, { Notes: 'a' });
    await waitFor(async () => (await listOutbox(U, h.db)).length === 0 && reads > 1);
    await settle();
    expect(h.engine.getStatus()).toMatchObject({ pending: 0, sending: false });
    release();
    await settle();
    expect(reads).toBeGreaterThan(1);
    expect(h.engine.getStatus().pending).toBe(0);
    await h.engine.stop();
  });

  it('are recounted at most every 250 ms during a long replay, and at its end', async () => {
    for (const [stepMs, expected] of [
      [0, [0, 2, 0]],
      [249, [0, 2, 0]],
      [250, [0, 2, 1, 0]],
    ] as const) {
      const h = harness();
      const { engine } = makeEngine({
        ...h,
        send: (request) => {
          h.clock.time += stepMs; // each answer takes this long
          return h.server.send(request);
        },
      });
      for (const notes of ['a', 'b', 'c']) await createOffline(h, U, { Notes: notes });
      const heard: SyncStatus[] = [];
      engine.subscribe((status) => heard.push(status));
      await engine.syncNow();
      expect(h.server.entries.size).toBe(3);
      expect(heardValues(heard, 'pending'), `answers taking ${stepMs} ms`).toEqual(expected);
    }
  });

  it('are right as soon as a retry, an edit or a discard returns', async () => {
    const h = harness();
    h.server.respond = (r) =>
      r.path === 'time-entries/77' ? { status: 422, body: { Message: 'No.' } } : undefined;
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    expect(h.engine.getStatus()).toMatchObject({ pending: 0, failed: 1 });
    const [failed] = await listOutbox(U, h.db);
    // The clock has not moved since the last count: the user's action is counted anyway.
    await h.engine.retry(failed.id);
    expect(h.engine.getStatus()).toMatchObject({ pending: 1, failed: 0 });
    await h.engine.syncNow();
    expect(h.engine.getStatus()).toMatchObject({ pending: 0, failed: 1 });
    await h.engine.edit(failed.id, { TimeEntryID: 77, Notes: 'y' });
    expect(h.engine.getStatus()).toMatchObject({ pending: 1, failed: 0 });
    await h.engine.syncNow();
    await h.engine.discard(failed.id);
    expect(h.engine.getStatus()).toMatchObject({ pending: 0, failed: 0 });
  });

  it('listeners are told only when something they show changed', async () => {
    const h = harness();
    h.server.respond = (r) =>
      r.path === 'time-entries/77' ? { status: 422, body: { Message: 'No.' } } : undefined;
    const heard: SyncStatus[] = [];
    h.engine.subscribe((status) => heard.push({ ...status }));
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    await h.engine.syncNow();
    await h.engine.syncNow();
    expect(heard.length).toBeGreaterThan(2);
    for (let i = 1; i < heard.length; i += 1) expect(heard[i], `notification ${i}`).not.toEqual(heard[i - 1]);
  });
});

describe('the last sync shown', () => {
  const networkDown: SendFunction = () => Promise.reject(new TypeError('Failed to fetch'));

  /** An engine whose requests for time entry 77 never get an answer: its runs never end "all synced". */
  function withOneChangeStuck() {
    const h = harness();
    const { engine } = makeEngine({
      ...h,
      send: (request) => (request.path === 'time-entries/77' ? networkDown(request) : h.server.send(request)),
    });
    return { h, engine };
  }

  it('is the time of the last accepted change, even when a later one could not be sent', async () => {
    const { h, engine } = withOneChangeStuck();
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    await engine.syncNow();
    expect(h.server.entries.size).toBe(1);
    expect(engine.getStatus().lastSyncAt).toBe(h.clock.time);
    // Not saved as "all synced": a change is still waiting.
    expect(await getLastSyncAt(U, h.db)).toBeUndefined();
  });

  it('is the time of a run that reached the server and left nothing to retry, even if nothing was accepted', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 422, body: { Message: 'No.' } });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    h.clock.advance(5_000);
    await h.engine.syncNow();
    expect(h.engine.getStatus()).toMatchObject({ failed: 1, lastSyncAt: h.clock.time });
    expect(await getLastSyncAt(U, h.db)).toBe(h.clock.time);
  });

  it('is nothing (null) on a device that never synced', async () => {
    const h = harness();
    await h.engine.start();
    await settle();
    expect(h.engine.getStatus().lastSyncAt).toBeNull();
    await h.engine.stop();
  });

  it('read back at start, does not replace a newer time this tab shows', async () => {
    const { h, engine } = withOneChangeStuck();
    await setLastSyncAt(U, h.clock.time - 60_000, h.db); // an older sync
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    await engine.syncNow();
    const acknowledgedAt = h.clock.time;
    expect(engine.getStatus().lastSyncAt).toBe(acknowledgedAt);
    await engine.start();
    await settle();
    expect(engine.getStatus().lastSyncAt).toBe(acknowledgedAt);
    await engine.stop();
  });

  it('read back at start, replaces an older time this tab shows (another tab synced since)', async () => {
    const { h, engine } = withOneChangeStuck();
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'x' });
    await engine.syncNow();
    expect(engine.getStatus().lastSyncAt).toBe(h.clock.time);
    h.clock.advance(60_000);
    await setLastSyncAt(U, h.clock.time, h.db);
    await engine.start();
    await settle();
    expect(engine.getStatus().lastSyncAt).toBe(h.clock.time);
    await engine.stop();
  });

  it('a failure to read it back is reported, and the engine still sends', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    vi.spyOn(h.db.meta, 'get').mockRejectedValueOnce(new Error('disk unreadable'));
    await h.engine.start();
    await settle();
    expect(h.errors.map((e) => (e as Error).message)).toContain('disk unreadable');
    expect(h.server.entries.size).toBe(1);
    await h.engine.stop();
  });
});
