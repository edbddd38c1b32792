// One transaction for a whole request. The idempotency plugin opens it before the handler runs and
// commits it together with the stored answer; while it is open, every query the request's code makes
// through the scoped database goes into it (AsyncLocalStorage), and a service's own
// `db.transaction(…)` becomes a savepoint inside it. Code outside a request (jobs, start-up) and
// requests without such a transaction use the database as usual.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

export interface RequestScope {
  /** The request's open transaction. */
  tx: Db;
  /** Set once the transaction has ended: later work started from the request uses the database. */
  closed: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` with the request's transaction as the database of everything it calls. */
export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The transaction of the request being served, while it is open. */
export function currentScope(): RequestScope | undefined {
  const scope = storage.getStore();
  return scope && !scope.closed ? scope : undefined;
}

/**
 * The database as the services see it: inside a request scope, its transaction; elsewhere, `base`.
 * Methods are bound to whichever it is, so query builders run where they were made.
 */
export function scopedDb(base: Db): Db {
  return new Proxy(base, {
    get(target, prop) {
      const source = currentScope()?.tx ?? target;
      const value = Reflect.get(source, prop, source) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(source) : value;
    },
  });
}
