// Saving onboarding policies (spec 001 §3 "Onboarding policy"): create and change a policy (Name,
// EnableSelfSignUp, EmployeeRoleID and its lists, with the requirements files and blank forms sent
// with it). Written with onboarding:policies. A save replaces each list it carries: items with their
// id are kept and updated, items without one are added, the others removed (a status still used by
// an application cannot be removed: 409).
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OnboardingPolicy,
  OnboardingPolicyPatch,
  OnboardingPolicySave,
} from '../../../src/contract/onboarding';
import type { Db } from '../../db/client';
import {
  onboardingApplicationStatuses,
  onboardingApplications,
  onboardingContactEmails,
  onboardingDocumentGroups,
  onboardingDocuments,
  onboardingPolicies,
  onboardingReferenceFields,
  roles,
} from '../../db/tables';
import { badRequest } from '../../errors';
import { conflict, type DbOrTx, refused } from './common';
import { type CheckedFile, checkUpload, type UploadedPart } from './files';
import { groupsOf, policyOf } from './policy-read';

/** Files of a policy save: RequirementsFile:<group index> and BlankForm:<document index>. */
function policyFiles(parts: UploadedPart[]) {
  const requirements = new Map<number, CheckedFile>();
  const blanks = new Map<number, CheckedFile>();
  for (const part of parts) {
    const m = /^(RequirementsFile|BlankForm):(\d{1,3})$/.exec(part.field);
    if (!m) throw badRequest(`Unexpected file field ${part.field}`, { [part.field]: ['Unexpected file'] });
    const file = checkUpload(part, m[1] === 'BlankForm' ? 'blank-form' : 'requirements');
    (m[1] === 'BlankForm' ? blanks : requirements).set(Number(m[2]), file);
  }
  return { requirements, blanks };
}

type Lists = Partial<z.output<typeof OnboardingPolicySave>>;

async function requireRole(tx: DbOrTx, roleId: number | null | undefined) {
  if (!roleId) return;
  const [r] = await tx.select({ id: roles.RoleID }).from(roles).where(eq(roles.RoleID, roleId));
  if (!r) throw badRequest('This role does not exist', { EmployeeRoleID: ['This role does not exist'] });
}

/** Replaces the lists carried by `v` (see the file's comment). */
async function saveLists(tx: DbOrTx, policyId: number, v: Lists, parts: UploadedPart[]) {
  const { requirements, blanks } = policyFiles(parts);
  if (v.ContactEmails) {
    await tx.delete(onboardingContactEmails).where(eq(onboardingContactEmails.OnboardingPolicyID, policyId));
    const unique = [...new Set(v.ContactEmails.map((e) => e.trim()))];
    if (unique.length)
      await tx
        .insert(onboardingContactEmails)
        .values(unique.map((EmailAddress) => ({ OnboardingPolicyID: policyId, EmailAddress })));
  }
  if (v.ApplicationStatuses) {
    const keep = ownIds(v.ApplicationStatuses.map((s) => s.OnboardingApplicationStatusID));
    await requireOwn(tx, onboardingApplicationStatuses, policyId, keep, 'ApplicationStatuses');
    const removed = await tx
      .select({ id: onboardingApplicationStatuses.OnboardingApplicationStatusID })
      .from(onboardingApplicationStatuses)
      .where(
        and(
          eq(onboardingApplicationStatuses.OnboardingPolicyID, policyId),
          keep.length
            ? notInArray(onboardingApplicationStatuses.OnboardingApplicationStatusID, keep)
            : undefined,
        ),
      );
    if (removed.length) {
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(onboardingApplications)
        .where(
          inArray(
            onboardingApplications.OnboardingApplicationStatusID,
            removed.map((r) => r.id),
          ),
        );
      if (used.n > 0)
        throw refused(
          `A status you removed is used by ${used.n} application(s). Move them to another status first.`,
        );
      await tx.delete(onboardingApplicationStatuses).where(
        inArray(
          onboardingApplicationStatuses.OnboardingApplicationStatusID,
          removed.map((r) => r.id),
        ),
      );
    }
    for (const [i, s] of v.ApplicationStatuses.entries()) {
      const values = { Name: s.Name, StatusType: s.StatusType, SortIndex: i };
      if (s.OnboardingApplicationStatusID)
        await tx
          .update(onboardingApplicationStatuses)
          .set(values)
          .where(
            eq(onboardingApplicationStatuses.OnboardingApplicationStatusID, s.OnboardingApplicationStatusID),
          );
      else await tx.insert(onboardingApplicationStatuses).values({ ...values, OnboardingPolicyID: policyId });
    }
  }
  if (v.ReferenceFields) {
    const keep = ownIds(v.ReferenceFields.map((f) => f.OnboardingReferenceFieldID));
    await requireOwn(tx, onboardingReferenceFields, policyId, keep, 'ReferenceFields');
    await tx
      .delete(onboardingReferenceFields)
      .where(
        and(
          eq(onboardingReferenceFields.OnboardingPolicyID, policyId),
          keep.length ? notInArray(onboardingReferenceFields.OnboardingReferenceFieldID, keep) : undefined,
        ),
      );
    for (const [i, f] of v.ReferenceFields.entries()) {
      const values = {
        Name: f.Name,
        RequiredAtStatus: f.RequiredAtStatus,
        IsSensitive: f.IsSensitive,
        InputMask: f.InputMask,
        ValueType: f.ValueType,
        ShowInGrid: f.ShowInGrid,
        SortIndex: i,
      };
      if (f.OnboardingReferenceFieldID)
        await tx
          .update(onboardingReferenceFields)
          .set(values)
          .where(eq(onboardingReferenceFields.OnboardingReferenceFieldID, f.OnboardingReferenceFieldID));
      else await tx.insert(onboardingReferenceFields).values({ ...values, OnboardingPolicyID: policyId });
    }
  }
  if (v.OnboardingDocumentGroups) {
    const keep = ownIds(v.OnboardingDocumentGroups.map((g) => g.OnboardingDocumentGroupID));
    await requireOwn(tx, onboardingDocumentGroups, policyId, keep, 'OnboardingDocumentGroups');
    await tx
      .delete(onboardingDocumentGroups)
      .where(
        and(
          eq(onboardingDocumentGroups.OnboardingPolicyID, policyId),
          keep.length ? notInArray(onboardingDocumentGroups.OnboardingDocumentGroupID, keep) : undefined,
        ),
      );
    for (const [i, g] of v.OnboardingDocumentGroups.entries()) {
      const file = requirements.get(i);
      const values = {
        Name: g.Name,
        SortIndex: g.SortIndex,
        ...(file
          ? {
              RequirementsFileName: file.originalName,
              RequirementsContentType: file.contentType,
              RequirementsFile: file.data,
            }
          : {}),
      };
      if (g.OnboardingDocumentGroupID)
        await tx
          .update(onboardingDocumentGroups)
          .set(values)
          .where(eq(onboardingDocumentGroups.OnboardingDocumentGroupID, g.OnboardingDocumentGroupID));
      else await tx.insert(onboardingDocumentGroups).values({ ...values, OnboardingPolicyID: policyId });
    }
  } else if (requirements.size) {
    throw badRequest('Send the document groups with their requirements files', {
      OnboardingDocumentGroups: ['Send the document groups with their requirements files'],
    });
  }
  if (v.OnboardingDocuments) {
    const keep = ownIds(v.OnboardingDocuments.map((d) => d.OnboardingDocumentID));
    await requireOwn(tx, onboardingDocuments, policyId, keep, 'OnboardingDocuments');
    await tx
      .delete(onboardingDocuments)
      .where(
        and(
          eq(onboardingDocuments.OnboardingPolicyID, policyId),
          keep.length ? notInArray(onboardingDocuments.OnboardingDocumentID, keep) : undefined,
        ),
      );
    const groups = await groupsOf(tx, policyId);
    for (const [i, d] of v.OnboardingDocuments.entries()) {
      const group = d.DocumentGroup
        ? groups.find((g) => g.Name.toLowerCase() === d.DocumentGroup?.toLowerCase())
        : undefined;
      if (d.DocumentGroup && !group)
        throw badRequest('No document group has this name', {
          [`OnboardingDocuments.${i}.DocumentGroup`]: ['No document group has this name'],
        });
      const file = blanks.get(i);
      const values = {
        Name: d.Name,
        IsRequired: d.IsRequired,
        SortIndex: i,
        OnboardingDocumentGroupID: group?.OnboardingDocumentGroupID ?? null,
        ...(file
          ? {
              BlankFormFileName: file.originalName,
              BlankFormContentType: file.contentType,
              BlankForm: file.data,
            }
          : {}),
      };
      if (d.OnboardingDocumentID)
        await tx
          .update(onboardingDocuments)
          .set(values)
          .where(eq(onboardingDocuments.OnboardingDocumentID, d.OnboardingDocumentID));
      else await tx.insert(onboardingDocuments).values({ ...values, OnboardingPolicyID: policyId });
    }
  } else if (blanks.size) {
    throw badRequest('Send the documents with their blank forms', {
      OnboardingDocuments: ['Send the documents with their blank forms'],
    });
  }
}

function ownIds(ids: (number | null | undefined)[]): number[] {
  return ids.filter((id): id is number => typeof id === 'number');
}

type PolicyChild =
  | typeof onboardingApplicationStatuses
  | typeof onboardingReferenceFields
  | typeof onboardingDocumentGroups
  | typeof onboardingDocuments;

/** Every id a save names must be one of this policy's (else 400: ids of another policy are not taken over). */
async function requireOwn(tx: DbOrTx, table: PolicyChild, policyId: number, ids: number[], field: string) {
  if (!ids.length) return;
  const idColumn =
    'OnboardingApplicationStatusID' in table
      ? table.OnboardingApplicationStatusID
      : 'OnboardingReferenceFieldID' in table
        ? table.OnboardingReferenceFieldID
        : 'OnboardingDocumentID' in table
          ? table.OnboardingDocumentID
          : table.OnboardingDocumentGroupID;
  const rows = await tx
    .select({ id: idColumn })
    .from(table)
    .where(and(eq(table.OnboardingPolicyID, policyId), inArray(idColumn, ids)));
  if (rows.length !== new Set(ids).size)
    throw badRequest('An item of this list belongs to another policy', {
      [field]: ['An item of this list belongs to another policy'],
    });
}

export async function createPolicy(
  db: Db,
  body: z.output<typeof OnboardingPolicySave>,
  parts: UploadedPart[],
): Promise<OnboardingPolicy> {
  const id = await db.transaction(async (tx) => {
    await requireRole(tx, body.EmployeeRoleID);
    const [p] = await tx
      .insert(onboardingPolicies)
      .values({
        Name: body.Name,
        EnableSelfSignUp: body.EnableSelfSignUp,
        EmployeeRoleID: body.EmployeeRoleID,
      })
      .returning({ id: onboardingPolicies.OnboardingPolicyID });
    await saveLists(
      tx,
      p.id,
      {
        ...body,
        ContactEmails: body.ContactEmails ?? [],
        // A policy always has a first status for new applications and one for self sign-ups.
        ApplicationStatuses: body.ApplicationStatuses?.length
          ? body.ApplicationStatuses
          : [
              { Name: 'New', StatusType: 'Initial' },
              { Name: 'Self sign-up', StatusType: 'SelfSignUp' },
              { Name: 'Hired', StatusType: 'Approved' },
              { Name: 'Not hired', StatusType: 'Terminated' },
            ],
      },
      parts,
    );
    return p.id;
  });
  return policyOf(db, id);
}

export async function patchPolicy(
  db: Db,
  id: number,
  body: z.output<typeof OnboardingPolicyPatch>,
  parts: UploadedPart[],
): Promise<OnboardingPolicy> {
  await db.transaction(async (tx) => {
    const current = await policyOf(tx, id);
    if (current.Version !== body.Version) throw conflict(current);
    if (body.EmployeeRoleID !== undefined) await requireRole(tx, body.EmployeeRoleID);
    await tx
      .update(onboardingPolicies)
      .set({
        ...(body.Name !== undefined ? { Name: body.Name } : {}),
        ...(body.EnableSelfSignUp !== undefined ? { EnableSelfSignUp: body.EnableSelfSignUp } : {}),
        ...(body.EmployeeRoleID !== undefined ? { EmployeeRoleID: body.EmployeeRoleID } : {}),
        Version: current.Version + 1,
        UpdatedAt: new Date(),
      })
      .where(eq(onboardingPolicies.OnboardingPolicyID, id));
    await saveLists(tx, id, body, parts);
  });
  return policyOf(db, id);
}
