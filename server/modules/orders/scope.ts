// Who sees and changes which orders (src/contract/orders.ts):
// - orders:read  — the work orders of the offices where the key is held (admin, payroll: all; owner:
//   her corporation's offices; manager: his office);
// - orders:write — create, edit, change statuses, adjust, resolve claims in those offices;
// - orders:own   — a rep: create orders credited to themself at their offices (from leads they can
//   see), read and edit their own, claim orders by number, file manual claims.
// An order outside the caller's reach is 404; an office named in a body outside it is 403.
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { CATALOGUE_WRITE, ORDERS_OWN, ORDERS_READ, ORDERS_WRITE } from '../../../src/contract/orders';
import type { Db } from '../../db/client';
import { icdOffices, workOrders } from '../../db/tables';
import { forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export const WORK_ORDER = 'The work order';
export const CATALOGUE_READERS = [ORDERS_OWN, ORDERS_READ, ORDERS_WRITE, CATALOGUE_WRITE] as const;
export const ORDER_READERS = [ORDERS_OWN, ORDERS_READ, ORDERS_WRITE] as const;

const none: OfficeScope = new Set<number>();
const scopeOf = (actor: Actor, key: string): OfficeScope => (actor.has(key) ? actor.offices(key) : none);

export const readOffices = (actor: Actor) => union(scopeOf(actor, ORDERS_READ), scopeOf(actor, ORDERS_WRITE));
export const writeOffices = (actor: Actor) => scopeOf(actor, ORDERS_WRITE);
export const ownOffices = (actor: Actor) => scopeOf(actor, ORDERS_OWN);

export function union(a: OfficeScope, b: OfficeScope): OfficeScope {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

/** Condition on work_orders: what the caller may read (undefined: everything). */
export function readableWhere(actor: Actor): SQL | undefined {
  const offices = readOffices(actor);
  if (offices === 'all') return undefined;
  const parts: SQL[] = [];
  if (offices.size) parts.push(inArray(workOrders.IcdOfficeID, [...offices]));
  if (actor.has(ORDERS_OWN)) parts.push(eq(workOrders.EmployeeID, actor.EmployeeID));
  if (!parts.length) return sql`false`;
  return parts.length === 1 ? parts[0] : or(...parts);
}

type OrderLike = { IcdOfficeID: number; EmployeeID: number | null };

export const canRead = (actor: Actor, wo: OrderLike) =>
  inScope(readOffices(actor), wo.IcdOfficeID) ||
  (actor.has(ORDERS_OWN) && wo.EmployeeID === actor.EmployeeID);

/** Office-level write (manager, payroll, admin). */
export const canManage = (actor: Actor, wo: { IcdOfficeID: number }) =>
  inScope(writeOffices(actor), wo.IcdOfficeID);

/** Write: office-level, or one's own order at an office where one holds orders:own. */
export const canWrite = (actor: Actor, wo: OrderLike) =>
  canManage(actor, wo) || (wo.EmployeeID === actor.EmployeeID && inScope(ownOffices(actor), wo.IcdOfficeID));

/** An office a body names: the caller must be able to write orders there (office-level or own). */
export function requireWritableOffice(actor: Actor, officeId: number): 'manage' | 'own' {
  if (inScope(writeOffices(actor), officeId)) return 'manage';
  if (inScope(ownOffices(actor), officeId)) return 'own';
  throw forbidden();
}

export async function workOrderFor(
  db: Conn,
  actor: Actor,
  id: number,
  need: 'read' | 'write' | 'manage',
): Promise<typeof workOrders.$inferSelect> {
  const [row] = await db.select().from(workOrders).where(eq(workOrders.WorkOrderID, id)).limit(1);
  const ok =
    row &&
    (need === 'read' ? canRead(actor, row) : need === 'write' ? canWrite(actor, row) : canManage(actor, row));
  if (!ok) {
    // Readable but not writable: 403 (the caller knows it exists); otherwise 404.
    if (row && need !== 'read' && canRead(actor, row)) throw forbidden();
    throw notFound(WORK_ORDER);
  }
  return row;
}

/** Corporations of the offices in a scope ('all' for a global one). */
export async function corporationsOf(db: Conn, scope: OfficeScope): Promise<'all' | Set<number>> {
  if (scope === 'all') return 'all';
  if (!scope.size) return new Set();
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...scope]));
  return new Set(rows.map((r) => r.id));
}

export function conflictBody(current: unknown) {
  return { Current: current };
}
