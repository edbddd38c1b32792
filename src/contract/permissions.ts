// Permission keys and grants (spec 000 §3, §6). A grant is held when the last grant with that key
// has the string value 'true'.
import { z } from 'zod';
import { ModuleId } from './module-ids';
import { APPLICATION_STATUS_KEY, ONBOARDING_PERMISSION } from './permission-keys';

export const Grant = z.object({
  Description: z.object({ Key: z.string(), Name: z.string().optional() }),
  Value: z.string(),
});
export type Grant = z.infer<typeof Grant>;

export const PermissionDescription = z.object({
  Key: z.string(),
  Name: z.string(),
  ModuleID: z.number().int().nullable(),
});
export type PermissionDescription = z.infer<typeof PermissionDescription>;

export const ClaimPermission = z.object({
  ClaimType: z.string(),
  ClaimValue: z.string().nullable(),
  PermissionKey: z.string(),
  Value: z.string(),
});
export type ClaimPermission = z.infer<typeof ClaimPermission>;

// The route guard's two keys are plain data in src/contract/permission-keys.ts (the PWA's first screen
// reads them without the schema library).
export { APPLICATION_STATUS_KEY, ONBOARDING_PERMISSION };

/** The permission catalogue: every key a route or screen checks. */
export const PERMISSIONS = [
  { Key: 'navigation:home', Name: 'Open the home page', ModuleID: null },
  {
    Key: 'navigation:admin',
    Name: 'Open administration screens',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  { Key: 'navigation:timeClock', Name: 'Open the clock', ModuleID: ModuleId.TimeEntry },
  { Key: 'navigation:timesheet', Name: 'Open the timesheet', ModuleID: ModuleId.TimeEntry },
  { Key: 'navigation:timeApprovals', Name: 'Open time approvals', ModuleID: ModuleId.TimeEntry },
  { Key: 'navigation:leads', Name: 'Open the leads map', ModuleID: ModuleId.Leads },
  { Key: 'navigation:scheduling', Name: 'Open the schedule board', ModuleID: ModuleId.RsScheduling },
  { Key: 'navigation:myEvents', Name: 'Open my events', ModuleID: ModuleId.EventsScheduling },
  { Key: 'navigation:payroll', Name: 'Open payroll', ModuleID: ModuleId.Payroll },
  { Key: 'navigation:employees', Name: 'Open employees', ModuleID: ModuleId.Users },
  { Key: 'navigation:onboarding', Name: 'Open onboarding applications', ModuleID: ModuleId.Onboarding },
  { Key: APPLICATION_STATUS_KEY, Name: 'Open my application status', ModuleID: ModuleId.Onboarding },
  { Key: 'navigation:reports', Name: 'Open reports', ModuleID: ModuleId.Reports },
  { Key: 'navigation:auditLogs', Name: 'Open audit logs', ModuleID: ModuleId.Auditing },
  { Key: 'navigation:lateAdjustments', Name: 'Open late adjustments', ModuleID: ModuleId.Payroll },
  {
    Key: 'admin:permissions',
    Name: 'Manage permissions and roles',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  {
    Key: 'admin:proxy',
    Name: 'Sign in as another user (proxy)',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  {
    Key: 'permissions:claims',
    Name: 'Manage claim permissions (CSV export and import)',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  { Key: 'admin:mail', Name: 'Read the mail outbox', ModuleID: ModuleId.ApplicationAdministration },
  {
    Key: 'admin:offices',
    Name: 'Manage offices, divisions and corporations',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  {
    Key: 'navigation:organisation',
    Name: 'Open the organisation',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  {
    Key: 'organisation:read',
    Name: 'Read offices, divisions and corporations',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  {
    Key: 'organisation:manage',
    Name: 'Edit offices and corporations (in scope)',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  {
    Key: 'organisation:admin',
    Name: 'Manage divisions, profiles, rotations and corporations',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  { Key: 'time:own', Name: 'Record own time', ModuleID: ModuleId.TimeEntry },
  { Key: 'time:manage', Name: "Edit other employees' time", ModuleID: ModuleId.TimeEntry },
  { Key: 'time:approve', Name: 'Approve pay periods', ModuleID: ModuleId.TimeEntry },
  { Key: 'leads:work', Name: 'Work assigned leads', ModuleID: ModuleId.Leads },
  { Key: 'leads:manage', Name: 'Manage lead groups, territories and batches', ModuleID: ModuleId.Leads },
  { Key: 'scheduling:respond', Name: 'Answer assigned events', ModuleID: ModuleId.EventsScheduling },
  { Key: 'scheduling:manage', Name: 'Manage schedules and events', ModuleID: ModuleId.RsScheduling },
  { Key: 'payroll:read', Name: 'Read payrolls', ModuleID: ModuleId.Payroll },
  { Key: 'payroll:process', Name: 'Process payrolls', ModuleID: ModuleId.Payroll },
  { Key: 'navigation:myPay', Name: 'Open my pay (own pay stubs)', ModuleID: ModuleId.Payroll },
  { Key: 'payStubs:readOwn', Name: 'Read own pay stubs', ModuleID: ModuleId.Payroll },
  {
    Key: 'payStubs:read',
    Name: 'Read the pay stubs of employees in scope (released payrolls)',
    ModuleID: ModuleId.Payroll,
  },
  {
    Key: 'payroll:manualSubmissions',
    Name: 'Submit, amend and cancel manual payroll submissions',
    ModuleID: ModuleId.Payroll,
  },
  {
    Key: 'orders:read',
    Name: 'Read work orders and product orders',
    ModuleID: ModuleId.ProgramAdministration,
  },
  {
    Key: 'orders:write',
    Name: 'Create and edit work orders, statuses, adjustments and claims',
    ModuleID: ModuleId.ProgramAdministration,
  },
  {
    Key: 'orders:own',
    Name: 'Take orders from own leads, claim orders and see own sales',
    ModuleID: ModuleId.ProgramAdministration,
  },
  {
    Key: 'catalogue:write',
    Name: 'Manage products and product lines',
    ModuleID: ModuleId.ProgramAdministration,
  },
  {
    Key: 'commission:read',
    Name: 'Read commission policies (ICD, multi-play, product)',
    ModuleID: ModuleId.Commission,
  },
  {
    Key: 'commission:write',
    Name: 'Create, edit and delete commission policies',
    ModuleID: ModuleId.Commission,
  },
  { Key: 'payout:read', Name: 'Read payout policies and the payout rate table', ModuleID: ModuleId.Payout },
  { Key: 'payout:write', Name: 'Create and edit payout policies', ModuleID: ModuleId.Payout },
  {
    Key: 'invoices:read',
    Name: 'Read payroll invoices and invoice policies',
    ModuleID: ModuleId.Invoicing,
  },
  {
    Key: 'invoices:write',
    Name: 'Invoice locked payrolls, post and adjust invoices, edit invoice policies',
    ModuleID: ModuleId.Invoicing,
  },
  {
    Key: 'invoices:ownerComment',
    Name: 'Write the owner comment of payroll invoices',
    ModuleID: ModuleId.Invoicing,
  },
  { Key: 'payouts:read', Name: 'Read posted payouts and RS payout transfers', ModuleID: ModuleId.Payout },
  {
    Key: 'payouts:write',
    Name: 'Post payouts and record RS payout transfers',
    ModuleID: ModuleId.Payout,
  },
  { Key: 'wagePolicies:read', Name: 'Read wage policies (minimum wages)', ModuleID: ModuleId.Payroll },
  { Key: 'wagePolicies:write', Name: 'Create and edit wage policies', ModuleID: ModuleId.Payroll },
  { Key: 'employees:read', Name: 'Read employees', ModuleID: ModuleId.Users },
  { Key: 'employees:write', Name: 'Edit employees', ModuleID: ModuleId.Users },
  {
    Key: 'employees:viewSensitive',
    Name: "See employees' SSN in clear",
    ModuleID: ModuleId.Users,
  },
  { Key: 'profile:own', Name: 'Read and edit own profile', ModuleID: ModuleId.Users },
  { Key: 'bank:read', Name: "Read employees' bank accounts (numbers masked)", ModuleID: ModuleId.Users },
  { Key: 'bank:write', Name: "Edit employees' bank accounts and direct deposit", ModuleID: ModuleId.Users },
  {
    Key: 'bank:viewSensitive',
    Name: 'See full bank account numbers',
    ModuleID: ModuleId.Users,
  },
  { Key: 'onboarding:manage', Name: 'Review onboarding applications', ModuleID: ModuleId.Onboarding },
  { Key: 'onboarding:policies', Name: 'Edit onboarding policies', ModuleID: ModuleId.Onboarding },
  {
    Key: 'onboarding:sensitive',
    Name: 'See sensitive onboarding values (SIN/SSN, bank numbers) in clear',
    ModuleID: ModuleId.Onboarding,
  },
  { Key: ONBOARDING_PERMISSION, Name: 'Onboarding applicant', ModuleID: ModuleId.Onboarding },
  { Key: 'reports:read', Name: 'Run reports', ModuleID: ModuleId.Reports },
  {
    Key: 'reports:compliance',
    Name: 'Run compliance report jobs (time and pay checked against the rules) for the offices in scope',
    ModuleID: ModuleId.Reports,
  },
  { Key: 'audit:read', Name: 'Read audit logs', ModuleID: ModuleId.Auditing },
  { Key: 'people:read', Name: 'Read the people directories', ModuleID: ModuleId.Users },
  {
    Key: 'people:manage',
    Name: 'Manage auditors, hubs, consultants and promoting owners',
    ModuleID: ModuleId.Users,
  },
  {
    Key: 'platform:taxRates',
    Name: 'Edit state and province tax rates',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  {
    Key: 'notices:manage',
    Name: 'Publish legal notices and see who acknowledged them',
    ModuleID: ModuleId.ApplicationAdministration,
  },
  { Key: 'bulletins:manage', Name: 'Write and deliver bulletins', ModuleID: null },
  { Key: 'messages:send', Name: 'Send notification messages to employees', ModuleID: null },
  {
    Key: 'employments:read',
    Name: 'Read the employment processing queues (new hires, terminations, changes, direct deposit)',
    ModuleID: ModuleId.Payroll,
  },
  {
    Key: 'employments:process',
    Name: 'Mark new hires, terminations, changes and direct-deposit changes processed with the payroll provider',
    ModuleID: ModuleId.Payroll,
  },
  {
    Key: 'imports:run',
    Name: 'Import ADP employee numbers, terminations, direct deposit and request numbers from spreadsheets',
    ModuleID: ModuleId.Payroll,
  },
] as const satisfies readonly PermissionDescription[];

export type PermissionKey = (typeof PERMISSIONS)[number]['Key'];
