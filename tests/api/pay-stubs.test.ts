// Pay stubs: the employee's list, the week call, the PDF by navigation, the comparison between two
// versions of an entry with its Show* and rounding rules and the why of each difference, and who may
// read which stubs. The payrolls, entries and versions are written straight into the tables at fixed
// instants (2031), so nothing depends on the wall clock or on how the engine computes a figure.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollEntryInputs, PayrollSnapshotLine } from '../../server/db/schema/payroll';
import {
  auditLogs,
  employees,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  payrollEntryLines,
  payrollEntrySnapshots,
  payrolls,
} from '../../server/db/tables';
import { renderEarningsStatementPdf, renderPayStubPdf } from '../../server/modules/pay-stubs/pdf';
import { weekBounds, weekNumberOf } from '../../server/modules/pay-stubs/stubs-service';
import { DEFAULT_INPUTS } from '../../server/modules/payroll/ensure';
import type { PayPeriodChangeRecord, PayStub } from '../../src/contract/pay-stubs';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
const s: Record<string, Session> = {};
const id: Record<string, number> = {};
let office = 0;
let corporation = 0;
let otherEmployee = 0;
let releasedPeriod = 0;
let openPeriod = 0;

async function employeeId(userName: string): Promise<number> {
  const [e] = await t.db.select().from(employees).where(eq(employees.UserName, userName));
  return e.EmployeeID;
}

/** Totals as the payroll stores them: hours in decimal hours, money in cents under `<Key>Cents`. */
function totals(over: Record<string, number>): Record<string, number> {
  return {
    RegularHours: 80,
    OvertimeHours: 0,
    DoubleTimeHours: 0,
    ExtraHoursWorked: 0,
    TotalHoursWorked: 80,
    MealPeriodPremiumHours: 1,
    RegularHoursAmountCents: 137_600,
    OvertimeAmountCents: 0,
    DoubleTimeAmountCents: 0,
    TotalGuaranteedCents: 137_600,
    RegularCommissionCents: 3750,
    TotalPaidCommissionCents: 3750,
    MealPeriodPremiumAmountCents: 1720,
    SalaryCents: 0,
    ExtraCommissionCents: 0,
    CommissionBonusCents: 0,
    GrossPayCents: 143_070,
    NetPayAdditionCents: 0,
    NetPayDeductionCents: 0,
    TipCents: 0,
    BonusCents: 0,
    ChargebackCents: 0,
    MinimumWageAdvanceCents: 0,
    ...over,
  };
}

const TUESDAY_ENTRY = 990_001;

function lines(overtime: boolean, bonus: boolean): PayrollSnapshotLine[] {
  const out: PayrollSnapshotLine[] = [
    {
      Kind: 'Regular',
      Caption: 'Regular',
      Rate: 17.2,
      Units: 80,
      AmountCents: 137_600,
      Trace: { Rule: 'regular', TimeEntryIDs: [TUESDAY_ENTRY, 990_002] },
      SortIndex: 0,
    },
  ];
  if (overtime)
    out.push({
      Kind: 'Overtime',
      Caption: 'Overtime',
      Rate: 25.8,
      Units: 1.5,
      // 1.5 × 25.80 = 38.70, stored with a third decimal of noise the comparison must round away.
      AmountCents: 3870,
      Trace: { Rule: 'weekly-overtime', TimeEntryIDs: [TUESDAY_ENTRY] },
      SortIndex: 1,
    });
  out.push(
    {
      Kind: 'Commission Piece',
      Caption: 'Commission Piece #1',
      Rate: 12.5,
      Units: 3,
      AmountCents: 3750,
      Trace: { Rule: 'piece', PieceNumbers: [1] },
      SortIndex: 2,
    },
    {
      Kind: 'Meal Period Premium',
      Caption: 'Meal Period Premium',
      Rate: 17.2,
      Units: 1,
      AmountCents: 1720,
      Trace: { Rule: 'meal-period-premium', TimeEntryIDs: [990_002] },
      SortIndex: 3,
    },
  );
  if (bonus)
    out.push({
      Kind: 'Bonus',
      Caption: 'Bonus',
      Rate: null,
      Units: null,
      AmountCents: 2550,
      Trace: null,
      SortIndex: 4,
    });
  return out;
}

/** A payroll with one entry for `employee` and its versions. */
async function payrollWith(args: {
  employee: number;
  officeId: number;
  corporationId: number;
  start: string;
  end: string;
  locked: boolean;
  versions: {
    at: string;
    trigger: string;
    by: number;
    totals: Record<string, number>;
    inputs: PayrollEntryInputs;
    lines: PayrollSnapshotLine[];
  }[];
}): Promise<number> {
  const [period] = await t.db
    .insert(payPeriods)
    .values({
      EmployeeID: args.employee,
      IcdOfficeID: args.officeId,
      StartDate: args.start,
      EndDate: args.end,
      IsApproved: true,
      IsLocked: args.locked,
    })
    .returning();
  const [payroll] = await t.db
    .insert(payrolls)
    .values({
      IcdCorporationID: args.corporationId,
      PayFrequencyID: 2,
      StartDate: args.start,
      EndDate: args.end,
      PayDate: '2031-03-21',
      IsLocked: args.locked,
      LockedAt: args.locked ? new Date('2031-03-18T12:00:00Z') : null,
    })
    .returning();
  await t.db
    .update(payPeriods)
    .set({ PayrollID: payroll.PayrollID })
    .where(eq(payPeriods.PayPeriodID, period.PayPeriodID));
  const last = args.versions[args.versions.length - 1];
  const [entry] = await t.db
    .insert(payrollEntries)
    .values({
      PayrollID: payroll.PayrollID,
      PayPeriodID: period.PayPeriodID,
      EmployeeID: args.employee,
      IcdOfficeID: args.officeId,
      Inputs: last.inputs,
      Totals: last.totals,
      RegularHours: last.totals.RegularHours,
      OvertimeHours: last.totals.OvertimeHours,
      DoubleTimeHours: last.totals.DoubleTimeHours,
      TotalHoursWorked: last.totals.TotalHoursWorked,
      GrossPayCents: last.totals.GrossPayCents,
      NetPayAdditionCents: last.totals.NetPayAdditionCents,
      SnapshotNumber: args.versions.length,
      CalculatedAt: new Date(last.at),
    })
    .returning();
  await t.db
    .insert(payrollEntryLines)
    .values(last.lines.map((l) => ({ ...l, PayrollEntryID: entry.PayrollEntryID })));
  await t.db
    .insert(payrollCommissionPieces)
    .values({ PayrollEntryID: entry.PayrollEntryID, PieceNumber: 1, PieceQty: 3, PieceRateCents: 1250 });
  await t.db.insert(payrollEntrySnapshots).values(
    args.versions.map((v, i) => ({
      PayrollEntryID: entry.PayrollEntryID,
      PayrollID: payroll.PayrollID,
      PayPeriodID: period.PayPeriodID,
      EmployeeID: args.employee,
      SnapshotNumber: i + 1,
      Trigger: v.trigger,
      ActorEmployeeID: v.by,
      CreatedAt: new Date(v.at),
      Inputs: v.inputs,
      Totals: v.totals,
      GrossPayCents: v.totals.GrossPayCents,
      Lines: v.lines,
      Pieces: [{ PieceNumber: 1, PieceQty: 3, PieceRateCents: 1250 }],
    })),
  );
  return period.PayPeriodID;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'payroll', 'owner', 'manager', 'rep', 'staff']) {
    s[u] = await t.signIn(u);
    id[u] = await employeeId(u);
  }
  const [rec] = await t.db.select().from(employmentRecords).where(eq(employmentRecords.EmployeeID, id.staff));
  office = rec.IcdOfficeID;
  const [o] = await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office));
  corporation = o.IcdCorporationID;
  // Someone at an office of another corporation (Chicago).
  const [chicago] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Chicago Loop'));
  const [far] = await t.db
    .select()
    .from(employmentRecords)
    .where(eq(employmentRecords.IcdOfficeID, chicago.IcdOfficeID))
    .limit(1);
  otherEmployee = far.EmployeeID;

  const before = { ...DEFAULT_INPUTS };
  const after = { ...DEFAULT_INPUTS, BonusCents: 2550 };
  // Version 1 (Mar 10): the first calculation. Then, on Mar 12, Marco Rossi (manager) lengthens
  // Tuesday Mar 4's entry by 1.5 h; on Mar 17 Priya Shah adds a 25.50 bonus and recalculates.
  releasedPeriod = await payrollWith({
    employee: id.staff,
    officeId: office,
    corporationId: corporation,
    start: '2031-03-03',
    end: '2031-03-16',
    locked: true,
    versions: [
      {
        at: '2031-03-10T12:00:00Z',
        trigger: 'calculation',
        by: id.payroll,
        totals: totals({}),
        inputs: before,
        lines: lines(false, false),
      },
      {
        at: '2031-03-17T12:00:00Z',
        trigger: 'entry-save',
        by: id.payroll,
        inputs: after,
        lines: lines(true, true),
        totals: totals({
          OvertimeHours: 1.5,
          TotalHoursWorked: 81.5,
          // 38.695 stored as decimal hours elsewhere would round to 38.70; cents are exact.
          OvertimeAmountCents: 3870,
          TotalGuaranteedCents: 141_470,
          BonusCents: 2550,
          GrossPayCents: 147_490,
        }),
      },
    ],
  });
  await t.db.insert(auditLogs).values({
    OccurredAt: new Date('2031-03-12T15:00:00Z'),
    Action: 'TimeEntryUpdated',
    EntityType: 'TimeEntry',
    EntityID: TUESDAY_ENTRY,
    EmployeeID: id.staff,
    IcdOfficeID: office,
    ActorEmployeeID: id.manager,
    TimeEntryID: TUESDAY_ENTRY,
    EntryDate: '2031-03-04',
    Before: { Id: TUESDAY_ENTRY, StartTime: '09:00:00', EndTime: '17:00:00', IsBreak: false },
    After: { Id: TUESDAY_ENTRY, StartTime: '09:00:00', EndTime: '18:30:00', IsBreak: false },
  });
  // A change outside the window (before version 1) must not be named.
  await t.db.insert(auditLogs).values({
    OccurredAt: new Date('2031-03-09T15:00:00Z'),
    Action: 'TimeEntryUpdated',
    EntityType: 'TimeEntry',
    EntityID: 990_002,
    EmployeeID: id.staff,
    IcdOfficeID: office,
    ActorEmployeeID: id.owner,
    TimeEntryID: 990_002,
    EntryDate: '2031-03-05',
    Before: { Id: 990_002, StartTime: '09:00:00', EndTime: '16:00:00', IsBreak: false },
    After: { Id: 990_002, StartTime: '09:00:00', EndTime: '17:00:00', IsBreak: false },
  });
  // The next payroll: still being processed (neither locked nor disclosed).
  openPeriod = await payrollWith({
    employee: id.staff,
    officeId: office,
    corporationId: corporation,
    start: '2031-03-17',
    end: '2031-03-30',
    locked: false,
    versions: [
      {
        at: '2031-03-31T12:00:00Z',
        trigger: 'calculation',
        by: id.payroll,
        totals: totals({}),
        inputs: before,
        lines: lines(false, false),
      },
    ],
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const get = (who: string, url: string) => s[who].call({ method: 'GET', url });

describe('pay-stubs/employee/{id}', () => {
  it("lists the employee's released stubs, newest first, with lines, pieces and the version to compare with", async () => {
    const res = await get('staff', `/api/pay-stubs/employee/${id.staff}`);
    expect(res.statusCode).toBe(200);
    const stubs = res.json<PayStub[]>();
    const mine = stubs.filter((x) => x.PayPeriodID === releasedPeriod || x.PayPeriodID === openPeriod);
    expect(mine.map((x) => x.PayPeriodID)).toEqual([releasedPeriod]);
    const stub = mine[0];
    expect(stub).toMatchObject({
      EmployeeID: id.staff,
      WeekNumber: 203110,
      GrossPay: 1474.9,
      StartDate: '2031-03-03',
      EndDate: '2031-03-16',
      PayDate: '2031-03-21',
      OvertimeHours: 1.5,
      Version: 2,
      PreviousVersion: 1,
      IsFinal: true,
      CommissionPieces: [{ PieceNumber: 1, PieceQty: 3, PieceRate: 12.5, Amount: 37.5 }],
    });
    expect(stub.Lines.map((l) => l.Caption)).toEqual([
      'Regular',
      'Overtime',
      'Commission Piece #1',
      'Meal Period Premium',
      'Bonus',
    ]);
    expect(stub.Lines.find((l) => l.Kind === 'Overtime')).toMatchObject({
      Rate: 25.8,
      Units: 1.5,
      Amount: 38.7,
    });
    // The Meal Period Premium line shows no rate or units, whatever the calculation stored.
    expect(stub.Lines.find((l) => l.Kind === 'Meal Period Premium')).toMatchObject({
      Rate: null,
      Units: null,
      Amount: 17.2,
    });
    const newest = stubs.map((x) => `${x.StartDate}`);
    expect([...newest].sort().reverse()).toEqual(newest);
  });

  it('shows a payroll still being processed to payroll readers only, as not final', async () => {
    for (const who of ['payroll', 'admin', 'owner']) {
      const stubs = (await get(who, `/api/pay-stubs/employee/${id.staff}`)).json<PayStub[]>();
      expect(stubs.find((x) => x.PayPeriodID === openPeriod)?.IsFinal, who).toBe(false);
    }
    const manager = (await get('manager', `/api/pay-stubs/employee/${id.staff}`)).json<PayStub[]>();
    expect(manager.map((x) => x.PayPeriodID)).toContain(releasedPeriod);
    expect(manager.map((x) => x.PayPeriodID)).not.toContain(openPeriod);
  });

  it('names the sale behind a piece the rep earned by an order (order, product and lead); hand-entered pieces name none', async () => {
    const stubs = (await get('payroll', `/api/pay-stubs/employee/${id.rep}`)).json<PayStub[]>();
    const pieces = stubs.flatMap((x) => x.CommissionPieces);
    const fromSales = pieces.filter((p) => p.Source);
    expect(fromSales.length).toBeGreaterThan(0);
    for (const p of fromSales) expect(p.Source).toMatch(/^Order \S+ · .+ · lead \d+$/);
    expect(pieces.filter((p) => !p.Source).length).toBeGreaterThan(0);
  });

  it('shows a disclosed payroll to the employee before it is locked', async () => {
    const [p] = await t.db.select().from(payPeriods).where(eq(payPeriods.PayPeriodID, openPeriod));
    await t.db
      .update(payrolls)
      .set({ IsDisclosed: true })
      .where(eq(payrolls.PayrollID, p.PayrollID as number));
    try {
      const stubs = (await get('staff', `/api/pay-stubs/employee/${id.staff}`)).json<PayStub[]>();
      expect(stubs.find((x) => x.PayPeriodID === openPeriod)?.IsFinal).toBe(false);
    } finally {
      await t.db
        .update(payrolls)
        .set({ IsDisclosed: false })
        .where(eq(payrolls.PayrollID, p.PayrollID as number));
    }
  });

  it("refuses another employee's stubs to an employee, and employees out of scope", async () => {
    expect((await get('rep', `/api/pay-stubs/employee/${id.staff}`)).statusCode).toBe(403);
    expect(
      (await get('staff', `/api/pay-stubs/employee/${id.rep}/week/203110?icdCorporationID=${corporation}`))
        .statusCode,
    ).toBe(403);
    // Manager of Toronto, owner of Northwind: nobody in Chicago.
    for (const who of ['manager', 'owner']) {
      const res = await get(who, `/api/pay-stubs/employee/${otherEmployee}`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toHaveProperty('Message');
    }
    expect((await get('payroll', `/api/pay-stubs/employee/${otherEmployee}`)).statusCode).toBe(200);
    expect((await get('payroll', '/api/pay-stubs/employee/2147483000')).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pay-stubs/employee/${id.staff}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('pay-stubs/employee/{id}/week/{week}', () => {
  it('gives the stubs of a pay week at a corporation', async () => {
    const res = await get(
      'staff',
      `/api/pay-stubs/employee/${id.staff}/week/203110?icdCorporationID=${corporation}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<PayStub[]>().map((x) => x.PayPeriodID)).toEqual([releasedPeriod]);
  });

  it('answers 404 for a week without a stub, another corporation, or an unreleased one', async () => {
    for (const url of [
      `/api/pay-stubs/employee/${id.staff}/week/203111?icdCorporationID=${corporation}`,
      `/api/pay-stubs/employee/${id.staff}/week/203110?icdCorporationID=${corporation + 1000}`,
      `/api/pay-stubs/employee/${id.staff}/week/203112?icdCorporationID=${corporation}`,
    ]) {
      const res = await get('staff', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().Message).toBe('There is no pay stub for this week.');
    }
  });

  it('refuses a malformed week or a missing corporation with 400', async () => {
    const noCorp = await get('staff', `/api/pay-stubs/employee/${id.staff}/week/203110`);
    expect(noCorp.statusCode).toBe(400);
    expect(noCorp.json().Errors).toHaveProperty('icdCorporationID');
    expect(
      (await get('staff', `/api/pay-stubs/employee/${id.staff}/week/abc?icdCorporationID=1`)).statusCode,
    ).toBe(400);
  });
});

/** The text pdfkit drew (its TJ arrays of hex strings, uncompressed or inflated). */
async function pdfText(pdf: Buffer): Promise<string> {
  const { inflateSync } = await import('node:zlib');
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const bytes = Buffer.from(m[1], 'latin1');
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(m[1]);
    }
  }
  return streams
    .join('\n')
    .split('\n')
    .map((line) =>
      [...line.matchAll(/<([0-9a-f]+)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''),
    )
    .filter(Boolean)
    .join('\n');
}

describe('pay-stubs/employee/{id}/week/{week}/pdf', () => {
  it('answers a PDF of the stub to a browser navigation with the session cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pay-stubs/employee/${id.staff}/week/203110/pdf?icdCorporationID=${corporation}&isPayStub=true`,
      headers: { cookie: s.staff.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="pay-stub-\d+-203110\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Pay stub');
    expect(text).toContain('Sam Taylor');
    expect(text).toContain('$1,474.90');
    expect(text).toContain('Commission Piece #1');
  });

  it('gives the earnings statement with isPayStub=false', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pay-stubs/employee/${id.staff}/week/203110/pdf?icdCorporationID=${corporation}&isPayStub=false`,
      headers: { cookie: s.staff.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Statement of earnings');
  });

  it("refuses another employee's PDF and a navigation without a session", async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/pay-stubs/employee/${id.staff}/week/203110/pdf?icdCorporationID=${corporation}`,
      headers: { cookie: s.rep.cookie },
    });
    expect(other.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/pay-stubs/employee/${id.staff}/week/203110/pdf?icdCorporationID=${corporation}`,
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('pay-stubs/employee/{id}/compare', () => {
  const compare = async (who: string, query: string) => {
    const res = await get(who, `/api/pay-stubs/employee/${id.staff}/compare?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PayPeriodChangeRecord>();
  };

  it('compares the latest version with the one before, listing what differs, rounded to 2 decimals', async () => {
    const record = await compare('staff', `payPeriodId=${releasedPeriod}`);
    expect(record).toMatchObject({
      PayPeriodID: releasedPeriod,
      Employee: { EmployeeID: id.staff, FullName: 'Sam Taylor' },
      WeekNumber: 203110,
      Left: { Version: 1, Trigger: 'calculation', ByName: 'Priya Shah', GrossPay: 1430.7 },
      Right: { Version: 2, Trigger: 'entry-save', GrossPay: 1474.9 },
    });
    expect(record.Versions.map((v) => v.Version)).toEqual([1, 2]);
    const byField = Object.fromEntries(record.Differences.map((d) => [d.field, d]));
    expect(Object.keys(byField).sort()).toEqual(
      ['GrossPay', 'OvertimeAmount', 'OvertimeHours', 'TotalGuaranteed', 'TotalHoursWorked'].sort(),
    );
    expect(byField.OvertimeHours).toMatchObject({
      left: 0,
      right: 1.5,
      difference: 1.5,
      caption: 'Overtime Hours',
      isCurrency: false,
    });
    expect(byField.OvertimeAmount).toMatchObject({
      left: 0,
      right: 38.7,
      difference: 38.7,
      isCurrency: true,
    });
    expect(byField.GrossPay).toMatchObject({ left: 1430.7, right: 1474.9, difference: 44.2 });
  });

  it('says why: the entry corrected by the manager, and the bonus added by payroll', async () => {
    const record = await compare('staff', `payPeriodId=${releasedPeriod}`);
    const overtime = record.Differences.find((d) => d.field === 'OvertimeHours');
    expect(overtime?.why).toHaveLength(1);
    expect(overtime?.why[0]).toMatchObject({
      Kind: 'EntryChanged',
      EntryDate: '2031-03-04',
      ByName: 'Marco Rossi',
      Minutes: 90,
      Text: "+1.5 h overtime: Tuesday's entry (Mar 4) corrected by Marco Rossi on Mar 12 (+1.5 h)",
    });
    // The owner's change before version 1 is already in it: not a reason.
    expect(JSON.stringify(record)).not.toContain('Dana Whitfield');
    const gross = record.Differences.find((d) => d.field === 'GrossPay');
    const kinds = gross?.why.map((w) => w.Kind);
    expect(kinds).toContain('InputChanged');
    const bonus = gross?.why.find((w) => w.Kind === 'InputChanged');
    expect(bonus).toMatchObject({ Field: 'Bonus', Before: '$0.00', After: '$25.50', ByName: 'Priya Shah' });
    expect(bonus?.Text).toBe('+$44.20 gross pay: Bonus changed from $0.00 to $25.50 by Priya Shah on Mar 17');
    // Gross pay also follows from the other amounts that moved.
    expect(gross?.why.filter((w) => w.Kind === 'Indirect').map((w) => w.Field)).toEqual([
      'OvertimeAmount',
      'TotalGuaranteed',
    ]);
  });

  it('lists every shown column with all=true, hiding the Show* columns the payroll never uses', async () => {
    const record = await compare('payroll', `payPeriodId=${releasedPeriod}&all=true`);
    const fields = record.Differences.map((d) => d.field);
    expect(fields).toContain('RegularHours');
    expect(fields).toContain('NetPayDeduction');
    expect(record.Differences.find((d) => d.field === 'RegularHours')).toMatchObject({
      left: 80,
      right: 80,
      difference: 0,
      why: [],
    });
    // No double time, tip or chargeback anywhere in this payroll: those rows are hidden.
    expect(record.Flags).toMatchObject({
      ShowDT: false,
      ShowTip: false,
      ShowChargeback: false,
      ShowMealPeriodPremium: true,
    });
    for (const hidden of ['DoubleTimeHours', 'DoubleTimeAmount', 'Tip', 'Chargeback'])
      expect(fields).not.toContain(hidden);
    expect(fields).toContain('MealPeriodPremiumHours');
  });

  it('compares chosen versions and refuses impossible ones', async () => {
    const same = await get(
      'staff',
      `/api/pay-stubs/employee/${id.staff}/compare?payPeriodId=${releasedPeriod}&left=2&right=2`,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().Errors).toHaveProperty('left');
    const missing = await get(
      'staff',
      `/api/pay-stubs/employee/${id.staff}/compare?payPeriodId=${releasedPeriod}&right=9`,
    );
    expect(missing.statusCode).toBe(404);
    const first = await compare('staff', `payPeriodId=${releasedPeriod}&right=1`);
    expect(first.Left).toBeNull();
    expect(first.Differences).toEqual([]);
  });

  it("hides an unreleased stub's comparison from the employee and refuses others' stubs", async () => {
    expect(
      (await get('staff', `/api/pay-stubs/employee/${id.staff}/compare?payPeriodId=${openPeriod}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('rep', `/api/pay-stubs/employee/${id.staff}/compare?payPeriodId=${releasedPeriod}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get('manager', `/api/pay-stubs/employee/${otherEmployee}/compare?payPeriodId=${releasedPeriod}`))
        .statusCode,
    ).toBe(404);
    // A pay period of someone else named under this employee's path: not theirs.
    expect(
      (await get('payroll', `/api/pay-stubs/employee/${id.rep}/compare?payPeriodId=${releasedPeriod}`))
        .statusCode,
    ).toBe(404);
  });

  it('names a late adjustment accepted into the period, with who asked and who accepted', async () => {
    const [la] = await t.db
      .insert(lateAdjustments)
      .values({
        TimeEntryID: 990_777,
        ActionID: 2,
        StatusID: 2,
        EmployeeID: id.staff,
        IcdOfficeID: office,
        PayPeriodID: releasedPeriod,
        EntryDate: '2031-02-26',
        Before: { StartTime: '10:00:00', EndTime: '12:00:00' },
        Proposed: { StartTime: '10:00:00', EndTime: '13:00:00' },
        RequestedByEmployeeID: id.staff,
        RequestedAt: new Date('2031-03-11T14:00:00Z'),
        ResolvedByEmployeeID: id.payroll,
        ResolvedAt: new Date('2031-03-13T14:00:00Z'),
        AppliedPayPeriodID: releasedPeriod,
        AppliedMinutes: 60,
      })
      .returning();
    try {
      const record = await compare('staff', `payPeriodId=${releasedPeriod}`);
      const total = record.Differences.find((d) => d.field === 'TotalHoursWorked');
      const late = total?.why.find((w) => w.Kind === 'LateAdjustment');
      expect(late).toMatchObject({ EntryDate: '2031-02-26', ByName: 'Sam Taylor', Minutes: 60 });
      expect(late?.Text).toContain('late change accepted by Priya Shah on Mar 13');
    } finally {
      await t.db.delete(lateAdjustments).where(eq(lateAdjustments.LateAdjustmentID, la.LateAdjustmentID));
    }
  });
});

describe('pay weeks and the PDF renderers', () => {
  it('numbers pay weeks by the ISO week of the period start, across year ends', () => {
    expect(weekNumberOf('2026-11-09')).toBe(202646);
    expect(weekNumberOf('2026-12-28')).toBe(202653);
    expect(weekNumberOf('2027-01-03')).toBe(202653);
    expect(weekNumberOf('2027-01-04')).toBe(202701);
    expect(weekNumberOf('2021-01-03')).toBe(202053);
    expect(weekBounds(202653)).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(weekBounds(202646)).toEqual({ start: '2026-11-09', end: '2026-11-15' });
    expect(weekBounds(202553)).toBeNull();
    expect(weekBounds(202600)).toBeNull();
  });

  const statement = {
    EmployeeName: 'Sam Taylor',
    EmployeeID: 7,
    CorporationName: 'Northwind Field Marketing Inc.',
    OfficeName: 'Toronto Central',
    StartDate: '2031-03-03',
    EndDate: '2031-03-16',
    PayDate: '2031-03-21',
    Lines: [
      { Caption: 'Regular', Rate: 17.2, Units: 80, Amount: 1376 },
      { Caption: 'Meal Period Premium', Rate: null, Units: null, Amount: 17.2 },
    ],
    CommissionPieces: [{ PieceNumber: 2, PieceQty: 4, PieceRate: 12.5 }],
    GrossPay: 1393.2,
    GeneratedAt: '2031-03-17T12:00:00Z',
  };

  it('renders the earnings statement (compressed) with the name, the lines, the pieces and the gross', async () => {
    const pdf = await renderEarningsStatementPdf(statement);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Statement of earnings',
      'Sam Taylor (#7)',
      '$1,393.20',
      'Meal Period Premium',
      'Commission Piece #2',
      '$50.00',
    ])
      expect(text).toContain(expected);
  });

  it('renders the same bytes for the same stub, one page per stub', async () => {
    const stub = { ...statement, PayPeriodID: 1, WeekNumber: 203110, Version: 2, IsFinal: true };
    const a = await renderPayStubPdf([stub, { ...stub, PayPeriodID: 2, OfficeName: 'Vancouver Harbour' }]);
    const b = await renderPayStubPdf([stub, { ...stub, PayPeriodID: 2, OfficeName: 'Vancouver Harbour' }]);
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(await pdfText(a)).toContain('Vancouver Harbour');
  });
});
