// The embedded database on its worker thread (server/db/pglite-thread.ts), as `npm start` runs it: the
// same answers, errors, transactions and notifications as PGlite in-process, a clean close, and the
// whole server on top of it (a keyed mutation carried out once).

import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { PGliteThread } from '../../server/db/pglite-thread';
import { employees, icdOffices } from '../../server/db/tables';
import { createTestApp, type TestApp } from './helpers';

const root = join(import.meta.dirname, '..', '..');

describe('the embedded database on a worker thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apex-thread-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is what a data directory opens by default, migrated', async () => {
    expect((database.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PGliteThread);
    const tables = await database.db.execute(sql`select count(*)::int as n from information_schema.tables
      where table_name = 'employees'`);
    expect((tables as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    // A small buffer cache keeps the never-shrinking WebAssembly heap small.
    const buffers = await database.db.execute(sql`show shared_buffers`);
    expect((buffers as unknown as { rows: { shared_buffers: string }[] }).rows[0].shared_buffers).toBe(
      '32MB',
    );
  });

  it('keeps dates and instants as PostgreSQL text, as drizzle expects', async () => {
    const result = await database.db.execute(
      sql`select date '2026-03-08' as d, timestamptz '2026-03-08 07:00:00+00' as t, 7::int as n, '{"a":1}'::jsonb as j`,
    );
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    expect(row.d).toBe('2026-03-08');
    expect(typeof row.t).toBe('string');
    expect(new Date(row.t as string).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(row.n).toBe(7);
    expect(row.j).toEqual({ a: 1 });
  });

  it("passes PostgreSQL's error fields back (code, constraint)", async () => {
    await database.db.execute(sql`create table thread_probe (id int primary key, note text)`);
    await database.db.execute(sql`insert into thread_probe values (1, 'one')`);
    const failure = await database.db
      .execute(sql`insert into thread_probe values (1, 'again')`)
      .catch((e) => e);
    const cause = (failure as { cause?: { code?: string; constraint?: string; message?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('thread_probe_pkey');
    expect(cause?.message).toMatch(/duplicate key/);
  });

  it('commits a transaction that ends well, rolls back one that throws, and savepoints nest', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (2, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe values (3, 'inner, undone')`);
          throw new Error('undo the inner part');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (4, 'undone')`);
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    const rows = await database.db.execute(sql`select id from thread_probe order by id`);
    expect((rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('a query outside an open transaction waits until it ends (one writer)', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`update thread_probe set note = 'in tx' where id = 2`);
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = database.db.execute(sql`select note from thread_probe where id = 2`).then((res) => {
      order.push('outside read');
      return (res as unknown as { rows: { note: string }[] }).rows[0].note;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['tx wrote']);
    release();
    await tx;
    expect(await outside).toBe('in tx');
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
  });

  it('tells listeners of NOTIFY, until they stop listening', async () => {
    const client = (database.db as unknown as { $client: PGliteThread }).$client;
    const heard: string[] = [];
    const stop = await client.listen('apex_probe', (payload) => heard.push(payload));
    await database.db.execute(sql`select pg_notify('apex_probe', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await database.db.execute(sql`select pg_notify('apex_probe', 'second')`);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['first']);
  });

  it('a second server process cannot open the directory while this one holds it', () => {
    if (!existsSync(join(root, 'dist-server', 'main.mjs')))
      execSync('npx tsx scripts/build-server.ts', { cwd: root, stdio: 'inherit' });
    const second = spawnSync(process.execPath, ['dist-server/main.mjs'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/The data directory is in use by another Apex server \(pid \d+\)/);
  });

  it('closes cleanly: the data is kept and the directory can be opened again', async () => {
    await database.close();
    database = await openDatabase({ dataDir: dir });
    const rows = await database.db.execute(sql`select count(*)::int as n from thread_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2);
  });

  it('a call after close fails with a clear error instead of hanging', async () => {
    const other = new PGliteThread(null);
    await other.waitReady;
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('The embedded database is closed');
  });
});

describe('the server on the threaded embedded database', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apex-thread-app-'));
    app = await createTestApp({}, { database: await openDatabase({ dataDir: dir }) });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a keyed time entry once; the replay gets the stored answer', async () => {
    const staff = await app.signIn('staff');
    const [me] = await app.db.select().from(employees).where(eq(employees.UserName, 'staff'));
    const [toronto] = await app.db
      .select()
      .from(icdOffices)
      .where(eq(icdOffices.OfficeName, 'Toronto Central'));
    const send = () =>
      staff.call({
        method: 'POST',
        url: '/api/time-entries',
        headers: { 'idempotency-key': 'thread-key-1' },
        payload: {
          Date: '2031-08-04',
          TimeEntryTypeID: 1,
          IcdOfficeID: toronto.IcdOfficeID,
          TimeZoneOffset: -240,
          StartTime: '09:00:00',
          EndTime: '10:00:00',
        },
      });
    const [first, second] = await Promise.all([send(), send()]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    const rows = await app.db.execute(
      sql`select count(*)::int as n from time_entries where employee_id = ${me.EmployeeID} and date = '2031-08-04'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });
});
