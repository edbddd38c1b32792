import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { allOrFirstError, together } from '../../../server/db/together';

/** Reads that log when they start and end, each taking a few ms. */
function tracedReads(log: string[]) {
  const read =
    (name: string, fail = false) =>
    async () => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${name}`);
      if (fail) throw new Error(`${name} refused`);
      return name;
    };
  return read;
}

describe('reads sent together', () => {
  it('on one PostgreSQL connection (a transaction), they run one after another in order', async () => {
    const log: string[] = [];
    const read = tracedReads(log);
    const tx = { session: { client: new pg.Client() } };
    expect(await allOrFirstError(tx, [read('a'), read('b')] as const)).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('elsewhere (embedded database, a pool), they all start at once', async () => {
    const log: string[] = [];
    const read = tracedReads(log);
    const embedded = { session: { client: {} } };
    expect(await allOrFirstError(embedded, [read('a'), read('b')] as const)).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('gives every outcome, and allOrFirstError throws the first refusal in the order given', async () => {
    const read = tracedReads([]);
    for (const db of [{ session: { client: new pg.Client() } }, {}]) {
      const settled = await together(db, [read('a', true), read('b')] as const);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled']);
      await expect(
        allOrFirstError(db, [read('a'), read('b', true), read('c', true)] as const),
      ).rejects.toThrow('b refused');
    }
  });
});
