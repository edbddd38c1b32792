// Dexie's live queries for the hooks of src/offline/use-offline-query.ts (loaded with the offline
// store, not on the first screen).
import { liveQuery } from 'dexie';

/** Calls `onValue` with the query's answer now and after every change to what it read. */
export function watchQuery<T>(
  query: () => Promise<T>,
  onValue: (value: T) => void,
  onError: (err: unknown) => void,
): () => void {
  const subscription = liveQuery(query).subscribe({ next: onValue, error: onError });
  return () => subscription.unsubscribe();
}
