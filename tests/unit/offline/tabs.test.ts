import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../../src/offline/db';
import { createMemoryLocks } from '../../../src/offline/sync-platform';
import type { SendRequest, SendResponse } from '../../../src/offline/sync-protocol';
import {
  createOffline,
  FakeServer,
  ManualClock,
  makeEngine,
  newDb,
  timeEntryRegistry,
  waitFor,
} from './offline-kit';

const U = 'u1';

function tick(ms = 1): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('two tabs', () => {
  it('never send the same row twice when they share the lock', async () => {
    const db = newDb();
    const registry = timeEntryRegistry();
    const clock = new ManualClock();
    const server = new FakeServer();
    const locks = createMemoryLocks();
    const sentBy: Array<[string, string]> = [];
    const slowSend =
      (tab: string) =>
      async (request: SendRequest): Promise<SendResponse> => {
        sentBy.push([tab, request.headers['Idempotency-Key']]);
        await tick();
        return server.send(request);
      };
    const tabA = makeEngine({ db, registry, clock, send: slowSend('A') }, { locks }).engine;
    const tabB = makeEngine({ db, registry, clock, send: slowSend('B') }, { locks }).engine;

    for (let i = 0; i < 6; i++) await createOffline({ db, registry, clock }, U, { Notes: `n${i}` });
    const runs: Promise<void>[] = [];
    for (let i = 0; i < 4; i++) {
      runs.push(tabA.syncNow(), tabB.syncNow());
      await createOffline({ db, registry, clock }, U, { Notes: `late${i}` });
      await tick();
    }
    await Promise.all(runs);
    await Promise.all([tabA.syncNow(), tabB.syncNow()]);

    const keys = sentBy.map(([, key]) => key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(10);
    // Counted as the server received them: its deduplication by key would hide a second send from
    // a count of its rows.
    expect(server.received.map((r) => r.key).sort()).toEqual([...keys].sort());
    expect(server.received.every((r) => !r.replayed)).toBe(true);
    expect(server.entries.size).toBe(10);
    expect(await listOutbox(U, db)).toEqual([]);
  });

  it('hand over when the tab holding the lock closes', async () => {
    const db = newDb();
    const registry = timeEntryRegistry();
    const clock = new ManualClock();
    const server = new FakeServer();
    const locks = createMemoryLocks();
    let releaseA: () => void = () => undefined;
    const sentBy: string[] = [];
    const tabA = makeEngine(
      {
        db,
        registry,
        clock,
        send: async (request) => {
          sentBy.push('A');
          const response = await server.send(request);
          await new Promise<void>((resolve) => {
            releaseA = resolve;
          });
          return response;
        },
      },
      { locks },
    ).engine;
    const tabB = makeEngine(
      {
        db,
        registry,
        clock,
        send: async (request) => {
          sentBy.push('B');
          return server.send(request);
        },
      },
      { locks },
    ).engine;
    for (let i = 0; i < 3; i++) await createOffline({ db, registry, clock }, U, { Notes: `n${i}` });

    const runA = tabA.syncNow();
    await waitFor(() => sentBy.length === 1);
    const runB = tabB.syncNow(); // waits for the lock
    await tick(5);
    expect(sentBy).toEqual(['A']);

    const stopped = tabA.stop(); // the tab closes; its request in flight completes
    releaseA();
    await Promise.all([runA, stopped, runB]);

    expect(sentBy).toEqual(['A', 'B', 'B']);
    expect(server.executed).toHaveLength(3);
    expect(await listOutbox(U, db)).toEqual([]);
  });

  it('stay correct without a shared lock, because the server deduplicates by key', async () => {
    const db = newDb();
    const registry = timeEntryRegistry();
    const clock = new ManualClock();
    const server = new FakeServer();
    const send = async (request: SendRequest) => {
      await tick();
      return server.send(request);
    };
    const tabA = makeEngine({ db, registry, clock, send }, { locks: createMemoryLocks() }).engine;
    const tabB = makeEngine({ db, registry, clock, send }, { locks: createMemoryLocks() }).engine;
    for (let i = 0; i < 5; i++) await createOffline({ db, registry, clock }, U, { Notes: `n${i}` });
    for (let round = 0; round < 10 && (await listOutbox(U, db)).length > 0; round++) {
      clock.time += 10 * 60_000;
      await Promise.all([tabA.syncNow(), tabB.syncNow()]);
    }
    expect(server.entries.size).toBe(5);
    expect([...server.executionsByKey().values()].every((n) => n === 1)).toBe(true);
    expect(await listOutbox(U, db)).toEqual([]);
  });
});
