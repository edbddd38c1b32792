// When the sync engine (src/offline/sync-engine.ts) sends what: the wake-up for the earliest change in
// backoff, a server asking to slow down stopping the whole run, the user's actions sending only what they
// touch, the sends that ignore backoff (sign-in again, the browser's `online`, the server reached again,
// "Send now"), a change discarded at the moment it was to go, and what an acknowledgement hands to the
// command. The clock is a manual one: nothing here depends on the wall clock.
import { describe, expect, it } from 'vitest';
import { listOutbox, type OutboxRow } from '../../../src/offline/db';
import { discardRow } from '../../../src/offline/outbox';
import type { SendFunction } from '../../../src/offline/sync-protocol';
import { makeEntityKey } from '../../../src/offline/temp-ids';
import {
  connectedHarness,
  createOffline,
  enqueueIn,
  harness,
  type ManualClock,
  makeEngine,
  settle,
  TimeEntryArgs,
  waitFor,
} from './offline-kit';

const U = 'u1';
const paths = (requests: Array<{ method: string; path: string }>) =>
  requests.map((r) => `${r.method} ${r.path}`);

/** The harness's backoff for a first attempt (random 0.5, one second base): 750 ms. */
const FIRST_BACKOFF = 750;

/** When the engine will next wake up by itself (null: never). */
function nextWake(clock: ManualClock): number | null {
  const due = clock.timers.filter((t) => !t.cancelled).map((t) => t.at);
  return due.length === 0 ? null : Math.min(...due);
}

const update = (id: number, notes: string) =>
  ['timeEntry.update', { TimeEntryID: id, Notes: notes }] as const;

describe('waking up for changes in backoff', () => {
  it('a 500 goes again by itself when its backoff ends, not before; a refused change never does', async () => {
    const h = harness();
    let down = true;
    h.server.respond = (r) => {
      if (r.path === 'time-entries/77') return { status: 422, body: { Message: 'No.' } };
      return down ? { status: 500, body: null } : undefined;
    };
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)(...update(77, 'x'));
    await h.engine.start();
    expect(paths(h.server.received)).toEqual(['POST time-entries', 'PUT time-entries/77']);
    expect(nextWake(h.clock)).toBe(h.clock.time + FIRST_BACKOFF);
    down = false;
    h.clock.advance(FIRST_BACKOFF - 1);
    await settle();
    expect(h.server.received).toHaveLength(2);
    h.clock.advance(1);
    await waitFor(async () => (await listOutbox(U, h.db)).length === 1);
    await settle();
    // The refused change waits for the user: nothing more is planned.
    expect(h.server.received).toHaveLength(3);
    expect(nextWake(h.clock)).toBeNull();
    expect((await listOutbox(U, h.db)).map((r) => r.status)).toEqual(['failed']);
    await h.engine.stop();
  });

  it('wakes up when the earliest change is due, whatever the order they were queued in', async () => {
    const h = harness();
    const waits: Record<string, string> = {
      'time-entries/77': '5',
      'time-entries/78': '1',
      'time-entries/79': '3',
    };
    let down = true;
    h.server.respond = (r) =>
      down ? { status: 500, body: null, headers: { 'retry-after': waits[r.path] } } : undefined;
    for (const id of [77, 78, 79]) {
      h.server.entries.set(id, { TimeEntryID: id, Notes: 'old', Version: 1 });
      await enqueueIn(h, U)(...update(id, 'x'));
    }
    await h.engine.syncNow();
    expect(h.server.received).toHaveLength(3);
    expect(nextWake(h.clock)).toBe(h.clock.time + 1_000);
    down = false;
    h.clock.advance(999);
    await settle();
    expect(h.server.received).toHaveLength(3);
    h.clock.advance(1);
    await waitFor(() => h.server.received.length === 4);
    // The next wake-up is for the change due next (79, two seconds later).
    await waitFor(() => nextWake(h.clock) === h.clock.time + 2_000);
    expect(paths(h.server.received.slice(3))).toEqual(['PUT time-entries/78']);
  });

  it('a change left "sending" by a tab that closed goes with the next run, not held by its old backoff', async () => {
    const h = harness();
    h.server.entries.set(77, { TimeEntryID: 77, Notes: 'old', Version: 1 });
    await enqueueIn(h, U)(...update(77, 'x'));
    await enqueueIn(h, U)(...update(78, 'dropped'));
    const [leftSending, other] = await listOutbox(U, h.db);
    // The closed tab had claimed it early (the user's "Send now") and never heard back.
    await h.db.outbox.put({
      ...leftSending,
      status: 'sending',
      attempts: 2,
      nextAttemptAt: h.clock.time + 60_000,
    });
    await h.engine.discard(other.id); // any run that is not forced
    await waitFor(() => h.server.received.length === 1);
    expect(h.server.received[0]).toMatchObject({ path: 'time-entries/77', key: leftSending.idempotencyKey });
  });

  it('a server that asks to slow down stops the run, even after a change went through', async () => {
    const h = harness();
    let busy = true;
    h.server.respond = (r) =>
      busy && r.path === 'time-entries/77'
        ? { status: 503, body: null, headers: { 'retry-after': '2' } }
        : undefined;
    h.server.entries.set(77, { TimeEntryID: 77, Notes: 'old', Version: 1 });
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)(...update(77, 'x'));
    await createOffline(h, U, { Notes: 'c' });
    await h.engine.syncNow();
    expect(paths(h.server.received)).toEqual(['POST time-entries', 'PUT time-entries/77']);
    expect(nextWake(h.clock)).toBe(h.clock.time + 2_000);
    busy = false;
    h.clock.advance(2_000);
    await waitFor(async () => (await listOutbox(U, h.db)).length === 0);
    expect(paths(h.server.received).slice(2)).toEqual(['PUT time-entries/77', 'POST time-entries']);
    await h.engine.stop();
  });

  it('a failure to take the lock is tried again after the backoff, not before', async () => {
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
    h.clock.advance(1);
    await settle();
    expect(h.server.received).toHaveLength(0);
    h.clock.advance(FIRST_BACKOFF - 1);
    await waitFor(() => h.server.entries.size === 1);
    await h.engine.stop();
  });
});

describe("the user's actions", () => {
  /** A change in backoff after a 500 (entity 1) and a refused one (entity 77), both tried once. */
  async function oneWaitingOneRefused() {
    const h = harness();
    h.server.respond = (r) => {
      if (r.method === 'POST') return { status: 500, body: null };
      if (r.path === 'time-entries/77' && (r.body as { Notes: string }).Notes === 'x')
        return { status: 422, body: { Message: 'No.' } };
      return undefined;
    };
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)(...update(77, 'x'));
    await h.engine.syncNow();
    h.server.entries.set(77, { TimeEntryID: 77, Notes: 'x', Version: 1 });
    const refused = (await listOutbox(U, h.db)).find((r) => r.status === 'failed') as OutboxRow;
    // The page reloads: a new engine, not started yet, on the same database.
    const { engine } = makeEngine({ ...h, send: h.server.send });
    return { h, engine, refused };
  }

  it('retry sends the retried change, not the ones still in backoff', async () => {
    const { h, engine, refused } = await oneWaitingOneRefused();
    h.server.respond = (r) => (r.method === 'POST' ? { status: 500, body: null } : undefined);
    await engine.retry(refused.id);
    await waitFor(() => h.server.received.length === 3);
    await settle();
    expect(paths(h.server.received)).toEqual([
      'POST time-entries',
      'PUT time-entries/77',
      'PUT time-entries/77',
    ]);
  });

  it('edit sends the edited change, not the ones still in backoff', async () => {
    const { h, engine, refused } = await oneWaitingOneRefused();
    await engine.edit(refused.id, { TimeEntryID: 77, Notes: 'fixed' });
    await waitFor(() => h.server.received.length === 3);
    await settle();
    expect(paths(h.server.received)).toEqual([
      'POST time-entries',
      'PUT time-entries/77',
      'PUT time-entries/77',
    ]);
    expect(h.server.entries.get(77)).toMatchObject({ Notes: 'fixed' });
  });

  it('discard sends nothing, not even the changes still in backoff', async () => {
    const { h, engine, refused } = await oneWaitingOneRefused();
    await engine.discard(refused.id);
    await settle();
    expect(h.server.received).toHaveLength(2);
  });

  it('a refused change keeps no "server version" (that is for conflicts)', async () => {
    const { h, refused } = await oneWaitingOneRefused();
    expect(refused).toMatchObject({ status: 'failed', lastStatus: 422, lastError: 'No.' });
    expect(refused.conflict).toBeUndefined();
    expect(h.errors).toEqual([]);
  });
});

describe('sending at once, backoff or not', () => {
  it('after signing in again: the change refused with 401 and those waiting in backoff', async () => {
    const h = harness();
    let signedIn = false;
    h.server.respond = (r) => {
      if (r.method === 'POST' && !signedIn) return { status: 500, body: null };
      if (r.path === 'time-entries/77' && !signedIn) return { status: 401, body: { Message: 'Sign in.' } };
      return undefined;
    };
    h.server.entries.set(77, { TimeEntryID: 77, Notes: 'old', Version: 1 });
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)(...update(77, 'x'));
    await h.engine.syncNow();
    expect(h.engine.getStatus()).toMatchObject({ paused: true, pending: 2 });
    signedIn = true;
    await h.engine.resume();
    expect(await listOutbox(U, h.db)).toEqual([]);
    expect(h.server.received).toHaveLength(4);
  });

  it('resume() without a pause also sends what waits in backoff', async () => {
    const h = harness();
    let down = true;
    h.server.respond = () => (down ? { status: 500, body: null } : undefined);
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    down = false;
    await h.engine.resume();
    expect(h.server.entries.size).toBe(1);
  });

  it("on the browser's online event", async () => {
    const win = new EventTarget();
    const h = harness({ events: { window: win, document: null, serviceWorker: null } });
    let up = false;
    const { engine } = makeEngine(
      { ...h, send: (r) => (up ? h.server.send(r) : Promise.reject(new TypeError('Failed to fetch'))) },
      { events: { window: win, document: null, serviceWorker: null } },
    );
    await createOffline(h, U, { Notes: 'a' });
    await engine.start();
    expect((await listOutbox(U, h.db))[0].nextAttemptAt).toBeGreaterThan(h.clock.time);
    up = true;
    win.dispatchEvent(new Event('online'));
    await waitFor(() => h.server.entries.size === 1);
    await engine.stop();
  });

  it('when another request reaches the server again', async () => {
    const h = connectedHarness();
    await h.engine.start();
    h.net.up = false;
    await createOffline(h, U, { Notes: 'a' }); // tried at once: fails, backoff
    await waitFor(async () => (await listOutbox(U, h.db))[0].nextAttemptAt > h.clock.time);
    await settle();
    h.connection.reportFailure(); // a screen's read failed too: lost
    expect(h.engine.getStatus().online).toBe(false);
    h.net.up = true;
    h.connection.reportAnswer(); // a screen's read is answered; the clock has not moved
    await waitFor(() => h.server.entries.size === 1);
    await h.engine.stop();
  });

  it('not when the connection is lost: nothing is tried then', async () => {
    const h = connectedHarness();
    await h.engine.start();
    h.server.respond = () => ({ status: 500, body: null });
    await createOffline(h, U, { Notes: 'a' }); // answered 500: backoff
    await waitFor(async () => (await listOutbox(U, h.db))[0].nextAttemptAt > h.clock.time);
    await settle();
    h.net.up = false;
    h.connection.reportFailure();
    h.connection.reportFailure();
    expect(h.engine.getStatus().online).toBe(false);
    await settle();
    expect(h.sent).toHaveLength(1);
    await h.engine.stop();
  });

  it('"Send now" with no connection tries the change even when the probe fails, and returns when done', async () => {
    const h = connectedHarness();
    const { engine } = makeEngine(
      { ...h, send: (r) => h.server.send(r) },
      { connection: h.connection, probe: () => Promise.reject(new TypeError('probe failed')) },
    );
    await engine.start();
    h.connection.reportFailure();
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' });
    await engine.syncNow();
    expect(h.server.entries.size).toBe(1);
    expect(await listOutbox(U, h.db)).toEqual([]);
    await engine.stop();
  });

  it('"Send now" whose probe reaches the server has sent the change when it returns', async () => {
    const h = connectedHarness();
    await h.engine.start();
    h.connection.reportFailure();
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    expect(h.probes).toHaveLength(1);
    expect(await listOutbox(U, h.db)).toEqual([]);
    await h.engine.stop();
  });

  it("the engine's own answer bringing the connection back does not send a change in backoff again", async () => {
    const h = connectedHarness({ probe: false });
    h.server.respond = (r) => (r.path === 'time-entries/77' ? { status: 500, body: null } : undefined);
    h.connection.reportFailure();
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)(...update(77, 'x'));
    await h.engine.start(); // a forced run: both go, the first answer brings the connection back
    expect(h.engine.getStatus().online).toBe(true);
    await settle();
    expect(h.sent).toEqual(['POST time-entries', 'PUT time-entries/77']);
    await h.engine.stop();
  });

  it('a second start() during the first run returns when that run has ended', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    const first = h.engine.start();
    await h.engine.start();
    expect(h.server.entries.size).toBe(1);
    await first;
    await h.engine.stop();
  });

  it("shows the app's connection as it is when the engine starts", async () => {
    const h = connectedHarness();
    h.connection.reportFailure();
    h.connection.reportFailure();
    await h.engine.start();
    expect(h.engine.getStatus().online).toBe(false);
    await h.engine.stop();
  });
});

describe('probing the server', () => {
  it('an engine not started yet does not probe in the background', async () => {
    const h = connectedHarness();
    h.net.up = false;
    h.connection.reportFailure();
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow(); // the user's "Send now": one probe, then the change is tried
    expect(h.probes).toHaveLength(1);
    h.clock.advance(30 * 60_000);
    await settle();
    expect(h.probes).toHaveLength(1);
    expect(h.sent).toHaveLength(1);
  });

  it('a stopped engine neither probes nor sends, even on "Send now"', async () => {
    const h = connectedHarness();
    await h.engine.start();
    await h.engine.stop();
    h.connection.reportFailure();
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow();
    h.clock.advance(30 * 60_000);
    await settle();
    expect(h.probes).toEqual([]);
    expect(h.sent).toEqual([]);
  });

  it('a probe still waiting for its answer is not doubled when other requests fail meanwhile', async () => {
    const h = connectedHarness();
    const probes: number[] = [];
    const { engine } = makeEngine(
      { ...h, send: (r) => h.server.send(r) },
      {
        connection: h.connection,
        probe: () => {
          probes.push(h.clock.time);
          return new Promise(() => undefined); // no answer, for as long as the test lasts
        },
      },
    );
    await engine.start();
    h.connection.reportFailure();
    h.connection.reportFailure();
    h.clock.advance(60_000);
    await settle();
    expect(probes).toHaveLength(1);
    h.connection.reportFailure(); // a screen's read fails while the probe is out
    h.clock.advance(30 * 60_000);
    await settle();
    expect(probes).toHaveLength(1);
    await engine.stop();
  });
});

describe('a change discarded while the engine works', () => {
  it('while an earlier change is in flight: it is not sent, nothing is reported', async () => {
    const h = harness();
    await createOffline(h, U, { Notes: 'a' });
    await enqueueIn(h, U)(...update(77, 'x'));
    const [, later] = await listOutbox(U, h.db);
    const { engine, errors } = makeEngine({
      ...h,
      send: async (request) => {
        if (request.method === 'POST') await discardRow(h.db, U, later.id, h.clock.time);
        return h.server.send(request);
      },
    });
    await engine.syncNow();
    expect(paths(h.server.received)).toEqual(['POST time-entries']);
    expect(errors).toEqual([]);
    expect(engine.getStatus().pending).toBe(0);
  });

  it('at the very moment it was to go: it is not sent, and the next change of the record still goes', async () => {
    const h = harness();
    h.server.entries.set(77, { TimeEntryID: 77, Notes: 'old', Version: 1 });
    await enqueueIn(h, U)(...update(77, 'x'));
    await enqueueIn(h, U)(...update(77, 'y'));
    const [gone] = await listOutbox(U, h.db);
    // The engine has listed the outbox; the user discards the row just before the engine claims it
    // (the claim is the engine's first read-write transaction of the run).
    const transaction = h.db.transaction.bind(h.db) as unknown as (...args: unknown[]) => Promise<unknown>;
    let discarded = false;
    h.db.transaction = ((...args: unknown[]) => {
      if (args[0] !== 'rw' || discarded) return transaction(...args);
      discarded = true;
      return discardRow(h.db, U, gone.id, h.clock.time).then(() => transaction(...args));
    }) as unknown as typeof h.db.transaction;
    await h.engine.syncNow();
    expect(discarded).toBe(true);
    expect(h.server.received.map((r) => (r.body as { Notes: string }).Notes)).toEqual(['y']);
    expect(h.errors).toEqual([]);
    expect(await listOutbox(U, h.db)).toEqual([]);
  });
  it('an answer for a change cleared meanwhile (the user signed out) leaves nothing behind and no error', async () => {
    const h = harness();
    await enqueueIn(h, U)(...update(77, 'x'));
    const [row] = await listOutbox(U, h.db);
    const { engine, errors } = makeEngine({
      ...h,
      send: async () => {
        await h.db.outbox.delete(row.id);
        return { status: 422, body: { Message: 'No.' } };
      },
    });
    await engine.syncNow();
    expect(errors).toEqual([]);
    expect(await h.db.outbox.toArray()).toEqual([]);
    expect(engine.getStatus()).toMatchObject({ pending: 0, failed: 0 });
  });
});

describe('an acknowledgement', () => {
  it("gives the command its user, row and database, and takes the server id the command's handler returns", async () => {
    const h = harness();
    const seen: Array<{ userId: string; rowId: string; sameDb: boolean }> = [];
    h.registry.register({
      name: 'timeEntry.import',
      args: TimeEntryArgs,
      toRequest: ({ TimeEntryID, ...body }) => ({
        method: 'POST',
        path: 'time-entries',
        body,
        entityKey: makeEntityKey('timeEntry', TimeEntryID),
      }),
      draft: (a) => ({ entity: 'timeEntry', localId: a.TimeEntryID, data: a }),
      onAck: (_args, body, ctx) => {
        seen.push({ userId: ctx.userId, rowId: ctx.row.id, sameDb: ctx.db === h.db });
        return { serverId: (body as { TimeEntryID: number }).TimeEntryID };
      },
    });
    const tempId = await createOffline(h, U, { Notes: 'plain' });
    await enqueueIn(h, U)('timeEntry.import', { TimeEntryID: tempId - 1, Notes: 'imported' });
    const importRow = (await listOutbox(U, h.db)).at(-1) as OutboxRow;
    await enqueueIn(h, U)(...update(tempId - 1, 'edited'));
    await h.engine.syncNow();
    expect(seen).toEqual([{ userId: U, rowId: importRow.id, sameDb: true }]);
    expect(paths(h.server.received)).toEqual([
      'POST time-entries',
      'POST time-entries',
      'PUT time-entries/801',
    ]);
    expect(h.errors).toEqual([]);
  });

  it('a network failure with Background Sync switched off is no error', async () => {
    const h = harness();
    const send: SendFunction = () => Promise.reject(new TypeError('Failed to fetch'));
    const { engine, errors } = makeEngine({ ...h, send });
    await createOffline(h, U, { Notes: 'a' });
    await engine.syncNow();
    expect(errors).toEqual([]);
    expect((await listOutbox(U, h.db))[0]).toMatchObject({ status: 'pending', lastError: 'Failed to fetch' });
  });
});
