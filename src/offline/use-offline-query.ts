// A live read of the offline store for React, without Dexie on the first screen: the store's code
// loads when src/offline/store.ts lets it (once the first screen is up, or at once when needed), then
// the query follows every change to what it read (across tabs too), like dexie-react-hooks' useLiveQuery.
import { startTransition, useEffect, useState } from 'react';
import { type OfflineStore, offlineStore } from './store';

/**
 * The query's latest answer; `initial` until the first one. While the deps change the last answer
 * stays until the new one (as with useLiveQuery). An error is logged and leaves the last answer.
 */
export function useOfflineQuery<T>(
  query: (store: OfflineStore) => Promise<T>,
  deps: readonly unknown[],
  initial: T,
): T;
export function useOfflineQuery<T>(
  query: (store: OfflineStore) => Promise<T>,
  deps: readonly unknown[],
): T | undefined;
export function useOfflineQuery<T>(
  query: (store: OfflineStore) => Promise<T>,
  deps: readonly unknown[],
  initial?: T,
): T | undefined {
  const [answer, setAnswer] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let active = true;
    let stop = () => {};
    // Waits for the store (with it Dexie's live query, store.watchQuery: no other chunk to fetch).
    void offlineStore()
      .then((store) => {
        if (!active) return;
        stop = store.watchQuery(
          () => query(store),
          (value) => {
            // A transition: a list read back from the store re-renders in slices, not one long task.
            if (active) startTransition(() => setAnswer({ value }));
          },
          (err) => console.error('offline store:', err),
        );
      })
      .catch((err: unknown) => console.error('offline store:', err));
    return () => {
      active = false;
      stop();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide, as with useEffect
  }, deps);
  return answer ? answer.value : initial;
}
