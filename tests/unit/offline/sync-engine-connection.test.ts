// The sync engine and the app's connection store: its status follows what requests found, it probes the
// server on the store's backoff while the server is not reached, and sends at once when it is again.
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../../src/offline/db';
import {
  connectedHarness,
  createOffline,
  FakeServer,
  ManualClock,
  makeEngine,
  newDb,
  settle,
  timeEntryRegistry,
  waitFor,
} from './offline-kit';

const U = 'u1';

const setup = connectedHarness;

describe('sync engine and the connection', () => {
  it('follows the connection store for its online status', async () => {
    const h = setup();
    await h.engine.start();
    expect(h.engine.getStatus().online).toBe(true);
    h.connection.reportFailure();
    expect(h.engine.getStatus().online).toBe(true);
    h.connection.reportFailure();
    expect(h.engine.getStatus().online).toBe(false);
    h.connection.reportAnswer();
    expect(h.engine.getStatus().online).toBe(true);
    await h.engine.stop();
  });

  it('probes on the backoff while the server is not reached, never more often', async () => {
    const h = setup();
    h.net.up = false;
    await h.engine.start();
    const start = h.clock.time;
    h.connection.reportFailure();
    h.connection.reportFailure(); // lost (two reads failing together); next try due in 1.5 s
    h.clock.advance(1_499);
    await settle();
    expect(h.probes).toEqual([]);
    h.clock.advance(1);
    await settle();
    expect(h.probes).toEqual([start + 1_500]);
    // The probe failed: 3 s, then 6 s, 12 s, 24 s, 45 s … (random 0.5: three quarters of the cap).
    for (const wait of [3_000, 6_000, 12_000, 24_000, 45_000]) {
      h.clock.advance(wait - 1);
      await settle();
      const before = h.probes.length;
      h.clock.advance(1);
      await settle();
      expect(h.probes.length).toBe(before + 1);
    }
    expect(h.probes.length).toBe(6);
    await h.engine.stop();
    h.clock.advance(10 * 60_000);
    await settle();
    expect(h.probes.length).toBe(6);
  });

  it('checks a single failure with a probe: a second failure means not connected', async () => {
    const h = setup();
    h.net.up = false;
    await h.engine.start();
    h.connection.reportFailure(); // one read failed: not yet "no connection"
    expect(h.engine.getStatus().online).toBe(true);
    h.clock.advance(1_500);
    await settle();
    expect(h.probes).toHaveLength(1);
    expect(h.engine.getStatus().online).toBe(false);
    await h.engine.stop();
  });

  it('does not probe while all is well', async () => {
    const h = setup();
    await h.engine.start();
    h.clock.advance(60 * 60_000);
    await settle();
    expect(h.probes).toEqual([]);
    h.connection.reportFailure();
    h.connection.reportAnswer(); // answered before the probe was due: nothing to check
    h.clock.advance(60 * 60_000);
    await settle();
    expect(h.probes).toEqual([]);
    await h.engine.stop();
  });

  it('sends what is queued at once when the probe reaches the server, backoff or not', async () => {
    const h = setup();
    await h.engine.start();
    h.net.up = false;
    await createOffline(h, U, { Notes: 'a' }); // sent at once: it fails
    await waitFor(() => h.sent.length === 1);
    await settle();
    h.connection.reportFailure(); // a screen's read failed too: lost
    expect(h.engine.getStatus().online).toBe(false);
    expect(h.sent).toEqual(['POST time-entries']);
    // The row's own backoff (750 ms) passes: no send while the server is not reached, only the probe.
    h.clock.advance(1_000);
    await settle();
    expect(h.sent).toHaveLength(1);
    expect(await listOutbox(U, h.db)).toHaveLength(1);
    h.net.up = true;
    h.clock.advance(10_000);
    await waitFor(() => h.server.entries.size === 1);
    expect(h.probes.length).toBe(1);
    expect(h.engine.getStatus().online).toBe(true);
    await waitFor(async () => (await listOutbox(U, h.db)).length === 0);
    expect(h.server.received).toHaveLength(1);
    expect(h.sent).toHaveLength(2);
    await h.engine.stop();
  });

  it('asks the probe first when the user says "Send now" with no connection', async () => {
    const h = setup();
    await h.engine.start();
    h.net.up = false;
    h.connection.reportFailure();
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' });
    await h.engine.syncNow(); // still nothing: the probe failed, and the change was tried once
    expect(h.probes).toHaveLength(1);
    expect(h.server.entries.size).toBe(0);
    h.net.up = true;
    await h.engine.syncNow();
    expect(h.probes).toHaveLength(2);
    await waitFor(() => h.server.entries.size === 1);
    expect(h.engine.getStatus().online).toBe(true);
    // Connected: "Send now" sends, no probe.
    await createOffline(h, U, { Notes: 'b' });
    await h.engine.syncNow();
    await waitFor(() => h.server.entries.size === 2);
    expect(h.probes).toHaveLength(2);
    await h.engine.stop();
  });

  it('sends at once when any other request reaches the server (a screen’s read)', async () => {
    const h = setup();
    await h.engine.start();
    h.net.up = false;
    h.connection.reportFailure();
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' }); // queued while lost: not even tried
    await settle();
    expect(h.sent).toEqual([]);
    h.net.up = true;
    h.connection.reportAnswer();
    await waitFor(() => h.server.entries.size === 1);
    await h.engine.stop();
  });

  it('does not probe while the browser says it has no network; its online event sends', async () => {
    const h = setup();
    const win = new EventTarget();
    const engine = makeEngine(
      { db: h.db, registry: h.registry, clock: h.clock, send: (r) => h.server.send(r) },
      {
        connection: h.connection,
        probe: async () => h.probes.push(h.clock.time),
        events: { window: win, document: null, serviceWorker: null },
      },
    ).engine;
    await engine.start();
    win.dispatchEvent(new Event('offline'));
    expect(engine.getStatus().online).toBe(false);
    await createOffline(h, U, { Notes: 'a' });
    h.clock.advance(30 * 60_000);
    await settle();
    expect(h.probes).toEqual([]);
    expect(h.server.received).toHaveLength(0);
    win.dispatchEvent(new Event('online'));
    await waitFor(() => h.server.entries.size === 1);
    expect(engine.getStatus().online).toBe(true);
    await engine.stop();
  });

  it('without a probe, keeps sending on each row’s own backoff', async () => {
    const h = setup({ probe: false });
    await h.engine.start();
    h.net.up = false;
    h.connection.reportFailure();
    await createOffline(h, U, { Notes: 'a' });
    await waitFor(() => h.connection.getState().failures === 2);
    await settle();
    expect(h.engine.getStatus().online).toBe(false);
    h.net.up = true;
    h.clock.advance(60_000);
    await waitFor(() => h.server.entries.size === 1);
    await h.engine.stop();
  });
});

describe('sync engine with a connection of its own', () => {
  it('is offline after one failed send and online at the next answer', async () => {
    const db = newDb();
    const clock = new ManualClock();
    const server = new FakeServer();
    let up = false;
    const { engine } = makeEngine(
      {
        db,
        registry: timeEntryRegistry(),
        clock,
        send: (r) => (up ? server.send(r) : Promise.reject(new TypeError('x'))),
      },
      {},
    );
    await engine.start();
    await createOffline({ db, registry: timeEntryRegistry(), clock }, U, { Notes: 'a' });
    await engine.syncNow();
    expect(engine.getStatus().online).toBe(false);
    up = true;
    await engine.syncNow();
    expect(engine.getStatus()).toMatchObject({ online: true, pending: 0 });
    await engine.stop();
  });

  it('starts from what the browser says', () => {
    const { engine } = makeEngine(
      {
        db: newDb(),
        registry: timeEntryRegistry(),
        clock: new ManualClock(),
        send: async () => ({ status: 200, body: null }),
      },
      { isOnline: () => false },
    );
    expect(engine.getStatus().online).toBe(false);
  });
});
