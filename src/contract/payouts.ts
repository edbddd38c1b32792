// Posted payouts and RS payout transfers (spec 002 §3 "Posted payout", "Payout comparison", §7
// "Posted payouts", "RS payout transfers").
//
//   GET    posted-payouts                  PostedPayoutsQuery → PostedPayout[]          (payouts:read)
//   GET    posted-payouts/icd              PostedPayoutsQuery → IcdPostedPayouts[]      (payouts:read)
//   GET    posted-payouts/icd/{id}         → PostedPayout                               (payouts:read)
//   GET    posted-payouts/icd/{id}/history → PostedPayoutHistoryEntry[]                 (payouts:read)
//   POST   posted-payouts?DivisionID=&IcdCorporationID=  PostedPayoutSave → PostedPayout (payouts:write)
//   PATCH  posted-payouts/icd/{id}         PostedPayoutPatch (Version) → PostedPayout   (payouts:write)
//   DELETE posted-payouts/icd/{id}[?version=]                                           (payouts:write)
//   GET    rs-payout-transfers             RsPayoutTransfersQuery → RsPayoutTransfer[]  (payouts:read)
//   POST   rs-payout-transfers             RsPayoutTransferSave → RsPayoutTransfer      (payouts:write)
//   PUT    rs-payout-transfers/{id}        RsPayoutTransferUpdate (Version)             (payouts:write)
//   DELETE rs-payout-transfers/{id}[?version=]                                          (payouts:write)
//
// Design (the spec shows only DivisionID and IcdCorporationID): a posted payout is what the office
// posted to one ICD corporation for one division on a day, line by line per program (payout
// policies are per division, optionally per corporation and per program). Each line says how many
// installed units it pays and the amount posted. The expected amount of a line is the payout policy
// in force on the posted date for the division, corporation and program (the corporation's own
// before the division's, a program's before the all-programs one) applied to the units from the
// first tier (marginal tiers). Difference = posted − expected; the comparison is Positive when more
// was posted than expected, Negative when less, Neutral when equal. A line with no policy in force
// expects 0.
import { z } from 'zod';
import { Instant, Int32, QueryInt32, WireDate } from './common';
import { Money } from './payroll';
import { WireDateOut } from './time';

export const PayoutComparison = { Positive: 1, Negative: 2, Neutral: 3 } as const;
export type PayoutComparisonId = (typeof PayoutComparison)[keyof typeof PayoutComparison];
export const PAYOUT_COMPARISON_NAMES = ['Positive', 'Negative', 'Neutral'] as const;
export const PayoutComparisonName = z.enum(PAYOUT_COMPARISON_NAMES);
export type PayoutComparisonName = z.infer<typeof PayoutComparisonName>;

/** The comparison of a difference in cents (posted − expected). */
export function comparisonOf(differenceCents: number): PayoutComparisonName {
  if (differenceCents > 0) return 'Positive';
  if (differenceCents < 0) return 'Negative';
  return 'Neutral';
}

export const POSTED_PAYOUT_NOT_FOUND = 'The posted payout was not found.';
export const RS_PAYOUT_TRANSFER_NOT_FOUND = 'The RS payout transfer was not found.';
export const PAYOUT_MESSAGES = {
  amountPositive: 'Enter an amount greater than 0',
  quantity: 'Enter a whole number of units, 0 or more',
  lines: 'Add at least one line',
  duplicateProgram: 'This program already has a line',
  programDivision: 'This program is not of the division',
  corporationDivision: 'No office of this corporation works this division',
  unknownProgram: 'This program does not exist',
  text: (max: number) => `${max} characters at most`,
  required: 'Required',
  endBeforeStart: 'The end date is before the start date',
  direction: 'Choose To the corporation or From the corporation',
} as const;

const Id = Int32.positive();
const Text = (max: number) => z.string().trim().max(max, PAYOUT_MESSAGES.text(max));
/** A posted amount: more than 0, 2 decimals. */
const PositiveMoney = Money.refine((v) => v > 0, PAYOUT_MESSAGES.amountPositive);

// ---------------------------------------------------------------------------------------------
// Posted payouts

export const PostedPayoutLineSave = z.object({
  /** null: a line for every program (the division's or corporation's all-programs policy). */
  ProgramID: Id.nullable().optional(),
  Quantity: Int32.min(0, PAYOUT_MESSAGES.quantity).max(1_000_000, 'This number is too large'),
  PostedAmount: PositiveMoney,
});
export type PostedPayoutLineSave = z.input<typeof PostedPayoutLineSave>;

const Lines = z
  .array(PostedPayoutLineSave)
  .min(1, PAYOUT_MESSAGES.lines)
  .max(50, '50 lines at most')
  .superRefine((lines, ctx) => {
    const seen = new Set<number | null>();
    lines.forEach((l, i) => {
      const key = l.ProgramID ?? null;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'ProgramID'], message: PAYOUT_MESSAGES.duplicateProgram });
      seen.add(key);
    });
  });

/** POST posted-payouts: the query names the division and corporation. */
export const PostedPayoutCreateQuery = z.object({
  DivisionID: QueryInt32.positive(),
  IcdCorporationID: QueryInt32.positive(),
});
export const PostedPayoutSave = z.object({
  PostedDate: WireDate,
  Reference: Text(100).nullable().optional(),
  Comments: Text(1000).nullable().optional(),
  Lines,
});
export type PostedPayoutSave = z.input<typeof PostedPayoutSave>;

/** PATCH posted-payouts/icd/{id}: the fields sent change (Lines replace every line); Version required. */
export const PostedPayoutPatch = z.object({
  PostedDate: WireDate.optional(),
  Reference: Text(100).nullable().optional(),
  Comments: Text(1000).nullable().optional(),
  Lines: Lines.optional(),
  Version: Int32,
});
export type PostedPayoutPatch = z.input<typeof PostedPayoutPatch>;

export const PostedPayoutLine = z.object({
  ProgramID: Int32.nullable(),
  ProgramName: z.string().nullable(),
  Quantity: Int32,
  PostedAmount: Money,
  ExpectedAmount: Money,
  Difference: Money,
  PayoutComparison: PayoutComparisonName,
  PayoutComparisonID: Int32,
  /** The payout policy that gives the expected amount; null when none is in force. */
  PayoutPolicyID: Int32.nullable(),
  PayoutPolicyName: z.string().nullable(),
});
export type PostedPayoutLine = z.infer<typeof PostedPayoutLine>;

export const PostedPayout = z.object({
  PostedPayoutID: Id,
  DivisionID: Int32,
  DivisionName: z.string(),
  IcdCorporationID: Int32,
  CorporationName: z.string(),
  PostedDate: WireDateOut,
  Reference: z.string().nullable(),
  Comments: z.string().nullable(),
  Lines: z.array(PostedPayoutLine),
  Quantity: Int32,
  PostedAmount: Money,
  ExpectedAmount: Money,
  Difference: Money,
  PayoutComparison: PayoutComparisonName,
  PayoutComparisonID: Int32,
  CreatedByName: z.string(),
  CreatedAt: Instant,
  UpdatedByName: z.string(),
  UpdatedAt: Instant,
  Version: Int32,
});
export type PostedPayout = z.infer<typeof PostedPayout>;

export const PostedPayoutsQuery = z
  .object({
    startDate: WireDate.optional(),
    endDate: WireDate.optional(),
    divisionID: QueryInt32.positive().optional(),
    icdCorporationID: QueryInt32.positive().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.endDate < q.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: PAYOUT_MESSAGES.endBeforeStart });
  });
export type PostedPayoutsQuery = z.input<typeof PostedPayoutsQuery>;

/** GET posted-payouts/icd: one group per ICD corporation with its totals and payouts. */
export const IcdPostedPayouts = z.object({
  IcdCorporationID: Int32,
  CorporationName: z.string(),
  Count: Int32,
  PostedAmount: Money,
  ExpectedAmount: Money,
  Difference: Money,
  PayoutComparison: PayoutComparisonName,
  PayoutComparisonID: Int32,
  Payouts: z.array(PostedPayout),
});
export type IcdPostedPayouts = z.infer<typeof IcdPostedPayouts>;

export const HISTORY_ACTIONS = ['Created', 'Updated', 'Deleted'] as const;
export const PostedPayoutChange = z.object({
  Field: z.string(),
  From: z.string().nullable(),
  To: z.string().nullable(),
});
export type PostedPayoutChange = z.infer<typeof PostedPayoutChange>;
export const PostedPayoutHistoryEntry = z.object({
  PostedPayoutHistoryID: Id,
  PostedPayoutID: Id,
  Action: z.enum(HISTORY_ACTIONS),
  ChangedAt: Instant,
  ChangedByEmployeeID: Int32,
  ChangedByName: z.string(),
  Changes: z.array(PostedPayoutChange),
});
export type PostedPayoutHistoryEntry = z.infer<typeof PostedPayoutHistoryEntry>;

export const VersionQuery = z.object({ version: QueryInt32.optional() });

// ---------------------------------------------------------------------------------------------
// RS payout transfers: money moved to or from an ICD corporation for RS payouts.

export const TransferDirection = { ToCorporation: 1, FromCorporation: 2 } as const;
export const TRANSFER_DIRECTION_NAMES = { 1: 'ToCorporation', 2: 'FromCorporation' } as const;

const TransferFields = {
  TransferDate: WireDate,
  IcdCorporationID: Id,
  /** 1: to the corporation, 2: from the corporation. */
  DirectionID: z.union([z.literal(1), z.literal(2)], { error: PAYOUT_MESSAGES.direction }),
  Amount: PositiveMoney,
  /** The other side of the transfer (an account or a party), e.g. "RS payout account". */
  Counterparty: Text(100).min(1, PAYOUT_MESSAGES.required),
  Reference: Text(100).nullable().optional(),
  Comments: Text(1000).nullable().optional(),
};
export const RsPayoutTransferSave = z.object(TransferFields);
export type RsPayoutTransferSave = z.input<typeof RsPayoutTransferSave>;
export const RsPayoutTransferUpdate = z.object({ ...TransferFields, Version: Int32 });
export type RsPayoutTransferUpdate = z.input<typeof RsPayoutTransferUpdate>;

export const RsPayoutTransfer = z.object({
  RsPayoutTransferID: Id,
  TransferDate: WireDateOut,
  IcdCorporationID: Int32,
  CorporationName: z.string(),
  DirectionID: Int32,
  Direction: z.enum(['ToCorporation', 'FromCorporation']),
  Amount: Money,
  Counterparty: z.string(),
  Reference: z.string().nullable(),
  Comments: z.string().nullable(),
  CreatedByName: z.string(),
  CreatedAt: Instant,
  UpdatedAt: Instant,
  Version: Int32,
});
export type RsPayoutTransfer = z.infer<typeof RsPayoutTransfer>;

export const RsPayoutTransfersQuery = z
  .object({
    startDate: WireDate.optional(),
    endDate: WireDate.optional(),
    icdCorporation: QueryInt32.positive().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.endDate < q.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: PAYOUT_MESSAGES.endBeforeStart });
  });
export type RsPayoutTransfersQuery = z.input<typeof RsPayoutTransfersQuery>;
