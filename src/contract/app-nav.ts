// The sidebar's entries: for each state it lists (src/contract/app-states.ts), the module it belongs to,
// its icon, group and label, in the states' order. Apart from the states themselves so the first screen,
// which reads the states but draws no sidebar yet, does not carry them.
import { APP_STATES } from './app-states';
import { ModuleId } from './module-ids';

interface NavDef {
  ModuleID: number | null;
  Icon: string;
  Group: string;
  Label: string;
}

/** The states listed in the sidebar (when the user may open them), by state name. */
export const NAV: Readonly<Record<string, NavDef>> = {
  home: { ModuleID: null, Icon: 'home', Group: 'general', Label: 'Home' },
  'onboarding.applicationStatus': {
    ModuleID: ModuleId.Onboarding,
    Icon: 'application',
    Group: 'general',
    Label: 'My application',
  },
  settings: { ModuleID: null, Icon: 'settings', Group: 'general', Label: 'Settings' },
  'time.clock': { ModuleID: ModuleId.TimeEntry, Icon: 'clock', Group: 'field', Label: 'Clock' },
  'time.week': { ModuleID: ModuleId.TimeEntry, Icon: 'timesheet', Group: 'field', Label: 'Timesheet' },
  myPay: { ModuleID: ModuleId.Payroll, Icon: 'payStub', Group: 'field', Label: 'My pay' },
  'orders.mySales': {
    ModuleID: ModuleId.ProgramAdministration,
    Icon: 'sales',
    Group: 'field',
    Label: 'My sales',
  },
  'commission.policies': {
    ModuleID: ModuleId.Commission,
    Icon: 'commission',
    Group: 'office',
    Label: 'Commission policies',
  },
  'commission.payoutPolicies': {
    ModuleID: ModuleId.Payout,
    Icon: 'payout',
    Group: 'office',
    Label: 'Payout policies',
  },
  'payouts.posted': { ModuleID: ModuleId.Payout, Icon: 'payout', Group: 'office', Label: 'Posted payouts' },
  'payouts.transfers': {
    ModuleID: ModuleId.Payout,
    Icon: 'payout',
    Group: 'office',
    Label: 'RS payout transfers',
  },
  'time.approvals': {
    ModuleID: ModuleId.TimeEntry,
    Icon: 'approvals',
    Group: 'office',
    Label: 'Time approvals',
  },
  'time.lateAdjustments': {
    ModuleID: ModuleId.Payroll,
    Icon: 'lateAdjustments',
    Group: 'office',
    Label: 'Late adjustments',
  },
  payroll: { ModuleID: ModuleId.Payroll, Icon: 'payroll', Group: 'office', Label: 'Payroll' },
  'payroll.financials': {
    ModuleID: ModuleId.Payroll,
    Icon: 'financials',
    Group: 'office',
    Label: 'Payroll financials',
  },
  invoices: { ModuleID: ModuleId.Invoicing, Icon: 'invoice', Group: 'office', Label: 'Payroll invoices' },
  'invoices.policies': {
    ModuleID: ModuleId.Invoicing,
    Icon: 'invoicePolicies',
    Group: 'office',
    Label: 'Invoice policies',
  },
  'payroll.manualSubmissions': {
    ModuleID: ModuleId.Payroll,
    Icon: 'manualSubmissions',
    Group: 'office',
    Label: 'Manual submissions',
  },
  employments: {
    ModuleID: ModuleId.Payroll,
    Icon: 'briefcase',
    Group: 'office',
    Label: 'Employment processing',
  },
  imports: { ModuleID: ModuleId.Payroll, Icon: 'fileImport', Group: 'office', Label: 'Payroll imports' },
  reports: { ModuleID: ModuleId.Reports, Icon: 'reports', Group: 'office', Label: 'Reports' },
  'audit.logs': { ModuleID: ModuleId.Auditing, Icon: 'audit', Group: 'office', Label: 'Audit logs' },
  sync: { ModuleID: null, Icon: 'sync', Group: 'general', Label: 'Pending changes' },
  'leads.map': { ModuleID: ModuleId.Leads, Icon: 'map', Group: 'field', Label: 'Leads map' },
  'leads.manage': { ModuleID: ModuleId.Leads, Icon: 'territories', Group: 'office', Label: 'Lead groups' },
  'scheduling.myEvents': {
    ModuleID: ModuleId.EventsScheduling,
    Icon: 'calendarEvent',
    Group: 'field',
    Label: 'My events',
  },
  'scheduling.board': {
    ModuleID: ModuleId.RsScheduling,
    Icon: 'calendarWeek',
    Group: 'office',
    Label: 'Schedule board',
  },
  teams: { ModuleID: ModuleId.RsScheduling, Icon: 'users', Group: 'office', Label: 'Teams' },
  employees: { ModuleID: ModuleId.Users, Icon: 'addressBook', Group: 'office', Label: 'Employees' },
  'onboarding.applications': {
    ModuleID: ModuleId.Onboarding,
    Icon: 'application',
    Group: 'office',
    Label: 'Onboarding',
  },
  'onboarding.policies': {
    ModuleID: ModuleId.Onboarding,
    Icon: 'settings',
    Group: 'office',
    Label: 'Onboarding policies',
  },
  'onboarding.sgiReport': {
    ModuleID: ModuleId.Onboarding,
    Icon: 'key',
    Group: 'office',
    Label: 'SGI id report',
  },
  workOrders: {
    ModuleID: ModuleId.ProgramAdministration,
    Icon: 'sales',
    Group: 'office',
    Label: 'Work orders',
  },
  directories: { ModuleID: ModuleId.Users, Icon: 'briefcase', Group: 'office', Label: 'People directories' },
  organisation: {
    ModuleID: ModuleId.ApplicationAdministration,
    Icon: 'building',
    Group: 'office',
    Label: 'Organisation',
  },
  'admin.roles': {
    ModuleID: ModuleId.ApplicationAdministration,
    Icon: 'shield',
    Group: 'admin',
    Label: 'Roles',
  },
  'admin.permissions': {
    ModuleID: ModuleId.ApplicationAdministration,
    Icon: 'key',
    Group: 'admin',
    Label: 'Claim permissions',
  },
  'admin.uiKit': {
    ModuleID: ModuleId.ApplicationAdministration,
    Icon: 'widgets',
    Group: 'admin',
    Label: 'UI kit',
  },
  'admin.mail': {
    ModuleID: ModuleId.ApplicationAdministration,
    Icon: 'mail',
    Group: 'admin',
    Label: 'Mail outbox',
  },
  'admin.legalNotices': {
    ModuleID: ModuleId.ApplicationAdministration,
    Icon: 'legalNotices',
    Group: 'admin',
    Label: 'Legal notices',
  },
  bulletins: { ModuleID: null, Icon: 'bulletins', Group: 'general', Label: 'Bulletins' },
  'bulletins.manage': { ModuleID: null, Icon: 'bulletins', Group: 'office', Label: 'Write bulletins' },
  'admin.taxRates': {
    ModuleID: ModuleId.ApplicationAdministration,
    Icon: 'receiptTax',
    Group: 'admin',
    Label: 'Tax rates',
  },
  'admin.wagePolicies': {
    ModuleID: ModuleId.Payroll,
    Icon: 'wagePolicies',
    Group: 'admin',
    Label: 'Wage policies',
  },
};

export const NAV_ENTRIES = APP_STATES.filter((state) => Object.hasOwn(NAV, state.Name)).map((state) => ({
  State: state.Name,
  Url: state.Url,
  PermissionKey: state.PermissionKey,
  ModuleID: NAV[state.Name].ModuleID,
  Name: NAV[state.Name].Label,
  Icon: NAV[state.Name].Icon,
  Group: NAV[state.Name].Group,
}));
