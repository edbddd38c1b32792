// Onboarding applications: create (an office for an applicant, or a self sign-up where the division's
// policy allows it), transfer to another office, remove, field values and documents. The flow and the
// status changes are in flow-service.ts.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EmployeeStatus, RoleScope } from '../../../src/contract/common';
import { ONBOARDING_MANAGE } from '../../../src/contract/employees';
import {
  ONBOARDING_MESSAGES,
  type OnboardingApplicationCreate,
  type OnboardingFieldSave,
  type OnboardingFieldValue,
  type OnboardingTransfer,
  STATUS_TRANSITIONS,
  type StatusType,
} from '../../../src/contract/onboarding';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  onboardingApplicationDocuments,
  onboardingApplicationStatuses,
  onboardingApplications,
  onboardingDocuments,
  onboardingFieldValues,
  onboardingReferenceFields,
  roleAssignments,
  rolePermissions,
  roles,
  sessions,
} from '../../db/tables';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { inScope } from '../access/service';
import { hashPassword } from '../auth/passwords';
import { checkPassword } from '../employees/save-service';
import {
  APPLICATION,
  type ApplicationRow,
  applicationOf,
  applicationRow,
  canManage,
  clearValue,
  requireApplication,
  reveals,
} from './application-read';
import { conflict, type DbOrTx, type OnboardingCtx, refused } from './common';
import { policyIdOfDivision } from './division-policies';
import { checkFieldValue, maskSensitive } from './field-rules';
import { type CheckedFile, checkUpload, type UploadedPart } from './files';
import { notifyApplication } from './mail';
import { policyOf } from './policy-read';

export async function applicantRoleId(db: DbOrTx): Promise<number> {
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

async function requireOfficeDivision(db: DbOrTx, officeId: number, divisionId: number) {
  const [office] = await db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, officeId));
  if (!office)
    throw badRequest('This office does not exist', { IcdOfficeID: ['This office does not exist'] });
  const [at] = await db
    .select()
    .from(officeDivisions)
    .where(and(eq(officeDivisions.IcdOfficeID, officeId), eq(officeDivisions.DivisionID, divisionId)));
  if (!at)
    throw badRequest('The division is not at this office', {
      DivisionID: ['The division is not at this office'],
    });
}

/** Files named Document:<OnboardingDocumentID> (a document of the policy) or Document (any other). */
async function documentFiles(db: DbOrTx, policyId: number, parts: UploadedPart[]) {
  const docs = await db
    .select({ id: onboardingDocuments.OnboardingDocumentID })
    .from(onboardingDocuments)
    .where(eq(onboardingDocuments.OnboardingPolicyID, policyId));
  const known = new Set(docs.map((d) => d.id));
  return parts.map((part) => {
    const m = /^Document(?::(\d{1,9}))?$/.exec(part.field);
    if (!m) throw badRequest(`Unexpected file field ${part.field}`, { [part.field]: ['Unexpected file'] });
    const docId = m[1] ? Number(m[1]) : null;
    if (docId !== null && !known.has(docId))
      throw badRequest('This document is not one of the policy', {
        [part.field]: ['This document is not one of the policy'],
      });
    return { docId, file: checkUpload(part) };
  });
}

async function storeDocuments(
  db: DbOrTx,
  applicationId: number,
  files: { docId: number | null; file: CheckedFile }[],
) {
  if (!files.length) return;
  await db.insert(onboardingApplicationDocuments).values(
    files.map(({ docId, file }) => ({
      OnboardingApplicationID: applicationId,
      OnboardingDocumentID: docId,
      FileName: file.fileName,
      OriginalName: file.originalName,
      ContentType: file.contentType,
      Size: file.data.length,
      Data: file.data,
    })),
  );
}

export async function createApplication(
  ctx: OnboardingCtx,
  body: z.output<typeof OnboardingApplicationCreate>,
  parts: UploadedPart[],
) {
  const { db, actor } = ctx;
  const a = body.Applicant;
  const policyId = await policyIdOfDivision(db, body.DivisionID);
  if (body.IsSelfSignUp) {
    if (!policyId || !(await policyOf(db, policyId)).EnableSelfSignUp)
      throw new AppError(403, ONBOARDING_MESSAGES.selfSignUpClosed, {
        Errors: { DivisionID: [ONBOARDING_MESSAGES.selfSignUpClosed] },
      });
    if (!body.Password) throw badRequest('Choose a password', { Password: ['Choose a password'] });
  } else {
    if (!actor) throw unauthorized();
    if (!actor.has(ONBOARDING_MANAGE)) throw forbidden();
    if (!inScope(actor.offices(ONBOARDING_MANAGE), body.IcdOfficeID)) throw forbidden();
    if (!policyId)
      throw badRequest(ONBOARDING_MESSAGES.noPolicy, { DivisionID: [ONBOARDING_MESSAGES.noPolicy] });
  }
  if (!policyId)
    throw badRequest(ONBOARDING_MESSAGES.noPolicy, { DivisionID: [ONBOARDING_MESSAGES.noPolicy] });
  if (body.Password) checkPassword(body.Password, a);
  const hash = body.Password ? await hashPassword(body.Password, ctx.costLog2) : null;
  const id = await db.transaction(async (tx) => {
    await requireOfficeDivision(tx, body.IcdOfficeID, body.DivisionID);
    const statuses = await tx
      .select()
      .from(onboardingApplicationStatuses)
      .where(eq(onboardingApplicationStatuses.OnboardingPolicyID, policyId))
      .orderBy(
        asc(onboardingApplicationStatuses.SortIndex),
        asc(onboardingApplicationStatuses.OnboardingApplicationStatusID),
      );
    const wanted: StatusType[] = body.IsSelfSignUp ? ['SelfSignUp', 'Initial'] : ['Initial', 'Incomplete'];
    const status = body.InitialOnboardingApplicationStatusID
      ? statuses.find((s) => s.OnboardingApplicationStatusID === body.InitialOnboardingApplicationStatusID)
      : wanted.map((t) => statuses.find((s) => s.StatusType === t)).find((s) => s);
    const field = 'InitialOnboardingApplicationStatusID';
    if (!status)
      throw badRequest('Choose a status of the division’s policy', {
        [field]: ['Choose a status of the division’s policy'],
      });
    if (!wanted.includes(status.StatusType as StatusType))
      throw badRequest('A new application starts in an initial status', {
        [field]: ['A new application starts in an initial status'],
      });
    const [taken] = await tx
      .select({ UserName: employees.UserName })
      .from(employees)
      .where(
        sql`lower(${employees.UserName}) = lower(${a.UserName}) or lower(${employees.EmailAddress}) = lower(${a.EmailAddress})`,
      )
      .limit(1);
    if (taken) {
      const byName = taken.UserName.toLowerCase() === a.UserName.toLowerCase();
      const [f, m] = byName
        ? ['Applicant.UserName', 'This user name is taken']
        : ['Applicant.EmailAddress', 'This e-mail address is used by another employee'];
      throw badRequest(m, { [f]: [m] });
    }
    const files = await documentFiles(tx, policyId, parts);
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
    await tx.insert(roleAssignments).values({ EmployeeID: e.id, RoleID: await applicantRoleId(tx) });
    const [app] = await tx
      .insert(onboardingApplications)
      .values({
        EmployeeID: e.id,
        DivisionID: body.DivisionID,
        IcdOfficeID: body.IcdOfficeID,
        OnboardingPolicyID: policyId,
        OnboardingApplicationStatusID: status.OnboardingApplicationStatusID,
        IsSelfSignUp: body.IsSelfSignUp,
      })
      .returning({ id: onboardingApplications.OnboardingApplicationID });
    await storeDocuments(tx, app.id, files);
    return app.id;
  });
  const row = await applicationRow(db, id);
  await notifyApplication(ctx, row, 'created');
  return applicationOf(db, ctx.cipher, row, reveals(actor, row.IcdOfficeID));
}

/** The statuses of the application's policy it may move to (STATUS_TRANSITIONS; same type always). */
export async function availableStatuses(db: DbOrTx, row: ApplicationRow) {
  const statuses = await db
    .select()
    .from(onboardingApplicationStatuses)
    .where(eq(onboardingApplicationStatuses.OnboardingPolicyID, row.OnboardingPolicyID))
    .orderBy(
      asc(onboardingApplicationStatuses.SortIndex),
      asc(onboardingApplicationStatuses.OnboardingApplicationStatusID),
    );
  const current = statuses.find((s) => s.OnboardingApplicationStatusID === row.OnboardingApplicationStatusID);
  const from = (current?.StatusType ?? 'Initial') as StatusType;
  return statuses
    .filter(
      (s) =>
        s.OnboardingApplicationStatusID !== row.OnboardingApplicationStatusID &&
        (s.StatusType === from || STATUS_TRANSITIONS[from].includes(s.StatusType as StatusType)),
    )
    .map((s) => ({
      OnboardingApplicationStatusID: s.OnboardingApplicationStatusID,
      Name: s.Name,
      StatusType: s.StatusType as StatusType,
    }));
}

export async function readAvailableStatuses(ctx: OnboardingCtx, id: number) {
  const { row, manager } = await requireApplication(ctx.db, ctx.actor, id);
  if (!manager) throw notFound(APPLICATION);
  return availableStatuses(ctx.db, row);
}

export async function transferApplication(
  ctx: OnboardingCtx,
  id: number,
  body: z.output<typeof OnboardingTransfer>,
) {
  const { db, actor } = ctx;
  const row = await db.transaction(async (tx) => {
    const { row, manager } = await requireApplication(tx, actor, id);
    if (!manager) throw notFound(APPLICATION);
    if (row.Version !== body.Version)
      throw conflict(await applicationOf(tx, ctx.cipher, row, reveals(actor, row.IcdOfficeID)));
    if (!canManage(actor, body.IcdOfficeID)) throw forbidden();
    if (row.Stage === 'Approved')
      throw refused('An approved application cannot be moved; the person is an employee now.');
    const divisionId = body.DivisionID ?? row.DivisionID;
    await requireOfficeDivision(tx, body.IcdOfficeID, divisionId);
    if (
      divisionId !== row.DivisionID &&
      (await policyIdOfDivision(tx, divisionId)) !== row.OnboardingPolicyID
    )
      throw refused('That division has another onboarding policy; open a new application there.');
    const [record] = await tx
      .select()
      .from(employmentRecords)
      .where(
        and(
          eq(employmentRecords.EmployeeID, row.EmployeeID),
          eq(employmentRecords.IcdOfficeID, row.IcdOfficeID),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Pending),
        ),
      );
    if (record && body.IcdOfficeID !== row.IcdOfficeID) {
      const [there] = await tx
        .select()
        .from(employmentRecords)
        .where(
          and(
            eq(employmentRecords.EmployeeID, row.EmployeeID),
            eq(employmentRecords.IcdOfficeID, body.IcdOfficeID),
          ),
        );
      if (there) throw refused('The applicant already has a record at that office.');
      await tx
        .update(employmentRecords)
        .set({ IcdOfficeID: body.IcdOfficeID, Version: sql`${employmentRecords.Version} + 1` })
        .where(eq(employmentRecords.EmploymentRecordID, record.EmploymentRecordID));
    }
    if (record) {
      await tx
        .delete(employmentRecordDivisions)
        .where(eq(employmentRecordDivisions.EmploymentRecordID, record.EmploymentRecordID));
      await tx
        .insert(employmentRecordDivisions)
        .values({ EmploymentRecordID: record.EmploymentRecordID, DivisionID: divisionId });
    }
    const [updated] = await tx
      .update(onboardingApplications)
      .set({
        IcdOfficeID: body.IcdOfficeID,
        DivisionID: divisionId,
        Version: row.Version + 1,
        UpdatedAt: new Date(),
      })
      .where(eq(onboardingApplications.OnboardingApplicationID, id))
      .returning();
    return updated;
  });
  return applicationOf(db, ctx.cipher, row, reveals(actor, row.IcdOfficeID));
}

/** Removes an application that is not approved: its pending record and the applicant role go, the account is made inactive. */
export async function deleteApplication(ctx: OnboardingCtx, id: number) {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const { row, manager } = await requireApplication(tx, actor, id);
    if (!manager) throw notFound(APPLICATION);
    if (row.Stage === 'Approved')
      throw refused('An approved application cannot be removed; the person is an employee now.');
    await tx.delete(onboardingApplications).where(eq(onboardingApplications.OnboardingApplicationID, id));
    await tx
      .delete(employmentRecords)
      .where(
        and(
          eq(employmentRecords.EmployeeID, row.EmployeeID),
          eq(employmentRecords.IcdOfficeID, row.IcdOfficeID),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Pending),
        ),
      );
    await tx
      .delete(roleAssignments)
      .where(
        and(
          eq(roleAssignments.EmployeeID, row.EmployeeID),
          eq(roleAssignments.RoleID, await applicantRoleId(tx)),
        ),
      );
    const [active] = await tx
      .select({ id: employmentRecords.EmploymentRecordID })
      .from(employmentRecords)
      .where(
        and(
          eq(employmentRecords.EmployeeID, row.EmployeeID),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        ),
      )
      .limit(1);
    if (!active) {
      // Nothing left to sign in for: the account is made inactive and its sessions end.
      const now = new Date();
      await tx
        .update(employees)
        .set({ Inactive: true, InactiveDate: now.toISOString().slice(0, 10) })
        .where(eq(employees.EmployeeID, row.EmployeeID));
      await tx
        .update(sessions)
        .set({ RevokedAt: now })
        .where(and(eq(sessions.EmployeeID, row.EmployeeID), isNull(sessions.RevokedAt)));
    }
  });
}

/** Whether the caller may change the application's content now (409 with the reason when not). */
export function requireEditable(row: ApplicationRow, manager: boolean, statusType: StatusType) {
  if (row.Stage === 'Approved' || statusType === 'Approved')
    throw refused('This application was approved and can no longer be changed.');
  if (manager) return;
  if (row.IsPaperApplication) throw refused('This application is on paper; the office fills it in.');
  if (statusType === 'Terminated' || statusType === 'Hidden' || statusType === 'Suspended')
    throw refused('This application is closed.');
  if (row.Stage === 'Submitted')
    throw refused('This application was submitted; it can be changed once the office has reviewed it.');
}

export async function statusTypeOf(db: DbOrTx, row: ApplicationRow): Promise<StatusType> {
  const [s] = await db
    .select({ t: onboardingApplicationStatuses.StatusType })
    .from(onboardingApplicationStatuses)
    .where(
      eq(onboardingApplicationStatuses.OnboardingApplicationStatusID, row.OnboardingApplicationStatusID),
    );
  return (s?.t ?? 'Initial') as StatusType;
}

export async function saveField(
  ctx: OnboardingCtx,
  id: number,
  fieldId: number,
  body: OnboardingFieldSave,
): Promise<OnboardingFieldValue> {
  const { db, actor, cipher } = ctx;
  return db.transaction(async (tx) => {
    const { row, manager } = await requireApplication(tx, actor, id);
    const [field] = await tx
      .select()
      .from(onboardingReferenceFields)
      .where(
        and(
          eq(onboardingReferenceFields.OnboardingReferenceFieldID, fieldId),
          eq(onboardingReferenceFields.OnboardingPolicyID, row.OnboardingPolicyID),
        ),
      );
    if (!field) throw notFound('The field');
    requireEditable(row, manager, await statusTypeOf(tx, row));
    const checked =
      body.Value === null || body.Value === undefined
        ? { ok: true as const, value: '' }
        : checkFieldValue(field, body.Value);
    if (!checked.ok) throw badRequest(checked.message, { Value: [checked.message] });
    const where = and(
      eq(onboardingFieldValues.OnboardingApplicationID, id),
      eq(onboardingFieldValues.OnboardingReferenceFieldID, fieldId),
    );
    if (checked.value === '') await tx.delete(onboardingFieldValues).where(where);
    else {
      const stored = field.IsSensitive ? cipher.encrypt(checked.value) : checked.value;
      await tx
        .insert(onboardingFieldValues)
        .values({
          OnboardingApplicationID: id,
          OnboardingReferenceFieldID: fieldId,
          Value: stored,
          IsEncrypted: field.IsSensitive,
        })
        .onConflictDoUpdate({
          target: [
            onboardingFieldValues.OnboardingApplicationID,
            onboardingFieldValues.OnboardingReferenceFieldID,
          ],
          set: { Value: stored, IsEncrypted: field.IsSensitive, UpdatedAt: new Date() },
        });
    }
    await tx
      .update(onboardingApplications)
      .set({ UpdatedAt: new Date() })
      .where(eq(onboardingApplications.OnboardingApplicationID, id));
    const masked = field.IsSensitive && !reveals(actor, row.IcdOfficeID) && checked.value !== '';
    return {
      OnboardingReferenceFieldID: field.OnboardingReferenceFieldID,
      Name: field.Name,
      RequiredAtStatus: (field.RequiredAtStatus as StatusType | null) ?? null,
      IsSensitive: field.IsSensitive,
      InputMask: field.InputMask,
      ValueType: field.ValueType as OnboardingFieldValue['ValueType'],
      ShowInGrid: field.ShowInGrid,
      Value: checked.value === '' ? null : masked ? maskSensitive(checked.value) : checked.value,
      IsMasked: masked,
    };
  });
}

export async function uploadDocuments(ctx: OnboardingCtx, id: number, parts: UploadedPart[]) {
  const { db, actor } = ctx;
  const row = await db.transaction(async (tx) => {
    const { row, manager } = await requireApplication(tx, actor, id);
    requireEditable(row, manager, await statusTypeOf(tx, row));
    if (!parts.length) throw badRequest('Choose a file', { Document: ['Choose a file'] });
    await storeDocuments(tx, id, await documentFiles(tx, row.OnboardingPolicyID, parts));
    return row;
  });
  return applicationOf(db, ctx.cipher, row, reveals(actor, row.IcdOfficeID));
}

export async function documentFile(ctx: OnboardingCtx, id: number, documentId: number) {
  await requireApplication(ctx.db, ctx.actor, id);
  const [d] = await ctx.db
    .select()
    .from(onboardingApplicationDocuments)
    .where(
      and(
        eq(onboardingApplicationDocuments.OnboardingApplicationID, id),
        eq(onboardingApplicationDocuments.OnboardingApplicationDocumentID, documentId),
      ),
    );
  if (!d) throw notFound('The document');
  return { name: d.FileName, contentType: d.ContentType, data: d.Data };
}

export { clearValue };
