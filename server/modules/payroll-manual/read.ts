// Reading manual payroll submissions: one per payroll entry, with the entry's pay period, employee,
// office and corporation, and the names of who submitted, processes and completed it. Scope: the
// entry's office must be reached by the caller's key (payroll:read for reads); out of scope is 404.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromCents } from '../../../src/contract/payroll';
import {
  MANUAL_STATUS_NAMES,
  type ManualSubmission,
  type ManualSubmissionPage,
  type ManualSubmissionQuery,
} from '../../../src/contract/payroll-manual';
import {
  corporations,
  employees,
  icdOffices,
  payPeriods,
  payrollEntries,
  payrollManualShowHours,
  payrollManualSubmissions,
} from '../../db/tables';
import { notFound } from '../../errors';
import { type Actor, inScope } from '../access/service';
import { type DbOrTx, officeCondition } from '../scheduling/scope';

export const READ = 'payroll:read';
export const SUBMIT = 'payroll:manualSubmissions';
export const PROCESS = 'payroll:process';
export const OWN = 'payStubs:readOwn';

export const ENTRY = 'The payroll entry';

const submitter = alias(employees, 'submitter');
const processor = alias(employees, 'processor');
const completer = alias(employees, 'completer');

const name = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

function selectSubmissions(db: DbOrTx) {
  return db
    .select({
      s: payrollManualSubmissions,
      PayrollID: payrollEntries.PayrollID,
      PayPeriodID: payrollEntries.PayPeriodID,
      EmployeeID: payrollEntries.EmployeeID,
      IcdOfficeID: payrollEntries.IcdOfficeID,
      PayPeriodStartDate: payPeriods.StartDate,
      PayPeriodEndDate: payPeriods.EndDate,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      OfficeName: icdOffices.OfficeName,
      IcdCorporationID: icdOffices.IcdCorporationID,
      ClientName: corporations.ClientName,
      SubmitterFirst: submitter.FirstName,
      SubmitterLast: submitter.LastName,
      ProcessorFirst: processor.FirstName,
      ProcessorLast: processor.LastName,
      CompleterFirst: completer.FirstName,
      CompleterLast: completer.LastName,
    })
    .from(payrollManualSubmissions)
    .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollManualSubmissions.PayrollEntryID))
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(employees, eq(employees.EmployeeID, payrollEntries.EmployeeID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .innerJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
    .innerJoin(submitter, eq(submitter.EmployeeID, payrollManualSubmissions.SubmittedByID))
    .leftJoin(processor, eq(processor.EmployeeID, payrollManualSubmissions.ProcessorID))
    .leftJoin(completer, eq(completer.EmployeeID, payrollManualSubmissions.CompletedByID))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof selectSubmissions>['execute']>>[number];
type ShowRow = typeof payrollManualShowHours.$inferSelect;

async function showHoursOf(db: DbOrTx, ids: readonly number[]): Promise<ShowRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(payrollManualShowHours)
    .where(inArray(payrollManualShowHours.ManualSubmissionID, [...ids]))
    .orderBy(asc(payrollManualShowHours.SortIndex), asc(payrollManualShowHours.Date));
}

function toWire(row: Row, show: readonly ShowRow[]): ManualSubmission {
  const s = row.s;
  const days = show
    .filter((d) => d.ManualSubmissionID === s.ManualSubmissionID)
    .map((d) => ({
      Date: d.Date,
      Hours: Number(d.Hours),
      Amount: fromCents(d.AmountCents),
      Comments: d.Comments,
    }));
  const dayCents = show
    .filter((d) => d.ManualSubmissionID === s.ManualSubmissionID)
    .reduce((sum, d) => sum + d.AmountCents, 0);
  return {
    ManualSubmissionID: s.ManualSubmissionID,
    PayrollEntryID: s.PayrollEntryID,
    PayrollID: row.PayrollID,
    PayPeriodID: row.PayPeriodID,
    PayPeriodStartDate: row.PayPeriodStartDate,
    PayPeriodEndDate: row.PayPeriodEndDate,
    EmployeeID: row.EmployeeID,
    EmployeeName: `${row.FirstName} ${row.LastName}`,
    IcdOfficeID: row.IcdOfficeID,
    OfficeName: row.OfficeName,
    IcdCorporationID: row.IcdCorporationID,
    ClientName: row.ClientName,
    StatusID: s.StatusID,
    Status: MANUAL_STATUS_NAMES[s.StatusID] ?? String(s.StatusID),
    ExtraShowHours: days,
    TotalHours: Math.round(days.reduce((sum, d) => sum + d.Hours, 0) * 100) / 100,
    Bonus: fromCents(s.BonusCents),
    NetPayAddition: fromCents(s.NetPayAdditionCents),
    NetPayDeduction: fromCents(s.NetPayDeductionCents),
    TotalAmount: fromCents(dayCents + s.BonusCents + s.NetPayAdditionCents - s.NetPayDeductionCents),
    Comments: s.Comments,
    SubmittedByID: s.SubmittedByID,
    SubmittedByName: name(row.SubmitterFirst, row.SubmitterLast) ?? '',
    SubmittedDate: s.SubmittedAt.toISOString(),
    AmendedDate: s.AmendedAt?.toISOString() ?? null,
    CancelledDate: s.CancelledAt?.toISOString() ?? null,
    ProcessorID: s.ProcessorID,
    ProcessorName: name(row.ProcessorFirst, row.ProcessorLast),
    IsPending: s.IsPending,
    IsWorkingOn: s.IsWorkingOn,
    CompletedDate: s.CompletedAt?.toISOString() ?? null,
    CompletedByName: name(row.CompleterFirst, row.CompleterLast),
    History: s.History,
    Version: s.Version,
  };
}

const SORTS: Record<ManualSubmissionQuery['sort'], SQL[]> = {
  SubmittedDate: [sql`${payrollManualSubmissions.SubmittedAt} asc`],
  SubmittedDateDesc: [sql`${payrollManualSubmissions.SubmittedAt} desc`],
  CompletedDate: [sql`${payrollManualSubmissions.CompletedAt} asc nulls last`],
  CompletedDateDesc: [sql`${payrollManualSubmissions.CompletedAt} desc nulls last`],
};

/** The submissions of the entries in the caller's payroll:read scope, filtered, sorted and paged. */
export async function listSubmissions(
  db: DbOrTx,
  actor: Actor,
  query: ManualSubmissionQuery,
): Promise<ManualSubmissionPage> {
  const where = and(
    officeCondition(actor.offices(READ), payrollEntries.IcdOfficeID),
    query.statusID ? eq(payrollManualSubmissions.StatusID, query.statusID) : undefined,
    query.processorID ? eq(payrollManualSubmissions.ProcessorID, query.processorID) : undefined,
  );
  const [{ n }] = await db
    .select({ n: count() })
    .from(payrollManualSubmissions)
    .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollManualSubmissions.PayrollEntryID))
    .where(where);
  const rows = await selectSubmissions(db)
    .where(where)
    .orderBy(...SORTS[query.sort], desc(payrollManualSubmissions.ManualSubmissionID))
    .limit(query.pageSize)
    .offset(query.pageIndex * query.pageSize);
  const show = await showHoursOf(
    db,
    rows.map((r) => r.s.ManualSubmissionID),
  );
  return {
    Items: rows.map((r) => toWire(r, show)),
    TotalCount: n,
    PageIndex: query.pageIndex,
    PageSize: query.pageSize,
  };
}

export interface EntryRow {
  PayrollEntryID: number;
  PayrollID: number;
  PayPeriodID: number;
  EmployeeID: number;
  IcdOfficeID: number;
  StartDate: string;
  EndDate: string;
  /** The office's time zone (its "today" bounds the show-hours days). */
  TimeZone: string;
}

async function loadEntry(db: DbOrTx, id: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select({
      PayrollEntryID: payrollEntries.PayrollEntryID,
      PayrollID: payrollEntries.PayrollID,
      PayPeriodID: payrollEntries.PayPeriodID,
      EmployeeID: payrollEntries.EmployeeID,
      IcdOfficeID: payrollEntries.IcdOfficeID,
      StartDate: payPeriods.StartDate,
      EndDate: payPeriods.EndDate,
      TimeZone: icdOffices.TimeZone,
    })
    .from(payrollEntries)
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .where(eq(payrollEntries.PayrollEntryID, id));
  return row;
}

/** The payroll entry {id}, or 404 when it does not exist or the caller's `key` does not reach it. */
export async function entryInScope(db: DbOrTx, actor: Actor, id: number, key: string): Promise<EntryRow> {
  const row = await loadEntry(db, id);
  if (!row || !inScope(actor.offices(key), row.IcdOfficeID)) throw notFound(ENTRY);
  return row;
}

/**
 * Read access to one entry's submission: payroll:read reaching the entry's office, or the entry's own
 * employee (payStubs:readOwn). Anyone else: 404.
 */
export async function readableEntry(db: DbOrTx, actor: Actor, id: number): Promise<EntryRow> {
  const row = await loadEntry(db, id);
  if (row && inScope(actor.offices(READ), row.IcdOfficeID)) return row;
  if (row && actor.has(OWN) && row.EmployeeID === actor.EmployeeID) return row;
  throw notFound(ENTRY);
}

/** The submission of an entry as the wire shows it, or null when it has none. */
export async function submissionOfEntry(db: DbOrTx, entryId: number): Promise<ManualSubmission | null> {
  const [row] = await selectSubmissions(db).where(eq(payrollManualSubmissions.PayrollEntryID, entryId));
  if (!row) return null;
  return toWire(row, await showHoursOf(db, [row.s.ManualSubmissionID]));
}
