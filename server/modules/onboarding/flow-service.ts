// The application's flow (spec 001 §4, spec 002 §4): created → started → saved → submitted →
// reviewed (review required: the office's comments go back to the applicant, who fixes and submits
// again) → approved; paper ↔ online; status changes within the policy's statuses (STATUS_TRANSITIONS).
// Approving (a status of type Approved) hires the applicant: their pending record at the office
// becomes Active with the hire date, the applicant role gives way to the policy's employee role, the
// bank account is created from the application's bank fields and an SSN/SIN field fills the
// employee's SSN — nothing is typed again. Terminating closes the pending record and the applicant
// role; reopening (Initial from Terminated) gives them back.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { checkBankRules } from '../../../src/contract/bank';
import { EmployeeStatus } from '../../../src/contract/common';
import type { OnboardingApplicationPatch, StatusType } from '../../../src/contract/onboarding';
import {
  bankAccounts,
  bankInfos,
  employees,
  employmentRecords,
  onboardingApplicationStatuses,
  onboardingApplications,
  onboardingFieldValues,
  onboardingPolicies,
  onboardingReferenceFields,
  roleAssignments,
} from '../../db/tables';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { recordEmploymentRecordChange } from '../employments/record';
import {
  type ApplicationRow,
  applicationOf,
  fieldValuesOf,
  missingOf,
  requireApplication,
  reveals,
} from './application-read';
import { applicantRoleId, availableStatuses, requireEditable, statusTypeOf } from './applications-service';
import { conflict, type DbOrTx, type OnboardingCtx, refused, type Tx } from './common';
import { type ApplicationEvent, notifyApplication } from './mail';

type Patch = z.output<typeof OnboardingApplicationPatch>;

const OFFICE_ONLY = ['Review', 'ToPaper', 'ToOnline'] as const;

export async function patchApplication(ctx: OnboardingCtx, id: number, body: Patch) {
  const { db, actor, cipher } = ctx;
  let event: ApplicationEvent | null = null;
  const row = await db.transaction(async (tx) => {
    const { row, manager } = await requireApplication(tx, actor, id);
    if (row.Version !== body.Version)
      throw conflict(await applicationOf(tx, cipher, row, reveals(actor, row.IcdOfficeID)));
    if (
      !manager &&
      ((body.Action && (OFFICE_ONLY as readonly string[]).includes(body.Action)) ||
        body.OnboardingApplicationStatusID !== undefined ||
        body.ReviewComments !== undefined)
    )
      throw forbidden();
    const statusType = await statusTypeOf(tx, row);
    const changesContent =
      body.Applicant !== undefined ||
      body.Bank !== undefined ||
      body.Comments !== undefined ||
      body.Action === 'Save' ||
      body.Action === 'Start' ||
      body.Action === 'Submit';
    if (changesContent) requireEditable(row, manager, statusType);
    const set: Partial<typeof onboardingApplications.$inferInsert> = {};
    const now = new Date();
    if (body.Applicant) await saveApplicant(tx, row.EmployeeID, body.Applicant);
    if (body.Bank !== undefined) Object.assign(set, bankFields(row, body.Bank, cipher));
    if (body.Comments !== undefined) set.Comments = body.Comments;
    if (body.ReviewComments) {
      for (const k of ['FedW4Error', 'ProvW4Error', 'I9Error', 'DDerror'] as const)
        if (body.ReviewComments[k] !== undefined) set[k] = body.ReviewComments[k];
    }
    const stage = row.Stage;
    switch (body.Action) {
      case 'Start':
        if (stage !== 'Created') throw refused('This application was already started.');
        set.Stage = 'Started';
        break;
      case 'Save':
        if (stage === 'Created' || stage === 'Started' || stage === 'Reviewed')
          set.Stage = stage === 'Reviewed' ? 'Reviewed' : 'Saved';
        break;
      case 'Submit': {
        if (stage === 'Submitted') throw refused('This application was already submitted.');
        const probe = { ...row, ...set } as ApplicationRow;
        const missing = await missingOf(tx, probe, await fieldValuesOf(tx, cipher, probe, true));
        if (missing.length)
          throw new AppError(400, `Fill in before submitting: ${missing.join(', ')}`, {
            Errors: { Missing: missing },
          });
        set.Stage = 'Submitted';
        set.ReviewRequired = false;
        set.SubmittedAt = now;
        break;
      }
      case 'Review': {
        if (stage !== 'Submitted') throw refused('Only a submitted application can be reviewed.');
        const merged = { ...row, ...set };
        const comments = [merged.FedW4Error, merged.ProvW4Error, merged.I9Error, merged.DDerror].filter(
          (c) => !!c?.trim(),
        );
        set.ReviewRequired = comments.length > 0;
        set.Stage = comments.length > 0 ? 'Reviewed' : 'Submitted';
        break;
      }
      case 'ToPaper':
        if (row.IsPaperApplication) throw refused('This application is already on paper.');
        if (row.Stage === 'Approved') throw refused('This application was approved.');
        set.IsPaperApplication = true;
        break;
      case 'ToOnline':
        if (!row.IsPaperApplication) throw refused('This application is already online.');
        if (row.Stage === 'Approved') throw refused('This application was approved.');
        set.IsPaperApplication = false;
        break;
    }
    if (
      body.OnboardingApplicationStatusID !== undefined &&
      body.OnboardingApplicationStatusID !== row.OnboardingApplicationStatusID
    ) {
      const targets = await availableStatuses(tx, row);
      const target = targets.find(
        (s) => s.OnboardingApplicationStatusID === body.OnboardingApplicationStatusID,
      );
      if (!target) {
        const [known] = await tx
          .select()
          .from(onboardingApplicationStatuses)
          .where(
            and(
              eq(
                onboardingApplicationStatuses.OnboardingApplicationStatusID,
                body.OnboardingApplicationStatusID,
              ),
              eq(onboardingApplicationStatuses.OnboardingPolicyID, row.OnboardingPolicyID),
            ),
          );
        if (!known)
          throw badRequest('This status is not one of the policy', {
            OnboardingApplicationStatusID: ['This status is not one of the policy'],
          });
        throw refused(`An application cannot move from ${statusType} to ${known.StatusType}.`);
      }
      const probe = { ...row, ...set } as ApplicationRow;
      const fields = await fieldValuesOf(tx, cipher, probe, true);
      const needed = fields
        .filter((f) => f.RequiredAtStatus === target.StatusType && f.Value === null)
        .map((f) => f.Name);
      if (target.StatusType === 'Approved') {
        if (!probe.IsPaperApplication && (probe.Stage !== 'Submitted' || probe.ReviewRequired))
          throw refused(
            probe.ReviewRequired
              ? 'The applicant has review comments to address before approval.'
              : 'Only a submitted application can be approved.',
          );
        needed.push(...(await missingOf(tx, probe, fields)).filter((m) => !needed.includes(m)));
      }
      if (needed.length)
        throw new AppError(400, `Fill in first: ${needed.join(', ')}`, { Errors: { Missing: needed } });
      set.OnboardingApplicationStatusID = target.OnboardingApplicationStatusID;
      if (target.StatusType === 'Approved') {
        Object.assign(set, await hire(tx, ctx, probe, body.HireDate ?? now.toISOString().slice(0, 10)));
        event = 'approved';
      } else if (target.StatusType === 'Terminated') {
        await closeOnboarding(tx, probe, now.toISOString().slice(0, 10));
        event = 'terminated';
      } else if (statusType === 'Terminated') {
        await reopenOnboarding(tx, probe);
      }
    }
    const [updated] = await tx
      .update(onboardingApplications)
      .set({ ...set, Version: row.Version + 1, UpdatedAt: now })
      .where(eq(onboardingApplications.OnboardingApplicationID, id))
      .returning();
    return updated;
  });
  if (event) await notifyApplication(ctx, row, event);
  return applicationOf(db, cipher, row, reveals(actor, row.IcdOfficeID));
}

function hasBank(row: ApplicationRow): boolean {
  return !!(row.BankCountryID && row.BankName && row.RoutingNumber && row.AccountNumber);
}

function bankFields(row: ApplicationRow, bank: Patch['Bank'], cipher: OnboardingCtx['cipher']) {
  if (bank === null || bank === undefined)
    return {
      BankCountryID: null,
      BankName: null,
      RoutingNumber: null,
      InstitutionNumber: null,
      AccountNumber: null,
    };
  const errors: Record<string, string[]> = {};
  checkBankRules(bank, (field, message) => {
    errors[`Bank.${field}`] = [message];
  });
  if (!bank.AccountNumber && !row.AccountNumber) errors['Bank.AccountNumber'] = ['Enter the account number.'];
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0][0], errors);
  return {
    BankCountryID: bank.CountryID,
    BankName: bank.BankName,
    RoutingNumber: bank.RoutingNumber,
    InstitutionNumber: bank.InstitutionNumber ?? null,
    ...(bank.AccountNumber ? { AccountNumber: cipher.encrypt(bank.AccountNumber) } : {}),
  };
}

async function saveApplicant(tx: Tx, employeeId: number, a: NonNullable<Patch['Applicant']>) {
  if (a.EmailAddress) {
    const [taken] = await tx
      .select({ id: employees.EmployeeID })
      .from(employees)
      .where(
        sql`lower(${employees.EmailAddress}) = lower(${a.EmailAddress}) and ${employees.EmployeeID} <> ${employeeId}`,
      )
      .limit(1);
    if (taken)
      throw badRequest('This e-mail address is used by another employee', {
        'Applicant.EmailAddress': ['This e-mail address is used by another employee'],
      });
  }
  const changes = {
    ...(a.FirstName !== undefined ? { FirstName: a.FirstName } : {}),
    ...(a.LastName !== undefined ? { LastName: a.LastName } : {}),
    ...(a.EmailAddress !== undefined ? { EmailAddress: a.EmailAddress } : {}),
    ...(a.DateOfBirth !== undefined ? { BirthDate: a.DateOfBirth ?? null } : {}),
    ...(a.CellPhone !== undefined
      ? { CellPhone: a.CellPhone?.PhoneNumber || null, CellPhoneExtension: a.CellPhone?.Extension ?? null }
      : {}),
  };
  // An empty Applicant ({}) changes nothing about the person.
  if (Object.keys(changes).length)
    await tx.update(employees).set(changes).where(eq(employees.EmployeeID, employeeId));
}

async function pendingRecord(tx: DbOrTx, row: ApplicationRow) {
  const [record] = await tx
    .select()
    .from(employmentRecords)
    .where(
      and(
        eq(employmentRecords.EmployeeID, row.EmployeeID),
        eq(employmentRecords.IcdOfficeID, row.IcdOfficeID),
      ),
    );
  return record;
}

async function hire(tx: Tx, ctx: OnboardingCtx, row: ApplicationRow, hireDate: string) {
  const record = await pendingRecord(tx, row);
  if (!record) throw notFound('The applicant’s employment record');
  if (record.EmployeeStatusID === EmployeeStatus.Active)
    throw refused('The applicant already works at this office.');
  const [hired] = await tx
    .update(employmentRecords)
    .set({
      EmployeeStatusID: EmployeeStatus.Active,
      HireDate: hireDate,
      TerminationDate: null,
      TerminationReasonID: null,
      TerminationReasonExtra: null,
      Version: sql`${employmentRecords.Version} + 1`,
    })
    .where(eq(employmentRecords.EmploymentRecordID, record.EmploymentRecordID))
    .returning();
  await recordEmploymentRecordChange(tx, { before: record, after: hired, by: ctx.actor?.EmployeeID ?? null });
  const applicantRole = await applicantRoleId(tx);
  await tx
    .delete(roleAssignments)
    .where(and(eq(roleAssignments.EmployeeID, row.EmployeeID), eq(roleAssignments.RoleID, applicantRole)));
  const [policy] = await tx
    .select()
    .from(onboardingPolicies)
    .where(eq(onboardingPolicies.OnboardingPolicyID, row.OnboardingPolicyID));
  if (policy?.EmployeeRoleID)
    await tx.insert(roleAssignments).values({
      EmployeeID: row.EmployeeID,
      RoleID: policy.EmployeeRoleID,
      EmploymentRecordID: record.EmploymentRecordID,
    });
  const [e] = await tx.select().from(employees).where(eq(employees.EmployeeID, row.EmployeeID));
  const employeeSet: Partial<typeof employees.$inferInsert> = { Inactive: false, InactiveDate: null };
  // An SSN or SIN reference field becomes the employee's SSN (9 digits) when they have none.
  const ssn = await tx
    .select({
      Name: onboardingReferenceFields.Name,
      Value: onboardingFieldValues.Value,
      IsEncrypted: onboardingFieldValues.IsEncrypted,
    })
    .from(onboardingFieldValues)
    .innerJoin(
      onboardingReferenceFields,
      eq(
        onboardingReferenceFields.OnboardingReferenceFieldID,
        onboardingFieldValues.OnboardingReferenceFieldID,
      ),
    )
    .where(eq(onboardingFieldValues.OnboardingApplicationID, row.OnboardingApplicationID));
  const idField = ssn.find((f) => /^(ssn|sin)$/i.test(f.Name.trim()));
  if (idField && !e.SSN) {
    const digits = (idField.IsEncrypted ? ctx.cipher.decrypt(idField.Value) : idField.Value).replace(
      /\D/g,
      '',
    );
    if (digits.length === 9) employeeSet.SSN = digits;
  }
  await tx.update(employees).set(employeeSet).where(eq(employees.EmployeeID, row.EmployeeID));
  if (hasBank(row) && row.AccountNumber && row.BankCountryID && row.BankName && row.RoutingNumber) {
    await tx.insert(bankAccounts).values({
      EmployeeID: row.EmployeeID,
      CountryID: row.BankCountryID,
      BankName: row.BankName,
      AccountHolderName: `${e.FirstName} ${e.LastName}`,
      RoutingNumber: row.RoutingNumber,
      InstitutionNumber: row.InstitutionNumber,
      AccountNumber: ctx.cipher.decrypt(row.AccountNumber),
    });
    await tx
      .insert(bankInfos)
      .values({ EmployeeID: row.EmployeeID, CountryID: row.BankCountryID })
      .onConflictDoNothing();
  }
  return {
    Stage: 'Approved' as const,
    ApprovedAt: new Date(),
    EmploymentRecordID: record.EmploymentRecordID,
    ReviewRequired: false,
  };
}

async function closeOnboarding(tx: Tx, row: ApplicationRow, day: string) {
  const record = await pendingRecord(tx, row);
  if (record && record.EmployeeStatusID === EmployeeStatus.Pending)
    await tx
      .update(employmentRecords)
      .set({
        EmployeeStatusID: EmployeeStatus.Terminated,
        TerminationDate: day,
        Version: sql`${employmentRecords.Version} + 1`,
      })
      .where(eq(employmentRecords.EmploymentRecordID, record.EmploymentRecordID));
  await tx
    .delete(roleAssignments)
    .where(
      and(
        eq(roleAssignments.EmployeeID, row.EmployeeID),
        eq(roleAssignments.RoleID, await applicantRoleId(tx)),
      ),
    );
}

async function reopenOnboarding(tx: Tx, row: ApplicationRow) {
  const record = await pendingRecord(tx, row);
  if (record && record.EmployeeStatusID === EmployeeStatus.Terminated)
    await tx
      .update(employmentRecords)
      .set({
        EmployeeStatusID: EmployeeStatus.Pending,
        TerminationDate: null,
        TerminationReasonID: null,
        TerminationReasonExtra: null,
        Version: sql`${employmentRecords.Version} + 1`,
      })
      .where(eq(employmentRecords.EmploymentRecordID, record.EmploymentRecordID));
  const roleId = await applicantRoleId(tx);
  const [held] = await tx
    .select({ id: roleAssignments.RoleAssignmentID })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.EmployeeID, row.EmployeeID), eq(roleAssignments.RoleID, roleId)));
  if (!held) await tx.insert(roleAssignments).values({ EmployeeID: row.EmployeeID, RoleID: roleId });
}

export type { StatusType };
