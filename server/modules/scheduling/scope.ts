// Permission keys and office scope of scheduling and teams: every list is limited to the offices the
// caller's key reaches; an office named in the request outside them is 403, an entity outside them 404.
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';

export const MANAGE = 'scheduling:manage';
export const RESPOND = 'scheduling:respond';

/** A transaction of the one database type (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const manageScope = (actor: Actor): OfficeScope => actor.offices(MANAGE);

/** A where-condition limiting `column` (an office id) to the scope; undefined when unlimited. */
export function officeCondition(scope: OfficeScope, column: PgColumn): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.size === 0) return sql`false`;
  return inArray(column, [...scope]);
}

/** An office the caller names (path or body) must be in the scope of `key`: else 403. */
export function requireOffice(actor: Actor, officeId: number, key = MANAGE): void {
  if (!inScope(actor.offices(key), officeId)) throw forbidden();
}

/** An entity of an office outside the caller's scope is reported as missing. */
export function requireVisible(actor: Actor, officeId: number, what: string, key = MANAGE): void {
  if (!inScope(actor.offices(key), officeId)) throw notFound(what);
}

export function conflict(current: unknown): AppError {
  return new AppError(409, 'This item was changed by someone else. Review the current version.', {
    body: { Current: current },
  });
}

export function fullName(p: { FirstName: string; LastName: string }): string {
  return `${p.FirstName} ${p.LastName}`;
}
