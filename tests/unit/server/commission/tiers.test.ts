// Commission tiers: validation, the one tier that applies, marginal pay continuous at boundaries,
// and no unit paid twice however the units are split.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cumulativeCents,
  payFor,
  singleTier,
  sortTiers,
  TIER_MAX,
  type Tier,
  tierIndexFor,
  tierProblems,
} from '../../../../server/domain/commission/tiers';
import { ProductPolicySave } from '../../../../src/contract/commission';

/** A valid table: 1–6 tiers with distinct integer cut points inside (0, TIER_MAX). */
const tableArb: fc.Arbitrary<Tier[]> = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: TIER_MAX - 1 }), { maxLength: 5 }),
    fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 6, maxLength: 6 }),
  )
  .map(([cuts, rates]) => {
    const bounds = [0, ...cuts.sort((a, b) => a - b), TIER_MAX];
    return bounds.slice(1).map((To, i) => ({ From: bounds[i], To, RateCents: rates[i] }));
  });

const amountArb = fc.integer({ min: 0, max: TIER_MAX });

describe('tier table validation', () => {
  it('accepts the single tier 0 to 1,000,000', () => {
    expect(singleTier(500)).toEqual([{ From: 0, To: 1_000_000, RateCents: 500 }]);
    expect(tierProblems(singleTier(500))).toEqual([]);
  });

  it('accepts every generated contiguous table', () => {
    fc.assert(fc.property(tableArb, (tiers) => tierProblems(tiers).length === 0));
  });

  it('names the tier rows of an overlap and of a gap', () => {
    const overlap = tierProblems([
      { From: 0, To: 10, RateCents: 1 },
      { From: 5, To: TIER_MAX, RateCents: 2 },
    ]);
    expect(overlap).toEqual([{ index: 1, field: 'From', message: 'Tier 2 overlaps tier 1' }]);
    const gap = tierProblems([
      { From: 20, To: TIER_MAX, RateCents: 2 },
      { From: 0, To: 10, RateCents: 1 },
    ]);
    expect(gap).toEqual([{ index: 0, field: 'From', message: 'Tier 1 must start where tier 2 ends' }]);
  });

  it('refuses a table that does not start at 0 or end at 1,000,000, an empty end or a negative rate', () => {
    const problems = tierProblems([{ From: 1, To: 999_999, RateCents: -1 }]);
    expect(problems.map((p) => p.message).sort()).toEqual(
      ['Enter a rate of 0 or more', 'The first tier starts at 0', 'The last tier ends at 1,000,000'].sort(),
    );
    expect(tierProblems([{ From: 0, To: 0, RateCents: 1 }]).map((p) => p.message)).toContain(
      'The end must be greater than the start',
    );
    expect(tierProblems([])[0].message).toBe('Add at least one tier');
  });

  it('refuses any table where a cut point is moved (gap or overlap)', () => {
    fc.assert(
      fc.property(
        tableArb.filter((t) => t.length > 1),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0),
        (tiers, pick, delta) => {
          const k = pick % (tiers.length - 1);
          const moved = tiers.map((t) => ({ ...t }));
          moved[k + 1].From = Math.max(0, Math.min(TIER_MAX, moved[k + 1].From + delta));
          fc.pre(moved[k + 1].From !== tiers[k + 1].From);
          return tierProblems(moved).length > 0;
        },
      ),
    );
  });
});

describe('which tier applies', () => {
  it('exactly one tier contains any amount in 0..1,000,000', () => {
    fc.assert(
      fc.property(tableArb, amountArb, (tiers, x) => {
        const containing = tiers.filter(
          (t, i) => x >= t.From && (x < t.To || (i === tiers.length - 1 && x === TIER_MAX)),
        );
        expect(containing).toHaveLength(1);
        expect(sortTiers(tiers)[tierIndexFor(sortTiers(tiers), x)]).toBe(containing[0]);
      }),
    );
  });
});

describe('marginal pay', () => {
  it('is continuous at every boundary: one unit more pays at most the higher neighbouring rate', () => {
    fc.assert(
      fc.property(tableArb, (tiers) => {
        const sorted = sortTiers(tiers);
        for (let i = 1; i < sorted.length; i++) {
          const b = sorted[i].From;
          const eps = 1e-3;
          const left = cumulativeCents(sorted, b - eps);
          const at = cumulativeCents(sorted, b);
          const right = cumulativeCents(sorted, b + eps);
          const maxRate = Math.max(sorted[i - 1].RateCents, sorted[i].RateCents);
          expect(Math.abs(at - left)).toBeLessThanOrEqual(maxRate * eps + 1e-3);
          expect(Math.abs(right - at)).toBeLessThanOrEqual(maxRate * eps + 1e-3);
          // Exact at integer units: the unit just below the cut is paid at the lower tier's rate,
          // the unit just above at the upper tier's.
          expect(payFor(sorted, 1, b - 1).AmountCents).toBe(sorted[i - 1].RateCents);
          expect(payFor(sorted, 1, b).AmountCents).toBe(sorted[i].RateCents);
        }
      }),
    );
  });

  it('never pays a unit twice: splitting units across orders pays the same as one order', () => {
    fc.assert(
      fc.property(
        tableArb,
        fc.integer({ min: 0, max: TIER_MAX }),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 6 }),
        (tiers, prior, parts) => {
          const total = parts.reduce((a, b) => a + b, 0);
          let at = prior;
          let split = 0;
          for (const q of parts) {
            split += payFor(tiers, q, at).AmountCents;
            at += q;
          }
          expect(split).toBe(payFor(tiers, total, prior).AmountCents);
        },
      ),
    );
  });

  it('pays each unit at the rate of its tier (lines add up, quantities add up)', () => {
    fc.assert(
      fc.property(tableArb, amountArb, fc.integer({ min: 1, max: 300_000 }), (tiers, prior, qty) => {
        const pay = payFor(tiers, qty, prior);
        expect(pay.Lines.reduce((a, l) => a + l.Qty, 0)).toBe(qty);
        expect(pay.Lines.reduce((a, l) => a + l.AmountCents, 0)).toBe(pay.AmountCents);
        for (const l of pay.Lines) expect(l.AmountCents).toBe(l.Qty * l.RateCents);
        // a brute-force count over the units, when small enough
        if (qty <= 2000) {
          const sorted = sortTiers(tiers);
          let brute = 0;
          for (let n = prior; n < prior + qty; n++)
            brute += sorted[tierIndexFor(sorted, Math.min(n, TIER_MAX))].RateCents;
          expect(pay.AmountCents).toBe(brute);
        }
      }),
    );
  });

  it('a three-tier example: 0–10 at $5, 10–20 at $7, 20– at $10', () => {
    const tiers = [
      { From: 0, To: 10, RateCents: 500 },
      { From: 10, To: 20, RateCents: 700 },
      { From: 20, To: TIER_MAX, RateCents: 1000 },
    ];
    expect(payFor(tiers, 25).AmountCents).toBe(10 * 500 + 10 * 700 + 5 * 1000);
    expect(payFor(tiers, 3, 9).Lines).toEqual([
      { TierIndex: 0, Qty: 1, RateCents: 500, AmountCents: 500 },
      { TierIndex: 1, Qty: 2, RateCents: 700, AmountCents: 1400 },
    ]);
    expect(payFor(tiers, 0).AmountCents).toBe(0);
  });
});

describe('the request schema', () => {
  it('names the tier rows of an overlap and a gap as the server does, and leaves out-of-range rows to their own message', () => {
    const base = { Name: 'P', ProgramID: 1, ProductID: 1, StartDate: '2026-01-01' };
    const issues = (tiers: { From: number; To: number; Rate: number }[]) => {
      const r = ProductPolicySave.safeParse({ ...base, Tiers: tiers });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(
      issues([
        { From: 0, To: 10, Rate: 1 },
        { From: 5, To: 20, Rate: 1 },
        { From: 30, To: 1_000_000, Rate: 1 },
      ]),
    ).toEqual(['Tiers.1.From: Tier 2 overlaps tier 1', 'Tiers.2.From: Tier 3 must start where tier 2 ends']);
    expect(issues([{ From: 0, To: 1_000_001, Rate: 1 }])).toEqual(['Tiers.0.To: Use 1,000,000 at most']);
    expect(issues([{ From: 0, To: 1_000_000, Rate: 1 }])).toEqual([]);
  });
});
