// A screen's drafts of one entity kind, live, without Dexie on the first screen: the first answer
// comes straight from IndexedDB (src/offline/peek.ts), so a screen that must know its pending local
// changes to draw itself (the Clock: a clock-in queued offline means "working") does not wait for the
// offline store's code; once that has loaded (src/offline/store.ts) its live query follows every change.
import { useEffect, useState } from 'react';
import type { DraftRow, UserId } from './db';
import { peekDrafts } from './peek';
import { offlineStoreNow } from './store';
import { useOfflineQuery } from './use-offline-query';

/** The user's drafts of `entity`; undefined until known (none for no user). */
export function useDrafts(userId: UserId, entity: string): DraftRow[] | undefined {
  const live = useOfflineQuery(
    (store) => (userId ? store.listDrafts(userId, entity) : Promise.resolve([])),
    [userId, entity],
  );
  const [peeked, setPeeked] = useState<{ userId: UserId; entity: string; rows: DraftRow[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let active = true;
    peekDrafts(userId, entity).then(
      (rows) => {
        if (active) setPeeked({ userId, entity, rows });
      },
      // IndexedDB could not be read directly: the store answers as soon as it has loaded.
      () => void offlineStoreNow(),
    );
    return () => {
      active = false;
    };
  }, [userId, entity]);
  if (live) return live;
  if (!userId) return [];
  return peeked?.userId === userId && peeked.entity === entity ? peeked.rows : undefined;
}
