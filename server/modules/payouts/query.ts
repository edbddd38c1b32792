// Reading posted payouts with their comparison against the payout policy in force on the posted
// date (see src/contract/payouts.ts for the rule). `postedPayouts` is the read other modules call
// (the posted payout reports); it does not check a caller's scope: pass `corporations` to limit it.
import { and, asc, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import {
  comparisonOf,
  PayoutComparison,
  type PostedPayout,
  type PostedPayoutLine,
} from '../../../src/contract/payouts';
import { fromCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { employees, payoutPolicies, postedPayouts as postedPayoutsTable } from '../../db/tables';
import { payFor } from '../../domain/commission/tiers';
import {
  corporationNames,
  divisionNames,
  programNames,
  type Reach,
  reachCondition,
} from '../commission/common';
import type { DbOrTx } from '../scheduling/scope';

export type PostedPayoutRow = typeof postedPayoutsTable.$inferSelect;
type PolicyRow = typeof payoutPolicies.$inferSelect;

export interface PostedPayoutsFilter {
  startDate?: string;
  endDate?: string;
  divisionId?: number;
  icdCorporationId?: number;
  /** Only these corporations ('all' or undefined: every one). */
  corporations?: Reach;
}

const comparisonId = (differenceCents: number) => PayoutComparison[comparisonOf(differenceCents)];

/**
 * The payout policy in force for a division, corporation and program on a day, from a list of the
 * division's policies: the corporation's own before the division's, a program's before the
 * all-programs one (as server/modules/commission/payout-service.ts payoutPolicyFor).
 */
export function policyInForce(
  policies: readonly PolicyRow[],
  q: { DivisionID: number; IcdCorporationID: number; ProgramID: number | null; Date: string },
): PolicyRow | null {
  const rank = (r: PolicyRow) =>
    (r.IcdCorporationID !== null ? 2 : 0) + (r.ProgramID !== null && r.ProgramID === q.ProgramID ? 1 : 0);
  let best: PolicyRow | null = null;
  for (const r of policies) {
    if (r.DivisionID !== q.DivisionID) continue;
    if (r.IcdCorporationID !== null && r.IcdCorporationID !== q.IcdCorporationID) continue;
    if (r.ProgramID !== null && r.ProgramID !== q.ProgramID) continue;
    if (r.StartDate > q.Date || (r.EndDate !== null && r.EndDate < q.Date)) continue;
    if (!best || rank(r) > rank(best) || (rank(r) === rank(best) && r.PayoutPolicyID < best.PayoutPolicyID))
      best = r;
  }
  return best;
}

async function employeeNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: employees.EmployeeID, first: employees.FirstName, last: employees.LastName })
    .from(employees)
    .where(inArray(employees.EmployeeID, unique));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}

/** Stored rows → wire rows, each line and the whole compared with the payout policy in force. */
export async function postedPayoutsToWire(
  db: DbOrTx,
  rows: readonly PostedPayoutRow[],
): Promise<PostedPayout[]> {
  if (!rows.length) return [];
  const divisionIds = [...new Set(rows.map((r) => r.DivisionID))];
  const policies = await db
    .select()
    .from(payoutPolicies)
    .where(inArray(payoutPolicies.DivisionID, divisionIds))
    .orderBy(asc(payoutPolicies.PayoutPolicyID));
  const divs = await divisionNames(db, divisionIds);
  const corps = await corporationNames(
    db,
    rows.map((r) => r.IcdCorporationID),
  );
  const progs = await programNames(
    db,
    rows.flatMap((r) => r.Lines.flatMap((l) => (l.ProgramID === null ? [] : [l.ProgramID]))),
  );
  const people = await employeeNames(
    db,
    rows.flatMap((r) => [r.CreatedByEmployeeID, r.UpdatedByEmployeeID]),
  );
  return rows.map((r) => {
    let posted = 0;
    let expected = 0;
    let quantity = 0;
    const lines: PostedPayoutLine[] = r.Lines.map((l) => {
      const policy = policyInForce(policies, {
        DivisionID: r.DivisionID,
        IcdCorporationID: r.IcdCorporationID,
        ProgramID: l.ProgramID,
        Date: r.PostedDate,
      });
      const expectedCents = policy ? payFor(policy.Tiers, l.Quantity, 0).AmountCents : 0;
      const diff = l.PostedCents - expectedCents;
      posted += l.PostedCents;
      expected += expectedCents;
      quantity += l.Quantity;
      return {
        ProgramID: l.ProgramID,
        ProgramName: l.ProgramID === null ? null : (progs.get(l.ProgramID) ?? ''),
        Quantity: l.Quantity,
        PostedAmount: fromCents(l.PostedCents),
        ExpectedAmount: fromCents(expectedCents),
        Difference: fromCents(diff),
        PayoutComparison: comparisonOf(diff),
        PayoutComparisonID: comparisonId(diff),
        PayoutPolicyID: policy?.PayoutPolicyID ?? null,
        PayoutPolicyName: policy?.Name ?? null,
      };
    });
    const diff = posted - expected;
    return {
      PostedPayoutID: r.PostedPayoutID,
      DivisionID: r.DivisionID,
      DivisionName: divs.get(r.DivisionID) ?? '',
      IcdCorporationID: r.IcdCorporationID,
      CorporationName: corps.get(r.IcdCorporationID) ?? '',
      PostedDate: r.PostedDate,
      Reference: r.Reference,
      Comments: r.Comments,
      Lines: lines,
      Quantity: quantity,
      PostedAmount: fromCents(posted),
      ExpectedAmount: fromCents(expected),
      Difference: fromCents(diff),
      PayoutComparison: comparisonOf(diff),
      PayoutComparisonID: comparisonId(diff),
      CreatedByName: people.get(r.CreatedByEmployeeID) ?? '',
      CreatedAt: r.CreatedAt.toISOString(),
      UpdatedByName: people.get(r.UpdatedByEmployeeID) ?? '',
      UpdatedAt: r.UpdatedAt.toISOString(),
      Version: r.Version,
    };
  });
}

/**
 * Posted payouts (not deleted) posted between startDate and endDate (inclusive, each optional), of a
 * division and/or corporation, newest first, each with its expected amount, difference and
 * PayoutComparison (Positive / Negative / Neutral).
 */
export async function postedPayouts(db: Db | DbOrTx, filter: PostedPayoutsFilter): Promise<PostedPayout[]> {
  const p = postedPayoutsTable;
  const rows = await db
    .select()
    .from(p)
    .where(
      and(
        isNull(p.DeletedAt),
        filter.startDate ? gte(p.PostedDate, filter.startDate) : undefined,
        filter.endDate ? lte(p.PostedDate, filter.endDate) : undefined,
        filter.divisionId ? eq(p.DivisionID, filter.divisionId) : undefined,
        filter.icdCorporationId ? eq(p.IcdCorporationID, filter.icdCorporationId) : undefined,
        filter.corporations ? reachCondition(filter.corporations, p.IcdCorporationID) : undefined,
      ),
    )
    .orderBy(desc(p.PostedDate), desc(p.PostedPayoutID));
  return postedPayoutsToWire(db, rows);
}
