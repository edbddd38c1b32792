// Onboarding (spec 001 §3 "Onboarding application", "Onboarding policy"; src/contract/onboarding.ts):
// policies assigned to divisions, with their contact e-mails, application statuses, reference fields,
// document groups and documents; applications (an applicant account with a Pending employment record
// at the office applied to), their reference field values (sensitive ones encrypted at rest), uploaded
// documents (kept in the database under generated names) and comments; the SGI id history.
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles } from './access';
import { divisions, icdOffices } from './organisation';
import { employees } from './people';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const onboardingPolicies = pgTable('onboarding_policies', {
  OnboardingPolicyID: serial('onboarding_policy_id').primaryKey(),
  Name: text('name').notNull(),
  EnableSelfSignUp: boolean('enable_self_sign_up').notNull().default(false),
  /** The role a hired applicant receives on their new employment record (null: none). */
  EmployeeRoleID: integer('employee_role_id').references(() => roles.RoleID, { onDelete: 'set null' }),
  Version: integer('version').notNull().default(1),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which policy governs a division's applications (one per division). */
export const divisionOnboardingPolicies = pgTable('division_onboarding_policies', {
  DivisionID: integer('division_id')
    .primaryKey()
    .references(() => divisions.DivisionID, { onDelete: 'cascade' }),
  OnboardingPolicyID: integer('onboarding_policy_id')
    .notNull()
    .references(() => onboardingPolicies.OnboardingPolicyID, { onDelete: 'cascade' }),
});

export const onboardingContactEmails = pgTable(
  'onboarding_contact_emails',
  {
    OnboardingContactEmailID: serial('onboarding_contact_email_id').primaryKey(),
    OnboardingPolicyID: integer('onboarding_policy_id')
      .notNull()
      .references(() => onboardingPolicies.OnboardingPolicyID, { onDelete: 'cascade' }),
    EmailAddress: text('email_address').notNull(),
  },
  (t) => [index('onboarding_contact_emails_policy').on(t.OnboardingPolicyID)],
);

export const onboardingApplicationStatuses = pgTable(
  'onboarding_application_statuses',
  {
    OnboardingApplicationStatusID: serial('onboarding_application_status_id').primaryKey(),
    OnboardingPolicyID: integer('onboarding_policy_id')
      .notNull()
      .references(() => onboardingPolicies.OnboardingPolicyID, { onDelete: 'cascade' }),
    Name: text('name').notNull(),
    /** Initial, Hidden, Approved, Terminated, Incomplete, Suspended, SelfSignUp. */
    StatusType: text('status_type').notNull(),
    SortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [index('onboarding_application_statuses_policy').on(t.OnboardingPolicyID)],
);

export const onboardingReferenceFields = pgTable(
  'onboarding_reference_fields',
  {
    OnboardingReferenceFieldID: serial('onboarding_reference_field_id').primaryKey(),
    OnboardingPolicyID: integer('onboarding_policy_id')
      .notNull()
      .references(() => onboardingPolicies.OnboardingPolicyID, { onDelete: 'cascade' }),
    Name: text('name').notNull(),
    /** The status type from which on the field must hold a value (null: never required). */
    RequiredAtStatus: text('required_at_status'),
    IsSensitive: boolean('is_sensitive').notNull().default(false),
    InputMask: text('input_mask'),
    ValueType: text('value_type').notNull().default('Text'),
    ShowInGrid: boolean('show_in_grid').notNull().default(false),
    SortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [index('onboarding_reference_fields_policy').on(t.OnboardingPolicyID)],
);

export const onboardingDocumentGroups = pgTable(
  'onboarding_document_groups',
  {
    OnboardingDocumentGroupID: serial('onboarding_document_group_id').primaryKey(),
    OnboardingPolicyID: integer('onboarding_policy_id')
      .notNull()
      .references(() => onboardingPolicies.OnboardingPolicyID, { onDelete: 'cascade' }),
    Name: text('name').notNull(),
    SortIndex: integer('sort_index').notNull().default(0),
    RequirementsFileName: text('requirements_file_name'),
    RequirementsContentType: text('requirements_content_type'),
    RequirementsFile: bytea('requirements_file'),
  },
  (t) => [index('onboarding_document_groups_policy').on(t.OnboardingPolicyID)],
);

export const onboardingDocuments = pgTable(
  'onboarding_documents',
  {
    OnboardingDocumentID: serial('onboarding_document_id').primaryKey(),
    OnboardingPolicyID: integer('onboarding_policy_id')
      .notNull()
      .references(() => onboardingPolicies.OnboardingPolicyID, { onDelete: 'cascade' }),
    OnboardingDocumentGroupID: integer('onboarding_document_group_id').references(
      () => onboardingDocumentGroups.OnboardingDocumentGroupID,
      { onDelete: 'set null' },
    ),
    Name: text('name').notNull(),
    IsRequired: boolean('is_required').notNull().default(false),
    SortIndex: integer('sort_index').notNull().default(0),
    BlankFormFileName: text('blank_form_file_name'),
    BlankFormContentType: text('blank_form_content_type'),
    BlankForm: bytea('blank_form'),
  },
  (t) => [index('onboarding_documents_policy').on(t.OnboardingPolicyID)],
);

export const onboardingApplications = pgTable(
  'onboarding_applications',
  {
    OnboardingApplicationID: serial('onboarding_application_id').primaryKey(),
    /** The applicant's account (an employee holding the applicant role until hired). */
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID),
    OnboardingPolicyID: integer('onboarding_policy_id')
      .notNull()
      .references(() => onboardingPolicies.OnboardingPolicyID),
    OnboardingApplicationStatusID: integer('onboarding_application_status_id')
      .notNull()
      .references(() => onboardingApplicationStatuses.OnboardingApplicationStatusID),
    /** Created, Started, Saved, Submitted, Reviewed, Approved (src/contract/onboarding.ts Stage). */
    Stage: text('stage').notNull().default('Created'),
    IsSelfSignUp: boolean('is_self_sign_up').notNull().default(false),
    IsPaperApplication: boolean('is_paper_application').notNull().default(false),
    ReviewRequired: boolean('review_required').notNull().default(false),
    Comments: text('comments'),
    FedW4Error: text('fed_w4_error'),
    ProvW4Error: text('prov_w4_error'),
    I9Error: text('i9_error'),
    DDerror: text('dd_error'),
    BankCountryID: integer('bank_country_id'),
    BankName: text('bank_name'),
    RoutingNumber: text('routing_number'),
    InstitutionNumber: text('institution_number'),
    /** Encrypted at rest (AES-256-GCM, server/modules/onboarding/crypto.ts). */
    AccountNumber: text('account_number'),
    /** The employment record the application became on approval. */
    EmploymentRecordID: integer('employment_record_id'),
    SubmittedAt: timestamp('submitted_at', { withTimezone: true }),
    ApprovedAt: timestamp('approved_at', { withTimezone: true }),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [
    index('onboarding_applications_office').on(t.IcdOfficeID),
    index('onboarding_applications_employee').on(t.EmployeeID),
  ],
);

export const onboardingFieldValues = pgTable(
  'onboarding_field_values',
  {
    OnboardingFieldValueID: serial('onboarding_field_value_id').primaryKey(),
    OnboardingApplicationID: integer('onboarding_application_id')
      .notNull()
      .references(() => onboardingApplications.OnboardingApplicationID, { onDelete: 'cascade' }),
    OnboardingReferenceFieldID: integer('onboarding_reference_field_id')
      .notNull()
      .references(() => onboardingReferenceFields.OnboardingReferenceFieldID, { onDelete: 'cascade' }),
    /** The value, or for a sensitive field its ciphertext ('v1:iv:tag:data', base64). */
    Value: text('value').notNull(),
    IsEncrypted: boolean('is_encrypted').notNull().default(false),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('onboarding_field_values_field').on(t.OnboardingApplicationID, t.OnboardingReferenceFieldID),
  ],
);

export const onboardingApplicationDocuments = pgTable(
  'onboarding_application_documents',
  {
    OnboardingApplicationDocumentID: serial('onboarding_application_document_id').primaryKey(),
    OnboardingApplicationID: integer('onboarding_application_id')
      .notNull()
      .references(() => onboardingApplications.OnboardingApplicationID, { onDelete: 'cascade' }),
    OnboardingDocumentID: integer('onboarding_document_id').references(
      () => onboardingDocuments.OnboardingDocumentID,
      { onDelete: 'set null' },
    ),
    /** Generated on upload ('document-<uuid>.pdf'); the client's name is kept apart, cleaned. */
    FileName: text('file_name').notNull(),
    OriginalName: text('original_name').notNull(),
    ContentType: text('content_type').notNull(),
    Size: integer('size').notNull(),
    Data: bytea('data').notNull(),
    UploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('onboarding_application_documents_application').on(t.OnboardingApplicationID)],
);

export const employeeSgiIdHistory = pgTable(
  'employee_sgi_id_history',
  {
    EmployeeSgiIdHistoryID: serial('employee_sgi_id_history_id').primaryKey(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    SgiID: text('sgi_id').notNull(),
    EffectiveDate: date('effective_date').notNull(),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    CreatedByEmployeeID: integer('created_by_employee_id'),
  },
  (t) => [index('employee_sgi_id_history_employee').on(t.EmployeeID)],
);
