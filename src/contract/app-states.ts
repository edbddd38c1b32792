// The named states (routes) of the PWA, as plain data: the route table, the server's `app/states`,
// `home/permissions` and `Home/navigation-modules` all read this list, so a state's permission key lives
// in one place. No schema library here: the PWA's first screen imports it (the wire schemas are in
// src/contract/navigation.ts, which re-exports these). The sidebar's entries are in app-nav.ts.
import type { AppState } from './navigation';
import { APPLICATION_STATUS_KEY } from './permission-keys';
import type { PermissionKey } from './permissions';

interface StateDef {
  Name: string;
  Url: string;
  /** Inherited by child states (names with this name as prefix) that declare none. */
  PermissionKey?: PermissionKey | null;
  AllowAnonymous?: boolean;
  SkipGuard?: boolean;
  RequireReload?: boolean;
  /** Inherited by child states like the permission key. */
  OnlineOnly?: boolean;
}

const DEFS: StateDef[] = [
  { Name: 'account', Url: '/account', SkipGuard: true },
  { Name: 'account.login', Url: '/account/login', AllowAnonymous: true },
  { Name: 'account.sessionExpired', Url: '/account/session-expired', AllowAnonymous: true },
  { Name: 'account.resetPassword', Url: '/account/reset-password', AllowAnonymous: true },
  // Self sign-up to an onboarding policy that enables it (public).
  { Name: 'onboarding.signUp', Url: '/apply', AllowAnonymous: true, OnlineOnly: true },
  { Name: 'persisted403', Url: '/403', AllowAnonymous: true },
  { Name: 'navigationFailed', Url: '/navigation-failed', AllowAnonymous: true },
  { Name: 'appOutdated', Url: '/app-outdated', AllowAnonymous: true },
  {
    Name: 'home',
    Url: '/',
    PermissionKey: 'navigation:home',
  },
  {
    // An onboarding applicant's landing page (the guard lets applicants open only this one).
    Name: 'onboarding.applicationStatus',
    Url: '/application',
    PermissionKey: APPLICATION_STATUS_KEY,
  },
  {
    Name: 'settings',
    Url: '/settings',
    PermissionKey: 'navigation:home',
  },
  { Name: 'time', Url: '/time', PermissionKey: 'navigation:timeClock' },
  {
    Name: 'time.clock',
    Url: '/time/clock',
  },
  {
    // Works offline: the week is kept on the device and edits are queued.
    Name: 'time.week',
    Url: '/time/week',
    PermissionKey: 'navigation:timesheet',
  },
  {
    // Every employee's own pay stubs on the phone; readable offline once seen.
    Name: 'myPay',
    Url: '/my-pay',
    PermissionKey: 'navigation:myPay',
  },
  {
    // The rep's work orders with status and commission; readable offline once seen.
    Name: 'orders.mySales',
    Url: '/my-sales',
    PermissionKey: 'orders:own',
  },
  {
    // Commission policies: ICD per corporation, product policies and multi-play per division.
    Name: 'commission.policies',
    Url: '/commission/policies',
    PermissionKey: 'commission:read',
    OnlineOnly: true,
  },
  {
    // Payout policies per division and corporation, and the payout rate table.
    Name: 'commission.payoutPolicies',
    Url: '/commission/payout-policies',
    PermissionKey: 'payout:read',
    OnlineOnly: true,
  },
  {
    // Posted payouts per ICD corporation with their comparison against the payout policy.
    Name: 'payouts.posted',
    Url: '/payouts/posted',
    PermissionKey: 'payouts:read',
    OnlineOnly: true,
  },
  {
    // Money moved to or from an ICD corporation for RS payouts.
    Name: 'payouts.transfers',
    Url: '/payouts/transfers',
    PermissionKey: 'payouts:read',
    OnlineOnly: true,
  },
  {
    Name: 'time.approvals',
    Url: '/time/approvals',
    PermissionKey: 'navigation:timeApprovals',
    OnlineOnly: true,
  },
  {
    Name: 'time.lateAdjustments',
    Url: '/time/late-adjustments',
    PermissionKey: 'navigation:lateAdjustments',
    OnlineOnly: true,
  },
  {
    // The processor's payrolls (list, processing tab and its export) and a page per payroll run.
    Name: 'payroll',
    Url: '/payroll',
    PermissionKey: 'navigation:payroll',
    OnlineOnly: true,
  },
  { Name: 'payroll.detail', Url: '/payroll/:id' },
  // Payroll reports: per payroll (linked from its page) and the financials across payrolls.
  {
    Name: 'payroll.statementOfEarnings',
    Url: '/payroll/:id/statement-of-earnings',
    PermissionKey: 'navigation:payroll',
    OnlineOnly: true,
  },
  {
    Name: 'payroll.analysis',
    Url: '/payroll/:id/analysis',
    PermissionKey: 'navigation:payroll',
    OnlineOnly: true,
  },
  {
    Name: 'payroll.financials',
    Url: '/payroll/financials',
    PermissionKey: 'navigation:payroll',
    OnlineOnly: true,
  },
  {
    // Payroll invoices of locked payrolls (list, new invoice, a page per invoice with its PDF).
    Name: 'invoices',
    Url: '/invoices',
    PermissionKey: 'invoices:read',
    OnlineOnly: true,
  },
  { Name: 'invoices.detail', Url: '/invoices/:id' },
  {
    // How an invoice is built, per corporation or division.
    Name: 'invoices.policies',
    Url: '/invoices/policies',
    PermissionKey: 'invoices:read',
    OnlineOnly: true,
  },
  {
    // Manual payroll submissions: the processors' board (by status, assign, pending, working on, processed).
    Name: 'payroll.manualSubmissions',
    Url: '/payroll/manual-submissions',
    PermissionKey: 'payroll:read',
    OnlineOnly: true,
  },
  {
    // Employment processing: new hires, terminations, changes and direct-deposit changes to tell the
    // payroll provider, each marked processed with who and when.
    Name: 'employments',
    Url: '/employments',
    PermissionKey: 'employments:read',
    OnlineOnly: true,
  },
  {
    // Payroll imports from spreadsheets: choose the kind and definition, upload, preview, apply.
    Name: 'imports',
    Url: '/imports',
    PermissionKey: 'imports:run',
    OnlineOnly: true,
  },
  // Import definitions: which column of a file holds which field.
  {
    Name: 'imports.definitions',
    Url: '/imports/definitions',
    PermissionKey: 'imports:run',
    OnlineOnly: true,
  },
  {
    // The Reports hub: every report and dashboard the user may open, grouped, with a search box.
    Name: 'reports',
    Url: '/reports',
    PermissionKey: 'navigation:reports',
    OnlineOnly: true,
  },
  {
    // Compliance report jobs: create one (kinds, date range, offices, output), follow it, download the xlsx.
    Name: 'reports.jobs',
    Url: '/reports/jobs',
    PermissionKey: 'reports:compliance',
    OnlineOnly: true,
  },
  {
    // Rogers reports (leads statistics, payouts, commission statement): pick one, filter, sort, export.
    Name: 'reports.rogers',
    Url: '/reports/rogers',
    PermissionKey: 'reports:read',
    OnlineOnly: true,
  },
  {
    Name: 'reports.rogers.report',
    Url: '/reports/rogers/:reportId',
    PermissionKey: 'reports:read',
    OnlineOnly: true,
  },
  {
    // A Rogers dashboard: figures, charts and its table for dates and an office.
    Name: 'dashboards.rogers',
    Url: '/dashboards/rogers/:dashboardId',
    PermissionKey: 'reports:read',
    OnlineOnly: true,
  },
  {
    // A role dashboard of the home page (the manager's day, the week, payroll's queue) on its own page.
    Name: 'home.dashboard',
    Url: '/dashboards/home/:dashboardId',
    OnlineOnly: true,
  },
  {
    Name: 'audit.logs',
    Url: '/audit-logs',
    PermissionKey: 'navigation:auditLogs',
    OnlineOnly: true,
  },
  {
    Name: 'sync',
    Url: '/sync',
    PermissionKey: 'navigation:home',
  },
  {
    Name: 'leads.map',
    Url: '/leads',
    PermissionKey: 'navigation:leads',
  },
  {
    Name: 'leads.manage',
    Url: '/leads/manage',
    PermissionKey: 'leads:manage',
    OnlineOnly: true,
  },
  {
    Name: 'scheduling.myEvents',
    Url: '/my-events',
    PermissionKey: 'navigation:myEvents',
  },
  {
    // Not OnlineOnly: managers read the cached week offline and draft events.
    Name: 'scheduling.board',
    Url: '/scheduling',
    PermissionKey: 'navigation:scheduling',
  },
  {
    Name: 'scheduling.tsu',
    Url: '/scheduling/tsu',
    PermissionKey: 'navigation:scheduling',
    OnlineOnly: true,
  },
  {
    Name: 'teams',
    Url: '/teams',
    PermissionKey: 'navigation:scheduling',
    OnlineOnly: true,
  },
  {
    Name: 'employees',
    Url: '/employees',
    PermissionKey: 'navigation:employees',
    OnlineOnly: true,
  },
  { Name: 'employees.new', Url: '/employees/new' },
  { Name: 'employees.detail', Url: '/employees/:id' },
  {
    // The office's onboarding applications: filter, review with comments, change the status, approve.
    Name: 'onboarding.applications',
    Url: '/onboarding/applications',
    PermissionKey: 'navigation:onboarding',
    OnlineOnly: true,
  },
  { Name: 'onboarding.applications.detail', Url: '/onboarding/applications/:id' },
  {
    // The onboarding policy of each division: statuses, reference fields, documents, contact e-mails.
    Name: 'onboarding.policies',
    Url: '/onboarding/policies',
    PermissionKey: 'onboarding:policies',
    OnlineOnly: true,
  },
  {
    // Each employee's SGI id in force on a day, with the history of each (add, delete).
    Name: 'onboarding.sgiReport',
    Url: '/onboarding/sgi-report',
    PermissionKey: 'onboarding:manage',
    OnlineOnly: true,
  },
  {
    // The office's work orders: grid with filters and bulk actions, bulk create, claims; one order's
    // products, status history, commission and adjustments; the catalogue (products, product lines).
    Name: 'workOrders',
    Url: '/orders',
    PermissionKey: 'orders:read',
    OnlineOnly: true,
  },
  { Name: 'workOrders.catalogue', Url: '/orders/catalogue' },
  { Name: 'workOrders.detail', Url: '/orders/:id' },
  {
    // Auditors, hubs, national and regional consultants, promoting owners (one tab each: ?kind=).
    Name: 'directories',
    Url: '/directories',
    PermissionKey: 'people:read',
    OnlineOnly: true,
  },
  {
    // Corporations → offices and divisions, with a detail page per record.
    Name: 'organisation',
    Url: '/organisation',
    PermissionKey: 'navigation:organisation',
    OnlineOnly: true,
  },
  { Name: 'organisation.office', Url: '/organisation/offices/:id' },
  { Name: 'organisation.division', Url: '/organisation/divisions/:id' },
  { Name: 'organisation.corporation', Url: '/organisation/corporations/:id' },
  { Name: 'admin', Url: '/admin', PermissionKey: 'navigation:admin', OnlineOnly: true },
  {
    Name: 'admin.roles',
    Url: '/admin/roles',
    PermissionKey: 'admin:permissions',
  },
  {
    // Claim permissions: table, CSV export and import (payroll holds permissions:claims).
    Name: 'admin.permissions',
    Url: '/admin/permissions',
    PermissionKey: 'permissions:claims',
  },
  {
    Name: 'admin.uiKit',
    Url: '/admin/ui-kit',
  },
  {
    Name: 'admin.mail',
    Url: '/admin/mail',
    PermissionKey: 'admin:mail',
  },
  {
    Name: 'admin.legalNotices',
    Url: '/admin/legal-notices',
    PermissionKey: 'notices:manage',
  },
  {
    // The user's bulletins inbox: on every device, readable offline from the copy kept on the device.
    Name: 'bulletins',
    Url: '/bulletins',
    PermissionKey: 'navigation:home',
  },
  {
    Name: 'bulletins.manage',
    Url: '/admin/bulletins',
    PermissionKey: 'bulletins:manage',
    OnlineOnly: true,
  },
  {
    Name: 'admin.taxRates',
    Url: '/admin/tax-rates',
    PermissionKey: 'platform:taxRates',
  },
  {
    // Minimum wage per jurisdiction over time (the payroll engine's minimum wage advance).
    Name: 'admin.wagePolicies',
    Url: '/admin/wage-policies',
    PermissionKey: 'wagePolicies:read',
    OnlineOnly: true,
  },
];

/** The definitions by state name (the inheritance below looks each parent up). */
const DEF_BY_NAME = new Map(DEFS.map((def) => [def.Name, def]));

/** The state `name` and its parents, nearest first ('a.b.c', 'a.b', 'a'). */
function* selfAndParents(name: string): Generator<StateDef> {
  for (let end = name.length; end > 0; end = name.lastIndexOf('.', end - 1)) {
    const def = DEF_BY_NAME.get(name.slice(0, end));
    if (def) yield def;
  }
}

/** The states, parents before children, each with its effective (inherited) permission key. */
export const APP_STATES: AppState[] = DEFS.map((def) => ({
  Name: def.Name,
  Url: def.Url,
  PermissionKey: effectiveKey(def.Name),
  AllowAnonymous: def.AllowAnonymous ?? false,
  SkipGuard: def.SkipGuard ?? false,
  RequireReload: def.RequireReload ?? false,
  OnlineOnly: inherited(def.Name, 'OnlineOnly') ?? false,
}));

function inherited<K extends 'OnlineOnly'>(name: string, key: K): StateDef[K] | undefined {
  for (const def of selfAndParents(name)) if (def[key] !== undefined) return def[key];
  return undefined;
}

/** A state's key, or its nearest parent's (spec 000 §2: the key is inherited from the parent). */
export function effectiveKey(name: string): string | null {
  for (const def of selfAndParents(name)) if (def.PermissionKey !== undefined) return def.PermissionKey;
  return null;
}

/**
 * Whether a sidebar entry with this key is listed: an onboarding applicant opens no 'navigation' state
 * but their application status (spec 000 §2), and only applicants have an application to show.
 */
export function listedForApplicant(key: string | null, isApplicant: boolean): boolean {
  if (key === APPLICATION_STATUS_KEY) return isApplicant;
  return !(isApplicant && key?.includes('navigation'));
}
