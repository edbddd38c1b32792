// Payout policies (spec 002 §7 "Payout policies"; issue 17): division and corporation policies (list,
// read, create, save with Version), duplicates named, tiers 0–1,000,000, scope; payout-policy/commissions
// (marginal tiers, units counted in order, the corporation's policy before the division's) and the
// payout rate table report.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporations, employeePermissions, employees, programs } from '../../server/db/tables';
import type { PayoutCommissions, PayoutPolicy, PayoutRateRow } from '../../src/contract/commission';
import { Division } from '../../src/contract/common';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
let northwind: number;
let maple: number;
let summit: number;
let d2d: number;
let kiosk: number;
let dtvEvents: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.db.select().from(corporations)) {
    if (c.ClientName.startsWith('Northwind')) northwind = c.IcdCorporationID;
    if (c.ClientName.startsWith('Maple')) maple = c.IcdCorporationID;
    if (c.ClientName.startsWith('Summit')) summit = c.IcdCorporationID;
  }
  const [p] = await t.db.select().from(programs).where(eq(programs.Name, 'Rogers Door-to-Door'));
  d2d = p.ProgramID;
  // The demo's payout policies cover every program of each division: these tests use the kiosk program.
  const [k] = await t.db.select().from(programs).where(eq(programs.Name, 'Rogers Retail Kiosk'));
  kiosk = k.ProgramID;
  const [e] = await t.db.select().from(programs).where(eq(programs.Name, 'Dtv Retail Events'));
  dtvEvents = e.ProgramID;
  // The manager (Toronto Central: RoadShow and Rogers, Northwind) gets the payout keys at his offices.
  const [marco] = await t.db.select().from(employees).where(eq(employees.UserName, 'manager'));
  await t.db.insert(employeePermissions).values(
    ['payout:read', 'payout:write'].map((k) => ({
      EmployeeID: marco.EmployeeID,
      PermissionKey: k,
      Value: 'true',
    })),
  );
  [payroll, owner, manager, rep] = await Promise.all(
    ['payroll', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (s: Session, method: Method, url: string, payload?: object) =>
  s.call({ method, url: `/api/${url}`, payload });

const TIERS = [
  { From: 0, To: 10, Rate: 15 },
  { From: 10, To: 25, Rate: 20 },
  { From: 25, To: 1_000_000, Rate: 25.5 },
];
const division = (over: object = {}) => ({
  DivisionID: Division.Rogers,
  Name: 'Rogers payout 2040',
  ProgramID: kiosk,
  StartDate: '2040-01-01',
  EndDate: '2040-12-31',
  Tiers: TIERS,
  ...over,
});

let rogers: PayoutPolicy;
let northwindRogers: PayoutPolicy;

describe('division and corporation payout policies', () => {
  it('creates, reads, lists and saves a division policy with Version (409 when stale)', async () => {
    const res = await call(payroll, 'POST', 'division-payout-policies', division());
    expect(res.statusCode).toBe(201);
    rogers = res.json<PayoutPolicy>();
    expect(rogers).toMatchObject({
      DivisionID: Division.Rogers,
      DivisionName: 'Rogers',
      IcdCorporationID: null,
      Tiers: TIERS,
      Version: 1,
    });
    expect((await call(owner, 'GET', `division-payout-policies/${rogers.PayoutPolicyID}`)).json()).toEqual(
      rogers,
    );
    const list = (await call(payroll, 'GET', `division-payout-policies?divisionID=${Division.Rogers}`)).json<
      PayoutPolicy[]
    >();
    expect(list.map((p) => p.PayoutPolicyID)).toContain(rogers.PayoutPolicyID);
    expect(list.every((p) => p.IcdCorporationID === null && p.DivisionID === Division.Rogers)).toBe(true);
    const saved = await call(payroll, 'PUT', `division-payout-policies/${rogers.PayoutPolicyID}`, {
      ...division({ Name: 'Rogers payout' }),
      Version: 1,
    });
    expect(saved.json()).toMatchObject({ Name: 'Rogers payout', Version: 2 });
    const stale = await call(payroll, 'PUT', `division-payout-policies/${rogers.PayoutPolicyID}`, {
      ...division(),
      Version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Rogers payout', Version: 2 });
    rogers = saved.json<PayoutPolicy>();
  });

  it('flags a duplicate division + program in an overlapping period, naming the existing policy', async () => {
    const dup = await call(
      payroll,
      'POST',
      'division-payout-policies',
      division({ Name: 'Copy', StartDate: '2040-12-31', EndDate: null }),
    );
    expect(dup.statusCode).toBe(400);
    const msg = `Payout policy "Rogers payout" (#${rogers.PayoutPolicyID}) already covers this division, corporation and program in this period`;
    expect(dup.json()).toMatchObject({ Message: msg, Errors: { ProgramID: [msg] } });
    // For one program only: not the same key.
    expect(
      (
        await call(
          payroll,
          'POST',
          'division-payout-policies',
          division({ Name: 'D2D only', ProgramID: d2d }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('refuses tiers that overlap or leave a gap, by row, and accepts the single tier', async () => {
    const bad = await call(
      payroll,
      'POST',
      'division-payout-policies',
      division({
        DivisionID: Division.Dtv,
        ProgramID: dtvEvents,
        Tiers: [
          { From: 0, To: 10, Rate: 1 },
          { From: 9, To: 1_000_000, Rate: 1 },
        ],
      }),
    );
    expect(bad.json().Errors).toEqual({ 'Tiers.1.From': ['Tier 2 overlaps tier 1'] });
    const ok = await call(
      payroll,
      'POST',
      'division-payout-policies',
      division({
        DivisionID: Division.Dtv,
        ProgramID: dtvEvents,
        Name: 'Dtv payout',
        Tiers: [{ From: 0, To: 1_000_000, Rate: 18 }],
      }),
    );
    expect(ok.statusCode).toBe(201);
    const program = await call(
      payroll,
      'POST',
      'division-payout-policies',
      division({ DivisionID: Division.Dtv, ProgramID: d2d }),
    );
    expect(program.json().Errors).toEqual({ ProgramID: ['This program is not of the division'] });
  });

  it("creates a corporation's policy within a division it works, and lists it apart from the division's", async () => {
    const res = await call(payroll, 'POST', 'corporation-payout-policies', {
      ...division({ Name: 'Northwind Rogers' }),
      IcdCorporationID: northwind,
      Tiers: [{ From: 0, To: 1_000_000, Rate: 30 }],
    });
    expect(res.statusCode).toBe(201);
    northwindRogers = res.json<PayoutPolicy>();
    expect(northwindRogers).toMatchObject({
      IcdCorporationID: northwind,
      CorporationName: 'Northwind Field Marketing Inc.',
    });
    const corp = (await call(payroll, 'GET', 'corporation-payout-policies')).json<PayoutPolicy[]>();
    expect(corp.every((p) => p.IcdCorporationID !== null)).toBe(true);
    expect(
      (await call(payroll, 'GET', `division-payout-policies/${northwindRogers.PayoutPolicyID}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(payroll, 'GET', `corporation-payout-policies/${northwindRogers.PayoutPolicyID}`)).json(),
    ).toEqual(northwindRogers);
    // Summit works RoadShow and Dtv, not Rogers.
    const notWorked = await call(payroll, 'POST', 'corporation-payout-policies', {
      ...division({ Name: 'Summit Rogers' }),
      IcdCorporationID: summit,
    });
    expect(notWorked.json().Errors).toEqual({
      DivisionID: ['No office of this corporation works this division'],
    });
    const saved = await call(
      payroll,
      'PUT',
      `corporation-payout-policies/${northwindRogers.PayoutPolicyID}`,
      {
        ...division({ Name: 'Northwind Rogers 2040' }),
        IcdCorporationID: northwind,
        Tiers: [{ From: 0, To: 1_000_000, Rate: 30 }],
        Version: 1,
      },
    );
    expect(saved.json()).toMatchObject({ Name: 'Northwind Rogers 2040', Version: 2 });
    northwindRogers = saved.json<PayoutPolicy>();
  });

  it('keeps callers to their scope: owner reads her corporation only and writes nothing; rep nothing', async () => {
    const maplePolicy = await call(payroll, 'POST', 'corporation-payout-policies', {
      ...division({ Name: 'Maple Rogers' }),
      IcdCorporationID: maple,
    });
    const id = maplePolicy.json<PayoutPolicy>().PayoutPolicyID;
    expect((await call(owner, 'GET', `corporation-payout-policies/${id}`)).statusCode).toBe(404);
    const ownerList = (await call(owner, 'GET', 'corporation-payout-policies')).json<PayoutPolicy[]>();
    expect(ownerList.map((p) => p.IcdCorporationID)).toEqual(ownerList.map(() => northwind));
    expect(
      (
        await call(
          owner,
          'POST',
          'division-payout-policies',
          division({ StartDate: '2050-01-01', EndDate: null }),
        )
      ).statusCode,
    ).toBe(403);
    expect((await call(rep, 'GET', 'division-payout-policies')).statusCode).toBe(403);
    // Manager: Northwind's Toronto (RoadShow, Rogers). Maple's policy and Dtv are out of his reach.
    expect((await call(manager, 'GET', `corporation-payout-policies/${id}`)).statusCode).toBe(404);
    const refused = await call(
      manager,
      'POST',
      'division-payout-policies',
      division({
        DivisionID: Division.Dtv,
        ProgramID: dtvEvents,
        Name: 'M',
        StartDate: '2060-01-01',
        EndDate: null,
      }),
    );
    expect(refused.statusCode).toBe(403);
    const maple2 = await call(manager, 'PUT', `corporation-payout-policies/${id}`, {
      ...division({ Name: 'Hijack' }),
      IcdCorporationID: maple,
      Version: 1,
    });
    expect(maple2.statusCode).toBe(404);
    expect((await call(payroll, 'GET', `corporation-payout-policies/${id}`)).json<PayoutPolicy>().Name).toBe(
      'Maple Rogers',
    );
  });
});

describe('payout-policy/commissions', () => {
  it('pays each order its units at marginal tier rates, counted in order after the prior units', async () => {
    const res = await call(payroll, 'POST', 'payout-policy/commissions', {
      PayoutPolicyID: rogers.PayoutPolicyID,
      PriorQuantity: 8,
      Orders: [
        { Reference: 'WO-1', Quantity: 4 },
        { Reference: 'WO-2', Quantity: 15 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const out = res.json<PayoutCommissions>();
    // Units 9–10 at $15, 11–12 at $20; then 13–25 at $20, 26–27 at $25.50.
    expect(out.Orders).toEqual([
      {
        Reference: 'WO-1',
        Quantity: 4,
        Amount: 70,
        Tiers: [
          { TierNumber: 1, Quantity: 2, Rate: 15, Amount: 30 },
          { TierNumber: 2, Quantity: 2, Rate: 20, Amount: 40 },
        ],
      },
      {
        Reference: 'WO-2',
        Quantity: 15,
        Amount: 311,
        Tiers: [
          { TierNumber: 2, Quantity: 13, Rate: 20, Amount: 260 },
          { TierNumber: 3, Quantity: 2, Rate: 25.5, Amount: 51 },
        ],
      },
    ]);
    expect(out).toMatchObject({ PayoutPolicyID: rogers.PayoutPolicyID, TotalQuantity: 19, TotalAmount: 381 });
  });

  it("finds the policy in force: the corporation's own before the division's, the division's for others", async () => {
    const body = {
      DivisionID: Division.Rogers,
      ProgramID: kiosk,
      Date: '2040-05-01',
      Orders: [{ Quantity: 2 }],
    };
    const nw = (
      await call(payroll, 'POST', 'payout-policy/commissions', { ...body, IcdCorporationID: northwind })
    ).json<PayoutCommissions>();
    expect(nw).toMatchObject({ PayoutPolicyID: northwindRogers.PayoutPolicyID, TotalAmount: 60 });
    const other = (
      await call(payroll, 'POST', 'payout-policy/commissions', { ...body, IcdCorporationID: null })
    ).json<PayoutCommissions>();
    expect(other).toMatchObject({ PayoutPolicyID: rogers.PayoutPolicyID, TotalAmount: 30 });
    const none = await call(payroll, 'POST', 'payout-policy/commissions', { ...body, Date: '2000-01-01' });
    expect(none.statusCode).toBe(404);
    expect(none.json().Message).toBe('No payout policy is in force for this division on that day');
    const bad = await call(payroll, 'POST', 'payout-policy/commissions', { Orders: [{ Quantity: 0 }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Errors).sort()).toEqual(['Orders.0.Quantity', 'PayoutPolicyID']);
    expect((await call(rep, 'POST', 'payout-policy/commissions', body)).statusCode).toBe(403);
  });
});

describe('payout rate table', () => {
  it('lists one row per tier of every policy in scope, filtered by division, corporation and day', async () => {
    const res = await call(
      payroll,
      'GET',
      `reports/payout-policies/payout-rate-table?divisionID=${Division.Rogers}&date=2040-05-01`,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json<PayoutRateRow[]>();
    const mine = rows.filter((r) => r.PayoutPolicyID === rogers.PayoutPolicyID);
    expect(mine.map((r) => [r.TierNumber, r.From, r.To, r.Rate])).toEqual([
      [1, 0, 10, 15],
      [2, 10, 25, 20],
      [3, 25, 1_000_000, 25.5],
    ]);
    expect(rows.every((r) => r.DivisionID === Division.Rogers)).toBe(true);
    expect(rows.some((r) => r.PayoutPolicyID === northwindRogers.PayoutPolicyID)).toBe(true);
    const later = (
      await call(
        payroll,
        'GET',
        `reports/payout-policies/payout-rate-table?divisionID=${Division.Rogers}&date=2041-01-01`,
      )
    ).json<PayoutRateRow[]>();
    expect(later.some((r) => r.PayoutPolicyID === rogers.PayoutPolicyID)).toBe(false);
    const ownerRows = (await call(owner, 'GET', 'reports/payout-policies/payout-rate-table')).json<
      PayoutRateRow[]
    >();
    expect(ownerRows.every((r) => r.IcdCorporationID === null || r.IcdCorporationID === northwind)).toBe(
      true,
    );
    const corpRows = (
      await call(payroll, 'GET', `reports/payout-policies/payout-rate-table?icdCorporationID=${maple}`)
    ).json<PayoutRateRow[]>();
    expect(corpRows.every((r) => r.IcdCorporationID === null || r.IcdCorporationID === maple)).toBe(true);
    expect(corpRows.some((r) => r.IcdCorporationID === maple)).toBe(true);
  });
});
