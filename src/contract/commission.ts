// Commission and payout policies wire format (spec 001 §3 "Commission type", §5 "Commission", §7
// "Commission policies"; spec 002 §3 "Product commission policy", §5, §7 "Payout policies",
// "Products and orders"; issue 17).
//
//   GET    corporations/{id}/commission-policies     → CommissionPolicy[]        (commission:read, corporation in scope)
//   GET    corporations/{id}/commission-permissions  → CommissionPermissions     (commission:read)
//   GET    commission-policies?icdCorporationID&programID → CommissionPolicy[] ("ICD commissions")
//   GET    commission-policies/{id}                  → CommissionPolicy
//   POST   commission-policies                       CommissionPolicySave → 201   (commission:write)
//   PUT    commission-policies/{id}                  CommissionPolicyUpdate (409 + Current when Version is stale)
//   DELETE commission-policies/{id}?version=N        → 204
//   GET    divisions/{id}/multi-play-commission-policies → MultiPlayPolicy[]
//   GET/POST/PUT/DELETE multi-play-commission-policies[/{id}]
//   GET/POST/PUT/DELETE product-commission-policies[/{id}]; POST product-commission-policies/bulk (all or nothing)
//   GET/POST/PUT division-payout-policies[/{id}], corporation-payout-policies[/{id}]   (payout:read / payout:write)
//   POST   payout-policy/commissions                 PayoutCommissionsRequest → PayoutCommissions
//   GET    reports/payout-policies/payout-rate-table → PayoutRateRow[]
//
// Design choices where the spec is silent:
// - Tiers: rows { From, To, Rate } over a measure of units from 0 to 1,000,000 (TIER_MAX): the first
//   From is 0, each From is the previous To, the last To is 1,000,000 (a single tier: 0 to 1,000,000).
//   Rate is currency per unit (2 decimals). Tiers are MARGINAL: each unit is paid at the rate of the
//   tier it falls in (units 1–10 at tier 1's rate, 11–20 at tier 2's…), so pay is continuous at the
//   boundaries and a unit is never paid twice. Gaps and overlaps are refused with field messages
//   'Tiers.<row>.From' naming the tier rows ('Tier 2 overlaps tier 1').
// - Periods: StartDate–EndDate inclusive, EndDate null = open. The policy in force on a sale date
//   applies. Two policies with the same key whose periods overlap are duplicates: refused with 400,
//   the message naming the existing policy (name and id).
// - Money: decimal with 2 decimals on the wire, integer cents in the database.
import { z } from 'zod';
import { Int32, WireDate } from './common';
import { Amount } from './payroll';
import { WireDateOut } from './time';

export const TIER_MAX = 1_000_000;

export const TIER_MESSAGES = {
  none: 'Add at least one tier',
  firstFrom: 'The first tier starts at 0',
  lastTo: `The last tier ends at ${TIER_MAX.toLocaleString('en-US')}`,
  toAfterFrom: 'The end must be greater than the start',
  outOfRange: `Use an amount from 0 to ${TIER_MAX.toLocaleString('en-US')}`,
  rate: 'Enter a rate of 0 or more',
  /** Tier rows are numbered from 1 as a person reads the table. */
  overlap: (row: number, other: number) => `Tier ${row} overlaps tier ${other}`,
  gap: (row: number, other: number) => `Tier ${row} must start where tier ${other} ends`,
} as const;

export interface TierRangeProblem {
  /** Index of the tier row (0-based) in the list as given. */
  index: number;
  field: 'From' | 'To';
  message: string;
}

/**
 * The shape problems of a tier table (bounds assumed within 0..TIER_MAX): no tier, an end not after
 * its start, a first tier not starting at 0, a last not ending at 1,000,000, overlaps and gaps (rows
 * checked in the order of their From; messages name the tier rows 1-based in the order given).
 * Shared by the PWA's editor, the request schema and the server's tier maths.
 */
export function tierRangeProblems(tiers: readonly { From: number; To: number }[]): TierRangeProblem[] {
  if (tiers.length === 0) return [{ index: 0, field: 'From', message: TIER_MESSAGES.none }];
  const problems: TierRangeProblem[] = [];
  tiers.forEach((t, i) => {
    if (t.To <= t.From) problems.push({ index: i, field: 'To', message: TIER_MESSAGES.toAfterFrom });
  });
  const order = tiers.map((t, i) => ({ t, i })).sort((a, b) => a.t.From - b.t.From || a.i - b.i);
  if (order[0].t.From !== 0)
    problems.push({ index: order[0].i, field: 'From', message: TIER_MESSAGES.firstFrom });
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1];
    const cur = order[k];
    if (cur.t.From < prev.t.To)
      problems.push({ index: cur.i, field: 'From', message: TIER_MESSAGES.overlap(cur.i + 1, prev.i + 1) });
    else if (cur.t.From > prev.t.To)
      problems.push({ index: cur.i, field: 'From', message: TIER_MESSAGES.gap(cur.i + 1, prev.i + 1) });
  }
  const last = order[order.length - 1];
  if (last.t.To !== TIER_MAX) problems.push({ index: last.i, field: 'To', message: TIER_MESSAGES.lastTo });
  return problems;
}

/** CommissionType (spec 001 §3). */
export const COMMISSION_TYPES = [
  { Id: 1, Name: 'AdvanceWage' },
  { Id: 2, Name: 'CommissionAboveThreshold' },
  { Id: 3, Name: 'CommissionExceedingGuaranteed' },
  { Id: 4, Name: 'PieceBased' },
] as const;

export const COMMISSION_POLICY_NOT_FOUND = 'The commission policy was not found.';
export const PRODUCT_POLICY_NOT_FOUND = 'The product commission policy was not found.';
export const MULTI_PLAY_POLICY_NOT_FOUND = 'The multi-play commission policy was not found.';
export const PAYOUT_POLICY_NOT_FOUND = 'The payout policy was not found.';
export const NO_PAYOUT_POLICY = 'No payout policy is in force for this division on that day';
export const END_BEFORE_START = 'The end date must be on or after the start date';
export const UNKNOWN_PROGRAM = 'This program does not exist';
export const PROGRAM_NOT_OF_DIVISION = 'This program is not of the division';

const policyName = (name: string, id: number) => `"${name}" (#${id})`;
/** Same corporation, program and retailer in an overlapping period (spec 001 §5). */
export const duplicateCommissionPolicy = (name: string, id: number) =>
  `Commission policy ${policyName(name, id)} already covers this program and retailer in this period`;
/** Same program and retailer, same product and product line, overlapping period (spec 002 §5). */
export const duplicateProductPolicy = (name: string, id: number) =>
  `Product commission policy ${policyName(name, id)} already covers this product and product line for this program and retailer in this period`;
/** A product + product line pair already in another multi-play policy of the division (spec 001 §5). */
export const duplicateMultiPlayPair = (name: string, id: number) =>
  `This product and product line are already in multi-play policy ${policyName(name, id)}`;
export const DUPLICATE_PAIR_IN_LIST = 'This product and product line are listed twice';
export const duplicateInBatch = (row: number) =>
  `Row ${row} of this batch has the same program, retailer, product and product line`;
export const duplicatePayoutPolicy = (name: string, id: number) =>
  `Payout policy ${policyName(name, id)} already covers this division, corporation and program in this period`;

const Id = Int32.positive();
const Name = z.string().trim().min(1, 'Enter a name').max(100, '100 characters at most');
const CommissionTypeID = z
  .number()
  .int()
  .min(1, 'Choose a commission type from 1 to 4')
  .max(4, 'Choose a commission type from 1 to 4');

/** One tier row as sent and read. Rate: currency per unit of the measure. */
export const TierRow = z.object({
  From: z.number().int('Use a whole number').min(0, 'Use 0 or more').max(TIER_MAX, 'Use 1,000,000 at most'),
  To: z.number().int('Use a whole number').min(0, 'Use 0 or more').max(TIER_MAX, 'Use 1,000,000 at most'),
  Rate: Amount,
});
export type TierRow = z.infer<typeof TierRow>;
const inBounds = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= TIER_MAX;
/** Tier rows as sent; a bulk row's table is checked by the server so every failing row is named. */
const TierList = z.array(TierRow).min(1, TIER_MESSAGES.none).max(50, '50 tiers at most');
const Tiers = TierList.superRefine((rows, ctx) => {
  // Rows with a bad bound already carry their own message.
  if (!rows.every((r) => inBounds(r?.From) && inBounds(r?.To))) return;
  for (const p of tierRangeProblems(rows))
    ctx.addIssue({ code: 'custom', path: [p.index, p.field], message: p.message });
});

const Period = {
  StartDate: WireDate,
  EndDate: WireDate.nullable().optional(),
};
const PeriodOut = { StartDate: WireDateOut, EndDate: WireDateOut.nullable() };
const endAfterStart = <T extends { StartDate: string; EndDate?: string | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.EndDate && v.EndDate < v.StartDate)
    ctx.addIssue({ code: 'custom', path: ['EndDate'], message: END_BEFORE_START });
};

// ICD commission policies (per corporation)

const CommissionPolicyFields = z.object({
  IcdCorporationID: Id,
  Name,
  ProgramID: Id,
  RetailerID: Id.nullable().optional(),
  CommissionTypeID,
  CommissionThreshold: Amount.default(0),
  IsPaidGuaranteed: z.boolean().default(true),
  IsPaidCommission: z.boolean().default(true),
  ...Period,
  Tiers,
});
export const CommissionPolicySave = CommissionPolicyFields.superRefine(endAfterStart);
export type CommissionPolicySave = z.input<typeof CommissionPolicySave>;
export const CommissionPolicyUpdate = CommissionPolicyFields.extend({ Version: Int32 }).superRefine(
  endAfterStart,
);
export type CommissionPolicyUpdate = z.input<typeof CommissionPolicyUpdate>;

export const CommissionPolicy = z.object({
  CommissionPolicyID: Id,
  IcdCorporationID: Id,
  CorporationName: z.string(),
  Name: z.string(),
  ProgramID: Id,
  ProgramName: z.string(),
  DivisionID: Int32,
  RetailerID: Int32.nullable(),
  CommissionTypeID: Int32,
  CommissionTypeName: z.string(),
  CommissionThreshold: z.number(),
  IsPaidGuaranteed: z.boolean(),
  IsPaidCommission: z.boolean(),
  ...PeriodOut,
  Tiers: z.array(TierRow),
  Version: Int32,
});
export type CommissionPolicy = z.infer<typeof CommissionPolicy>;

export const CommissionPoliciesQuery = z.object({
  icdCorporationID: z.coerce.number().int().positive().optional(),
  programID: z.coerce.number().int().positive().optional(),
});

export const CommissionPermissions = z.object({
  IcdCorporationID: Id,
  CanRead: z.boolean(),
  CanWrite: z.boolean(),
  CommissionTypes: z.array(z.object({ Id: Int32, Name: z.string() })),
  /** Programs of the divisions the corporation's offices work: the ones a policy may name. */
  Programs: z.array(z.object({ ProgramID: Id, Name: z.string(), DivisionID: Int32 })),
});
export type CommissionPermissions = z.infer<typeof CommissionPermissions>;

// Multi-play (per division)

const Pair = z.object({ ProductID: Id, ProductLineID: Id.nullable().optional() });
const MultiPlayFields = z.object({
  DivisionID: Id,
  Name,
  MinimumPlays: z.number().int().min(2, 'Use 2 or more').max(20, 'Use 20 at most').default(2),
  Bonus: Amount,
  Pairs: z.array(Pair).min(2, 'Add at least two products').max(50, '50 products at most'),
  IsActive: z.boolean().default(true),
});
export const MultiPlayPolicySave = MultiPlayFields;
export type MultiPlayPolicySave = z.input<typeof MultiPlayPolicySave>;
export const MultiPlayPolicyUpdate = MultiPlayFields.extend({ Version: Int32 });
export type MultiPlayPolicyUpdate = z.input<typeof MultiPlayPolicyUpdate>;
export const MultiPlayPolicy = z.object({
  MultiPlayCommissionPolicyID: Id,
  DivisionID: Int32,
  Name: z.string(),
  MinimumPlays: Int32,
  Bonus: z.number(),
  Pairs: z.array(z.object({ ProductID: Int32, ProductLineID: Int32.nullable() })),
  IsActive: z.boolean(),
  Version: Int32,
});
export type MultiPlayPolicy = z.infer<typeof MultiPlayPolicy>;

// Product commission policies (program + retailer, product + product line)

const ProductPolicyFields = z.object({
  Name,
  ProgramID: Id,
  RetailerID: Id.nullable().optional(),
  ProductID: Id,
  ProductLineID: Id.nullable().optional(),
  CommissionTypeID: CommissionTypeID.default(4),
  ...Period,
  Tiers,
});
export const ProductPolicySave = ProductPolicyFields.superRefine(endAfterStart);
export type ProductPolicySave = z.input<typeof ProductPolicySave>;
export const ProductPolicyUpdate = ProductPolicyFields.extend({ Version: Int32 }).superRefine(endAfterStart);
export type ProductPolicyUpdate = z.input<typeof ProductPolicyUpdate>;
export const ProductPolicyBulk = z.object({
  Policies: z
    .array(ProductPolicyFields.extend({ Tiers: TierList }).superRefine(endAfterStart))
    .min(1, 'Add at least one policy')
    .max(500, '500 policies at most'),
});
export type ProductPolicyBulk = z.input<typeof ProductPolicyBulk>;
export const ProductPolicy = z.object({
  ProductCommissionPolicyID: Id,
  Name: z.string(),
  DivisionID: Int32,
  ProgramID: Id,
  ProgramName: z.string(),
  RetailerID: Int32.nullable(),
  ProductID: Int32,
  ProductLineID: Int32.nullable(),
  CommissionTypeID: Int32,
  ...PeriodOut,
  Tiers: z.array(TierRow),
  Version: Int32,
});
export type ProductPolicy = z.infer<typeof ProductPolicy>;
export const ProductPoliciesQuery = z.object({
  divisionID: z.coerce.number().int().positive().optional(),
  programID: z.coerce.number().int().positive().optional(),
  productID: z.coerce.number().int().positive().optional(),
  /** Only the policies in force on this day. */
  date: WireDate.optional(),
});

// Payout policies (per division, or per corporation in a division)

const PayoutFields = {
  DivisionID: Id,
  Name,
  ProgramID: Id.nullable().optional(),
  ...Period,
  Tiers,
};
export const DivisionPayoutPolicySave = z.object(PayoutFields).superRefine(endAfterStart);
export type DivisionPayoutPolicySave = z.input<typeof DivisionPayoutPolicySave>;
export const DivisionPayoutPolicyUpdate = z
  .object({ ...PayoutFields, Version: Int32 })
  .superRefine(endAfterStart);
export const CorporationPayoutPolicySave = z
  .object({ ...PayoutFields, IcdCorporationID: Id })
  .superRefine(endAfterStart);
export type CorporationPayoutPolicySave = z.input<typeof CorporationPayoutPolicySave>;
export const CorporationPayoutPolicyUpdate = z
  .object({ ...PayoutFields, IcdCorporationID: Id, Version: Int32 })
  .superRefine(endAfterStart);
export const PayoutPolicy = z.object({
  PayoutPolicyID: Id,
  DivisionID: Int32,
  DivisionName: z.string(),
  IcdCorporationID: Int32.nullable(),
  CorporationName: z.string().nullable(),
  Name: z.string(),
  ProgramID: Int32.nullable(),
  ...PeriodOut,
  Tiers: z.array(TierRow),
  Version: Int32,
});
export type PayoutPolicy = z.infer<typeof PayoutPolicy>;
export const PayoutPoliciesQuery = z.object({
  divisionID: z.coerce.number().int().positive().optional(),
  icdCorporationID: z.coerce.number().int().positive().optional(),
});

export const PayoutCommissionsRequest = z
  .object({
    /** The policy to apply; or leave it out and name the division (and corporation) and day. */
    PayoutPolicyID: Id.optional(),
    DivisionID: Id.optional(),
    IcdCorporationID: Id.nullable().optional(),
    ProgramID: Id.nullable().optional(),
    Date: WireDate.optional(),
    /** Units already paid in the period before these orders (default 0). */
    PriorQuantity: z.number().int().min(0).max(TIER_MAX).default(0),
    Orders: z
      .array(
        z.object({
          Reference: z.string().trim().max(100).optional(),
          Quantity: z.number().int('Use a whole number').min(1, 'Use 1 or more').max(TIER_MAX),
        }),
      )
      .min(1, 'Add at least one order')
      .max(5000, '5000 orders at most'),
  })
  .superRefine((v, ctx) => {
    if (v.PayoutPolicyID === undefined && (v.DivisionID === undefined || v.Date === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['PayoutPolicyID'],
        message: 'Choose a payout policy, or a division and a day',
      });
  });
export type PayoutCommissionsRequest = z.input<typeof PayoutCommissionsRequest>;
export const PayoutCommissions = z.object({
  PayoutPolicyID: Id,
  PolicyName: z.string(),
  Orders: z.array(
    z.object({
      Reference: z.string().nullable(),
      Quantity: Int32,
      Amount: z.number(),
      Tiers: z.array(z.object({ TierNumber: Int32, Quantity: Int32, Rate: z.number(), Amount: z.number() })),
    }),
  ),
  TotalQuantity: Int32,
  TotalAmount: z.number(),
});
export type PayoutCommissions = z.infer<typeof PayoutCommissions>;

export const PayoutRateTableQuery = z.object({
  divisionID: z.coerce.number().int().positive().optional(),
  icdCorporationID: z.coerce.number().int().positive().optional(),
  /** Only the policies in force on this day. */
  date: WireDate.optional(),
});
export const PayoutRateRow = z.object({
  PayoutPolicyID: Id,
  PolicyName: z.string(),
  DivisionID: Int32,
  DivisionName: z.string(),
  IcdCorporationID: Int32.nullable(),
  CorporationName: z.string().nullable(),
  ProgramID: Int32.nullable(),
  ...PeriodOut,
  TierNumber: Int32,
  From: Int32,
  To: Int32,
  Rate: z.number(),
});
export type PayoutRateRow = z.infer<typeof PayoutRateRow>;

export const VersionQuery = z.object({ version: z.coerce.number().int().optional() });
