// The demo company built at an injected clock: at several hours of a Toronto day and on the days the
// clocks change (in Canada and the US), no seeded instant lies after the clock, and the audit log lists
// what happens next first. The clocks are fixed instants in the past, so a seed that stamps the wall
// clock (a column default, a `new Date()`) is caught too.

import { formatInTimeZone } from 'date-fns-tz';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { icdOffices } from '../../server/db/tables';
import { seedDemo } from '../../server/seed/demo';
import type { AuditLogPage } from '../../src/contract/audit';
import type { TimeEntry } from '../../src/contract/time';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

const TORONTO = 'America/Toronto';
const LOS_ANGELES = 'America/Los_Angeles';

// [what the clock reads, in which zone, the instant]. 2026-06-17 is a Wednesday: yesterday's shifts
// (the rep works weekdays) ended last evening, so the seeded corrections fall near the clock.
const CLOCKS: [string, string, string][] = [
  ['2026-06-17 00:30', TORONTO, '2026-06-17T00:30:00-04:00'],
  ['2026-06-17 12:00', TORONTO, '2026-06-17T12:00:00-04:00'],
  ['2026-06-17 23:30', TORONTO, '2026-06-17T23:30:00-04:00'],
  // Spring forward (02:00 → 03:00), Canada and the US alike.
  ['2026-03-08 00:30', TORONTO, '2026-03-08T00:30:00-05:00'],
  ['2026-03-08 03:30', TORONTO, '2026-03-08T03:30:00-04:00'],
  ['2026-03-08 23:30', TORONTO, '2026-03-08T23:30:00-04:00'],
  ['2026-03-08 23:30', LOS_ANGELES, '2026-03-08T23:30:00-07:00'],
  // Fall back (02:00 → 01:00): the repeated hour, both times, and the day's end.
  ['2026-11-01 01:30', TORONTO, '2026-11-01T01:30:00-04:00'],
  ['2026-11-01 01:30', TORONTO, '2026-11-01T01:30:00-05:00'],
  ['2026-11-01 23:30', TORONTO, '2026-11-01T23:30:00-05:00'],
  ['2026-11-01 23:30', LOS_ANGELES, '2026-11-01T23:30:00-08:00'],
];

interface Late {
  table: string;
  column: string;
  latest: string;
}

/** Rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every timestamp column of every table, with its latest value when that is after the clock. */
async function afterTheClock(database: Database, clock: Date): Promise<{ checked: number; late: Late[] }> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    database,
    sql`select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('timestamp with time zone', 'timestamp without time zone')
      order by table_name, column_name`,
  );
  const late: Late[] = [];
  let checked = 0;
  for (const { table_name, column_name } of columns) {
    const c = sql.identifier(column_name);
    const [row] = await rows<{ seeded: number; after: number; latest: string | null }>(
      database,
      sql`select count(${c})::int as seeded,
          (count(*) filter (where ${c} > ${clock.toISOString()}::timestamptz))::int as after,
          max(${c})::text as latest
        from ${sql.identifier(table_name)}`,
    );
    if (row.seeded > 0) checked++;
    if (row.after > 0) late.push({ table: table_name, column: column_name, latest: row.latest ?? '' });
  }
  return { checked, late };
}

// One PGlite for the file (starting one and migrating it costs more than seeding): emptied before
// each clock's demo company.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
});
afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

async function emptyDatabase(): Promise<void> {
  const tables = await rows<{ tablename: string }>(
    database,
    sql`select tablename from pg_tables where schemaname = current_schema()`,
  );
  await database.db.execute(
    sql`truncate ${sql.join(
      tables.map((t) => sql.identifier(t.tablename)),
      sql`, `,
    )} restart identity cascade`,
  );
}

describe.each(CLOCKS)('the demo company built at %s in %s', (reads, zone, iso) => {
  const clock = new Date(iso);

  beforeAll(async () => {
    await emptyDatabase();
    await seedDemo(database.db, { password: DEMO_PASSWORD, costLog2: 10, now: clock });
  });

  it('has no seeded instant after the clock, in any timestamp column of any table', async () => {
    expect(formatInTimeZone(clock, zone, 'yyyy-MM-dd HH:mm')).toBe(reads);
    const { checked, late } = await afterTheClock(database, clock);
    expect(late).toEqual([]);
    // Not vacuous: the audit, time entries, pay periods, events, leads… all have seeded instants.
    expect(checked).toBeGreaterThan(20);
  });

  it('lists what happens a minute later first in the audit log', async () => {
    // The server's clock (and PGlite's now()) one minute after the seed's.
    vi.setSystemTime(new Date(clock.getTime() + 60_000));
    let t: TestApp | undefined;
    try {
      t = await createTestApp({}, { database });
      const [staff, auditor] = await Promise.all([t.signIn('staff'), t.signIn('auditor')]);
      const [toronto] = await t.db
        .select()
        .from(icdOffices)
        .where(eq(icdOffices.OfficeName, 'Toronto Central'));
      const created = await staff.call({
        method: 'POST',
        url: '/api/time-entries',
        payload: {
          Date: '2031-05-05',
          TimeEntryTypeID: 1,
          IcdOfficeID: toronto.IcdOfficeID,
          TimeZoneOffset: -240,
          StartTime: '09:00:00',
          EndTime: '10:00:00',
        },
      });
      expect(created.statusCode).toBe(201);
      const entry = created.json<TimeEntry>();
      const page = (
        await auditor.call({ method: 'GET', url: '/api/audit-logs/timekeeping?pageSize=20' })
      ).json<AuditLogPage>();
      const times = page.Items.map((r) => new Date(r.OccurredAt as string).getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(page.Items[0]).toMatchObject({ Action: 'TimeEntryCreated', TimeEntryID: entry.Id });
      expect(times.slice(1).every((at) => at <= clock.getTime())).toBe(true);
    } finally {
      vi.useRealTimers();
      // The database stays open for the next clock.
      await t?.app.close();
    }
  });
});
