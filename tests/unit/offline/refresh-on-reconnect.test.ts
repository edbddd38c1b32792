// "Offline: using the copy saved … ago" clears without a reload: when the server answers again, every
// query answered from the kept copy reads again, and only those.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionStore } from '../../../src/api/connection';
import {
  isFromCache,
  isReconnect,
  refreshKeptCopiesOnReconnect,
} from '../../../src/offline/refresh-on-reconnect';
import { waitFor } from './offline-kit';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A screen's query: answered from the kept copy while `net.up` is false (as cachedRead does). */
function screen(client: QueryClient, key: string, net: { up: boolean }) {
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey: [key],
    queryFn: async () => {
      reads++;
      return { data: key, fetchedAt: 1, fromCache: !net.up };
    },
    staleTime: 5 * 60_000, // as the Clock's lookups: not stale again for minutes
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe, reads: () => reads };
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const connection = new ConnectionStore({ random: () => 0.5 });
  const stop = refreshKeptCopiesOnReconnect(client, connection);
  return { client, connection, stop };
}

describe('refreshing kept copies on reconnect', () => {
  it('reads again every query answered from the kept copy when a request is answered again', async () => {
    const { client, connection } = setup();
    const net = { up: false };
    const clock = screen(client, 'clock', net);
    const week = screen(client, 'week', net);
    await waitFor(() => clock.observer.getCurrentResult().data?.fromCache === true);
    await waitFor(() => week.observer.getCurrentResult().data?.fromCache === true);
    net.up = true;
    const fresh = screen(client, 'fresh', net); // read online: not from the kept copy
    await waitFor(() => fresh.observer.getCurrentResult().data?.fromCache === false);
    connection.reportFailure();
    connection.reportFailure();

    connection.reportAnswer();
    await waitFor(() => clock.observer.getCurrentResult().data?.fromCache === false);
    await waitFor(() => week.observer.getCurrentResult().data?.fromCache === false);
    expect([clock.reads(), week.reads(), fresh.reads()]).toEqual([2, 2, 1]);
    for (const s of [clock, week, fresh]) s.unsubscribe();
  });

  it('also after a single failure that made a screen use its kept copy', async () => {
    const { client, connection } = setup();
    const net = { up: false };
    const clock = screen(client, 'clock', net);
    await waitFor(() => clock.observer.getCurrentResult().data?.fromCache === true);
    connection.reportFailure(); // still "online": one failure only
    net.up = true;
    connection.reportAnswer();
    await waitFor(() => clock.observer.getCurrentResult().data?.fromCache === false);
    clock.unsubscribe();
  });

  it('does nothing on answers while all was well, nor once removed', async () => {
    const { client, connection, stop } = setup();
    const net = { up: false };
    const clock = screen(client, 'clock', net);
    await waitFor(() => clock.observer.getCurrentResult().data?.fromCache === true);
    net.up = true;
    connection.reportAnswer(); // no failure before: not a reconnect
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.reads()).toBe(1);
    stop();
    connection.reportFailure();
    connection.reportAnswer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.reads()).toBe(1);
    clock.unsubscribe();
  });

  it('knows a kept copy and a reconnect when it sees one', () => {
    expect(isFromCache({ fromCache: true, data: 1 })).toBe(true);
    expect(isFromCache({ fromCache: false })).toBe(false);
    expect(isFromCache({ fromCache: 'yes' })).toBe(false);
    expect(isFromCache(null)).toBe(false);
    expect(isFromCache(undefined)).toBe(false);
    const base = { online: true, browserOffline: false, failures: 0, retryAt: null };
    expect(isReconnect(base, { ...base, online: false, failures: 2, retryAt: 5 })).toBe(true);
    expect(isReconnect(base, { ...base, failures: 1, retryAt: 5 })).toBe(true);
    expect(isReconnect(base, { ...base, online: false, browserOffline: true })).toBe(true);
    expect(isReconnect(base, base)).toBe(false);
    expect(isReconnect({ ...base, failures: 1 }, base)).toBe(false);
    expect(isReconnect({ ...base, online: false, failures: 2 }, { ...base, failures: 1 })).toBe(false);
  });
});
