// PostgreSQL advisory locks, one class per purpose. A lock is named by two int4 keys: the class
// (the first key, from this table) and the thing locked (an id, or hashtext() of a name). Every class
// has its own number so that, say, the time-entry writes of employee 42 never wait on the event
// assignments of employee 42 or on a sign-in attempt whose user name hashes to 42.
import { type SQL, sql } from 'drizzle-orm';

export const LockClass = {
  /** Time-entry writes of one employee (overlap rule, late adjustments and their resolution). */
  TimeEntries: 7301,
  /** Sign-in / password-reset attempts of one user name (hashtext of purpose:name). */
  AttemptsByUserName: 7311,
  /** Sign-in / password-reset attempts from one address (hashtext of purpose:address). */
  AttemptsByAddress: 7312,
  /** Event-assignment answers of one employee (one place per employee per time). */
  EventAssignments: 7321,
  /** The shared lead reference data (statuses, groups) created on first use. */
  LeadReference: 7331,
  /** A running server instance (session-level, held for the instance's life). */
  Instance: 7341,
  /** Writes of one kind of commission or payout policy (the duplicate check and the insert as one). */
  CommissionPolicies: 7351,
  /** Commission pieces written from orders for one employee (piece numbers, tier counts per period). */
  OrderCommissionPieces: 7361,
} as const;
export type LockClass = (typeof LockClass)[keyof typeof LockClass];

/** `select pg_advisory_xact_lock(class, key)`: held until the transaction ends. */
export function xactLock(lockClass: LockClass, key: number | SQL): SQL {
  return sql`select pg_advisory_xact_lock(${lockClass}::int, ${key}::int)`;
}

/** Locks a name (hashed to int4 by PostgreSQL) in a class until the transaction ends. */
export function xactLockName(lockClass: LockClass, name: string): SQL {
  return xactLock(lockClass, sql`hashtext(${name})`);
}
