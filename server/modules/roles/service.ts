// Roles v2: list, read, create, update (Version → 409 with the current role) and delete. Scope rules:
// a divisional role names its division, an organizational one its corporation, the others neither.
// Nobody hands out through a role a key they do not hold themselves (GrantAll: every key).
import { and, asc, countDistinct, eq, ne, sql } from 'drizzle-orm';
import { GrantType, RoleScope } from '../../../src/contract/common';
import {
  ROLE_NAME_TAKEN,
  type Role,
  type RoleDetail,
  type RoleSave,
  type RoleSummary,
  type RoleUpdate,
} from '../../../src/contract/roles';
import type { Db } from '../../db/client';
import {
  corporations,
  divisions,
  permissions,
  roleAssignments,
  rolePermissions,
  roles,
} from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAccessAudit } from '../access/audit';
import { notHeldMessage } from '../access/scope';
import type { Actor } from '../access/service';
import { conflict } from '../scheduling/scope';

const ROLE = 'The role';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

export async function listRoleSummaries(db: Db): Promise<RoleSummary[]> {
  return db
    .select({
      RoleID: roles.RoleID,
      Name: roles.Name,
      Description: roles.Description,
      ScopeID: roles.ScopeID,
      GrantTypeID: roles.GrantTypeID,
      IsAssignable: roles.IsAssignable,
    })
    .from(roles)
    .where(ne(roles.ScopeID, RoleScope.Hidden))
    .orderBy(asc(sql`lower(${roles.Name})`));
}

const roleColumns = {
  RoleID: roles.RoleID,
  Name: roles.Name,
  Description: roles.Description,
  ScopeID: roles.ScopeID,
  GrantTypeID: roles.GrantTypeID,
  DivisionID: roles.DivisionID,
  IcdCorporationID: roles.IcdCorporationID,
  IsAssignable: roles.IsAssignable,
  Version: roles.Version,
  AssignmentCount: sql<number>`(select count(distinct ra.employee_id)::int from role_assignments ra where ra.role_id = "roles"."role_id")`,
  PermissionCount: sql<number>`(select count(*)::int from role_permissions rp where rp.role_id = "roles"."role_id")`,
};

export async function listRoles(db: Db): Promise<Role[]> {
  return db
    .select(roleColumns)
    .from(roles)
    .orderBy(asc(sql`lower(${roles.Name})`));
}

async function detail(db: Conn, id: number): Promise<RoleDetail | null> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.RoleID, id));
  if (!row) return null;
  const perms = await db
    .select({ PermissionKey: rolePermissions.PermissionKey, Value: rolePermissions.Value })
    .from(rolePermissions)
    .where(eq(rolePermissions.RoleID, id))
    .orderBy(asc(rolePermissions.PermissionKey));
  return { ...row, Permissions: perms };
}

export async function getRole(db: Db, id: number): Promise<RoleDetail> {
  const role = await detail(db, id);
  if (!role) throw notFound(ROLE);
  return role;
}

/** The body's rules that need the database: names, scope targets, keys, what the caller holds. */
async function check(db: Conn, actor: Actor, body: RoleSave, id: number | null): Promise<RoleSave> {
  const errors: Record<string, string[]> = {};
  const [taken] = await db
    .select({ RoleID: roles.RoleID })
    .from(roles)
    .where(
      and(sql`lower(${roles.Name}) = lower(${body.Name})`, id === null ? undefined : ne(roles.RoleID, id)),
    );
  if (taken) errors.Name = [ROLE_NAME_TAKEN];
  const divisional = body.ScopeID === RoleScope.Divisional;
  const organizational = body.ScopeID === RoleScope.Organizational;
  if (divisional && body.DivisionID !== null) {
    const [d] = await db.select().from(divisions).where(eq(divisions.DivisionID, body.DivisionID));
    if (!d) errors.DivisionID = ['This division does not exist'];
  }
  if (organizational && body.IcdCorporationID !== null) {
    const [c] = await db
      .select({ ID: corporations.IcdCorporationID })
      .from(corporations)
      .where(eq(corporations.IcdCorporationID, body.IcdCorporationID));
    if (!c) errors.IcdCorporationID = ['This corporation does not exist'];
  }
  const known = new Set((await db.select({ Key: permissions.Key }).from(permissions)).map((p) => p.Key));
  const seen = new Set<string>();
  body.Permissions.forEach((p, i) => {
    if (!known.has(p.PermissionKey))
      errors[`Permissions.${i}.PermissionKey`] = [
        `This permission key does not exist ("${p.PermissionKey}")`,
      ];
    if (seen.has(p.PermissionKey)) errors[`Permissions.${i}.PermissionKey`] = ['This key is listed twice'];
    seen.add(p.PermissionKey);
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0][0], errors);
  // A role hands out nothing beyond what its author holds.
  const handedOut =
    body.GrantTypeID === GrantType.GrantAll ? [...known] : body.Permissions.map((p) => p.PermissionKey);
  const missing = handedOut.find((key) => key !== 'onboarding:applicant' && !actor.has(key));
  if (missing) throw new AppError(403, notHeldMessage(missing));
  return {
    ...body,
    DivisionID: divisional ? body.DivisionID : null,
    IcdCorporationID: organizational ? body.IcdCorporationID : null,
  };
}

function fields(body: RoleSave) {
  return {
    Name: body.Name,
    Description: body.Description === '' ? null : body.Description,
    ScopeID: body.ScopeID,
    GrantTypeID: body.GrantTypeID,
    DivisionID: body.DivisionID,
    IcdCorporationID: body.IcdCorporationID,
    IsAssignable: body.IsAssignable,
  };
}

async function writePermissions(tx: Tx, id: number, body: RoleSave): Promise<void> {
  await tx.delete(rolePermissions).where(eq(rolePermissions.RoleID, id));
  if (body.Permissions.length)
    await tx
      .insert(rolePermissions)
      .values(body.Permissions.map((p) => ({ RoleID: id, PermissionKey: p.PermissionKey, Value: p.Value })));
}

export async function createRole(db: Db, actor: Actor, input: RoleSave): Promise<RoleDetail> {
  return db.transaction(async (tx) => {
    const body = await check(tx, actor, input, null);
    const [row] = await tx.insert(roles).values(fields(body)).returning({ RoleID: roles.RoleID });
    await writePermissions(tx, row.RoleID, body);
    await recordAccessAudit(tx, {
      action: 'RoleCreated',
      by: actor,
      detail: { RoleID: row.RoleID, ...fields(body), Permissions: body.Permissions },
    });
    return (await detail(tx, row.RoleID))!;
  });
}

export async function updateRole(db: Db, actor: Actor, id: number, input: RoleUpdate): Promise<RoleDetail> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(roles).where(eq(roles.RoleID, id)).for('update');
    if (!locked) throw notFound(ROLE);
    const before = (await detail(tx, id))!;
    if (locked.Version !== input.Version) throw conflict(before);
    const body = await check(tx, actor, input, id);
    await tx
      .update(roles)
      .set({ ...fields(body), Version: locked.Version + 1 })
      .where(eq(roles.RoleID, id));
    await writePermissions(tx, id, body);
    await recordAccessAudit(tx, {
      action: 'RoleUpdated',
      by: actor,
      detail: { RoleID: id, Before: before, After: { ...fields(body), Permissions: body.Permissions } },
    });
    return (await detail(tx, id))!;
  });
}

export const ROLE_IN_USE = (n: number) =>
  `This role is held by ${n} ${n === 1 ? 'employee' : 'employees'}. Take it from them first.`;

export async function deleteRole(
  db: Db,
  actor: Actor,
  id: number,
  version: number | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(roles).where(eq(roles.RoleID, id)).for('update');
    if (!locked) throw notFound(ROLE);
    const current = (await detail(tx, id))!;
    if (version !== undefined && locked.Version !== version) throw conflict(current);
    const [{ n }] = await tx
      .select({ n: countDistinct(roleAssignments.EmployeeID) })
      .from(roleAssignments)
      .where(eq(roleAssignments.RoleID, id));
    if (n > 0) throw new AppError(409, ROLE_IN_USE(n), { body: { Current: current } });
    await tx.delete(roles).where(eq(roles.RoleID, id));
    await recordAccessAudit(tx, { action: 'RoleDeleted', by: actor, detail: { Before: current } });
  });
}
