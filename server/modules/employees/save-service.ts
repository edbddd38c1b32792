// Creating and saving an employee with the save payload of spec 001 §3: the person, global roles and
// one entry per office (employment record with divisions, per-office roles and administered modules).
// Rules: every office sent must be in the caller's employees:write scope (403); changing GlobalRoles
// needs admin:permissions; a caller without it may give only roles whose every permission they hold
// themselves (never a GrantAll or GrantClaims role); user names are unique, e-mail addresses too;
// passwords follow the policy (its seven messages); Version → 409 with the current record.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { AuditAction, AuditEntityType } from '../../../src/contract/audit';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../../src/contract/auth';
import { GrantType, RoleScope } from '../../../src/contract/common';
import {
  EMAIL_TAKEN,
  type EmployeeDetail,
  type EmployeeSave,
  type EmployeeUpdate,
  flaggedIds,
  USER_NAME_TAKEN,
} from '../../../src/contract/employees';
import { ModuleId } from '../../../src/contract/modules';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecordDivisions,
  employmentRecordModules,
  employmentRecords,
  icdOffices,
  officeDivisions,
  roleAssignments,
  rolePermissions,
  roles,
  sessions,
} from '../../db/tables';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { hashPassword } from '../auth/passwords';
import { recordEmploymentRecordChange, recordPersonChange } from '../employments/record';
import { MessageType, queueMail } from '../mail/service';
import { doerOf, recordAudit } from '../time-management/record';
import { detailOf, getEmployee } from './read-service';
import { conflict, type DbOrTx, EMPLOYEE, numText, requireWritableOffice, type Tx } from './scope';

const ADMIN_PERMISSIONS = 'admin:permissions';
const MODULE_IDS = new Set<number>(Object.values(ModuleId));

type Save = ReturnType<typeof EmployeeSave.parse>;
type Update = ReturnType<typeof EmployeeUpdate.parse>;
type OfficeEntry = Save['IcdOffices'][number];

export interface SaveContext {
  db: Db;
  actor: Actor;
  costLog2: number;
  publicUrl: string;
}

/** 400 with the messages by field. */
function fieldErrors(errors: Record<string, string[]>): AppError {
  const first = Object.values(errors)[0]?.[0] ?? 'Check the form';
  return badRequest(first, errors);
}

async function requireUniqueIdentity(
  db: DbOrTx,
  body: { UserName: string; EmailAddress: string | null },
  exceptId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const others = exceptId ? ne(employees.EmployeeID, exceptId) : undefined;
  const [byName] = await db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(and(sql`lower(${employees.UserName}) = lower(${body.UserName})`, others))
    .limit(1);
  if (byName) errors.UserName = [USER_NAME_TAKEN];
  if (body.EmailAddress) {
    const [byMail] = await db
      .select({ id: employees.EmployeeID })
      .from(employees)
      .where(and(sql`lower(${employees.EmailAddress}) = lower(${body.EmailAddress})`, others))
      .limit(1);
    if (byMail) errors.EmailAddress = [EMAIL_TAKEN];
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

export function checkPassword(password: string, names: { FirstName: string; LastName: string }): void {
  const problems = passwordProblems(DEFAULT_PASSWORD_POLICY, password, names);
  if (problems.length)
    throw new AppError(400, problems[0], { Messages: problems, Errors: { Password: problems } });
}

type RoleRow = typeof roles.$inferSelect;

/**
 * Validates the offices (exist, divisions of the office, known modules) and roles (exist, assignable,
 * fit the office, and within what the caller may give). Answers the roles by id.
 */
async function validateEntries(
  db: DbOrTx,
  actor: Actor,
  body: Save,
  currentGlobal: readonly number[],
  /** Roles held now per office (only roles added are checked against what the caller may give). */
  currentByOffice: ReadonlyMap<number, readonly number[]> = new Map(),
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const officeIds = body.IcdOffices.map((o) => o.IcdOfficeID);
  const offices = officeIds.length
    ? await db.select().from(icdOffices).where(inArray(icdOffices.IcdOfficeID, officeIds))
    : [];
  const divisionRows = officeIds.length
    ? await db.select().from(officeDivisions).where(inArray(officeDivisions.IcdOfficeID, officeIds))
    : [];
  const roleIds = [...flaggedIds(body.GlobalRoles), ...body.IcdOffices.flatMap((o) => flaggedIds(o.Roles))];
  const roleRows: RoleRow[] = roleIds.length
    ? await db
        .select()
        .from(roles)
        .where(inArray(roles.RoleID, [...new Set(roleIds)]))
    : [];
  const perms = roleRows.length
    ? await db
        .select()
        .from(rolePermissions)
        .where(
          inArray(
            rolePermissions.RoleID,
            roleRows.map((r) => r.RoleID),
          ),
        )
    : [];
  const isAdmin = actor.has(ADMIN_PERMISSIONS);
  /** May the caller give this role? */
  const givable = (role: RoleRow) => {
    if (isAdmin) return true;
    if (role.GrantTypeID !== GrantType.GrantRole) return false;
    return perms
      .filter((p) => p.RoleID === role.RoleID && p.Value === 'true')
      .every((p) => actor.has(p.PermissionKey));
  };

  const globalIds = flaggedIds(body.GlobalRoles);
  const globalChanged =
    globalIds.length !== currentGlobal.length || globalIds.some((id) => !currentGlobal.includes(id));
  if (globalChanged && !isAdmin) throw forbidden();
  for (const id of globalIds) {
    const role = roleRows.find((r) => r.RoleID === id);
    if (!role) add(`GlobalRoles.${id}`, 'This role does not exist');
    else if (role.ScopeID === RoleScope.EmploymentRecord)
      add(`GlobalRoles.${id}`, 'This role is given per office');
    else if (!role.IsAssignable && !currentGlobal.includes(id))
      add(`GlobalRoles.${id}`, 'This role cannot be assigned');
  }

  body.IcdOffices.forEach((o, i) => {
    const at = `IcdOffices.${i}`;
    const office = offices.find((x) => x.IcdOfficeID === o.IcdOfficeID);
    if (!office) {
      errors[`${at}.IcdOfficeID`] = ['This office does not exist'];
      return;
    }
    const officeDivs = divisionRows.filter((d) => d.IcdOfficeID === o.IcdOfficeID).map((d) => d.DivisionID);
    for (const d of o.Divisions)
      if (!officeDivs.includes(d)) add(`${at}.Divisions`, `Division ${d} is not at this office`);
    for (const m of flaggedIds(o.AdministeredModules))
      if (!MODULE_IDS.has(m)) add(`${at}.AdministeredModules.${m}`, 'This module does not exist');
    for (const id of flaggedIds(o.Roles)) {
      const key = `${at}.Roles.${id}`;
      const role = roleRows.find((r) => r.RoleID === id);
      if (!role) errors[key] = ['This role does not exist'];
      else if (!role.IsAssignable || role.ScopeID === RoleScope.Global || role.ScopeID === RoleScope.Hidden)
        errors[key] = ['This role cannot be given at an office'];
      else if (role.ScopeID === RoleScope.Divisional && !officeDivs.includes(role.DivisionID ?? -1))
        errors[key] = ["This role's division is not at this office"];
      else if (role.ScopeID === RoleScope.Organizational && role.IcdCorporationID !== office.IcdCorporationID)
        errors[key] = ["This role belongs to another corporation's offices"];
    }
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);
  // Roles the caller may not give (checked after the shape, so a typo is a 400 and not a 403).
  for (const o of body.IcdOffices)
    for (const id of flaggedIds(o.Roles)) {
      if (currentByOffice.get(o.IcdOfficeID)?.includes(id)) continue;
      const role = roleRows.find((r) => r.RoleID === id)!;
      if (!givable(role)) throw forbidden();
    }
}

function recordValues(o: OfficeEntry) {
  return {
    IcdOfficeID: o.IcdOfficeID,
    EmployeeStatusID: o.EmployeeStatusID,
    PayFrequencyID: o.PayFrequencyID ?? null,
    BasisOfPayID: o.BasisOfPayID ?? null,
    JobTitleID: o.JobTitleID ?? null,
    PayRate: numText(o.PayRate),
    CommissionThreshold: numText(o.CommissionThreshold),
    CompensationProfileID: o.CompensationProfileID ?? null,
    DefaultHours: numText(o.DefaultHours),
    Salary: numText(o.Salary),
    Garnishment: numText(o.Garnishment),
    HireDate: o.HireDate ?? null,
    // Absent unless the status denies portal access (the payload's rule): cleared otherwise.
    TerminationDate: o.TerminationDate ?? null,
    TerminationReasonID: o.TerminationReasonID ?? null,
    TerminationReasonExtra: o.TerminationReasonExtra ?? null,
    TimeClock: o.TimeClock,
    RequireBreak: o.RequireBreak,
    IsOnPayroll: o.IsOnPayroll,
    TrackRealTime: o.TrackRealTime,
    OnboardingApplicationID: o.OnboardingApplicationID ?? null,
  };
}

/** Writes one office entry's record, divisions, modules and roles. Answers whether roles changed. */
async function writeOffice(
  tx: Tx,
  employeeId: number,
  o: OfficeEntry,
  existingId: number | null,
  by: number | null,
) {
  let recordId = existingId;
  if (recordId === null) {
    const [row] = await tx
      .insert(employmentRecords)
      .values({ EmployeeID: employeeId, ...recordValues(o) })
      .returning();
    recordId = row.EmploymentRecordID;
    await recordEmploymentRecordChange(tx, { before: null, after: row, by });
  } else {
    const [before] = await tx
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmploymentRecordID, recordId));
    const [after] = await tx
      .update(employmentRecords)
      .set({ ...recordValues(o), Version: sql`${employmentRecords.Version} + 1` })
      .where(eq(employmentRecords.EmploymentRecordID, recordId))
      .returning();
    await recordEmploymentRecordChange(tx, { before: before ?? null, after, by });
    await tx
      .delete(employmentRecordDivisions)
      .where(eq(employmentRecordDivisions.EmploymentRecordID, recordId));
    await tx.delete(employmentRecordModules).where(eq(employmentRecordModules.EmploymentRecordID, recordId));
  }
  const id = recordId;
  if (o.Divisions.length)
    await tx
      .insert(employmentRecordDivisions)
      .values([...new Set(o.Divisions)].map((DivisionID) => ({ EmploymentRecordID: id, DivisionID })));
  const mods = flaggedIds(o.AdministeredModules);
  if (mods.length)
    await tx
      .insert(employmentRecordModules)
      .values(mods.map((ModuleID) => ({ EmploymentRecordID: id, ModuleID })));
  const current = (
    await tx
      .select({ RoleID: roleAssignments.RoleID })
      .from(roleAssignments)
      .where(eq(roleAssignments.EmploymentRecordID, id))
  ).map((r) => r.RoleID);
  return { recordId: id, rolesChanged: await replaceRoles(tx, employeeId, id, current, flaggedIds(o.Roles)) };
}

async function replaceRoles(
  tx: Tx,
  employeeId: number,
  recordId: number | null,
  current: readonly number[],
  wanted: readonly number[],
): Promise<boolean> {
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  const where =
    recordId === null
      ? isNull(roleAssignments.EmploymentRecordID)
      : eq(roleAssignments.EmploymentRecordID, recordId);
  if (removed.length)
    await tx
      .delete(roleAssignments)
      .where(
        and(eq(roleAssignments.EmployeeID, employeeId), where, inArray(roleAssignments.RoleID, removed)),
      );
  if (added.length)
    await tx
      .insert(roleAssignments)
      .values(added.map((RoleID) => ({ EmployeeID: employeeId, RoleID, EmploymentRecordID: recordId })));
  return removed.length > 0 || added.length > 0;
}

async function welcome(
  ctx: SaveContext,
  e: { FirstName: string; UserName: string; EmailAddress: string | null },
  hasPassword: boolean,
) {
  if (!e.EmailAddress) return;
  const how = hasPassword
    ? 'Sign in with the password you were given, and change it on your first visit.'
    : `Choose your password with "Forgot password" on the sign-in page (${ctx.publicUrl}/account/login).`;
  await queueMail(ctx.db, {
    MessageType: MessageType.Welcome,
    To: e.EmailAddress,
    Subject: 'Welcome to Apex',
    Body: `Hello ${e.FirstName},\n\nAn Apex account was created for you.\n\nUser name: ${e.UserName}\nSign in at: ${ctx.publicUrl}\n\n${how}`,
  });
}

function requireMailForWelcome(body: { SendWelcomeEmail: boolean; EmailAddress: string | null }) {
  if (body.SendWelcomeEmail && !body.EmailAddress)
    throw fieldErrors({ EmailAddress: ['Enter the e-mail address to send the welcome e-mail to'] });
}

const today = () => new Date().toISOString().slice(0, 10);

export async function createEmployee(ctx: SaveContext & { body: Save }): Promise<EmployeeDetail> {
  const { db, actor, body } = ctx;
  for (const o of body.IcdOffices) requireWritableOffice(actor, o.IcdOfficeID);
  requireMailForWelcome(body);
  if (body.Password) checkPassword(body.Password, body);
  const hash = body.Password ? await hashPassword(body.Password, ctx.costLog2) : null;
  const id = await db.transaction(async (tx) => {
    await validateEntries(tx, actor, body, []);
    await requireUniqueIdentity(tx, body);
    const [row] = await tx
      .insert(employees)
      .values({
        FirstName: body.FirstName,
        MiddleName: body.MiddleName,
        LastName: body.LastName,
        UserName: body.UserName,
        EmailAddress: body.EmailAddress,
        PasswordHash: hash,
        PasswordChangedAt: hash ? new Date() : null,
        Inactive: body.Inactive,
        InactiveDate: body.Inactive ? (body.InactiveDate ?? today()) : null,
        GlobalSiteID: body.GlobalSiteID,
        UniqueID: body.UniqueID,
        ADPEmployeeID: body.ADPEmployeeID,
        MeridianEmployeeID: body.MeridianEmployeeID,
      })
      .returning({ id: employees.EmployeeID });
    for (const o of body.IcdOffices) await writeOffice(tx, row.id, o, null, actor.EmployeeID);
    await replaceRoles(tx, row.id, null, [], flaggedIds(body.GlobalRoles));
    await recordAudit(tx, {
      action: AuditAction.EmployeeCreated,
      entityType: AuditEntityType.Employee,
      entityId: row.id,
      by: doerOf(actor),
      employeeId: row.id,
      officeId: body.IcdOffices[0]?.IcdOfficeID ?? null,
      after: {
        UserName: body.UserName,
        Offices: body.IcdOffices.map((o) => o.IcdOfficeID),
        GlobalRoles: flaggedIds(body.GlobalRoles),
        OfficeRoles: body.IcdOffices.map((o) => flaggedIds(o.Roles)),
        PasswordSet: !!hash,
      },
    });
    return row.id;
  });
  if (body.SendWelcomeEmail) await welcome(ctx, body, !!hash);
  return getEmployee({ db, actor, id });
}

export async function updateEmployee(
  ctx: SaveContext & { id: number; body: Update },
): Promise<EmployeeDetail> {
  const { db, actor, body, id } = ctx;
  for (const o of body.IcdOffices) requireWritableOffice(actor, o.IcdOfficeID);
  requireMailForWelcome(body);
  if (body.Password) checkPassword(body.Password, body);
  const hash = body.Password ? await hashPassword(body.Password, ctx.costLog2) : null;
  await db.transaction(async (tx) => {
    const [e] = await tx.select().from(employees).where(eq(employees.EmployeeID, id)).for('update');
    const before = e ? await detailOf(tx, actor, id) : null;
    if (!e || !before) throw notFound(EMPLOYEE);
    if (!before.Access.CanUpdate) throw forbidden();
    if (e.Version !== body.Version) throw conflict(before);
    const records = await tx.select().from(employmentRecords).where(eq(employmentRecords.EmployeeID, id));
    const currentGlobal = (
      await tx
        .select({ RoleID: roleAssignments.RoleID })
        .from(roleAssignments)
        .where(and(eq(roleAssignments.EmployeeID, id), isNull(roleAssignments.EmploymentRecordID)))
    ).map((r) => r.RoleID);
    const recordRoles = await tx
      .select({ RoleID: roleAssignments.RoleID, RecordID: roleAssignments.EmploymentRecordID })
      .from(roleAssignments)
      .where(eq(roleAssignments.EmployeeID, id));
    const currentByOffice = new Map(
      records.map((r) => [
        r.IcdOfficeID,
        recordRoles.filter((x) => x.RecordID === r.EmploymentRecordID).map((x) => x.RoleID),
      ]),
    );
    await validateEntries(tx, actor, body, currentGlobal, currentByOffice);
    await requireUniqueIdentity(tx, body, id);
    const securityChanged = e.UserName !== body.UserName || e.Inactive !== body.Inactive || hash !== null;
    await tx
      .update(employees)
      .set({
        FirstName: body.FirstName,
        MiddleName: body.MiddleName,
        LastName: body.LastName,
        UserName: body.UserName,
        EmailAddress: body.EmailAddress,
        Inactive: body.Inactive,
        InactiveDate: body.Inactive ? (body.InactiveDate ?? e.InactiveDate ?? today()) : null,
        GlobalSiteID: body.GlobalSiteID,
        UniqueID: body.UniqueID,
        ADPEmployeeID: body.ADPEmployeeID,
        MeridianEmployeeID: body.MeridianEmployeeID,
        ...(hash ? { PasswordHash: hash, PasswordChangedAt: new Date() } : {}),
        Version: e.Version + 1,
      })
      .where(eq(employees.EmployeeID, id));
    let rolesChanged = false;
    await recordPersonChange(tx, { employeeId: id, before: e, after: body, by: actor.EmployeeID });
    for (const o of body.IcdOffices) {
      const existing = records.find((r) => r.IcdOfficeID === o.IcdOfficeID);
      const written = await writeOffice(tx, id, o, existing?.EmploymentRecordID ?? null, actor.EmployeeID);
      rolesChanged ||= written.rolesChanged;
    }
    rolesChanged =
      (await replaceRoles(tx, id, null, currentGlobal, flaggedIds(body.GlobalRoles))) || rolesChanged;
    if (hash) await endSessions(tx, id, actor);
    if (securityChanged)
      await recordAudit(tx, {
        action: AuditAction.EmployeeSecurityChanged,
        entityType: AuditEntityType.Employee,
        entityId: id,
        by: doerOf(actor),
        employeeId: id,
        officeId: null,
        before: { UserName: e.UserName, Inactive: e.Inactive },
        after: { UserName: body.UserName, Inactive: body.Inactive, PasswordChanged: hash !== null },
      });
    if (rolesChanged) {
      const after = await detailOf(tx, actor, id);
      await recordAudit(tx, {
        action: AuditAction.EmployeeRolesChanged,
        entityType: AuditEntityType.Employee,
        entityId: id,
        by: doerOf(actor),
        employeeId: id,
        officeId: null,
        before: rolesSnapshot(before),
        after: after ? rolesSnapshot(after) : null,
      });
    }
  });
  if (body.SendWelcomeEmail) await welcome(ctx, body, !!hash);
  return getEmployee({ db, actor, id });
}

function rolesSnapshot(d: EmployeeDetail) {
  return {
    GlobalRoles: flaggedIds(d.GlobalRoles),
    ...Object.fromEntries(d.IcdOffices.map((o) => [`Office ${o.IcdOfficeID}`, flaggedIds(o.Roles)])),
  };
}

/** A new password (set by someone else) ends the employee's other sessions. */
export async function endSessions(tx: DbOrTx, employeeId: number, actor: Actor): Promise<void> {
  await tx
    .update(sessions)
    .set({ RevokedAt: new Date() })
    .where(
      and(
        eq(sessions.EmployeeID, employeeId),
        isNull(sessions.RevokedAt),
        actor.SessionHash && employeeId === actor.EmployeeID
          ? ne(sessions.SessionHash, actor.SessionHash)
          : undefined,
      ),
    );
}
