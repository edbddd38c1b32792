// Employees wire format (spec 001 §3 "Employee save payload", §7 "Employees"). Permissions:
// employees:read (lists, records), employees:write (create, save, security, image), employees:viewSensitive
// (the SSN in clear), profile:own (the caller's own profile). Scope: the offices the key reaches (admin
// and payroll: all; owner: the corporation's; manager: the office's). An employee is visible when one of
// their employment records is at an office in scope.
//
//   GET  employees[?search&icdOfficeId&divisionId&employeeStatusId&roleId&moduleId&username&sort&desc&pageIndex&pageSize]
//                                            → EmployeePage (username: exact user name match)
//   GET  employees/page/{page}               same query, page index in the path → EmployeePage
//   GET  employees/role/{name}               holders of the role named {name} (global or per office) → EmployeePage
//   GET  employees/module/{id}               administrators of module {id} → EmployeePage
//   GET  employees/roster[/{id}]             active and pending employment records (of office {id}) → RosterEntry[]
//   GET  employees/new[?icdOfficeId]         a blank EmployeeSave with the defaults
//   GET  employees/{id}                      → EmployeeDetail
//   GET  employees/details[?ids=1,2]         → EmployeeDetail[] (no ids: the caller's own)
//   GET  employees/{id}/security             → EmployeeSecurity;  PUT SecuritySave → EmployeeSecurity
//   GET  employees/{id}/profile              → EmployeeProfile;   PUT ProfileSave, PATCH ProfilePatch → EmployeeProfile
//   PUT  employees/{id}/profile/image        multipart field profileImage (gif, jpeg, png by content, ≤ 2 MB) → ProfileImageInfo
//   GET  employees/{id}/profile/image        the image (404 when none)
//   POST employees                           EmployeeSave → 201 EmployeeDetail
//   PUT  employees/{id}                      EmployeeUpdate → EmployeeDetail (409 + Current when stale)
//   GET  employees/check-unique-ssn/{ssn}/{employeeId}   → SsnUniqueness ({employeeId} 0 for a new employee)
//   GET  employees/available-emails/{email}  → EmailAvailability
//
// Design choices where the spec is silent: the per-office Roles map is, like GlobalRoles, role id →
// flag; an office entry is matched by IcdOfficeID (one employment record per office); offices not sent
// in a save are left as they are (end one by setting a status that denies portal access); the SSN is
// never in a list in clear, and a save that sends back the masked value leaves it unchanged.
import { z } from 'zod';
import { Instant, Int32, QueryInt32, WireDate } from './common';
import { allowsPortalAccess } from './lookups';

const Id = Int32.positive();
/** A calendar day in an answer: 'YYYY-MM-DD' from the server, a Date once the PWA revived it. */
const DayOut = z.union([z.string(), z.date()]);

/** 'YYYY-MM-DD' of a day as answered (text, or a revived local-midnight Date); '' for none. */
export function dayText(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${p(value.getMonth() + 1)}-${p(value.getDate())}`;
}

export const EMPLOYEES_READ = 'employees:read';
export const EMPLOYEES_WRITE = 'employees:write';
export const EMPLOYEES_VIEW_SENSITIVE = 'employees:viewSensitive';
export const PROFILE_OWN = 'profile:own';

/** Largest profile image stored. */
export const MAX_PROFILE_IMAGE_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;
export const PROFILE_IMAGE_FIELD = 'profileImage';

export const TERMINATION_ONLY_WHEN_DENIED = 'Sent only when the status denies portal access';
export const TERMINATION_DATE_REQUIRED = 'Enter the termination date';
export const TERMINATION_REASON_REQUIRED = 'Choose the termination reason';
export const TERMINATION_BEFORE_HIRE = 'The termination date must not be before the hire date';
export const OFFICE_LISTED_TWICE = 'This office is listed twice';
export const AT_LEAST_ONE_OFFICE = 'Add at least one office';
export const USER_NAME_TAKEN = 'This user name is taken';
export const EMAIL_TAKEN = 'This e-mail address is used by another employee';
export const SSN_TAKEN = 'This SSN belongs to another employee';
export const SSN_FORMAT = 'Use 9 digits';
export const IMAGE_TYPE_MESSAGE = 'Choose a GIF, JPEG or PNG image';
export const IMAGE_SIZE_MESSAGE = 'The image must be at most 2 MB';
export const IMAGE_MISSING_MESSAGE = 'Choose an image';

const text = (max: number) => z.string().trim().max(max, `${max} characters at most`);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const money = z.number().min(0, 'Must not be negative').max(10_000_000, 'This number is too large');

/** Map of id → flag (GlobalRoles, Roles, AdministeredModules); keys are ids as text. */
export const IdFlags = z.record(z.string().regex(/^[1-9]\d{0,8}$/, 'Use an id'), z.boolean());
export type IdFlags = z.infer<typeof IdFlags>;

/** The ids set to true in an id → flag map. */
export function flaggedIds(flags: IdFlags | undefined): number[] {
  return Object.entries(flags ?? {})
    .filter(([, on]) => on)
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
}

export const UserName = z
  .string()
  .trim()
  .min(3, 'At least 3 characters')
  .max(100, '100 characters at most')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only');

/** 9 digits (US SSN, Canadian SIN); dashes and spaces are dropped. */
export const Ssn = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{9}$/, SSN_FORMAT));

/** The masked form shown without employees:viewSensitive: only the last 3 digits. */
export function maskSsn(ssn: string | null): string | null {
  if (!ssn) return null;
  return `***-***-${ssn.slice(-3)}`;
}
export const isMaskedSsn = (value: string) => value.includes('*');

// ---- the save payload (spec 001 §3) ------------------------------------------------------------------

const OfficeFields = z.object({
  EmployeeStatusID: Id,
  PayFrequencyID: Id.nullish(),
  BasisOfPayID: Id.nullish(),
  HireDate: WireDate.nullish(),
  TerminationDate: WireDate.nullish(),
  TerminationReasonID: Id.nullish(),
  TerminationReasonExtra: optionalText(500).optional(),
  IcdOfficeID: Id,
  JobTitleID: Id.nullish(),
  PayRate: money.nullish(),
  CommissionThreshold: money.nullish(),
  CompensationProfileID: Id.nullish(),
  DefaultHours: z.number().min(0, 'Must not be negative').max(168, 'At most 168 hours').nullish(),
  Salary: money.nullish(),
  Garnishment: money.nullish(),
  TimeClock: z.boolean().default(false),
  RequireBreak: z.boolean().default(false),
  IsOnPayroll: z.boolean().default(true),
  TrackRealTime: z.boolean().default(false),
  Divisions: z.array(Id).max(20).default([]),
  Roles: IdFlags.default({}),
  AdministeredModules: IdFlags.default({}),
  OnboardingApplicationID: Id.nullish(),
});

/** One office entry: the termination fields are sent only when the status does not allow portal access. */
export const EmployeeOfficeSave = OfficeFields.superRefine((o, ctx) => {
  const terminated = !allowsPortalAccess(o.EmployeeStatusID);
  if (!terminated) {
    for (const key of ['TerminationDate', 'TerminationReasonID', 'TerminationReasonExtra'] as const)
      if (o[key] !== undefined && o[key] !== null)
        ctx.addIssue({ code: 'custom', path: [key], message: TERMINATION_ONLY_WHEN_DENIED });
    return;
  }
  if (!o.TerminationDate)
    ctx.addIssue({ code: 'custom', path: ['TerminationDate'], message: TERMINATION_DATE_REQUIRED });
  if (!o.TerminationReasonID)
    ctx.addIssue({ code: 'custom', path: ['TerminationReasonID'], message: TERMINATION_REASON_REQUIRED });
  if (o.TerminationDate && o.HireDate && o.TerminationDate < o.HireDate)
    ctx.addIssue({ code: 'custom', path: ['TerminationDate'], message: TERMINATION_BEFORE_HIRE });
});
export type EmployeeOfficeSave = z.input<typeof EmployeeOfficeSave>;

const SaveFields = z.object({
  FirstName: text(100).min(1, 'Enter the first name'),
  MiddleName: optionalText(100),
  LastName: text(100).min(1, 'Enter the last name'),
  UserName,
  EmailAddress: z
    .email('Enter a valid e-mail address')
    .max(200, '200 characters at most')
    .nullish()
    .transform((v) => v ?? null),
  /** Checked against the password policy; absent or null: unchanged (no password on a new employee). */
  Password: z.string().max(500).nullish(),
  Inactive: z.boolean().default(false),
  InactiveDate: WireDate.nullish(),
  GlobalSiteID: optionalText(50),
  UniqueID: optionalText(50),
  ADPEmployeeID: optionalText(50),
  MeridianEmployeeID: optionalText(50),
  GlobalRoles: IdFlags.default({}),
  SendWelcomeEmail: z.boolean().default(false),
  IcdOffices: z.array(EmployeeOfficeSave).max(50, '50 offices at most'),
});

function officeRules(v: { IcdOffices: { IcdOfficeID: number }[] }, ctx: z.RefinementCtx) {
  if (v.IcdOffices.length === 0)
    ctx.addIssue({ code: 'custom', path: ['IcdOffices'], message: AT_LEAST_ONE_OFFICE });
  const seen = new Set<number>();
  v.IcdOffices.forEach((o, i) => {
    if (seen.has(o.IcdOfficeID))
      ctx.addIssue({ code: 'custom', path: ['IcdOffices', i, 'IcdOfficeID'], message: OFFICE_LISTED_TWICE });
    seen.add(o.IcdOfficeID);
  });
}

export const EmployeeSave = SaveFields.superRefine(officeRules);
export type EmployeeSave = z.input<typeof EmployeeSave>;
export type EmployeeSaveParsed = z.output<typeof EmployeeSave>;

export const EmployeeUpdate = SaveFields.extend({ Version: Int32 }).superRefine(officeRules);
export type EmployeeUpdate = z.input<typeof EmployeeUpdate>;

// ---- answers -----------------------------------------------------------------------------------------

export const EmployeeOffice = z.object({
  EmploymentRecordID: Id,
  IcdOfficeID: Id,
  OfficeName: z.string(),
  IcdCorporationID: Id,
  CorporationName: z.string(),
  EmployeeStatusID: Id,
  PayFrequencyID: Id.nullable(),
  BasisOfPayID: Id.nullable(),
  HireDate: DayOut.nullable(),
  TerminationDate: DayOut.nullable(),
  TerminationReasonID: Id.nullable(),
  TerminationReasonExtra: z.string().nullable(),
  JobTitleID: Id.nullable(),
  PayRate: z.number().nullable(),
  CommissionThreshold: z.number().nullable(),
  CompensationProfileID: Id.nullable(),
  DefaultHours: z.number().nullable(),
  Salary: z.number().nullable(),
  Garnishment: z.number().nullable(),
  TimeClock: z.boolean(),
  RequireBreak: z.boolean(),
  IsOnPayroll: z.boolean(),
  TrackRealTime: z.boolean(),
  Divisions: z.array(Id),
  Roles: IdFlags,
  AdministeredModules: IdFlags,
  OnboardingApplicationID: Id.nullable(),
  /** Whether the caller may change this office entry. */
  CanUpdate: z.boolean(),
});
export type EmployeeOffice = z.infer<typeof EmployeeOffice>;

export const EmployeeDetail = z.object({
  EmployeeID: Id,
  FirstName: z.string(),
  MiddleName: z.string().nullable(),
  LastName: z.string(),
  FullName: z.string(),
  UserName: z.string(),
  EmailAddress: z.string().nullable(),
  Inactive: z.boolean(),
  InactiveDate: DayOut.nullable(),
  GlobalSiteID: z.string().nullable(),
  UniqueID: z.string().nullable(),
  ADPEmployeeID: z.string().nullable(),
  MeridianEmployeeID: z.string().nullable(),
  GlobalRoles: IdFlags,
  HasPassword: z.boolean(),
  HasImage: z.boolean(),
  /** Masked unless the caller holds employees:viewSensitive. */
  SSN: z.string().nullable(),
  IcdOffices: z.array(EmployeeOffice),
  Version: Int32,
  CreatedAt: Instant,
  Access: z.object({
    CanUpdate: z.boolean(),
    CanViewSensitive: z.boolean(),
    CanChangeGlobalRoles: z.boolean(),
  }),
});
export type EmployeeDetail = z.infer<typeof EmployeeDetail>;

export const EmployeeListOffice = z.object({
  IcdOfficeID: Id,
  OfficeName: z.string(),
  EmployeeStatusID: Id,
  JobTitleID: Id.nullable(),
});

export const EmployeeListItem = z.object({
  EmployeeID: Id,
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  UserName: z.string(),
  EmailAddress: z.string().nullable(),
  Inactive: z.boolean(),
  /** Masked unless the caller holds employees:viewSensitive. */
  SSN: z.string().nullable(),
  Offices: z.array(EmployeeListOffice),
  Roles: z.array(z.string()),
  CreatedAt: Instant,
});
export type EmployeeListItem = z.infer<typeof EmployeeListItem>;

export const EmployeePage = z.object({
  Items: z.array(EmployeeListItem),
  TotalCount: Int32,
  PageIndex: Int32,
  PageSize: Int32,
});
export type EmployeePage = z.infer<typeof EmployeePage>;

export const EMPLOYEE_SORTS = ['LastName', 'FirstName', 'UserName', 'EmailAddress', 'CreatedAt'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

const optionalId = QueryInt32.positive().optional();
export const EmployeeQuery = z.object({
  search: z.string().trim().max(100).optional(),
  username: z.string().trim().max(100).optional(),
  icdOfficeId: optionalId,
  divisionId: optionalId,
  employeeStatusId: optionalId,
  roleId: optionalId,
  moduleId: optionalId,
  /** true: only inactive accounts; false: only active ones. */
  inactive: z.enum(['true', 'false']).optional(),
  sort: z.enum(EMPLOYEE_SORTS).default('LastName'),
  desc: z.enum(['true', 'false']).optional(),
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(500).default(25),
});
export type EmployeeQuery = z.input<typeof EmployeeQuery>;

export const RosterEntry = z.object({
  EmployeeID: Id,
  EmploymentRecordID: Id,
  FullName: z.string(),
  UserName: z.string(),
  IcdOfficeID: Id,
  OfficeName: z.string(),
  EmployeeStatusID: Id,
  JobTitleID: Id.nullable(),
  HireDate: DayOut.nullable(),
  TimeClock: z.boolean(),
  Divisions: z.array(Id),
});
export type RosterEntry = z.infer<typeof RosterEntry>;

// ---- security, profile, image, checks ----------------------------------------------------------------

export const EmployeeSecurity = z.object({
  EmployeeID: Id,
  UserName: z.string(),
  Inactive: z.boolean(),
  InactiveDate: DayOut.nullable(),
  HasPassword: z.boolean(),
  PasswordChangedAt: Instant.nullable(),
  Version: Int32,
});
export type EmployeeSecurity = z.infer<typeof EmployeeSecurity>;

export const SecuritySave = z.object({
  UserName,
  /** A new password (checked against the policy); absent or empty: unchanged. */
  Password: z.string().max(500).nullish(),
  Inactive: z.boolean(),
  Version: Int32,
});
export type SecuritySave = z.input<typeof SecuritySave>;

export const Phone = z.object({
  PhoneNumber: z
    .string()
    .trim()
    .max(30, '30 characters at most')
    .regex(/^[0-9+()\-. ]*$/, 'Use digits, spaces and + ( ) - . only'),
  Extension: optionalText(10),
});

const ProfileFields = z.object({
  FirstName: text(100).min(1, 'Enter the first name'),
  MiddleName: optionalText(100),
  LastName: text(100).min(1, 'Enter the last name'),
  EmailAddress: z
    .email('Enter a valid e-mail address')
    .max(200, '200 characters at most')
    .nullish()
    .transform((v) => v ?? null),
  /** 9 digits; the masked value as read, or absent: unchanged; null: removed. */
  SSN: z.string().max(20).nullish(),
  BirthDate: WireDate.nullish(),
  GenderID: Id.nullish(),
  MaritalStatusID: Id.nullish(),
  WithholdingTypeID: Id.nullish(),
  StreetLine1: optionalText(200),
  StreetLine2: optionalText(200),
  City: optionalText(100),
  StateProvince: optionalText(50),
  PostalCode: optionalText(20),
  CountryID: Id.nullish(),
  CellPhone: Phone.nullish(),
  HomePhone: optionalText(30),
  EmergencyContactName: optionalText(200),
  EmergencyContactPhone: optionalText(30),
});

export const ProfileSave = ProfileFields.extend({ Version: Int32 });
export type ProfileSave = z.input<typeof ProfileSave>;
/** PATCH: only the fields sent change. */
export const ProfilePatch = ProfileFields.partial().extend({ Version: Int32 });
export type ProfilePatch = z.input<typeof ProfilePatch>;

export const EmployeeProfile = z.object({
  EmployeeID: Id,
  FirstName: z.string(),
  MiddleName: z.string().nullable(),
  LastName: z.string(),
  EmailAddress: z.string().nullable(),
  SSN: z.string().nullable(),
  /** True when SSN is shown masked (the caller lacks employees:viewSensitive). */
  SSNMasked: z.boolean(),
  BirthDate: DayOut.nullable(),
  GenderID: Id.nullable(),
  MaritalStatusID: Id.nullable(),
  WithholdingTypeID: Id.nullable(),
  StreetLine1: z.string().nullable(),
  StreetLine2: z.string().nullable(),
  City: z.string().nullable(),
  StateProvince: z.string().nullable(),
  PostalCode: z.string().nullable(),
  CountryID: Id.nullable(),
  CellPhone: z.object({ PhoneNumber: z.string(), Extension: z.string().nullable() }).nullable(),
  HomePhone: z.string().nullable(),
  EmergencyContactName: z.string().nullable(),
  EmergencyContactPhone: z.string().nullable(),
  HasImage: z.boolean(),
  CanUpdate: z.boolean(),
  Version: Int32,
});
export type EmployeeProfile = z.infer<typeof EmployeeProfile>;

export const ProfileImageInfo = z.object({
  EmployeeID: Id,
  ContentType: z.enum(PROFILE_IMAGE_TYPES),
  FileSize: Int32,
  UpdatedAt: Instant,
});
export type ProfileImageInfo = z.infer<typeof ProfileImageInfo>;

export const SsnUniqueness = z.object({ IsUnique: z.boolean() });
export type SsnUniqueness = z.infer<typeof SsnUniqueness>;

export const EmailAvailability = z.object({
  EmailAddress: z.string(),
  IsAvailable: z.boolean(),
  /** Free addresses close to the one asked for (when it is taken). */
  Suggestions: z.array(z.string()),
});
export type EmailAvailability = z.infer<typeof EmailAvailability>;

/** The blank record of GET employees/new. */
export const NewEmployee = z.object({
  FirstName: z.string(),
  MiddleName: z.string().nullable(),
  LastName: z.string(),
  UserName: z.string(),
  EmailAddress: z.string().nullable(),
  Password: z.string().nullable(),
  Inactive: z.boolean(),
  InactiveDate: DayOut.nullable(),
  GlobalSiteID: z.string().nullable(),
  UniqueID: z.string().nullable(),
  ADPEmployeeID: z.string().nullable(),
  MeridianEmployeeID: z.string().nullable(),
  GlobalRoles: IdFlags,
  SendWelcomeEmail: z.boolean(),
  IcdOffices: z.array(
    OfficeFields.omit({ TerminationDate: true, TerminationReasonID: true, TerminationReasonExtra: true }),
  ),
});
export type NewEmployee = z.infer<typeof NewEmployee>;

/** Defaults of a new office entry. */
export function blankOffice(icdOfficeId: number) {
  return {
    EmployeeStatusID: 1,
    PayFrequencyID: null,
    BasisOfPayID: null,
    HireDate: null,
    IcdOfficeID: icdOfficeId,
    JobTitleID: null,
    PayRate: null,
    CommissionThreshold: null,
    CompensationProfileID: null,
    DefaultHours: null,
    Salary: null,
    Garnishment: null,
    TimeClock: true,
    RequireBreak: false,
    IsOnPayroll: true,
    TrackRealTime: false,
    Divisions: [] as number[],
    Roles: {} as IdFlags,
    AdministeredModules: {} as IdFlags,
    OnboardingApplicationID: null,
  };
}

// ---- onboarding of employees (spec 001 §4 "Onboarding employees can be initialised, rehired, revoked,
// terminated or re-sent. A check that all required fields are filled exists.") ----------------------
//
//   POST employees/onboard                              OnboardSave → 201 OnboardingEmployee
//   GET  employees/onboarding-employee/{id}             → OnboardingEmployee
//   POST employees/onboarding-employee/terminate/{id}   OnboardingTermination → OnboardingEmployee
//   PUT  employees/{id}/onboarding-profile              OnboardingProfileSave → OnboardingEmployee
//   GET  employees/onboarding-permission                → OnboardingPermission (the caller's)
//   POST init-onboarding/{employeeId}/{officeId}        OnboardingInit → OnboardingEmployee
//   POST rehire-onboarding/{id}, revoke-onboarding/{id}, send-onboarding/{id} → OnboardingEmployee
//   POST required-filled/{id}                           → RequiredFilled
//   GET  employees/account-telemapper-linked            → TelemapperLink (the caller's)
//
// An onboarding employee is an employee holding the hidden "Onboarding applicant" role, with a
// Pending employment record at the office applied to; payroll (onboarding:manage) approves it by
// setting the record Active on the employee page. Permission onboarding:manage, office scope; the
// applicant reads and fills their own record.

export const ONBOARDING_MANAGE = 'onboarding:manage';

export const OnboardingEmployee = z.object({
  EmployeeID: Id,
  FirstName: z.string(),
  LastName: z.string(),
  UserName: z.string(),
  EmailAddress: z.string().nullable(),
  /** Onboarding application status name (shared enumeration). */
  Status: z.enum(['Initial', 'Incomplete', 'Approved', 'Terminated', 'Suspended']),
  /** Holds the applicant role (can sign in to fill the application). */
  IsApplicant: z.boolean(),
  IcdOfficeID: Id.nullable(),
  OfficeName: z.string().nullable(),
  Divisions: z.array(Id),
  EmployeeStatusID: Id.nullable(),
  Missing: z.array(z.string()),
  Version: Int32,
});
export type OnboardingEmployee = z.infer<typeof OnboardingEmployee>;

export const OnboardSave = z.object({
  IsSelfSignUp: z.boolean().default(false),
  DivisionID: Id,
  IcdOfficeID: Id,
  Password: z.string().max(500).nullish(),
  Applicant: z.object({
    FirstName: text(100).min(1, 'Enter the first name'),
    LastName: text(100).min(1, 'Enter the last name'),
    EmailAddress: z.email('Enter a valid e-mail address').max(200, '200 characters at most'),
    UserName,
    CellPhone: Phone.nullish(),
    DateOfBirth: WireDate.nullish(),
  }),
  InitialOnboardingApplicationStatusID: Id.nullish(),
  /** Queue the onboarding invitation e-mail. */
  SendEmail: z.boolean().default(true),
});
export type OnboardSave = z.input<typeof OnboardSave>;

export const OnboardingTermination = z.object({
  TerminationDate: WireDate,
  TerminationReasonID: Id,
  TerminationReasonExtra: optionalText(500).optional(),
});
export type OnboardingTermination = z.input<typeof OnboardingTermination>;

export const OnboardingInit = z.object({ Divisions: z.array(Id).max(20).default([]) });

export const OnboardingProfileSave = ProfileFields.partial().extend({ Version: Int32 });
export type OnboardingProfileSave = z.input<typeof OnboardingProfileSave>;

export const OnboardingPermission = z.object({ IsOnboarding: z.boolean(), CanManage: z.boolean() });
export const RequiredFilled = z.object({ IsFilled: z.boolean(), Missing: z.array(z.string()) });
export const TelemapperLink = z.object({ IsLinked: z.boolean(), MeridianEmployeeID: z.string().nullable() });

/** Profile fields an onboarding application must have before approval. */
export const ONBOARDING_REQUIRED_FIELDS = [
  'FirstName',
  'LastName',
  'EmailAddress',
  'BirthDate',
  'SSN',
  'StreetLine1',
  'City',
  'StateProvince',
  'PostalCode',
  'CountryID',
  'CellPhone',
] as const;
