// Two rotation adjustments of one division profile at once (spec 001 §3 "Division rotation and
// adjustment"): the adjustment locks the profile's row first, so the second waits for the first's end
// and is then checked against the rotations as the first left them — the outcome of running them one
// after the other. Needs a PostgreSQL server (TEST_DATABASE_URL, e.g. `scripts/with-postgres.sh npx
// vitest run --project api <this file>`): the embedded database has one connection, so two
// transactions never overlap there and this file is skipped.
//
// To make the two overlap every time, a connection of the test holds the pay periods of the rotation
// the first adjustment changes (SELECT … FOR UPDATE): the first stops when it moves them, with its
// checks done. The second is sent then, and the test lets go once the second waits too (or is done).
// Demo seeded at a fixed clock (today 2026-03-11 in Toronto): the Rogers profile's rotations include
// 2026-03-02 – 03-15 (current) and 03-16 – 03-29, two weeks each.
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { divisionProfiles, payPeriods } from '../../server/db/tables';
import { seedDemo } from '../../server/seed/demo';
import type { RotationAdjustmentResult, RotationRange } from '../../src/contract/organisation';
import { createTestApp, DEMO_PASSWORD, freshServerDatabase, type Session, type TestApp } from './helpers';
import { adjustRotations, listRotations } from './rotation-helpers';

const url = process.env.TEST_DATABASE_URL;
const NOW = new Date('2026-03-11T16:00:00Z');
const NEXT = { StartDate: '2026-03-16', EndDate: '2026-03-29' };

let t: TestApp;
let server: Awaited<ReturnType<typeof freshServerDatabase>>;
let admin: Session;
let rogersProfile: number;
/** The test's own connection, beside the server's pool. */
let blocker: pg.Client;

const title = url
  ? 'two rotation adjustments of one profile at once'
  : 'two rotation adjustments of one profile at once — skipped: needs a PostgreSQL server (TEST_DATABASE_URL; scripts/with-postgres.sh starts one); the embedded database has one connection';

const patch = (payload: object) => adjustRotations(admin, rogersProfile, payload);
const rotations = async () => (await listRotations(admin, `divisionProfileID=${rogersProfile}`))[0].Rotations;
const windows = (list: RotationRange[]) => list.map((r) => `${r.StartDate}/${r.EndDate}`);

/** Connections of the test database (other than the blocker) waiting for a lock. */
async function waitingForLocks(): Promise<number> {
  const { rows } = await blocker.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

/** Polls until `done()` holds (every 20 ms, at most 15 s). */
async function until(what: string, done: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Sends `first`, holding it while it moves the pay periods of `held`; then sends `second` while the
 * first is still open, and lets the first go once the second waits for a lock or has answered.
 * The two answers.
 */
async function overlapping(
  held: RotationRange,
  first: object,
  second: object,
): Promise<[LightMyRequestResponse, LightMyRequestResponse]> {
  await blocker.query('begin');
  let released = false;
  try {
    const { rowCount } = await blocker.query(
      'select 1 from pay_periods where start_date = $1 and end_date = $2 for update',
      [held.StartDate, held.EndDate],
    );
    expect(rowCount).toBeGreaterThan(0);
    const a = patch(first);
    await until(
      'the first adjustment waits on the held pay periods',
      async () => (await waitingForLocks()) >= 1,
    );
    let answered = false;
    const b = patch(second).finally(() => {
      answered = true;
    });
    await until(
      'the second adjustment waits or answers',
      async () => answered || (await waitingForLocks()) >= 2,
    );
    await blocker.query('commit');
    released = true;
    return await Promise.all([a, b]);
  } finally {
    if (!released) await blocker.query('rollback');
  }
}

describe.skipIf(!url)(title, () => {
  beforeAll(async () => {
    server = await freshServerDatabase();
    if (!server) throw new Error('no PostgreSQL server');
    const database = await openDatabase({ databaseUrl: server.url });
    await seedDemo(database.db, { password: DEMO_PASSWORD, costLog2: 10, now: NOW });
    t = await createTestApp({ seedDemo: false }, { database });
    admin = await t.signIn('admin');
    const [p] = await t.db.select().from(divisionProfiles).where(eq(divisionProfiles.Name, 'Rogers'));
    rogersProfile = p.DivisionProfileID;
    blocker = new pg.Client({ connectionString: server.url });
    blocker.on('error', () => {}); // reported by the query that meets it
    await blocker.connect();
  }, 120_000);
  afterAll(async () => {
    await blocker?.end();
    await t?.close();
    await server?.drop();
  });

  it('the same rotation adjusted twice at once: the first is saved, the second is refused (409) with the rotations the first left', async () => {
    const shortened = { StartDate: '2026-03-16', EndDate: '2026-03-22' };
    const lengthened = { StartDate: '2026-03-16', EndDate: '2026-03-26' };
    const before = await rotations();
    expect(windows(before)).toContain(`${NEXT.StartDate}/${NEXT.EndDate}`);
    // The pay periods on that window (of the Rogers people and of others, who stay where they are).
    const periods = await t.db
      .select()
      .from(payPeriods)
      .where(and(eq(payPeriods.StartDate, NEXT.StartDate), eq(payPeriods.EndDate, NEXT.EndDate)));
    expect(periods.length).toBeGreaterThan(0);

    const [first, second] = await overlapping(
      NEXT,
      { AdjustedRotations: [{ CurrentRotation: NEXT, NewRotation: shortened }] },
      { AdjustedRotations: [{ CurrentRotation: NEXT, NewRotation: lengthened }] },
    );

    expect(first.statusCode).toBe(200);
    const saved = (first.json() as RotationAdjustmentResult).Rotations;
    const expected = windows(before).map((w) =>
      w === `${NEXT.StartDate}/${NEXT.EndDate}` ? `${shortened.StartDate}/${shortened.EndDate}` : w,
    );
    expect(windows(saved)).toEqual(expected);
    // The second named a rotation that the first changed meanwhile: refused, shown the current ones.
    expect(second.statusCode).toBe(409);
    expect(windows(second.json().Current)).toEqual(expected);
    expect(windows(await rotations())).toEqual(expected);
    // The Rogers pay periods followed the first alone: each moved once (one more version), to its window.
    const moved = (first.json() as RotationAdjustmentResult).Changes.MovedPayPeriods;
    expect(moved).toBeGreaterThan(0);
    const after = await t.db
      .select()
      .from(payPeriods)
      .where(
        inArray(
          payPeriods.PayPeriodID,
          periods.map((p) => p.PayPeriodID),
        ),
      );
    const was = new Map(periods.map((p) => [p.PayPeriodID, p]));
    const changed = after.filter((p) => p.EndDate !== NEXT.EndDate);
    expect(changed).toHaveLength(moved);
    for (const p of changed)
      expect([p.StartDate, p.EndDate, p.Version]).toEqual([
        shortened.StartDate,
        shortened.EndDate,
        (was.get(p.PayPeriodID)?.Version ?? 0) + 1,
      ]);
  });

  it('a new rotation sent while another is lengthened over its days: refused (400) as it would be after, never overlapping', async () => {
    // A rotation of May (made first, with its pay periods), lengthened; meanwhile a new one over its
    // new end.
    const current = { StartDate: '2026-05-04', EndDate: '2026-05-17' };
    const lengthened = { StartDate: '2026-05-04', EndDate: '2026-05-31' };
    const added = { StartDate: '2026-05-25', EndDate: '2026-06-07' };
    expect((await patch({ NewRotations: [current] })).statusCode).toBe(200);
    const before = await rotations();
    expect(windows(before)).toContain(`${current.StartDate}/${current.EndDate}`);

    const [first, second] = await overlapping(
      current,
      { AdjustedRotations: [{ CurrentRotation: current, NewRotation: lengthened }] },
      { NewRotations: [added] },
    );

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(400);
    expect(second.json().Errors).toEqual({
      'NewRotations.0': ['Overlaps the rotation 2026-05-04 – 2026-05-31'],
    });
    const after = await rotations();
    expect(windows(after)).toEqual(
      windows(before).map((w) =>
        w === `${current.StartDate}/${current.EndDate}` ? `${lengthened.StartDate}/${lengthened.EndDate}` : w,
      ),
    );
    for (const [i, r] of after.entries())
      if (i > 0) expect(r.StartDate > after[i - 1].EndDate, `${windows(after).join(', ')}`).toBe(true);
  });
});
