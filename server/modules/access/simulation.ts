// The permission simulation (POST services/permissions): what an employee can see and do, per office.
// It builds the employee's access exactly as a request of theirs would be resolved (explainAccess uses
// the auth plugin's own reading), so its answer is what that employee's calls get.
import { inArray } from 'drizzle-orm';
import type { SimulationResult } from '../../../src/contract/access';
import { listedForApplicant, NAV_ENTRIES } from '../../../src/contract/navigation';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { icdOffices } from '../../db/tables';
import { employeeInScope, knownKeys } from './scope';
import { type Actor, explainAccess } from './service';

export async function simulate(p: {
  db: Db;
  actor: Actor;
  key: string;
  employeeId: number;
  officeId: number | null;
}): Promise<SimulationResult> {
  const employee = await employeeInScope(p.db, p.actor, p.key, p.employeeId);
  const [{ facts, sources, actor: subject }, catalogue] = await Promise.all([
    explainAccess(p.db, p.employeeId),
    knownKeys(p.db),
  ]);
  const activeRecords = new Set(facts.records.map((r) => r.EmploymentRecordID));
  const recordOffice = new Map(facts.records.map((r) => [r.EmploymentRecordID, r.IcdOfficeID]));
  const has = (key: string) => subject?.has(key) ?? false;
  const officesOf = (key: string): number[] | null => {
    const scope = subject?.offices(key) ?? new Set<number>();
    return scope === 'all' ? null : [...scope].sort((a, b) => a - b);
  };
  const reaches = (ids: number[] | null) => p.officeId === null || ids === null || ids.includes(p.officeId);

  const allKeys = new Set([...catalogue.keys(), ...sources.map((s) => s.key)]);
  const permissions = [...allKeys].sort().map((key) => {
    const offices = officesOf(key);
    return {
      PermissionKey: key,
      Name: catalogue.get(key)?.Name ?? null,
      ModuleID: catalogue.get(key)?.ModuleID ?? null,
      Granted: has(key) && reaches(offices),
      OfficeIDs: has(key) ? offices : [],
      Grants: sources
        .filter((s) => s.key === key)
        .map((s) => ({
          Kind: s.kind,
          Source: s.from,
          Value: s.value,
          OfficeIDs: s.offices === 'all' ? null : [...s.offices].sort((a, b) => a - b),
        })),
    };
  });

  // Offices: those any granted key reaches by name, the employee's own, and the one asked for.
  const officeIds = new Set<number>(facts.records.map((r) => r.IcdOfficeID));
  for (const perm of permissions) for (const id of perm.OfficeIDs ?? []) officeIds.add(id);
  if (p.officeId !== null) {
    for (const id of [...officeIds]) if (id !== p.officeId) officeIds.delete(id);
    officeIds.add(p.officeId);
  }
  const names = officeIds.size
    ? await p.db
        .select({ IcdOfficeID: icdOffices.IcdOfficeID, OfficeName: icdOffices.OfficeName })
        .from(icdOffices)
        .where(inArray(icdOffices.IcdOfficeID, [...officeIds]))
    : [];
  const offices = names
    .sort((a, b) => a.OfficeName.localeCompare(b.OfficeName))
    .map((o) => ({
      ...o,
      Keys: permissions
        .filter((perm) => has(perm.PermissionKey))
        .filter((perm) => perm.OfficeIDs === null || perm.OfficeIDs.includes(o.IcdOfficeID))
        .map((perm) => perm.PermissionKey),
    }));

  const applicant = has(ONBOARDING_PERMISSION);
  const screens = NAV_ENTRIES.map((e) => ({
    Name: e.State,
    Url: e.Url,
    CanRead:
      subject !== null &&
      (e.PermissionKey === null || has(e.PermissionKey)) &&
      listedForApplicant(e.PermissionKey, applicant),
  }));

  return {
    EmployeeID: employee.EmployeeID,
    FullName: `${employee.FirstName} ${employee.LastName}`,
    UserName: employee.UserName,
    Inactive: facts.employee?.Inactive ?? true,
    IsApplicant: applicant,
    Roles: facts.assignments.map((a) => ({
      RoleID: a.RoleID,
      Name: a.Name,
      IcdOfficeID: a.EmploymentRecordID === null ? null : (recordOffice.get(a.EmploymentRecordID) ?? null),
      Active: a.EmploymentRecordID === null || activeRecords.has(a.EmploymentRecordID),
    })),
    Permissions: permissions,
    Offices: offices,
    Screens: screens,
  };
}
