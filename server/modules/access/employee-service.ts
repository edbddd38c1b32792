// An employee's own permissions (set, deny, remove by key), their claims, and the onboarding
// applicant permission (setonboarding / revokeonboarding).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EmployeeClaim, EmployeePermission } from '../../../src/contract/access';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { claimPermissions, divisions, employeePermissions, icdOffices, permissions } from '../../db/tables';
import { notFound } from '../../errors';
import { recordAccessAudit } from './audit';
import { employeeInScope, requireHeld, requireKnownKey } from './scope';
import { type Actor, claimsOf, explainAccess } from './service';

export async function listEmployeePermissions(p: {
  db: Db;
  actor: Actor;
  key: string;
  employeeId: number;
}): Promise<EmployeePermission[]> {
  await employeeInScope(p.db, p.actor, p.key, p.employeeId);
  return p.db
    .select({
      EmployeeID: employeePermissions.EmployeeID,
      PermissionKey: employeePermissions.PermissionKey,
      Value: employeePermissions.Value,
      Name: permissions.Name,
      ModuleID: permissions.ModuleID,
    })
    .from(employeePermissions)
    .leftJoin(permissions, eq(permissions.Key, employeePermissions.PermissionKey))
    .where(eq(employeePermissions.EmployeeID, p.employeeId))
    .orderBy(asc(employeePermissions.PermissionKey));
}

export async function setEmployeePermission(p: {
  db: Db;
  actor: Actor;
  key: string;
  employeeId: number;
  permissionKey: string;
  value: string;
}): Promise<EmployeePermission> {
  await employeeInScope(p.db, p.actor, p.key, p.employeeId);
  await requireKnownKey(p.db, p.permissionKey);
  if (p.permissionKey !== ONBOARDING_PERMISSION) requireHeld(p.actor, p.permissionKey);
  return p.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ Value: employeePermissions.Value })
      .from(employeePermissions)
      .where(
        and(
          eq(employeePermissions.EmployeeID, p.employeeId),
          eq(employeePermissions.PermissionKey, p.permissionKey),
        ),
      );
    await tx
      .insert(employeePermissions)
      .values({ EmployeeID: p.employeeId, PermissionKey: p.permissionKey, Value: p.value })
      .onConflictDoUpdate({
        target: [employeePermissions.EmployeeID, employeePermissions.PermissionKey],
        set: { Value: p.value, UpdatedAt: new Date() },
      });
    await recordAccessAudit(tx, {
      action: 'EmployeePermissionSet',
      by: p.actor,
      employeeId: p.employeeId,
      detail: { PermissionKey: p.permissionKey, Before: before?.Value ?? null, After: p.value },
    });
    const [row] = await tx
      .select({
        EmployeeID: employeePermissions.EmployeeID,
        PermissionKey: employeePermissions.PermissionKey,
        Value: employeePermissions.Value,
        Name: permissions.Name,
        ModuleID: permissions.ModuleID,
      })
      .from(employeePermissions)
      .leftJoin(permissions, eq(permissions.Key, employeePermissions.PermissionKey))
      .where(
        and(
          eq(employeePermissions.EmployeeID, p.employeeId),
          eq(employeePermissions.PermissionKey, p.permissionKey),
        ),
      );
    return row;
  });
}

export async function removeEmployeePermission(p: {
  db: Db;
  actor: Actor;
  key: string;
  employeeId: number;
  permissionKey: string;
}): Promise<void> {
  await employeeInScope(p.db, p.actor, p.key, p.employeeId);
  await p.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ Value: employeePermissions.Value })
      .from(employeePermissions)
      .where(
        and(
          eq(employeePermissions.EmployeeID, p.employeeId),
          eq(employeePermissions.PermissionKey, p.permissionKey),
        ),
      );
    if (!existing) throw notFound('The permission of this employee');
    if (p.permissionKey !== ONBOARDING_PERMISSION) requireHeld(p.actor, p.permissionKey);
    const removed = await tx
      .delete(employeePermissions)
      .where(
        and(
          eq(employeePermissions.EmployeeID, p.employeeId),
          eq(employeePermissions.PermissionKey, p.permissionKey),
        ),
      )
      .returning({ Value: employeePermissions.Value });
    if (removed.length === 0) throw notFound('The permission of this employee');
    await recordAccessAudit(tx, {
      action: 'EmployeePermissionRemoved',
      by: p.actor,
      employeeId: p.employeeId,
      detail: { PermissionKey: p.permissionKey, Before: removed[0].Value },
    });
  });
}

/** The employee's claims, each named for people and with the claim permissions matching it. */
export async function employeeClaims(p: {
  db: Db;
  actor: Actor;
  key: string;
  employeeId: number;
}): Promise<EmployeeClaim[]> {
  await employeeInScope(p.db, p.actor, p.key, p.employeeId);
  const { facts } = await explainAccess(p.db, p.employeeId);
  const claims = claimsOf(facts);
  const officeIds = claims.filter((c) => c.ClaimType === 'office').map((c) => Number(c.ClaimValue));
  const divisionIds = claims.filter((c) => c.ClaimType === 'division').map((c) => Number(c.ClaimValue));
  const [offices, divs] = await Promise.all([
    officeIds.length
      ? p.db
          .select({ ID: icdOffices.IcdOfficeID, Name: icdOffices.OfficeName })
          .from(icdOffices)
          .where(inArray(icdOffices.IcdOfficeID, officeIds))
      : [],
    divisionIds.length
      ? p.db
          .select({ ID: divisions.DivisionID, Name: divisions.Name })
          .from(divisions)
          .where(inArray(divisions.DivisionID, divisionIds))
      : [],
  ]);
  const label = (type: string, value: string) => {
    if (type === 'office') return offices.find((o) => String(o.ID) === value)?.Name ?? value;
    if (type === 'division') return divs.find((d) => String(d.ID) === value)?.Name ?? value;
    return value;
  };
  const rows = await p.db.select().from(claimPermissions);
  return claims.map((c) => ({
    ...c,
    Label: label(c.ClaimType, c.ClaimValue),
    Permissions: rows
      .filter(
        (r) =>
          r.ClaimType === c.ClaimType &&
          (r.ClaimValue === null ||
            (c.ClaimType === 'role'
              ? r.ClaimValue === c.ClaimValue
              : r.ClaimValue.toLowerCase() === c.ClaimValue.toLowerCase())),
      )
      .filter((r) => c.ClaimType !== 'role' || r.ClaimValue !== null)
      .map((r) => ({
        ClaimType: r.ClaimType,
        ClaimValue: r.ClaimValue,
        PermissionKey: r.PermissionKey,
        Value: r.Value,
      })),
  }));
}

/**
 * setonboarding/{id}: the employee becomes an onboarding applicant (the onboarding permission, spec
 * 000 §6, which the route guard reads); revokeonboarding/{id} removes it.
 */
export async function setOnboarding(p: {
  db: Db;
  actor: Actor;
  key: string;
  employeeId: number;
  on: boolean;
}): Promise<{ EmployeeID: number; IsApplicant: boolean }> {
  await employeeInScope(p.db, p.actor, p.key, p.employeeId);
  await p.db.transaction(async (tx) => {
    if (p.on)
      await tx
        .insert(employeePermissions)
        .values({ EmployeeID: p.employeeId, PermissionKey: ONBOARDING_PERMISSION, Value: 'true' })
        .onConflictDoUpdate({
          target: [employeePermissions.EmployeeID, employeePermissions.PermissionKey],
          set: { Value: 'true', UpdatedAt: new Date() },
        });
    else
      await tx
        .delete(employeePermissions)
        .where(
          and(
            eq(employeePermissions.EmployeeID, p.employeeId),
            eq(employeePermissions.PermissionKey, ONBOARDING_PERMISSION),
          ),
        );
    await recordAccessAudit(tx, {
      action: p.on ? 'OnboardingSet' : 'OnboardingRevoked',
      by: p.actor,
      employeeId: p.employeeId,
    });
  });
  const { actor } = await explainAccess(p.db, p.employeeId);
  return { EmployeeID: p.employeeId, IsApplicant: actor?.has(ONBOARDING_PERMISSION) ?? false };
}
