// Reads of one transaction sent together. On the embedded database (PGlite on its thread) they go in
// one message and the transaction waits once for both. On a PostgreSQL server, a connection runs one
// query at a time anyway, and node-postgres deprecates queuing a second query while the first runs
// (pg@9 drops it): there they run one after another, in the order given. Either way the outcomes
// come back as Promise.allSettled's, so callers decide which refusal counts first.
import pg from 'pg';

type Settled<T extends readonly unknown[]> = { [K in keyof T]: PromiseSettledResult<T[K]> };

/**
 * Whether `db` (a drizzle database or transaction) holds one node-postgres connection: a transaction on
 * a PostgreSQL server. A pool runs reads sent together on connections of their own.
 */
function oneQueryAtATime(db: unknown): boolean {
  const client = (db as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client;
}

/** Runs `reads` on `db` together where the driver allows it, else one after another. */
export async function together<T extends readonly unknown[]>(
  db: unknown,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<Settled<T>> {
  const list = reads as readonly (() => Promise<unknown>)[];
  if (!oneQueryAtATime(db)) return (await Promise.allSettled(list.map((read) => read()))) as Settled<T>;
  const out: PromiseSettledResult<unknown>[] = [];
  for (const read of list) {
    try {
      out.push({ status: 'fulfilled', value: await read() });
    } catch (reason) {
      out.push({ status: 'rejected', reason });
    }
  }
  return out as Settled<T>;
}

/** As `together`, throwing the first refusal in the order given (as Promise.all would, in order). */
export async function bothOrFirstError<T extends readonly unknown[]>(
  db: unknown,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  const settled = (await together<T>(db, reads)) as readonly PromiseSettledResult<unknown>[];
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
