// The first screen's offline reads without Dexie: drafts read straight from IndexedDB (src/offline/peek.ts)
// agree with the store's own listDrafts, never create the database, and the store's code waits for the
// first screen unless something needs it now (src/offline/store.ts).
import { describe, expect, it } from 'vitest';
import { ApexDb, type DraftRow, listDrafts } from '../../../src/offline/db';
import { peekDrafts } from '../../../src/offline/peek';

let n = 0;
const newName = () => `apex-peek-${++n}-${Math.random().toString(36).slice(2)}`;

function draft(userId: string, entity: string, localId: number | string, note: string): DraftRow {
  return {
    userId,
    entity,
    localId,
    serverId: null,
    data: { note },
    updatedAt: 1,
    status: 'pending',
    tempRefs: [],
  };
}

describe('peekDrafts', () => {
  it("reads the user's drafts of one entity as the store lists them, temporary and server ids alike", async () => {
    const name = newName();
    const db = new ApexDb(name);
    await db.drafts.bulkPut([
      draft('u1', 'timeEntry', -2, 'queued clock-in'),
      draft('u1', 'timeEntry', 41, 'closed offline'),
      draft('u1', 'timeEntry', 'abc', 'string id'),
      draft('u1', 'legalNoticeAck', 7, 'other entity'),
      draft('u2', 'timeEntry', -1, 'other user'),
      draft('u10', 'timeEntry', -1, 'user id with the same prefix'),
    ]);
    const peeked = await peekDrafts('u1', 'timeEntry', indexedDB, name);
    expect(peeked.map((d) => (d.data as { note: string }).note).sort()).toEqual([
      'closed offline',
      'queued clock-in',
      'string id',
    ]);
    expect(peeked).toEqual(await listDrafts('u1', 'timeEntry', db));
    db.close();
  });

  it('answers none for a device with no database yet, and does not create it (Dexie does)', async () => {
    const name = newName();
    expect(await peekDrafts('u1', 'timeEntry', indexedDB, name)).toEqual([]);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(name);
    // Dexie then sets the database up as usual and the next look finds its drafts.
    const db = new ApexDb(name);
    await db.drafts.put(draft('u1', 'timeEntry', -1, 'after'));
    expect(await peekDrafts('u1', 'timeEntry', indexedDB, name)).toHaveLength(1);
    db.close();
  });

  it('does not hold the database against a newer version Dexie opens', async () => {
    const name = newName();
    const db = new ApexDb(name);
    await db.drafts.put(draft('u1', 'timeEntry', -1, 'x'));
    db.close();
    await peekDrafts('u1', 'timeEntry', indexedDB, name);
    const upgraded = new ApexDb(name);
    upgraded.version(2).stores({ extra: 'id' });
    await expect(upgraded.open()).resolves.toBeTruthy();
    upgraded.close();
  });

  it('rejects without IndexedDB (the caller then waits for the store)', async () => {
    await expect(peekDrafts('u1', 'timeEntry', null, newName())).rejects.toThrow(/IndexedDB/);
  });
});

describe('offline store', () => {
  it('waits for the first screen, unless something needs it now', async () => {
    const { deferOfflineStore, isOfflineStoreDeferred, offlineStore, offlineStoreNow } = await import(
      '../../../src/offline/store'
    );
    let firstScreenUp = () => {};
    deferOfflineStore(
      new Promise<void>((resolve) => {
        firstScreenUp = resolve;
      }),
    );
    expect(isOfflineStoreDeferred()).toBe(true);
    let loaded = false;
    const waiting = offlineStore().then(() => {
      loaded = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(loaded).toBe(false);
    // A punch needs it: it loads now, and whatever waited gets it too.
    const now = await offlineStoreNow();
    expect(typeof now.listDrafts).toBe('function');
    await waiting;
    expect(loaded).toBe(true);
    expect(isOfflineStoreDeferred()).toBe(false);
    firstScreenUp();

    // Deferred again: the first screen coming up opens it.
    let up = () => {};
    deferOfflineStore(
      new Promise<void>((resolve) => {
        up = resolve;
      }),
    );
    const later = offlineStore();
    up();
    await expect(later).resolves.toHaveProperty('getDb');
    expect(isOfflineStoreDeferred()).toBe(false);
  });
});
