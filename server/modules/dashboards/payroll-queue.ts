// Payroll's queue (GET dashboards/home/payroll-queue) over the offices where the caller processes
// payroll, each office's today in its own time zone:
// - pay periods that have ended without approval, and approved ones whose payroll is not locked;
// - open (unlocked) payrolls of the corporations in scope that have begun: never calculated, or
//   with their window ended (ready to lock), the window's end in the corporation's first office's zone;
// - late adjustments pending, manual submissions not yet processed or cancelled, onboarding
//   applications submitted for review (the caller's onboarding:manage offices);
// - employment events (hires first) not processed with the payroll provider, at the offices in scope
//   (events of no office, e.g. a change of the person, only for a caller reaching every office);
// - payroll invoices of the corporations in scope not posted yet.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DASHBOARD_LIST_LIMIT, type PayrollQueue, RoleDashboardId } from '../../../src/contract/dashboards';
import { EmploymentEventType } from '../../../src/contract/employments';
import { PayrollInvoiceStatus } from '../../../src/contract/invoices';
import { ManualSubmissionStatus } from '../../../src/contract/payroll-manual';
import { LateAdjustmentStatus } from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import {
  corporations,
  employmentEvents,
  icdOffices,
  lateAdjustments,
  onboardingApplications,
  payPeriods,
  payrollEntries,
  payrollInvoices,
  payrollManualSubmissions,
  payrolls,
} from '../../db/tables';
import type { Actor } from '../access/service';
import { ids, scopedOffices } from './scope';

export const PAYROLL_QUEUE_KEY = 'payroll:process';
const OPEN_MANUAL = [
  ManualSubmissionStatus.Submitted,
  ManualSubmissionStatus.Amended,
  ManualSubmissionStatus.Pending,
  ManualSubmissionStatus.WorkingOn,
];

export async function payrollQueue(db: Db, actor: Actor, now: Date): Promise<PayrollQueue> {
  const offices = await scopedOffices(db, actor, PAYROLL_QUEUE_KEY, now);
  const empty: PayrollQueue = {
    DashboardID: RoleDashboardId.PayrollQueue,
    GeneratedAt: now.toISOString(),
    PeriodsAwaitingApproval: 0,
    PeriodsAwaitingLock: 0,
    PayrollsToCalculate: 0,
    PayrollsToLock: 0,
    Payrolls: [],
    LateAdjustmentsPending: 0,
    ManualSubmissionsOpen: 0,
    ApplicationsToReview: 0,
    NewHiresToProcess: 0,
    EmploymentEventsToProcess: 0,
    InvoicesNotPosted: 0,
  };
  if (!offices.length) return empty;
  const officeIds = ids(offices);
  const instant = now.toISOString();
  // The office's today, in SQL, for a row joined with its office.
  const officeToday = sql`(${instant}::timestamptz at time zone ${icdOffices.TimeZone})::date`;
  const firstOffice = new Map<number, string>();
  for (const o of offices)
    if (!firstOffice.has(o.IcdCorporationID)) firstOffice.set(o.IcdCorporationID, o.Today);
  const onboardingScope = actor.has('onboarding:manage')
    ? actor.offices('onboarding:manage')
    : new Set<number>();

  const everyOffice = actor.offices(PAYROLL_QUEUE_KEY) === 'all';
  const [periodCounts, open, late, manual, applications, employment, invoices] = await Promise.all([
    db
      .select({
        awaitingApproval: sql<number>`count(*) filter (where not ${payPeriods.IsApproved}
          and ${payPeriods.EndDate} < ${officeToday})::int`,
        awaitingLock: sql<number>`count(*) filter (where ${payPeriods.IsApproved})::int`,
      })
      .from(payPeriods)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payPeriods.IcdOfficeID))
      .where(and(inArray(payPeriods.IcdOfficeID, officeIds), eq(payPeriods.IsLocked, false))),
    db
      .select({
        PayrollID: payrolls.PayrollID,
        IcdCorporationID: payrolls.IcdCorporationID,
        ClientName: corporations.ClientName,
        StartDate: payrolls.StartDate,
        EndDate: payrolls.EndDate,
        PayDate: payrolls.PayDate,
        CalculatedAt: payrolls.CalculatedAt,
      })
      .from(payrolls)
      .innerJoin(corporations, eq(corporations.IcdCorporationID, payrolls.IcdCorporationID))
      .where(and(inArray(payrolls.IcdCorporationID, [...firstOffice.keys()]), eq(payrolls.IsLocked, false)))
      .orderBy(asc(payrolls.EndDate), asc(corporations.ClientName), asc(payrolls.PayrollID)),
    db
      .select({ n: count() })
      .from(lateAdjustments)
      .where(
        and(
          inArray(lateAdjustments.IcdOfficeID, officeIds),
          eq(lateAdjustments.StatusID, LateAdjustmentStatus.Pending),
        ),
      ),
    db
      .select({ n: count() })
      .from(payrollManualSubmissions)
      .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollManualSubmissions.PayrollEntryID))
      .where(
        and(
          inArray(payrollEntries.IcdOfficeID, officeIds),
          inArray(payrollManualSubmissions.StatusID, OPEN_MANUAL),
        ),
      ),
    onboardingScope !== 'all' && onboardingScope.size === 0
      ? Promise.resolve([{ n: 0 }])
      : db
          .select({ n: count() })
          .from(onboardingApplications)
          .where(
            and(
              eq(onboardingApplications.Stage, 'Submitted'),
              onboardingScope === 'all'
                ? undefined
                : inArray(onboardingApplications.IcdOfficeID, [...onboardingScope]),
            ),
          ),
    db
      .select({
        hires: sql<number>`count(*) filter (where ${employmentEvents.EventTypeID} = ${EmploymentEventType.NewHire})::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(employmentEvents)
      .where(
        and(
          isNull(employmentEvents.ProcessedAt),
          everyOffice ? undefined : inArray(employmentEvents.IcdOfficeID, officeIds),
        ),
      ),
    db
      .select({ n: count() })
      .from(payrollInvoices)
      .where(
        and(
          inArray(payrollInvoices.IcdCorporationID, [...firstOffice.keys()]),
          eq(payrollInvoices.StatusID, PayrollInvoiceStatus.NotPosted),
        ),
      ),
  ]);
  const payrollRows = open
    .map((p) => {
      const today = firstOffice.get(p.IcdCorporationID) ?? instant.slice(0, 10);
      return {
        PayrollID: p.PayrollID,
        ClientName: p.ClientName,
        StartDate: p.StartDate,
        EndDate: p.EndDate,
        PayDate: p.PayDate,
        IsCalculated: p.CalculatedAt !== null,
        ReadyToLock: p.EndDate < today,
        begun: p.StartDate <= today,
      };
    })
    .filter((p) => p.begun)
    .map(({ begun: _begun, ...p }) => p);
  return {
    ...empty,
    PeriodsAwaitingApproval: Number(periodCounts[0]?.awaitingApproval ?? 0),
    PeriodsAwaitingLock: Number(periodCounts[0]?.awaitingLock ?? 0),
    PayrollsToCalculate: payrollRows.filter((p) => !p.IsCalculated).length,
    PayrollsToLock: payrollRows.filter((p) => p.ReadyToLock).length,
    Payrolls: payrollRows.slice(0, DASHBOARD_LIST_LIMIT),
    LateAdjustmentsPending: late[0]?.n ?? 0,
    ManualSubmissionsOpen: manual[0]?.n ?? 0,
    ApplicationsToReview: applications[0]?.n ?? 0,
    NewHiresToProcess: Number(employment[0]?.hires ?? 0),
    EmploymentEventsToProcess: Number(employment[0]?.all ?? 0),
    InvoicesNotPosted: invoices[0]?.n ?? 0,
  };
}
