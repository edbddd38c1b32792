// Pay stubs (spec 001 §3 "Pay stub", §7 "Pay stubs"): one per pay period whose payroll entry has been
// calculated, read from the entry's current calculation (payroll_entries, its lines and pieces).
//
// Who sees which stub:
// - the employee their own (payStubs:readOwn), at any office;
// - payroll:read (administrator, payroll processor: every office; owner: her corporation's offices)
//   and payStubs:read (managers: their offices) the stubs of the employees in scope; anyone else's
//   stubs answer 404 (403 for a caller who may read no one's);
// - a stub is *released* when its payroll is visible and locked (submitted) or disclosed. Before
//   that it is still being processed: only callers holding payroll:read on its office see it (as a
//   preview, IsFinal false); the employee and a manager see released stubs only.
import { and, asc, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PayStub } from '../../../src/contract/pay-stubs';
import type { Db } from '../../db/client';
import {
  corporations,
  employees,
  employmentRecords,
  icdOffices,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  payrollEntryLines,
  payrolls,
} from '../../db/tables';
import { AppError, forbidden, notFound } from '../../errors';
import type { Actor, OfficeScope } from '../access/service';
import { inScope } from '../access/service';
import { productOrderSources } from '../orders/sources';

export const READ_OWN = 'payStubs:readOwn';
export const READ = 'payStubs:read';
export const PAYROLL_READ = 'payroll:read';
export const EMPLOYEE_NOT_FOUND = 'The employee';
export const NO_STUB = 'There is no pay stub for this week.';
export const MAX_STUBS = 104;

type Conn = Db;

export interface StubScope {
  employeeId: number;
  /** Offices whose stubs of this employee the caller sees (released ones, at least). */
  offices: OfficeScope;
  /** Offices where the caller also sees stubs of payrolls still being processed. */
  previews: OfficeScope;
}

function union(a: OfficeScope, b: OfficeScope): OfficeScope {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...a, ...b]);
}

const isEmpty = (s: OfficeScope) => s !== 'all' && s.size === 0;

/** What the caller may see of an employee's stubs; 404 for an employee out of scope. */
export async function stubScope(db: Conn, actor: Actor, employeeId: number): Promise<StubScope> {
  const previews = actor.offices(PAYROLL_READ);
  if (employeeId === actor.EmployeeID && actor.has(READ_OWN)) return { employeeId, offices: 'all', previews };
  const offices = union(previews, actor.offices(READ));
  if (isEmpty(offices)) throw forbidden();
  const [employee] = await db
    .select({ EmployeeID: employees.EmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, employeeId))
    .limit(1);
  if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
  if (offices !== 'all') {
    const records = await db
      .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
      .from(employmentRecords)
      .where(eq(employmentRecords.EmployeeID, employeeId));
    if (!records.some((r) => inScope(offices, r.IcdOfficeID))) throw notFound(EMPLOYEE_NOT_FOUND);
  }
  return { employeeId, offices, previews };
}

function officeIn(scope: OfficeScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.size ? inArray(payrollEntries.IcdOfficeID, [...scope]) : sql`false`;
}

/** Released: the payroll is visible, and locked or disclosed. */
export const released = and(
  eq(payrolls.IsVisible, true),
  or(eq(payrolls.IsLocked, true), eq(payrolls.IsDisclosed, true)),
);

/** The conditions selecting the stubs a scope sees. */
export function visibleStubs(scope: StubScope): SQL | undefined {
  const previewCondition = scope.previews === 'all' ? sql`true` : officeIn(scope.previews);
  return and(
    eq(payrollEntries.EmployeeID, scope.employeeId),
    gt(payrollEntries.SnapshotNumber, 0),
    officeIn(scope.offices),
    or(released, previewCondition),
  );
}

/** YYYYWW: the ISO-8601 week-year and week of a 'YYYY-MM-DD' day. */
export function weekNumberOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of the same ISO week decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const year = date.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.ceil(((date.getTime() - jan1) / 86_400_000 + 1) / 7);
  return year * 100 + week;
}

/** The Monday and Sunday of an ISO week YYYYWW (null when it does not exist). */
export function weekBounds(weekNumber: number): { start: string; end: string } | null {
  const year = Math.floor(weekNumber / 100);
  const week = weekNumber % 100;
  if (week < 1 || week > 53) return null;
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4);
  monday.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() || 7) - 1) + (week - 1) * 7);
  const sunday = new Date(monday);
  sunday.setUTCDate(monday.getUTCDate() + 6);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  if (weekNumberOf(iso(monday)) !== weekNumber) return null;
  return { start: iso(monday), end: iso(sunday) };
}

const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));
const cents = (v: number) => Math.round(v) / 100;
const two = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;

const stubSelect = {
  PayrollEntryID: payrollEntries.PayrollEntryID,
  PayPeriodID: payrollEntries.PayPeriodID,
  EmployeeID: payrollEntries.EmployeeID,
  FirstName: employees.FirstName,
  LastName: employees.LastName,
  GrossPayCents: payrollEntries.GrossPayCents,
  NetPayAdditionCents: payrollEntries.NetPayAdditionCents,
  NetPayDeductionCents: payrollEntries.NetPayDeductionCents,
  RegularHours: payrollEntries.RegularHours,
  OvertimeHours: payrollEntries.OvertimeHours,
  DoubleTimeHours: payrollEntries.DoubleTimeHours,
  TotalHoursWorked: payrollEntries.TotalHoursWorked,
  SnapshotNumber: payrollEntries.SnapshotNumber,
  CalculatedAt: payrollEntries.CalculatedAt,
  StartDate: payPeriods.StartDate,
  EndDate: payPeriods.EndDate,
  PayrollID: payrolls.PayrollID,
  PayDate: payrolls.PayDate,
  IsLocked: payrolls.IsLocked,
  IcdCorporationID: payrolls.IcdCorporationID,
  CorporationName: corporations.ClientName,
  IcdOfficeID: payrollEntries.IcdOfficeID,
  OfficeName: icdOffices.OfficeName,
  TimeZone: icdOffices.TimeZone,
  CountryID: icdOffices.CountryID,
};

/** The stub rows a scope sees, newest pay period first. */
export async function stubRows(db: Conn, scope: StubScope, extra?: SQL, limit = MAX_STUBS) {
  return db
    .select(stubSelect)
    .from(payrollEntries)
    .innerJoin(payrolls, eq(payrolls.PayrollID, payrollEntries.PayrollID))
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
    .innerJoin(employees, eq(employees.EmployeeID, payrollEntries.EmployeeID))
    .where(and(visibleStubs(scope), extra))
    .orderBy(desc(payPeriods.StartDate), desc(payPeriods.PayPeriodID))
    .limit(limit);
}
export type StubRow = Awaited<ReturnType<typeof stubRows>>[number];

/** Rows → wire stubs, with their lines and commission pieces. */
/** The words naming what earned a piece (a product order), when a sale did. */
function sourceOf(
  p: typeof payrollCommissionPieces.$inferSelect,
  sources: Map<number, { Label: string }>,
): { Source?: string } {
  const label = p.SourceType === 'productOrder' && p.SourceID ? sources.get(p.SourceID)?.Label : undefined;
  return label ? { Source: label } : {};
}

export async function stubWires(db: Conn, rows: readonly StubRow[]): Promise<PayStub[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.PayrollEntryID);
  const [lines, pieces] = await Promise.all([
    db
      .select()
      .from(payrollEntryLines)
      .where(inArray(payrollEntryLines.PayrollEntryID, ids))
      .orderBy(asc(payrollEntryLines.SortIndex), asc(payrollEntryLines.PayrollEntryLineID)),
    db
      .select()
      .from(payrollCommissionPieces)
      .where(inArray(payrollCommissionPieces.PayrollEntryID, ids))
      .orderBy(asc(payrollCommissionPieces.PieceNumber)),
  ]);
  const sources = await productOrderSources(
    db,
    pieces.flatMap((p) => (p.SourceType === 'productOrder' && p.SourceID ? [p.SourceID] : [])),
  );
  return rows.map((r) => {
    const noRate = (kind: string) => kind === 'Meal Period Premium';
    return {
      PayPeriodID: r.PayPeriodID,
      EmployeeID: r.EmployeeID,
      EmployeeName: `${r.FirstName} ${r.LastName}`,
      WeekNumber: weekNumberOf(day(r.StartDate)),
      GrossPay: cents(r.GrossPayCents),
      NetPayAddition: cents(r.NetPayAdditionCents),
      NetPayDeduction: cents(r.NetPayDeductionCents),
      CommissionPieces: pieces
        .filter((p) => p.PayrollEntryID === r.PayrollEntryID)
        .map((p) => ({
          PieceNumber: p.PieceNumber,
          PieceQty: p.PieceQty,
          PieceRate: cents(p.PieceRateCents),
          Amount: cents(Math.round(p.PieceQty * p.PieceRateCents)),
          ...sourceOf(p, sources),
        })),
      StartDate: day(r.StartDate),
      EndDate: day(r.EndDate),
      PayDate: r.PayDate ? day(r.PayDate) : null,
      PayrollID: r.PayrollID,
      IcdCorporationID: r.IcdCorporationID,
      CorporationName: r.CorporationName,
      IcdOfficeID: r.IcdOfficeID,
      OfficeName: r.OfficeName,
      CountryID: r.CountryID,
      RegularHours: two(r.RegularHours),
      OvertimeHours: two(r.OvertimeHours),
      DoubleTimeHours: two(r.DoubleTimeHours),
      TotalHoursWorked: two(r.TotalHoursWorked),
      Lines: lines
        .filter((l) => l.PayrollEntryID === r.PayrollEntryID)
        .map((l) => ({
          Kind: l.Kind,
          Caption: l.Caption,
          Rate: noRate(l.Kind) || l.Rate === null ? null : Math.round(l.Rate * 10_000) / 10_000,
          Units: noRate(l.Kind) || l.Units === null ? null : two(l.Units),
          Amount: cents(l.AmountCents),
        })),
      Version: r.SnapshotNumber,
      CalculatedAt: r.CalculatedAt ? new Date(r.CalculatedAt).toISOString() : null,
      PreviousVersion: r.SnapshotNumber > 1 ? r.SnapshotNumber - 1 : null,
      IsFinal: r.IsLocked,
    };
  });
}

/** GET pay-stubs/employee/{id}: the employee's stubs, newest first (at most MAX_STUBS). */
export async function listStubs(args: { db: Db; actor: Actor; employeeId: number }): Promise<PayStub[]> {
  const scope = await stubScope(args.db, args.actor, args.employeeId);
  return stubWires(args.db, await stubRows(args.db, scope));
}

/** GET pay-stubs/employee/{id}/week/{week}: the stubs of pay periods starting that week at one corporation. */
export async function weekStubs(args: {
  db: Db;
  actor: Actor;
  employeeId: number;
  week: number;
  icdCorporationId: number;
}): Promise<PayStub[]> {
  const { db, actor, employeeId, week, icdCorporationId } = args;
  const scope = await stubScope(db, actor, employeeId);
  const bounds = weekBounds(week);
  if (!bounds) throw new AppError(404, NO_STUB);
  const rows = await stubRows(
    db,
    scope,
    and(
      eq(payrolls.IcdCorporationID, icdCorporationId),
      gte(payPeriods.StartDate, bounds.start),
      lte(payPeriods.StartDate, bounds.end),
    ),
  );
  if (!rows.length) throw new AppError(404, NO_STUB);
  return stubWires(db, rows);
}
