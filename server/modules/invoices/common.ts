// Permission keys and scope of payroll invoices and their policies. admin and payroll: everything;
// an owner reads her corporation's invoices (and the policies of her corporation and of the
// divisions its offices work) and writes the owner comment only. Reading out of scope answers 404,
// a body naming a corporation or division out of scope 403; nothing changes either way.
import { inArray } from 'drizzle-orm';
import { employees } from '../../db/tables';
import type { Actor } from '../access/service';
import { corporationReach, divisionReach, type Reach, reaches } from '../commission/common';
import type { DbOrTx } from '../scheduling/scope';

export const INVOICES_READ = 'invoices:read';
export const INVOICES_WRITE = 'invoices:write';
export const INVOICES_OWNER_COMMENT = 'invoices:ownerComment';

export { corporationReach, divisionReach, type Reach, reaches };

/** "First Last" of employees by id. */
export async function employeeNames(
  db: DbOrTx,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: employees.EmployeeID, FirstName: employees.FirstName, LastName: employees.LastName })
    .from(employees)
    .where(inArray(employees.EmployeeID, unique));
  return new Map(rows.map((r) => [r.id, `${r.FirstName} ${r.LastName}`]));
}

/** Whether the caller's `key` reaches a corporation. */
export async function reachesCorporation(
  db: DbOrTx,
  actor: Actor,
  key: string,
  id: number,
): Promise<boolean> {
  if (!actor.has(key)) return false;
  return reaches(await corporationReach(db, actor, key), id);
}
