// Onboarding employees (src/contract/employees.ts, "onboarding of employees"): an applicant is an
// employee holding the hidden role that carries onboarding:applicant, with a Pending employment record
// at the office applied to. Callers need onboarding:manage at one of the employee's offices (an
// employee out of scope is 404, an office out of scope 403); applicants read and fill their own.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EmployeeStatus, RoleScope } from '../../../src/contract/common';
import {
  ONBOARDING_MANAGE,
  ONBOARDING_REQUIRED_FIELDS,
  type OnboardingEmployee,
  type OnboardingProfileSave,
  type OnboardingTermination,
  type OnboardSave,
} from '../../../src/contract/employees';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  roleAssignments,
  rolePermissions,
  roles,
} from '../../db/tables';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { type Actor, inScope } from '../access/service';
import { hashPassword } from '../auth/passwords';
import { MessageType, queueMail } from '../mail/service';
import { applicationStatus } from '../onboarding/service';
import { saveProfile } from './profile-service';
import { checkPassword } from './save-service';
import { type DbOrTx, EMPLOYEE, officesOf, reaches } from './scope';

export interface OnboardingContext {
  db: Db;
  actor: Actor;
  costLog2: number;
  publicUrl: string;
}

const manageScope = (actor: Actor) => actor.offices(ONBOARDING_MANAGE);

async function requireManaged(db: DbOrTx, actor: Actor, id: number): Promise<void> {
  const offices = await officesOf(db, id);
  if (!reaches(manageScope(actor), offices)) throw notFound(EMPLOYEE);
}

/** Own record (applicant) or one in the onboarding:manage scope. */
async function requireReadable(db: DbOrTx, actor: Actor, id: number): Promise<void> {
  if (id === actor.EmployeeID && actor.has(ONBOARDING_PERMISSION)) return;
  if (!actor.has(ONBOARDING_MANAGE)) throw notFound(EMPLOYEE);
  await requireManaged(db, actor, id);
}

async function applicantRoleId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ RoleID: roles.RoleID })
    .from(roles)
    .innerJoin(rolePermissions, eq(rolePermissions.RoleID, roles.RoleID))
    .where(and(eq(rolePermissions.PermissionKey, ONBOARDING_PERMISSION), eq(rolePermissions.Value, 'true')))
    .orderBy(sql`${roles.ScopeID} = ${RoleScope.Hidden} desc`, asc(roles.RoleID))
    .limit(1);
  if (!row) throw new AppError(409, 'No role gives the onboarding applicant permission. Set one up first.');
  return row.RoleID;
}

function missingFields(e: typeof employees.$inferSelect): string[] {
  return ONBOARDING_REQUIRED_FIELDS.filter((f) => {
    const v = e[f as keyof typeof e];
    return v === null || v === undefined || v === '';
  });
}

export async function onboardingEmployee(db: DbOrTx, id: number): Promise<OnboardingEmployee> {
  const [e] = await db.select().from(employees).where(eq(employees.EmployeeID, id));
  if (!e) throw notFound(EMPLOYEE);
  const records = await db
    .select({
      EmploymentRecordID: employmentRecords.EmploymentRecordID,
      EmployeeStatusID: employmentRecords.EmployeeStatusID,
      IcdOfficeID: employmentRecords.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
    })
    .from(employmentRecords)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(eq(employmentRecords.EmployeeID, id))
    .orderBy(asc(employmentRecords.EmploymentRecordID));
  const record = records.find((r) => r.EmployeeStatusID === EmployeeStatus.Pending) ?? records.at(-1);
  const divisions = record
    ? (
        await db
          .select({ DivisionID: employmentRecordDivisions.DivisionID })
          .from(employmentRecordDivisions)
          .where(eq(employmentRecordDivisions.EmploymentRecordID, record.EmploymentRecordID))
      ).map((d) => d.DivisionID)
    : [];
  const roleId = await applicantRoleId(db).catch(() => null);
  const [applicant] = roleId
    ? await db
        .select({ id: roleAssignments.RoleAssignmentID })
        .from(roleAssignments)
        .where(and(eq(roleAssignments.EmployeeID, id), eq(roleAssignments.RoleID, roleId)))
        .limit(1)
    : [];
  return {
    EmployeeID: e.EmployeeID,
    FirstName: e.FirstName,
    LastName: e.LastName,
    UserName: e.UserName,
    EmailAddress: e.EmailAddress,
    Status: applicationStatus(records.map((r) => r.EmployeeStatusID)),
    IsApplicant: !!applicant,
    IcdOfficeID: record?.IcdOfficeID ?? null,
    OfficeName: record?.OfficeName ?? null,
    Divisions: divisions.sort((a, b) => a - b),
    EmployeeStatusID: record?.EmployeeStatusID ?? null,
    Missing: missingFields(e),
    Version: e.Version,
  };
}

export async function getOnboardingEmployee(p: { db: Db; actor: Actor; id: number }) {
  await requireReadable(p.db, p.actor, p.id);
  return onboardingEmployee(p.db, p.id);
}

async function invite(ctx: OnboardingContext, id: number): Promise<void> {
  const [e] = await ctx.db.select().from(employees).where(eq(employees.EmployeeID, id));
  if (!e?.EmailAddress)
    throw badRequest('The employee has no e-mail address to send the invitation to', {
      EmailAddress: ['Enter the e-mail address first'],
    });
  await queueMail(ctx.db, {
    MessageType: MessageType.OnboardingCreated,
    To: e.EmailAddress,
    Subject: 'Your Apex onboarding application',
    Body: `Hello ${e.FirstName},\n\nAn onboarding application was opened for you.\n\nUser name: ${e.UserName}\nSign in at ${ctx.publicUrl}/account/login to fill it in (use "Forgot password" if you have no password yet).`,
  });
}

async function requireOfficeDivisions(db: DbOrTx, officeId: number, divisionIds: readonly number[]) {
  const [office] = await db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, officeId));
  if (!office)
    throw badRequest('This office does not exist', { IcdOfficeID: ['This office does not exist'] });
  const at = (await db.select().from(officeDivisions).where(eq(officeDivisions.IcdOfficeID, officeId))).map(
    (d) => d.DivisionID,
  );
  for (const d of divisionIds)
    if (!at.includes(d))
      throw badRequest('The division is not at this office', {
        DivisionID: ['The division is not at this office'],
      });
}

export async function onboard(ctx: OnboardingContext & { body: z.output<typeof OnboardSave> }) {
  const { db, actor, body } = ctx;
  if (!inScope(manageScope(actor), body.IcdOfficeID)) throw forbidden();
  const a = body.Applicant;
  if (body.Password) checkPassword(body.Password, a);
  const hash = body.Password ? await hashPassword(body.Password, ctx.costLog2) : null;
  const id = await db.transaction(async (tx) => {
    await requireOfficeDivisions(tx, body.IcdOfficeID, [body.DivisionID]);
    const [taken] = await tx
      .select({ UserName: employees.UserName, EmailAddress: employees.EmailAddress })
      .from(employees)
      .where(
        sql`lower(${employees.UserName}) = lower(${a.UserName}) or lower(${employees.EmailAddress}) = lower(${a.EmailAddress})`,
      )
      .limit(1);
    if (taken) {
      const byName = taken.UserName.toLowerCase() === a.UserName.toLowerCase();
      throw badRequest(
        byName ? 'This user name is taken' : 'This e-mail address is used by another employee',
        byName
          ? { 'Applicant.UserName': ['This user name is taken'] }
          : { 'Applicant.EmailAddress': ['This e-mail address is used by another employee'] },
      );
    }
    const roleId = await applicantRoleId(tx);
    const [e] = await tx
      .insert(employees)
      .values({
        FirstName: a.FirstName,
        LastName: a.LastName,
        UserName: a.UserName,
        EmailAddress: a.EmailAddress,
        PasswordHash: hash,
        PasswordChangedAt: hash ? new Date() : null,
        BirthDate: a.DateOfBirth ?? null,
        CellPhone: a.CellPhone?.PhoneNumber || null,
        CellPhoneExtension: a.CellPhone?.Extension ?? null,
      })
      .returning({ id: employees.EmployeeID });
    const [rec] = await tx
      .insert(employmentRecords)
      .values({ EmployeeID: e.id, IcdOfficeID: body.IcdOfficeID, EmployeeStatusID: EmployeeStatus.Pending })
      .returning({ id: employmentRecords.EmploymentRecordID });
    await tx
      .insert(employmentRecordDivisions)
      .values({ EmploymentRecordID: rec.id, DivisionID: body.DivisionID });
    await tx.insert(roleAssignments).values({ EmployeeID: e.id, RoleID: roleId });
    return e.id;
  });
  if (body.SendEmail) await invite(ctx, id);
  return onboardingEmployee(db, id);
}

export async function terminateOnboarding(
  ctx: OnboardingContext & { id: number; body: OnboardingTermination },
) {
  const { db, actor, id, body } = ctx;
  await requireManaged(db, actor, id);
  await db.transaction(async (tx) => {
    const scope = manageScope(actor);
    const pending = (
      await tx
        .select()
        .from(employmentRecords)
        .where(
          and(
            eq(employmentRecords.EmployeeID, id),
            eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Pending),
          ),
        )
    ).filter((r) => inScope(scope, r.IcdOfficeID));
    if (!pending.length) throw new AppError(409, 'This employee has no pending onboarding to end.');
    await tx
      .update(employmentRecords)
      .set({
        EmployeeStatusID: EmployeeStatus.Terminated,
        TerminationDate: body.TerminationDate,
        TerminationReasonID: body.TerminationReasonID,
        TerminationReasonExtra: body.TerminationReasonExtra ?? null,
        Version: sql`${employmentRecords.Version} + 1`,
      })
      .where(
        inArray(
          employmentRecords.EmploymentRecordID,
          pending.map((r) => r.EmploymentRecordID),
        ),
      );
    const roleId = await applicantRoleId(tx);
    await tx
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.EmployeeID, id), eq(roleAssignments.RoleID, roleId)));
  });
  const [e] = await db.select().from(employees).where(eq(employees.EmployeeID, id));
  if (e?.EmailAddress)
    await queueMail(db, {
      MessageType: MessageType.OnboardingTerminated,
      To: e.EmailAddress,
      Subject: 'Your Apex onboarding application',
      Body: `Hello ${e.FirstName},\n\nYour onboarding application was closed on ${body.TerminationDate}.`,
    });
  return onboardingEmployee(db, id);
}

/** Start onboarding for an existing employee at an office: a Pending record there and the applicant role. */
export async function initOnboarding(
  ctx: OnboardingContext & { id: number; officeId: number; divisions: number[] },
) {
  const { db, actor, id, officeId } = ctx;
  const [e] = await db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, id));
  if (!e) throw notFound(EMPLOYEE);
  const offices = await officesOf(db, id);
  // A person with no record yet is reachable by whoever may onboard at the office.
  if (offices.length && !reaches(manageScope(actor), offices)) throw notFound(EMPLOYEE);
  if (!inScope(manageScope(actor), officeId)) throw forbidden();
  await db.transaction(async (tx) => {
    await requireOfficeDivisions(tx, officeId, ctx.divisions);
    const [existing] = await tx
      .select()
      .from(employmentRecords)
      .where(and(eq(employmentRecords.EmployeeID, id), eq(employmentRecords.IcdOfficeID, officeId)));
    if (existing && existing.EmployeeStatusID === EmployeeStatus.Active)
      throw new AppError(409, 'This employee already works at this office.');
    let recordId = existing?.EmploymentRecordID;
    if (existing)
      await tx
        .update(employmentRecords)
        .set({
          EmployeeStatusID: EmployeeStatus.Pending,
          TerminationDate: null,
          TerminationReasonID: null,
          TerminationReasonExtra: null,
        })
        .where(eq(employmentRecords.EmploymentRecordID, existing.EmploymentRecordID));
    else {
      const [rec] = await tx
        .insert(employmentRecords)
        .values({ EmployeeID: id, IcdOfficeID: officeId, EmployeeStatusID: EmployeeStatus.Pending })
        .returning({ id: employmentRecords.EmploymentRecordID });
      recordId = rec.id;
    }
    if (ctx.divisions.length && recordId) {
      await tx
        .delete(employmentRecordDivisions)
        .where(eq(employmentRecordDivisions.EmploymentRecordID, recordId));
      const rid = recordId;
      await tx
        .insert(employmentRecordDivisions)
        .values(ctx.divisions.map((DivisionID) => ({ EmploymentRecordID: rid, DivisionID })));
    }
    await grantApplicant(tx, id);
  });
  return onboardingEmployee(db, id);
}

async function grantApplicant(tx: DbOrTx, id: number) {
  const roleId = await applicantRoleId(tx);
  const [held] = await tx
    .select({ id: roleAssignments.RoleAssignmentID })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.EmployeeID, id), eq(roleAssignments.RoleID, roleId)))
    .limit(1);
  if (!held) await tx.insert(roleAssignments).values({ EmployeeID: id, RoleID: roleId });
}

/** A terminated employee back through onboarding: their terminated records in scope become Pending. */
export async function rehireOnboarding(ctx: OnboardingContext & { id: number }) {
  const { db, actor, id } = ctx;
  await requireManaged(db, actor, id);
  await db.transaction(async (tx) => {
    const scope = manageScope(actor);
    const records = (
      await tx
        .select()
        .from(employmentRecords)
        .where(
          and(
            eq(employmentRecords.EmployeeID, id),
            eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Terminated),
          ),
        )
    ).filter((r) => inScope(scope, r.IcdOfficeID));
    if (!records.length) throw new AppError(409, 'This employee has no ended employment to rehire.');
    await tx
      .update(employmentRecords)
      .set({
        EmployeeStatusID: EmployeeStatus.Pending,
        TerminationDate: null,
        TerminationReasonID: null,
        TerminationReasonExtra: null,
        Version: sql`${employmentRecords.Version} + 1`,
      })
      .where(
        inArray(
          employmentRecords.EmploymentRecordID,
          records.map((r) => r.EmploymentRecordID),
        ),
      );
    await tx
      .update(employees)
      .set({ Inactive: false, InactiveDate: null })
      .where(eq(employees.EmployeeID, id));
    await grantApplicant(tx, id);
  });
  return onboardingEmployee(db, id);
}

/** Take the applicant role away (the records stay as they are). */
export async function revokeOnboarding(ctx: OnboardingContext & { id: number }) {
  await requireManaged(ctx.db, ctx.actor, ctx.id);
  const roleId = await applicantRoleId(ctx.db);
  await ctx.db
    .delete(roleAssignments)
    .where(and(eq(roleAssignments.EmployeeID, ctx.id), eq(roleAssignments.RoleID, roleId)));
  return onboardingEmployee(ctx.db, ctx.id);
}

export async function sendOnboarding(ctx: OnboardingContext & { id: number }) {
  await requireManaged(ctx.db, ctx.actor, ctx.id);
  await invite(ctx, ctx.id);
  return onboardingEmployee(ctx.db, ctx.id);
}

export async function requiredFilled(p: { db: Db; actor: Actor; id: number }) {
  await requireReadable(p.db, p.actor, p.id);
  const { Missing } = await onboardingEmployee(p.db, p.id);
  return { IsFilled: Missing.length === 0, Missing };
}

export async function saveOnboardingProfile(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: OnboardingProfileSave;
}) {
  await requireReadable(p.db, p.actor, p.id);
  // The profile rules (SSN masked, audit) apply; the access was checked above for onboarding.
  const asProfileWriter: Actor = {
    ...p.actor,
    has: (key) => (key === 'profile:own' && p.id === p.actor.EmployeeID) || p.actor.has(key),
    offices: (key) =>
      key === 'employees:write' || key === 'employees:read' ? manageScope(p.actor) : p.actor.offices(key),
  };
  await saveProfile({ db: p.db, actor: asProfileWriter, id: p.id, body: p.body, partial: true });
  return onboardingEmployee(p.db, p.id);
}

export function onboardingPermission(actor: Actor) {
  return { IsOnboarding: actor.has(ONBOARDING_PERMISSION), CanManage: actor.has(ONBOARDING_MANAGE) };
}

export async function telemapperLink(p: { db: Db; actor: Actor }) {
  const [e] = await p.db
    .select({ MeridianEmployeeID: employees.MeridianEmployeeID })
    .from(employees)
    .where(eq(employees.EmployeeID, p.actor.EmployeeID));
  return { IsLinked: !!e?.MeridianEmployeeID, MeridianEmployeeID: e?.MeridianEmployeeID ?? null };
}
