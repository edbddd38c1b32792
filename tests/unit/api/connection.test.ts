import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  CONNECTION_BACKOFF,
  type ConnectionState,
  ConnectionStore,
  FAILURES_BEFORE_OFFLINE,
} from '../../../src/api/connection';

function store(options: { online?: boolean; failuresBeforeOffline?: number } = {}) {
  const clock = { time: 1_000_000 };
  const connection = new ConnectionStore({ now: () => clock.time, random: () => 0.5, ...options });
  const seen: Array<[ConnectionState, ConnectionState]> = [];
  connection.subscribe((state, previous) => seen.push([state, previous]));
  return { connection, clock, seen };
}

describe('connection store', () => {
  it('stays connected after one network failure and is lost after two in a row', () => {
    const { connection } = store();
    expect(FAILURES_BEFORE_OFFLINE).toBe(2);
    expect(connection.getState()).toEqual({
      online: true,
      browserOffline: false,
      failures: 0,
      retryAt: null,
    });
    connection.reportFailure();
    expect(connection.getState()).toMatchObject({ online: true, failures: 1 });
    connection.reportFailure();
    expect(connection.getState()).toMatchObject({ online: false, failures: 2 });
  });

  it('is connected again, at once, by any answer, and failures start again from zero', () => {
    const { connection } = store();
    connection.reportFailure();
    connection.reportFailure();
    connection.reportFailure();
    connection.reportAnswer();
    expect(connection.getState()).toEqual({
      online: true,
      browserOffline: false,
      failures: 0,
      retryAt: null,
    });
    // An answer between two failures: not two in a row.
    connection.reportFailure();
    connection.reportAnswer();
    connection.reportFailure();
    expect(connection.online).toBe(true);
  });

  it('backs off exponentially while attempts fail, capped at a minute', () => {
    const { connection, clock } = store();
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      clock.time = connection.getState().retryAt ?? clock.time; // each try when due
      connection.reportFailure();
      waits.push((connection.getState().retryAt ?? 0) - clock.time);
    }
    // random 0.5: three quarters of min(60 s, 2 s·2^(n-1)).
    expect(waits).toEqual([1_500, 3_000, 6_000, 12_000, 24_000, 45_000, 45_000, 45_000]);
    expect(CONNECTION_BACKOFF).toEqual({ baseMs: 2_000, maxMs: 60_000 });
    // Once answered, the wait starts small again.
    connection.reportAnswer();
    connection.reportFailure();
    expect((connection.getState().retryAt ?? 0) - clock.time).toBe(1_500);
  });

  it('counts requests failing together (a screen’s reads) as one attempt: the wait does not run away', () => {
    const { connection, clock } = store();
    for (let i = 0; i < 6; i++) connection.reportFailure();
    expect(connection.getState()).toMatchObject({ failures: 6, online: false, retryAt: clock.time + 1_500 });
    clock.time += 1_000;
    connection.reportFailure();
    expect(connection.getState().retryAt).toBe(clock.time + 500);
    clock.time += 500;
    connection.reportFailure();
    expect(connection.getState().retryAt).toBe(clock.time + 3_000);
  });

  it('starts the wait small again when the browser has a network again', () => {
    const { connection, clock } = store();
    for (let i = 0; i < 3; i++) {
      clock.time = connection.getState().retryAt ?? clock.time;
      connection.reportFailure();
    }
    connection.setBrowserOnline(true); // an online event without an offline one: another network
    expect(connection.getState()).toMatchObject({ online: true, failures: 0, retryAt: null });
    connection.reportFailure();
    expect(connection.getState().retryAt).toBe(clock.time + 1_500);
  });

  it('says when trying again is due', () => {
    const { connection, clock } = store();
    expect(connection.mayTry()).toBe(true);
    connection.reportFailure();
    expect(connection.mayTry()).toBe(false);
    clock.time += 1_499;
    expect(connection.mayTry()).toBe(false);
    clock.time += 1;
    expect(connection.mayTry()).toBe(true);
    connection.reportFailure();
    expect(connection.mayTry()).toBe(false);
    connection.reportAnswer();
    expect(connection.mayTry()).toBe(true);
  });

  it('follows the browser: offline at once, online again with failures forgotten', () => {
    const { connection, seen } = store();
    const win = new EventTarget();
    const stop = connection.follow(win);
    connection.reportFailure();
    win.dispatchEvent(new Event('offline'));
    expect(connection.getState()).toMatchObject({ online: false, browserOffline: true });
    // A failure while the browser has no network does not make it "online" again, of course.
    connection.reportFailure();
    expect(connection.online).toBe(false);
    win.dispatchEvent(new Event('online'));
    expect(connection.getState()).toEqual({
      online: true,
      browserOffline: false,
      failures: 0,
      retryAt: null,
    });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    stop();
    win.dispatchEvent(new Event('offline'));
    expect(connection.online).toBe(true);
  });

  it('starts offline when the window says so', () => {
    const { connection } = store();
    const win = Object.assign(new EventTarget(), { navigator: { onLine: false } });
    connection.follow(win);
    expect(connection.getState()).toMatchObject({ online: false, browserOffline: true });
  });

  it('tells listeners each change with the state before, and nothing when nothing changed', () => {
    const { connection, seen } = store();
    connection.reportAnswer(); // already connected: no change
    expect(seen).toEqual([]);
    connection.reportFailure();
    connection.reportFailure();
    connection.reportAnswer();
    expect(seen.map(([state, previous]) => [previous.online, state.online])).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ]);
  });

  it('can be lost at the first failure (the sync engine’s own store)', () => {
    const { connection } = store({ failuresBeforeOffline: 1, online: false });
    expect(connection.online).toBe(false);
    connection.reportAnswer();
    connection.reportFailure();
    expect(connection.online).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('waits between half and all of base·2^(n-1), capped', () => {
    const options = { baseMs: 1_000, maxMs: 10_000 };
    expect(backoffDelay(1, () => 0, options)).toBe(500);
    expect(backoffDelay(1, () => 1, options)).toBe(1_000);
    expect(backoffDelay(3, () => 0.5, options)).toBe(3_000);
    expect(backoffDelay(10, () => 1, options)).toBe(10_000);
    expect(backoffDelay(0, () => 1, options)).toBe(1_000);
    // A Retry-After is honoured up to the cap.
    expect(backoffDelay(1, () => 0, options, 7_000)).toBe(7_000);
    expect(backoffDelay(1, () => 0, options, 70_000)).toBe(10_000);
  });
});
