// Orders: the catalogue, work orders (create from a lead, bulk, patch, list filters, scope), product
// order statuses with their history and the commission they pay into the rep's payroll (and the
// chargeback after a Disconnect, never in a locked payroll), adjustments, claims and the update alert.
// Dates are fixed days of early 2026 (every sale is in the past whatever the wall clock says).
import { and, count, eq, gt, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  icdOffices,
  leadAssignments,
  leadGroups,
  leads,
  mailOutbox,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  payrolls,
  productCommissionPolicies,
  productLines,
  productOrderCommissions,
  productOrders,
  products,
  programs,
  workOrders,
} from '../../server/db/tables';
import { productOrderSources } from '../../server/modules/orders/sources';
import { Division } from '../../src/contract/common';
import type {
  ManualClaim,
  MySale,
  Product,
  ProductLine,
  ProductOrder,
  ProductOrderAdjustment,
  ProductOrderStatus,
  Program,
  WorkOrder,
  WorkOrderDetail,
  WorkOrderPage,
} from '../../src/contract/orders';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let manager: Session;
let owner: Session;
let rep: Session;
let staff: Session;
let payroll: Session;
const ids: Record<string, number> = {};
const office: Record<string, number> = {};
let d2d: number; // Rogers Door-to-Door program
let newLine: number; // its "New activation" line
let internet: number; // Ignite Internet 1 Gbps
let wireless: number;
let dtvProduct: number;
let repLeads: number[] = [];
let foreignLead: number; // a lead of another corporation
let statuses: ProductOrderStatus[] = [];
const statusOf = (kind: number) => statuses.find((s) => s.StatusKind === kind)!.ProductOrderStatusID;

beforeAll(async () => {
  t = await createTestApp();
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  [admin, manager, owner, rep, staff, payroll] = await Promise.all(
    ['admin', 'manager', 'owner', 'rep', 'staff', 'payroll'].map((u) => t.signIn(u)),
  );
  [{ ProgramID: d2d }] = await t.db.select().from(programs).where(eq(programs.Name, 'Rogers Door-to-Door'));
  [{ ProductLineID: newLine }] = await t.db
    .select()
    .from(productLines)
    .where(and(eq(productLines.ProgramID, d2d), eq(productLines.Name, 'New activation')));
  [{ ProductID: internet }] = await t.db.select().from(products).where(eq(products.Code, 'RGR-INT-1G'));
  [{ ProductID: wireless }] = await t.db.select().from(products).where(eq(products.Code, 'RGR-WL'));
  [{ ProductID: dtvProduct }] = await t.db.select().from(products).where(eq(products.Code, 'DTV-CHOICE'));
  // The rep's leads no demo order came from.
  const used = new Set((await t.db.select({ id: workOrders.LeadID }).from(workOrders)).map((r) => r.id));
  repLeads = (
    await t.db
      .select({ id: leadAssignments.LeadID })
      .from(leadAssignments)
      .where(eq(leadAssignments.EmployeeID, ids.rep))
      .orderBy(leadAssignments.LeadID)
  )
    .map((r) => r.id)
    .filter((id) => !used.has(id));
  // A lead group of another corporation (Summit), with one lead: outside every Toronto caller's scope.
  const [la] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office.los));
  const [group] = await t.db
    .insert(leadGroups)
    .values({ Name: 'Foreign group', DivisionID: Division.Rogers, IcdCorporationID: la.IcdCorporationID })
    .returning();
  const [lead] = await t.db
    .insert(leads)
    .values({
      LeadGroupID: group.LeadGroupID,
      Latitude: 34.05,
      Longitude: -118.4,
      StreetLine1: '1 Ocean Ave',
    })
    .returning();
  foreignLead = lead.LeadID;
  statuses = (
    await admin.call({ method: 'GET', url: `/api/divisions/${Division.Rogers}/product-order-statuses` })
  ).json();
  // The only product commission policy (the demo's are set aside): 45.00 per Internet unit, one tier.
  await t.db.delete(productCommissionPolicies);
  await t.db.insert(productCommissionPolicies).values({
    Name: 'Internet 2026',
    DivisionID: Division.Rogers,
    ProgramID: d2d,
    ProductID: internet,
    ProductLineID: null,
    CommissionTypeID: 4,
    StartDate: '2026-01-01',
    EndDate: null,
    Tiers: [{ From: 0, To: 1_000_000, RateCents: 4500 }],
  });
}, 240_000);
afterAll(() => t.close());

const order = (over: Record<string, unknown> = {}) => ({
  ProgramID: d2d,
  IcdOfficeID: office.toronto,
  SaleDate: '2026-02-02',
  CustomerName: 'Avery Lam',
  SalesChannelID: 1,
  ProductOrders: [{ ProductID: internet, ProductLineID: newLine, Quantity: 1 }],
  ...over,
});
const countOrders = async () => (await t.db.select({ n: count() }).from(workOrders))[0].n;

describe('catalogue', () => {
  it('lists programs in scope: the rep those of Toronto, the admin every one', async () => {
    const mine = (await rep.call({ method: 'GET', url: '/api/programs' })).json<Program[]>();
    const all = (await admin.call({ method: 'GET', url: '/api/programs' })).json<Program[]>();
    expect(mine.map((p) => p.Name)).toContain('Rogers Door-to-Door');
    expect(mine.length).toBeLessThan(all.length);
    expect(all).toHaveLength(await t.db.$count(programs));
    const rogers = (
      await admin.call({ method: 'GET', url: `/api/programs?divisionID=${Division.Rogers}` })
    ).json<Program[]>();
    expect(rogers.every((p) => p.DivisionID === Division.Rogers)).toBe(true);
    expect((await staff.call({ method: 'GET', url: '/api/programs' })).statusCode).toBe(403);
  });

  it('lists retailers per division and products with the Rogers category', async () => {
    const rets = (await rep.call({ method: 'GET', url: `/api/retailers?divisionID=${Division.Dtv}` })).json();
    expect(rets.map((r: { Name: string }) => r.Name)).toEqual(['Best Buy', 'DIRECTV Store']);
    const tv = (await rep.call({ method: 'GET', url: '/api/products?rogersCategoryID=1' })).json<Product[]>();
    expect(tv.length).toBeGreaterThan(0);
    expect(tv.every((p) => p.RogersCategoryID === 1 && p.RogersCategoryName === 'TV')).toBe(true);
    const cats = (await rep.call({ method: 'GET', url: `/api/products?divisionID=${Division.Rogers}` }))
      .json<Product[]>()
      .map((p) => p.RogersCategoryName);
    for (const c of [
      'TV',
      'Internet',
      'Home Phone',
      'Smart Home Monitoring',
      'Wireless',
      'Content',
      'Migration',
    ])
      expect(cats).toContain(c);
  });

  it('creates, saves (Version) and deletes a product; refuses duplicates, bad categories and used ones', async () => {
    const body = {
      DivisionID: Division.Rogers,
      Name: 'Ignite TV Test',
      Code: 'RGR-TEST',
      RogersCategoryID: 1,
    };
    expect((await rep.call({ method: 'POST', url: '/api/products', payload: body })).statusCode).toBe(403);
    const created = await admin.call({ method: 'POST', url: '/api/products', payload: body });
    expect(created.statusCode).toBe(201);
    const p = created.json<Product>();
    const dup = await admin.call({
      method: 'POST',
      url: '/api/products',
      payload: { ...body, Code: 'OTHER' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().Errors.Name).toEqual(['A product with this name already exists in the division.']);
    const bad = await admin.call({
      method: 'POST',
      url: '/api/products',
      payload: { ...body, Name: 'X', Code: null, RogersCategoryID: 8 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.RogersCategoryID).toEqual(['Choose a category from 1 to 7']);
    const noDivision = await admin.call({
      method: 'POST',
      url: '/api/products',
      payload: { ...body, Name: 'No division', DivisionID: null },
    });
    expect(noDivision.statusCode).toBe(400);
    expect(noDivision.json().Errors.DivisionID).toEqual(['Choose the division']);
    const saved = await admin.call({
      method: 'PUT',
      url: `/api/products/${p.ProductID}`,
      payload: { ...body, Name: 'Ignite TV Test 2', Version: p.Version },
    });
    expect(saved.json<Product>()).toMatchObject({ Name: 'Ignite TV Test 2', Version: p.Version + 1 });
    const stale = await admin.call({
      method: 'PUT',
      url: `/api/products/${p.ProductID}`,
      payload: { ...body, Version: p.Version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.Name).toBe('Ignite TV Test 2');
    const used = await admin.call({ method: 'DELETE', url: `/api/products/${internet}` });
    expect(used.statusCode).toBe(422);
    expect((await admin.call({ method: 'DELETE', url: `/api/products/${p.ProductID}` })).statusCode).toBe(
      204,
    );
    expect(await t.db.$count(products, eq(products.ProductID, p.ProductID))).toBe(0);
  });

  it('keeps product lines per program', async () => {
    const lines = (await rep.call({ method: 'GET', url: `/api/product-lines?programID=${d2d}` })).json<
      ProductLine[]
    >();
    expect(lines.map((l) => l.Name)).toEqual(['New activation', 'Upgrade', 'Add-a-line']);
    const created = await admin.call({
      method: 'POST',
      url: '/api/product-lines',
      payload: { ProgramID: d2d, Name: 'Win-back', SortIndex: 9 },
    });
    expect(created.statusCode).toBe(201);
    const line = created.json<ProductLine>();
    expect(line).toMatchObject({ ProgramName: 'Rogers Door-to-Door', DivisionID: Division.Rogers });
    const dup = await admin.call({
      method: 'POST',
      url: '/api/product-lines',
      payload: { ProgramID: d2d, Name: 'win-back' },
    });
    expect(dup.json().Errors.Name).toEqual(['A product line with this name already exists in the program.']);
    const noProgram = await admin.call({
      method: 'POST',
      url: '/api/product-lines',
      payload: { ProgramID: 99999, Name: 'A' },
    });
    expect(noProgram.json().Errors.ProgramID).toEqual(['This program does not exist.']);
    const stale = await admin.call({
      method: 'PUT',
      url: `/api/product-lines/${line.ProductLineID}`,
      payload: { ProgramID: d2d, Name: 'Win back', Version: line.Version + 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin.call({ method: 'DELETE', url: `/api/product-lines/${newLine}` })).statusCode).toBe(
      422,
    );
    expect(
      (await admin.call({ method: 'DELETE', url: `/api/product-lines/${line.ProductLineID}` })).statusCode,
    ).toBe(204);
  });

  it('gives each division Booked, Installed, Cancelled and Disconnect', async () => {
    for (const d of [Division.RoadShow, Division.Dtv, Division.Rogers]) {
      const res = (
        await manager.call({ method: 'GET', url: `/api/divisions/${d}/product-order-statuses` })
      ).json<ProductOrderStatus[]>();
      expect(res.map((s) => s.StatusKindName)).toEqual(['Booked', 'Installed', 'Cancelled', 'Disconnect']);
    }
    expect(
      (await manager.call({ method: 'GET', url: '/api/divisions/9999/product-order-statuses' })).statusCode,
    ).toBe(404);
  });
});

describe('work orders', () => {
  it('a rep creates an order from their lead: credited to them, Booked, with the lead address', async () => {
    const res = await rep.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({ LeadID: repLeads[0], CustomerName: undefined, OrderNumber: 'T-100' }),
    });
    expect(res.statusCode).toBe(201);
    const wo = res.json<WorkOrderDetail>();
    const [lead] = await t.db.select().from(leads).where(eq(leads.LeadID, repLeads[0]));
    expect(wo).toMatchObject({
      EmployeeID: ids.rep,
      LeadID: repLeads[0],
      StreetLine1: lead.StreetLine1,
      DivisionID: 35,
    });
    expect(wo.ProductOrders[0]).toMatchObject({
      StatusKind: 1,
      StatusName: 'Booked',
      StatusDate: '2026-02-02',
    });
    expect(wo.History).toMatchObject([
      { FromStatusID: null, ToStatusName: 'Booked', ChangedByEmployeeID: ids.rep },
    ]);
  });

  it('refuses an order for a lead outside the caller’s scope, and a rep crediting someone else', async () => {
    const before = await countOrders();
    const foreign = await rep.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({ LeadID: foreignLead }),
    });
    expect(foreign.statusCode).toBe(403);
    const asManager = await manager.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({ LeadID: foreignLead }),
    });
    expect(asManager.statusCode).toBe(403);
    const other = await rep.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({ EmployeeID: ids.manager }),
    });
    expect(other.statusCode).toBe(403);
    const vancouver = await manager.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({ IcdOfficeID: office.vancouver }),
    });
    expect(vancouver.statusCode).toBe(403);
    expect((await staff.call({ method: 'POST', url: '/api/work-orders', payload: order() })).statusCode).toBe(
      403,
    );
    expect(await countOrders()).toBe(before);
  });

  it('answers bad input with the field’s message', async () => {
    const before = await countOrders();
    const empty = await rep.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({ ProductOrders: [] }),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors.ProductOrders).toEqual(['Add at least one product']);
    const wrong = await rep.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({
        ProductOrders: [{ ProductID: dtvProduct, ProductLineID: newLine, Quantity: 1 }],
        CustomerName: null,
        SalesChannelID: 5,
      }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Errors.SalesChannelID).toBeDefined();
    const semantic = await rep.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({
        ProductOrders: [{ ProductID: dtvProduct, ProductLineID: newLine }],
        CustomerName: null,
        SaleDate: '2999-01-01',
      }),
    });
    expect(semantic.statusCode).toBe(400);
    expect(semantic.json().Errors).toEqual({
      SaleDate: ['The sale date cannot be in the future.'],
      CustomerName: ['Enter the customer name'],
      'ProductOrders[0].ProductID': ["This product is not one of the program's division."],
    });
    const dupNumber = await rep.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({ OrderNumber: 'T-100' }),
    });
    expect(dupNumber.json().Errors.OrderNumber[0]).toMatch(/already has this order number/);
    expect(await countOrders()).toBe(before);
  });

  it('a keyed POST is exactly once; the same lead + client key never makes a second order', async () => {
    const headers = { 'idempotency-key': '8d0f6c62-5a0e-4a43-9a59-2f4f1b7f0a01' };
    const payload = order({ LeadID: repLeads[1], ClientRequestKey: 'draft-1' });
    const first = await rep.call({ method: 'POST', url: '/api/work-orders', payload, headers });
    const again = await rep.call({ method: 'POST', url: '/api/work-orders', payload, headers });
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json().WorkOrderID).toBe(first.json().WorkOrderID);
    // The draft sent again under another key (the outbox lost its key): the same order, 200.
    const replay = await rep.call({ method: 'POST', url: '/api/work-orders', payload });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().WorkOrderID).toBe(first.json().WorkOrderID);
    expect(await t.db.$count(workOrders, eq(workOrders.LeadID, repLeads[1]))).toBe(1);
  });

  it('bulk creates all or nothing, naming each failing row', async () => {
    const before = await countOrders();
    const bad = await manager.call({
      method: 'POST',
      url: '/api/work-orders/bulk',
      payload: {
        WorkOrders: [
          order({ OrderNumber: 'B-1' }),
          order({ OrderNumber: 'B-2', ProductOrders: [{ ProductID: dtvProduct, ProductLineID: newLine }] }),
          order({ OrderNumber: 'B-1' }),
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Messages).toEqual([
      "Row 2: This product is not one of the program's division.",
      'Row 3: Row 1 has the same order number.',
    ]);
    expect(bad.json().Errors['WorkOrders[1].ProductOrders[0].ProductID']).toBeDefined();
    expect(await countOrders()).toBe(before);
    const ok = await manager.call({
      method: 'POST',
      url: '/api/work-orders/bulk',
      payload: {
        WorkOrders: [order({ OrderNumber: 'B-1' }), order({ OrderNumber: 'B-2', EmployeeID: ids.rep })],
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<WorkOrderDetail[]>().map((w) => w.EmployeeID)).toEqual([null, ids.rep]);
    expect(await countOrders()).toBe(before + 2);
  });

  it('lists in scope with filters and paging', async () => {
    const mine = (
      await rep.call({ method: 'GET', url: '/api/work-orders?pageSize=500' })
    ).json<WorkOrderPage>();
    expect(mine.Items.length).toBeGreaterThan(0);
    expect(mine.Items.every((w) => w.EmployeeID === ids.rep)).toBe(true);
    const all = (
      await manager.call({ method: 'GET', url: '/api/work-orders?pageSize=500' })
    ).json<WorkOrderPage>();
    expect(all.Items.some((w) => w.EmployeeID === null)).toBe(true);
    expect(all.Items.every((w) => w.IcdOfficeID === office.toronto)).toBe(true);
    const page = (
      await manager.call({ method: 'GET', url: '/api/work-orders?pageSize=2&pageIndex=1&sort=saleDate' })
    ).json<WorkOrderPage>();
    expect(page).toMatchObject({ TotalCount: all.TotalCount, PageIndex: 1, PageSize: 2 });
    const sorted = [...all.Items].sort(
      (a, b) => a.SaleDate.localeCompare(b.SaleDate) || a.WorkOrderID - b.WorkOrderID,
    );
    expect(page.Items.map((w) => w.WorkOrderID)).toEqual(sorted.slice(2, 4).map((w) => w.WorkOrderID));
    const feb = (
      await manager.call({
        method: 'GET',
        url: '/api/work-orders?from=2026-02-01&to=2026-02-28&salesChannelID=1&statusKind=1',
      })
    ).json<WorkOrderPage>();
    expect(feb.Items.length).toBeGreaterThan(0);
    expect(
      feb.Items.every(
        (w) =>
          w.SaleDate.startsWith('2026-02') &&
          w.SalesChannelID === 1 &&
          w.ProductOrders.some((p) => p.StatusKind === 1),
      ),
    ).toBe(true);
    const search = (
      await manager.call({ method: 'GET', url: '/api/work-orders?search=B-2' })
    ).json<WorkOrderPage>();
    expect(search.Items.map((w) => w.OrderNumber)).toEqual(['B-2']);
    // Vancouver's manager-less view: the owner sees Toronto's too (her corporation), LA's payroll admin all.
    const own = (
      await owner.call({ method: 'GET', url: '/api/work-orders?pageSize=1' })
    ).json<WorkOrderPage>();
    expect(own.TotalCount).toBe(all.TotalCount);
    const bad = await manager.call({ method: 'GET', url: '/api/work-orders?from=2026-02-30' });
    expect(bad.statusCode).toBe(400);
  });

  it('patches with Version; a stale one is 409 with the current order; out of scope is 404', async () => {
    const [wo] = await t.db.select().from(workOrders).where(eq(workOrders.OrderNumber, 'T-100'));
    const res = await rep.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: {
        Version: wo.Version,
        CustomerPhone: '416-555-0101',
        AddProductOrders: [{ ProductID: wireless, ProductLineID: newLine, Quantity: 2 }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<WorkOrderDetail>()).toMatchObject({
      CustomerPhone: '416-555-0101',
      Version: wo.Version + 1,
    });
    expect(res.json<WorkOrderDetail>().ProductOrders).toHaveLength(2);
    const stale = await rep.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: { Version: wo.Version, Comments: 'x' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.CustomerPhone).toBe('416-555-0101');
    const reassign = await rep.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: { Version: wo.Version + 1, EmployeeID: ids.manager },
    });
    expect(reassign.statusCode).toBe(403);
    // An order of Los Angeles: the Toronto manager does not see it.
    const [la] = await t.db
      .insert(workOrders)
      .values({
        DivisionID: 35,
        ProgramID: d2d,
        IcdOfficeID: office.los,
        SaleDate: '2026-02-02',
        CustomerName: 'LA',
      })
      .returning();
    const out = await manager.call({
      method: 'PATCH',
      url: `/api/work-orders/${la.WorkOrderID}`,
      payload: { Version: 1, Comments: 'x' },
    });
    expect(out.statusCode).toBe(404);
    expect(
      (await manager.call({ method: 'GET', url: `/api/work-orders/${la.WorkOrderID}` })).statusCode,
    ).toBe(404);
    expect(
      (await payroll.call({ method: 'GET', url: `/api/work-orders/${la.WorkOrderID}` })).statusCode,
    ).toBe(200);
  });
});

describe('statuses and commission', () => {
  async function newOrder(sale: string, qty = 1): Promise<WorkOrderDetail> {
    const res = await manager.call({
      method: 'POST',
      url: '/api/work-orders',
      payload: order({
        SaleDate: sale,
        EmployeeID: ids.rep,
        ProductOrders: [{ ProductID: internet, ProductLineID: newLine, Quantity: qty }],
      }),
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  const change = (po: ProductOrder, kind: number, day: string, extra: Record<string, unknown> = {}) => ({
    ProductOrderID: po.ProductOrderID,
    ProductOrderStatusID: statusOf(kind),
    StatusDate: day,
    ...extra,
  });
  const piecesOf = (poId: number) =>
    t.db
      .select({ piece: payrollCommissionPieces, period: payPeriods })
      .from(payrollCommissionPieces)
      .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollCommissionPieces.PayrollEntryID))
      .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
      .where(
        and(
          eq(payrollCommissionPieces.SourceType, 'productOrder'),
          eq(payrollCommissionPieces.SourceID, poId),
        ),
      );

  let installedPo: ProductOrder;
  let lockedPeriodId: number;

  it('Installed pays the policy’s commission into the rep’s pay period of the install day', async () => {
    const wo = await newOrder('2026-02-02', 2);
    const po = wo.ProductOrders[0];
    const res = await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: {
        Changes: [change(po, 2, '2026-02-04', { Version: po.Version, Comments: 'Tech visit done' })],
      },
    });
    expect(res.statusCode).toBe(200);
    installedPo = res.json<ProductOrder[]>()[0];
    expect(installedPo).toMatchObject({
      StatusName: 'Installed',
      InstallDate: '2026-02-04',
      CommissionPaid: 90,
    });
    const pieces = await piecesOf(po.ProductOrderID);
    expect(pieces).toHaveLength(1);
    expect(pieces[0].piece).toMatchObject({ PieceQty: 2, PieceRateCents: 4500, ProgramID: d2d });
    expect(pieces[0].period.EmployeeID).toBe(ids.rep);
    expect(pieces[0].period.StartDate <= '2026-02-04' && '2026-02-04' <= pieces[0].period.EndDate).toBe(true);
    lockedPeriodId = pieces[0].period.PayPeriodID;
    // The entry was recalculated with the piece.
    const [entry] = await t.db
      .select()
      .from(payrollEntries)
      .where(eq(payrollEntries.PayPeriodID, lockedPeriodId));
    expect(entry.SnapshotNumber).toBeGreaterThan(0);
    const detail = (
      await manager.call({ method: 'GET', url: `/api/work-orders/${wo.WorkOrderID}` })
    ).json<WorkOrderDetail>();
    expect(detail.History.map((h) => [h.FromStatusName, h.ToStatusName, h.ChangedByEmployeeID])).toEqual([
      [null, 'Booked', ids.manager],
      ['Booked', 'Installed', ids.manager],
    ]);
    expect(detail.History[1].Comments).toBe('Tech visit done');
    expect(detail.Commissions).toMatchObject([
      { Kind: 'commission', Amount: 90, PolicyName: 'Internet 2026', IsPaid: true },
    ]);
    const moved = await manager.call({
      method: 'PATCH',
      url: `/api/work-orders/${wo.WorkOrderID}`,
      payload: { Version: detail.Version, SaleDate: '2026-01-30', EmployeeID: ids.manager },
    });
    expect(moved.json().Errors).toEqual({
      EmployeeID: ['Commission was paid on this order: its rep cannot change.'],
      SaleDate: ['Commission was paid on this order: its sale date cannot change.'],
    });
    // Settling again changes nothing: a second move between Installed statuses is refused anyway.
    const again = await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: { Changes: [change(po, 2, '2026-02-05')] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().Messages).toEqual(['Row 1: The product order is already Installed.']);
    expect(await piecesOf(po.ProductOrderID)).toHaveLength(1);
  });

  it('never changes a locked payroll: an install or a Disconnect in it lands in the next open period', async () => {
    const [period] = await t.db.select().from(payPeriods).where(eq(payPeriods.PayPeriodID, lockedPeriodId));
    await t.db.update(payrolls).set({ IsLocked: true }).where(eq(payrolls.PayrollID, period.PayrollID!));
    await t.db.update(payPeriods).set({ IsLocked: true }).where(eq(payPeriods.PayrollID, period.PayrollID!));
    const [lockedEntry] = await t.db
      .select()
      .from(payrollEntries)
      .where(eq(payrollEntries.PayPeriodID, lockedPeriodId));
    const lockedPieces = await t.db.$count(
      payrollCommissionPieces,
      eq(payrollCommissionPieces.PayrollEntryID, lockedEntry.PayrollEntryID),
    );

    const res = await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: { Changes: [change(installedPo, 4, '2026-02-06', { Version: installedPo.Version })] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProductOrder[]>()[0]).toMatchObject({
      StatusName: 'Disconnect',
      CommissionPaid: 0,
      InstallDate: '2026-02-04',
    });
    const pieces = await piecesOf(installedPo.ProductOrderID);
    expect(pieces).toHaveLength(2);
    const chargeback = pieces.find((p) => p.piece.PieceQty < 0)!;
    expect(chargeback.piece).toMatchObject({ PieceQty: -2, PieceRateCents: 4500 });
    expect(chargeback.period.PayPeriodID).not.toBe(lockedPeriodId);
    expect(chargeback.period.StartDate > period.EndDate).toBe(true);
    expect(chargeback.period.IsLocked).toBe(false);

    // An order installed on a day of the locked period is paid in the open one too.
    const wo = await newOrder('2026-02-03');
    await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: { Changes: [change(wo.ProductOrders[0], 2, '2026-02-05')] },
    });
    const late = await piecesOf(wo.ProductOrders[0].ProductOrderID);
    expect(late).toHaveLength(1);
    expect(late[0].period.PayPeriodID).toBe(chargeback.period.PayPeriodID);

    // The locked entry kept its pieces and its calculation.
    const [after] = await t.db
      .select()
      .from(payrollEntries)
      .where(eq(payrollEntries.PayPeriodID, lockedPeriodId));
    expect(after.SnapshotNumber).toBe(lockedEntry.SnapshotNumber);
    expect(
      await t.db.$count(
        payrollCommissionPieces,
        eq(payrollCommissionPieces.PayrollEntryID, lockedEntry.PayrollEntryID),
      ),
    ).toBe(lockedPieces);
  });

  it('refuses moves the kinds do not allow, all or nothing, naming the rows; out of scope is 404', async () => {
    const wo = await newOrder('2026-03-02');
    const po = wo.ProductOrders[0];
    const res = await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: {
        Changes: [
          change(po, 3, '2026-03-03'),
          change(installedPo, 2, '2026-03-03'),
          change(po, 2, '2026-03-01'),
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Messages).toEqual([
      'Row 2: A product order cannot go from Disconnect to Installed.',
      'Row 3: This product order is already changed in another row.',
      'Row 3: The status date cannot be before the sale date.',
    ]);
    const [still] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.ProductOrderID, po.ProductOrderID));
    expect(still.ProductOrderStatusID).toBe(statusOf(1));
    const stale = await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: { Changes: [change(po, 3, '2026-03-03', { Version: po.Version + 5 })] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current[0].ProductOrderID).toBe(po.ProductOrderID);
    const [la] = await t.db.select().from(workOrders).where(eq(workOrders.IcdOfficeID, office.los));
    const [laPo] = await t.db
      .insert(productOrders)
      .values({
        WorkOrderID: la.WorkOrderID,
        ProductID: internet,
        ProductLineID: newLine,
        ProductOrderStatusID: statusOf(1),
        StatusDate: '2026-02-02',
      })
      .returning();
    const out = await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: {
        Changes: [
          change(po, 3, '2026-03-03'),
          { ...change(po, 3, '2026-03-03'), ProductOrderID: laPo.ProductOrderID },
        ],
      },
    });
    expect(out.statusCode).toBe(404);
    expect(out.json().Messages).toEqual([`Row 2: product order ${laPo.ProductOrderID} was not found.`]);
    expect(
      (
        await rep.call({
          method: 'PATCH',
          url: '/api/product-order-status/bulk',
          payload: { Changes: [change(po, 3, '2026-03-03')] },
        })
      ).statusCode,
    ).toBe(403);
    const cancelled = await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: { Changes: [change(po, 3, '2026-03-03')] },
    });
    expect(cancelled.json<ProductOrder[]>()[0].StatusName).toBe('Cancelled');
    // Cancelled before install: nothing was paid, nothing charged back.
    expect(await piecesOf(po.ProductOrderID)).toHaveLength(0);
  });

  it('two offices installing one rep’s orders at once both pay, with distinct piece numbers', async () => {
    const [a, b] = [await newOrder('2026-04-06'), await newOrder('2026-04-06')];
    const results = await Promise.all(
      [a, b].map((wo) =>
        manager.call({
          method: 'PATCH',
          url: '/api/product-order-status/bulk',
          payload: { Changes: [change(wo.ProductOrders[0], 2, '2026-04-07')] },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const pieces = [
      ...(await piecesOf(a.ProductOrders[0].ProductOrderID)),
      ...(await piecesOf(b.ProductOrders[0].ProductOrderID)),
    ];
    expect(pieces).toHaveLength(2);
    expect(pieces[0].piece.PayrollEntryID).toBe(pieces[1].piece.PayrollEntryID);
    expect(pieces[0].piece.PieceNumber).not.toBe(pieces[1].piece.PieceNumber);
  });

  it('names where a piece came from: the order, its product and the lead', async () => {
    const [t100] = await t.db.select().from(workOrders).where(eq(workOrders.OrderNumber, 'T-100'));
    const [po] = await t.db
      .select()
      .from(productOrders)
      .where(eq(productOrders.WorkOrderID, t100.WorkOrderID));
    const sources = await productOrderSources(t.db, [po.ProductOrderID]);
    expect(sources.get(po.ProductOrderID)).toMatchObject({
      OrderNumber: 'T-100',
      LeadID: t100.LeadID,
      Label: `Order T-100 · Ignite Internet 1 Gbps · lead ${t100.LeadID}`,
    });
  });

  it('My sales shows the rep’s orders with commission expected and paid', async () => {
    const sales = (
      await rep.call({ method: 'GET', url: '/api/work-orders/mine?from=2026-02-01&to=2026-02-28' })
    ).json<MySale[]>();
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.every((s) => s.EmployeeID === ids.rep)).toBe(true);
    const booked = sales.find((s) => s.OrderNumber === 'T-100')!;
    // One Internet unit Booked (45.00 expected) and the wireless line without a policy.
    expect(booked.ExpectedCommission).toBe(45);
    const late = sales.find((s) => s.ProductOrders.some((p) => p.InstallDate === '2026-02-05'))!;
    expect(late).toMatchObject({ ExpectedCommission: 45, CommissionPaid: 45 });
    expect((await manager.call({ method: 'GET', url: '/api/work-orders/mine' })).statusCode).toBe(403);
  });
});

describe('adjustments', () => {
  it('adds, bulk-adds (all or nothing), saves with Version and deletes', async () => {
    const [po] = await t.db.select().from(productOrders).where(eq(productOrders.ProductOrderID, 1));
    const body = {
      ProductOrderID: po.ProductOrderID,
      PartnerName: 'Rogers Store',
      Amount: 12.5,
      Comments: 'Credit',
    };
    expect(
      (await rep.call({ method: 'POST', url: '/api/product-order-adjustment', payload: body })).statusCode,
    ).toBe(403);
    const zero = await manager.call({
      method: 'POST',
      url: '/api/product-order-adjustment',
      payload: { ...body, Amount: 0 },
    });
    expect(zero.json().Errors.Amount).toEqual(['Enter an amount other than zero']);
    const noPartner = await manager.call({
      method: 'POST',
      url: '/api/product-order-adjustment',
      payload: { ...body, PartnerName: ' ' },
    });
    expect(noPartner.json().Errors.PartnerName).toEqual(['Enter the partner name']);
    const res = await manager.call({ method: 'POST', url: '/api/product-order-adjustment', payload: body });
    expect(res.statusCode).toBe(201);
    const adj = res.json<ProductOrderAdjustment>();
    expect(adj).toMatchObject({ Amount: 12.5, PartnerName: 'Rogers Store', WorkOrderID: po.WorkOrderID });
    const before = await t.db.$count(productOrders);
    const bulkBad = await manager.call({
      method: 'POST',
      url: '/api/product-order-adjustment/bulk',
      payload: { Adjustments: [body, { ...body, ProductOrderID: 999999 }] },
    });
    expect(bulkBad.statusCode).toBe(404);
    expect(bulkBad.json().Messages).toEqual(['Row 2: product order 999999 was not found.']);
    const bulk = await manager.call({
      method: 'POST',
      url: '/api/product-order-adjustment/bulk',
      payload: { Adjustments: [body, { ...body, Amount: -3 }] },
    });
    expect(bulk.json<ProductOrderAdjustment[]>().map((a) => a.Amount)).toEqual([12.5, -3]);
    expect(await t.db.$count(productOrders)).toBe(before);
    const saved = await manager.call({
      method: 'PUT',
      url: `/api/product-order-adjustment/${adj.ProductOrderAdjustmentID}`,
      payload: { PartnerName: 'Costco Wireless', Amount: 20, Version: adj.Version },
    });
    expect(saved.json()).toMatchObject({
      PartnerName: 'Costco Wireless',
      Amount: 20,
      Version: adj.Version + 1,
    });
    const stale = await manager.call({
      method: 'PUT',
      url: `/api/product-order-adjustment/${adj.ProductOrderAdjustmentID}`,
      payload: { PartnerName: 'X', Amount: 1, Version: adj.Version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.PartnerName).toBe('Costco Wireless');
    const del = await manager.call({
      method: 'DELETE',
      url: `/api/product-order-adjustment/${adj.ProductOrderAdjustmentID}`,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (
        await manager.call({
          method: 'DELETE',
          url: `/api/product-order-adjustment/${adj.ProductOrderAdjustmentID}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('claims and alerts', () => {
  it('a rep claims an unclaimed order by its number; someone else’s is refused by row', async () => {
    const res = await rep.call({
      method: 'POST',
      url: '/api/work-orders/employee-claims',
      payload: { DivisionID: Division.Rogers, OrderNumbers: ['RGR-0889999'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<WorkOrder[]>()[0]).toMatchObject({ OrderNumber: 'RGR-0889999', EmployeeID: ids.rep });
    // B-1 (no rep) and T-100 (the rep's own) are fine; an unknown number and another's order are not.
    const [other] = await t.db
      .insert(workOrders)
      .values({
        DivisionID: 35,
        ProgramID: d2d,
        IcdOfficeID: office.toronto,
        EmployeeID: ids.manager,
        OrderNumber: 'M-1',
        SaleDate: '2026-02-02',
        CustomerName: 'M',
      })
      .returning();
    const bad = await rep.call({
      method: 'POST',
      url: '/api/work-orders/employee-claims',
      payload: { DivisionID: Division.Rogers, OrderNumbers: ['B-1', 'NOPE', 'M-1'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Messages).toEqual([
      'Row 2: No work order numbered NOPE was found.',
      'Row 3: Work order M-1 is already credited to another employee.',
    ]);
    const [b1] = await t.db.select().from(workOrders).where(eq(workOrders.OrderNumber, 'B-1'));
    expect(b1.EmployeeID).toBeNull();
    expect(other.EmployeeID).toBe(ids.manager);
    expect(
      (
        await staff.call({
          method: 'POST',
          url: '/api/work-orders/employee-claims',
          payload: { DivisionID: 35, OrderNumbers: ['B-1'] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('claiming an installed order pays its commission then', async () => {
    const [b1] = await t.db.select().from(workOrders).where(eq(workOrders.OrderNumber, 'B-1'));
    const [po] = await t.db.select().from(productOrders).where(eq(productOrders.WorkOrderID, b1.WorkOrderID));
    await manager.call({
      method: 'PATCH',
      url: '/api/product-order-status/bulk',
      payload: {
        Changes: [
          { ProductOrderID: po.ProductOrderID, ProductOrderStatusID: statusOf(2), StatusDate: '2026-03-10' },
        ],
      },
    });
    expect(
      await t.db.$count(
        productOrderCommissions,
        eq(productOrderCommissions.ProductOrderID, po.ProductOrderID),
      ),
    ).toBe(0);
    await rep.call({
      method: 'POST',
      url: '/api/work-orders/employee-claims',
      payload: { DivisionID: 35, OrderNumbers: ['B-1'] },
    });
    const ledger = await t.db
      .select()
      .from(productOrderCommissions)
      .where(eq(productOrderCommissions.ProductOrderID, po.ProductOrderID));
    expect(ledger).toMatchObject([{ Kind: 'commission', EmployeeID: ids.rep, AmountCents: 4500 }]);
  });

  it('mails each rep a work order update alert', async () => {
    const [t100] = await t.db.select().from(workOrders).where(eq(workOrders.OrderNumber, 'T-100'));
    const before = await t.db.$count(mailOutbox);
    const res = await manager.call({
      method: 'POST',
      url: '/api/work-orders-update-alert',
      payload: { WorkOrderIDs: [t100.WorkOrderID], Message: 'The install was moved to Friday.' },
    });
    expect(res.statusCode).toBe(200);
    const [repRow] = await t.db.select().from(employees).where(eq(employees.EmployeeID, ids.rep));
    expect(res.json()).toEqual({ Queued: 1, Recipients: [repRow.EmailAddress] });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.MailID, 0))
      .orderBy(mailOutbox.MailID)
      .offset(before);
    expect(mail).toMatchObject({ MessageType: 'workOrderUpdateAlert', To: repRow.EmailAddress });
    expect(mail.Body).toContain('The install was moved to Friday.');
    expect(mail.Body).toContain('T-100');
    expect(
      (
        await rep.call({
          method: 'POST',
          url: '/api/work-orders-update-alert',
          payload: { WorkOrderIDs: [t100.WorkOrderID] },
        })
      ).statusCode,
    ).toBe(403);
    const [la] = await t.db.select().from(workOrders).where(eq(workOrders.IcdOfficeID, office.los));
    const out = await manager.call({
      method: 'POST',
      url: '/api/work-orders-update-alert',
      payload: { WorkOrderIDs: [la.WorkOrderID] },
    });
    expect(out.statusCode).toBe(404);
    expect(await t.db.$count(mailOutbox)).toBe(before + 1);
  });

  it('manual claims: filed by the rep, edited while pending, approved by the office (crediting the order)', async () => {
    const body = {
      IcdOfficeID: office.toronto,
      DivisionID: 35,
      OrderNumber: 'B-2X',
      SaleDate: '2026-02-02',
      Comments: 'My sale',
    };
    const res = await rep.call({ method: 'POST', url: '/api/work-order-manual-claims', payload: body });
    expect(res.statusCode).toBe(201);
    const claim = res.json<ManualClaim>();
    expect(claim).toMatchObject({ EmployeeID: ids.rep, StatusID: 1, EmployeeName: 'Riley Chen' });
    const missing = await rep.call({
      method: 'POST',
      url: '/api/work-order-manual-claims',
      payload: { ...body, OrderNumber: '' },
    });
    expect(missing.json().Errors.OrderNumber).toEqual(['Enter the order number']);
    const noDivision = await admin.call({
      method: 'POST',
      url: '/api/work-order-manual-claims',
      payload: { ...body, EmployeeID: ids.rep, DivisionID: 1 },
    });
    expect(noDivision.json().Errors.DivisionID).toEqual(['This office does not work for this division.']);
    const vancouver = await rep.call({
      method: 'POST',
      url: '/api/work-order-manual-claims',
      payload: { ...body, IcdOfficeID: office.vancouver },
    });
    expect(vancouver.statusCode).toBe(403);
    // B-2 is already the rep's (bulk above): the claim of it is refused until the office takes it away.
    const already = await rep.call({
      method: 'PUT',
      url: `/api/work-order-manual-claims/${claim.WorkOrderManualClaimID}`,
      payload: { ...body, OrderNumber: 'B-2', Version: claim.Version },
    });
    expect(already.json().Errors.OrderNumber).toEqual(['This order is already credited to this employee.']);
    await t.db.update(workOrders).set({ EmployeeID: null }).where(eq(workOrders.OrderNumber, 'B-2'));
    const edited = await rep.call({
      method: 'PUT',
      url: `/api/work-order-manual-claims/${claim.WorkOrderManualClaimID}`,
      payload: { ...body, OrderNumber: 'B-2', Version: claim.Version },
    });
    expect(edited.json()).toMatchObject({ OrderNumber: 'B-2', Version: claim.Version + 1 });
    const listRep = (await rep.call({ method: 'GET', url: '/api/work-order-manual-claims' })).json();
    expect(listRep.Items.map((c: ManualClaim) => c.WorkOrderManualClaimID)).toEqual([
      claim.WorkOrderManualClaimID,
    ]);
    const listMgr = (
      await manager.call({ method: 'GET', url: '/api/work-order-manual-claims?statusID=1' })
    ).json();
    expect(listMgr.TotalCount).toBe(1);
    expect(
      (
        await rep.call({
          method: 'PATCH',
          url: `/api/work-order-manual-claims/${claim.WorkOrderManualClaimID}`,
          payload: { StatusID: 2, Version: 2 },
        })
      ).statusCode,
    ).toBe(403);
    const stale = await manager.call({
      method: 'PATCH',
      url: `/api/work-order-manual-claims/${claim.WorkOrderManualClaimID}`,
      payload: { StatusID: 2, Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const approved = await manager.call({
      method: 'PATCH',
      url: `/api/work-order-manual-claims/${claim.WorkOrderManualClaimID}`,
      payload: { StatusID: 2, ResolutionComments: 'Confirmed with the partner', Version: 2 },
    });
    expect(approved.statusCode).toBe(200);
    const [b2] = await t.db.select().from(workOrders).where(eq(workOrders.OrderNumber, 'B-2'));
    expect(approved.json()).toMatchObject({
      StatusID: 2,
      WorkOrderID: b2.WorkOrderID,
      ResolvedByEmployeeID: ids.manager,
    });
    expect(b2.EmployeeID).toBe(ids.rep);
    const del = await rep.call({
      method: 'DELETE',
      url: `/api/work-order-manual-claims/${claim.WorkOrderManualClaimID}`,
    });
    expect(del.statusCode).toBe(422);
    const second = (
      await rep.call({
        method: 'POST',
        url: '/api/work-order-manual-claims',
        payload: { ...body, OrderNumber: 'Z-9' },
      })
    ).json<ManualClaim>();
    expect(
      (
        await manager.call({
          method: 'DELETE',
          url: `/api/work-order-manual-claims/${second.WorkOrderManualClaimID}?version=7`,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await rep.call({
          method: 'DELETE',
          url: `/api/work-order-manual-claims/${second.WorkOrderManualClaimID}`,
        })
      ).statusCode,
    ).toBe(204);
  });
});

describe('the demo', () => {
  it('has two weeks of the rep’s sales in several statuses, one Installed then Disconnect', async () => {
    const demo = await t.db
      .select({ po: productOrders, wo: workOrders })
      .from(productOrders)
      .innerJoin(workOrders, eq(workOrders.WorkOrderID, productOrders.WorkOrderID))
      .where(
        and(
          eq(workOrders.EmployeeID, ids.rep),
          inArray(
            workOrders.OrderNumber,
            (await t.db.select({ n: workOrders.OrderNumber }).from(workOrders))
              .map((r) => r.n ?? '')
              .filter((n) => n.startsWith('RGR-088') && n !== 'RGR-0889999'),
          ),
        ),
      );
    const kinds = new Set(
      demo.map(
        (d) => statuses.find((s) => s.ProductOrderStatusID === d.po.ProductOrderStatusID)?.StatusKindName,
      ),
    );
    expect([...kinds].sort()).toEqual(['Booked', 'Cancelled', 'Disconnect', 'Installed']);
    const disconnected = demo.filter((d) => d.po.ProductOrderStatusID === statusOf(4));
    expect(disconnected.every((d) => d.po.InstallDate !== null)).toBe(true);
    // Its commission was paid when installed and charged back after the Disconnect.
    const ledger = await t.db
      .select()
      .from(productOrderCommissions)
      .where(
        inArray(
          productOrderCommissions.ProductOrderID,
          disconnected.map((d) => d.po.ProductOrderID),
        ),
      );
    expect(ledger.filter((l) => l.Kind === 'commission').length).toBeGreaterThan(0);
    expect(ledger.reduce((sum, l) => sum + l.AmountCents, 0)).toBe(0);
    const chargebacks = ledger.filter((l) => l.Kind === 'chargeback');
    expect(chargebacks.length).toBeGreaterThan(0);
    expect(chargebacks.every((l) => l.PayrollCommissionPieceID !== null)).toBe(true);
    // The installed Internet + TV sale made the demo's multi-play bundle: one bonus, paid into payroll.
    const bonuses = await t.db
      .select()
      .from(productOrderCommissions)
      .where(
        and(
          inArray(
            productOrderCommissions.ProductOrderID,
            demo.map((d) => d.po.ProductOrderID),
          ),
          inArray(productOrderCommissions.Kind, ['multiPlay', 'multiPlayChargeback']),
        ),
      );
    expect(bonuses.map((b) => [b.Kind, b.AmountCents, b.PolicyName, b.EmployeeID])).toEqual([
      ['multiPlay', 2500, 'Ignite TV + Internet', ids.rep],
    ]);
    expect(bonuses[0].PayrollCommissionPieceID).not.toBeNull();
    expect(new Set(demo.map((d) => d.wo.SaleDate)).size).toBeGreaterThanOrEqual(10);
    expect(demo.every((d) => d.wo.LeadID !== null && d.wo.SalesChannelID === 1)).toBe(true);
    expect(await t.db.$count(products, ne(products.DivisionID, Division.Rogers))).toBeGreaterThan(0);
  });
});
