// Keys, corporation scope and small rules shared by the five directories. Reading (`people:read`) is
// limited to the corporations of the offices the key reaches (admin and payroll: all; an owner: their
// corporation); writing (`people:manage`) creates records every office sees, so it needs the key for
// all offices — a caller holding it for some offices only is refused (403).
import { and, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LinkedCorporation } from '../../../src/contract/directories';
import { corporations, icdOffices } from '../../db/tables';
import { AppError, badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import type { DbOrTx } from '../scheduling/scope';

export { conflict, type DbOrTx, type Tx } from '../scheduling/scope';

export const READ = 'people:read';
export const MANAGE = 'people:manage';

export type CorpScope = 'all' | ReadonlySet<number>;

/** The corporations whose records the caller may read with `key`. */
export async function corporationScope(db: DbOrTx, actor: Actor, key = READ): Promise<CorpScope> {
  const offices = actor.offices(key);
  if (offices === 'all') return 'all';
  if (offices.size === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...offices]));
  return new Set(rows.map((r) => r.id));
}

/** `column in scope` (a corporation id); undefined when unlimited. */
export function corpIn(scope: CorpScope, column: PgColumn | SQL): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.size === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    [...scope].map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export function inCorpScope(scope: CorpScope, id: number): boolean {
  return scope === 'all' || scope.has(id);
}

/** Writes need `people:manage` for every office. */
export function requireManageAll(actor: Actor): void {
  if (actor.offices(MANAGE) !== 'all') throw forbidden();
}

/** Case-insensitive "contains" over the columns (spec 000 §5 text filter); empty matches all. */
export function searchCondition(search: string | undefined, columns: readonly (PgColumn | SQL)[]) {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c as PgColumn, pattern)));
}

/** The corporations named in a body, each of which must exist (400 naming the field). */
export async function requireCorporations(db: DbOrTx, ids: readonly number[]): Promise<LinkedCorporation[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ IcdCorporationID: corporations.IcdCorporationID, ClientName: corporations.ClientName })
    .from(corporations)
    .where(inArray(corporations.IcdCorporationID, [...ids]));
  const missing = ids.filter((id) => !rows.some((r) => r.IcdCorporationID === id));
  if (missing.length) {
    const message = `Corporation ${missing.join(', ')} was not found.`;
    throw badRequest(message, { IcdCorporationIDs: [message] });
  }
  return rows;
}

/** Names of the linked corporations by record id, limited to the caller's scope, sorted by name. */
export async function corporationsOf(
  db: DbOrTx,
  link: { table: PgTable; owner: PgColumn; corporation: PgColumn },
  ownerIds: readonly number[],
  scope: CorpScope,
): Promise<Map<number, LinkedCorporation[]>> {
  const out = new Map<number, LinkedCorporation[]>();
  if (!ownerIds.length) return out;
  const rows = await db
    .select({
      owner: sql<number>`${link.owner}`,
      IcdCorporationID: corporations.IcdCorporationID,
      ClientName: corporations.ClientName,
    })
    .from(link.table)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, link.corporation))
    .where(and(inArray(link.owner, [...ownerIds]), corpIn(scope, link.corporation)))
    .orderBy(sql`lower(${corporations.ClientName})`);
  for (const r of rows) {
    const list = out.get(r.owner) ?? [];
    list.push({ IcdCorporationID: r.IcdCorporationID, ClientName: r.ClientName });
    out.set(r.owner, list);
  }
  return out;
}

/** An e-mail address is used by one record of a kind at most (422 on EmailAddress). */
export async function requireUniqueEmail(
  db: DbOrTx,
  table: { table: PgTable; id: PgColumn; email: PgColumn },
  email: string | null,
  exceptId: number | undefined,
  what: string,
): Promise<void> {
  if (!email) return;
  const [same] = await db
    .select({ id: sql<number>`${table.id}` })
    .from(table.table)
    .where(
      and(
        sql`lower(${table.email}) = ${email.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  if (same) {
    const message = `Another ${what} uses ${email}.`;
    throw new AppError(422, message, { Errors: { EmailAddress: [message] } });
  }
}

/** A record others point at cannot be deleted (422 with what points at it). */
export function inUse(message: string): AppError {
  return new AppError(422, message);
}

export function personName(p: { FirstName: string; LastName: string }): string {
  return `${p.FirstName} ${p.LastName}`;
}

/** "a, b and 3 more" */
export function listNames(names: readonly string[], max = 3): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}
