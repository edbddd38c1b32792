// From a product order's status to the rep's pay: Installed → the commission of the product commission
// policy in force on the sale date (server/modules/commission/earn.ts), one commission piece per tier
// line on the rep's payroll entry for the pay period at the order's office containing the install day;
// Cancelled or Disconnect after that → the same pieces negated (chargeback) in the pay period containing
// the status day. A pay period that is locked (itself or its payroll) or approved is never changed:
// the next open period of the employee at that office takes the piece (created when missing, as late
// adjustments do). Each piece is recorded in product_order_commissions (the ledger), which makes the
// settlement idempotent: settling an order twice writes nothing the second time.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { StatusKind } from '../../../src/contract/orders';
import { LockClass, xactLock } from '../../db/locks';
import {
  icdOffices,
  payrollCommissionPieces,
  payrolls,
  productLines,
  productOrderCommissions,
  productOrderStatuses,
  productOrders,
  programs,
  workOrders,
} from '../../db/tables';
import { isClosed } from '../../domain/time-management/pay-periods';
import { commissionForOrder } from '../commission/earn';
import { recalculateEntries } from '../payroll/calculate';
import { ensurePayrolls } from '../payroll/ensure';
import { entryByPeriod } from '../payroll/wire';
import { ensurePayPeriods, nextOpenPeriod, type PayPeriodRow, periodOf } from '../time-management/periods';
import { settleMultiPlay } from './multi-play-link';
import type { Conn } from './scope';

export const PIECE_SOURCE = 'productOrder';

export interface SettleOptions {
  actorEmployeeID: number | null;
  now: Date;
}

type LedgerRow = typeof productOrderCommissions.$inferSelect;

async function isLocked(db: Conn, p: PayPeriodRow): Promise<boolean> {
  if (isClosed(p)) return true;
  if (!p.PayrollID) return false;
  const [payroll] = await db
    .select({ IsLocked: payrolls.IsLocked, IsCompleted: payrolls.IsCompleted })
    .from(payrolls)
    .where(eq(payrolls.PayrollID, p.PayrollID));
  return !!payroll && (payroll.IsLocked || payroll.IsCompleted);
}

/** The open pay period of the employee at the office that takes a piece dated `day` (see above). */
export async function openPeriodFor(
  db: Conn,
  employeeId: number,
  officeId: number,
  day: string,
): Promise<PayPeriodRow | undefined> {
  let period = await periodOf(db, employeeId, officeId, day);
  if (!period) {
    await ensurePayPeriods(db, { from: day, to: day, officeIds: [officeId], employeeIds: [employeeId] });
    period = await periodOf(db, employeeId, officeId, day);
  }
  for (let i = 0; period && i < 24 && (await isLocked(db, period)); i++)
    period = await nextOpenPeriod(db, period);
  if (period && (await isLocked(db, period))) return undefined;
  return period;
}

/** Ledger kinds: product commission and its chargeback, the multi-play bonus and its chargeback. */
export type LedgerKind = 'commission' | 'chargeback' | 'multiPlay' | 'multiPlayChargeback';

export interface Piece {
  Kind: LedgerKind;
  EmployeeID: number;
  PieceQty: number;
  PieceRateCents: number;
  AmountCents: number;
  PolicyID: number | null;
  PolicyName: string | null;
  CommissionTypeID: number | null;
}

/** Writes pieces into the employee's open period (one entry) and the ledger; recalculates the entry. */
export async function writePieces(
  db: Conn,
  productOrderId: number,
  officeId: number,
  programId: number,
  day: string,
  pieces: readonly Piece[],
  opts: SettleOptions,
): Promise<void> {
  if (!pieces.length) return;
  const employeeId = pieces[0].EmployeeID;
  const period = await openPeriodFor(db, employeeId, officeId, day);
  let entryId: number | null = null;
  let payrollId: number | null = null;
  let next = 0;
  if (period) {
    const [office] = await db
      .select({ corp: icdOffices.IcdCorporationID })
      .from(icdOffices)
      .where(eq(icdOffices.IcdOfficeID, officeId));
    await ensurePayrolls(db, { corporationIds: office ? [office.corp] : [], now: opts.now });
    const entry = await entryByPeriod(db, period.PayPeriodID);
    if (entry) {
      entryId = entry.PayrollEntryID;
      payrollId = entry.PayrollID;
      const [{ max }] = await db
        .select({ max: sql<number>`coalesce(max(${payrollCommissionPieces.PieceNumber}), 0)::int` })
        .from(payrollCommissionPieces)
        .where(eq(payrollCommissionPieces.PayrollEntryID, entryId));
      next = Number(max);
    }
  }
  for (const p of pieces) {
    let pieceId: number | null = null;
    let pieceNumber: number | null = null;
    if (entryId !== null) {
      pieceNumber = ++next;
      const [row] = await db
        .insert(payrollCommissionPieces)
        .values({
          PayrollEntryID: entryId,
          PieceNumber: pieceNumber,
          PieceQty: p.PieceQty,
          PieceRateCents: p.PieceRateCents,
          SourceType: PIECE_SOURCE,
          SourceID: productOrderId,
          ProgramID: programId,
        })
        .returning({ id: payrollCommissionPieces.PayrollCommissionPieceID });
      pieceId = row.id;
    }
    await db.insert(productOrderCommissions).values({
      ProductOrderID: productOrderId,
      ...p,
      PayPeriodID: entryId !== null ? (period?.PayPeriodID ?? null) : null,
      PayrollEntryID: entryId,
      PayrollCommissionPieceID: pieceId,
      PieceNumber: pieceNumber,
      CreatedByEmployeeID: opts.actorEmployeeID,
      CreatedAt: opts.now,
    });
  }
  if (payrollId !== null && period)
    await recalculateEntries(db, payrollId, [period.PayPeriodID], 'calculation', {
      actorEmployeeID: opts.actorEmployeeID,
      now: opts.now,
    });
}

/** The commission a product order would earn (cents; null when no policy is in force). */
export async function expectedCommission(
  db: Conn,
  order: {
    DivisionID: number;
    ProgramID: number;
    RetailerID: number | null;
    SaleDate: string;
    EmployeeID: number;
    IcdOfficeID: number;
  },
  po: { ProductID: number; ProductLineID: number; Quantity: number },
) {
  return commissionForOrder(db, {
    DivisionID: order.DivisionID,
    ProgramID: order.ProgramID,
    RetailerID: order.RetailerID,
    ProductID: po.ProductID,
    ProductLineID: po.ProductLineID,
    SaleDate: order.SaleDate,
    Quantity: po.Quantity,
    EmployeeID: order.EmployeeID,
    IcdOfficeID: order.IcdOfficeID,
  });
}

/**
 * Brings the payroll in line with the product orders' current statuses: an Installed order credited
 * to a rep and not yet paid gets its commission; a Cancelled or Disconnect order that was paid gets its
 * chargeback. Call inside the transaction that changed the orders.
 */
export async function settleCommissions(
  db: Conn,
  productOrderIds: readonly number[],
  opts: SettleOptions,
): Promise<void> {
  if (!productOrderIds.length) return;
  const rows = await db
    .select({ po: productOrders, wo: workOrders, kind: productOrderStatuses.StatusKind })
    .from(productOrders)
    .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
    .innerJoin(
      productOrderStatuses,
      eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
    )
    .where(inArray(productOrders.ProductOrderID, [...productOrderIds]))
    .orderBy(productOrders.ProductOrderID);
  const ledger = await db
    .select()
    .from(productOrderCommissions)
    .where(inArray(productOrderCommissions.ProductOrderID, [...productOrderIds]));
  for (const { po, wo, kind } of rows) {
    // One settlement at a time per rep (piece numbers, units already paid in a period); the ledger is
    // read again once the locks are held.
    const employees = new Set<number>(ledger.map((l) => l.EmployeeID));
    if (wo.EmployeeID !== null) employees.add(wo.EmployeeID);
    for (const e of [...employees].sort((a, b) => a - b))
      await db.execute(xactLock(LockClass.OrderCommissionPieces, e));
    const mine = await db
      .select()
      .from(productOrderCommissions)
      .where(eq(productOrderCommissions.ProductOrderID, po.ProductOrderID));
    const paid = mine.filter((l) => l.Kind === 'commission');
    const reversed = mine.some((l) => l.Kind === 'chargeback');
    if (kind === StatusKind.Installed && wo.EmployeeID !== null && !paid.length) {
      await payCommission(db, po, { ...wo, EmployeeID: wo.EmployeeID }, opts);
    } else if (
      (kind === StatusKind.Cancelled || kind === StatusKind.Disconnect) &&
      paid.length &&
      !reversed
    ) {
      await chargeBack(db, po, wo, paid, opts);
    }
  }
  // The multi-play bonuses of the work orders touched (after their products are settled).
  await settleMultiPlay(db, [...new Set(rows.map((r) => r.wo.WorkOrderID))], opts);
}

async function payCommission(
  db: Conn,
  po: typeof productOrders.$inferSelect,
  wo: typeof workOrders.$inferSelect & { EmployeeID: number },
  opts: SettleOptions,
): Promise<void> {
  const day = po.InstallDate ?? po.StatusDate;
  const first = await expectedCommission(db, wo, po);
  if (!first) return;
  // Units of the same policy already paid to the rep in the period that will take this order: the
  // order's units continue the tier count from there.
  const period = await openPeriodFor(db, wo.EmployeeID, wo.IcdOfficeID, day);
  let pay = first;
  if (period) {
    const [{ prior }] = await db
      .select({ prior: sql<number>`coalesce(sum(${productOrderCommissions.PieceQty}), 0)::int` })
      .from(productOrderCommissions)
      .where(
        and(
          eq(productOrderCommissions.EmployeeID, wo.EmployeeID),
          eq(productOrderCommissions.PayPeriodID, period.PayPeriodID),
          eq(productOrderCommissions.PolicyID, first.PolicyID),
          eq(productOrderCommissions.Kind, 'commission'),
        ),
      );
    if (Number(prior) > 0)
      pay =
        (await commissionForOrder(db, {
          DivisionID: wo.DivisionID,
          ProgramID: wo.ProgramID,
          RetailerID: wo.RetailerID,
          ProductID: po.ProductID,
          ProductLineID: po.ProductLineID,
          SaleDate: wo.SaleDate,
          Quantity: po.Quantity,
          EmployeeID: wo.EmployeeID,
          IcdOfficeID: wo.IcdOfficeID,
          PriorQuantity: Number(prior),
        })) ?? first;
  }
  const lines = pay.Lines?.length
    ? pay.Lines.filter((l) => l.Qty > 0).map((l) => ({
        qty: l.Qty,
        rate: l.RateCents,
        amount: l.AmountCents,
      }))
    : [{ qty: pay.PieceQty, rate: pay.PieceRate, amount: pay.Amount }];
  const pieces: Piece[] = lines.map((l) => ({
    Kind: 'commission',
    EmployeeID: wo.EmployeeID,
    PieceQty: l.qty,
    PieceRateCents: l.rate,
    AmountCents: l.amount,
    PolicyID: pay.PolicyID,
    PolicyName: pay.PolicyName,
    CommissionTypeID: pay.CommissionTypeID,
  }));
  await writePieces(db, po.ProductOrderID, wo.IcdOfficeID, wo.ProgramID, day, pieces, opts);
}

async function chargeBack(
  db: Conn,
  po: typeof productOrders.$inferSelect,
  wo: typeof workOrders.$inferSelect,
  paid: readonly LedgerRow[],
  opts: SettleOptions,
): Promise<void> {
  const byEmployee = new Map<number, LedgerRow[]>();
  for (const l of paid) byEmployee.set(l.EmployeeID, [...(byEmployee.get(l.EmployeeID) ?? []), l]);
  for (const [employeeId, rows] of byEmployee) {
    const pieces: Piece[] = rows.map((l) => ({
      Kind: 'chargeback',
      EmployeeID: employeeId,
      PieceQty: -l.PieceQty,
      PieceRateCents: l.PieceRateCents,
      AmountCents: -l.AmountCents,
      PolicyID: l.PolicyID,
      PolicyName: l.PolicyName,
      CommissionTypeID: l.CommissionTypeID,
    }));
    await writePieces(db, po.ProductOrderID, wo.IcdOfficeID, wo.ProgramID, po.StatusDate, pieces, opts);
  }
}

/** Names of the program and product line (for messages). */
export async function lineNames(db: Conn, productLineId: number) {
  const [row] = await db
    .select({ Line: productLines.Name, Program: programs.Name })
    .from(productLines)
    .innerJoin(programs, eq(programs.ProgramID, productLines.ProgramID))
    .where(eq(productLines.ProductLineID, productLineId));
  return row;
}
