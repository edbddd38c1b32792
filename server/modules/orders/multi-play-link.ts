// Multi-play bonuses (server/db/schema/commission.ts multiPlayCommissionPolicies) paid by the order
// chain. A work order qualifies for an active multi-play policy of its division when its Installed
// product orders match at least MinimumPlays distinct pairs of the policy (a pair without a product
// line matches every line of its product). The bonus is one commission piece for the work order's rep,
// written like product commission (commission-link.ts writePieces: the open pay period at the order's
// office containing the day the bundle was complete, or the next open one), recorded in the ledger
// (product_order_commissions, Kind 'multiPlay') on the product order that completed the bundle.
//
// Once only: a policy already paid on the work order (more bonus rows than chargebacks) is not paid
// again, whatever else installs or however often the order is saved. When a product of the bundle is
// later Cancelled or Disconnect and the order no longer qualifies, the bonus is charged back (Kind
// 'multiPlayChargeback', negative) in the open period containing that status day. Should the order
// qualify again afterwards (another pair installed), the bonus is paid again: net, at most once.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { StatusKind } from '../../../src/contract/orders';
import { LockClass, xactLock } from '../../db/locks';
import {
  multiPlayCommissionPolicies,
  productOrderCommissions,
  productOrderStatuses,
  productOrders,
  workOrders,
} from '../../db/tables';
import { type Piece, type SettleOptions, writePieces } from './commission-link';
import type { Conn } from './scope';

type PolicyRow = typeof multiPlayCommissionPolicies.$inferSelect;
type PoRow = { po: typeof productOrders.$inferSelect; kind: number };

const matches = (pair: { ProductID: number; ProductLineID: number | null }, po: PoRow['po']) =>
  pair.ProductID === po.ProductID && (pair.ProductLineID === null || pair.ProductLineID === po.ProductLineID);

/**
 * The product order that completes a policy's bundle on this work order (the MinimumPlays-th distinct
 * pair by install day), or null when the Installed products do not make the bundle.
 */
export function bundleOf(policy: PolicyRow, pos: readonly PoRow[]): PoRow['po'] | null {
  const firstPerPair: PoRow['po'][] = [];
  for (const pair of policy.Pairs) {
    const installed = pos
      .filter((r) => r.kind === StatusKind.Installed && matches(pair, r.po))
      .map((r) => r.po)
      .sort(
        (a, b) =>
          (a.InstallDate ?? a.StatusDate).localeCompare(b.InstallDate ?? b.StatusDate) ||
          a.ProductOrderID - b.ProductOrderID,
      );
    // One product order makes one play only, even when it matches two pairs.
    const first = installed.find((p) => !firstPerPair.includes(p));
    if (first) firstPerPair.push(first);
  }
  const need = Math.max(1, policy.MinimumPlays);
  if (firstPerPair.length < need) return null;
  firstPerPair.sort(
    (a, b) =>
      (a.InstallDate ?? a.StatusDate).localeCompare(b.InstallDate ?? b.StatusDate) ||
      a.ProductOrderID - b.ProductOrderID,
  );
  return firstPerPair[need - 1];
}

/** Pays or charges back the multi-play bonuses of these work orders (inside the caller's transaction). */
export async function settleMultiPlay(
  db: Conn,
  workOrderIds: readonly number[],
  opts: SettleOptions,
): Promise<void> {
  if (!workOrderIds.length) return;
  const wos = await db
    .select()
    .from(workOrders)
    .where(inArray(workOrders.WorkOrderID, [...workOrderIds]))
    .orderBy(asc(workOrders.WorkOrderID));
  const divisions = [...new Set(wos.map((w) => w.DivisionID))];
  const policies = await db
    .select()
    .from(multiPlayCommissionPolicies)
    .where(inArray(multiPlayCommissionPolicies.DivisionID, divisions))
    .orderBy(asc(multiPlayCommissionPolicies.MultiPlayCommissionPolicyID));
  for (const wo of wos) {
    const pos: PoRow[] = await db
      .select({ po: productOrders, kind: productOrderStatuses.StatusKind })
      .from(productOrders)
      .innerJoin(
        productOrderStatuses,
        eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
      )
      .where(eq(productOrders.WorkOrderID, wo.WorkOrderID))
      .orderBy(asc(productOrders.ProductOrderID));
    if (!pos.length) continue;
    const ledger = await db
      .select()
      .from(productOrderCommissions)
      .where(
        and(
          inArray(
            productOrderCommissions.ProductOrderID,
            pos.map((r) => r.po.ProductOrderID),
          ),
          inArray(productOrderCommissions.Kind, ['multiPlay', 'multiPlayChargeback']),
        ),
      )
      .orderBy(asc(productOrderCommissions.ProductOrderCommissionID));
    for (const policy of policies.filter((p) => p.DivisionID === wo.DivisionID)) {
      const mine = ledger.filter((l) => l.PolicyID === policy.MultiPlayCommissionPolicyID);
      const bonuses = mine.filter((l) => l.Kind === 'multiPlay');
      const reversals = mine.filter((l) => l.Kind === 'multiPlayChargeback');
      const paid = bonuses.length > reversals.length;
      const anchor = bundleOf(policy, pos);
      if (!paid && anchor && policy.IsActive && wo.EmployeeID !== null && policy.BonusCents !== 0) {
        await db.execute(xactLock(LockClass.OrderCommissionPieces, wo.EmployeeID));
        const piece: Piece = {
          Kind: 'multiPlay',
          EmployeeID: wo.EmployeeID,
          PieceQty: 1,
          PieceRateCents: policy.BonusCents,
          AmountCents: policy.BonusCents,
          PolicyID: policy.MultiPlayCommissionPolicyID,
          PolicyName: policy.Name,
          CommissionTypeID: null,
        };
        const day = anchor.InstallDate ?? anchor.StatusDate;
        await writePieces(db, anchor.ProductOrderID, wo.IcdOfficeID, wo.ProgramID, day, [piece], opts);
      } else if (paid && !anchor) {
        const last = bonuses[bonuses.length - 1];
        await db.execute(xactLock(LockClass.OrderCommissionPieces, last.EmployeeID));
        // The day the bundle broke: the latest Cancelled or Disconnect of a product of the policy.
        const broken = pos
          .filter(
            (r) =>
              (r.kind === StatusKind.Cancelled || r.kind === StatusKind.Disconnect) &&
              policy.Pairs.some((pair) => matches(pair, r.po)),
          )
          .map((r) => r.po.StatusDate)
          .sort();
        const day = broken[broken.length - 1] ?? opts.now.toISOString().slice(0, 10);
        const piece: Piece = {
          Kind: 'multiPlayChargeback',
          EmployeeID: last.EmployeeID,
          PieceQty: -last.PieceQty,
          PieceRateCents: last.PieceRateCents,
          AmountCents: -last.AmountCents,
          PolicyID: last.PolicyID,
          PolicyName: last.PolicyName,
          CommissionTypeID: last.CommissionTypeID,
        };
        await writePieces(db, last.ProductOrderID, wo.IcdOfficeID, wo.ProgramID, day, [piece], opts);
      }
    }
  }
}
