// The demo company, loaded into an empty database (SEED_DEMO, default on): the three divisions,
// corporations and offices in Canada and the US, one user per kind of work, with the permissions
// that work needs. Reference data (modules, permissions, lookups) is loaded into any empty database.
import { count } from 'drizzle-orm';
import {
  CorporationStatus,
  Country,
  Division,
  EmployeeStatus,
  GrantType,
  RoleScope,
} from '../../src/contract/common';
import { MODULE_NAMES, ModuleId } from '../../src/contract/modules';
import {
  APPLICATION_STATUS_KEY,
  ONBOARDING_PERMISSION,
  PERMISSIONS,
  type PermissionKey,
} from '../../src/contract/permissions';
import type { Db } from '../db/client';
import {
  corporations,
  divisionModules,
  divisionProfiles,
  divisions,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  featurePreferences,
  icdOffices,
  lookups,
  modules,
  officeDivisions,
  permissions,
  roleAssignments,
  rolePermissions,
  roles,
  stateProvinces,
} from '../db/tables';
import { hashPassword } from '../modules/auth/passwords';
import { seedAccessAudit } from './access-audit';
import { payInstalledDemoOrders, seedCommission, seedProductCommission } from './commission';
import { seedCompany } from './company';
import { seedDirectories } from './directories';
import { seedEmployments } from './employments';
import { seedImports } from './imports';
import { seedInvoices } from './invoices';
import { seedLeads } from './leads';
import { seedNotices } from './notices';
import { seedOnboarding } from './onboarding';
import { seedOrders } from './orders';
import { seedOrganisation } from './organisation';
import { seedPayouts } from './payouts';
import { seedPayroll } from './payroll';
import { seedPayrollManual } from './payroll-manual';
import { seedReportJobs } from './report-jobs';
import { seedScheduling } from './scheduling';
import { seedTime } from './time';
import { seedTimeManagement } from './time-management';

export const DEMO_USERS = [
  'admin',
  'payroll',
  'owner',
  'manager',
  'rep',
  'staff',
  'applicant',
  'auditor',
] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

const PROVINCES: [string, string][] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];
const STATES: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const LOOKUPS: Record<string, string[]> = {
  'pay-frequencies': ['Weekly', 'Bi-weekly', 'Semi-monthly', 'Monthly'],
  'basis-of-pay': ['Hourly', 'Salary', 'Commission'],
  'employee-statuses': ['Active', 'Terminated', 'Pending'],
  'job-titles': [
    'Field Sales Representative',
    'Event Staff',
    'Office Manager',
    'Payroll Processor',
    'Owner',
    'Auditor',
    'Administrator',
  ],
  'termination-reasons': ['Resigned', 'End of contract', 'Dismissed', 'Job abandonment', 'Other'],
  'compensation-profiles': ['Dept100', 'Dept200', 'Dept400', 'Dept750', 'Dept900'],
};

/** Reference data every database needs, demo or not. */
async function seedReference(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(permissions);
  if (n > 0) {
    // New permission keys of a newer release reach an existing database too.
    await db
      .insert(permissions)
      .values([...PERMISSIONS])
      .onConflictDoNothing();
    return;
  }
  await db.insert(permissions).values([...PERMISSIONS]);
  await db
    .insert(modules)
    .values(Object.values(ModuleId).map((id) => ({ ModuleID: id, Name: MODULE_NAMES[id] })));
  await db.insert(divisions).values([
    { DivisionID: Division.RoadShow, Name: 'RoadShow' },
    { DivisionID: Division.Dtv, Name: 'Dtv' },
    { DivisionID: Division.Rogers, Name: 'Rogers' },
  ]);
  const common = [
    ModuleId.TimeEntry,
    ModuleId.Roster,
    ModuleId.Payroll,
    ModuleId.Users,
    ModuleId.Reports,
    ModuleId.Onboarding,
  ];
  await db.insert(divisionModules).values([
    ...[
      ...common,
      ModuleId.RsScheduling,
      ModuleId.EventsScheduling,
      ModuleId.EventsCoordination,
      ModuleId.ShowLocations,
    ].map((m) => ({ DivisionID: Division.RoadShow, ModuleID: m })),
    ...[...common, ModuleId.Leads, ModuleId.Commission, ModuleId.Payout].map((m) => ({
      DivisionID: Division.Dtv,
      ModuleID: m,
    })),
    ...[...common, ModuleId.Leads, ModuleId.Commission, ModuleId.RogersReports].map((m) => ({
      DivisionID: Division.Rogers,
      ModuleID: m,
    })),
  ]);
  await db
    .insert(stateProvinces)
    .values([
      ...PROVINCES.map(([Code, StateName]) => ({ Code, StateName, CountryID: Country.Canada })),
      ...STATES.map(([Code, StateName]) => ({ Code, StateName, CountryID: Country.US })),
    ]);
  await db
    .insert(lookups)
    .values(
      Object.entries(LOOKUPS).flatMap(([Kind, names]) =>
        names.map((Name, i) => ({ Kind, Id: i + 1, Name, SortIndex: i })),
      ),
    );
  await db.insert(featurePreferences).values([
    { Feature: 'darkMode', Option: 'optOut', Description: 'Dark colour scheme' },
    { Feature: 'compactTables', Option: 'optIn', Description: 'Denser tables on desktop screens' },
    { Feature: 'offlineMaps', Option: 'enabled', Description: 'Keep map tiles for offline use' },
    { Feature: 'legacyReports', Option: 'disabled', Description: 'The previous reports screens' },
  ]);
}

const ROLE_KEYS: Record<string, PermissionKey[]> = {
  'Payroll processor': [
    'imports:run',
    'employments:read',
    'employments:process',
    'navigation:myPay',
    'payStubs:readOwn',
    'payStubs:read',
    'permissions:claims',
    'navigation:organisation',
    'organisation:read',
    'organisation:manage',
    'organisation:admin',
    'navigation:home',
    'navigation:payroll',
    'payroll:read',
    'payroll:process',
    'payroll:manualSubmissions',
    'wagePolicies:read',
    'wagePolicies:write',
    'navigation:employees',
    'orders:read',
    'orders:write',
    'commission:read',
    'commission:write',
    'payout:read',
    'payout:write',
    'payouts:read',
    'payouts:write',
    'invoices:read',
    'invoices:write',
    'employees:read',
    'navigation:timeApprovals',
    'time:manage',
    'navigation:reports',
    'reports:read',
    'reports:compliance',
    'navigation:lateAdjustments',
    'bank:read',
    'bank:write',
    'bank:viewSensitive',
    'employees:write',
    'employees:viewSensitive',
    'profile:own',
    'people:read',
    'people:manage',
    'platform:taxRates',
    'onboarding:manage',
    'onboarding:policies',
    'onboarding:sensitive',
    'navigation:onboarding',
  ],
  Owner: [
    'navigation:myPay',
    'payStubs:readOwn',
    'payStubs:read',
    'navigation:organisation',
    'organisation:read',
    'organisation:manage',
    'navigation:home',
    'navigation:leads',
    'leads:work',
    'leads:manage',
    'navigation:scheduling',
    'scheduling:manage',
    'navigation:payroll',
    'payroll:read',
    'payroll:manualSubmissions',
    'wagePolicies:read',
    'navigation:employees',
    'commission:read',
    'payout:read',
    'payouts:read',
    'invoices:read',
    'invoices:ownerComment',
    'employments:read',
    'orders:read',
    'orders:write',
    'employees:read',
    'navigation:reports',
    'reports:read',
    'reports:compliance',
    'navigation:timeApprovals',
    'time:manage',
    'time:approve',
    'bank:read',
    'employees:write',
    'profile:own',
    'people:read',
    'onboarding:manage',
    'bulletins:manage',
    'messages:send',
  ],
  Manager: [
    'navigation:myPay',
    'payStubs:readOwn',
    'payStubs:read',
    'navigation:organisation',
    'organisation:read',
    'navigation:home',
    'navigation:scheduling',
    'scheduling:manage',
    'navigation:timeApprovals',
    'time:manage',
    'time:approve',
    'navigation:reports',
    'reports:compliance',
    'navigation:employees',
    'employees:read',
    'navigation:timeClock',
    'navigation:timesheet',
    'time:own',
    'navigation:leads',
    'leads:manage',
    'leads:work',
    'orders:read',
    'orders:write',
    'bank:read',
    'employees:write',
    'profile:own',
    'bulletins:manage',
    'messages:send',
  ],
  'Field rep': [
    'navigation:myPay',
    'payStubs:readOwn',
    'navigation:home',
    'navigation:leads',
    'leads:work',
    'orders:own',
    'navigation:timeClock',
    'navigation:timesheet',
    'time:own',
    'profile:own',
  ],
  'Event staff': [
    'navigation:myPay',
    'payStubs:readOwn',
    'navigation:home',
    'navigation:timeClock',
    'navigation:timesheet',
    'time:own',
    'navigation:myEvents',
    'scheduling:respond',
    'profile:own',
  ],
  'Onboarding applicant': [ONBOARDING_PERMISSION, APPLICATION_STATUS_KEY],
  Auditor: [
    'organisation:read',
    'navigation:home',
    'navigation:auditLogs',
    'audit:read',
    'navigation:reports',
    'reports:read',
    'reports:compliance',
    'employees:read',
    'profile:own',
  ],
};

export interface SeedOptions {
  password: string;
  costLog2: number;
  /**
   * The clock the demo company is built at (default: the wall clock). Every seeded instant is at or
   * before it — the demo's past is history, never an event still to come — and its days ("this week",
   * "the last pay period") are counted from it in each office's time zone.
   */
  now?: Date;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<boolean> {
  const now = options.now ?? new Date();
  await seedReference(db);
  const [{ n }] = await db.select({ n: count() }).from(employees);
  if (n > 0) return false;
  const passwordHashes = await Promise.all(
    DEMO_USERS.map(() => hashPassword(options.password, options.costLog2)),
  );

  await db.transaction(async (tx) => {
    const [northwind, summit, maple] = await tx
      .insert(corporations)
      .values(
        [
          {
            Owner: 'Dana Whitfield',
            ClientName: 'Northwind Field Marketing Inc.',
            CountryID: Country.Canada,
          },
          { Owner: 'Marcus Reyes', ClientName: 'Summit Retail Promotions LLC', CountryID: Country.US },
          {
            Owner: 'Priya Nair',
            ClientName: 'Maple Direct Sales Ltd.',
            CountryID: Country.Canada,
            CorporationStatusID: CorporationStatus.Active,
          },
        ].map((c) => ({ ...c, CreatedAt: now })),
      )
      .returning();
    const offices = await tx
      .insert(icdOffices)
      .values([
        {
          IcdCorporationID: northwind.IcdCorporationID,
          OfficeName: 'Toronto Central',
          MeridianOfficeID: 'TOR-01',
          StreetLine1: '200 King St W',
          StreetLine2: '1400',
          City: 'Toronto',
          StateProvince: 'ON',
          PostalCode: 'M5H 3T4',
          CountryID: Country.Canada,
          TimeZone: 'America/Toronto',
          Latitude: '43.6476',
          Longitude: '-79.3855',
        },
        {
          IcdCorporationID: northwind.IcdCorporationID,
          OfficeName: 'Vancouver Harbour',
          MeridianOfficeID: 'VAN-01',
          StreetLine1: '1055 W Georgia St',
          City: 'Vancouver',
          StateProvince: 'BC',
          PostalCode: 'V6E 3P3',
          CountryID: Country.Canada,
          TimeZone: 'America/Vancouver',
          Latitude: '49.2856',
          Longitude: '-123.1216',
        },
        {
          IcdCorporationID: maple.IcdCorporationID,
          OfficeName: 'Calgary South',
          MeridianOfficeID: 'CGY-01',
          StreetLine1: '8180 Macleod Trail SE',
          City: 'Calgary',
          StateProvince: 'AB',
          PostalCode: 'T2H 2B8',
          CountryID: Country.Canada,
          TimeZone: 'America/Edmonton',
          Latitude: '50.9857',
          Longitude: '-114.0708',
        },
        {
          IcdCorporationID: summit.IcdCorporationID,
          OfficeName: 'Chicago Loop',
          MeridianOfficeID: 'CHI-01',
          StreetLine1: '233 S Wacker Dr',
          StreetLine2: '2500',
          City: 'Chicago',
          StateProvince: 'IL',
          PostalCode: '60606',
          CountryID: Country.US,
          TimeZone: 'America/Chicago',
          Latitude: '41.8789',
          Longitude: '-87.6359',
        },
        {
          IcdCorporationID: summit.IcdCorporationID,
          OfficeName: 'Los Angeles Westside',
          MeridianOfficeID: 'LAX-01',
          StreetLine1: '10250 Santa Monica Blvd',
          City: 'Los Angeles',
          StateProvince: 'CA',
          PostalCode: '90067',
          CountryID: Country.US,
          TimeZone: 'America/Los_Angeles',
          Latitude: '34.0584',
          Longitude: '-118.4186',
        },
      ])
      .returning();
    const [toronto, vancouver, calgary, chicago, la] = offices;
    await tx.insert(officeDivisions).values([
      { IcdOfficeID: toronto.IcdOfficeID, DivisionID: Division.RoadShow },
      { IcdOfficeID: toronto.IcdOfficeID, DivisionID: Division.Rogers },
      { IcdOfficeID: vancouver.IcdOfficeID, DivisionID: Division.RoadShow },
      { IcdOfficeID: vancouver.IcdOfficeID, DivisionID: Division.Dtv },
      { IcdOfficeID: calgary.IcdOfficeID, DivisionID: Division.Rogers },
      { IcdOfficeID: chicago.IcdOfficeID, DivisionID: Division.RoadShow },
      { IcdOfficeID: chicago.IcdOfficeID, DivisionID: Division.Dtv },
      { IcdOfficeID: la.IcdOfficeID, DivisionID: Division.RoadShow },
    ]);
    await tx.insert(divisionProfiles).values([
      { DivisionID: Division.RoadShow, Name: 'RoadShow Canada', CountryID: Country.Canada },
      { DivisionID: Division.RoadShow, Name: 'RoadShow US', CountryID: Country.US },
      { DivisionID: Division.Dtv, Name: 'Dtv', CountryID: Country.US },
      { DivisionID: Division.Rogers, Name: 'Rogers', CountryID: Country.Canada },
    ]);

    const roleRows = await tx
      .insert(roles)
      .values([
        {
          Name: 'Administrator',
          Description: '|access.roleDescriptions.administrator',
          ScopeID: RoleScope.Global,
          GrantTypeID: GrantType.GrantAll,
        },
        {
          Name: 'Payroll processor',
          Description: '|access.roleDescriptions.payroll',
          ScopeID: RoleScope.Global,
          GrantTypeID: GrantType.GrantRole,
        },
        {
          Name: 'Owner',
          ScopeID: RoleScope.Organizational,
          GrantTypeID: GrantType.GrantRole,
          IcdCorporationID: northwind.IcdCorporationID,
        },
        {
          Name: 'Manager',
          Description: '|access.roleDescriptions.manager',
          ScopeID: RoleScope.EmploymentRecord,
          GrantTypeID: GrantType.GrantRole,
        },
        { Name: 'Field rep', ScopeID: RoleScope.EmploymentRecord, GrantTypeID: GrantType.GrantRole },
        { Name: 'Event staff', ScopeID: RoleScope.EmploymentRecord, GrantTypeID: GrantType.GrantRole },
        {
          Name: 'Onboarding applicant',
          ScopeID: RoleScope.Hidden,
          GrantTypeID: GrantType.GrantRole,
          IsAssignable: false,
        },
        { Name: 'Auditor', ScopeID: RoleScope.Global, GrantTypeID: GrantType.GrantRole },
      ])
      .returning();
    const role = (name: string) => roleRows.find((r) => r.Name === name)!;
    await tx
      .insert(rolePermissions)
      .values(
        Object.entries(ROLE_KEYS).flatMap(([name, keys]) =>
          keys.map((PermissionKey) => ({ RoleID: role(name).RoleID, PermissionKey })),
        ),
      );

    const people: Record<DemoUser, { FirstName: string; LastName: string }> = {
      admin: { FirstName: 'Alex', LastName: 'Morgan' },
      payroll: { FirstName: 'Priya', LastName: 'Shah' },
      owner: { FirstName: 'Dana', LastName: 'Whitfield' },
      manager: { FirstName: 'Marco', LastName: 'Rossi' },
      rep: { FirstName: 'Riley', LastName: 'Chen' },
      staff: { FirstName: 'Sam', LastName: 'Taylor' },
      applicant: { FirstName: 'Jordan', LastName: 'Lee' },
      auditor: { FirstName: 'Morgan', LastName: 'Blake' },
    };
    const emps = await tx
      .insert(employees)
      .values(
        DEMO_USERS.map((u, i) => ({
          ...people[u],
          UserName: u,
          EmailAddress: `${u}@apex-demo.example`,
          PasswordHash: passwordHashes[i],
          PasswordChangedAt: now,
          CreatedAt: now,
        })),
      )
      .returning();
    const emp = (u: DemoUser) => emps.find((e) => e.UserName === u)!;

    const record = async (
      u: DemoUser,
      office: number,
      jobTitleID: number,
      statusId: number,
      divisionIds: number[],
    ) => {
      const [row] = await tx
        .insert(employmentRecords)
        .values({
          EmployeeID: emp(u).EmployeeID,
          IcdOfficeID: office,
          EmployeeStatusID: statusId,
          PayFrequencyID: 2,
          BasisOfPayID: 1,
          JobTitleID: jobTitleID,
          PayRate: '18.50',
          HireDate: '2025-03-03',
          TimeClock: true,
        })
        .returning();
      if (divisionIds.length)
        await tx
          .insert(employmentRecordDivisions)
          .values(
            divisionIds.map((DivisionID) => ({ EmploymentRecordID: row.EmploymentRecordID, DivisionID })),
          );
      return row.EmploymentRecordID;
    };
    const managerRec = await record('manager', toronto.IcdOfficeID, 3, EmployeeStatus.Active, [
      Division.RoadShow,
      Division.Rogers,
    ]);
    const repRec = await record('rep', toronto.IcdOfficeID, 1, EmployeeStatus.Active, [Division.Rogers]);
    const staffRec = await record('staff', toronto.IcdOfficeID, 2, EmployeeStatus.Active, [
      Division.RoadShow,
    ]);
    await record('owner', toronto.IcdOfficeID, 5, EmployeeStatus.Active, [
      Division.RoadShow,
      Division.Rogers,
    ]);
    await record('payroll', toronto.IcdOfficeID, 4, EmployeeStatus.Active, []);
    await record('applicant', toronto.IcdOfficeID, 2, EmployeeStatus.Pending, [Division.RoadShow]);
    await tx.insert(roleAssignments).values([
      { EmployeeID: emp('admin').EmployeeID, RoleID: role('Administrator').RoleID },
      { EmployeeID: emp('payroll').EmployeeID, RoleID: role('Payroll processor').RoleID },
      { EmployeeID: emp('owner').EmployeeID, RoleID: role('Owner').RoleID },
      {
        EmployeeID: emp('manager').EmployeeID,
        RoleID: role('Manager').RoleID,
        EmploymentRecordID: managerRec,
      },
      { EmployeeID: emp('rep').EmployeeID, RoleID: role('Field rep').RoleID, EmploymentRecordID: repRec },
      {
        EmployeeID: emp('staff').EmployeeID,
        RoleID: role('Event staff').RoleID,
        EmploymentRecordID: staffRec,
      },
      { EmployeeID: emp('applicant').EmployeeID, RoleID: role('Onboarding applicant').RoleID },
      { EmployeeID: emp('auditor').EmployeeID, RoleID: role('Auditor').RoleID },
    ]);
  });
  await seedTime(db, now);
  await seedReportJobs(db, now);
  await seedScheduling(db, now);
  await seedLeads(db, { now });
  await seedTimeManagement(db, now);
  await seedCompany(db, now);
  await seedOrganisation(db, now);
  await seedDirectories(db, now);
  await seedOnboarding(db, now);
  await seedPayroll(db, now);
  await seedPayrollManual(db, now);
  await seedCommission(db, now);
  await seedOrders(db, now);
  // No-ops when the orders seed already added the product policies before settling its orders.
  await seedProductCommission(db, now);
  await payInstalledDemoOrders(db, now);
  await seedPayouts(db, now);
  await seedInvoices(db, now);
  await seedNotices(db, now);
  await seedEmployments(db, now);
  await seedImports(db, now);
  await seedAccessAudit(db, now);
  return true;
}
