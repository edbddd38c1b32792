// The embedded database's thread sends a transaction's BEGIN, savepoints, advisory locks and the writes
// run `withoutWaiting` without waiting for their answers, with the transaction's next statement
// (server/db/pglite-thread.ts). What a caller notices must not change: the statements run in the order
// they were made, a failure of one of them fails what follows with its own error and undoes the
// transaction, and a keyed time entry is still carried out once with its refusals stored.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { LockClass, xactLock } from '../../server/db/locks';
import { PGliteThread, withoutWaiting } from '../../server/db/pglite-thread';
import { auditLogs, employees, icdOffices, idempotencyKeys, timeEntries } from '../../server/db/tables';
import { createTestApp, type TestApp } from './helpers';

type Rows<T> = { rows: T[] };

describe('statements sent without waiting on the database thread', () => {
  let thread: PGliteThread;
  let db: ReturnType<typeof drizzle>;

  beforeAll(async () => {
    thread = new PGliteThread(null);
    await thread.waitReady;
    db = drizzle(thread as unknown as PGlite);
    await db.execute(sql`create table probe (id int primary key, note text)`);
  });
  afterAll(async () => {
    await thread?.close();
  });

  const ids = async () =>
    ((await db.execute(sql`select id from probe order by id`)) as unknown as Rows<{ id: number }>).rows.map(
      (r) => r.id,
    );

  it('run in the order they were made, savepoints and locks included', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.execute(xactLock(LockClass.TimeEntries, 1));
      const writes = Promise.all([
        tx.execute(sql`insert into probe values (1, 'a')`),
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into probe values (2, 'b')`);
        }),
      ]);
      await withoutWaiting(() => tx.execute(sql`update probe set note = 'changed' where id = 1`));
      await writes;
      const rows = await tx.execute(sql`select id, note from probe order by id`);
      return (rows as unknown as Rows<{ id: number; note: string }>).rows;
    });
    expect(seen).toEqual([
      { id: 1, note: 'changed' },
      { id: 2, note: 'b' },
    ]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('a failed savepoint fails the next query with its own error, and the transaction is undone', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (3, 'undone')`);
        await tx.execute(sql.raw('release savepoint nowhere'));
        await tx.execute(sql`select 1`);
      })
      .catch((e: unknown) => e);
    expect(String((failure as { cause?: Error }).cause ?? failure)).toMatch(
      /savepoint "nowhere" does not exist/,
    );
    expect(await ids()).toEqual([1, 2]);
  });

  it('a write sent with the commit that fails: the commit fails with its error and nothing is kept', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (4, 'undone')`);
        await withoutWaiting(() => tx.execute(sql`insert into probe values (1, 'duplicate')`));
      })
      .catch((e: unknown) => e);
    const error = failure as { code?: string; cause?: { code?: string } };
    expect(error.cause?.code ?? error.code).toBe('23505');
    expect(await ids()).toEqual([1, 2]);
    // The one connection is free again: a write commits.
    await db.transaction(async (tx) => {
      await withoutWaiting(() => tx.execute(sql`insert into probe values (5, 'kept')`));
    });
    expect(await ids()).toEqual([1, 2, 5]);
  });

  it('a transaction that sends nothing, or throws first, leaves the connection free', async () => {
    await db.transaction(async () => undefined);
    await expect(
      db.transaction(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(xactLock(LockClass.TimeEntries, 2));
        throw new Error('after a lock');
      }),
    ).rejects.toThrow('after a lock');
    expect(await ids()).toEqual([1, 2, 5]);
  });
});

describe('a keyed time entry on the threaded database', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apex-thread-batch-'));
    app = await createTestApp({}, { database: await openDatabase({ dataDir: dir }) });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is created once with its audit row; an overlapping one is refused, and the refusal is replayed', async () => {
    const staff = await app.signIn('staff');
    const [me] = await app.db.select().from(employees).where(eq(employees.UserName, 'staff'));
    const [toronto] = await app.db
      .select()
      .from(icdOffices)
      .where(eq(icdOffices.OfficeName, 'Toronto Central'));
    const send = (key: string, start: string, end: string) =>
      staff.call({
        method: 'POST',
        url: '/api/time-entries',
        headers: { 'idempotency-key': key },
        payload: {
          Date: '2031-09-01',
          TimeEntryTypeID: 1,
          IcdOfficeID: toronto.IcdOfficeID,
          TimeZoneOffset: -240,
          StartTime: start,
          EndTime: end,
        },
      });
    const created = await Promise.all([1, 2, 3].map(() => send('batch-1', '09:00:00', '12:00:00')));
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const id = created[0].json().Id;
    expect(created.map((r) => r.json().Id)).toEqual([id, id, id]);

    const refused = await send('batch-2', '11:00:00', '13:00:00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('This entry overlaps another work entry from 09:00 to 12:00.');
    const replayed = await send('batch-2', '11:00:00', '13:00:00');
    expect(replayed.statusCode).toBe(400);
    expect(replayed.headers['idempotency-replayed']).toBe('true');

    const entries = await app.db.select().from(timeEntries).where(eq(timeEntries.EmployeeID, me.EmployeeID));
    expect(entries.filter((e) => e.Date === '2031-09-01').map((e) => e.Id)).toEqual([id]);
    const audits = await app.db.select().from(auditLogs).where(eq(auditLogs.TimeEntryID, id));
    expect(audits.map((a) => a.Action)).toEqual(['TimeEntryCreated']);
    const keys = await app.db
      .select({
        Key: idempotencyKeys.Key,
        State: idempotencyKeys.State,
        StatusCode: idempotencyKeys.StatusCode,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.EmployeeID, me.EmployeeID));
    expect(keys.sort((a, b) => a.Key.localeCompare(b.Key))).toEqual([
      { Key: 'batch-1', State: 'done', StatusCode: 201 },
      { Key: 'batch-2', State: 'done', StatusCode: 400 },
    ]);
  });
});
