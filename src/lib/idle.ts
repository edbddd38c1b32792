// "The first screen is up": work that no screen needs to show itself (the other features' offline
// commands, the job tracker, the service worker, notifications, menus and tooltips) waits for it, so
// it never competes with the screen's own code and data on a slow phone.
//
// Settled = the router's first navigation is done (guard + screen chunk) and no query is fetching
// (the screen's data has arrived or failed), then one idle period of the browser. A ceiling makes
// sure it always happens, even when a query hangs.

import { startTransition, useEffect, useState } from 'react';

export { yieldToMain } from './yield';

type Listener = () => void;

let settled = false;
const listeners = new Set<Listener>();
let resolveSettled: () => void = () => {};
const settledPromise = new Promise<void>((resolve) => {
  resolveSettled = resolve;
});

/** Marks the app settled (once) and tells every waiter. */
export function markSettled(): void {
  if (settled) return;
  settled = true;
  resolveSettled();
  // Screens that were waiting re-render in a task of their own (see useSettled).
  nextTask(() => {
    for (const l of [...listeners]) l();
  });
}

/** Runs `fn` in a task of its own (after whatever the current task still has to do). */
function nextTask(fn: () => void): void {
  setTimeout(fn, 0);
}

export function isSettled(): boolean {
  return settled;
}

/**
 * Resolves once the first screen is up. Each waiter goes on in a task of its own: what waits for this
 * moment (the offline store, other features' commands, menus, the service worker…) would otherwise run
 * as one long task of a phone's main thread, and a tap on the screen would wait for all of it.
 */
export function whenSettled(): Promise<void> {
  return settledPromise.then(() => new Promise<void>((resolve) => nextTask(resolve)));
}

function subscribeSettled(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the first screen is up, re-rendering when it becomes so. The re-render is a transition:
 * React draws what the moment brings (menus, tooltips, icons) in slices, never blocking a tap.
 */
export function useSettled(): boolean {
  const [now, setNow] = useState(isSettled);
  useEffect(() => {
    if (now) return;
    const update = () => startTransition(() => setNow(true));
    const stop = subscribeSettled(update);
    // Settled between the render and this effect: no listener was there to hear it.
    if (isSettled()) update();
    return stop;
  }, [now]);
  return now;
}

/** Runs `fn` in an idle period of the browser (or after `timeout` ms at the latest). */
export function onIdle(fn: () => void, timeout = 1000): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(() => fn(), { timeout });
  } else {
    setTimeout(fn, 50);
  }
}

export interface SettleSources {
  /** The router's state: done once initialized and not navigating. */
  router: {
    state: { initialized: boolean; navigation: { state: string } };
    subscribe(fn: () => void): () => void;
  };
  /** Number of queries fetching now, and a way to hear of changes. */
  isFetching(): number;
  subscribeQueries(fn: () => void): () => void;
  /** How long router and queries must stay quiet (ms, default 200): a screen starts its queries
   * only after it has rendered, so quiet right after a navigation is not yet "up". */
  quietMs?: number;
  /** Latest moment to settle anyway, in ms (default 6000). */
  ceilingMs?: number;
}

/**
 * Watches the router and the queries and marks the app settled once both have been quiet for a
 * moment, in an idle period. Call it once the app is rendered.
 */
export function watchSettle(sources: SettleSources): void {
  if (settled) return;
  const quietMs = sources.quietMs ?? 200;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cleanups: Array<() => void> = [];
  const done = () => {
    if (timer) clearTimeout(timer);
    for (const c of cleanups.splice(0)) c();
    markSettled();
  };
  const quiet = () => {
    const { state } = sources.router;
    return state.initialized && state.navigation.state === 'idle' && sources.isFetching() === 0;
  };
  const check = () => {
    if (settled) return;
    if (timer) clearTimeout(timer);
    timer = null;
    if (!quiet()) return;
    timer = setTimeout(() => {
      timer = null;
      if (quiet()) onIdle(() => (quiet() ? done() : check()));
    }, quietMs);
  };
  cleanups.push(sources.router.subscribe(check), sources.subscribeQueries(check));
  const ceiling = setTimeout(done, sources.ceilingMs ?? 6000);
  cleanups.push(() => clearTimeout(ceiling));
  check();
}
