// Roles v2 (spec 002 §6, §7 "Roles"): a scope (Global, Divisional, Organizational, EmploymentRecord,
// Hidden) and a grant type (GrantAll, GrantRole, GrantClaims, None). A description beginning with '|'
// is a translation key (the PWA shows it translated).
import { z } from 'zod';
import { GrantType, Int32, RoleScope } from './common';

export const ROLE_SCOPES = Object.values(RoleScope) as number[];
export const GRANT_TYPES = Object.values(GrantType) as number[];

export const RoleScopeId = z
  .number()
  .int()
  .refine((v) => ROLE_SCOPES.includes(v), 'Choose a scope');
export const GrantTypeId = z
  .number()
  .int()
  .refine((v) => GRANT_TYPES.includes(v), 'Choose a grant type');

/** A permission of a role (GrantRole): the key and its value ('true' grants, anything else denies). */
export const RolePermission = z.object({
  PermissionKey: z.string().min(1).max(200),
  Value: z.string().min(1).max(200).default('true'),
});
export type RolePermission = z.infer<typeof RolePermission>;

/** GET roles: the roles by name (read by screens that pick a role). */
export const RoleSummary = z.object({
  RoleID: Int32,
  Name: z.string(),
  Description: z.string().nullable(),
  ScopeID: Int32,
  GrantTypeID: Int32,
  IsAssignable: z.boolean(),
});
export type RoleSummary = z.infer<typeof RoleSummary>;

export const Role = RoleSummary.extend({
  DivisionID: Int32.nullable(),
  IcdCorporationID: Int32.nullable(),
  Version: Int32,
  /** Employees holding the role (globally or for an office). */
  AssignmentCount: Int32,
  PermissionCount: Int32,
});
export type Role = z.infer<typeof Role>;

export const RoleDetail = Role.extend({ Permissions: z.array(RolePermission) });
export type RoleDetail = z.infer<typeof RoleDetail>;

export const ROLE_NAME_TAKEN = 'A role with this name exists already';
export const ROLE_DIVISION_REQUIRED = 'A divisional role needs its division';
export const ROLE_CORPORATION_REQUIRED = 'An organizational role needs its corporation';

const RoleFields = z.object({
  Name: z.string().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters'),
  Description: z.string().trim().max(500, 'Use at most 500 characters').nullable().default(null),
  ScopeID: RoleScopeId,
  GrantTypeID: GrantTypeId,
  DivisionID: Int32.positive().nullable().default(null),
  IcdCorporationID: Int32.positive().nullable().default(null),
  IsAssignable: z.boolean().default(true),
  /** The role's permissions (used by GrantRole); the whole list replaces the stored one. */
  Permissions: z.array(RolePermission).max(1000).default([]),
});

function scopeRules(
  r: { ScopeID: number; DivisionID: number | null; IcdCorporationID: number | null },
  ctx: z.RefinementCtx,
) {
  if (r.ScopeID === RoleScope.Divisional && r.DivisionID === null)
    ctx.addIssue({ code: 'custom', path: ['DivisionID'], message: ROLE_DIVISION_REQUIRED });
  if (r.ScopeID === RoleScope.Organizational && r.IcdCorporationID === null)
    ctx.addIssue({ code: 'custom', path: ['IcdCorporationID'], message: ROLE_CORPORATION_REQUIRED });
}

export const RoleSave = RoleFields.superRefine(scopeRules);
export type RoleSave = z.infer<typeof RoleSave>;
export type RoleSaveInput = z.input<typeof RoleSave>;

export const RoleUpdate = RoleFields.extend({ Version: Int32 }).superRefine(scopeRules);
export type RoleUpdate = z.infer<typeof RoleUpdate>;

/** Whether a role description is a translation key ('|roles.manager' → t('roles.manager')). */
export function descriptionKey(description: string | null): string | null {
  return description?.startsWith('|') ? description.slice(1) : null;
}
