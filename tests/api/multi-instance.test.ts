// Two server instances on one PostgreSQL database (as behind a load balancer): the sign-in limit and the
// Idempotency-Key store are kept in the database, so they hold across instances. Needs a PostgreSQL
// server (TEST_DATABASE_URL, e.g. `scripts/with-postgres.sh npx vitest run --project api`); the embedded
// database serves one process only, so without one this file is skipped.

import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, endPool, openDatabase } from '../../server/db/client';
import { employees, icdOffices, timeEntries } from '../../server/db/tables';
import type { TimeEntry } from '../../src/contract/time';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

const url = process.env.TEST_DATABASE_URL;
// One signing key for both, as every instance of a deployment has.
const shared = { jwtSecret: 'multi-instance-test-signing-key-0123456789' };

let a: TestApp;
let b: TestApp;

function login(userName: string, password: string, remoteAddress: string): InjectOptions {
  return {
    method: 'POST',
    url: '/account/login',
    remoteAddress,
    headers: { accept: 'application/json' },
    payload: { UserName: userName, Password: password },
  };
}

/** Wrong passwords for one user name from one address until the first 429; the answers in order. */
async function guessUntilRefused(instances: TestApp[], userName: string, address: string) {
  const answers: { on: number; status: number }[] = [];
  for (let i = 0; i < 60; i++) {
    const on = i % instances.length;
    const res = await instances[on].app.inject(login(userName, `wrong-${i}`, address));
    answers.push({ on, status: res.statusCode });
    if (res.statusCode === 429) break;
  }
  return answers;
}

const title = url
  ? 'two server instances on one PostgreSQL database (and its connections)'
  : 'two server instances on one PostgreSQL database — skipped: needs a PostgreSQL server (TEST_DATABASE_URL; scripts/with-postgres.sh starts one)';

describe.skipIf(!url)(title, () => {
  beforeAll(async () => {
    a = await createTestApp(shared);
    if (!a.databaseUrl) throw new Error('instance A has no database URL');
    // B opens its own pool on A's database (already seeded).
    b = await createTestApp(
      { ...shared, seedDemo: false },
      { database: await openDatabase({ databaseUrl: a.databaseUrl }) },
    );
  });
  afterAll(async () => {
    // B first: A's close drops the database.
    await b?.close();
    await a?.close();
  });

  it('wrong passwords spread over both instances reach the sign-in limit together', async () => {
    // The limit as one instance counts it (its own user and address)…
    const alone = await guessUntilRefused([a], 'owner', '198.51.100.1');
    const allowed = alone.filter((x) => x.status === 401).length;
    expect(alone.at(-1)?.status).toBe(429);
    expect(allowed).toBeGreaterThan(0);
    // …is the limit of both together: alternating A, B, A… is refused after as many, not twice as many.
    const spread = await guessUntilRefused([a, b], 'rep', '198.51.100.2');
    expect(spread.filter((x) => x.status === 401)).toHaveLength(allowed);
    expect(new Set(spread.filter((x) => x.status === 401).map((x) => x.on))).toEqual(new Set([0, 1]));
    // Refused on both, the right password included.
    for (const instance of [a, b])
      expect((await instance.app.inject(login('rep', DEMO_PASSWORD, '198.51.100.2'))).statusCode).toBe(429);
    // Another address is not affected.
    expect((await b.app.inject(login('rep', DEMO_PASSWORD, '198.51.100.3'))).statusCode).toBe(200);
  });

  it('an Idempotency-Key sent to A and then to B runs once; B replays the answer', async () => {
    const staff = await a.signIn('staff');
    const [{ EmployeeID: staffId }] = await a.db
      .select()
      .from(employees)
      .where(eq(employees.UserName, 'staff'));
    const [toronto] = await a.db
      .select()
      .from(icdOffices)
      .where(eq(icdOffices.OfficeName, 'Toronto Central'));
    const entry = (date: string, key: string): InjectOptions => ({
      method: 'POST',
      url: '/api/time-entries',
      headers: { authorization: `Bearer ${staff.token}`, 'idempotency-key': key },
      payload: {
        Date: date,
        TimeEntryTypeID: 1,
        IcdOfficeID: toronto.IcdOfficeID,
        TimeZoneOffset: -240,
        StartTime: '09:00:00',
        EndTime: '10:00:00',
      },
    });
    const stored = async (date: string) =>
      a.db
        .select()
        .from(timeEntries)
        .where(and(eq(timeEntries.EmployeeID, staffId), eq(timeEntries.Date, date)));

    const first = await a.app.inject(entry('2031-06-02', 'multi-instance-key-1'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await b.app.inject(entry('2031-06-02', 'multi-instance-key-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json<TimeEntry>().Id).toBe(first.json<TimeEntry>().Id);
    expect(await stored('2031-06-02')).toHaveLength(1);

    // Sent to both at once: one runs; the other is told it is in progress (409) or gets the replay.
    const both: LightMyRequestResponse[] = await Promise.all([
      a.app.inject(entry('2031-06-03', 'multi-instance-key-2')),
      b.app.inject(entry('2031-06-03', 'multi-instance-key-2')),
    ]);
    const ran = both.filter((r) => r.statusCode === 201 && r.headers['idempotency-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const other of both.filter((r) => r !== ran[0]))
      expect(
        other.statusCode === 409 ||
          (other.statusCode === 201 && other.headers['idempotency-replayed'] === 'true'),
      ).toBe(true);
    expect(await stored('2031-06-03')).toHaveLength(1);
  });

  it('a pooled connection ended by the server while idle is logged and replaced; the process carries on', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: a.databaseUrl,
      onConnectionError: (err) => lost.push(err),
    });
    try {
      const pid = async () =>
        (
          (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          }
        ).rows[0].pid;
      const before = await pid();
      // An administrator (or a server restart) ends the pooled connection while it is idle: 57P01.
      await onServer(`select pg_terminate_backend(${before})`);
      await expect.poll(() => lost.length).toBe(1);
      expect(lost[0].message).toMatch(/terminating connection/);
      // The next query gets a new connection.
      expect(await pid()).not.toBe(before);
    } finally {
      await database.close();
    }
  });

  it('a schema name is passed to the server as one quoted identifier, whatever it holds', async () => {
    const name = 'odd "schema"; drop table employees; -- x\\y';
    const pool = createPool({ databaseUrl: a.databaseUrl as string, schema: name });
    try {
      await pool.query(`create schema ${pg.escapeIdentifier(name)}`);
      const { rows } = await pool.query<{ schema: string }>('select current_schema() as schema');
      expect(rows[0].schema).toBe(name);
      expect((await a.db.select().from(employees)).length).toBeGreaterThan(0);
    } finally {
      await endPool(pool);
    }
  });

  it('a statement running past statement_timeout is cancelled, and the pool goes on', async () => {
    const database = await openDatabase({ databaseUrl: a.databaseUrl, statementTimeoutMs: 200 });
    try {
      await expect(database.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({
        cause: { code: '57014' },
      });
      await expect(database.db.execute(sql`select 1`)).resolves.toBeTruthy();
    } finally {
      await database.close();
    }
  });
});

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
