// Permission keys and corporation scope of payroll. A payroll belongs to one corporation: the caller
// sees it when their `payroll:read` reaches an office of that corporation (admin and payroll: every
// office; owner: her corporation's; a manager holding the key: his offices'), and sees its entries
// of the offices in that scope. Changes need `payroll:process` on an office of the corporation (and
// on the entry's office for an entry). Out of scope: 404 (nothing changed).
import { eq, inArray } from 'drizzle-orm';
import { PAYROLL_NOT_FOUND } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { icdOffices, payrolls } from '../../db/tables';
import { AppError, forbidden } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';

export const READ = 'payroll:read';
export const PROCESS = 'payroll:process';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;
export type PayrollRow = typeof payrolls.$inferSelect;

export const payrollNotFound = () => new AppError(404, PAYROLL_NOT_FOUND);

/** Corporations reached by a scope ('all' for every corporation). */
export async function corporationsOf(db: Conn, scope: OfficeScope): Promise<'all' | Set<number>> {
  if (scope === 'all') return 'all';
  if (!scope.size) return new Set();
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...scope]));
  return new Set(rows.map((r) => r.id));
}

/** The offices of a corporation. */
export async function officesOfCorporation(db: Conn, corporationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: icdOffices.IcdOfficeID })
    .from(icdOffices)
    .where(eq(icdOffices.IcdCorporationID, corporationId));
  return rows.map((r) => r.id);
}

export function reaches(scope: OfficeScope, offices: readonly number[]): boolean {
  return scope === 'all' || offices.some((o) => scope.has(o));
}

/** A payroll the caller may read (404 when missing or out of scope). */
export async function readablePayroll(db: Conn, actor: Actor, id: number): Promise<PayrollRow> {
  const [row] = await db.select().from(payrolls).where(eq(payrolls.PayrollID, id)).limit(1);
  if (!row) throw payrollNotFound();
  const scope = actor.offices(READ);
  if (scope !== 'all' && !reaches(scope, await officesOfCorporation(db, row.IcdCorporationID)))
    throw payrollNotFound();
  return row;
}

/**
 * A payroll the caller may change: 404 when they cannot read it, 403 when they can read but not
 * process it (an owner's read-only access).
 */
export async function processablePayroll(
  db: Conn,
  actor: Actor,
  id: number,
  forUpdate = false,
): Promise<PayrollRow> {
  const read = await readablePayroll(db, actor, id);
  const scope = actor.offices(PROCESS);
  if (scope !== 'all' && !reaches(scope, await officesOfCorporation(db, read.IcdCorporationID)))
    throw forbidden();
  if (!forUpdate) return read;
  const [row] = await db.select().from(payrolls).where(eq(payrolls.PayrollID, id)).for('update');
  return row ?? read;
}

/** Whether an entry's office is in the caller's scope of a key. */
export function entryInScope(actor: Actor, key: string, officeId: number): boolean {
  return inScope(actor.offices(key), officeId);
}
