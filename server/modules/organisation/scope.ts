// Who sees and changes which part of the organisation.
// - organisation:read — offices in the key's scope (admin, payroll, auditor: all; owner: the offices
//   of her corporation; manager: his office), and the corporations and divisions of those offices.
// - organisation:manage — edit offices and corporation details in scope (owner: her corporation).
// - organisation:admin — global things: corporations created or deleted, divisions, division profiles,
//   rotations, jobs and switches. Held with a narrower scope it is refused (403).
// Something outside the caller's scope is reported as missing (404); naming an office or corporation
// outside it in a body is 403. Nothing is changed either way.
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { icdOffices } from '../../db/tables';
import { AppError, forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';

export const READ = 'organisation:read';
export const MANAGE = 'organisation:manage';
export const ADMIN = 'organisation:admin';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type IdScope = 'all' | ReadonlySet<number>;

export const inIds = (scope: IdScope, id: number) => scope === 'all' || scope.has(id);

export function idCondition(scope: IdScope, column: PgColumn): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.size === 0) return sql`false`;
  return inArray(column, [...scope]);
}

export interface OrgScope {
  actor: Actor;
  readOffices: OfficeScope;
  manageOffices: OfficeScope;
  readCorps: IdScope;
  manageCorps: IdScope;
  isAdmin: boolean;
}

async function corporationsOf(db: DbOrTx, offices: OfficeScope): Promise<IdScope> {
  if (offices === 'all') return 'all';
  if (offices.size === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...offices]));
  return new Set(rows.map((r) => r.id));
}

const union = (a: OfficeScope, b: OfficeScope): OfficeScope =>
  a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b]);

export async function orgScopeOf(db: DbOrTx, actor: Actor): Promise<OrgScope> {
  const manageOffices = actor.offices(MANAGE);
  const adminOffices = actor.offices(ADMIN);
  const isAdmin = adminOffices === 'all';
  // Whoever may manage or administer may read.
  const readOffices = union(union(actor.offices(READ), manageOffices), isAdmin ? 'all' : new Set());
  const effectiveManage = isAdmin ? 'all' : manageOffices;
  return {
    actor,
    readOffices,
    manageOffices: effectiveManage,
    readCorps: await corporationsOf(db, readOffices),
    manageCorps: await corporationsOf(db, effectiveManage),
    isAdmin,
  };
}

/** organisation:admin must reach every office. */
export function requireAdmin(actor: Actor): void {
  if (actor.offices(ADMIN) !== 'all') throw forbidden();
}

export const canReadOffice = (s: OrgScope, officeId: number) => inScope(s.readOffices, officeId);
export const canManageOffice = (s: OrgScope, officeId: number) => inScope(s.manageOffices, officeId);

export function conflict(current: unknown): AppError {
  return new AppError(409, 'This item was changed by someone else. Review the current version.', {
    body: { Current: current },
  });
}

export function fieldError(field: string, message: string, summary = message): AppError {
  return new AppError(400, summary, { Errors: { [field]: [message] } });
}

export { forbidden, notFound };
