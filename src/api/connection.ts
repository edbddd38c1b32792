// Whether this device reaches the server, as real requests tell it. `navigator.onLine` only knows when
// the device has no network at all: a phone on a dead or captive Wi-Fi says "online" while nothing
// gets through. So the app's ApiClient reports the outcome of every request here:
// - an answer from the server (any HTTP status) means connected, at once;
// - a network failure (no answer, or a captive portal's HTML page) counts; after
//   FAILURES_BEFORE_OFFLINE of them in a row the device is "not connected";
// - the browser's own `offline` event means not connected at once, its `online` event connected again
//   (a new network: the next request tells).
// While requests fail, `retryAt` says when the next attempt is due (exponential backoff with jitter,
// capped): the sync engine probes then, and the token is not asked for again before it.
import { useSyncExternalStore } from 'react';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with jitter, capped: attempt n waits between half and all of
 * min(max, base·2^(n-1)). A Retry-After from the server is honoured up to the cap.
 */
export function backoffDelay(
  attempts: number,
  random: () => number,
  options: BackoffOptions,
  retryAfterMs?: number,
): number {
  const exp = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempts - 1));
  const jittered = exp / 2 + random() * (exp / 2);
  return Math.round(Math.min(options.maxMs, Math.max(jittered, retryAfterMs ?? 0)));
}

/** Network failures in a row before the device counts as not connected. */
export const FAILURES_BEFORE_OFFLINE = 2;
/** How often a device that does not reach the server tries again: 2 s doubling up to 1 minute. */
export const CONNECTION_BACKOFF: BackoffOptions = { baseMs: 2_000, maxMs: 60_000 };

export interface ConnectionState {
  /** The device reaches the server, as far as is known. */
  online: boolean;
  /** The browser itself says it has no network (navigator.onLine false): requests are not even tried. */
  browserOffline: boolean;
  /** Network failures in a row since the last answer. */
  failures: number;
  /** While requests fail: epoch ms before which nothing should try again unasked (null: any time). */
  retryAt: number | null;
}

export type ConnectionListener = (state: ConnectionState, previous: ConnectionState) => void;

export interface ConnectionOptions {
  /** Whether the device starts connected (default true). */
  online?: boolean;
  failuresBeforeOffline?: number;
  backoff?: BackoffOptions;
  now?: () => number;
  random?: () => number;
}

export class ConnectionStore {
  #state: ConnectionState;
  readonly #listeners = new Set<ConnectionListener>();
  readonly #threshold: number;
  readonly #backoff: BackoffOptions;
  readonly #now: () => number;
  readonly #random: () => number;
  /** Failures at or after the time they were due since the last answer: they make the wait grow. */
  #attempts = 0;

  constructor(options: ConnectionOptions = {}) {
    const online = options.online ?? true;
    this.#state = { online, browserOffline: false, failures: 0, retryAt: null };
    this.#threshold = Math.max(1, options.failuresBeforeOffline ?? FAILURES_BEFORE_OFFLINE);
    this.#backoff = options.backoff ?? CONNECTION_BACKOFF;
    this.#now = options.now ?? Date.now;
    this.#random = options.random ?? Math.random;
  }

  getState = (): ConnectionState => this.#state;

  get online(): boolean {
    return this.#state.online;
  }

  /** The server answered a request (whatever its status): connected, from now on. */
  reportAnswer(): void {
    this.#attempts = 0;
    this.#set({ online: true, browserOffline: false, failures: 0, retryAt: null });
  }

  /**
   * A request got no answer from the server. The wait before the next attempt grows with each failure
   * once it was due; requests failing together (a screen's reads) count as one attempt.
   */
  reportFailure(): void {
    const failures = this.#state.failures + 1;
    let { retryAt } = this.#state;
    if (this.mayTry()) {
      this.#attempts++;
      retryAt = this.#now() + backoffDelay(this.#attempts, this.#random, this.#backoff);
    }
    this.#set({
      ...this.#state,
      failures,
      online: this.#state.online && !this.#state.browserOffline && failures < this.#threshold,
      retryAt,
    });
  }

  /** The browser's `online` / `offline` events. */
  setBrowserOnline(online: boolean): void {
    if (!online) {
      this.#set({ ...this.#state, online: false, browserOffline: true });
      return;
    }
    // A network (again, or another one): connected until requests say otherwise, and try at once.
    this.#attempts = 0;
    this.#set({ ...this.#state, online: true, browserOffline: false, failures: 0, retryAt: null });
  }

  /** Nothing asks not to try now (no failure since the last answer, or its backoff has passed). */
  mayTry(): boolean {
    const { retryAt } = this.#state;
    return retryAt === null || this.#now() >= retryAt;
  }

  /** Calls the listener on every change (not now); returns the remover. */
  subscribe(listener: ConnectionListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Follows a window's `online` / `offline` events (and its navigator's state now); returns the remover. */
  follow(target: EventTarget & { navigator?: { onLine?: boolean } }): () => void {
    const online = () => this.setBrowserOnline(true);
    const offline = () => this.setBrowserOnline(false);
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    if (target.navigator?.onLine === false) offline();
    return () => {
      target.removeEventListener('online', online);
      target.removeEventListener('offline', offline);
    };
  }

  #set(next: ConnectionState): void {
    const previous = this.#state;
    const changed = (Object.keys(next) as Array<keyof ConnectionState>).some((k) => next[k] !== previous[k]);
    if (!changed) return;
    this.#state = next;
    for (const listener of [...this.#listeners]) listener(next, previous);
  }
}

/** The app's connection (its ApiClient reports to it; main.tsx makes it follow the window's events). */
export const connection = new ConnectionStore();

/** The connection's state, re-rendering on change. */
export function useConnection(store: ConnectionStore = connection): ConnectionState {
  return useSyncExternalStore((onChange) => store.subscribe(onChange), store.getState, store.getState);
}
