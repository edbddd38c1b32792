// Reads that field screens need offline: fetched when possible and kept per user in IndexedDB; with no
// connection the kept copy answers instead (its age is returned so the screen can say so).
import type { UserId } from './db';
import { isOfflineStoreDeferred, offlineStore, offlineStoreNow } from './store';

export interface CachedResult<T> {
  data: T;
  /** Epoch ms of the fetch the data comes from. */
  fetchedAt: number;
  fromCache: boolean;
}

function isNetworkFailure(err: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const name = (err as { name?: string } | null)?.name ?? '';
  return name === 'AbortedConnectionError' || name === 'TypeError';
}

/**
 * Fetches and keeps the answer (then returns it once kept), or answers from the kept copy when there
 * is no connection (`parse` checks a kept copy, which an older app may have written). On the first
 * screen the answer does not wait for the offline store's code: it is kept once that has loaded
 * (src/offline/store.ts); a failed write is reported either way (onCacheWriteFailure).
 */
export async function cachedRead<T>(
  userId: UserId,
  key: string,
  fetcher: () => Promise<T>,
  parse: (raw: unknown) => T | Promise<T> = (raw) => raw as T,
): Promise<CachedResult<T>> {
  try {
    const data = await fetcher();
    const fetchedAt = Date.now();
    const kept = offlineStore()
      .then((store) => store.writeCache(userId, key, data, fetchedAt))
      .catch(() => undefined);
    if (!isOfflineStoreDeferred()) await kept;
    return { data, fetchedAt, fromCache: false };
  } catch (err) {
    if (!isNetworkFailure(err)) throw err;
    const cached = await (await offlineStoreNow()).readCache<unknown>(userId, key);
    if (!cached) throw err;
    return { data: await parse(cached.data), fetchedAt: cached.fetchedAt, fromCache: true };
  }
}
