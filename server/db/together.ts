// Reads of one transaction sent together. On the embedded database (PGlite on its thread) they go in
// one message and the transaction waits once for both. On a PostgreSQL server, a connection runs one
// query at a time anyway, and node-postgres deprecates queuing a second query while the first runs
// (pg@9 drops it): there they run one after another, in the order given. Either way the outcomes
// come back as Promise.allSettled's, so callers decide which refusal counts first.
import pg from 'pg';

type Read = () => unknown;
/** What each read gives once awaited (a drizzle query is a thenable: awaiting runs it). */
type Values<F extends readonly Read[]> = { [K in keyof F]: Awaited<ReturnType<F[K]>> };
type Settled<F extends readonly Read[]> = { [K in keyof F]: PromiseSettledResult<Awaited<ReturnType<F[K]>>> };

/**
 * Whether `db` (a drizzle database or transaction) holds one node-postgres connection: a transaction on
 * a PostgreSQL server. A pool runs reads sent together on connections of their own.
 */
function oneQueryAtATime(db: unknown): boolean {
  const client = (db as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client;
}

/** Runs `reads` on `db` together where the driver allows it, else one after another. */
export async function together<F extends readonly Read[]>(db: unknown, reads: F): Promise<Settled<F>> {
  if (!oneQueryAtATime(db)) return (await Promise.allSettled(reads.map((read) => read()))) as Settled<F>;
  const out: PromiseSettledResult<unknown>[] = [];
  for (const read of reads) {
    try {
      out.push({ status: 'fulfilled', value: await read() });
    } catch (reason) {
      out.push({ status: 'rejected', reason });
    }
  }
  return out as Settled<F>;
}

/** As `together`, throwing the first refusal in the order given (as Promise.all would, in order). */
export async function allOrFirstError<F extends readonly Read[]>(db: unknown, reads: F): Promise<Values<F>> {
  const settled = (await together(db, reads)) as readonly PromiseSettledResult<unknown>[];
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as Values<F>;
}
