// When the server answers again after requests failed, every screen that shows a kept copy ("Offline:
// using the copy saved … ago") reads again, without a reload. Generic: any query whose result says it
// came from the kept copy (cachedRead's `fromCache`) is invalidated, whatever the screen.
import type { QueryClient } from '@tanstack/react-query';
import type { ConnectionState, ConnectionStore } from '../api/connection';

/** A query result that came from the device's kept copy rather than from the server. */
export function isFromCache(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { fromCache?: unknown }).fromCache === true;
}

/** The server is reached again: it answered (or the browser has a network again) after failures. */
export function isReconnect(state: ConnectionState, previous: ConnectionState): boolean {
  const reached = state.online && state.failures === 0;
  const wasFailing = !previous.online || previous.failures > 0;
  return reached && wasFailing;
}

/**
 * Re-reads the queries answered from a kept copy each time the connection comes back (active ones at
 * once, others when next used). Returns the remover.
 */
export function refreshKeptCopiesOnReconnect(
  queryClient: QueryClient,
  connection: ConnectionStore,
): () => void {
  return connection.subscribe((state, previous) => {
    if (!isReconnect(state, previous)) return;
    // Not inside the request that reported the answer: once it has settled.
    setTimeout(() => {
      void queryClient.invalidateQueries({ predicate: (query) => isFromCache(query.state.data) });
    }, 0);
  });
}
