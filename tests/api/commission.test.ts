// Commission policies (spec 001 §5, §7; spec 002 §5, §7; issue 17): ICD commission policies per
// corporation with commission permissions, multi-play per division, product commission policies
// (single and bulk) — duplicates refused naming the existing policy, tiers 0–1,000,000 without gap or
// overlap with field messages naming the tier rows, Version/409, corporation and division scope —
// and the commission an order earns under the policy in force on its sale date.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporations,
  employeePermissions,
  employees,
  payrollCommissionPieces,
  productLines,
  products,
  programs,
  retailers,
} from '../../server/db/tables';
import { commissionForOrder } from '../../server/modules/commission/earn';
import type {
  CommissionPermissions,
  CommissionPolicy,
  MultiPlayPolicy,
  ProductPolicy,
} from '../../src/contract/commission';
import { Division } from '../../src/contract/common';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let admin: Session;
let owner: Session;
let manager: Session;
let rep: Session;
let northwind: number;
let maple: number;
let summit: number;
const program: Record<string, number> = {};
/** Test catalogue rows by a made-up key: products (P), product lines of Rogers Door-to-Door (L), Rogers retailers (R). */
const P: Record<number, number> = {};
const L: Record<number, number> = {};
const R: Record<number, number> = {};
const ROGERS_PRODUCTS = [8001, 8002, 8099, 8101, 8102, 8103, 8201, 8203, 8300, 9001, 9002, 9003, 9004, 9010];
const DTV_PRODUCTS = [8104, 8200, 8202, 9501, 9502];

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.db.select().from(corporations)) {
    if (c.ClientName.startsWith('Northwind')) northwind = c.IcdCorporationID;
    if (c.ClientName.startsWith('Maple')) maple = c.IcdCorporationID;
    if (c.ClientName.startsWith('Summit')) summit = c.IcdCorporationID;
  }
  for (const p of await t.db.select().from(programs)) program[p.Name] = p.ProgramID;
  const made = await t.db
    .insert(products)
    .values([
      ...ROGERS_PRODUCTS.map((k) => ({ DivisionID: Division.Rogers, Name: `Test product ${k}` })),
      ...DTV_PRODUCTS.map((k) => ({ DivisionID: Division.Dtv, Name: `Test product ${k}` })),
    ])
    .returning();
  for (const m of made) P[Number(m.Name.slice(13))] = m.ProductID;
  const lines = await t.db
    .insert(productLines)
    .values(
      [801, 802, 830, 831].map((k) => ({
        ProgramID: program['Rogers Door-to-Door'],
        Name: `Test line ${k}`,
      })),
    )
    .returning();
  for (const l of lines) L[Number(l.Name.slice(10))] = l.ProductLineID;
  const shops = await t.db
    .insert(retailers)
    .values([3, 4242, 4343].map((k) => ({ DivisionID: Division.Rogers, Name: `Test retailer ${k}` })))
    .returning();
  for (const r of shops) R[Number(r.Name.slice(14))] = r.RetailerID;
  // The manager (Toronto Central: RoadShow and Rogers) gets the commission keys at his offices only.
  const [marco] = await t.db.select().from(employees).where(eq(employees.UserName, 'manager'));
  await t.db.insert(employeePermissions).values(
    ['commission:read', 'commission:write'].map((k) => ({
      EmployeeID: marco.EmployeeID,
      PermissionKey: k,
      Value: 'true',
    })),
  );
  [payroll, admin, owner, manager, rep] = await Promise.all(
    ['payroll', 'admin', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (s: Session, method: Method, url: string, payload?: object) =>
  s.call({ method, url: `/api/${url}`, payload });

const single = (rate: number) => [{ From: 0, To: 1_000_000, Rate: rate }];
const three = [
  { From: 0, To: 10, Rate: 5 },
  { From: 10, To: 20, Rate: 7 },
  { From: 20, To: 1_000_000, Rate: 10 },
];

describe('demo policies', () => {
  it('has ICD policies of every commission type, product policies for every demo product, payout and multi-play policies', async () => {
    const icd = (await call(payroll, 'GET', 'commission-policies')).json<CommissionPolicy[]>();
    expect(new Set(icd.map((p) => p.CommissionTypeID))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(icd.map((p) => p.IcdCorporationID))).toEqual(new Set([northwind, maple, summit]));
    const byProduct = (await call(payroll, 'GET', 'product-commission-policies')).json<ProductPolicy[]>();
    const demoProducts = (await t.db.select().from(products)).filter((p) => !p.Name.startsWith('Test '));
    expect(demoProducts.length).toBeGreaterThan(0);
    for (const p of demoProducts) expect(byProduct.some((x) => x.ProductID === p.ProductID)).toBe(true);
    const d2d = byProduct.find((x) => x.ProgramID === program['Rogers Door-to-Door']) as ProductPolicy;
    expect(d2d.Tiers).toHaveLength(2);
    const divisionPayouts = (await call(payroll, 'GET', 'division-payout-policies')).json<
      { DivisionID: number }[]
    >();
    expect(new Set(divisionPayouts.map((p) => p.DivisionID))).toEqual(
      new Set([Division.RoadShow, Division.Dtv, Division.Rogers]),
    );
    const corpPayouts = (await call(payroll, 'GET', 'corporation-payout-policies')).json<
      { IcdCorporationID: number }[]
    >();
    expect(corpPayouts.map((p) => p.IcdCorporationID)).toEqual([northwind]);
    const multi = (
      await call(payroll, 'GET', `divisions/${Division.Rogers}/multi-play-commission-policies`)
    ).json<MultiPlayPolicy[]>();
    expect(multi[0].Pairs.length).toBeGreaterThanOrEqual(2);
    const today = new Date().toISOString().slice(0, 10);
    for (const p of [...icd, ...byProduct]) expect(p.StartDate <= today).toBe(true);
  });

  it("pays the rep's Installed demo orders through payroll commission pieces", async () => {
    const pieces = await t.db
      .select()
      .from(payrollCommissionPieces)
      .where(eq(payrollCommissionPieces.SourceType, 'productOrder'));
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.some((p) => p.PieceRateCents > 0)).toBe(true);
  });
});

describe('ICD commission policies', () => {
  const body = () => ({
    IcdCorporationID: northwind,
    Name: 'Northwind door-to-door',
    ProgramID: program['Rogers Door-to-Door'],
    RetailerID: R[4242],
    CommissionTypeID: 4,
    CommissionThreshold: 250.5,
    IsPaidGuaranteed: true,
    IsPaidCommission: true,
    StartDate: '2030-01-01',
    EndDate: '2030-12-31',
    Tiers: three,
  });
  let created: CommissionPolicy;

  it('creates, reads and lists a policy with its tiers, type and threshold', async () => {
    const res = await call(payroll, 'POST', 'commission-policies', body());
    expect(res.statusCode).toBe(201);
    created = res.json<CommissionPolicy>();
    expect(created).toMatchObject({
      IcdCorporationID: northwind,
      ProgramName: 'Rogers Door-to-Door',
      DivisionID: Division.Rogers,
      CommissionTypeID: 4,
      CommissionTypeName: 'PieceBased',
      CommissionThreshold: 250.5,
      Tiers: three,
      EndDate: '2030-12-31',
      Version: 1,
    });
    const one = await call(owner, 'GET', `commission-policies/${created.CommissionPolicyID}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(created);
    const byCorp = await call(owner, 'GET', `corporations/${northwind}/commission-policies`);
    expect(byCorp.json<CommissionPolicy[]>().map((p) => p.CommissionPolicyID)).toContain(
      created.CommissionPolicyID,
    );
    const filtered = await call(
      payroll,
      'GET',
      `commission-policies?icdCorporationID=${northwind}&programID=${program['Rogers Door-to-Door']}`,
    );
    expect(filtered.json<CommissionPolicy[]>().every((p) => p.IcdCorporationID === northwind)).toBe(true);
  });

  it('accepts the single tier 0 to 1,000,000', async () => {
    const res = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      Name: 'Northwind retail kiosk',
      ProgramID: program['Rogers Retail Kiosk'],
      CommissionTypeID: 1,
      Tiers: single(12.25),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<CommissionPolicy>().Tiers).toEqual([{ From: 0, To: 1_000_000, Rate: 12.25 }]);
  });

  it('refuses a duplicate corporation + program + retailer in an overlapping period, naming the existing policy', async () => {
    const res = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      Name: 'Copy',
      StartDate: '2030-06-01',
      EndDate: null,
    });
    expect(res.statusCode).toBe(400);
    const msg = `Commission policy "Northwind door-to-door" (#${created.CommissionPolicyID}) already covers this program and retailer in this period`;
    expect(res.json()).toMatchObject({ Message: msg, Errors: { ProgramID: [msg], RetailerID: [msg] } });
    // Another retailer, or a later period, is not a duplicate.
    expect(
      (await call(payroll, 'POST', 'commission-policies', { ...body(), RetailerID: R[4343] })).statusCode,
    ).toBe(201);
    expect(
      (
        await call(payroll, 'POST', 'commission-policies', {
          ...body(),
          StartDate: '2031-01-01',
          EndDate: null,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses overlapping and gapped tiers with messages naming the tier rows', async () => {
    const overlap = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      StartDate: '2040-01-01',
      EndDate: null,
      Tiers: [
        { From: 0, To: 10, Rate: 1 },
        { From: 5, To: 1_000_000, Rate: 2 },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().Errors).toEqual({ 'Tiers.1.From': ['Tier 2 overlaps tier 1'] });
    const gap = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      StartDate: '2040-01-01',
      EndDate: null,
      Tiers: [
        { From: 0, To: 10, Rate: 1 },
        { From: 12, To: 999_999, Rate: 2 },
      ],
    });
    expect(gap.json().Errors).toEqual({
      'Tiers.1.From': ['Tier 2 must start where tier 1 ends'],
      'Tiers.1.To': ['The last tier ends at 1,000,000'],
    });
    const past = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      Tiers: [{ From: 0, To: 1_000_001, Rate: 1 }],
    });
    expect(past.json().Errors).toEqual({ 'Tiers.0.To': ['Use 1,000,000 at most'] });
  });

  it('refuses bad input by field: commission type, dates, threshold, a program of a division the corporation does not work', async () => {
    const res = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      CommissionTypeID: 5,
      CommissionThreshold: -1,
      EndDate: '2029-12-31',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().Errors).sort()).toEqual([
      'CommissionThreshold',
      'CommissionTypeID',
      'EndDate',
    ]);
    // Maple (Calgary) works Rogers only: a Dtv program is refused.
    const dtv = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      IcdCorporationID: maple,
      ProgramID: program['Dtv Residential'],
    });
    expect(dtv.statusCode).toBe(400);
    expect(dtv.json().Errors).toEqual({ ProgramID: ['This program is not of the division'] });
  });

  it('saves with Version and answers 409 with the current policy when stale', async () => {
    const ok = await call(payroll, 'PUT', `commission-policies/${created.CommissionPolicyID}`, {
      ...body(),
      Name: 'Northwind D2D',
      CommissionTypeID: 2,
      Version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      Name: 'Northwind D2D',
      CommissionTypeName: 'CommissionAboveThreshold',
      Version: 2,
    });
    const stale = await call(payroll, 'PUT', `commission-policies/${created.CommissionPolicyID}`, {
      ...body(),
      Name: 'Lost',
      Version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Northwind D2D', Version: 2 });
    const staleDelete = await call(
      payroll,
      'DELETE',
      `commission-policies/${created.CommissionPolicyID}?version=1`,
    );
    expect(staleDelete.statusCode).toBe(409);
  });

  it('keeps the owner to her corporation (read only) and the rep out', async () => {
    const other = await call(payroll, 'POST', 'commission-policies', {
      ...body(),
      IcdCorporationID: maple,
      Name: 'Maple D2D',
    });
    expect(other.statusCode).toBe(201);
    const id = other.json<CommissionPolicy>().CommissionPolicyID;
    expect((await call(owner, 'GET', `commission-policies/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `corporations/${maple}/commission-policies`)).statusCode).toBe(404);
    const list = await call(owner, 'GET', 'commission-policies');
    expect(list.json<CommissionPolicy[]>().every((p) => p.IcdCorporationID === northwind)).toBe(true);
    expect(
      (await call(owner, 'POST', 'commission-policies', { ...body(), StartDate: '2050-01-01' })).statusCode,
    ).toBe(403);
    expect(
      (await call(owner, 'DELETE', `commission-policies/${created.CommissionPolicyID}`)).statusCode,
    ).toBe(403);
    expect((await call(rep, 'GET', 'commission-policies')).statusCode).toBe(403);
    // The manager's keys reach Northwind only: Summit's policy is refused, nothing created.
    const refused = await call(manager, 'POST', 'commission-policies', {
      ...body(),
      IcdCorporationID: summit,
      ProgramID: program['Dtv Residential'],
      Name: 'Summit Dtv',
    });
    expect(refused.statusCode).toBe(403);
    const all = (await call(admin, 'GET', `corporations/${summit}/commission-policies`)).json<
      CommissionPolicy[]
    >();
    expect(all.some((p) => p.Name === 'Summit Dtv')).toBe(false);
    // Deleted by payroll: gone.
    expect((await call(payroll, 'DELETE', `commission-policies/${id}?version=1`)).statusCode).toBe(204);
    expect((await call(payroll, 'GET', `commission-policies/${id}`)).statusCode).toBe(404);
  });

  it("tells the caller's permissions, the commission types and the programs of the corporation", async () => {
    const mine = (
      await call(owner, 'GET', `corporations/${northwind}/commission-permissions`)
    ).json<CommissionPermissions>();
    expect(mine).toMatchObject({ IcdCorporationID: northwind, CanRead: true, CanWrite: false });
    expect(mine.CommissionTypes.map((c) => c.Id)).toEqual([1, 2, 3, 4]);
    const pay = (
      await call(payroll, 'GET', `corporations/${maple}/commission-permissions`)
    ).json<CommissionPermissions>();
    expect(pay.CanWrite).toBe(true);
    expect(new Set(pay.Programs.map((p) => p.DivisionID))).toEqual(new Set([Division.Rogers]));
    expect((await call(owner, 'GET', `corporations/${maple}/commission-permissions`)).statusCode).toBe(404);
  });
});

describe('multi-play commission policies', () => {
  const body = (over: object = {}) => ({
    DivisionID: Division.Rogers,
    Name: 'TV + Internet',
    MinimumPlays: 2,
    Bonus: 25,
    Pairs: [
      { ProductID: P[9001], ProductLineID: L[801] },
      { ProductID: P[9002], ProductLineID: null },
    ],
    ...over,
  });
  let first: MultiPlayPolicy;

  it('creates, reads, lists by division, saves with Version and deletes', async () => {
    const res = await call(payroll, 'POST', 'multi-play-commission-policies', body());
    expect(res.statusCode).toBe(201);
    first = res.json<MultiPlayPolicy>();
    expect(first).toMatchObject({ Bonus: 25, MinimumPlays: 2, IsActive: true, Version: 1 });
    expect(
      (
        await call(owner, 'GET', `multi-play-commission-policies/${first.MultiPlayCommissionPolicyID}`)
      ).json(),
    ).toEqual(first);
    const list = await call(owner, 'GET', `divisions/${Division.Rogers}/multi-play-commission-policies`);
    expect(list.json<MultiPlayPolicy[]>().map((p) => p.MultiPlayCommissionPolicyID)).toContain(
      first.MultiPlayCommissionPolicyID,
    );
    const saved = await call(
      payroll,
      'PUT',
      `multi-play-commission-policies/${first.MultiPlayCommissionPolicyID}`,
      {
        ...body({ Bonus: 30 }),
        Version: 1,
      },
    );
    expect(saved.json()).toMatchObject({ Bonus: 30, Version: 2 });
    const stale = await call(
      payroll,
      'PUT',
      `multi-play-commission-policies/${first.MultiPlayCommissionPolicyID}`,
      {
        ...body({ Bonus: 31 }),
        Version: 1,
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.Bonus).toBe(30);
  });

  it('flags a product + product line pair already in another policy of the division, naming it', async () => {
    const dup = await call(payroll, 'POST', 'multi-play-commission-policies', {
      ...body({ Name: 'Internet + Phone' }),
      Pairs: [
        { ProductID: P[9003], ProductLineID: null },
        { ProductID: P[9002], ProductLineID: null },
      ],
    });
    expect(dup.statusCode).toBe(400);
    const msg = `This product and product line are already in multi-play policy "TV + Internet" (#${first.MultiPlayCommissionPolicyID})`;
    expect(dup.json().Errors).toEqual({ 'Pairs.1.ProductID': [msg] });
    // Same product, another line: not the same pair. Another division: not a duplicate.
    expect(
      (
        await call(payroll, 'POST', 'multi-play-commission-policies', {
          ...body({ Name: 'Other line' }),
          Pairs: [
            { ProductID: P[9002], ProductLineID: L[802] },
            { ProductID: P[9004], ProductLineID: null },
          ],
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(payroll, 'POST', 'multi-play-commission-policies', {
          ...body({ DivisionID: Division.Dtv }),
          Pairs: [{ ProductID: P[9501] }, { ProductID: P[9502] }],
        })
      ).statusCode,
    ).toBe(201);
    const twice = await call(payroll, 'POST', 'multi-play-commission-policies', {
      ...body({ Name: 'Twice' }),
      Pairs: [{ ProductID: P[9010], ProductLineID: null }, { ProductID: P[9010] }],
    });
    expect(twice.json().Errors).toEqual({
      'Pairs.1.ProductID': ['This product and product line are listed twice'],
    });
  });

  it('keeps writers to their divisions and readers to theirs', async () => {
    // Manager: RoadShow and Rogers.
    expect(
      (await call(manager, 'GET', `divisions/${Division.Dtv}/multi-play-commission-policies`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          manager,
          'POST',
          'multi-play-commission-policies',
          body({ DivisionID: Division.Dtv, Name: 'X' }),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(owner, 'POST', 'multi-play-commission-policies', body({ Name: 'Y' }))).statusCode,
    ).toBe(403);
    expect(
      (await call(rep, 'GET', `divisions/${Division.Rogers}/multi-play-commission-policies`)).statusCode,
    ).toBe(403);
    expect(
      (await call(payroll, 'DELETE', `multi-play-commission-policies/${first.MultiPlayCommissionPolicyID}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await call(payroll, 'GET', `multi-play-commission-policies/${first.MultiPlayCommissionPolicyID}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('product commission policies', () => {
  const body = (over: object = {}) => ({
    Name: 'Ignite TV door-to-door',
    ProgramID: program['Rogers Door-to-Door'],
    RetailerID: null,
    ProductID: P[8001],
    ProductLineID: L[801],
    CommissionTypeID: 4,
    StartDate: '2026-01-01',
    EndDate: '2026-06-30',
    Tiers: three,
    ...over,
  });
  let first: ProductPolicy;

  it('creates (division from the program), reads, filters by the day in force, saves with Version and deletes', async () => {
    const res = await call(payroll, 'POST', 'product-commission-policies', body());
    expect(res.statusCode).toBe(201);
    first = res.json<ProductPolicy>();
    expect(first).toMatchObject({
      DivisionID: Division.Rogers,
      ProgramName: 'Rogers Door-to-Door',
      Tiers: three,
      Version: 1,
    });
    expect(
      (await call(owner, 'GET', `product-commission-policies/${first.ProductCommissionPolicyID}`)).json(),
    ).toEqual(first);
    const inForce = await call(
      payroll,
      'GET',
      `product-commission-policies?productID=${P[8001]}&date=2026-03-01`,
    );
    expect(inForce.json<ProductPolicy[]>().map((p) => p.ProductCommissionPolicyID)).toEqual([
      first.ProductCommissionPolicyID,
    ]);
    expect(
      (await call(payroll, 'GET', `product-commission-policies?productID=${P[8001]}&date=2026-07-01`)).json(),
    ).toEqual([]);
    const saved = await call(
      payroll,
      'PUT',
      `product-commission-policies/${first.ProductCommissionPolicyID}`,
      {
        ...body({ Name: 'Ignite TV D2D' }),
        Version: 1,
      },
    );
    expect(saved.json()).toMatchObject({ Name: 'Ignite TV D2D', Version: 2 });
    expect(
      (
        await call(payroll, 'PUT', `product-commission-policies/${first.ProductCommissionPolicyID}`, {
          ...body(),
          Version: 1,
        })
      ).statusCode,
    ).toBe(409);
    const temp = await call(payroll, 'POST', 'product-commission-policies', body({ ProductID: P[8099] }));
    const id = temp.json<ProductPolicy>().ProductCommissionPolicyID;
    expect((await call(payroll, 'DELETE', `product-commission-policies/${id}?version=2`)).statusCode).toBe(
      409,
    );
    expect((await call(payroll, 'DELETE', `product-commission-policies/${id}`)).statusCode).toBe(204);
    expect((await call(payroll, 'GET', `product-commission-policies/${id}`)).statusCode).toBe(404);
  });

  it('flags the same program + retailer and product + product line in an overlapping period, naming the existing policy', async () => {
    const dup = await call(
      payroll,
      'POST',
      'product-commission-policies',
      body({ Name: 'Copy', StartDate: '2026-06-30', EndDate: null }),
    );
    expect(dup.statusCode).toBe(400);
    const msg = `Product commission policy "Ignite TV D2D" (#${first.ProductCommissionPolicyID}) already covers this product and product line for this program and retailer in this period`;
    expect(dup.json().Message).toBe(msg);
    expect(dup.json().Errors).toEqual({
      ProgramID: [msg],
      RetailerID: [msg],
      ProductID: [msg],
      ProductLineID: [msg],
    });
    // The day after the period, another line, another retailer: not duplicates.
    for (const over of [
      { StartDate: '2026-07-01', EndDate: null },
      { ProductLineID: L[802] },
      { RetailerID: R[3] },
    ])
      expect(
        (await call(payroll, 'POST', 'product-commission-policies', body({ Name: 'Other', ...over })))
          .statusCode,
      ).toBe(201);
  });

  it('refuses products, product lines and retailers that do not exist or are not of the division or program', async () => {
    const res = await call(
      payroll,
      'POST',
      'product-commission-policies',
      body({ ProductID: P[8200], ProductLineID: 999_999, RetailerID: 999_999 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({
      ProductID: ['This product is not of the division'],
      ProductLineID: ['This product line does not exist'],
      RetailerID: ['This retailer does not exist'],
    });
    const kiosk = await call(
      payroll,
      'POST',
      'product-commission-policies',
      body({ ProgramID: program['Rogers Retail Kiosk'], ProductID: 999_999 }),
    );
    expect(kiosk.json().Errors).toEqual({
      ProductID: ['This product does not exist'],
      ProductLineID: ['This product line is not of the program'],
    });
    const dtvRetailer = await call(payroll, 'POST', 'product-commission-policies', {
      ...body({ ProgramID: program['Dtv Residential'], ProductID: P[8200], ProductLineID: null }),
      RetailerID: R[3],
    });
    expect(dtvRetailer.json().Errors).toEqual({ RetailerID: ['This retailer is not of the division'] });
    const multi = await call(payroll, 'POST', 'multi-play-commission-policies', {
      DivisionID: Division.Rogers,
      Name: 'Mixed',
      Bonus: 5,
      Pairs: [{ ProductID: P[8200] }, { ProductID: P[8203], ProductLineID: 999_999 }],
    });
    expect(multi.json().Errors).toEqual({
      'Pairs.0.ProductID': ['This product is not of the division'],
      'Pairs.1.ProductLineID': ['This product line does not exist'],
    });
  });

  it('refuses tier overlaps and gaps by row and accepts the single tier 0 to 1,000,000', async () => {
    const bad = await call(
      payroll,
      'POST',
      'product-commission-policies',
      body({
        ProductID: P[8002],
        Tiers: [
          { From: 0, To: 10, Rate: 1 },
          { From: 20, To: 30, Rate: 1 },
          { From: 25, To: 1_000_000, Rate: 1 },
        ],
      }),
    );
    expect(bad.json().Errors).toEqual({
      'Tiers.1.From': ['Tier 2 must start where tier 1 ends'],
      'Tiers.2.From': ['Tier 3 overlaps tier 2'],
    });
    const ok = await call(
      payroll,
      'POST',
      'product-commission-policies',
      body({ ProductID: P[8002], Tiers: single(3) }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json<ProductPolicy>().Tiers).toEqual([{ From: 0, To: 1_000_000, Rate: 3 }]);
  });

  it('bulk: all or nothing, naming each failing row', async () => {
    const before = (await call(payroll, 'GET', 'product-commission-policies')).json<ProductPolicy[]>().length;
    const bad = await call(payroll, 'POST', 'product-commission-policies/bulk', {
      Policies: [
        body({ Name: 'Bulk A', ProductID: P[8101] }),
        body({ Name: 'Bulk B', ProductID: P[8101] }),
        body({ Name: 'Bulk C', ProductID: P[8102], Tiers: [{ From: 0, To: 5, Rate: 1 }] }),
        body({ Name: 'Bulk D', ProductID: P[8001], ProductLineID: L[801], StartDate: '2026-02-01' }),
        body({ Name: 'Bulk E', ProductID: P[8103], ProgramID: 999_999 }),
      ],
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().Errors as Record<string, string[]>;
    expect(errors['Policies.1.ProductID']).toEqual([
      'Row 1 of this batch has the same program, retailer, product and product line',
    ]);
    expect(errors['Policies.2.Tiers.0.To']).toEqual(['The last tier ends at 1,000,000']);
    expect(errors['Policies.3.ProductID'][0]).toContain(
      `"Ignite TV D2D" (#${first.ProductCommissionPolicyID})`,
    );
    expect(errors['Policies.4.ProgramID']).toEqual(['This program does not exist']);
    expect(Object.keys(errors).some((k) => k.startsWith('Policies.0.'))).toBe(false);
    expect((await call(payroll, 'GET', 'product-commission-policies')).json<ProductPolicy[]>().length).toBe(
      before,
    );
    const ok = await call(payroll, 'POST', 'product-commission-policies/bulk', {
      Policies: [
        body({ Name: 'Bulk A', ProductID: P[8101] }),
        body({
          Name: 'Bulk B',
          ProductID: P[8104],
          ProductLineID: null,
          ProgramID: program['Dtv Residential'],
        }),
      ],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<ProductPolicy[]>().map((p) => [p.Name, p.DivisionID])).toEqual([
      ['Bulk A', Division.Rogers],
      ['Bulk B', Division.Dtv],
    ]);
  });

  it('keeps callers to their divisions: read 404, write 403 with nothing changed', async () => {
    const dtv = (await call(payroll, 'GET', `product-commission-policies?divisionID=${Division.Dtv}`)).json<
      ProductPolicy[]
    >();
    expect(dtv.length).toBeGreaterThan(0);
    expect(
      (await call(manager, 'GET', `product-commission-policies/${dtv[0].ProductCommissionPolicyID}`))
        .statusCode,
    ).toBe(404);
    const seen = (await call(manager, 'GET', 'product-commission-policies')).json<ProductPolicy[]>();
    expect(seen.every((p) => p.DivisionID !== Division.Dtv)).toBe(true);
    const refused = await call(
      manager,
      'POST',
      'product-commission-policies',
      body({ ProductID: P[8200], ProgramID: program['Dtv Residential'] }),
    );
    expect(refused.statusCode).toBe(403);
    const bulk = await call(manager, 'POST', 'product-commission-policies/bulk', {
      Policies: [
        body({ ProductID: P[8201] }),
        body({ ProductID: P[8202], ProgramID: program['Dtv Residential'] }),
      ],
    });
    expect(bulk.statusCode).toBe(403);
    expect((await call(payroll, 'GET', `product-commission-policies?productID=${P[8201]}`)).json()).toEqual(
      [],
    );
    expect(
      (
        await call(owner, 'PUT', `product-commission-policies/${first.ProductCommissionPolicyID}`, {
          ...body(),
          Version: 2,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(rep, 'GET', 'product-commission-policies')).statusCode).toBe(403);
    // The manager may write in his divisions.
    expect(
      (await call(manager, 'POST', 'product-commission-policies', body({ ProductID: P[8203] }))).statusCode,
    ).toBe(201);
  });
});

describe('the commission an order earns', () => {
  const order = () => ({
    DivisionID: Division.Rogers,
    ProgramID: 0,
    RetailerID: null,
    ProductID: P[8300],
    ProductLineID: L[830],
    SaleDate: '2026-03-15',
    Quantity: 3,
    EmployeeID: 1,
    IcdOfficeID: 1,
  });
  it('uses the policy in force on the sale date, the most specific one, with marginal tiers', async () => {
    const p = program['Rogers Door-to-Door'];
    const make = async (over: object) =>
      (
        await call(payroll, 'POST', 'product-commission-policies', {
          ProgramID: p,
          ProductID: P[8300],
          CommissionTypeID: 4,
          StartDate: '2026-01-01',
          EndDate: '2026-03-31',
          Tiers: single(10),
          ...over,
        })
      ).json<ProductPolicy>();
    const general = await make({ Name: 'Every line', ProductLineID: null });
    const lined = await make({
      Name: 'Line 830',
      ProductLineID: L[830],
      Tiers: [
        { From: 0, To: 2, Rate: 20 },
        { From: 2, To: 1_000_000, Rate: 30 },
      ],
    });
    const april = await make({
      Name: 'April on',
      ProductLineID: L[830],
      StartDate: '2026-04-01',
      EndDate: null,
      Tiers: single(40),
    });
    const got = await commissionForOrder(t.db, { ...order(), ProgramID: p });
    expect(got).toMatchObject({
      PolicyID: lined.ProductCommissionPolicyID,
      PolicyName: 'Line 830',
      CommissionTypeID: 4,
    });
    expect(got?.Amount).toBe(2 * 2000 + 3000);
    expect(got?.PieceQty).toBe(3);
    expect(got?.Lines.map((l) => [l.Qty, l.RateCents])).toEqual([
      [2, 2000],
      [1, 3000],
    ]);
    // Units already paid this period are not paid again at tier 1.
    expect((await commissionForOrder(t.db, { ...order(), ProgramID: p, PriorQuantity: 2 }))?.Amount).toBe(
      9000,
    );
    expect(
      (await commissionForOrder(t.db, { ...order(), ProgramID: p, ProductLineID: L[831] }))?.PolicyID,
    ).toBe(general.ProductCommissionPolicyID);
    expect(
      await commissionForOrder(t.db, { ...order(), ProgramID: p, SaleDate: '2026-04-01' }),
    ).toMatchObject({
      PolicyID: april.ProductCommissionPolicyID,
      Amount: 12000,
      PieceRate: 4000,
    });
    expect(await commissionForOrder(t.db, { ...order(), ProgramID: p, SaleDate: '2025-12-31' })).toBeNull();
    expect(await commissionForOrder(t.db, { ...order(), ProgramID: p, Quantity: 0 })).toBeNull();
  });
});
