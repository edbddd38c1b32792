// Onboarding: what an applicant reads of their own application (spec 001 "Onboarding application";
// status names from the shared enumeration). The full application (documents, reference fields) is
// the onboarding area's; this is the part an applicant's landing page shows.
import { z } from 'zod';
import { Instant, Int32, QueryInt32, WireDate } from './common';

/** Onboarding application status names (spec 001 §3, shared enumeration) that an applicant can be in. */
export const ApplicationStatusName = z.enum(['Initial', 'Incomplete', 'Approved', 'Terminated', 'Suspended']);
export type ApplicationStatusName = z.infer<typeof ApplicationStatusName>;

export const MyApplication = z.object({
  Status: ApplicationStatusName,
  /** When the application was made (the applicant's account was created). */
  SubmittedAt: Instant,
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string().nullable(),
  /** The office the applicant applied to (null: none chosen yet). */
  Office: z
    .object({
      IcdOfficeID: z.number().int(),
      OfficeName: z.string(),
      City: z.string(),
      StateProvince: z.string(),
    })
    .nullable(),
  Divisions: z.array(z.string()),
});
export type MyApplication = z.infer<typeof MyApplication>;

// ---- onboarding area (spec 001 §3, §4, §7 "Onboarding"; spec 002 §4, §5) ----------------------------
//   GET    onboarding-divisions                            → OnboardingDivision[] (anonymous: self sign-up ones)
//   GET    onboarding-policies                             → OnboardingPolicy[]
//   POST   onboarding-policies        (JSON, or multipart: field Policy = JSON, files
//          RequirementsFile:<group index>, BlankForm:<document index>) → 201 OnboardingPolicy
//   PATCH  onboarding-policies/{id}   (same shapes, only the lists sent are replaced; Version) → OnboardingPolicy
//   GET    onboarding-policies/{id}/contact-emails | application-statuses | reference-fields |
//          document-groups | documents; document-groups/{gid}/requirements-file; documents/{did}/blank-form
//   GET|PUT|DELETE divisions/{id}/onboarding-policy       PUT { OnboardingPolicyID }
//   GET    onboarding-applications[?…] → OnboardingApplicationListItem[]; page/{page} → paged
//   GET    onboarding-applications/{id} → OnboardingApplication
//   POST   onboarding-applications    (JSON, or multipart: field Application = JSON, files Document:<OnboardingDocumentID>)
//   PATCH  onboarding-applications/{id}  OnboardingApplicationPatch → OnboardingApplication
//   DELETE onboarding-applications/{id}
//   GET    onboarding-applications/{id}/available-statuses → OnboardingApplicationStatus[]
//   PATCH  onboarding-application-transfer/{id}  { IcdOfficeID, DivisionID?, Version }
//   PUT    onboarding-applications/{id}/fields/{fieldId}  { Value } → OnboardingFieldValue
//   POST   onboarding-applications/{id}/documents (multipart) ; GET …/documents/{docId} (the file)
//   GET|POST employee-sgi-id-history, DELETE employee-sgi-id-history/{id}, GET sgi-id-report
// Permissions: onboarding:manage (applications, office scope), onboarding:policies (policy editor),
// onboarding:sensitive (sensitive values in clear), onboarding:applicant (own application only).

const Id = Int32.positive();
const text = (max: number) => z.string().trim().max(max, `${max} characters at most`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${max} characters at most`)
    .nullish()
    .transform((v) => (v === '' ? null : (v ?? null)));

export const ONBOARDING_POLICIES = 'onboarding:policies';
export const ONBOARDING_SENSITIVE = 'onboarding:sensitive';

/** Onboarding application status types (the shared enumeration, spec 001 §3). */
export const STATUS_TYPES = [
  'Initial',
  'Hidden',
  'Approved',
  'Terminated',
  'Incomplete',
  'Suspended',
  'SelfSignUp',
] as const;
export const StatusType = z.enum(STATUS_TYPES);
export type StatusType = z.infer<typeof StatusType>;

/**
 * Which status types an application may move to from each (spec: "not shown"; designed here).
 * Approved is final but for hiding; Terminated may be reopened (Initial); SelfSignUp must be accepted
 * (Initial) before it can be approved. Statuses of the same type may always be swapped.
 */
export const STATUS_TRANSITIONS: Record<StatusType, readonly StatusType[]> = {
  SelfSignUp: ['Initial', 'Incomplete', 'Suspended', 'Terminated', 'Hidden'],
  Initial: ['Incomplete', 'Suspended', 'Approved', 'Terminated', 'Hidden'],
  Incomplete: ['Initial', 'Suspended', 'Approved', 'Terminated', 'Hidden'],
  Suspended: ['Initial', 'Incomplete', 'Terminated', 'Hidden'],
  Approved: ['Hidden'],
  Terminated: ['Initial', 'Hidden'],
  Hidden: ['Initial'],
};

export const VALUE_TYPES = ['Text', 'Number', 'Date', 'Boolean'] as const;
export const ValueType = z.enum(VALUE_TYPES);
export type ValueType = z.infer<typeof ValueType>;

/** Where an application is in its flow (spec 001 §4): created → started → saved → submitted → reviewed → approved. */
export const STAGES = ['Created', 'Started', 'Saved', 'Submitted', 'Reviewed', 'Approved'] as const;
export const Stage = z.enum(STAGES);
export type Stage = z.infer<typeof Stage>;

export const APPLICATION_ACTIONS = ['Start', 'Save', 'Submit', 'Review', 'ToPaper', 'ToOnline'] as const;
export const ApplicationAction = z.enum(APPLICATION_ACTIONS);
export type ApplicationAction = z.infer<typeof ApplicationAction>;

/** Largest uploaded document, requirements file or blank form (bytes). */
export const MAX_ONBOARDING_FILE_BYTES = 5 * 1024 * 1024;
/** Accepted uploads, recognised by content: images (gif, jpeg, png) and PDF. */
export const ONBOARDING_FILE_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'application/pdf'] as const;
export const ONBOARDING_MESSAGES = {
  fileType: 'Use a GIF, JPEG or PNG image or a PDF file.',
  fileTooLarge: 'The file must be at most 5 MB.',
  unfinished: 'unfinished',
  maskMismatch: (mask: string) => `Use the format ${mask}`,
  number: 'Enter a number',
  date: 'Enter a date as YYYY-MM-DD',
  boolean: "Use 'true' or 'false'",
  selfSignUpClosed: 'This division does not take self sign-ups.',
  noPolicy: 'This division has no onboarding policy.',
  required: 'This field is required',
} as const;

// ---- policies --------------------------------------------------------------------------------------

export const OnboardingContactEmail = z.object({ OnboardingContactEmailID: Id, EmailAddress: z.string() });
export type OnboardingContactEmail = z.infer<typeof OnboardingContactEmail>;

export const OnboardingApplicationStatus = z.object({
  OnboardingApplicationStatusID: Id,
  Name: z.string(),
  StatusType,
});
export type OnboardingApplicationStatus = z.infer<typeof OnboardingApplicationStatus>;

export const OnboardingReferenceField = z.object({
  OnboardingReferenceFieldID: Id,
  Name: z.string(),
  RequiredAtStatus: StatusType.nullable(),
  IsSensitive: z.boolean(),
  InputMask: z.string().nullable(),
  ValueType,
  ShowInGrid: z.boolean(),
});
export type OnboardingReferenceField = z.infer<typeof OnboardingReferenceField>;

export const OnboardingDocumentGroup = z.object({
  OnboardingDocumentGroupID: Id,
  Name: z.string(),
  SortIndex: Int32,
  RequirementsFileName: z.string().nullable(),
});
export type OnboardingDocumentGroup = z.infer<typeof OnboardingDocumentGroup>;

export const OnboardingDocument = z.object({
  OnboardingDocumentID: Id,
  Name: z.string(),
  OnboardingDocumentGroupID: Id.nullable(),
  DocumentGroup: z.string().nullable(),
  IsRequired: z.boolean(),
  BlankFormFileName: z.string().nullable(),
});
export type OnboardingDocument = z.infer<typeof OnboardingDocument>;

export const OnboardingPolicy = z.object({
  OnboardingPolicyID: Id,
  Name: z.string(),
  EnableSelfSignUp: z.boolean(),
  EmployeeRoleID: Id.nullable(),
  Divisions: z.array(Id),
  ContactEmails: z.array(z.string()),
  ApplicationStatuses: z.array(OnboardingApplicationStatus),
  ReferenceFields: z.array(OnboardingReferenceField),
  OnboardingDocumentGroups: z.array(OnboardingDocumentGroup),
  OnboardingDocuments: z.array(OnboardingDocument),
  Version: Int32,
});
export type OnboardingPolicy = z.infer<typeof OnboardingPolicy>;

/** A mask the masked input understands (spec 002 §5); refused when it has no input position. */
const InputMask = z
  .string()
  .max(100, '100 characters at most')
  .refine((m) => /[09#L?&CAa]/.test(m.replace(/\\./g, '')), 'The mask has no input position')
  .nullish()
  .transform((v) => v ?? null);

const PolicyLists = z.object({
  ContactEmails: z.array(z.email('Enter a valid e-mail address').max(200)).max(20),
  ApplicationStatuses: z
    .array(
      z.object({
        OnboardingApplicationStatusID: Id.nullish(),
        Name: text(100).min(1, 'Enter the name'),
        StatusType,
      }),
    )
    .max(50),
  ReferenceFields: z
    .array(
      z.object({
        OnboardingReferenceFieldID: Id.nullish(),
        Name: text(100).min(1, 'Enter the name'),
        RequiredAtStatus: StatusType.nullish().transform((v) => v ?? null),
        IsSensitive: z.boolean().default(false),
        InputMask,
        ValueType: ValueType.default('Text'),
        ShowInGrid: z.boolean().default(false),
      }),
    )
    .max(100),
  OnboardingDocumentGroups: z
    .array(
      z.object({
        OnboardingDocumentGroupID: Id.nullish(),
        Name: text(100).min(1, 'Enter the name'),
        SortIndex: Int32.default(0),
      }),
    )
    .max(50),
  OnboardingDocuments: z
    .array(
      z.object({
        OnboardingDocumentID: Id.nullish(),
        Name: text(200).min(1, 'Enter the name'),
        /** The name of a group of this policy (null: no group). */
        DocumentGroup: optionalText(100),
        IsRequired: z.boolean().default(false),
      }),
    )
    .max(100),
});

const PolicyHead = z.object({
  Name: text(100).min(1, 'Enter the name'),
  EnableSelfSignUp: z.boolean().default(false),
  EmployeeRoleID: Id.nullish().transform((v) => v ?? null),
});

export const OnboardingPolicySave = PolicyHead.extend(PolicyLists.partial().shape).superRefine((v, ctx) => {
  const seen = new Set<string>();
  (v.ApplicationStatuses ?? []).forEach((s, i) => {
    const key = s.Name.toLowerCase();
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', path: ['ApplicationStatuses', i, 'Name'], message: 'Used twice' });
    seen.add(key);
  });
  const groups = new Set((v.OnboardingDocumentGroups ?? []).map((g) => g.Name.toLowerCase()));
  (v.OnboardingDocuments ?? []).forEach((d, i) => {
    if (d.DocumentGroup && v.OnboardingDocumentGroups && !groups.has(d.DocumentGroup.toLowerCase()))
      ctx.addIssue({
        code: 'custom',
        path: ['OnboardingDocuments', i, 'DocumentGroup'],
        message: 'No document group has this name',
      });
  });
});
export type OnboardingPolicySave = z.input<typeof OnboardingPolicySave>;

export const OnboardingPolicyPatch = PolicyHead.partial()
  .extend(PolicyLists.partial().shape)
  .extend({ Version: Int32 });
export type OnboardingPolicyPatch = z.input<typeof OnboardingPolicyPatch>;

export const DivisionPolicyAssign = z.object({ OnboardingPolicyID: Id });

export const OnboardingDivision = z.object({
  DivisionID: Id,
  Name: z.string(),
  OnboardingPolicyID: Id,
  EnableSelfSignUp: z.boolean(),
  Offices: z.array(
    z.object({ IcdOfficeID: Id, OfficeName: z.string(), City: z.string(), StateProvince: z.string() }),
  ),
});
export type OnboardingDivision = z.infer<typeof OnboardingDivision>;

// ---- applications ----------------------------------------------------------------------------------

const Phone = z.object({
  PhoneNumber: z
    .string()
    .trim()
    .max(30, '30 characters at most')
    .regex(/^[0-9+()\-. ]*$/, 'Use digits, spaces and + ( ) - . only'),
  Extension: optionalText(10),
});

export const ApplicantFields = z.object({
  FirstName: text(100).min(1, 'Enter the first name'),
  LastName: text(100).min(1, 'Enter the last name'),
  EmailAddress: z.email('Enter a valid e-mail address').max(200, '200 characters at most'),
  UserName: z
    .string()
    .trim()
    .min(3, 'At least 3 characters')
    .max(100, '100 characters at most')
    .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only'),
  CellPhone: Phone.nullish(),
  DateOfBirth: WireDate.nullish(),
});

export const OnboardingApplicationCreate = z.object({
  IsSelfSignUp: z.boolean().default(false),
  DivisionID: Id,
  IcdOfficeID: Id,
  /** The applicant's password (required for a self sign-up; else the applicant resets it). */
  Password: z.string().max(500).nullish(),
  Applicant: ApplicantFields,
  InitialOnboardingApplicationStatusID: Id.nullish(),
});
export type OnboardingApplicationCreate = z.input<typeof OnboardingApplicationCreate>;

export const ReviewComments = z.object({
  FedW4Error: z.string().nullable(),
  ProvW4Error: z.string().nullable(),
  I9Error: z.string().nullable(),
  DDerror: z.string().nullable(),
});
export type ReviewComments = z.infer<typeof ReviewComments>;

export const ApplicationBank = z.object({
  CountryID: Int32.nullable(),
  BankName: z.string().nullable(),
  RoutingNumber: z.string().nullable(),
  InstitutionNumber: z.string().nullable(),
  /** Masked ('*****6789') unless the caller holds onboarding:sensitive. */
  AccountNumber: z.string().nullable(),
});

export const OnboardingFieldValue = OnboardingReferenceField.extend({
  /** Null: not filled. A sensitive value is masked ('***-***-123') unless the caller may see it. */
  // A Date only in the PWA: its client revives 'YYYY-MM-DD' answers (a Date field's value) to dates.
  Value: z.union([z.string(), z.date()]).nullable(),
  IsMasked: z.boolean(),
});
export type OnboardingFieldValue = z.infer<typeof OnboardingFieldValue>;

export const OnboardingApplicationDocument = z.object({
  OnboardingApplicationDocumentID: Id,
  OnboardingDocumentID: Id.nullable(),
  FileName: z.string(),
  OriginalName: z.string(),
  ContentType: z.string(),
  Size: Int32,
  UploadedAt: Instant,
});

export const OnboardingApplication = z.object({
  OnboardingApplicationID: Id,
  EmployeeID: Id,
  Applicant: z.object({
    FirstName: z.string(),
    LastName: z.string(),
    EmailAddress: z.string().nullable(),
    UserName: z.string(),
    CellPhone: z.object({ PhoneNumber: z.string().nullable(), Extension: z.string().nullable() }),
    DateOfBirth: z.union([z.string(), z.date()]).nullable(),
  }),
  DivisionID: Id,
  DivisionName: z.string(),
  IcdOfficeID: Id,
  OfficeName: z.string(),
  OnboardingPolicyID: Id,
  Status: OnboardingApplicationStatus,
  Stage,
  IsSelfSignUp: z.boolean(),
  IsPaperApplication: z.boolean(),
  ReviewRequired: z.boolean(),
  Comments: z.string().nullable(),
  ReviewComments,
  Bank: ApplicationBank,
  Fields: z.array(OnboardingFieldValue),
  Documents: z.array(OnboardingApplicationDocument),
  /** Names of the fields and documents still required before it can be submitted. */
  Missing: z.array(z.string()),
  EmploymentRecordID: Id.nullable(),
  CreatedAt: Instant,
  SubmittedAt: Instant.nullable(),
  ApprovedAt: Instant.nullable(),
  Version: Int32,
});
export type OnboardingApplication = z.infer<typeof OnboardingApplication>;

export const OnboardingApplicationListItem = z.object({
  OnboardingApplicationID: Id,
  EmployeeID: Id,
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string().nullable(),
  DivisionID: Id,
  DivisionName: z.string(),
  IcdOfficeID: Id,
  OfficeName: z.string(),
  Status: OnboardingApplicationStatus,
  Stage,
  IsSelfSignUp: z.boolean(),
  IsPaperApplication: z.boolean(),
  ReviewRequired: z.boolean(),
  /** The ShowInGrid fields by name (sensitive ones masked as for the application). */
  GridFields: z.record(z.string(), z.union([z.string(), z.date()]).nullable()),
  CreatedAt: Instant,
  Version: Int32,
});
export type OnboardingApplicationListItem = z.infer<typeof OnboardingApplicationListItem>;

export const APPLICATION_SORTS = ['CreatedAt', 'LastName', 'OfficeName', 'Status'] as const;
const optionalId = QueryInt32.positive().optional();
export const OnboardingApplicationQuery = z.object({
  search: z.string().trim().max(100).optional(),
  statusType: StatusType.optional(),
  onboardingApplicationStatusId: optionalId,
  icdOfficeId: optionalId,
  divisionId: optionalId,
  stage: Stage.optional(),
  /** Hidden applications are left out unless asked for (or filtered by statusType Hidden). */
  includeHidden: z.enum(['true', 'false']).optional(),
  sort: z.enum(APPLICATION_SORTS).default('CreatedAt'),
  desc: z.enum(['true', 'false']).optional(),
  pageSize: QueryInt32.min(1).max(500).default(25),
});
export type OnboardingApplicationQuery = z.input<typeof OnboardingApplicationQuery>;

export const OnboardingApplicationPatch = z.object({
  Version: Int32,
  Action: ApplicationAction.optional(),
  OnboardingApplicationStatusID: Id.optional(),
  Comments: optionalText(2000).optional(),
  ReviewComments: z
    .object({
      FedW4Error: optionalText(1000).optional(),
      ProvW4Error: optionalText(1000).optional(),
      I9Error: optionalText(1000).optional(),
      DDerror: optionalText(1000).optional(),
    })
    .optional(),
  Applicant: ApplicantFields.omit({ UserName: true }).partial().optional(),
  Bank: z
    .object({
      CountryID: z.union([z.literal(1), z.literal(2)], { error: 'Choose the country of the bank' }),
      BankName: text(100).min(1, 'Enter the name of the bank.'),
      RoutingNumber: z.string().trim().max(20),
      InstitutionNumber: optionalText(10),
      /** Omit to keep the stored number (it is answered masked). */
      AccountNumber: z
        .string()
        .trim()
        .regex(/^\d{4,17}$/, 'The account number must be 4 to 17 digits.')
        .optional(),
    })
    .nullish(),
  /** The hire date when this change approves the application (default: the day of the approval, UTC). */
  HireDate: WireDate.optional(),
});
export type OnboardingApplicationPatch = z.input<typeof OnboardingApplicationPatch>;

export const OnboardingTransfer = z.object({ IcdOfficeID: Id, DivisionID: Id.optional(), Version: Int32 });
export type OnboardingTransfer = z.input<typeof OnboardingTransfer>;

export const OnboardingFieldSave = z.object({
  Value: z.string().max(500, '500 characters at most').nullable(),
});
export type OnboardingFieldSave = z.input<typeof OnboardingFieldSave>;

// ---- SGI ids ---------------------------------------------------------------------------------------

export const EmployeeSgiId = z.object({
  EmployeeSgiIdHistoryID: Id,
  EmployeeID: Id,
  SgiID: z.string(),
  EffectiveDate: z.union([z.string(), z.date()]),
  CreatedAt: Instant,
});
export type EmployeeSgiId = z.infer<typeof EmployeeSgiId>;

export const EmployeeSgiIdSave = z.object({
  EmployeeID: Id,
  SgiID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, 'Use 1 to 20 letters, digits or dashes'),
  EffectiveDate: WireDate,
});
export type EmployeeSgiIdSave = z.input<typeof EmployeeSgiIdSave>;

export const SgiHistoryQuery = z.object({ employeeId: optionalId });
export const SgiReportQuery = z.object({ icdOfficeId: optionalId, asOf: WireDate.optional() });
export const SgiReportRow = z.object({
  EmployeeID: Id,
  FirstName: z.string(),
  LastName: z.string(),
  OfficeNames: z.array(z.string()),
  SgiID: z.string(),
  EffectiveDate: z.union([z.string(), z.date()]),
});
export type SgiReportRow = z.infer<typeof SgiReportRow>;
