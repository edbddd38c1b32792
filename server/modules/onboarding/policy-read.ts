// Reading onboarding policies (spec 001 §3 "Onboarding policy"): a policy with every list (contact
// e-mails, application statuses, reference fields, document groups with a requirements file,
// documents with a blank form, the divisions it governs), each list alone, every policy, and a
// policy's requirements file or blank form. Policies are global: read with onboarding:manage or
// onboarding:policies (the files also by the applicant).
import { and, asc, eq } from 'drizzle-orm';
import type { OnboardingPolicy, StatusType, ValueType } from '../../../src/contract/onboarding';
import type { Db } from '../../db/client';
import {
  divisionOnboardingPolicies,
  onboardingApplicationStatuses,
  onboardingContactEmails,
  onboardingDocumentGroups,
  onboardingDocuments,
  onboardingPolicies,
  onboardingReferenceFields,
} from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { notFound } from '../../errors';
import type { DbOrTx } from './common';

export const POLICY = 'The onboarding policy';

export async function policyOf(db: DbOrTx, id: number): Promise<OnboardingPolicy> {
  const [p] = await db.select().from(onboardingPolicies).where(eq(onboardingPolicies.OnboardingPolicyID, id));
  if (!p) throw notFound(POLICY);
  const [divs, emails, statuses, fields, groups, docs] = await allOrFirstError(db, [
    () =>
      db
        .select({ DivisionID: divisionOnboardingPolicies.DivisionID })
        .from(divisionOnboardingPolicies)
        .where(eq(divisionOnboardingPolicies.OnboardingPolicyID, id))
        .orderBy(asc(divisionOnboardingPolicies.DivisionID)),
    () =>
      db
        .select()
        .from(onboardingContactEmails)
        .where(eq(onboardingContactEmails.OnboardingPolicyID, id))
        .orderBy(asc(onboardingContactEmails.OnboardingContactEmailID)),
    () => statusesOf(db, id),
    () => fieldsOf(db, id),
    () => groupsOf(db, id),
    () => documentsOf(db, id),
  ] as const);
  return {
    OnboardingPolicyID: p.OnboardingPolicyID,
    Name: p.Name,
    EnableSelfSignUp: p.EnableSelfSignUp,
    EmployeeRoleID: p.EmployeeRoleID,
    Divisions: divs.map((d) => d.DivisionID),
    ContactEmails: emails.map((e) => e.EmailAddress),
    ApplicationStatuses: statuses,
    ReferenceFields: fields,
    OnboardingDocumentGroups: groups,
    OnboardingDocuments: docs,
    Version: p.Version,
  };
}

export async function statusesOf(db: DbOrTx, policyId: number) {
  const rows = await db
    .select()
    .from(onboardingApplicationStatuses)
    .where(eq(onboardingApplicationStatuses.OnboardingPolicyID, policyId))
    .orderBy(
      asc(onboardingApplicationStatuses.SortIndex),
      asc(onboardingApplicationStatuses.OnboardingApplicationStatusID),
    );
  return rows.map((s) => ({
    OnboardingApplicationStatusID: s.OnboardingApplicationStatusID,
    Name: s.Name,
    StatusType: s.StatusType as StatusType,
  }));
}

export async function fieldsOf(db: DbOrTx, policyId: number) {
  const rows = await db
    .select()
    .from(onboardingReferenceFields)
    .where(eq(onboardingReferenceFields.OnboardingPolicyID, policyId))
    .orderBy(
      asc(onboardingReferenceFields.SortIndex),
      asc(onboardingReferenceFields.OnboardingReferenceFieldID),
    );
  return rows.map((f) => ({
    OnboardingReferenceFieldID: f.OnboardingReferenceFieldID,
    Name: f.Name,
    RequiredAtStatus: (f.RequiredAtStatus as StatusType | null) ?? null,
    IsSensitive: f.IsSensitive,
    InputMask: f.InputMask,
    ValueType: f.ValueType as ValueType,
    ShowInGrid: f.ShowInGrid,
  }));
}

export async function groupsOf(db: DbOrTx, policyId: number) {
  const rows = await db
    .select({
      OnboardingDocumentGroupID: onboardingDocumentGroups.OnboardingDocumentGroupID,
      Name: onboardingDocumentGroups.Name,
      SortIndex: onboardingDocumentGroups.SortIndex,
      RequirementsFileName: onboardingDocumentGroups.RequirementsFileName,
    })
    .from(onboardingDocumentGroups)
    .where(eq(onboardingDocumentGroups.OnboardingPolicyID, policyId))
    .orderBy(
      asc(onboardingDocumentGroups.SortIndex),
      asc(onboardingDocumentGroups.OnboardingDocumentGroupID),
    );
  return rows;
}

export async function documentsOf(db: DbOrTx, policyId: number) {
  const rows = await db
    .select({
      OnboardingDocumentID: onboardingDocuments.OnboardingDocumentID,
      Name: onboardingDocuments.Name,
      OnboardingDocumentGroupID: onboardingDocuments.OnboardingDocumentGroupID,
      DocumentGroup: onboardingDocumentGroups.Name,
      IsRequired: onboardingDocuments.IsRequired,
      BlankFormFileName: onboardingDocuments.BlankFormFileName,
    })
    .from(onboardingDocuments)
    .leftJoin(
      onboardingDocumentGroups,
      eq(onboardingDocumentGroups.OnboardingDocumentGroupID, onboardingDocuments.OnboardingDocumentGroupID),
    )
    .where(eq(onboardingDocuments.OnboardingPolicyID, policyId))
    .orderBy(asc(onboardingDocuments.SortIndex), asc(onboardingDocuments.OnboardingDocumentID));
  return rows.map((d) => ({ ...d, DocumentGroup: d.DocumentGroup ?? null }));
}

export async function listPolicies(db: Db): Promise<OnboardingPolicy[]> {
  const ids = await db
    .select({ id: onboardingPolicies.OnboardingPolicyID })
    .from(onboardingPolicies)
    .orderBy(asc(onboardingPolicies.Name), asc(onboardingPolicies.OnboardingPolicyID));
  const out: OnboardingPolicy[] = [];
  for (const { id } of ids) out.push(await policyOf(db, id));
  return out;
}

export async function contactEmailsOf(db: Db, id: number) {
  await policyOf(db, id);
  return db
    .select({
      OnboardingContactEmailID: onboardingContactEmails.OnboardingContactEmailID,
      EmailAddress: onboardingContactEmails.EmailAddress,
    })
    .from(onboardingContactEmails)
    .where(eq(onboardingContactEmails.OnboardingPolicyID, id))
    .orderBy(asc(onboardingContactEmails.OnboardingContactEmailID));
}

export async function policyFile(db: Db, policyId: number, kind: 'requirements' | 'blank', itemId: number) {
  if (kind === 'requirements') {
    const [g] = await db
      .select()
      .from(onboardingDocumentGroups)
      .where(
        and(
          eq(onboardingDocumentGroups.OnboardingPolicyID, policyId),
          eq(onboardingDocumentGroups.OnboardingDocumentGroupID, itemId),
        ),
      );
    if (!g?.RequirementsFile) throw notFound('The requirements file');
    return {
      name: g.RequirementsFileName ?? 'requirements',
      contentType: g.RequirementsContentType ?? 'application/octet-stream',
      data: g.RequirementsFile,
    };
  }
  const [d] = await db
    .select()
    .from(onboardingDocuments)
    .where(
      and(
        eq(onboardingDocuments.OnboardingPolicyID, policyId),
        eq(onboardingDocuments.OnboardingDocumentID, itemId),
      ),
    );
  if (!d?.BlankForm) throw notFound('The blank form');
  return {
    name: d.BlankFormFileName ?? 'form',
    contentType: d.BlankFormContentType ?? 'application/octet-stream',
    data: d.BlankForm,
  };
}
