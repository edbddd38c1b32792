// Posted payouts and RS payout transfers (spec 002 §7; issue 18): create with DivisionID and
// IcdCorporationID in the query, lines compared with the payout policy in force on the posted date
// (Positive / Negative / Neutral), lists filtered by dates, division and corporation, the per-ICD
// grouping, patch with Version (409), delete, the history of who changed what; transfers list,
// create, update (Version), delete; validation by field; scope (owner reads her corporation,
// managers nothing).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporations,
  icdOffices,
  officeDivisions,
  postedPayouts,
  programs,
  rsPayoutTransfers,
} from '../../server/db/tables';
import { Division } from '../../src/contract/common';
import type {
  IcdPostedPayouts,
  PostedPayout,
  PostedPayoutHistoryEntry,
  RsPayoutTransfer,
} from '../../src/contract/payouts';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let owner: Session;
let manager: Session;
let northwind: number;
let maple: number;
let mapleDivision: number;
let kiosk: number;
let dtvProgram: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.db.select().from(corporations)) {
    if (c.ClientName.startsWith('Northwind')) northwind = c.IcdCorporationID;
    if (c.ClientName.startsWith('Maple')) maple = c.IcdCorporationID;
  }
  const [k] = await t.db.select().from(programs).where(eq(programs.Name, 'Rogers Retail Kiosk'));
  kiosk = k.ProgramID;
  const [d] = await t.db.select().from(programs).where(eq(programs.DivisionID, Division.Dtv));
  dtvProgram = d.ProgramID;
  const [md] = await t.db
    .select({ id: officeDivisions.DivisionID })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .where(eq(icdOffices.IcdCorporationID, maple));
  mapleDivision = md.id;
  [payroll, owner, manager] = await Promise.all(['payroll', 'owner', 'manager'].map((u) => t.signIn(u)));
  // A Northwind policy for the kiosk program in 2040: 10 units at 15.00, 15 at 20.00, then 25.50.
  const policy = await call(payroll, 'POST', 'corporation-payout-policies', {
    DivisionID: Division.Rogers,
    IcdCorporationID: northwind,
    Name: 'Northwind kiosk 2040',
    ProgramID: kiosk,
    StartDate: '2040-01-01',
    EndDate: '2040-12-31',
    Tiers: [
      { From: 0, To: 10, Rate: 15 },
      { From: 10, To: 25, Rate: 20 },
      { From: 25, To: 1_000_000, Rate: 25.5 },
    ],
  });
  expect(policy.statusCode).toBe(201);
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (s: Session, method: Method, url: string, payload?: object) =>
  s.call({ method, url: `/api/${url}`, payload });
const post = (s: Session, division: number, corporation: number, body: object) =>
  call(s, 'POST', `posted-payouts?DivisionID=${division}&IcdCorporationID=${corporation}`, body);
const count = async () => (await t.db.select().from(postedPayouts)).length;

let created: PostedPayout;

describe('posted payouts', () => {
  it('posts a payout whose lines are compared with the payout policy in force on the posted date', async () => {
    const res = await post(payroll, Division.Rogers, northwind, {
      PostedDate: '2040-03-06',
      Reference: 'PP-2040-03',
      Lines: [
        // 12 kiosk units: 10 × 15.00 + 2 × 20.00 = 190.00 expected; 200.00 posted.
        { ProgramID: kiosk, Quantity: 12, PostedAmount: 200 },
        // 5 units on every other program: Northwind's Rogers policy, 5 × 38.00 = 190.00.
        { ProgramID: null, Quantity: 5, PostedAmount: 150.5 },
      ],
    });
    expect(res.statusCode).toBe(201);
    created = res.json<PostedPayout>();
    expect(created).toMatchObject({
      DivisionID: Division.Rogers,
      IcdCorporationID: northwind,
      PostedDate: '2040-03-06',
      Reference: 'PP-2040-03',
      Quantity: 17,
      PostedAmount: 350.5,
      ExpectedAmount: 380,
      Difference: -29.5,
      PayoutComparison: 'Negative',
      CreatedByName: 'Priya Shah',
      Version: 1,
    });
    expect(created.Lines).toEqual([
      expect.objectContaining({
        ProgramID: kiosk,
        ExpectedAmount: 190,
        Difference: 10,
        PayoutComparison: 'Positive',
        PayoutPolicyName: 'Northwind kiosk 2040',
      }),
      expect.objectContaining({
        ProgramID: null,
        ExpectedAmount: 190,
        Difference: -39.5,
        PayoutComparison: 'Negative',
        PayoutPolicyName: 'Northwind Rogers payout',
      }),
    ]);
    expect((await call(payroll, 'GET', `posted-payouts/icd/${created.PostedPayoutID}`)).json()).toEqual(
      created,
    );
  });

  it('is Neutral when the posted amount is the expected one', async () => {
    const res = await post(payroll, Division.Rogers, northwind, {
      PostedDate: '2040-03-20',
      Lines: [{ ProgramID: kiosk, Quantity: 30, PostedAmount: 577.5 }],
    });
    // 10 × 15 + 15 × 20 + 5 × 25.50 = 577.50
    expect(res.json()).toMatchObject({ ExpectedAmount: 577.5, Difference: 0, PayoutComparison: 'Neutral' });
  });

  it('lists by dates, division and corporation, and groups per ICD corporation', async () => {
    const maplePost = await post(payroll, mapleDivision, maple, {
      PostedDate: '2040-03-10',
      Lines: [{ Quantity: 1, PostedAmount: 10 }],
    });
    expect(maplePost.statusCode).toBe(201);
    const all = (await call(payroll, 'GET', 'posted-payouts?startDate=2040-03-01&endDate=2040-03-31')).json<
      PostedPayout[]
    >();
    expect(all.map((p) => p.PostedDate)).toEqual(['2040-03-20', '2040-03-10', '2040-03-06']);
    const northwindOnly = (
      await call(payroll, 'GET', `posted-payouts?startDate=2040-03-01&icdCorporationID=${northwind}`)
    ).json<PostedPayout[]>();
    expect(northwindOnly.map((p) => p.PostedDate)).toEqual(['2040-03-20', '2040-03-06']);
    const early = (await call(payroll, 'GET', 'posted-payouts?startDate=2040-03-01&endDate=2040-03-07')).json<
      PostedPayout[]
    >();
    expect(early.map((p) => p.PostedPayoutID)).toEqual([created.PostedPayoutID]);
    const byDivision = (
      await call(payroll, 'GET', `posted-payouts?startDate=2040-03-01&divisionID=${Division.Rogers}`)
    ).json<PostedPayout[]>();
    expect(byDivision.every((p) => p.DivisionID === Division.Rogers)).toBe(true);
    expect(byDivision).toHaveLength(mapleDivision === Division.Rogers ? 3 : 2);

    const groups = (
      await call(payroll, 'GET', 'posted-payouts/icd?startDate=2040-03-01&endDate=2040-03-31')
    ).json<IcdPostedPayouts[]>();
    const nw = groups.find((g) => g.IcdCorporationID === northwind);
    expect(nw).toMatchObject({
      Count: 2,
      PostedAmount: 928,
      ExpectedAmount: 957.5,
      PayoutComparison: 'Negative',
    });
    expect(groups.find((g) => g.IcdCorporationID === maple)?.Count).toBe(1);
    const bad = await call(payroll, 'GET', 'posted-payouts?startDate=2040-03-10&endDate=2040-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.endDate).toBeDefined();
  });

  it('patches with Version (409 with the current record when stale) and keeps the history of who changed what', async () => {
    const res = await call(payroll, 'PATCH', `posted-payouts/icd/${created.PostedPayoutID}`, {
      Version: 1,
      Comments: 'Corrected after the kiosk count',
      Lines: [
        { ProgramID: kiosk, Quantity: 12, PostedAmount: 190 },
        { ProgramID: null, Quantity: 5, PostedAmount: 190 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Version: 2,
      PostedDate: '2040-03-06',
      Reference: 'PP-2040-03',
      Comments: 'Corrected after the kiosk count',
      PostedAmount: 380,
      Difference: 0,
      PayoutComparison: 'Neutral',
    });
    const stale = await call(payroll, 'PATCH', `posted-payouts/icd/${created.PostedPayoutID}`, {
      Version: 1,
      Reference: 'late',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Version: 2, Reference: 'PP-2040-03' });

    const history = (await call(payroll, 'GET', `posted-payouts/icd/${created.PostedPayoutID}/history`)).json<
      PostedPayoutHistoryEntry[]
    >();
    expect(history.map((h) => [h.Action, h.ChangedByName])).toEqual([
      ['Created', 'Priya Shah'],
      ['Updated', 'Priya Shah'],
    ]);
    expect(history[0].Changes).toContainEqual({ Field: 'PostedDate', From: null, To: '2040-03-06' });
    expect(history[1].Changes).toEqual([
      { Field: 'Comments', From: null, To: 'Corrected after the kiosk count' },
      { Field: 'Lines: Rogers Retail Kiosk', From: '12 units, 200.00', To: '12 units, 190.00' },
      { Field: 'Lines: All programs', From: '5 units, 150.50', To: '5 units, 190.00' },
    ]);
  });

  it('refuses bad input by field and changes nothing', async () => {
    const before = await count();
    const zero = await post(payroll, Division.Rogers, northwind, {
      PostedDate: '2040-02-30',
      Lines: [{ ProgramID: kiosk, Quantity: -1, PostedAmount: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().Errors).toMatchObject({
      PostedDate: ['This date does not exist'],
      'Lines.0.PostedAmount': ['Enter an amount greater than 0'],
      'Lines.0.Quantity': ['Enter a whole number of units, 0 or more'],
    });
    const none = await post(payroll, Division.Rogers, northwind, { PostedDate: '2040-02-01', Lines: [] });
    expect(none.json().Errors.Lines).toEqual(['Add at least one line']);
    const twice = await post(payroll, Division.Rogers, northwind, {
      PostedDate: '2040-02-01',
      Lines: [
        { ProgramID: kiosk, Quantity: 1, PostedAmount: 1 },
        { ProgramID: kiosk, Quantity: 1, PostedAmount: 1 },
      ],
    });
    expect(twice.json().Errors['Lines.1.ProgramID']).toEqual(['This program already has a line']);
    const foreign = await post(payroll, Division.Rogers, northwind, {
      PostedDate: '2040-02-01',
      Lines: [{ ProgramID: dtvProgram, Quantity: 1, PostedAmount: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().Errors['Lines.0.ProgramID']).toEqual(['This program is not of the division']);
    const noQuery = await call(payroll, 'POST', 'posted-payouts', {
      PostedDate: '2040-02-01',
      Lines: [{ Quantity: 1, PostedAmount: 1 }],
    });
    expect(noQuery.statusCode).toBe(400);
    expect(Object.keys(noQuery.json().Errors)).toEqual(
      expect.arrayContaining(['DivisionID', 'IcdCorporationID']),
    );
    const [unworked] = [Division.RoadShow, Division.Dtv, Division.Rogers].filter((d) => d !== mapleDivision);
    const offDivision = await post(payroll, unworked, maple, {
      PostedDate: '2040-02-01',
      Lines: [{ Quantity: 1, PostedAmount: 1 }],
    });
    const [works] = await t.db
      .select()
      .from(officeDivisions)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
      .where(and(eq(icdOffices.IcdCorporationID, maple), eq(officeDivisions.DivisionID, unworked)));
    if (!works)
      expect(offDivision.json().Errors.DivisionID).toEqual([
        'No office of this corporation works this division',
      ]);
    else await call(payroll, 'DELETE', `posted-payouts/icd/${offDivision.json().PostedPayoutID}`);
    const badPatch = await call(payroll, 'PATCH', `posted-payouts/icd/${created.PostedPayoutID}`, {
      Version: 2,
      Lines: [{ ProgramID: kiosk, Quantity: 1, PostedAmount: -5 }],
    });
    expect(badPatch.json().Errors['Lines.0.PostedAmount']).toEqual(['Enter an amount greater than 0']);
    expect(await count()).toBe(before + (works ? 1 : 0));
  });

  it('lets the owner read her corporation only; the owner cannot write and a manager reads nothing', async () => {
    const list = (await call(owner, 'GET', 'posted-payouts?startDate=2040-01-01')).json<PostedPayout[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.IcdCorporationID === northwind)).toBe(true);
    const groups = (await call(owner, 'GET', 'posted-payouts/icd?startDate=2040-01-01')).json<
      IcdPostedPayouts[]
    >();
    expect(groups.map((g) => g.IcdCorporationID)).toEqual([northwind]);
    expect((await call(owner, 'GET', `posted-payouts/icd/${created.PostedPayoutID}`)).statusCode).toBe(200);
    const [maplePost] = await t.db
      .select()
      .from(postedPayouts)
      .where(eq(postedPayouts.IcdCorporationID, maple));
    expect((await call(owner, 'GET', `posted-payouts/icd/${maplePost.PostedPayoutID}`)).statusCode).toBe(404);
    expect(
      (await call(owner, 'GET', `posted-payouts/icd/${maplePost.PostedPayoutID}/history`)).statusCode,
    ).toBe(404);
    const before = await count();
    expect(
      (
        await post(owner, Division.Rogers, northwind, {
          PostedDate: '2040-01-02',
          Lines: [{ Quantity: 1, PostedAmount: 1 }],
        })
      ).statusCode,
    ).toBe(403);
    const patch = await call(owner, 'PATCH', `posted-payouts/icd/${created.PostedPayoutID}`, {
      Version: 2,
      Reference: 'x',
    });
    expect(patch.statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `posted-payouts/icd/${created.PostedPayoutID}`)).statusCode).toBe(
      403,
    );
    expect((await call(manager, 'GET', 'posted-payouts')).statusCode).toBe(403);
    expect((await call(manager, 'GET', 'posted-payouts/icd')).statusCode).toBe(403);
    expect((await call(manager, 'GET', `posted-payouts/icd/${created.PostedPayoutID}`)).statusCode).toBe(403);
    expect(await count()).toBe(before);
    const [row] = await t.db
      .select()
      .from(postedPayouts)
      .where(eq(postedPayouts.PostedPayoutID, created.PostedPayoutID));
    expect(row.Reference).toBe('PP-2040-03');
  });

  it('deletes with the version; the payout leaves the lists and its history names who deleted it', async () => {
    const stale = await call(payroll, 'DELETE', `posted-payouts/icd/${created.PostedPayoutID}?version=1`);
    expect(stale.statusCode).toBe(409);
    const res = await call(payroll, 'DELETE', `posted-payouts/icd/${created.PostedPayoutID}?version=2`);
    expect(res.statusCode).toBe(204);
    expect((await call(payroll, 'GET', `posted-payouts/icd/${created.PostedPayoutID}`)).statusCode).toBe(404);
    const list = (await call(payroll, 'GET', 'posted-payouts?startDate=2040-03-01')).json<PostedPayout[]>();
    expect(list.map((p) => p.PostedPayoutID)).not.toContain(created.PostedPayoutID);
    const history = (await call(payroll, 'GET', `posted-payouts/icd/${created.PostedPayoutID}/history`)).json<
      PostedPayoutHistoryEntry[]
    >();
    expect(history.map((h) => h.Action)).toEqual(['Created', 'Updated', 'Deleted']);
    expect(history[2].Changes).toContainEqual({ Field: 'PostedDate', From: '2040-03-06', To: null });
    expect(
      (await call(payroll, 'PATCH', `posted-payouts/icd/${created.PostedPayoutID}`, { Version: 3 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the demo', () => {
  it('has posted payouts of each comparison over the past weeks, one corrected, and transfers', async () => {
    const list = (await call(payroll, 'GET', 'posted-payouts?endDate=2039-12-31')).json<PostedPayout[]>();
    expect(new Set(list.map((p) => p.PayoutComparison))).toEqual(
      new Set(['Positive', 'Negative', 'Neutral']),
    );
    const edited = list.find((p) => p.Version === 2);
    expect(edited).toMatchObject({ UpdatedByName: 'Alex Morgan', Comments: 'Two late installs added' });
    const history = (await call(payroll, 'GET', `posted-payouts/icd/${edited?.PostedPayoutID}/history`)).json<
      PostedPayoutHistoryEntry[]
    >();
    expect(history.map((h) => [h.Action, h.ChangedByName])).toEqual([
      ['Created', 'Priya Shah'],
      ['Updated', 'Alex Morgan'],
    ]);
    const transfers = (await call(payroll, 'GET', 'rs-payout-transfers?endDate=2039-12-31')).json<
      RsPayoutTransfer[]
    >();
    expect(new Set(transfers.map((x) => x.Direction))).toEqual(new Set(['ToCorporation', 'FromCorporation']));
  });
});

describe('RS payout transfers', () => {
  let transfer: RsPayoutTransfer;
  const body = (over: object = {}) => ({
    TransferDate: '2040-04-01',
    IcdCorporationID: northwind,
    DirectionID: 1,
    Amount: 2500.75,
    Counterparty: 'RS payout account',
    Reference: 'TRF-1',
    ...over,
  });
  const stored = async () => (await t.db.select().from(rsPayoutTransfers)).length;

  it('records, lists by dates and corporation, saves with Version and deletes', async () => {
    const res = await call(payroll, 'POST', 'rs-payout-transfers', body());
    expect(res.statusCode).toBe(201);
    transfer = res.json<RsPayoutTransfer>();
    expect(transfer).toMatchObject({
      Amount: 2500.75,
      Direction: 'ToCorporation',
      CorporationName: expect.stringMatching(/^Northwind/),
      CreatedByName: 'Priya Shah',
      Version: 1,
    });
    const other = await call(
      payroll,
      'POST',
      'rs-payout-transfers',
      body({ TransferDate: '2040-04-15', IcdCorporationID: maple, DirectionID: 2, Amount: 40 }),
    );
    expect(other.statusCode).toBe(201);
    const april = (
      await call(payroll, 'GET', 'rs-payout-transfers?startDate=2040-04-01&endDate=2040-04-30')
    ).json<RsPayoutTransfer[]>();
    expect(april.map((x) => x.TransferDate)).toEqual(['2040-04-15', '2040-04-01']);
    const nw = (
      await call(payroll, 'GET', `rs-payout-transfers?startDate=2040-04-01&icdCorporation=${northwind}`)
    ).json<RsPayoutTransfer[]>();
    expect(nw.map((x) => x.RsPayoutTransferID)).toEqual([transfer.RsPayoutTransferID]);

    const saved = await call(
      payroll,
      'PUT',
      `rs-payout-transfers/${transfer.RsPayoutTransferID}`,
      body({ Amount: 2600, Comments: 'Second instalment', Version: 1 }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Amount: 2600, Comments: 'Second instalment', Version: 2 });
    const stale = await call(
      payroll,
      'PUT',
      `rs-payout-transfers/${transfer.RsPayoutTransferID}`,
      body({ Version: 1 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Amount: 2600, Version: 2 });

    // The owner reads Northwind's transfers only and writes none; a manager reads nothing.
    const ownerList = (await call(owner, 'GET', 'rs-payout-transfers?startDate=2040-04-01')).json<
      RsPayoutTransfer[]
    >();
    expect(ownerList.map((x) => x.RsPayoutTransferID)).toEqual([transfer.RsPayoutTransferID]);
    const before = await stored();
    expect((await call(owner, 'POST', 'rs-payout-transfers', body())).statusCode).toBe(403);
    expect(
      (await call(owner, 'PUT', `rs-payout-transfers/${transfer.RsPayoutTransferID}`, body({ Version: 2 })))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(owner, 'DELETE', `rs-payout-transfers/${transfer.RsPayoutTransferID}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          owner,
          'PUT',
          `rs-payout-transfers/${other.json().RsPayoutTransferID}`,
          body({ Version: 1 }),
        )
      ).statusCode,
    ).toBe(403);
    // Without the write key the route refuses before any lookup; another corporation's transfers are not listed.
    expect((await call(owner, 'GET', `rs-payout-transfers?icdCorporation=${maple}`)).json()).toEqual([]);
    expect((await call(manager, 'GET', 'rs-payout-transfers')).statusCode).toBe(403);
    expect(await stored()).toBe(before);

    expect(
      (await call(payroll, 'DELETE', `rs-payout-transfers/${transfer.RsPayoutTransferID}?version=1`))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(payroll, 'DELETE', `rs-payout-transfers/${transfer.RsPayoutTransferID}?version=2`))
        .statusCode,
    ).toBe(204);
    expect(await stored()).toBe(before - 1);
    expect(
      (await call(payroll, 'DELETE', `rs-payout-transfers/${transfer.RsPayoutTransferID}`)).statusCode,
    ).toBe(404);
  });

  it('refuses bad input by field and changes nothing', async () => {
    const before = await stored();
    const res = await call(
      payroll,
      'POST',
      'rs-payout-transfers',
      body({ Amount: 0, DirectionID: 3, Counterparty: ' ', TransferDate: '01/04/2040' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toMatchObject({
      Amount: ['Enter an amount greater than 0'],
      DirectionID: ['Choose To the corporation or From the corporation'],
      Counterparty: ['Required'],
      TransferDate: ['Use the format YYYY-MM-DD'],
    });
    const cents = await call(payroll, 'POST', 'rs-payout-transfers', body({ Amount: 1.234 }));
    expect(cents.json().Errors.Amount).toEqual(['Use at most 2 decimals']);
    const unknown = await call(payroll, 'POST', 'rs-payout-transfers', body({ IcdCorporationID: 999_999 }));
    expect(unknown.json().Errors.IcdCorporationID).toEqual(['This corporation does not exist']);
    expect(await stored()).toBe(before);
  });
});
