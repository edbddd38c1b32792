// The offline database's helpers (src/offline/db.ts) at their edges: which outbox rows count as
// waiting, what clearing a user removes and keeps, which drafts a list or a temporary id finds, the
// storage names earlier versions wrote (a device keeps its data across an update), errors that mean a
// closed connection or a full disk, persistence requests, and listeners that stop when told.
import { forceCloseDatabase } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApexDb,
  allocateTempId,
  clearUser,
  countPending,
  DEFAULT_DB_NAME,
  type DraftRow,
  getDb,
  getDraft,
  getLastSyncAt,
  getMeta,
  hasUnsent,
  isClosedConnectionError,
  isQuotaError,
  listDrafts,
  listOutbox,
  lookupTempIds,
  mirrorMethodSupport,
  nextOutboxSeq,
  type OutboxRow,
  onCacheWriteFailure,
  readCache,
  recordTempId,
  requestPersistence,
  setLastSyncAt,
  setMeta,
  withReopen,
  writeCache,
} from '../../../src/offline/db';
import { newDb } from './offline-kit';

function outboxRow(id: string, userId: string, status: OutboxRow['status'], seq: number): OutboxRow {
  return {
    id,
    userId,
    command: 'timeEntry.update',
    args: {},
    entityKey: `timeEntry:${seq}`,
    method: 'PUT',
    path: `time-entries/${seq}`,
    body: {},
    idempotencyKey: `key-${id}`,
    createdAt: 1,
    seq,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    lastStatus: null,
    status,
    tempRefs: [],
  };
}

function draft(
  userId: string,
  entity: string,
  localId: number | string,
  extra: Partial<DraftRow> = {},
): DraftRow {
  return {
    userId,
    entity,
    localId,
    serverId: typeof localId === 'number' && localId > 0 ? localId : null,
    data: { localId },
    updatedAt: 1,
    status: 'pending',
    tempRefs: [],
    ...extra,
  };
}

describe('outbox counts', () => {
  it('waiting rows are the pending and the sending ones; failed and conflicts are unsent but not waiting', async () => {
    const db = newDb();
    await db.outbox.bulkPut([
      outboxRow('a', 'u1', 'pending', 3),
      outboxRow('b', 'u1', 'sending', 1),
      outboxRow('c', 'u1', 'failed', 2),
      outboxRow('d', 'u1', 'conflict', 4),
      outboxRow('e', 'u2', 'pending', 5),
    ]);
    expect(await countPending('u1', db)).toBe(2);
    expect(await countPending('u2', db)).toBe(1);
    expect(await countPending('u3', db)).toBe(0);
    expect(await hasUnsent('u1', db)).toBe(true);
    expect(await hasUnsent('u3', db)).toBe(false);
    expect((await listOutbox('u1', db)).map((r) => r.id)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('an outbox listener stops hearing changes once it unsubscribes', () => {
    const db = newDb();
    const heard: string[] = [];
    const stop = db.onOutboxChange((userId) => heard.push(`a:${userId}`));
    db.onOutboxChange((userId) => heard.push(`b:${userId}`));
    db.notifyOutboxChange('u1');
    stop();
    db.notifyOutboxChange('u2');
    expect(heard).toEqual(['a:u1', 'b:u1', 'b:u2']);
  });
});

describe('clearing a user', () => {
  it("removes the user's drafts, outbox, cache and per-user values, and nobody else's or the device's", async () => {
    const db = newDb();
    for (const user of ['u1', 'u2']) {
      await db.drafts.put(draft(user, 'timeEntry', 1));
      await db.outbox.put(outboxRow(`row-${user}`, user, 'pending', user === 'u1' ? 1 : 2));
      await writeCache(user, 'list', [user], 5, db);
      await setLastSyncAt(user, 42, db);
    }
    await mirrorMethodSupport({ PUT: true }, db);
    await clearUser('u1', db);

    expect(await listDrafts('u1', undefined, db)).toEqual([]);
    expect(await listOutbox('u1', db)).toEqual([]);
    expect(await readCache('u1', 'list', db)).toBeUndefined();
    expect(await getLastSyncAt('u1', db)).toBeUndefined();

    expect(await listDrafts('u2', undefined, db)).toHaveLength(1);
    expect(await listOutbox('u2', db)).toHaveLength(1);
    expect(await readCache('u2', 'list', db)).toEqual({ data: ['u2'], fetchedAt: 5 });
    expect(await getLastSyncAt('u2', db)).toBe(42);
    expect(await getMeta('methodSupport', db)).toEqual({ PUT: true });
  });

  it('a per-user value carries its user; a device value carries none', async () => {
    const db = newDb();
    await setMeta('device', 1, db);
    await setMeta('mine', 2, db, 'u1');
    expect(Object.keys((await db.meta.get('device')) ?? {}).sort()).toEqual(['key', 'value']);
    expect(await db.meta.get('mine')).toEqual({ key: 'mine', userId: 'u1', value: 2 });
  });
});

describe('drafts', () => {
  it('lists all drafts of a user, or those of one kind', async () => {
    const db = newDb();
    await db.drafts.bulkPut([
      draft('u1', 'lead', 2),
      draft('u1', 'timeEntry', 1),
      draft('u1', 'timeEntry', -3),
      draft('u1', 'timeEntryNote', 4),
      draft('u2', 'timeEntry', 5),
    ]);
    const ids = (rows: DraftRow[]) => rows.map((r) => `${r.entity}/${r.localId}`).sort();
    expect(ids(await listDrafts('u1', undefined, db))).toEqual([
      'lead/2',
      'timeEntry/-3',
      'timeEntry/1',
      'timeEntryNote/4',
    ]);
    expect(ids(await listDrafts('u1', 'timeEntry', db))).toEqual(['timeEntry/-3', 'timeEntry/1']);
    expect(await listDrafts('u3', 'timeEntry', db)).toEqual([]);
  });

  it('a temporary id finds the draft that moved to its server id; other ids are looked up as they are', async () => {
    const db = newDb();
    await db.drafts.bulkPut([
      draft('u1', 'timeEntry', 801, { tempId: -1 }),
      // Only negative ids are temporary: a draft carrying another tempId is never found through it.
      draft('u1', 'timeEntry', 900, { tempId: 7 }),
      draft('u1', 'timeEntry', 901, { tempId: 0 }),
      draft('u1', 'timeEntry', 'x-1', {}),
    ]);
    expect((await getDraft('u1', 'timeEntry', -1, db))?.localId).toBe(801);
    // A create not acknowledged yet is found under its temporary id itself.
    await db.drafts.put(draft('u1', 'timeEntry', -5));
    expect((await getDraft('u1', 'timeEntry', -5, db))?.localId).toBe(-5);
    expect((await getDraft('u1', 'timeEntry', 801, db))?.localId).toBe(801);
    expect(await getDraft('u2', 'timeEntry', -1, db)).toBeUndefined();
    expect(await getDraft('u1', 'lead', -1, db)).toBeUndefined();
    expect(await getDraft('u1', 'timeEntry', 7, db)).toBeUndefined();
    expect(await getDraft('u1', 'timeEntry', 0, db)).toBeUndefined();
    expect((await getDraft('u1', 'timeEntry', 'x-1', db))?.localId).toBe('x-1');
  });
});

describe('what earlier versions stored', () => {
  it('the app database is called apex', () => {
    expect(DEFAULT_DB_NAME).toBe('apex');
    expect(getDb().name).toBe('apex');
    expect(getDb()).toBe(getDb());
    expect(new ApexDb().name).toBe('apex');
  });

  it('temporary ids go on from the counter a device already has, per user, across every kind', async () => {
    const db = newDb();
    await db.meta.put({ key: 'tempId:u1', userId: 'u1', value: -7 });
    expect(await allocateTempId('u1', db)).toBe(-8);
    expect(await allocateTempId('u1', db)).toBe(-9);
    expect(await allocateTempId('u2', db)).toBe(-1);
    expect(await db.meta.get('tempId:u1')).toEqual({ key: 'tempId:u1', userId: 'u1', value: -9 });
  });

  it('the outbox sequence goes on from the stored number, or starts at 1', async () => {
    const db = newDb();
    expect(await db.transaction('rw', db.meta, () => nextOutboxSeq(db))).toBe(1);
    await db.meta.put({ key: 'outboxSeq', value: 41 });
    expect(await db.transaction('rw', db.meta, () => nextOutboxSeq(db))).toBe(42);
    await db.meta.put({ key: 'outboxSeq', value: 'broken' });
    expect(await db.transaction('rw', db.meta, () => nextOutboxSeq(db))).toBe(1);
  });

  it('acknowledged temporary ids map to numeric or text server ids; anything else is ignored', async () => {
    const db = newDb();
    await recordTempId(db, 'u1', -1, 801);
    await recordTempId(db, 'u1', -2, 'L-9');
    await db.meta.put({ key: 'tempIdMap:u1:-3', userId: 'u1', value: { id: 3 } });
    await recordTempId(db, 'u2', -4, 804);
    expect(await db.meta.get('tempIdMap:u1:-2')).toEqual({
      key: 'tempIdMap:u1:-2',
      userId: 'u1',
      value: 'L-9',
    });
    const found = await lookupTempIds(db, 'u1', [-1, -2, -3, -4, -5]);
    expect([...found.entries()]).toEqual([
      [-1, 801],
      [-2, 'L-9'],
    ]);
    // Per-user: clearing the user forgets them.
    await clearUser('u1', db);
    expect((await lookupTempIds(db, 'u1', [-1])).size).toBe(0);
    expect((await lookupTempIds(db, 'u2', [-4])).get(-4)).toBe(804);
  });
});

describe('errors', () => {
  it('a closed connection is DatabaseClosedError or InvalidStateError, itself or inside', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(isClosedConnectionError(named('DatabaseClosedError'))).toBe(true);
    expect(isClosedConnectionError(named('InvalidStateError'))).toBe(true);
    expect(isClosedConnectionError({ name: 'DatabaseClosedError' })).toBe(true);
    expect(isClosedConnectionError({ name: 'OpenFailedError', inner: named('DatabaseClosedError') })).toBe(
      true,
    );
    expect(isClosedConnectionError({ name: 'OpenFailedError', inner: { name: 'InvalidStateError' } })).toBe(
      true,
    );
    for (const other of [
      null,
      undefined,
      'DatabaseClosedError',
      named('AbortError'),
      { name: 'AbortError', inner: null },
      { name: 'AbortError', inner: named('QuotaExceededError') },
      Object.assign(() => undefined, { inner: { name: 'InvalidStateError' } }),
    ])
      expect(isClosedConnectionError(other)).toBe(false);
  });

  it('a full disk is QuotaExceededError, itself or inside', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    for (const other of [
      null,
      undefined,
      'QuotaExceededError',
      new Error('other'),
      { name: 'AbortError', inner: null },
      { name: 'AbortError', inner: { name: 'ConstraintError' } },
      Object.assign(() => undefined, { inner: { name: 'QuotaExceededError' } }),
    ])
      expect(isQuotaError(other)).toBe(false);
  });

  it('any other error is thrown at once, without running the operation again', async () => {
    const db = newDb();
    let calls = 0;
    const failure = new Error('constraint');
    await expect(
      withReopen(db, async () => {
        calls += 1;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
  });

  it('operations that find the connection closed by the browser all reopen it and answer', async () => {
    const db = newDb();
    await db.outbox.put(outboxRow('a', 'u1', 'pending', 1));
    forceCloseDatabase(db.backendDB() as unknown as Parameters<typeof forceCloseDatabase>[0]);
    expect(await countPending('u1', db)).toBe(1);
    // After a reopen the database keeps opening by itself when needed.
    db.close({ disableAutoOpen: false });
    expect(await db.outbox.count()).toBe(1);
  });

  it('a cache write that fails is reported with its user and key, and still fails', async () => {
    const db = newDb();
    const heard: unknown[][] = [];
    const stop = onCacheWriteFailure((error, userId, key) =>
      heard.push([(error as Error).name, userId, key]),
    );
    // A function cannot be stored in IndexedDB.
    await expect(writeCache('u1', 'broken', { fn: () => 1 }, 1, db)).rejects.toBeTruthy();
    await writeCache('u1', 'fine', { ok: true }, 1, db);
    expect(heard).toEqual([['DataCloneError', 'u1', 'broken']]);
    stop();
    await expect(writeCache('u1', 'broken', { fn: () => 1 }, 1, db)).rejects.toBeTruthy();
    expect(heard).toHaveLength(1);
  });
});

describe('persistent storage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks the browser's storage manager when none is given", async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist } });
    expect(await requestPersistence()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('without a way to ask, the storage is not persistent, whatever it says it is', async () => {
    expect(await requestPersistence({ persisted: async () => true })).toBe(false);
    expect(await requestPersistence({})).toBe(false);
  });
});
