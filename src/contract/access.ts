// Per-employee permissions and claims, claim permissions (with the CSV import), the permission
// simulation and the employee identity (spec 000 §6, §7 "Permissions"; spec 001 §7 "Home").
import { z } from 'zod';
import { Int32 } from './common';
import { ClaimPermission } from './permissions';

/** A grant's value: 'true' grants; 'false' denies (a later grant wins, spec 000 §6). */
export const GrantValue = z.enum(['true', 'false'], { message: "Use 'true' or 'false'" });

/** The claim types a claim permission can name (what an employee's claims are made of). */
export const CLAIM_TYPES = ['role', 'office', 'division', 'userName'] as const;
export const ClaimType = z.enum(CLAIM_TYPES, { message: 'Use role, office, division or userName' });

/** An employee's own permission (GET employees/{id}/permissions). */
export const EmployeePermission = z.object({
  EmployeeID: Int32,
  PermissionKey: z.string(),
  Value: z.string(),
  Name: z.string().nullable(),
  ModuleID: Int32.nullable(),
});
export type EmployeePermission = z.infer<typeof EmployeePermission>;

export const PermissionValueBody = z.object({ Value: GrantValue });
export type PermissionValueBody = z.infer<typeof PermissionValueBody>;

/** One claim an employee holds, with the claim permissions that match it. */
export const EmployeeClaim = z.object({
  ClaimType: z.string(),
  ClaimValue: z.string(),
  /** What the value names, for people ('Toronto Central' for office|1). */
  Label: z.string(),
  Permissions: z.array(ClaimPermission),
});
export type EmployeeClaim = z.infer<typeof EmployeeClaim>;

export const ClaimPermissionRow = ClaimPermission.extend({
  ClaimType: z.string().trim().min(1, 'Enter the claim type'),
  ClaimValue: z.string().trim().max(200).nullable(),
  PermissionKey: z.string().trim().min(1, 'Enter the permission key').max(200),
  Value: z.string().trim().min(1, 'Enter the value').max(200),
});

/** PUT claims/all/permissions: the whole list (the CSV's rows after its header). */
export const ClaimImportBody = z.array(z.unknown()).max(20_000, 'At most 20000 rows');
export const ClaimImportQuery = z.object({
  /** true: check and answer what would change, change nothing (the preview). */
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const ClaimChange = z.object({
  Change: z.enum(['Added', 'Changed', 'Removed']),
  /** The CSV line (header = line 1) of an added or changed row; null for a removal. */
  Line: Int32.nullable(),
  ClaimType: z.string(),
  ClaimValue: z.string().nullable(),
  PermissionKey: z.string(),
  Before: z.string().nullable(),
  After: z.string().nullable(),
});
export type ClaimChange = z.infer<typeof ClaimChange>;

export const ClaimImportResult = z.object({
  Applied: z.boolean(),
  Added: Int32,
  Changed: Int32,
  Removed: Int32,
  Unchanged: Int32,
  Changes: z.array(ClaimChange),
});
export type ClaimImportResult = z.infer<typeof ClaimImportResult>;

/** One refused row of an import: its CSV line and what is wrong. */
export const ClaimRowError = z.object({ Line: Int32, Row: Int32, Messages: z.array(z.string()) });
export type ClaimRowError = z.infer<typeof ClaimRowError>;

/** The header of the CSV export, in order. */
export const CLAIM_CSV_COLUMNS = ['ClaimType', 'ClaimValue', 'PermissionKey', 'Value'] as const;

/** POST services/permissions: the permission simulation. */
export const SimulationRequest = z.object({
  EmployeeID: Int32.positive(),
  /** Answer for one office only. */
  IcdOfficeID: Int32.positive().nullable().default(null),
});
export type SimulationRequest = z.input<typeof SimulationRequest>;

export const SimulatedGrant = z.object({
  /** Where it comes from: 'role', 'claim' or 'employee'. */
  Kind: z.enum(['role', 'claim', 'employee']),
  /** The role's name, the claim ('office|3') or null for the employee's own permission. */
  Source: z.string().nullable(),
  Value: z.string(),
  /** null: every office. */
  OfficeIDs: z.array(Int32).nullable(),
});

export const SimulatedPermission = z.object({
  PermissionKey: z.string(),
  Name: z.string().nullable(),
  ModuleID: Int32.nullable(),
  /** Whether the last grant is 'true'. */
  Granted: z.boolean(),
  /** Offices it reaches when granted (null: every office). */
  OfficeIDs: z.array(Int32).nullable(),
  /** Every grant for the key, in the order they apply (the last one decides). */
  Grants: z.array(SimulatedGrant),
});
export type SimulatedPermission = z.infer<typeof SimulatedPermission>;

export const SimulatedOffice = z.object({
  IcdOfficeID: Int32,
  OfficeName: z.string(),
  /** Keys granted in this office. */
  Keys: z.array(z.string()),
});

export const SimulatedState = z.object({
  Name: z.string(),
  Url: z.string().nullable(),
  CanRead: z.boolean(),
});

export const SimulationResult = z.object({
  EmployeeID: Int32,
  FullName: z.string(),
  UserName: z.string(),
  /** Inactive users cannot sign in: nothing is granted. */
  Inactive: z.boolean(),
  IsApplicant: z.boolean(),
  Roles: z.array(
    z.object({ RoleID: Int32, Name: z.string(), IcdOfficeID: Int32.nullable(), Active: z.boolean() }),
  ),
  Permissions: z.array(SimulatedPermission),
  Offices: z.array(SimulatedOffice),
  /** The screens (navigation entries) the employee may open. */
  Screens: z.array(SimulatedState),
});
export type SimulationResult = z.infer<typeof SimulationResult>;

/** GET Home/employee-identity/{id}. */
export const EmployeeIdentity = z.object({
  EmployeeID: Int32,
  UserName: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  EmailAddress: z.string().nullable(),
  Inactive: z.boolean(),
});
export type EmployeeIdentity = z.infer<typeof EmployeeIdentity>;

/** GET home/dashboards: the dashboards the user may open (filterable by module id, title or id). */
export const Dashboard = z.object({
  DashboardID: z.string(),
  Title: z.string(),
  ModuleID: Int32.nullable(),
  Url: z.string(),
});
export type Dashboard = z.infer<typeof Dashboard>;
export const DashboardQuery = z.object({
  moduleId: z.coerce.number().int().optional(),
  title: z.string().max(200).optional(),
  dashboardId: z.string().max(200).optional(),
});

/** Texts of the proxy forms (spec 000 §8), exact. */
export const MISSING_PROXY_SIGN_IN_FORM = 'Unable to find the proxy sign in form.';
export const MISSING_PROXY_SIGN_OUT_FORM = 'Unable to find the proxy sign out form.';
