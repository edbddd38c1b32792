// A first look at the drafts with the browser's own IndexedDB, before the offline store's code
// (Dexie) has loaded: a screen that must know its pending local changes to draw itself (the Clock: a
// clock-in queued offline means "working") reads them here, then follows them live through Dexie.
// Read-only; it never creates or upgrades the database (Dexie owns its schema, src/offline/db.ts).
import type { DraftRow, UserId } from './db';

const DB_NAME = 'apex';
const DRAFTS = 'drafts';

/**
 * The user's drafts of one entity kind, as src/offline/db.ts listDrafts reads them (the store's primary
 * key is [userId+entity+localId]); none when the database does not exist yet. Rejects when
 * IndexedDB fails (the caller then waits for Dexie).
 */
export function peekDrafts(
  userId: UserId,
  entity: string,
  idb: IDBFactory | null = typeof indexedDB === 'undefined' ? null : indexedDB,
  name: string = DB_NAME,
): Promise<DraftRow[]> {
  return new Promise((resolve, reject) => {
    if (!idb) {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = idb.open(name);
    let created = false;
    // No database yet (or one Dexie has not set up): abort, so nothing is created here.
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      if (created) {
        event.preventDefault();
        resolve([]);
      } else reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
    request.onblocked = () => reject(new Error('IndexedDB is blocked'));
    request.onsuccess = () => {
      const db = request.result;
      // Dexie asks for a newer version (a schema change): let it, and close at once.
      db.onversionchange = () => db.close();
      if (!db.objectStoreNames.contains(DRAFTS)) {
        db.close();
        resolve([]);
        return;
      }
      try {
        const tx = db.transaction(DRAFTS, 'readonly');
        // Between [userId, entity, -Infinity] and [userId, entity, []]: every number and string id.
        const read = tx
          .objectStore(DRAFTS)
          .getAll(IDBKeyRange.bound([userId, entity, -Infinity], [userId, entity, []]));
        read.onsuccess = () => resolve(read.result as DraftRow[]);
        read.onerror = () => reject(read.error ?? new Error('The drafts could not be read'));
        tx.oncomplete = () => db.close();
        tx.onabort = () => db.close();
      } catch (err) {
        db.close();
        reject(err);
      }
    };
  });
}
