// Multi-play bonuses paid by the order chain: when the Installed products of one work order make the
// bundle a division's multi-play policy names (at least MinimumPlays of its product + line pairs), the
// bonus becomes one commission piece on the rep's open pay period — once only, never again when a
// third product installs or the order is saved again — and is charged back when a product of the
// bundle is later Cancelled or Disconnect. The policy's pairs must be of its division. Products added to
// an existing order may start in another status (moved by the status rules, paying what they pay).
// Dates are fixed days of early 2026 (every sale is in the past whatever the wall clock says).
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  icdOffices,
  multiPlayCommissionPolicies,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  productCommissionPolicies,
  productLines,
  productOrderCommissions,
  products,
  programs,
} from '../../server/db/tables';
import { Division } from '../../src/contract/common';
import type { ProductOrder, ProductOrderStatus, WorkOrderDetail } from '../../src/contract/orders';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let payroll: Session;
let rep: Session;
const ids: Record<string, number> = {};
let toronto: number;
let d2d: number;
let newLine: number;
let upgradeLine: number;
const P: Record<string, number> = {};
let statuses: ProductOrderStatus[] = [];
let bundle: number; // the multi-play policy: Internet 1G or 500 + TV Premier (new activation) + Home Phone
const statusOf = (kind: number) => statuses.find((s) => s.StatusKind === kind)!.ProductOrderStatusID;

beforeAll(async () => {
  t = await createTestApp();
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [{ IcdOfficeID: toronto }] = await t.db
    .select()
    .from(icdOffices)
    .where(eq(icdOffices.OfficeName, 'Toronto Central'));
  [manager, payroll, rep] = await Promise.all(['manager', 'payroll', 'rep'].map((u) => t.signIn(u)));
  [{ ProgramID: d2d }] = await t.db.select().from(programs).where(eq(programs.Name, 'Rogers Door-to-Door'));
  const lines = await t.db.select().from(productLines).where(eq(productLines.ProgramID, d2d));
  newLine = lines.find((l) => l.Name === 'New activation')!.ProductLineID;
  upgradeLine = lines.find((l) => l.ProductLineID !== newLine)!.ProductLineID;
  for (const p of await t.db.select().from(products)) if (p.Code) P[p.Code] = p.ProductID;
  statuses = (
    await manager.call({ method: 'GET', url: `/api/divisions/${Division.Rogers}/product-order-statuses` })
  ).json();
  // This file's policies only: 45.00 per Internet unit, and one multi-play bonus of 30.00.
  await t.db.delete(productCommissionPolicies);
  await t.db.delete(multiPlayCommissionPolicies);
  await t.db.insert(productCommissionPolicies).values({
    Name: 'Internet 2026',
    DivisionID: Division.Rogers,
    ProgramID: d2d,
    ProductID: P['RGR-INT-1G'],
    ProductLineID: null,
    CommissionTypeID: 4,
    StartDate: '2026-01-01',
    EndDate: null,
    Tiers: [{ From: 0, To: 1_000_000, RateCents: 4500 }],
  });
  const res = await payroll.call({
    method: 'POST',
    url: '/api/multi-play-commission-policies',
    payload: {
      DivisionID: Division.Rogers,
      Name: 'Internet + TV bundle',
      MinimumPlays: 2,
      Bonus: 30,
      Pairs: [
        { ProductID: P['RGR-INT-1G'] },
        { ProductID: P['RGR-INT-500'] },
        { ProductID: P['RGR-TV-P'], ProductLineID: newLine },
        { ProductID: P['RGR-HP'] },
      ],
      IsActive: true,
    },
  });
  expect(res.statusCode).toBe(201);
  bundle = res.json().MultiPlayCommissionPolicyID;
}, 240_000);
afterAll(() => t.close());

async function newOrder(
  items: [string, number?][],
  over: Record<string, unknown> = {},
  sale = '2026-02-02',
): Promise<WorkOrderDetail> {
  const res = await manager.call({
    method: 'POST',
    url: '/api/work-orders',
    payload: {
      ProgramID: d2d,
      IcdOfficeID: toronto,
      SaleDate: sale,
      CustomerName: 'Avery Lam',
      SalesChannelID: 1,
      EmployeeID: ids.rep,
      ProductOrders: items.map(([code, line]) => ({
        ProductID: P[code],
        ProductLineID: line ?? newLine,
        Quantity: 1,
      })),
      ...over,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
async function move(pos: ProductOrder[], kind: number, day: string) {
  const res = await manager.call({
    method: 'PATCH',
    url: '/api/product-order-status/bulk',
    payload: {
      Changes: pos.map((po) => ({
        ProductOrderID: po.ProductOrderID,
        ProductOrderStatusID: statusOf(kind),
        StatusDate: day,
      })),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<ProductOrder[]>();
}
const detail = async (id: number) =>
  (await manager.call({ method: 'GET', url: `/api/work-orders/${id}` })).json<WorkOrderDetail>();
/** The bonus rows of the ledger for a work order's product orders, oldest first. */
const bonusLedger = (wo: WorkOrderDetail) =>
  t.db
    .select()
    .from(productOrderCommissions)
    .where(
      and(
        inArray(
          productOrderCommissions.ProductOrderID,
          wo.ProductOrders.map((p) => p.ProductOrderID),
        ),
        inArray(productOrderCommissions.Kind, ['multiPlay', 'multiPlayChargeback']),
      ),
    )
    .orderBy(productOrderCommissions.ProductOrderCommissionID);
/** The payroll pieces of the bonus ledger rows, with their pay period. */
const piecesOf = (pieceIds: number[]) =>
  t.db
    .select({ piece: payrollCommissionPieces, period: payPeriods })
    .from(payrollCommissionPieces)
    .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollCommissionPieces.PayrollEntryID))
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .where(inArray(payrollCommissionPieces.PayrollCommissionPieceID, pieceIds.concat(0)));

describe('multi-play bonus paid by the order chain', () => {
  let paidOrder: WorkOrderDetail;

  it('pays the bonus once the second product of the bundle is Installed, into the rep’s pay period', async () => {
    const wo = await newOrder([['RGR-INT-1G'], ['RGR-TV-P'], ['RGR-WL']]);
    const [internet, tv, wireless] = wo.ProductOrders;
    await move([internet, wireless], 2, '2026-02-04');
    expect(await bonusLedger(wo)).toHaveLength(0); // one play of the bundle only (Wireless is not in it)
    await move([tv], 2, '2026-02-06');
    const ledger = await bonusLedger(wo);
    expect(ledger).toMatchObject([
      {
        Kind: 'multiPlay',
        EmployeeID: ids.rep,
        AmountCents: 3000,
        PieceQty: 1,
        PieceRateCents: 3000,
        PolicyID: bundle,
        PolicyName: 'Internet + TV bundle',
        ProductOrderID: tv.ProductOrderID, // the product that completed the bundle
      },
    ]);
    const pieces = await piecesOf([ledger[0].PayrollCommissionPieceID!]);
    expect(pieces).toHaveLength(1);
    expect(pieces[0].piece).toMatchObject({ PieceQty: 1, PieceRateCents: 3000, SourceType: 'productOrder' });
    expect(pieces[0].period.EmployeeID).toBe(ids.rep);
    expect(pieces[0].period.StartDate <= '2026-02-06' && '2026-02-06' <= pieces[0].period.EndDate).toBe(true);
    // The office sees it among the order's commission, besides the Internet commission.
    paidOrder = await detail(wo.WorkOrderID);
    expect(paidOrder.Commissions.map((c) => [c.Kind, c.Amount, c.PolicyName, c.IsPaid])).toEqual([
      ['commission', 45, 'Internet 2026', true],
      ['multiPlay', 30, 'Internet + TV bundle', true],
    ]);
  });

  it('never pays twice: a third product installed, the order saved again or another product added', async () => {
    const wo = paidOrder;
    // Home Phone (a third play) added to the order and installed.
    const added = await manager.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: {
        Version: wo.Version,
        Comments: 'Customer added a home phone',
        AddProductOrders: [{ ProductID: P['RGR-HP'], ProductLineID: newLine, Quantity: 1 }],
      },
    });
    expect(added.statusCode).toBe(200);
    const hp = added.json<WorkOrderDetail>().ProductOrders.find((p) => p.ProductID === P['RGR-HP'])!;
    expect(hp.StatusKind).toBe(1);
    await move([hp], 2, '2026-02-08');
    // Saved again (the office edits the customer's phone).
    const again = await detail(wo.WorkOrderID);
    const saved = await manager.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: { Version: again.Version, CustomerPhone: '416-555-0101' },
    });
    expect(saved.statusCode).toBe(200);
    const ledger = await bonusLedger(await detail(wo.WorkOrderID));
    expect(ledger.map((l) => [l.Kind, l.AmountCents])).toEqual([['multiPlay', 3000]]);
  });

  it('keeps the bonus while the bundle holds, charges it back once when it breaks after payment', async () => {
    const wo = await detail(paidOrder.WorkOrderID);
    const po = (code: string) => wo.ProductOrders.find((p) => p.ProductID === P[code])!;
    // Internet disconnected: TV + Home Phone still make the bundle.
    await move([po('RGR-INT-1G')], 4, '2026-02-10');
    expect((await bonusLedger(wo)).map((l) => l.Kind)).toEqual(['multiPlay']);
    // Then the TV is disconnected too: one play left, the bonus is charged back in an open period.
    await move([po('RGR-TV-P')], 4, '2026-02-12');
    const ledger = await bonusLedger(wo);
    expect(ledger.map((l) => [l.Kind, l.AmountCents, l.EmployeeID])).toEqual([
      ['multiPlay', 3000, ids.rep],
      ['multiPlayChargeback', -3000, ids.rep],
    ]);
    const [chargeback] = await piecesOf([ledger[1].PayrollCommissionPieceID!]);
    expect(chargeback.piece).toMatchObject({ PieceQty: -1, PieceRateCents: 3000 });
    expect(chargeback.period.EmployeeID).toBe(ids.rep);
    expect(chargeback.period.IsLocked).toBe(false);
    expect(chargeback.period.EndDate >= '2026-02-12').toBe(true);
    // Breaking it further charges nothing more.
    await move([po('RGR-HP')], 4, '2026-02-13');
    expect(await bonusLedger(wo)).toHaveLength(2);
    const after = await detail(wo.WorkOrderID);
    expect(after.Commissions.filter((c) => c.Kind.startsWith('multiPlay')).map((c) => c.Amount)).toEqual([
      30, -30,
    ]);
  });

  it('a bundle installed in one call pays one bonus; a Cancelled product before install pays none', async () => {
    const both = await newOrder([['RGR-INT-500'], ['RGR-HP']], {}, '2026-02-03');
    await move(both.ProductOrders, 2, '2026-02-05');
    expect((await bonusLedger(both)).map((l) => [l.Kind, l.AmountCents])).toEqual([['multiPlay', 3000]]);

    const cancelled = await newOrder([['RGR-INT-500'], ['RGR-HP']], {}, '2026-02-03');
    await move([cancelled.ProductOrders[0]], 3, '2026-02-04');
    await move([cancelled.ProductOrders[1]], 2, '2026-02-05');
    expect(await bonusLedger(cancelled)).toHaveLength(0);
  });

  it('a pair names its product line: TV on another line is not part of the bundle', async () => {
    const wo = await newOrder([['RGR-INT-500'], ['RGR-TV-P', upgradeLine]], {}, '2026-02-03');
    await move(wo.ProductOrders, 2, '2026-02-05');
    expect(await bonusLedger(wo)).toHaveLength(0);
  });

  it('an order nobody is credited with pays when claimed; an inactive policy pays nothing', async () => {
    const open = await newOrder([['RGR-INT-500'], ['RGR-HP']], { EmployeeID: null, OrderNumber: 'MP-1' });
    expect(open.EmployeeID).toBeNull();
    await move(open.ProductOrders, 2, '2026-02-05');
    expect(await bonusLedger(open)).toHaveLength(0);
    const claim = await rep.call({
      method: 'POST',
      url: '/api/work-orders/employee-claims',
      payload: { DivisionID: Division.Rogers, OrderNumbers: ['MP-1'] },
    });
    expect(claim.statusCode).toBe(200);
    expect((await bonusLedger(open)).map((l) => [l.Kind, l.EmployeeID])).toEqual([['multiPlay', ids.rep]]);

    await t.db
      .update(multiPlayCommissionPolicies)
      .set({ IsActive: false })
      .where(eq(multiPlayCommissionPolicies.MultiPlayCommissionPolicyID, bundle));
    const inactive = await newOrder([['RGR-INT-500'], ['RGR-HP']]);
    await move(inactive.ProductOrders, 2, '2026-02-05');
    expect(await bonusLedger(inactive)).toHaveLength(0);
    await t.db
      .update(multiPlayCommissionPolicies)
      .set({ IsActive: true })
      .where(eq(multiPlayCommissionPolicies.MultiPlayCommissionPolicyID, bundle));
  });
});

describe('multi-play policy pairs', () => {
  it('refuses a product line of another division’s program, naming the pair', async () => {
    const [dtvLine] = await t.db
      .select({ id: productLines.ProductLineID })
      .from(productLines)
      .innerJoin(programs, eq(programs.ProgramID, productLines.ProgramID))
      .where(eq(programs.DivisionID, Division.Dtv))
      .limit(1);
    const res = await payroll.call({
      method: 'POST',
      url: '/api/multi-play-commission-policies',
      payload: {
        DivisionID: Division.Rogers,
        Name: 'Mixed lines',
        MinimumPlays: 2,
        Bonus: 5,
        Pairs: [{ ProductID: P['RGR-WL'] }, { ProductID: P['RGR-SHM'], ProductLineID: dtvLine.id }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({
      'Pairs.1.ProductLineID': ['This product line is not of a program of the division'],
    });
    expect(
      await t.db.$count(multiPlayCommissionPolicies, eq(multiPlayCommissionPolicies.Name, 'Mixed lines')),
    ).toBe(0);
  });
});

describe('adding products to an existing order', () => {
  it('adds a product Installed on a day: history Booked → Installed, commission and the bundle paid', async () => {
    const wo = await newOrder([['RGR-INT-1G']], {}, '2026-02-09');
    await move(wo.ProductOrders, 2, '2026-02-10');
    const fresh = await detail(wo.WorkOrderID);
    const res = await manager.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: {
        Version: fresh.Version,
        AddProductOrders: [
          {
            ProductID: P['RGR-HP'],
            ProductLineID: newLine,
            Quantity: 1,
            ProductOrderStatusID: statusOf(2),
            StatusDate: '2026-02-11',
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<WorkOrderDetail>();
    const hp = saved.ProductOrders.find((p) => p.ProductID === P['RGR-HP'])!;
    expect(hp).toMatchObject({ StatusKind: 2, InstallDate: '2026-02-11' });
    expect(
      saved.History.filter((h) => h.ProductOrderID === hp.ProductOrderID).map((h) => [
        h.FromStatusName,
        h.ToStatusName,
      ]),
    ).toEqual([
      [null, 'Booked'],
      ['Booked', 'Installed'],
    ]);
    expect((await bonusLedger(saved)).map((l) => [l.Kind, l.ProductOrderID])).toEqual([
      ['multiPlay', hp.ProductOrderID],
    ]);
  });

  it('refuses a move the rules do not allow, naming the added row, and adds nothing', async () => {
    const wo = await newOrder([['RGR-WL']], {}, '2026-02-09');
    const res = await manager.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: {
        Version: wo.Version,
        AddProductOrders: [
          { ProductID: P['RGR-HP'], ProductLineID: newLine, Quantity: 1 },
          { ProductID: P['RGR-SHM'], ProductLineID: newLine, Quantity: 1, ProductOrderStatusID: statusOf(4) },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({
      'AddProductOrders[1].ProductOrderStatusID': ['A product order cannot go from Booked to Disconnect.'],
    });
    const after = await detail(wo.WorkOrderID);
    expect(after.ProductOrders).toHaveLength(1);
    expect(after.Version).toBe(wo.Version);
    // A rep editing their own order cannot set a status.
    const own = await rep.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: {
        Version: wo.Version,
        AddProductOrders: [
          { ProductID: P['RGR-HP'], ProductLineID: newLine, Quantity: 1, ProductOrderStatusID: statusOf(2) },
        ],
      },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().Errors).toEqual({
      'AddProductOrders[0].ProductOrderStatusID': ['Only the office can set the status of a product.'],
    });
    expect((await detail(wo.WorkOrderID)).ProductOrders).toHaveLength(1);
  });
});
