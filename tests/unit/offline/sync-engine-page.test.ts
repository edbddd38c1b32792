// The sync engine (src/offline/sync-engine.ts) on what its environment gives: outside a page (no
// navigator), in a page with a service worker, its defaults for keys and backoff, the page's persistent
// storage only when asked, nothing left listening or ticking after stop, and the in-page lock that keeps
// one run at a time per user.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../../src/offline/db';
import { SyncEngine } from '../../../src/offline/sync-engine';
import { createMemoryLocks } from '../../../src/offline/sync-platform';
import type { SendFunction } from '../../../src/offline/sync-protocol';
import {
  createOffline,
  FakeServer,
  harness,
  ManualClock,
  makeEngine,
  newDb,
  settle,
  timeEntryRegistry,
  waitFor,
} from './offline-kit';

const U = 'u1';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('outside a page (no navigator)', () => {
  it('starts online, takes its own lock, and reports nothing when a send fails', async () => {
    vi.stubGlobal('navigator', undefined);
    const db = newDb();
    const clock = new ManualClock();
    const server = new FakeServer();
    let up = false;
    const send: SendFunction = (r) =>
      up ? server.send(r) : Promise.reject(new TypeError('Failed to fetch'));
    const errors: unknown[] = [];
    // Only what a page cannot give: the registry, the clock, and where errors go.
    const engine = new SyncEngine({
      db,
      userId: U,
      send,
      registry: timeEntryRegistry(),
      now: clock.now,
      setTimer: clock.setTimer,
      onError: (error) => errors.push(error),
    });
    expect(engine.getStatus().online).toBe(true);
    await createOffline({ db, registry: timeEntryRegistry(), clock }, U, { Notes: 'a' });
    await engine.start();
    expect((await listOutbox(U, db))[0]).toMatchObject({ lastError: 'Failed to fetch', attempts: 1 });
    up = true;
    await engine.syncNow();
    expect(server.entries.size).toBe(1);
    expect(errors).toEqual([]);
    await engine.stop();
  });
});

describe('in a page', () => {
  it("runs on its service worker's sync message without being told where the service worker is", async () => {
    const register = vi.fn(async (_tag: string) => undefined);
    const sw = Object.assign(new EventTarget(), { ready: Promise.resolve({ sync: { register } }) });
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: sw });
    const db = newDb();
    const clock = new ManualClock();
    const server = new FakeServer();
    let up = false;
    const send: SendFunction = (r) =>
      up ? server.send(r) : Promise.reject(new TypeError('Failed to fetch'));
    const engine = new SyncEngine({
      db,
      userId: U,
      send,
      registry: timeEntryRegistry(),
      now: clock.now,
      setTimer: clock.setTimer,
      storage: null,
      onError: () => undefined,
    });
    await createOffline({ db, registry: timeEntryRegistry(), clock }, U, { Notes: 'a' });
    await engine.start();
    await waitFor(() => register.mock.calls.length === 1);
    up = true;
    // The clock does not move: only the message can send it now.
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'sync' } }));
    await waitFor(() => server.entries.size === 1);
    await engine.stop();
  });

  it('a page without service worker support still starts and backs off quietly', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const db = newDb();
    const clock = new ManualClock();
    const errors: unknown[] = [];
    const engine = new SyncEngine({
      db,
      userId: U,
      send: () => Promise.reject(new TypeError('Failed to fetch')),
      registry: timeEntryRegistry(),
      now: clock.now,
      setTimer: clock.setTimer,
      storage: null,
      onError: (error) => errors.push(error),
    });
    await createOffline({ db, registry: timeEntryRegistry(), clock }, U, { Notes: 'a' });
    await engine.start();
    await settle();
    expect(errors).toEqual([]);
    expect((await listOutbox(U, db))[0]).toMatchObject({ status: 'pending', lastError: 'Failed to fetch' });
    await engine.stop();
  });

  it("does not ask for persistent storage when told not to, and does when left to the page's", async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { onLine: true, storage: { persist, persisted: async () => false } });
    const h = harness({ storage: null });
    await h.engine.start();
    await settle();
    expect(persist).not.toHaveBeenCalled();
    await h.engine.stop();
    const { engine } = makeEngine({ ...h, send: h.server.send }, { storage: undefined });
    await engine.start();
    await waitFor(() => persist.mock.calls.length === 1);
    await engine.stop();
  });
});

describe('defaults', () => {
  it('a retried change gets a fresh random Idempotency-Key', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 422, body: { Message: 'No.' } });
    const { engine } = makeEngine({ ...h, send: h.server.send }, { uuid: undefined });
    await createOffline(h, U, { Notes: 'a' });
    await engine.syncNow();
    const [refused] = await listOutbox(U, h.db);
    await engine.retry(refused.id);
    const [retried] = await listOutbox(U, h.db);
    expect(retried.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(retried.idempotencyKey).not.toBe(refused.idempotencyKey);
    await engine.stop();
  });

  it('waits on the backoff it is given', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 500, body: null });
    const { engine } = makeEngine(
      { ...h, send: h.server.send },
      { backoff: { baseMs: 10_000, maxMs: 60_000 } },
    );
    await createOffline(h, U, { Notes: 'a' });
    await engine.syncNow();
    const [row] = await listOutbox(U, h.db);
    // random 0.5: three quarters of the base for a first attempt.
    expect(row.nextAttemptAt - h.clock.time).toBe(7_500);
  });

  it("leaves no timer of the page's ticking after stop", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = new FakeServer();
    server.respond = () => ({ status: 500, body: null });
    const db = newDb();
    const engine = new SyncEngine({
      db,
      userId: U,
      send: server.send,
      registry: timeEntryRegistry(),
      storage: null,
    });
    await createOffline({ db, registry: timeEntryRegistry(), clock: new ManualClock() }, U, { Notes: 'a' });
    await engine.syncNow();
    expect(vi.getTimerCount()).toBe(1);
    await engine.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves nothing listening to the page after stop', async () => {
    const listening = new Map<string, number>();
    const target = (name: string) => {
      const t = new EventTarget();
      const add = t.addEventListener.bind(t);
      const remove = t.removeEventListener.bind(t);
      t.addEventListener = (type: string, ...rest: [EventListenerOrEventListenerObject | null]) => {
        listening.set(`${name}:${type}`, (listening.get(`${name}:${type}`) ?? 0) + 1);
        add(type, ...rest);
      };
      t.removeEventListener = (type: string, ...rest: [EventListenerOrEventListenerObject | null]) => {
        listening.set(`${name}:${type}`, (listening.get(`${name}:${type}`) ?? 0) - 1);
        remove(type, ...rest);
      };
      return t;
    };
    const h = harness({
      events: { window: target('window'), document: target('document'), serviceWorker: target('sw') },
    });
    await h.engine.start();
    expect([...listening.values()].every((n) => n === 1)).toBe(true);
    expect(listening.size).toBe(4);
    await h.engine.stop();
    expect(Object.fromEntries(listening)).toEqual({
      'window:online': 0,
      'window:offline': 0,
      'document:visibilitychange': 0,
      'sw:message': 0,
    });
  });
});

describe('the in-page lock', () => {
  it('keeps a third run waiting while the second holds it, after the first ended', async () => {
    const locks = createMemoryLocks();
    const log: string[] = [];
    let releaseSecond: () => void = () => undefined;
    const first = locks.request('apex-sync-u1', async () => log.push('first'));
    const second = locks.request(
      'apex-sync-u1',
      () =>
        new Promise<void>((resolve) => {
          log.push('second starts');
          releaseSecond = () => {
            log.push('second ends');
            resolve();
          };
        }),
    );
    await first;
    await settle();
    const third = locks.request('apex-sync-u1', async () => log.push('third'));
    await settle();
    expect(log).toEqual(['first', 'second starts']);
    releaseSecond();
    await Promise.all([second, third]);
    expect(log).toEqual(['first', 'second starts', 'second ends', 'third']);
  });
});
