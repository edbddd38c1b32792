// Reads that field screens need offline: fetched when possible and kept per user in IndexedDB; with no
// connection the kept copy answers instead (its age is returned so the screen can say so).
import { readCache, type UserId, writeCache } from './db';

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

export async function cachedRead<T>(
  userId: UserId,
  key: string,
  fetcher: () => Promise<T>,
  parse: (raw: unknown) => T = (raw) => raw as T,
): Promise<CachedResult<T>> {
  try {
    const data = await fetcher();
    const fetchedAt = Date.now();
    await writeCache(userId, key, data, fetchedAt).catch(() => undefined);
    return { data, fetchedAt, fromCache: false };
  } catch (err) {
    if (!isNetworkFailure(err)) throw err;
    const cached = await readCache<unknown>(userId, key);
    if (!cached) throw err;
    return { data: parse(cached.data), fetchedAt: cached.fetchedAt, fromCache: true };
  }
}
