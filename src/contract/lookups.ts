// Lookup reads of the employee forms (spec 001 §7 "Lookups": all are reads). Entity lookups answer
// their id under the field name the employee save payload uses (TerminationReasonID, JobTitleID,
// BasisOfPayID, CompensationProfileID, EmployeeStatusID); enumerations answer { Value, Name }.
//
//   GET termination-reasons       → TerminationReason[]
//   GET enums/genders             → EnumItem[]
//   GET employee-statuses         → EmployeeStatusItem[] (AllowsPortalAccess: termination fields are
//                                   sent only when the status does not allow portal access)
//   GET roles/assignable/{id}     → AssignableRole[]  ({id}: an office id, 0 for the global roles)
//   GET job-titles                → JobTitle[]
//   GET basis-of-pay              → BasisOfPay[]
//   GET compensation-profiles     → CompensationProfile[]
//   GET modules/{id}              → ModuleItem[]  ({id}: an office id: the modules of its divisions,
//                                   which an employee at that office may administer)
//   GET enums/marital-statuses    → EnumItem[]
//   GET enums/withholding-types   → EnumItem[]
//
// Permission: any of employees:read, employees:write, onboarding:manage; an office outside the caller's
// scope is 404.
import { z } from 'zod';
import { EmployeeStatus, Int32 } from './common';

const Id = Int32.positive();

/** The employee statuses (spec 000 §3: Active, Terminated, Pending). */
export const EMPLOYEE_STATUS_NAMES: Record<number, string> = {
  [EmployeeStatus.Active]: 'Active',
  [EmployeeStatus.Terminated]: 'Terminated',
  [EmployeeStatus.Pending]: 'Pending',
};

/**
 * Statuses that deny portal access: an employment record in such a status carries the termination
 * fields (TerminationDate, TerminationReasonID, TerminationReasonExtra); other statuses never send them.
 * Pending keeps access (an onboarding applicant signs in to see the application status).
 */
export const STATUSES_DENYING_PORTAL_ACCESS: readonly number[] = [EmployeeStatus.Terminated];

export function allowsPortalAccess(employeeStatusId: number): boolean {
  return !STATUSES_DENYING_PORTAL_ACCESS.includes(employeeStatusId);
}

export const Gender = { Male: 1, Female: 2, NonBinary: 3, NotDisclosed: 4 } as const;
export const GENDER_NAMES: Record<number, string> = {
  [Gender.Male]: 'Male',
  [Gender.Female]: 'Female',
  [Gender.NonBinary]: 'Non-binary',
  [Gender.NotDisclosed]: 'Prefer not to say',
};

export const MaritalStatus = {
  Single: 1,
  Married: 2,
  CommonLaw: 3,
  Separated: 4,
  Divorced: 5,
  Widowed: 6,
} as const;
export const MARITAL_STATUS_NAMES: Record<number, string> = {
  [MaritalStatus.Single]: 'Single',
  [MaritalStatus.Married]: 'Married',
  [MaritalStatus.CommonLaw]: 'Common-law',
  [MaritalStatus.Separated]: 'Separated',
  [MaritalStatus.Divorced]: 'Divorced',
  [MaritalStatus.Widowed]: 'Widowed',
};

/** Tax withholding of an employee's pay (W-4 / TD1 style filing). */
export const WithholdingType = {
  Single: 1,
  MarriedFilingJointly: 2,
  MarriedFilingSeparately: 3,
  HeadOfHousehold: 4,
  Exempt: 5,
} as const;
export const WITHHOLDING_TYPE_NAMES: Record<number, string> = {
  [WithholdingType.Single]: 'Single',
  [WithholdingType.MarriedFilingJointly]: 'Married filing jointly',
  [WithholdingType.MarriedFilingSeparately]: 'Married filing separately',
  [WithholdingType.HeadOfHousehold]: 'Head of household',
  [WithholdingType.Exempt]: 'Exempt',
};

/** Kinds of the generic `lookups` table these reads come from. */
export const LookupKind = {
  TerminationReasons: 'termination-reasons',
  JobTitles: 'job-titles',
  BasisOfPay: 'basis-of-pay',
  CompensationProfiles: 'compensation-profiles',
  PayFrequencies: 'pay-frequencies',
} as const;

export const EnumItem = z.object({ Value: Int32, Name: z.string() });
export type EnumItem = z.infer<typeof EnumItem>;

export const TerminationReason = z.object({ TerminationReasonID: Id, Name: z.string() });
export type TerminationReason = z.infer<typeof TerminationReason>;

export const JobTitle = z.object({ JobTitleID: Id, Name: z.string() });
export type JobTitle = z.infer<typeof JobTitle>;

export const BasisOfPay = z.object({ BasisOfPayID: Id, Name: z.string() });
export type BasisOfPay = z.infer<typeof BasisOfPay>;

export const CompensationProfile = z.object({ CompensationProfileID: Id, Name: z.string() });
export type CompensationProfile = z.infer<typeof CompensationProfile>;

export const EmployeeStatusItem = z.object({
  EmployeeStatusID: Id,
  Name: z.string(),
  AllowsPortalAccess: z.boolean(),
});
export type EmployeeStatusItem = z.infer<typeof EmployeeStatusItem>;

export const AssignableRole = z.object({
  RoleID: Id,
  Name: z.string(),
  ScopeID: Int32,
  GrantTypeID: Int32,
  DivisionID: Int32.nullable(),
  IcdCorporationID: Int32.nullable(),
});
export type AssignableRole = z.infer<typeof AssignableRole>;

export const ModuleItem = z.object({ ModuleID: Id, Name: z.string() });
export type ModuleItem = z.infer<typeof ModuleItem>;

export function enumItems(names: Record<number, string>): EnumItem[] {
  return Object.entries(names).map(([value, Name]) => ({ Value: Number(value), Name }));
}
