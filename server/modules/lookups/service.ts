// Lookup reads of the employee forms (src/contract/lookups.ts). Table lookups come from the generic
// `lookups` table (by kind), enumerations from the contract; assignable roles and modules are per
// office, and an office outside the caller's scope is 404.
import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { EmployeeStatus, RoleScope } from '../../../src/contract/common';
import {
  type AssignableRole,
  allowsPortalAccess,
  EMPLOYEE_STATUS_NAMES,
  type EmployeeStatusItem,
  LookupKind,
  type ModuleItem,
} from '../../../src/contract/lookups';
import type { Db } from '../../db/client';
import { divisionModules, icdOffices, lookups, modules, officeDivisions, roles } from '../../db/tables';
import { notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';

/** The keys that open the lookups; the office scope is the widest of those the caller holds. */
export const LOOKUP_KEYS = ['employees:read', 'employees:write', 'onboarding:manage'] as const;

function lookupScope(actor: Actor): OfficeScope {
  const scopes = LOOKUP_KEYS.filter((k) => actor.has(k)).map((k) => actor.offices(k));
  if (scopes.some((s) => s === 'all')) return 'all';
  const offices = new Set<number>();
  for (const s of scopes) if (s !== 'all') for (const o of s) offices.add(o);
  return offices;
}

export async function tableLookup(db: Db, kind: string): Promise<{ Id: number; Name: string }[]> {
  return db
    .select({ Id: lookups.Id, Name: lookups.Name })
    .from(lookups)
    .where(eq(lookups.Kind, kind))
    .orderBy(asc(lookups.SortIndex), asc(lookups.Id));
}

export const kindOf = {
  terminationReasons: LookupKind.TerminationReasons,
  jobTitles: LookupKind.JobTitles,
  basisOfPay: LookupKind.BasisOfPay,
  compensationProfiles: LookupKind.CompensationProfiles,
} as const;

export function employeeStatuses(): EmployeeStatusItem[] {
  return Object.values(EmployeeStatus).map((id) => ({
    EmployeeStatusID: id,
    Name: EMPLOYEE_STATUS_NAMES[id],
    AllowsPortalAccess: allowsPortalAccess(id),
  }));
}

async function visibleOffice(db: Db, actor: Actor, officeId: number) {
  const [office] = await db
    .select({ IcdOfficeID: icdOffices.IcdOfficeID, IcdCorporationID: icdOffices.IcdCorporationID })
    .from(icdOffices)
    .where(eq(icdOffices.IcdOfficeID, officeId));
  if (!office || !inScope(lookupScope(actor), officeId)) throw notFound('The office');
  return office;
}

const roleSelect = {
  RoleID: roles.RoleID,
  Name: roles.Name,
  ScopeID: roles.ScopeID,
  GrantTypeID: roles.GrantTypeID,
  DivisionID: roles.DivisionID,
  IcdCorporationID: roles.IcdCorporationID,
};

/**
 * Roles that may be given at an office ({id} an office): employment-record roles, organisational
 * roles of the office's corporation (or of none) and divisional roles of its divisions (or of none).
 * {id} 0: the global roles, listed only to a caller whose scope is every office.
 */
export async function assignableRoles(p: { db: Db; actor: Actor; id: number }): Promise<AssignableRole[]> {
  const base = and(eq(roles.IsAssignable, true), ne(roles.ScopeID, RoleScope.Hidden));
  if (p.id === 0) {
    if (lookupScope(p.actor) !== 'all') return [];
    return p.db
      .select(roleSelect)
      .from(roles)
      .where(and(base, eq(roles.ScopeID, RoleScope.Global)))
      .orderBy(asc(roles.Name));
  }
  const office = await visibleOffice(p.db, p.actor, p.id);
  const divisions = (
    await p.db
      .select({ DivisionID: officeDivisions.DivisionID })
      .from(officeDivisions)
      .where(eq(officeDivisions.IcdOfficeID, office.IcdOfficeID))
  ).map((d) => d.DivisionID);
  return p.db
    .select(roleSelect)
    .from(roles)
    .where(
      and(
        base,
        or(
          eq(roles.ScopeID, RoleScope.EmploymentRecord),
          and(
            eq(roles.ScopeID, RoleScope.Organizational),
            or(isNull(roles.IcdCorporationID), eq(roles.IcdCorporationID, office.IcdCorporationID)),
          ),
          and(
            eq(roles.ScopeID, RoleScope.Divisional),
            divisions.length
              ? or(isNull(roles.DivisionID), inArray(roles.DivisionID, divisions))
              : isNull(roles.DivisionID),
          ),
        ),
      ),
    )
    .orderBy(asc(roles.Name));
}

/** The modules of an office's divisions: those an employee at that office may administer. */
export async function officeModules(p: { db: Db; actor: Actor; id: number }): Promise<ModuleItem[]> {
  const office = await visibleOffice(p.db, p.actor, p.id);
  return p.db
    .selectDistinct({ ModuleID: modules.ModuleID, Name: modules.Name })
    .from(officeDivisions)
    .innerJoin(divisionModules, eq(divisionModules.DivisionID, officeDivisions.DivisionID))
    .innerJoin(modules, eq(modules.ModuleID, divisionModules.ModuleID))
    .where(eq(officeDivisions.IcdOfficeID, office.IcdOfficeID))
    .orderBy(asc(modules.ModuleID));
}
