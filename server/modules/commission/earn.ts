// The commission a product order earns its rep: the product commission policy in force on the sale
// date, its tier table applied to the order's quantity (marginal tiers, server/domain/commission/tiers.ts).
// Called by the orders area when an order becomes Installed; it writes the piece into payroll.

import type { SQL } from 'drizzle-orm';
import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCommissionPolicies } from '../../db/tables';
import { payFor, type TierLine } from '../../domain/commission/tiers';
import type { DbOrTx } from '../scheduling/scope';

export interface OrderForCommission {
  DivisionID: number;
  ProgramID: number;
  /** Null: the order has no retailer (door to door). */
  RetailerID: number | null;
  ProductID: number;
  ProductLineID: number | null;
  /** YYYY-MM-DD: the policy in force on this day applies. */
  SaleDate: string;
  Quantity: number;
  EmployeeID: number;
  IcdOfficeID: number;
  /**
   * Units of the same policy already paid to this rep in the same pay period (default 0): the order's
   * units are paid from there on, so each unit is paid once at its tier's rate.
   */
  PriorQuantity?: number;
}

export interface OrderCommission {
  PolicyID: number;
  PolicyName: string;
  /** AdvanceWage 1, CommissionAboveThreshold 2, CommissionExceedingGuaranteed 3, PieceBased 4. */
  CommissionTypeID: number;
  /** Cents, the whole commission of the order (authoritative; equals the sum of Lines). */
  Amount: number;
  /** Cents per unit: the rate of the single tier touched, else Amount / Quantity rounded. */
  PieceRate: number;
  PieceQty: number;
  /** One line per tier the units fell in (Qty × RateCents ≈ AmountCents). */
  Lines: TierLine[];
}

/**
 * The policy in force for an order: same program and product; a policy of the order's retailer is
 * preferred to one for every retailer (RetailerID null), one of the order's product line to one for
 * every line; among equals the latest StartDate wins.
 */
export async function policyForOrder(db: DbOrTx, order: OrderForCommission) {
  const p = productCommissionPolicies;
  const retailer: SQL | undefined =
    order.RetailerID === null
      ? isNull(p.RetailerID)
      : or(isNull(p.RetailerID), eq(p.RetailerID, order.RetailerID));
  const line: SQL | undefined =
    order.ProductLineID === null
      ? isNull(p.ProductLineID)
      : or(isNull(p.ProductLineID), eq(p.ProductLineID, order.ProductLineID));
  const rows = await db
    .select()
    .from(p)
    .where(
      and(
        eq(p.ProgramID, order.ProgramID),
        eq(p.DivisionID, order.DivisionID),
        eq(p.ProductID, order.ProductID),
        retailer,
        line,
        lte(p.StartDate, order.SaleDate),
        or(isNull(p.EndDate), gte(p.EndDate, order.SaleDate)),
      ),
    )
    .orderBy(desc(p.StartDate), desc(p.ProductCommissionPolicyID));
  const rank = (r: (typeof rows)[number]) =>
    (r.RetailerID !== null ? 2 : 0) + (r.ProductLineID !== null ? 1 : 0);
  let best: (typeof rows)[number] | undefined;
  for (const r of rows) if (!best || rank(r) > rank(best)) best = r;
  return best ?? null;
}

/** The commission of an order, or null when no policy is in force (or the quantity is not positive). */
export async function commissionForOrder(
  db: Db | DbOrTx,
  order: OrderForCommission,
): Promise<OrderCommission | null> {
  if (!(order.Quantity > 0)) return null;
  const policy = await policyForOrder(db, order);
  if (!policy) return null;
  const pay = payFor(policy.Tiers, order.Quantity, order.PriorQuantity ?? 0);
  const PieceRate =
    pay.Lines.length === 1 ? pay.Lines[0].RateCents : Math.round(pay.AmountCents / order.Quantity);
  return {
    PolicyID: policy.ProductCommissionPolicyID,
    PolicyName: policy.Name,
    CommissionTypeID: policy.CommissionTypeID,
    Amount: pay.AmountCents,
    PieceRate,
    PieceQty: order.Quantity,
    Lines: pay.Lines,
  };
}
