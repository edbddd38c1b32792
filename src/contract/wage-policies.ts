// Wage policies wire format (spec 002 §3 "Wage policy": WagePolicyID, IsNew, history entries
// StartDate, EndDate, MinimumWage; §7 "Wage policies"; §8 error table).
//
//   GET    wage-policies          → WagePolicy[]            (wagePolicies:read)
//   GET    wage-policies/{id}     → WagePolicy              (wagePolicies:read)
//   POST   wage-policies          WagePolicySave → 201 WagePolicy   (wagePolicies:write)
//   PUT    wage-policies/{id}     WagePolicyUpdate → WagePolicy (409 + Current when Version is stale)
//   DELETE wage-policies/{id}     → always 400 'Deleting a wage policy is not allowed.'
//
// Design choices where the spec is silent: a policy is the minimum wage of one jurisdiction — a
// country (1 US, 2 Canada) and optionally a state/province (two-letter code); one policy per
// jurisdiction; the most specific policy in force on a day wins (state/province over country).
// History periods are inclusive, may leave gaps, never overlap; EndDate null = in force until
// changed. MinimumWage is dollars per hour with at most 2 decimals (stored as cents).
import { z } from 'zod';
import { Country, Int32, WireDate } from './common';
import { WireDateOut } from './time';

export const WAGE_POLICY_DELETE_REFUSED = 'Deleting a wage policy is not allowed.';
export const WAGE_POLICY_OVERLAP = 'This period overlaps another period of the policy';
export const WAGE_POLICY_END_BEFORE_START = 'The end date must be on or after the start date';
export const WAGE_POLICY_MINIMUM_WAGE = 'Enter a minimum wage greater than 0';
export const WAGE_POLICY_DUPLICATE = 'A wage policy for this jurisdiction already exists';
export const WAGE_POLICY_OPEN_NOT_LAST = 'Only the latest period may have no end date';

/** Decimal dollars with at most 2 decimals, > 0 and below $10,000/h. */
export const MinimumWage = z
  .number(WAGE_POLICY_MINIMUM_WAGE)
  .gt(0, WAGE_POLICY_MINIMUM_WAGE)
  .max(9999.99, 'Enter at most 9999.99')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most 2 decimals');

export const WagePolicyHistoryEntry = z.object({
  StartDate: WireDate,
  EndDate: WireDate.nullable(),
  MinimumWage,
});
export type WagePolicyHistoryEntry = z.infer<typeof WagePolicyHistoryEntry>;

export const CountryId = z.union([z.literal(Country.US), z.literal(Country.Canada)], {
  error: 'Choose the United States (1) or Canada (2)',
});

const Jurisdiction = {
  Name: z.string().trim().min(1, 'Enter a name').max(100, '100 characters at most'),
  CountryID: CountryId,
  StateProvince: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter state or province code')
    .nullable()
    .or(z.literal('').transform(() => null)),
};

type Period = { StartDate: string; EndDate: string | null };

/**
 * Field errors of a history: end before start, overlaps (each period is checked against the earlier
 * ones in start order), more than one open period. Keys are 'History.<index>.<Field>'.
 */
export function historyProblems(
  history: readonly Period[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  history.forEach((h, i) => {
    if (h.EndDate !== null && h.EndDate < h.StartDate)
      problems.push({ path: [i, 'EndDate'], message: WAGE_POLICY_END_BEFORE_START });
  });
  const order = history.map((h, i) => ({ h, i })).sort((a, b) => a.h.StartDate.localeCompare(b.h.StartDate));
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1].h;
    const cur = order[k];
    if (prev.EndDate === null || prev.EndDate >= cur.h.StartDate)
      problems.push({ path: [cur.i, 'StartDate'], message: WAGE_POLICY_OVERLAP });
  }
  return problems;
}

const History = z
  .array(WagePolicyHistoryEntry)
  .min(1, 'Add at least one period')
  .max(200, '200 periods at most')
  .superRefine((history, ctx) => {
    for (const p of historyProblems(history))
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });

export const WagePolicySave = z.object({
  IsNew: z.boolean().optional(),
  ...Jurisdiction,
  History,
});
export type WagePolicySave = z.input<typeof WagePolicySave>;

export const WagePolicyUpdate = WagePolicySave.extend({ Version: Int32 });
export type WagePolicyUpdate = z.input<typeof WagePolicyUpdate>;

export const WagePolicy = z.object({
  WagePolicyID: Int32.positive(),
  IsNew: z.boolean(),
  Name: z.string(),
  CountryID: Int32,
  StateProvince: z.string().nullable(),
  /** Sorted by StartDate. Dates are Dates once the PWA revived them (WireDateOut). */
  History: z.array(
    z.object({ StartDate: WireDateOut, EndDate: WireDateOut.nullable(), MinimumWage: z.number() }),
  ),
  Version: Int32,
});
export type WagePolicy = z.infer<typeof WagePolicy>;

/** One stretch of the minimum-wage schedule of a jurisdiction (inclusive dates). */
export interface MinimumWageSpan {
  StartDate: string;
  EndDate: string;
  /** Dollars per hour. */
  MinimumWage: number;
  MinimumWageCents: number;
  WagePolicyID: number;
}
