// The division each onboarding policy governs (spec 001 §3 "Onboarding policy"): a division's policy,
// assigning one or removing it (the division then takes no more applications), and the divisions
// that take applications with their offices (anonymous callers: those enabling self sign-up).
import { and, asc, eq } from 'drizzle-orm';
import type { OnboardingDivision } from '../../../src/contract/onboarding';
import type { Db } from '../../db/client';
import {
  divisionOnboardingPolicies,
  divisions,
  icdOffices,
  officeDivisions,
  onboardingPolicies,
} from '../../db/tables';
import { notFound } from '../../errors';
import type { DbOrTx } from './common';
import { POLICY, policyOf } from './policy-read';

async function requireDivision(db: DbOrTx, id: number) {
  const [d] = await db.select().from(divisions).where(eq(divisions.DivisionID, id));
  if (!d) throw notFound('The division');
  return d;
}

export async function policyIdOfDivision(db: DbOrTx, divisionId: number): Promise<number | null> {
  const [row] = await db
    .select()
    .from(divisionOnboardingPolicies)
    .where(eq(divisionOnboardingPolicies.DivisionID, divisionId));
  return row?.OnboardingPolicyID ?? null;
}

export async function divisionPolicy(db: Db, divisionId: number) {
  await requireDivision(db, divisionId);
  const id = await policyIdOfDivision(db, divisionId);
  if (!id) throw notFound(POLICY);
  return policyOf(db, id);
}

export async function assignDivisionPolicy(db: Db, divisionId: number, policyId: number) {
  await requireDivision(db, divisionId);
  await policyOf(db, policyId);
  await db
    .insert(divisionOnboardingPolicies)
    .values({ DivisionID: divisionId, OnboardingPolicyID: policyId })
    .onConflictDoUpdate({
      target: divisionOnboardingPolicies.DivisionID,
      set: { OnboardingPolicyID: policyId },
    });
  return policyOf(db, policyId);
}

/** The division takes no more applications; those it has keep their policy. */
export async function removeDivisionPolicy(db: Db, divisionId: number) {
  await requireDivision(db, divisionId);
  const deleted = await db
    .delete(divisionOnboardingPolicies)
    .where(eq(divisionOnboardingPolicies.DivisionID, divisionId))
    .returning();
  if (!deleted.length) throw notFound(POLICY);
}

/** Divisions that take applications, with the offices they are at; anonymous callers: self sign-up ones. */
export async function onboardingDivisions(db: Db, selfSignUpOnly: boolean): Promise<OnboardingDivision[]> {
  const rows = await db
    .select({
      DivisionID: divisions.DivisionID,
      Name: divisions.Name,
      OnboardingPolicyID: onboardingPolicies.OnboardingPolicyID,
      EnableSelfSignUp: onboardingPolicies.EnableSelfSignUp,
    })
    .from(divisionOnboardingPolicies)
    .innerJoin(divisions, eq(divisions.DivisionID, divisionOnboardingPolicies.DivisionID))
    .innerJoin(
      onboardingPolicies,
      eq(onboardingPolicies.OnboardingPolicyID, divisionOnboardingPolicies.OnboardingPolicyID),
    )
    .where(
      and(
        eq(divisions.IsActive, true),
        selfSignUpOnly ? eq(onboardingPolicies.EnableSelfSignUp, true) : undefined,
      ),
    )
    .orderBy(asc(divisions.Name));
  const offices = await db
    .select({
      DivisionID: officeDivisions.DivisionID,
      IcdOfficeID: icdOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      City: icdOffices.City,
      StateProvince: icdOffices.StateProvince,
    })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .orderBy(asc(icdOffices.OfficeName));
  return rows.map((d) => ({
    ...d,
    Offices: offices.filter((o) => o.DivisionID === d.DivisionID).map(({ DivisionID: _d, ...o }) => o),
  }));
}
