// Direct database access for API tests (arranging data the API has no call for yet, reading outboxes).
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import type { TestApp } from './helpers';

export function dbOf(t: TestApp): Db {
  return t.db;
}

export async function select<T extends PgTable>(t: TestApp, table: T, where: SQL) {
  return dbOf(t)
    .select()
    .from(table as PgTable)
    .where(where) as Promise<T['$inferSelect'][]>;
}
