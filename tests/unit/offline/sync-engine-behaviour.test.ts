// The sync engine (src/offline/sync-engine.ts) as a device sees it: when a change is sent again after a
// refusal to go on (Retry-After in seconds or as a date, sign-in needed, no network), what the row then
// says, which runs happen (forced or not, on which events), the last sync time kept across restarts,
// errors reported once, and the page's defaults (timers, locks, network state, events, Background
// Sync, console). The clock is a manual one or vitest's fake timers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandRegistry } from '../../../src/offline/commands';
import { getLastSyncAt, listOutbox, type OutboxRow, setLastSyncAt } from '../../../src/offline/db';
import { SyncEngine } from '../../../src/offline/sync-engine';
import type { SendFunction, SendResponse } from '../../../src/offline/sync-protocol';
import {
  createOffline,
  enqueueIn,
  FakeServer,
  harness,
  ManualClock,
  makeEngine,
  newDb,
  timeEntryRegistry,
  waitFor,
} from './offline-kit';

const U = 'u1';
const paths = (requests: Array<{ method: string; path: string }>) =>
  requests.map((r) => `${r.method} ${r.path}`);

/** The harness's backoff for a first attempt (random 0.5, one second base): 750 ms. */
const FIRST_BACKOFF = 750;

describe('when a change goes again', () => {
  async function refusedWith(response: SendResponse) {
    const h = harness();
    h.server.respond = () => response;
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    const [row] = await listOutbox(U, h.db);
    return { h, row, wait: row.nextAttemptAt - h.clock.time };
  }

  it("waits as long as the server's Retry-After says, in seconds", async () => {
    const { row, wait } = await refusedWith({ status: 429, body: null, headers: { 'retry-after': '120' } });
    expect(wait).toBe(120_000);
    expect(row).toMatchObject({ status: 'pending', lastStatus: 429, lastError: 'HTTP 429', attempts: 1 });
  });

  it('or as a date, counted from now', async () => {
    const clock = new ManualClock();
    const at = new Date(clock.time + 30_000).toUTCString();
    const { wait } = await refusedWith({ status: 503, body: null, headers: { 'retry-after': at } });
    expect(wait).toBe(30_000);
  });

  it('a Retry-After in the past, negative, unreadable or empty leaves the usual backoff', async () => {
    for (const value of [new Date(0).toUTCString(), '-5', 'soon', '']) {
      const { wait } = await refusedWith({ status: 500, body: null, headers: { 'retry-after': value } });
      expect(wait).toBe(FIRST_BACKOFF);
    }
  });

  it('a row in backoff is not sent by new work or a visit, only when due or when the user syncs', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const h = harness({ events: { window: null, document: doc, serviceWorker: null } });
    let down = true;
    h.server.respond = (r) => (down && r.method === 'POST' ? { status: 500, body: null } : undefined);
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.start();
    expect(h.server.received).toHaveLength(1);
    down = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 77, Notes: 'other entity' });
    await waitFor(() => h.server.received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths(h.server.received)).toEqual(['POST time-entries', 'PUT time-entries/77']);
    await h.engine.syncNow();
    expect(paths(h.server.received)).toEqual([
      'POST time-entries',
      'PUT time-entries/77',
      'POST time-entries',
    ]);
    await h.engine.stop();
  });

  it('a 401 keeps the row as it was (same key, attempts not counted) and stops the run', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 401, body: { Message: 'Sign in again.' } });
    await createOffline(h, U, { Notes: 'a' });
    await createOffline(h, U, { Notes: 'b' });
    await h.engine.syncNow();
    const rows = await listOutbox(U, h.db);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastStatus: 401,
      lastError: 'Sign in again.',
    });
    expect(rows[1]).toMatchObject({ status: 'pending', attempts: 0, lastStatus: null });
    expect(h.server.received).toHaveLength(1);
    expect(h.engine.getStatus()).toMatchObject({ paused: true, pending: 2 });
  });

  it('resume() when not paused simply sends', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.resume();
    expect(h.server.entries.size).toBe(1);
    expect(h.engine.getStatus().paused).toBe(false);
  });

  it('no answer at all: the row keeps its place with the error, and Background Sync is asked for', async () => {
    let asked = 0;
    const failures: unknown[] = [new TypeError('Failed to fetch'), 'socket hang up'];
    const db = newDb();
    const registry = timeEntryRegistry();
    const clock = new ManualClock();
    const send: SendFunction = async () => {
      throw failures.shift();
    };
    const { engine } = makeEngine(
      { db, registry, clock, send },
      {
        registerBackgroundSync: () => {
          asked += 1;
          return Promise.reject(new Error('no service worker'));
        },
      },
    );
    await createOffline({ db, registry, clock }, U, { Notes: 'a' });
    await engine.start();
    let [row] = await listOutbox(U, db);
    expect(row).toMatchObject({
      status: 'pending',
      lastError: 'Failed to fetch',
      lastStatus: null,
      attempts: 1,
    });
    expect(row.nextAttemptAt - clock.time).toBe(FIRST_BACKOFF);
    expect(engine.getStatus().online).toBe(false);
    await engine.syncNow();
    [row] = await listOutbox(U, db);
    expect(row).toMatchObject({ lastError: 'socket hang up', attempts: 2 });
    expect(asked).toBe(2);
  });

  it('a row left "sending" by a run that died is sent with its key', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    const [row] = await listOutbox(U, h.db);
    await h.db.outbox.put({ ...row, status: 'sending', attempts: 1 });
    await h.engine.syncNow();
    expect(h.server.received.map((r) => r.key)).toEqual([row.idempotencyKey]);
    expect(await listOutbox(U, h.db)).toEqual([]);
  });
});

describe('what is reported', () => {
  it('an unregistered command is reported once, not sent, and holds back later changes of its entity', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    const [row] = await listOutbox(U, h.db);
    await h.db.outbox.put({ ...row, command: 'timeEntry.retired' } satisfies OutboxRow);
    await enqueueIn(h, U)('timeEntry.update', { TimeEntryID: 5, Notes: 'other' });
    await h.engine.syncNow();
    await h.engine.syncNow();
    expect(paths(h.server.received)).toEqual(['PUT time-entries/5']);
    expect(h.errors.map((e) => (e as Error).message)).toEqual([
      'Offline command not registered, not sending: timeEntry.retired',
    ]);
  });

  it('a create answered without an id is reported, naming the command and the entity', async () => {
    const h = harness();
    h.server.respond = () => ({ status: 201, body: { Message: 'Created.' } });
    const temp = await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    expect(h.errors.map((e) => (e as Error).message)).toEqual([
      `timeEntry.create: no server id for timeEntry:${temp}; the changes that need it are blocked`,
    ]);
  });

  it('an acknowledgement handler that throws is reported, and the change still counts as done', async () => {
    const registry = new CommandRegistry();
    const base = timeEntryRegistry().get('timeEntry.update');
    if (!base) throw new Error('missing command');
    registry.register({
      ...base,
      onAck: () => {
        throw new Error('handler broke');
      },
    });
    const db = newDb();
    const clock = new ManualClock();
    const server = new FakeServer();
    server.entries.set(3, { TimeEntryID: 3, Notes: 'x', Version: 1 });
    const { engine, errors } = makeEngine({ db, registry, clock, send: server.send });
    await enqueueIn({ db, registry, clock }, U)('timeEntry.update', { TimeEntryID: 3, Notes: 'y' });
    await engine.syncNow();
    expect(await listOutbox(U, db)).toEqual([]);
    expect(errors.map((e) => (e as Error).message)).toEqual(['handler broke']);
    expect(server.received).toHaveLength(1);
  });

  it('subscribers hear the status at once and on changes, until they unsubscribe', async () => {
    const h = harness();
    const heard: boolean[] = [];
    const stop = h.engine.subscribe((s) => heard.push(s.sending));
    expect(heard).toEqual([false]);
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    expect(heard).toContain(true);
    const count = heard.length;
    stop();
    await createOffline(h, U, { Notes: 'b' });
    await h.engine.syncNow();
    expect(heard).toHaveLength(count);
  });

  it('a failure to take the lock is reported and the run is tried again after the backoff', async () => {
    let refusals = 1;
    const h = harness({
      locks: {
        request: async (_name, callback) => {
          if (refusals-- > 0) throw new Error('storage failed');
          return callback();
        },
      },
    });
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.start();
    expect(h.errors.map((e) => (e as Error).message)).toEqual(['storage failed']);
    expect(h.server.received).toHaveLength(0);
    expect(h.clock.pendingTimers()).toBe(1);
    h.clock.advance(FIRST_BACKOFF - 1);
    expect(h.server.received).toHaveLength(0);
    h.clock.advance(1);
    await waitFor(() => h.server.entries.size === 1);
    await h.engine.stop();
  });
});

describe('the last sync', () => {
  it('is read back at start and saved after a run that left nothing to retry', async () => {
    const h = harness();
    await setLastSyncAt(U, 5_000, h.db);
    await h.engine.start();
    await waitFor(() => h.engine.getStatus().lastSyncAt === 5_000);
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    expect(h.engine.getStatus().lastSyncAt).toBe(h.clock.time);
    expect(await getLastSyncAt(U, h.db)).toBe(h.clock.time);
    await h.engine.stop();
  });

  it('is not saved while a change waits to be tried again, or when the server was not reached', async () => {
    const h = harness();
    h.server.respond = (r) =>
      (r.body as { Notes?: string }).Notes === 'boom' ? { status: 500, body: null } : undefined;
    await createOffline(h, U, { Notes: 'boom' });
    await createOffline(h, U, { Notes: 'fine' });
    await h.engine.syncNow();
    expect(h.server.entries.size).toBe(1);
    expect(await getLastSyncAt(U, h.db)).toBeUndefined();

    const db = newDb();
    const clock = new ManualClock();
    const registry = timeEntryRegistry();
    const { engine } = makeEngine({
      db,
      registry,
      clock,
      send: () => Promise.reject(new TypeError('offline')),
    });
    await createOffline({ db, registry, clock }, U, { Notes: 'a' });
    await engine.syncNow();
    expect(await getLastSyncAt(U, db)).toBeUndefined();
    expect(engine.getStatus().lastSyncAt).toBeNull();
  });

  it('an empty outbox on a reached server is nothing to save (nothing was sent)', async () => {
    const h = harness();
    await h.engine.syncNow();
    expect(await getLastSyncAt(U, h.db)).toBeUndefined();
  });
});

describe('events and stopping', () => {
  it('a visit runs when the page is visible or says nothing, not when hidden; other messages are ignored', async () => {
    const hidden = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const silent = new EventTarget();
    const sw = new EventTarget();
    for (const doc of [hidden, silent]) {
      const h = harness({ events: { window: null, document: doc, serviceWorker: sw } });
      h.server.respond = () => ({ status: 500, body: null });
      await createOffline(h, U, { Notes: 'a' });
      await h.engine.start();
      expect(h.server.received).toHaveLength(1);
      h.server.respond = () => undefined;
      h.clock.time += 60_000;
      sw.dispatchEvent(new MessageEvent('message', { data: { type: 'other' } }));
      sw.dispatchEvent(new MessageEvent('message', { data: 'sync' }));
      doc.dispatchEvent(new Event('visibilitychange'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(h.server.entries.size).toBe(doc === hidden ? 0 : 1);
      await h.engine.stop();
    }
  });

  it("another user's new work does not start a run", async () => {
    const h = harness();
    await h.engine.start();
    let sends = 0;
    h.server.respond = () => {
      sends += 1;
      return undefined;
    };
    await createOffline(h, 'bob', { Notes: 'not mine' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sends).toBe(0);
    expect(h.engine.getStatus().pending).toBe(0);
    await h.engine.stop();
  });

  it('starting twice listens once; after stop nothing is sent and no timer is left', async () => {
    const win = new EventTarget();
    const h = harness({ events: { window: win, document: null, serviceWorker: null } });
    h.server.respond = () => ({ status: 503, body: null });
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.start();
    await h.engine.start();
    expect(h.server.received).toHaveLength(1);
    win.dispatchEvent(new Event('online'));
    await waitFor(() => h.server.received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.server.received).toHaveLength(2);
    expect(h.clock.pendingTimers()).toBe(1);

    await h.engine.stop();
    expect(h.clock.pendingTimers()).toBe(0);
    h.server.respond = () => undefined;
    await h.engine.syncNow();
    await h.engine.start();
    win.dispatchEvent(new Event('online'));
    await createOffline(h, U, { Notes: 'b' });
    h.clock.advance(60 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.server.received).toHaveLength(2);
  });

  it('without persistent storage to ask for, the engine still starts', async () => {
    const h = harness({ storage: undefined });
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.start();
    expect(h.server.entries.size).toBe(1);
    await h.engine.stop();
  });
});

describe("the page's defaults", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    for (const name of ['locks', 'serviceWorker'])
      if (Object.getOwnPropertyDescriptor(navigator, name)) Reflect.deleteProperty(navigator, name);
  });

  function pageEngine(send: SendFunction, db = newDb()) {
    // Only what a page cannot give a test: the registry, the user, and no storage request.
    const engine = new SyncEngine({ db, userId: U, send, registry: timeEntryRegistry(), storage: null });
    return { db, engine };
  }

  it("waits on the page's timers and clock for the backoff, with the engine's own jitter", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-02T12:00:00Z'));
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const server = new FakeServer();
    let down = true;
    server.respond = () => (down ? { status: 503, body: null } : undefined);
    const { db, engine } = pageEngine(server.send);
    await createOffline({ db, registry: timeEntryRegistry(), clock: { now: Date.now } as ManualClock }, U, {
      Notes: 'a',
    });
    await engine.start();
    const [row] = await listOutbox(U, db);
    expect(row.nextAttemptAt - Date.now()).toBe(1_000);
    down = false;
    await vi.advanceTimersByTimeAsync(999);
    expect(server.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(server.entries.size).toBe(1));
    await engine.stop();
  });

  it("uses the browser's Web Locks when there are some, named after the user", async () => {
    const names: string[] = [];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: (name: string, callback: () => Promise<unknown>) => {
          names.push(name);
          return callback();
        },
      },
    });
    const server = new FakeServer();
    const { engine } = pageEngine(server.send);
    await engine.syncNow();
    expect(names).toEqual(['apex-sync-u1']);
    await engine.stop();
  });

  it("starts offline when the browser says so, and follows the window's events", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = new FakeServer();
    const db = newDb();
    const { engine } = pageEngine(server.send, db);
    expect(engine.getStatus().online).toBe(false);
    await createOffline({ db, registry: timeEntryRegistry(), clock: new ManualClock() }, U, { Notes: 'a' });
    await engine.start();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => server.entries.size === 1 && engine.getStatus().online);
    window.dispatchEvent(new Event('offline'));
    expect(engine.getStatus().online).toBe(false);
    await engine.stop();
  });

  it('a visit to the page runs the engine', async () => {
    const server = new FakeServer();
    const db = newDb();
    const { engine } = pageEngine(server.send, db);
    await engine.start();
    // Written without telling the engine (as another page's code might): only the visit sends it.
    await db.outbox.put({
      id: 'r1',
      userId: U,
      command: 'timeEntry.create',
      args: { TimeEntryID: -1, Notes: 'a' },
      entityKey: 'timeEntry:-1',
      method: 'POST',
      path: 'time-entries',
      body: { Notes: 'a' },
      idempotencyKey: 'key-r1',
      createdAt: 0,
      seq: 1,
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
      status: 'pending',
      tempRefs: [-1],
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.received).toHaveLength(0);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => server.entries.size === 1);
    await engine.stop();
  });

  it("asks the page's service worker for a Background Sync after a network failure, and runs on its message", async () => {
    const register = vi.fn(async (_tag: string) => undefined);
    const sw = Object.assign(new EventTarget(), { ready: Promise.resolve({ sync: { register } }) });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: sw });
    let up = false;
    const server = new FakeServer();
    const send: SendFunction = (request) =>
      up ? server.send(request) : Promise.reject(new TypeError('offline'));
    const db = newDb();
    const { engine } = pageEngine(send, db);
    await createOffline({ db, registry: timeEntryRegistry(), clock: new ManualClock() }, U, { Notes: 'a' });
    await engine.start();
    await waitFor(() => register.mock.calls.length === 1);
    expect(register).toHaveBeenCalledWith('apex-outbox');
    up = true;
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'sync' } }));
    await waitFor(() => server.entries.size === 1);
    await engine.stop();
  });

  it('reports unexpected errors on the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const db = newDb();
    const { engine } = pageEngine(new FakeServer().send, db);
    await createOffline({ db, registry: timeEntryRegistry(), clock: new ManualClock() }, U, { Notes: 'a' });
    const [row] = await listOutbox(U, db);
    await db.outbox.put({ ...row, command: 'gone' });
    await engine.syncNow();
    expect(logged).toHaveBeenCalledWith(
      '[sync]',
      expect.objectContaining({ message: expect.stringContaining('gone') }),
    );
    await engine.stop();
  });
});
