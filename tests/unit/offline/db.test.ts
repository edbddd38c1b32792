import { forceCloseDatabase } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CommandArgsError,
  CommandRegistry,
  enqueue,
  UnknownCommandError,
} from '../../../src/offline/commands';
import {
  type ApexDb,
  allocateTempId,
  clearUser,
  countPending,
  getDraft,
  getLastSyncAt,
  hasUnsent,
  isClosedConnectionError,
  listDrafts,
  listOutbox,
  mirrorMethodSupport,
  readCache,
  readMirroredMethodSupport,
  requestPersistence,
  withReopen,
  writeCache,
} from '../../../src/offline/db';
import { makeEntityKey } from '../../../src/offline/temp-ids';
import { createOffline, enqueueIn, harness, newDb, timeEntryRegistry } from './offline-kit';

describe('enqueue', () => {
  it('validates args with the command schema and writes nothing when they are invalid', async () => {
    const db = newDb();
    const registry = timeEntryRegistry();
    await expect(
      enqueue('u1', 'timeEntry.update', { TimeEntryID: 1, Notes: 5 }, { db, registry }),
    ).rejects.toBeInstanceOf(CommandArgsError);
    await expect(enqueue('u1', 'nope', {}, { db, registry })).rejects.toBeInstanceOf(UnknownCommandError);
    expect(await listOutbox('u1', db)).toEqual([]);
    expect(await listDrafts('u1', undefined, db)).toEqual([]);
  });

  it('stores the parsed args, the request, a fixed key, a rising seq and the draft together', async () => {
    const db = newDb();
    const registry = timeEntryRegistry();
    const a = await enqueue(
      'u1',
      'timeEntry.update',
      { TimeEntryID: 4, Notes: 'a', Extra: 1 },
      { db, registry, now: () => 7 },
    );
    const b = await enqueue('u1', 'timeEntry.update', { TimeEntryID: 4, Notes: 'b' }, { db, registry });
    expect(a).toMatchObject({
      userId: 'u1',
      command: 'timeEntry.update',
      args: { TimeEntryID: 4, Notes: 'a' },
      method: 'PUT',
      path: 'time-entries/4',
      entityKey: 'timeEntry:4',
      status: 'pending',
      attempts: 0,
      createdAt: 7,
    });
    expect(a.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(await getDraft('u1', 'timeEntry', 4, db)).toMatchObject({
      status: 'pending',
      data: { Notes: 'b' },
    });
  });

  it('rolls the outbox row back when the draft cannot be written', async () => {
    const db = newDb();
    const registry = new CommandRegistry();
    registry.register({
      name: 'bad.draft',
      args: z.object({ id: z.number() }),
      toRequest: (a) => ({ method: 'POST', path: 'x', body: a, entityKey: makeEntityKey('x', a.id) }),
      // A function cannot be stored in IndexedDB: the draft write fails inside the transaction.
      draft: (a) => ({ entity: 'x', localId: a.id, data: { fn: () => 1 } }),
    });
    await expect(enqueue('u1', 'bad.draft', { id: 1 }, { db, registry })).rejects.toThrow();
    expect(await listOutbox('u1', db)).toEqual([]);
  });

  it('resolves a temporary id the UI still holds after the create was acknowledged', async () => {
    const h = harness();
    const temp = await createOffline(h, 'u1', { Notes: 'a' });
    await h.engine.syncNow();
    const row = await enqueueIn(h, 'u1')('timeEntry.update', { TimeEntryID: temp, Notes: 'b' });
    expect(row).toMatchObject({
      path: 'time-entries/800',
      entityKey: 'timeEntry:800',
      args: { TimeEntryID: 800 },
    });
    expect(await getDraft('u1', 'timeEntry', temp, h.db)).toMatchObject({
      localId: 800,
      data: { Notes: 'b' },
    });
  });
});

describe('user binding', () => {
  it('counts, lists and clears per user only', async () => {
    const h = harness();
    await createOffline(h, 'alice', { Notes: 'a1' });
    await createOffline(h, 'alice', { Notes: 'a2' });
    await createOffline(h, 'bob', { Notes: 'b1' });
    await writeCache('alice', 'time-entry-types', [1, 2], 5, h.db);
    await writeCache('bob', 'time-entry-types', [3], 6, h.db);

    expect(await countPending('alice', h.db)).toBe(2);
    expect(await countPending('bob', h.db)).toBe(1);
    expect(await hasUnsent('alice', h.db)).toBe(true);
    expect(await hasUnsent('carol', h.db)).toBe(false);
    expect((await listOutbox('bob', h.db)).map((r) => r.userId)).toEqual(['bob']);
    expect(await readCache('bob', 'time-entry-types', h.db)).toEqual({ data: [3], fetchedAt: 6 });

    await clearUser('alice', h.db);
    expect(await hasUnsent('alice', h.db)).toBe(false);
    expect(await listDrafts('alice', undefined, h.db)).toEqual([]);
    expect(await readCache('alice', 'time-entry-types', h.db)).toBeUndefined();
    expect(await countPending('bob', h.db)).toBe(1);
    expect(await listDrafts('bob', 'timeEntry', h.db)).toHaveLength(1);
  });

  it('gives each user their own temporary ids', async () => {
    const db = newDb();
    expect(await allocateTempId('alice', db)).toBe(-1);
    expect(await allocateTempId('alice', db)).toBe(-2);
    expect(await allocateTempId('bob', db)).toBe(-1);
  });

  it("never sends, counts, retries or discards another user's rows", async () => {
    const h = harness({ userId: 'bob' });
    const aliceRow = await enqueueIn(h, 'alice')('timeEntry.create', { TimeEntryID: -1, Notes: 'alice' });
    await h.engine.syncNow();
    expect(h.server.received).toEqual([]);
    expect(h.engine.getStatus().pending).toBe(0);
    expect(await h.engine.discard(aliceRow.id)).toEqual([]);
    await expect(h.engine.retry(aliceRow.id)).rejects.toThrow(/no longer queued/);
    await expect(h.engine.edit(aliceRow.id, { TimeEntryID: -1, Notes: 'x' })).rejects.toThrow(
      /no longer queued/,
    );
    expect(await listOutbox('alice', h.db)).toMatchObject([
      { id: aliceRow.id, status: 'pending', attempts: 0 },
    ]);

    await createOffline(h, 'bob', { Notes: 'bob' });
    await h.engine.syncNow();
    expect(h.server.received.map((r) => (r.body as { Notes: string }).Notes)).toEqual(['bob']);
    expect(await countPending('alice', h.db)).toBe(1);
    expect(await getLastSyncAt('bob', h.db)).toBe(h.clock.time);
    expect(await getLastSyncAt('alice', h.db)).toBeUndefined();
  });
});

/** What iOS does to a backgrounded app: the connection is closed under Dexie (a 'close' event). */
function closeFromBrowser(db: ApexDb): void {
  // fake-indexeddb types the parameter as the IDBDatabase constructor; it takes the connection.
  forceCloseDatabase(db.backendDB() as unknown as Parameters<typeof forceCloseDatabase>[0]);
}

describe('connection loss', () => {
  it('recognises closed-connection errors', () => {
    expect(isClosedConnectionError(Object.assign(new Error('x'), { name: 'DatabaseClosedError' }))).toBe(
      true,
    );
    expect(isClosedConnectionError(new DOMException('closing', 'InvalidStateError'))).toBe(true);
    expect(isClosedConnectionError({ name: 'AbortError', inner: { name: 'InvalidStateError' } })).toBe(true);
    expect(isClosedConnectionError(new Error('other'))).toBe(false);
  });

  it('reopens a connection that was closed and runs the operation again', async () => {
    const h = harness();
    await createOffline(h, 'u1', { Notes: 'a' });
    h.db.close(); // autoOpen disabled: a plain query would fail with DatabaseClosedError
    await expect(h.db.outbox.count()).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    expect(await countPending('u1', h.db)).toBe(1);
    h.db.close();
    await createOffline(h, 'u1', { Notes: 'b' });
    h.db.close();
    await h.engine.syncNow();
    expect(h.server.entries.size).toBe(2);
  });

  it('keeps working when the browser closes the connection (iOS backgrounding)', async () => {
    const h = harness();
    await createOffline(h, 'u1', { Notes: 'a' });
    closeFromBrowser(h.db);
    expect(await countPending('u1', h.db)).toBe(1);
    closeFromBrowser(h.db);
    await h.engine.syncNow();
    expect(h.server.entries.size).toBe(1);
    expect(h.errors).toEqual([]);
  });

  it('retries only once', async () => {
    const db = newDb();
    let calls = 0;
    const closed = Object.assign(new Error('closed'), { name: 'DatabaseClosedError' });
    await expect(
      withReopen(db, async () => {
        calls += 1;
        throw closed;
      }),
    ).rejects.toBe(closed);
    expect(calls).toBe(2);
  });
});

describe('device helpers', () => {
  it('requests persistent storage when available, and never throws', async () => {
    let persistCalls = 0;
    expect(await requestPersistence(undefined)).toBe(false);
    expect(
      await requestPersistence({ persisted: async () => true, persist: async () => ++persistCalls > 0 }),
    ).toBe(true);
    expect(persistCalls).toBe(0);
    expect(
      await requestPersistence({ persisted: async () => false, persist: async () => ++persistCalls > 0 }),
    ).toBe(true);
    expect(persistCalls).toBe(1);
    expect(await requestPersistence({ persist: () => Promise.reject(new Error('denied')) })).toBe(false);
  });

  it('mirrors the method-override probe for the service worker', async () => {
    const db = newDb();
    expect(await readMirroredMethodSupport(db)).toBeUndefined();
    await mirrorMethodSupport(
      { PUT: true, PATCH: false, DELETE: true, checkedAt: '2026-11-01T00:00:00Z' },
      db,
    );
    expect(await readMirroredMethodSupport(db)).toEqual({
      PUT: true,
      PATCH: false,
      DELETE: true,
      checkedAt: '2026-11-01T00:00:00Z',
    });
    const raw = await db.meta.get('methodSupport');
    expect(raw?.userId).toBeUndefined();
  });
});
