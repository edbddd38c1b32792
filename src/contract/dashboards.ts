// Role dashboards of the home page (beyond the spec: GET dashboards/home/{dashboardId}), listed with
// the Rogers dashboards by GET home/dashboards. Each is behind one permission key and computed over
// the offices that key reaches for the caller, at the server's clock.
import { z } from 'zod';
import { Instant, Int32 } from './common';
import { ModuleId } from './modules';
import type { PermissionKey } from './permissions';
import { WireDateOut } from './time';

export const RoleDashboardId = {
  ManagerDay: 'manager-day',
  OwnerWeek: 'owner-week',
  PayrollQueue: 'payroll-queue',
} as const;
export type RoleDashboardId = (typeof RoleDashboardId)[keyof typeof RoleDashboardId];

export interface RoleDashboardDef {
  DashboardID: RoleDashboardId;
  Title: string;
  ModuleID: number;
  PermissionKey: PermissionKey;
}

/**
 * The role dashboards, in the order the home page shows them. The manager's day needs time:approve
 * (managers, owners), the week payroll:read (owners, payroll: pay cost is payroll's data), the
 * payroll queue payroll:process.
 */
export const ROLE_DASHBOARDS: readonly RoleDashboardDef[] = [
  {
    DashboardID: RoleDashboardId.ManagerDay,
    Title: 'My day',
    ModuleID: ModuleId.TimeEntry,
    PermissionKey: 'time:approve',
  },
  {
    DashboardID: RoleDashboardId.OwnerWeek,
    Title: 'This week',
    ModuleID: ModuleId.Reports,
    PermissionKey: 'payroll:read',
  },
  {
    DashboardID: RoleDashboardId.PayrollQueue,
    Title: 'Payroll queue',
    ModuleID: ModuleId.Payroll,
    PermissionKey: 'payroll:process',
  },
];

/** The PWA page of a role dashboard (the home page shows its card). */
export const roleDashboardUrl = (id: string) => `/dashboards/home/${id}`;

/** At most this many rows are listed under a figure (the figure itself counts them all). */
export const DASHBOARD_LIST_LIMIT = 50;

export const ClockedInPerson = z.object({
  EmployeeID: Int32,
  EmployeeName: z.string(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  /** When the open entry started. */
  Since: Instant,
  OnBreak: z.boolean(),
});
export type ClockedInPerson = z.infer<typeof ClockedInPerson>;

export const OpenSlot = z.object({
  ScheduleEventID: Int32,
  TimeSlotID: Int32,
  Title: z.string(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  Date: WireDateOut,
  StartTime: z.string(),
  EndTime: z.string(),
  Capacity: Int32,
  /** Places neither accepted nor pending. */
  Open: Int32,
});
export type OpenSlot = z.infer<typeof OpenSlot>;

export const AwaitingPeriod = z.object({
  PayPeriodID: Int32,
  EmployeeID: Int32,
  EmployeeName: z.string(),
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  WorkedMinutes: Int32,
  /** The period has ended: it waits for approval. */
  Ended: z.boolean(),
});
export type AwaitingPeriod = z.infer<typeof AwaitingPeriod>;

/** GET dashboards/home/manager-day: each office's today in its own time zone. */
export const ManagerDay = z.object({
  DashboardID: z.literal(RoleDashboardId.ManagerDay),
  GeneratedAt: Instant,
  Offices: z.array(z.object({ IcdOfficeID: Int32, OfficeName: z.string(), Today: WireDateOut })),
  ClockedInCount: Int32,
  ClockedIn: z.array(ClockedInPerson),
  /** Places still open in today's scheduled (not cancelled) events. */
  OpenPlaces: Int32,
  OpenSlots: z.array(OpenSlot),
  /** Pay periods not approved yet that have begun: ended ones wait for approval, current ones run. */
  PeriodsAwaitingApproval: Int32,
  PeriodsInProgress: Int32,
  MinutesAwaitingApproval: Int32,
  Periods: z.array(AwaitingPeriod),
});
export type ManagerDay = z.infer<typeof ManagerDay>;

export const MoneyByCountry = z.object({ CountryID: Int32, Cents: z.number().int() });
export type MoneyByCountry = z.infer<typeof MoneyByCountry>;

export const WeekOffice = z.object({
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  CountryID: Int32,
  WorkedMinutes: Int32,
  Employees: Int32,
  Orders: Int32,
  Installs: Int32,
});
export type WeekOffice = z.infer<typeof WeekOffice>;

/**
 * GET dashboards/home/owner-week: Monday to today, days counted in the time zone of the first office
 * in scope. Pay cost: gross pay as last calculated in the payrolls whose window holds today.
 */
export const OwnerWeek = z.object({
  DashboardID: z.literal(RoleDashboardId.OwnerWeek),
  GeneratedAt: Instant,
  TimeZone: z.string(),
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  WorkedMinutes: Int32,
  EmployeesWorked: Int32,
  PayCost: z.array(MoneyByCountry),
  PayrollsInWindow: Int32,
  /** Work orders sold this week. */
  Orders: Int32,
  /** Product units installed this week. */
  Installs: Int32,
  /** Distinct leads with an interaction this week, and the interactions. */
  LeadsWorked: Int32,
  Interactions: Int32,
  ByOffice: z.array(WeekOffice),
});
export type OwnerWeek = z.infer<typeof OwnerWeek>;

export const QueuePayroll = z.object({
  PayrollID: Int32,
  ClientName: z.string(),
  StartDate: WireDateOut,
  EndDate: WireDateOut,
  PayDate: WireDateOut,
  IsCalculated: z.boolean(),
  /** The window has ended and the payroll is not locked yet. */
  ReadyToLock: z.boolean(),
});
export type QueuePayroll = z.infer<typeof QueuePayroll>;

/** GET dashboards/home/payroll-queue. */
export const PayrollQueue = z.object({
  DashboardID: z.literal(RoleDashboardId.PayrollQueue),
  GeneratedAt: Instant,
  /** Ended pay periods not approved yet. */
  PeriodsAwaitingApproval: Int32,
  /** Approved pay periods whose payroll is not locked yet. */
  PeriodsAwaitingLock: Int32,
  /** Open payrolls never calculated. */
  PayrollsToCalculate: Int32,
  /** Open payrolls whose window has ended. */
  PayrollsToLock: Int32,
  Payrolls: z.array(QueuePayroll),
  LateAdjustmentsPending: Int32,
  /** Manual submissions not processed or cancelled. */
  ManualSubmissionsOpen: Int32,
  /** Onboarding applications submitted and waiting for the office (new hires). */
  ApplicationsToReview: Int32,
  /** Hires not yet processed with the payroll provider, and every employment event waiting. */
  NewHiresToProcess: Int32,
  EmploymentEventsToProcess: Int32,
  /** Payroll invoices not posted yet. */
  InvoicesNotPosted: Int32,
});
export type PayrollQueue = z.infer<typeof PayrollQueue>;
