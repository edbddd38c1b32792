// Effective permissions of an employee: grants from roles (by grant type), claim permissions and
// employee permissions, in that order — the last grant for a key wins (spec 000 §6) — and the offices
// each key reaches (role scope: Global, Divisional, Organizational, EmploymentRecord, Hidden).
import { and, eq, inArray } from 'drizzle-orm';
import { EmployeeStatus, GrantType, RoleScope } from '../../../src/contract/common';
import { type Grant, ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import {
  claimPermissions,
  employeePermissions,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  permissions,
  roleAssignments,
  rolePermissions,
  roles,
} from '../../db/tables';

export type OfficeScope = 'all' | ReadonlySet<number>;

export interface Actor {
  EmployeeID: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  EmailAddress: string | null;
  /** Set when this is a proxy (impersonation) session. */
  ProxyByEmployeeID: number | null;
  SessionHash: string | null;
  grants: Grant[];
  has(key: string): boolean;
  /** Offices where the actor holds `key`. */
  offices(key: string): OfficeScope;
}

interface Source {
  key: string;
  value: string;
  offices: OfficeScope;
}

export async function loadActor(
  db: Db,
  employeeId: number,
  session: { SessionHash: string | null; ProxyByEmployeeID: number | null } = {
    SessionHash: null,
    ProxyByEmployeeID: null,
  },
): Promise<Actor | null> {
  const [employee] = await db.select().from(employees).where(eq(employees.EmployeeID, employeeId)).limit(1);
  if (!employee || employee.Inactive) return null;
  const sources = await grantSources(db, employeeId);
  const grants: Grant[] = sources.map((s) => ({ Description: { Key: s.key }, Value: s.value }));
  const last = new Map<string, Source[]>();
  for (const s of sources) last.set(s.key, [...(last.get(s.key) ?? []), s]);
  const has = (key: string) => {
    const list = last.get(key);
    return !!list && list[list.length - 1].value === 'true';
  };
  return {
    EmployeeID: employee.EmployeeID,
    UserName: employee.UserName,
    FirstName: employee.FirstName,
    LastName: employee.LastName,
    EmailAddress: employee.EmailAddress,
    ProxyByEmployeeID: session.ProxyByEmployeeID,
    SessionHash: session.SessionHash,
    grants,
    has,
    offices(key) {
      if (!has(key)) return new Set<number>();
      const granted = (last.get(key) ?? []).filter((s) => s.value === 'true');
      if (granted.some((s) => s.offices === 'all')) return 'all';
      const out = new Set<number>();
      for (const s of granted) for (const id of s.offices as ReadonlySet<number>) out.add(id);
      return out;
    },
  };
}

/** Every grant of the employee in precedence order, each with the offices it reaches. */
async function grantSources(db: Db, employeeId: number): Promise<Source[]> {
  const records = await db
    .select({
      EmploymentRecordID: employmentRecords.EmploymentRecordID,
      IcdOfficeID: employmentRecords.IcdOfficeID,
      IcdCorporationID: icdOffices.IcdCorporationID,
    })
    .from(employmentRecords)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(
      and(
        eq(employmentRecords.EmployeeID, employeeId),
        eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
      ),
    );
  const activeRecordIds = new Set(records.map((r) => r.EmploymentRecordID));
  const ownOffices = new Set(records.map((r) => r.IcdOfficeID));

  const assignments = await db
    .select({ assignment: roleAssignments, role: roles })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.RoleID, roleAssignments.RoleID))
    .where(eq(roleAssignments.EmployeeID, employeeId));
  // A per-office role only counts while its employment record is active.
  const held = assignments.filter(
    (a) => a.assignment.EmploymentRecordID === null || activeRecordIds.has(a.assignment.EmploymentRecordID),
  );

  const allKeys = (await db.select({ Key: permissions.Key }).from(permissions)).map((p) => p.Key);
  const roleIds = held.map((a) => a.role.RoleID);
  const rolePerms = roleIds.length
    ? await db.select().from(rolePermissions).where(inArray(rolePermissions.RoleID, roleIds))
    : [];
  const recordDivisions = activeRecordIds.size
    ? await db
        .select()
        .from(employmentRecordDivisions)
        .where(inArray(employmentRecordDivisions.EmploymentRecordID, [...activeRecordIds]))
    : [];

  const scopeCache = new Map<string, OfficeScope>();
  async function roleOffices(a: (typeof held)[number]): Promise<OfficeScope> {
    const { role, assignment } = a;
    switch (role.ScopeID) {
      case RoleScope.Global:
      case RoleScope.Hidden:
        return 'all';
      case RoleScope.EmploymentRecord: {
        const record = records.find((r) => r.EmploymentRecordID === assignment.EmploymentRecordID);
        return new Set(record ? [record.IcdOfficeID] : []);
      }
      case RoleScope.Divisional: {
        const cacheKey = `d${role.DivisionID}`;
        if (!scopeCache.has(cacheKey)) {
          const rows = role.DivisionID
            ? await db.select().from(officeDivisions).where(eq(officeDivisions.DivisionID, role.DivisionID))
            : [];
          scopeCache.set(cacheKey, new Set(rows.map((r) => r.IcdOfficeID)));
        }
        return scopeCache.get(cacheKey)!;
      }
      case RoleScope.Organizational: {
        const cacheKey = `c${role.IcdCorporationID}`;
        if (!scopeCache.has(cacheKey)) {
          const rows = role.IcdCorporationID
            ? await db
                .select({ IcdOfficeID: icdOffices.IcdOfficeID })
                .from(icdOffices)
                .where(eq(icdOffices.IcdCorporationID, role.IcdCorporationID))
            : [];
          scopeCache.set(cacheKey, new Set(rows.map((r) => r.IcdOfficeID)));
        }
        return scopeCache.get(cacheKey)!;
      }
      default:
        return new Set();
    }
  }

  const claims = await db.select().from(claimPermissions);
  const sources: Source[] = [];
  for (const a of held) {
    const offices = await roleOffices(a);
    if (a.role.GrantTypeID === GrantType.GrantAll) {
      // "All" means every capability; being an onboarding applicant is a status, not a capability.
      for (const key of allKeys)
        if (key !== ONBOARDING_PERMISSION) sources.push({ key, value: 'true', offices });
    } else if (a.role.GrantTypeID === GrantType.GrantRole) {
      for (const p of rolePerms.filter((p) => p.RoleID === a.role.RoleID))
        sources.push({ key: p.PermissionKey, value: p.Value, offices });
    } else if (a.role.GrantTypeID === GrantType.GrantClaims) {
      for (const c of claims.filter((c) => c.ClaimType === 'role' && c.ClaimValue === a.role.Name))
        sources.push({ key: c.PermissionKey, value: c.Value, offices });
    }
  }
  // Other claims: the user's offices, divisions and user name.
  const userClaims = new Set<string>([
    ...[...ownOffices].map((id) => `office|${id}`),
    ...recordDivisions.map((d) => `division|${d.DivisionID}`),
  ]);
  const [employee] = await db
    .select({ UserName: employees.UserName })
    .from(employees)
    .where(eq(employees.EmployeeID, employeeId));
  userClaims.add(`userName|${employee.UserName.toLowerCase()}`);
  for (const c of claims) {
    if (c.ClaimType === 'role') continue;
    const matches =
      c.ClaimValue === null
        ? [...userClaims].some((u) => u.startsWith(`${c.ClaimType}|`))
        : userClaims.has(`${c.ClaimType}|${c.ClaimValue.toLowerCase()}`);
    if (matches) sources.push({ key: c.PermissionKey, value: c.Value, offices: ownOffices });
  }
  const own = await db
    .select()
    .from(employeePermissions)
    .where(eq(employeePermissions.EmployeeID, employeeId));
  for (const p of own) sources.push({ key: p.PermissionKey, value: p.Value, offices: ownOffices });
  return sources;
}

/** Whether an office is inside a scope. */
export function inScope(scope: OfficeScope, officeId: number): boolean {
  return scope === 'all' || scope.has(officeId);
}
