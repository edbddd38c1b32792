// Who sees which payroll in the reports (`payroll:read`): a payroll is visible when its corporation
// has an office where the caller holds the key (administrator and payroll processor: all; owner: her
// corporation; a manager granted the key: his offices' corporation), and its figures count only the
// pay periods of the offices the key reaches. A payroll out of scope is 404, a corporation named in a
// filter out of scope is 403.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PayrollHeader } from '../../../src/contract/payroll-reports';
import type { Db } from '../../db/client';
import { corporations, icdOffices, payrolls } from '../../db/tables';
import { forbidden, notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';

export const READ = 'payroll:read';
const PAYROLL = 'The payroll';

export interface ReportScope {
  offices: OfficeScope;
  corporations: 'all' | ReadonlySet<number>;
}

export async function reportScope(db: Db, actor: Actor): Promise<ReportScope> {
  const offices = actor.offices(READ);
  if (offices === 'all') return { offices, corporations: 'all' };
  if (offices.size === 0) return { offices, corporations: new Set() };
  const rows = await db
    .selectDistinct({ id: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(inArray(icdOffices.IcdOfficeID, [...offices]));
  return { offices, corporations: new Set(rows.map((r) => r.id)) };
}

/** A condition limiting an id column to a scope; undefined when unlimited. */
export function idCondition(scope: 'all' | ReadonlySet<number>, column: PgColumn): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.size === 0) return sql`false`;
  return inArray(column, [...scope]);
}

export function requireCorporation(scope: ReportScope, id: number): void {
  if (scope.corporations !== 'all' && !scope.corporations.has(id)) throw forbidden();
}

export const headerSelect = {
  PayrollID: payrolls.PayrollID,
  IcdCorporationID: payrolls.IcdCorporationID,
  Owner: corporations.Owner,
  ClientName: corporations.ClientName,
  CountryID: corporations.CountryID,
  StartDate: payrolls.StartDate,
  EndDate: payrolls.EndDate,
  PayDate: payrolls.PayDate,
  IsLocked: payrolls.IsLocked,
};

/** Payroll headers joined with their corporation, for a where-condition (sorted as spec 001 §9). */
export function headersWhere(db: Db, scope: ReportScope, where: SQL | undefined) {
  return db
    .select(headerSelect)
    .from(payrolls)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
    .where(and(idCondition(scope.corporations, payrolls.IcdCorporationID), where))
    .orderBy(
      sql`lower(${corporations.Owner})`,
      sql`lower(${corporations.ClientName})`,
      asc(payrolls.StartDate),
      asc(payrolls.PayrollID),
    );
}

/** The payroll, when the caller sees it (else 404: nothing is told about payrolls out of scope). */
export async function visiblePayroll(db: Db, scope: ReportScope, id: number): Promise<PayrollHeader> {
  const [row] = await headersWhere(db, scope, eq(payrolls.PayrollID, id));
  if (!row) throw notFound(PAYROLL);
  return row;
}
