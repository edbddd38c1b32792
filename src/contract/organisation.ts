// Organisation: offices, divisions and their profiles and rotations, corporations (spec 000 §3, §7
// "Offices", "Divisions", "Corporations"; spec 001 §3 "Division rotation and adjustment", §7). Shared
// by the server (validation, OpenAPI) and the PWA.
//
//   GET    icd-offices                       ?icdCorporationID&divisionID&search → Office[] (sorted by
//                                             OwnerName, IcdCorporationName, OfficeName, case-insensitively)
//   GET    icd-offices/{id}                  → Office
//   POST   icd-offices                       OfficeSave → 201 Office
//   PUT    icd-offices/{id}                  OfficeUpdate (Version) → Office | 409 { Current }
//   DELETE icd-offices/{id}                  ?version → 204 (409 while people are employed there)
//   GET    icd-offices/getCKEToggleInfo      → CkeToggle
//   POST   icd-offices/setCKEToggleInfo      CkeToggle → true | false (never fails)
//   POST   icd-offices/{id}/roster-sync-job  { lastDate } → 201 Job
//   POST   icd-offices/{id}/meridian-office-id/movement  { MeridianOfficeID } → MeridianMovement
//   GET    icd-offices/{id}/divisions        → Division[]
//   POST   payrolls/create-meridian-job      ?teleMapperEntryID&meridianOfficeID → 201 Job
//   GET    divisions | v2/divisions/{id} | POST divisions | PUT divisions/{id} | DELETE divisions/{id}
//   GET    division-profiles                 ?divisionID&countryID → DivisionProfile[]
//   PUT    division-profiles/{id}/payroll-policy-history  PayrollPolicyHistorySave → DivisionProfile
//   GET    division-profiles/rotations       ?divisionProfileID&divisionID&from&to → ProfileRotations[]
//   PATCH  division-profiles/{id}/rotations  RotationAdjustment (?preview=true: nothing saved)
//   GET    corporations | corporations/page/{page} | corporations/{id} | managed | module/{id} | ...
//   PUT    corporations/{id}/logo            multipart `logo` (gif, jpeg or png, ≤ 1 MB) → Corporation
import { z } from 'zod';
import { Instant, Int32, PagingQuery, pagedResult, QueryInt32, WireDate } from './common';

export const CORPORATION_STATUS_NAMES: Record<number, string> = { 1: 'Active', 2: 'Inactive' };
export const COUNTRY_NAMES: Record<number, string> = { 1: 'US', 2: 'Canada' };
/** Largest logo accepted (bytes). */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/gif', 'image/jpeg', 'image/png'] as const;

export const Access = z.object({ CanUpdate: z.boolean() });

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

const Name = (max: number) => z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);
const Optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const CountryID = z.union([z.literal(1), z.literal(2)], { error: 'Choose US (1) or Canada (2)' });
const Coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^-?\d{1,3}(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= limit), {
      message: `A number from -${limit} to ${limit}`,
    });
const Version = Int32.min(1);

// ---- offices ----------------------------------------------------------------------------------------

export const Office = z.object({
  IcdOfficeID: Int32,
  IcdCorporationID: Int32,
  IcdCorporationName: z.string(),
  OwnerName: z.string(),
  OfficeName: z.string(),
  MeridianOfficeID: z.string().nullable(),
  StreetLine1: z.string().nullable(),
  StreetLine2: z.string().nullable(),
  City: z.string(),
  StateProvince: z.string(),
  StateName: z.string().nullable(),
  PostalCode: z.string().nullable(),
  CountryID: Int32,
  CountryName: z.string(),
  TimeZone: z.string(),
  Latitude: z.string().nullable(),
  Longitude: z.string().nullable(),
  DivisionIDs: z.array(Int32),
  Access,
  Version: Int32,
});
export type Office = z.infer<typeof Office>;

export const OfficeSave = z.object({
  IcdCorporationID: Int32.positive(),
  OfficeName: Name(100),
  MeridianOfficeID: Optional(40),
  StreetLine1: Optional(200),
  StreetLine2: Optional(200),
  City: Name(100),
  StateProvince: z.string().trim().min(1, 'Required').max(3, 'Use the 2-letter code'),
  PostalCode: Optional(12),
  CountryID,
  TimeZone: z.string().refine(isTimeZone, 'Choose a time zone'),
  Latitude: Coordinate(90),
  Longitude: Coordinate(180),
  DivisionIDs: z.array(Int32.positive()).max(50).default([]),
});
export type OfficeSave = z.input<typeof OfficeSave>;
export const OfficeUpdate = OfficeSave.extend({ Version });
export type OfficeUpdate = z.input<typeof OfficeUpdate>;

export const OfficeQuery = z.object({
  icdCorporationID: QueryInt32.positive().optional(),
  divisionID: QueryInt32.positive().optional(),
  search: z.string().max(100).optional(),
});

export const CkeToggle = z.object({ IsEnabled: z.boolean() });
export type CkeToggle = z.infer<typeof CkeToggle>;

export const Job = z.object({
  Id: Int32,
  JobStatus: Int32.min(1).max(4),
  Messages: z.array(z.string()),
});
export type Job = z.infer<typeof Job>;

export const RosterSyncJobSave = z.object({ lastDate: WireDate });
export const MeridianMovementSave = z.object({ MeridianOfficeID: Name(40) });
export const MeridianMovement = z.object({
  Office,
  /** The office that held this Meridian office id before (now cleared), if any. */
  FromIcdOfficeID: Int32.nullable(),
});
export const MeridianJobQuery = z.object({
  /** Sent null by the client: the text 'null', empty or missing all mean none. */
  teleMapperEntryID: z
    .union([z.literal('null'), z.literal(''), QueryInt32.positive()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  meridianOfficeID: Name(40),
});

// ---- divisions --------------------------------------------------------------------------------------

export const DivisionItem = z.object({
  DivisionID: Int32,
  Name: z.string(),
  Description: z.string().nullable(),
  IsActive: z.boolean(),
  OfficeCount: Int32,
  Version: Int32,
});
export type DivisionItem = z.infer<typeof DivisionItem>;

export const DivisionSave = z.object({
  /** Optional on create: divisions have known ids (RoadShow 29, Dtv 31, Rogers 35). */
  DivisionID: Int32.positive().optional(),
  Name: Name(60),
  Description: Optional(400),
  IsActive: z.boolean().default(true),
});
export type DivisionSave = z.input<typeof DivisionSave>;
export const DivisionUpdate = DivisionSave.omit({ DivisionID: true }).extend({ Version });
export type DivisionUpdate = z.input<typeof DivisionUpdate>;
export const DivisionQuery = z.object({
  isActive: z.enum(['true', 'false']).optional(),
  icdOfficeID: QueryInt32.positive().optional(),
});

export const PayrollPolicyEntry = z.object({
  PayrollPolicyID: Int32.positive().nullish(),
  Name: Name(80),
  PayFrequencyID: Int32.min(1).max(4),
  StartDate: WireDate,
  EndDate: WireDate.nullable(),
});
export type PayrollPolicyEntry = z.infer<typeof PayrollPolicyEntry>;

export const DivisionProfile = z.object({
  DivisionProfileID: Int32,
  DivisionID: Int32,
  DivisionName: z.string(),
  Name: z.string(),
  CountryID: Int32,
  PayrollPolicyHistory: z.array(PayrollPolicyEntry),
  Version: Int32,
});
export type DivisionProfile = z.infer<typeof DivisionProfile>;
export const DivisionProfileQuery = z.object({
  divisionID: QueryInt32.positive().optional(),
  countryID: QueryInt32.min(1).max(2).optional(),
});
export const PayrollPolicyHistorySave = z.object({
  PayrollPolicyHistory: z.array(PayrollPolicyEntry).max(100),
  Version,
});
export type PayrollPolicyHistorySave = z.input<typeof PayrollPolicyHistorySave>;

export const DivisionV2 = DivisionItem.extend({
  Profiles: z.array(DivisionProfile),
  Offices: z.array(
    z.object({
      IcdOfficeID: Int32,
      OfficeName: z.string(),
      IcdCorporationName: z.string(),
      TimeZone: z.string(),
    }),
  ),
  ModuleIDs: z.array(Int32),
});
export type DivisionV2 = z.infer<typeof DivisionV2>;

// ---- rotations --------------------------------------------------------------------------------------

const spanDays = (r: { StartDate: string; EndDate: string }) =>
  (Date.parse(`${r.EndDate}T00:00:00Z`) - Date.parse(`${r.StartDate}T00:00:00Z`)) / 86_400_000 + 1;

export const RotationRange = z
  .object({ StartDate: WireDate, EndDate: WireDate })
  .refine((r) => r.EndDate >= r.StartDate, { message: 'Ends before it starts', path: ['EndDate'] })
  .refine((r) => r.EndDate < r.StartDate || spanDays(r) <= 31, {
    message: 'A rotation is at most 31 days',
    path: ['EndDate'],
  });
export type RotationRange = z.infer<typeof RotationRange>;

export const Rotation = z.object({
  DivisionRotationID: Int32,
  StartDate: WireDate,
  EndDate: WireDate,
  PayPeriodCount: Int32,
  LockedPayPeriodCount: Int32,
  TimeEntryCount: Int32,
});
export type Rotation = z.infer<typeof Rotation>;

export const ProfileRotations = z.object({
  DivisionProfileID: Int32,
  DivisionID: Int32,
  Name: z.string(),
  CountryID: Int32,
  Rotations: z.array(Rotation),
});
export type ProfileRotations = z.infer<typeof ProfileRotations>;
export const RotationsQuery = z.object({
  divisionProfileID: QueryInt32.positive().optional(),
  divisionID: QueryInt32.positive().optional(),
  from: WireDate.optional(),
  to: WireDate.optional(),
});

export const RotationAdjustment = z.object({
  DivisionProfileID: Int32.positive(),
  AdjustedRotations: z
    .array(z.object({ CurrentRotation: RotationRange, NewRotation: RotationRange }))
    .max(200)
    .default([]),
  NewRotations: z.array(RotationRange).max(200).default([]),
  DeletedRotations: z.array(RotationRange).max(200).default([]),
  /** Keep time entries whose days leave every rotation (true), or delete them (false). */
  RetainedTimeEntries: z.boolean(),
  /** Leave locked payrolls' pay periods as they are (true), or refuse the adjustment (false). */
  IgnoreLockedPayrolls: z.boolean(),
});
export type RotationAdjustment = z.input<typeof RotationAdjustment>;
export const RotationAdjustmentQuery = z.object({ preview: z.enum(['true', 'false']).optional() });

export const LockedPayPeriod = z.object({
  PayPeriodID: Int32,
  EmployeeName: z.string(),
  OfficeName: z.string(),
  StartDate: WireDate,
  EndDate: WireDate,
});
export type LockedPayPeriod = z.infer<typeof LockedPayPeriod>;
export const RotationAdjustmentResult = z.object({
  Preview: z.boolean(),
  Rotations: z.array(Rotation),
  Changes: z.object({
    AdjustedRotations: Int32,
    NewRotations: Int32,
    DeletedRotations: Int32,
    MovedPayPeriods: Int32,
    CreatedPayPeriods: Int32,
    DeletedPayPeriods: Int32,
    SkippedLockedPayPeriods: Int32,
    /** Time entries whose days left every rotation: kept (RetainedTimeEntries) or deleted. */
    RetainedTimeEntries: Int32,
    DeletedTimeEntries: Int32,
  }),
  LockedPayPeriods: z.array(LockedPayPeriod),
});
export type RotationAdjustmentResult = z.infer<typeof RotationAdjustmentResult>;

// ---- corporations -----------------------------------------------------------------------------------

export const Corporation = z.object({
  IcdCorporationID: Int32,
  Owner: z.string(),
  ClientName: z.string(),
  CorporationStatusID: Int32,
  StatusName: z.string(),
  CountryID: Int32,
  CountryName: z.string(),
  EmailAddress: z.string().nullable(),
  PhoneNumber: z.string().nullable(),
  HasLogo: z.boolean(),
  OfficeCount: Int32,
  ModuleIDs: z.array(Int32),
  Access,
  Version: Int32,
  CreatedAt: Instant,
});
export type Corporation = z.infer<typeof Corporation>;

export const CorporationSave = z.object({
  Owner: Name(100),
  ClientName: Name(150),
  CorporationStatusID: z.union([z.literal(1), z.literal(2)], { error: 'Choose Active or Inactive' }),
  CountryID,
  EmailAddress: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter a valid e-mail address'),
  PhoneNumber: Optional(30),
  ModuleIDs: z.array(Int32.positive()).max(40).optional(),
});
export type CorporationSave = z.input<typeof CorporationSave>;
export const CorporationUpdate = CorporationSave.extend({ Version });
export type CorporationUpdate = z.input<typeof CorporationUpdate>;

export const CorporationQuery = z.object({
  search: z.string().max(100).optional(),
  statusID: QueryInt32.min(1).max(2).optional(),
  countryID: QueryInt32.min(1).max(2).optional(),
  /** owner: Owner then ClientName (default); canUpdate: the ones the caller may update first. */
  sort: z.enum(['owner', 'canUpdate']).optional(),
});
export const CorporationPageQuery = CorporationQuery.extend({ pageSize: PagingQuery.shape.pageSize });
export const CorporationPage = pagedResult(Corporation);
export type CorporationPage = z.infer<typeof CorporationPage>;

export const CorporationStatusItem = z.object({ CorporationStatusID: Int32, Name: z.string() });
export const CorporationStatusRow = z.object({
  IcdCorporationID: Int32,
  ClientName: z.string(),
  Owner: z.string(),
  CorporationStatusID: Int32,
  StatusName: z.string(),
});

export const DEDUCTION_TYPES = { Percent: 1, Fixed: 2 } as const;
export const Deduction = z
  .object({
    Name: Name(80),
    DeductionTypeID: z.union([z.literal(1), z.literal(2)], { error: 'Choose percent or fixed amount' }),
    Rate: z.number().min(0, 'From 0 to 100').max(100, 'From 0 to 100').nullish(),
    Amount: z.number().min(0, 'Not below 0').max(1_000_000, 'At most 1,000,000').nullish(),
    IsActive: z.boolean().default(true),
  })
  .superRefine((d, ctx) => {
    if (d.DeductionTypeID === 1 && (d.Rate === null || d.Rate === undefined))
      ctx.addIssue({ code: 'custom', path: ['Rate'], message: 'Required for a percent deduction' });
    if (d.DeductionTypeID === 2 && (d.Amount === null || d.Amount === undefined))
      ctx.addIssue({ code: 'custom', path: ['Amount'], message: 'Required for a fixed deduction' });
  });
export type Deduction = z.infer<typeof Deduction>;

export const TaxInfo = z.object({
  IcdCorporationID: Int32,
  CountryID: Int32,
  FederalTaxNumber: z.string().nullable(),
  StateTaxNumber: z.string().nullable(),
  WorkersCompNumber: z.string().nullable(),
  Deductions: z.array(
    z.object({
      Name: z.string(),
      DeductionTypeID: Int32,
      Rate: z.number().nullable(),
      Amount: z.number().nullable(),
      IsActive: z.boolean(),
    }),
  ),
  /** 0 while nothing was saved yet. */
  Version: Int32,
});
export type TaxInfo = z.infer<typeof TaxInfo>;
export const TaxInfoSave = z.object({
  FederalTaxNumber: Optional(20),
  StateTaxNumber: Optional(30),
  WorkersCompNumber: Optional(30),
  Deductions: z.array(Deduction).max(50).default([]),
  /** 0 for the first save. */
  Version: Int32.min(0),
});
export type TaxInfoSave = z.input<typeof TaxInfoSave>;
/** Business number (9 digits, optionally with program account RT0001) or EIN (12-3456789). */
export const FEDERAL_TAX_PATTERNS: Record<number, { pattern: RegExp; message: string }> = {
  2: { pattern: /^\d{9}([A-Z]{2}\d{4})?$/, message: 'A business number: 9 digits, e.g. 123456789RT0001' },
  1: { pattern: /^\d{2}-\d{7}$/, message: 'An EIN: 12-3456789' },
};

export const CorporationModulePermission = z.object({
  ModuleID: Int32,
  Name: z.string(),
  Enabled: z.boolean(),
  CanRead: z.boolean(),
  CanUpdate: z.boolean(),
});

export const InquiryQuery = z.object({
  statusID: QueryInt32.min(1).max(2).optional(),
  countryID: QueryInt32.min(1).max(2).optional(),
  search: z.string().max(100).optional(),
});
export const InquiryRow = z.object({
  IcdCorporationID: Int32,
  ClientName: z.string(),
  Owner: z.string(),
  CorporationStatusID: Int32,
  StatusName: z.string(),
  CountryName: z.string(),
  OfficeCount: Int32,
  ActiveEmployeeCount: Int32,
  TerminatedEmployeeCount: Int32,
  PendingEmployeeCount: Int32,
  Divisions: z.array(z.string()),
  HasTaxInfo: z.boolean(),
  CreatedAt: Instant,
});
export type InquiryRow = z.infer<typeof InquiryRow>;

// What the server works with once a body is parsed (defaults applied, strings trimmed).
export type OfficeSaveData = z.output<typeof OfficeSave>;
export type OfficeUpdateData = z.output<typeof OfficeUpdate>;
export type DivisionSaveData = z.output<typeof DivisionSave>;
export type DivisionUpdateData = z.output<typeof DivisionUpdate>;
export type PayrollPolicyHistorySaveData = z.output<typeof PayrollPolicyHistorySave>;
export type RotationAdjustmentData = z.output<typeof RotationAdjustment>;
export type CorporationSaveData = z.output<typeof CorporationSave>;
export type CorporationUpdateData = z.output<typeof CorporationUpdate>;
export type TaxInfoSaveData = z.output<typeof TaxInfoSave>;

/**
 * 'YYYY-MM-DD' of the calendar day at `at` in an IANA time zone (an office's "today"), or null when
 * the zone is unknown to the runtime.
 */
export function dayInZone(zone: string, at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(at);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return null;
  }
}
