// Commission tiers: pure maths, no I/O (spec 001 §5 "Commission", §9 "Single-tier commission end
// amount 1,000,000"; issue 17).
//
// A tier table covers the measure (units sold, or a payout amount) from 0 to 1,000,000 without gap
// or overlap: tier i is the half-open range [From_i, To_i); the first From is 0, each From is the
// previous To, the last To is 1,000,000 (TIER_MAX). A single tier runs from 0 to 1,000,000.
//
// Semantics: MARGINAL (graduated), like tax brackets. Every unit of the measure is paid at the rate
// of the tier it falls in: the amount for a measure x is
//     pay(x) = Σ_i Rate_i × |[From_i, To_i) ∩ [0, x)|
// so pay is continuous at every boundary (no cliff where one more unit changes the pay of all the
// others), never decreasing while rates are ≥ 0, and additive: what was already counted before
// (`prior`) is never paid again — pay(prior, q1) + pay(prior + q1, q2) = pay(prior, q1 + q2).
// Rates are integer cents per unit; amounts are rounded to the cent once, on the running total
// (round(pay(prior + q)) − round(pay(prior))), so increments telescope exactly.
//
// Exactly one tier applies to any amount x in [0, 1,000,000]: the one with From ≤ x < To, and the
// last tier for x = 1,000,000 itself.

import { TIER_MAX, TIER_MESSAGES, tierRangeProblems } from '../../../src/contract/commission';

export { TIER_MAX, TIER_MESSAGES };

export interface Tier {
  /** Inclusive start of the measure. */
  From: number;
  /** Exclusive end of the measure (the last tier's To is TIER_MAX, inclusive). */
  To: number;
  /** Integer cents paid per unit of the measure inside this tier. */
  RateCents: number;
}

export interface TierProblem {
  /** Index of the tier row (0-based) in the list as given. */
  index: number;
  field: 'From' | 'To' | 'RateCents';
  message: string;
}

/** A tier table of a single tier: 0 to 1,000,000 at one rate. */
export function singleTier(rateCents: number): Tier[] {
  return [{ From: 0, To: TIER_MAX, RateCents: rateCents }];
}

/**
 * Every problem of a tier table, by row and field: bounds out of range, end not after start,
 * overlaps and gaps (rows are checked in the order of their From; messages name the tier rows, 1-based
 * in the order given), first From not 0, last To not 1,000,000, negative or non-integer rates.
 * An empty table has one problem: no tier.
 */
export function tierProblems(tiers: readonly Tier[]): TierProblem[] {
  const problems: TierProblem[] = [];
  let bounded = tiers.length > 0;
  tiers.forEach((t, i) => {
    if (!Number.isFinite(t.From) || t.From < 0 || t.From > TIER_MAX) {
      problems.push({ index: i, field: 'From', message: TIER_MESSAGES.outOfRange });
      bounded = false;
    }
    if (!Number.isFinite(t.To) || t.To < 0 || t.To > TIER_MAX) {
      problems.push({ index: i, field: 'To', message: TIER_MESSAGES.outOfRange });
      bounded = false;
    }
    if (!Number.isInteger(t.RateCents) || t.RateCents < 0)
      problems.push({ index: i, field: 'RateCents', message: TIER_MESSAGES.rate });
  });
  if (bounded || tiers.length === 0) problems.push(...tierRangeProblems(tiers));
  return problems;
}

/** The tiers sorted by From (assumes a valid table). */
export function sortTiers(tiers: readonly Tier[]): Tier[] {
  return [...tiers].sort((a, b) => a.From - b.From);
}

/** Index (in `sorted`) of the one tier that applies to amount x (clamped to 0..TIER_MAX). */
export function tierIndexFor(sorted: readonly Tier[], x: number): number {
  const v = Math.min(Math.max(x, 0), TIER_MAX);
  for (let i = 0; i < sorted.length; i++) {
    const t = sorted[i];
    if (v >= t.From && (v < t.To || (i === sorted.length - 1 && v <= t.To))) return i;
  }
  return sorted.length - 1;
}

/**
 * Unrounded pay in cents for the measure [0, x) (x clamped to 0..TIER_MAX): the marginal sum.
 * Continuous and piecewise linear.
 */
export function cumulativeCents(sorted: readonly Tier[], x: number): number {
  const v = Math.min(Math.max(x, 0), TIER_MAX);
  let total = 0;
  for (const t of sorted) {
    if (v <= t.From) break;
    total += (Math.min(v, t.To) - t.From) * t.RateCents;
  }
  return total;
}

export interface TierLine {
  /** Index of the tier in the sorted table. */
  TierIndex: number;
  /** Units of the measure paid in this tier. */
  Qty: number;
  RateCents: number;
  /** Cents (rounded on the running total, so the lines add up to the whole amount). */
  AmountCents: number;
}

export interface TierPay {
  /** Cents for the `qty` units counted after `prior` units. */
  AmountCents: number;
  /** Where those units fell, one line per tier touched (in tier order). */
  Lines: TierLine[];
}

/**
 * Pay for `qty` units counted after `prior` units already paid (same policy and period): each unit
 * at its tier's rate. Units beyond TIER_MAX are paid at the last tier's rate (the table's end is a
 * bound on what is entered, not on what is sold).
 */
export function payFor(tiers: readonly Tier[], qty: number, prior = 0): TierPay {
  const sorted = sortTiers(tiers);
  if (!sorted.length || qty <= 0) return { AmountCents: 0, Lines: [] };
  const start = Math.max(prior, 0);
  const end = start + qty;
  const lines: TierLine[] = [];
  const running = (x: number) => {
    if (x <= TIER_MAX) return cumulativeCents(sorted, x);
    return cumulativeCents(sorted, TIER_MAX) + (x - TIER_MAX) * sorted[sorted.length - 1].RateCents;
  };
  let paidSoFar = Math.round(running(start));
  for (let i = 0; i < sorted.length; i++) {
    const t = sorted[i];
    const lo = Math.max(start, t.From);
    const hi = i === sorted.length - 1 ? end : Math.min(end, t.To);
    if (hi <= lo) continue;
    const upTo = Math.round(running(hi));
    lines.push({ TierIndex: i, Qty: hi - lo, RateCents: t.RateCents, AmountCents: upTo - paidSoFar });
    paidSoFar = upTo;
  }
  return { AmountCents: Math.round(running(end)) - Math.round(running(start)), Lines: lines };
}
