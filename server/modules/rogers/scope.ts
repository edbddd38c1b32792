// Who sees what in the Rogers dashboards and reports (`reports:read`): the offices where the caller
// holds the key (administrator, payroll processor and auditor: every office; an owner: her
// corporation's offices; a manager granted the key: his offices) and the corporations of those
// offices. A filter naming an office, corporation, employee, lead group or batch out of scope is 403
// with nothing told about it; rows outside the scope are never counted. A rep has no `reports:read`
// and is refused (403) by the route's permission check.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MAX_REPORT_DAYS } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import { employmentRecords, icdOffices, leadBatches, leadGroups } from '../../db/tables';
import { addDays, dayNumber } from '../../domain/time/clock-time';
import { badRequest, forbidden } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import type { DbOrTx } from '../scheduling/scope';

export const READ = 'reports:read';
export type IdScope = 'all' | ReadonlySet<number>;

export interface RogersScope {
  actor: Actor;
  offices: OfficeScope;
  corporations: IdScope;
}

export async function rogersScope(db: Db | DbOrTx, actor: Actor): Promise<RogersScope> {
  const offices = actor.offices(READ);
  if (offices === 'all') return { actor, offices, corporations: 'all' };
  if (offices.size === 0) return { actor, offices, corporations: new Set() };
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...offices]));
  return { actor, offices, corporations: new Set(rows.map((r) => r.id)) };
}

export const inIds = (scope: IdScope, id: number) => scope === 'all' || scope.has(id);

/** A condition limiting an id column to a scope (undefined: unlimited; nothing: false). */
export function idIn(scope: IdScope, column: PgColumn | SQL): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.size === 0) return sql`false`;
  return inArray(column as PgColumn, [...scope]);
}

/** The offices to read: the one asked for (403 when out of scope) or every office in scope. */
export function officeFilter(scope: RogersScope, icdOfficeID?: number): IdScope {
  if (icdOfficeID === undefined) return scope.offices;
  if (!inIds(scope.offices, icdOfficeID)) throw forbidden();
  return new Set([icdOfficeID]);
}

/** The corporations to read: the one asked for (403 when out of scope) or every one in scope. */
export function corporationFilter(scope: RogersScope, icdCorporationID?: number): IdScope {
  if (icdCorporationID === undefined) return scope.corporations;
  if (!inIds(scope.corporations, icdCorporationID)) throw forbidden();
  return new Set([icdCorporationID]);
}

/** 403 unless the employee has an employment record at an office in scope. */
export async function requireEmployee(db: Db, scope: RogersScope, employeeID: number): Promise<void> {
  if (scope.offices === 'all') return;
  const [row] = await db
    .select({ id: employmentRecords.EmployeeID })
    .from(employmentRecords)
    .where(
      and(eq(employmentRecords.EmployeeID, employeeID), idIn(scope.offices, employmentRecords.IcdOfficeID)),
    )
    .limit(1);
  if (!row) throw forbidden();
}

/** 403 unless the lead group belongs to a corporation in scope. */
export async function requireLeadGroup(db: Db, scope: RogersScope, leadGroupID: number): Promise<void> {
  const [g] = await db.select().from(leadGroups).where(eq(leadGroups.LeadGroupID, leadGroupID));
  if (!g || !inIds(scope.corporations, g.IcdCorporationID)) throw forbidden();
}

/** 403 unless the lead batch's group belongs to a corporation in scope. */
export async function requireLeadBatch(db: Db, scope: RogersScope, leadBatchID: number): Promise<void> {
  const [b] = await db
    .select({ corp: leadGroups.IcdCorporationID })
    .from(leadBatches)
    .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leadBatches.LeadGroupID))
    .where(eq(leadBatches.LeadBatchID, leadBatchID));
  if (!b || !inIds(scope.corporations, b.corp)) throw forbidden();
}

export interface Range {
  start: string;
  end: string;
}

/** 'YYYY-MM-DD' of an instant in UTC. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The dates a report covers: both given, or the 30 days up to endDate (default: today, UTC).
 * End before start, or more than 366 days: 400 naming the field.
 */
export function rangeOf(q: { startDate?: string; endDate?: string }, now: Date): Range {
  const end = q.endDate ?? (q.startDate ? addDays(q.startDate, 29) : utcDay(now));
  const start = q.startDate ?? addDays(end, -29);
  if (end < start)
    throw badRequest('The end date must not be before the start date.', {
      endDate: ['The end date must not be before the start date.'],
    });
  if (dayNumber(end) - dayNumber(start) >= MAX_REPORT_DAYS)
    throw badRequest(`A report covers ${MAX_REPORT_DAYS} days at most.`, {
      endDate: [`${MAX_REPORT_DAYS} days at most`],
    });
  return { start, end };
}

/** Cents → currency with 2 decimals. */
export const money = (cents: number) => Math.round(cents) / 100;
/** A share 0..1 rounded to 4 decimals (0 when the whole is 0). */
export const share = (part: number, whole: number) =>
  whole ? Math.round((part / whole) * 10_000) / 10_000 : 0;

/** The map's value for the key, made and stored first when missing. */
export function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
