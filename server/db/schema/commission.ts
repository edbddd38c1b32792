// Commission and payout policies (spec 001 §3 "Commission type", §5 "Commission", §7 "Commission
// policies"; spec 002 §3 "Product commission policy", §5, §7 "Payout policies", "Products and
// orders"). Wire shapes are in src/contract/commission.ts; tier maths in server/domain/commission.
//
// Money is integer cents. Tier tables are jsonb lists of { From, To, RateCents } (see
// server/domain/commission/tiers.ts: marginal tiers over 0..1,000,000). Products, product lines and
// retailers belong to the orders area and are referenced by id.
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Tier } from '../../domain/commission/tiers';
import { corporations, divisions } from './organisation';
import { programs } from './time';

const audit = {
  Version: integer('version').notNull().default(1),
  CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * ICD commission policies of a corporation: how its reps are paid commission on a program (and
 * optionally one retailer) — commission type (AdvanceWage 1, CommissionAboveThreshold 2,
 * CommissionExceedingGuaranteed 3, PieceBased 4), threshold, whether guaranteed pay and commission
 * are paid, and the tier table. One policy per corporation + program + retailer over a period.
 */
export const commissionPolicies = pgTable(
  'commission_policies',
  {
    CommissionPolicyID: serial('commission_policy_id').primaryKey(),
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID),
    Name: text('name').notNull(),
    ProgramID: integer('program_id')
      .notNull()
      .references(() => programs.ProgramID),
    RetailerID: integer('retailer_id'),
    CommissionTypeID: integer('commission_type_id').notNull(),
    CommissionThresholdCents: integer('commission_threshold_cents').notNull().default(0),
    IsPaidGuaranteed: boolean('is_paid_guaranteed').notNull().default(true),
    IsPaidCommission: boolean('is_paid_commission').notNull().default(true),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date'),
    Tiers: jsonb('tiers').$type<Tier[]>().notNull(),
    ...audit,
  },
  (t) => [index('commission_policies_corporation').on(t.IcdCorporationID, t.ProgramID)],
);

/**
 * Multi-play commission policies of a division: a bonus per order that bundles at least
 * MinimumPlays of the listed product + product line pairs. A pair belongs to one policy of a
 * division at most.
 */
export const multiPlayCommissionPolicies = pgTable(
  'multi_play_commission_policies',
  {
    MultiPlayCommissionPolicyID: serial('multi_play_commission_policy_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    Name: text('name').notNull(),
    MinimumPlays: integer('minimum_plays').notNull().default(2),
    BonusCents: integer('bonus_cents').notNull(),
    /** [{ ProductID, ProductLineID | null }] */
    Pairs: jsonb('pairs').$type<{ ProductID: number; ProductLineID: number | null }[]>().notNull(),
    IsActive: boolean('is_active').notNull().default(true),
    ...audit,
  },
  (t) => [index('multi_play_commission_policies_division').on(t.DivisionID)],
);

/**
 * Product commission policies: what one unit of a product (and product line) sold on a program (and
 * optionally at one retailer) earns the rep, by tier, between StartDate and EndDate (inclusive; null
 * = open). The policy in force on a sale date pays the commission piece when the order is Installed.
 */
export const productCommissionPolicies = pgTable(
  'product_commission_policies',
  {
    ProductCommissionPolicyID: serial('product_commission_policy_id').primaryKey(),
    Name: text('name').notNull(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    ProgramID: integer('program_id')
      .notNull()
      .references(() => programs.ProgramID),
    RetailerID: integer('retailer_id'),
    ProductID: integer('product_id').notNull(),
    ProductLineID: integer('product_line_id'),
    CommissionTypeID: integer('commission_type_id').notNull().default(4),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date'),
    Tiers: jsonb('tiers').$type<Tier[]>().notNull(),
    ...audit,
  },
  (t) => [index('product_commission_policies_key').on(t.ProgramID, t.ProductID)],
);

/**
 * Payout policies: what the company pays out per installed unit, by tier over the units of a pay
 * period — per division (IcdCorporationID null) or for one corporation in a division (overrides the
 * division's policy for that corporation).
 */
export const payoutPolicies = pgTable(
  'payout_policies',
  {
    PayoutPolicyID: serial('payout_policy_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    IcdCorporationID: integer('icd_corporation_id').references(() => corporations.IcdCorporationID),
    Name: text('name').notNull(),
    ProgramID: integer('program_id').references(() => programs.ProgramID),
    StartDate: date('start_date').notNull(),
    EndDate: date('end_date'),
    Tiers: jsonb('tiers').$type<Tier[]>().notNull(),
    ...audit,
  },
  (t) => [index('payout_policies_division').on(t.DivisionID, t.IcdCorporationID)],
);
