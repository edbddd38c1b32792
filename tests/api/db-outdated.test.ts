// A data directory made by an earlier pre-release build (its initial migration recorded with another
// timestamp) stops the server with a message that says what to do, not a raw SQL error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { OutdatedDatabaseError, openDatabase } from '../../server/db/client';

const dir = mkdtempSync(join(tmpdir(), 'apex-outdated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a database from an earlier pre-release build', () => {
  it('is refused with a message naming the data directory and the way out', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 86400000`);
    await first.close();

    const error = await openDatabase({ dataDir: dir }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(OutdatedDatabaseError);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message).toMatch(/Move it away \(or delete it\)/);

    // The refusal released the directory's lock: trying again says the same, not "in use".
    const again = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(OutdatedDatabaseError);
  });
});
