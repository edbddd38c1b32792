// Payroll reports through the API: statement of earnings (line order, piece lines, Meal Period
// Premium without rate/units, program/store share, employee filter), program/store pairs, summary,
// analysis with the previous payroll, NCR summary, inquiry, financials per division and per program,
// and the scopes (payroll and admin: all; owner: Northwind only; manager and rep: 403).
// The payrolls here are arranged directly in the tables on 2031 dates (no demo payroll is there), so
// every figure is known to the cent and nothing depends on the clock or the engine's rules.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporations,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  payPeriods,
  payrollCommissionPieces,
  payrollEntries,
  payrollEntryLines,
  payrolls,
  programs,
  stores,
  timeEntries,
} from '../../server/db/tables';
import { Division } from '../../src/contract/common';
import type {
  Financials,
  NcrSummary,
  PayrollAnalysis,
  PayrollInquiryRow,
  PayrollSummary,
  ProgramFinancials,
  ProgramStorePair,
  StatementOfEarnings,
} from '../../src/contract/payroll-reports';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let payroll: Session;
let admin: Session;
let owner: Session;
let manager: Session;
let rep: Session;

const ids = {
  northwind: 0,
  maple: 0,
  toronto: 0,
  calgary: 0,
  staff: 0,
  rep: 0,
  calgaryPerson: 0,
  costco: 0,
  rogersKiosk: 0,
  etobicoke: 0,
  scarborough: 0,
  squareOne: 0,
  /** Northwind 2031-01-13…26 */
  current: 0,
  /** Northwind 2030-12-30…2031-01-12 */
  previous: 0,
  /** Maple Direct 2031-01-13…26 */
  maple2031: 0,
  staffEntry: 0,
};

const get = (s: Session, url: string) => s.call({ method: 'GET', url: `/api/${url}` });

interface LineSeed {
  Kind: string;
  Caption?: string;
  Rate: number | null;
  Units: number | null;
  AmountCents: number;
  /** A detail of another line (commission pieces of types 1–3): not in the gross. */
  IsDetail?: boolean;
}

async function arrangeEntry(p: {
  payrollId: number;
  employeeId: number;
  officeId: number;
  start: string;
  end: string;
  hours: [number, number, number];
  grossCents: number;
  lines: LineSeed[];
}): Promise<{ payPeriodId: number; entryId: number }> {
  const db = t.db;
  const [pp] = await db
    .insert(payPeriods)
    .values({
      EmployeeID: p.employeeId,
      IcdOfficeID: p.officeId,
      PayrollID: p.payrollId,
      StartDate: p.start,
      EndDate: p.end,
      IsApproved: true,
      IsLocked: false,
    })
    .returning();
  const [entry] = await db
    .insert(payrollEntries)
    .values({
      PayrollID: p.payrollId,
      PayPeriodID: pp.PayPeriodID,
      EmployeeID: p.employeeId,
      IcdOfficeID: p.officeId,
      Inputs: {} as never,
      RegularHours: p.hours[0],
      OvertimeHours: p.hours[1],
      DoubleTimeHours: p.hours[2],
      TotalHoursWorked: p.hours[0] + p.hours[1] + p.hours[2],
      GrossPayCents: p.grossCents,
    })
    .returning();
  // Stored in an order other than the statement's: the report orders them.
  await db.insert(payrollEntryLines).values(
    p.lines.map((l, i) => ({
      PayrollEntryID: entry.PayrollEntryID,
      Kind: l.Kind,
      Caption: l.Caption ?? l.Kind,
      Rate: l.Rate,
      Units: l.Units,
      AmountCents: l.AmountCents,
      Trace: { Rule: 'arranged', IsDetail: l.IsDetail ?? false },
      SortIndex: p.lines.length - i,
    })),
  );
  return { payPeriodId: pp.PayPeriodID, entryId: entry.PayrollEntryID };
}

async function work(
  employeeId: number,
  officeId: number,
  date: string,
  start: string,
  end: string,
  programId: number | null,
  storeId: number | null,
  breakMinutes = 0,
) {
  const [e] = await t.db
    .insert(timeEntries)
    .values({
      Date: date,
      EmployeeID: employeeId,
      TimeEntryTypeID: 1,
      IcdOfficeID: officeId,
      ProgramID: programId,
      StoreID: storeId,
      StartTime: start,
      EndTime: end,
    })
    .returning();
  if (breakMinutes)
    await t.db.insert(timeEntries).values({
      Date: date,
      EmployeeID: employeeId,
      TimeEntryTypeID: 1,
      IcdOfficeID: officeId,
      StartTime: '12:00:00',
      EndTime: `12:${String(breakMinutes).padStart(2, '0')}:00`,
      IsBreak: true,
      ParentTimeEntryID: e.Id,
    });
}

beforeAll(async () => {
  t = await createTestApp();
  [payroll, admin, owner, manager, rep] = await Promise.all(
    ['payroll', 'admin', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
  const db = t.db;
  const corp = async (name: string) =>
    (await db.select().from(corporations).where(eq(corporations.ClientName, name)))[0].IcdCorporationID;
  const office = async (name: string) =>
    (await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, name)))[0].IcdOfficeID;
  const person = async (userName: string) =>
    (await db.select().from(employees).where(eq(employees.UserName, userName)))[0].EmployeeID;
  const program = async (name: string) =>
    (await db.select().from(programs).where(eq(programs.Name, name)))[0].ProgramID;
  ids.northwind = await corp('Northwind Field Marketing Inc.');
  ids.maple = await corp('Maple Direct Sales Ltd.');
  ids.toronto = await office('Toronto Central');
  ids.calgary = await office('Calgary South');
  ids.staff = await person('staff');
  ids.rep = await person('rep');
  const [calgaryRecord] = await db
    .select({ EmployeeID: employmentRecords.EmployeeID })
    .from(employmentRecords)
    .where(eq(employmentRecords.IcdOfficeID, ids.calgary))
    .limit(1);
  ids.calgaryPerson = calgaryRecord.EmployeeID;
  // Their record at Calgary works two divisions (the financials split time without a program by them).
  const calgaryRecords = await db
    .select({ id: employmentRecords.EmploymentRecordID })
    .from(employmentRecords)
    .where(
      and(
        eq(employmentRecords.EmployeeID, ids.calgaryPerson),
        eq(employmentRecords.IcdOfficeID, ids.calgary),
      ),
    );
  for (const r of calgaryRecords) {
    await db.delete(employmentRecordDivisions).where(eq(employmentRecordDivisions.EmploymentRecordID, r.id));
    await db.insert(employmentRecordDivisions).values([
      { EmploymentRecordID: r.id, DivisionID: Division.Rogers },
      { EmploymentRecordID: r.id, DivisionID: Division.Dtv },
    ]);
  }
  ids.costco = await program('Costco Road Show');
  ids.rogersKiosk = await program('Rogers Retail Kiosk');
  const store = async (name: string) =>
    (
      await db
        .select()
        .from(stores)
        .where(and(eq(stores.Name, name), eq(stores.IcdOfficeID, ids.toronto)))
    )[0].StoreID;
  ids.etobicoke = await store('Costco Etobicoke');
  ids.scarborough = await store('Costco Scarborough');
  ids.squareOne = await store('Square One Kiosk');

  const [current, previous, maple2031] = await db
    .insert(payrolls)
    .values([
      {
        IcdCorporationID: ids.northwind,
        StartDate: '2031-01-13',
        EndDate: '2031-01-26',
        PayDate: '2031-01-30',
        IsLocked: true,
        LockedAt: new Date('2031-01-28T15:00:00Z'),
        IsDisclosed: true,
      },
      {
        IcdCorporationID: ids.northwind,
        StartDate: '2030-12-30',
        EndDate: '2031-01-12',
        PayDate: '2031-01-16',
        IsCompleted: true,
        CompletedAt: new Date('2031-01-15T15:00:00Z'),
      },
      { IcdCorporationID: ids.maple, StartDate: '2031-01-13', EndDate: '2031-01-26', PayDate: '2031-02-02' },
    ])
    .returning();
  ids.current = current.PayrollID;
  ids.previous = previous.PayrollID;
  ids.maple2031 = maple2031.PayrollID;

  // Sam (staff): 32 h — 24 h at Costco Etobicoke, 8 h at Costco Scarborough (8.5 h minus a 30-minute break).
  const staff = await arrangeEntry({
    payrollId: ids.current,
    employeeId: ids.staff,
    officeId: ids.toronto,
    start: '2031-01-13',
    end: '2031-01-26',
    hours: [32, 0, 0],
    grossCents: 72_050,
    lines: [
      { Kind: 'Commission Piece', Caption: 'Commission Piece #2', Rate: 5, Units: 1, AmountCents: 500 },
      { Kind: 'Bonus', Rate: null, Units: null, AmountCents: 2550 },
      { Kind: 'Meal Period Premium', Rate: 20, Units: 1, AmountCents: 2000 },
      { Kind: 'Commission Piece', Caption: 'Commission Piece #1', Rate: 10, Units: 3, AmountCents: 3000 },
      { Kind: 'Regular', Rate: 20, Units: 32, AmountCents: 64_000 },
    ],
  });
  ids.staffEntry = staff.entryId;
  await t.db.insert(payrollCommissionPieces).values([
    {
      PayrollEntryID: staff.entryId,
      PieceNumber: 1,
      PieceQty: 3,
      PieceRateCents: 1000,
      ProgramID: ids.costco,
      StoreID: ids.etobicoke,
    },
    { PayrollEntryID: staff.entryId, PieceNumber: 2, PieceQty: 1, PieceRateCents: 500 },
  ]);
  for (const day of ['2031-01-14', '2031-01-16', '2031-01-18'])
    await work(ids.staff, ids.toronto, day, '09:00:00', '17:00:00', ids.costco, ids.etobicoke);
  await work(ids.staff, ids.toronto, '2031-01-21', '09:00:00', '17:30:00', ids.costco, ids.scarborough, 30);
  // A deleted entry and an entry after the period count for nothing.
  await work(ids.staff, ids.toronto, '2031-01-27', '09:00:00', '17:00:00', ids.rogersKiosk, ids.squareOne);
  await work(ids.staff, ids.toronto, '2031-01-22', '09:00:00', '17:00:00', ids.rogersKiosk, ids.squareOne);
  await t.db
    .update(timeEntries)
    .set({ DeletedAt: new Date('2031-01-23T12:00:00Z') })
    .where(and(eq(timeEntries.EmployeeID, ids.staff), eq(timeEntries.Date, '2031-01-22')));

  // Riley (rep): 42 h at the Rogers kiosk, 2 of them overtime.
  await arrangeEntry({
    payrollId: ids.current,
    employeeId: ids.rep,
    officeId: ids.toronto,
    start: '2031-01-13',
    end: '2031-01-26',
    hours: [40, 2, 0],
    grossCents: 89_550,
    lines: [
      { Kind: 'Commissions', Rate: null, Units: null, AmountCents: 10_000 },
      // Pieces detailing the Commissions line (not piece-based pay): shown, not added again.
      {
        Kind: 'Commission Piece',
        Caption: 'Commission Piece #1',
        Rate: 30,
        Units: 2,
        AmountCents: 6000,
        IsDetail: true,
      },
      {
        Kind: 'Commission Piece',
        Caption: 'Commission Piece #2',
        Rate: 40,
        Units: 1,
        AmountCents: 4000,
        IsDetail: true,
      },
      { Kind: 'Overtime', Rate: 27.75, Units: 2, AmountCents: 5550 },
      { Kind: 'Regular', Rate: 18.5, Units: 40, AmountCents: 74_000 },
    ],
  });
  for (const day of ['2031-01-13', '2031-01-14', '2031-01-15'])
    await work(ids.rep, ids.toronto, day, '08:00:00', '22:00:00', ids.rogersKiosk, ids.squareOne);

  // The previous Northwind payroll: Sam only, 500.00.
  await arrangeEntry({
    payrollId: ids.previous,
    employeeId: ids.staff,
    officeId: ids.toronto,
    start: '2030-12-30',
    end: '2031-01-12',
    hours: [25, 0, 0],
    grossCents: 50_000,
    lines: [{ Kind: 'Regular', Rate: 20, Units: 25, AmountCents: 50_000 }],
  });

  // Maple Direct (Calgary): out of the owner's scope.
  await arrangeEntry({
    payrollId: ids.maple2031,
    employeeId: ids.calgaryPerson,
    officeId: ids.calgary,
    start: '2031-01-13',
    end: '2031-01-26',
    hours: [10, 0, 0],
    grossCents: 16_000,
    lines: [{ Kind: 'Regular', Rate: 16, Units: 10, AmountCents: 16_000 }],
  });
  await work(ids.calgaryPerson, ids.calgary, '2031-01-15', '08:00:00', '18:00:00', null, null);
});

afterAll(() => t?.close());

describe('statement of earnings', () => {
  it('lists each employee with the lines in the spec order, pieces after, and sums to the gross', async () => {
    const res = await get(payroll, `payroll/${ids.current}/statement-of-earnings`);
    expect(res.statusCode).toBe(200);
    const body = res.json<StatementOfEarnings>();
    expect(body.Payroll).toMatchObject({
      PayrollID: ids.current,
      ClientName: 'Northwind Field Marketing Inc.',
    });
    expect(body.Employees.map((e) => e.EmployeeName)).toEqual(['Riley Chen', 'Sam Taylor']);
    const sam = body.Employees.find((e) => e.EmployeeID === ids.staff)!;
    expect(sam.Lines.map((l) => l.Caption)).toEqual([
      'Regular',
      'Bonus',
      'Meal Period Premium',
      'Commission Piece #1',
      'Commission Piece #2',
    ]);
    expect(sam.Lines[0]).toMatchObject({ Rate: 20, Units: 32, Amount: 640 });
    // The Meal Period Premium line shows no rate or units (spec 001 §5).
    expect(sam.Lines[2]).toMatchObject({ Rate: null, Units: null, Amount: 20 });
    expect(sam.Lines[3]).toMatchObject({ Rate: 10, Units: 3, Amount: 30 });
    expect(sam.GrossPay).toBe(720.5);
    const riley = body.Employees.find((e) => e.EmployeeID === ids.rep)!;
    expect(riley.Lines.map((l) => l.Caption)).toEqual([
      'Regular',
      'Overtime',
      'Commissions',
      'Commission Piece #1',
      'Commission Piece #2',
    ]);
    expect(riley.Lines.filter((l) => l.IsDetail).map((l) => l.Amount)).toEqual([60, 40]);
    expect(riley.GrossPay).toBe(895.5);
    expect(body.GrossPay).toBe(1616);
    expect(body.Totals.find((l) => l.Caption === 'Regular')).toMatchObject({ Units: 72, Amount: 1380 });
    // Detail lines are not totalled again: the totals add up to the gross.
    expect(body.Totals.reduce((sum, l) => sum + Math.round(l.Amount * 100), 0)).toBe(161_600);
  });

  it("every employee's lines add up to the stored entry's gross, to the cent", async () => {
    const body = (
      await get(payroll, `payroll/${ids.current}/statement-of-earnings`)
    ).json<StatementOfEarnings>();
    const stored = await t.db
      .select({ PayPeriodID: payrollEntries.PayPeriodID, GrossPayCents: payrollEntries.GrossPayCents })
      .from(payrollEntries)
      .where(eq(payrollEntries.PayrollID, ids.current));
    expect(body.Employees).toHaveLength(stored.length);
    for (const e of body.Employees) {
      const cents = e.Lines.reduce((sum, l) => sum + (l.IsDetail ? 0 : Math.round(l.Amount * 100)), 0);
      expect(cents).toBe(stored.find((s) => s.PayPeriodID === e.PayPeriodID)!.GrossPayCents);
    }
  });

  it("on the demo company's calculated payrolls too, each statement sums to the entry's gross", async () => {
    const entries = await t.db
      .select({
        PayrollID: payrollEntries.PayrollID,
        PayPeriodID: payrollEntries.PayPeriodID,
        GrossPayCents: payrollEntries.GrossPayCents,
      })
      .from(payrollEntries);
    const demo = [...new Set(entries.map((e) => e.PayrollID))].filter(
      (id) => ![ids.current, ids.previous, ids.maple2031].includes(id),
    );
    let checked = 0;
    for (const id of demo) {
      const body = (await get(payroll, `payroll/${id}/statement-of-earnings`)).json<StatementOfEarnings>();
      for (const e of body.Employees) {
        const stored = entries.find((x) => x.PayPeriodID === e.PayPeriodID)!;
        const cents = e.Lines.reduce((sum, l) => sum + (l.IsDetail ? 0 : Math.round(l.Amount * 100)), 0);
        expect(cents, `payroll ${id}, ${e.EmployeeName}`).toBe(stored.GrossPayCents);
        if (stored.GrossPayCents > 0) checked += 1;
      }
    }
    // The demo's closed pay periods are calculated (its seed computes them).
    expect(checked).toBeGreaterThan(0);
  });

  it('a program/store pair keeps who worked there, with the hour lines at their share', async () => {
    const res = await get(
      payroll,
      `payroll/${ids.current}/statement-of-earnings?programID=${ids.costco}&storeID=${ids.etobicoke}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<StatementOfEarnings>();
    expect(body).toMatchObject({ ProgramName: 'Costco Road Show', StoreName: 'Costco Etobicoke' });
    expect(body.Employees.map((e) => e.EmployeeID)).toEqual([ids.staff]);
    const sam = body.Employees[0];
    // 24 of 32 hours at Etobicoke.
    expect(sam.Share).toBe(0.75);
    expect(sam.Lines.find((l) => l.Caption === 'Regular')).toMatchObject({
      Units: 24,
      Amount: 480,
      Attributed: true,
    });
    // A piece sold at the store is there whole; a piece with no place and the bonus are shown whole, unattributed.
    expect(sam.Lines.find((l) => l.Caption === 'Commission Piece #1')).toMatchObject({
      Amount: 30,
      Attributed: true,
    });
    expect(sam.Lines.find((l) => l.Caption === 'Commission Piece #2')).toMatchObject({
      Amount: 5,
      Attributed: false,
    });
    expect(sam.Lines.find((l) => l.Caption === 'Bonus')).toMatchObject({ Amount: 25.5, Attributed: false });
    expect(sam.GrossPay).toBe(480 + 25.5 + 20 + 30 + 5);
  });

  it('the other store of the program leaves out the piece sold at Etobicoke; breaks are not worked time', async () => {
    const body = (
      await get(
        payroll,
        `payroll/${ids.current}/statement-of-earnings?programID=${ids.costco}&storeID=${ids.scarborough}`,
      )
    ).json<StatementOfEarnings>();
    const sam = body.Employees[0];
    expect(sam.Share).toBe(0.25);
    expect(sam.Lines.find((l) => l.Caption === 'Regular')).toMatchObject({ Units: 8, Amount: 160 });
    expect(sam.Lines.some((l) => l.Caption === 'Commission Piece #1')).toBe(false);
  });

  it('filters one employee', async () => {
    const body = (
      await get(payroll, `payroll/${ids.current}/statement-of-earnings?filteredEmployeeID=${ids.rep}`)
    ).json<StatementOfEarnings>();
    expect(body.Employees.map((e) => e.EmployeeID)).toEqual([ids.rep]);
    expect(body.GrossPay).toBe(895.5);
  });

  it('refuses a store of another program (400 by field), an unknown program (404) and a bad id (400)', async () => {
    const mixed = await get(
      payroll,
      `payroll/${ids.current}/statement-of-earnings?programID=${ids.costco}&storeID=${ids.squareOne}`,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().Errors.storeID).toBeDefined();
    expect(
      (await get(payroll, `payroll/${ids.current}/statement-of-earnings?programID=999999`)).statusCode,
    ).toBe(404);
    const bad = await get(payroll, `payroll/${ids.current}/statement-of-earnings?programID=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.programID).toBeDefined();
    expect((await get(payroll, 'payroll/999999/statement-of-earnings')).statusCode).toBe(404);
  });
});

describe('active program/store pairs', () => {
  it('lists the pairs worked in the payroll with their hours and people', async () => {
    const res = await get(payroll, `payroll/${ids.current}/active-program-store-pairs`);
    expect(res.statusCode).toBe(200);
    const pairs = res.json<ProgramStorePair[]>();
    expect(pairs.map((p) => [p.ProgramName, p.StoreName, p.Hours, p.EmployeeCount])).toEqual([
      ['Costco Road Show', 'Costco Etobicoke', 24, 1],
      ['Costco Road Show', 'Costco Scarborough', 8, 1],
      ['Rogers Retail Kiosk', 'Square One Kiosk', 42, 1],
    ]);
  });
});

describe('summary', () => {
  it('totals per payroll overlapping the dates, sorted by owner then client', async () => {
    const res = await get(payroll, 'payrolls/summary?startDate=2031-01-13&endDate=2031-01-31');
    expect(res.statusCode).toBe(200);
    const body = res.json<PayrollSummary>();
    expect(body.Rows.map((r) => r.PayrollID)).toEqual([ids.current, ids.maple2031]);
    expect(body.Rows[0]).toMatchObject({
      EmployeeCount: 2,
      RegularHours: 72,
      OvertimeHours: 2,
      TotalHours: 74,
      Wages: 1435.5,
      Commission: 135,
      Premiums: 20,
      Other: 25.5,
      GrossPay: 1616,
    });
    expect(body.Totals.GrossPay).toBe(1776);
    expect(body.NotApplied).toEqual([]);
  });

  it('filters by program and owner; retailerID is accepted and reported as not applied', async () => {
    const byProgram = (
      await get(
        payroll,
        `payrolls/summary?startDate=2031-01-13&endDate=2031-01-31&programID=${ids.rogersKiosk}`,
      )
    ).json<PayrollSummary>();
    expect(byProgram.Rows.map((r) => [r.PayrollID, r.EmployeeCount, r.GrossPay])).toEqual([
      [ids.current, 1, 895.5],
    ]);
    const byOwner = (
      await get(payroll, 'payrolls/summary?startDate=2031-01-01&endDate=2031-01-31&owner=nair')
    ).json<PayrollSummary>();
    expect(byOwner.Rows.map((r) => r.PayrollID)).toEqual([ids.maple2031]);
    const retailer = (
      await get(payroll, 'payrolls/summary?startDate=2031-01-13&endDate=2031-01-31&retailerID=3')
    ).json<PayrollSummary>();
    expect(retailer.NotApplied).toEqual(['retailerID']);
    expect(retailer.Rows).toHaveLength(2);
  });

  it('refuses an end before the start (400 on endDate)', async () => {
    const res = await get(payroll, 'payrolls/summary?startDate=2031-02-01&endDate=2031-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.endDate).toBeDefined();
  });
});

describe('analysis', () => {
  it('per office and per employee, compared with the previous payroll of the corporation', async () => {
    const res = await get(payroll, `payrolls/${ids.current}/analysis`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PayrollAnalysis>();
    expect(body.Totals.GrossPay).toBe(1616);
    expect(body.Previous).toMatchObject({ PayrollID: ids.previous });
    expect(body.Previous!.Totals.GrossPay).toBe(500);
    expect(body.Change).toMatchObject({ GrossPay: 1116, EmployeeCount: 1, RegularHours: 47 });
    expect(body.Offices).toEqual([
      expect.objectContaining({ OfficeName: 'Toronto Central', GrossPay: 1616 }),
    ]);
    const sam = body.Employees.find((e) => e.EmployeeID === ids.staff)!;
    expect(sam).toMatchObject({
      GrossPay: 720.5,
      PreviousGrossPay: 500,
      GrossPayChange: 220.5,
      Commission: 35,
    });
    const riley = body.Employees.find((e) => e.EmployeeID === ids.rep)!;
    expect(riley).toMatchObject({ OvertimeHours: 2, PreviousGrossPay: null, GrossPayChange: null });
  });

  it('the first payroll has nothing to compare with', async () => {
    const body = (await get(payroll, `payrolls/${ids.previous}/analysis`)).json<PayrollAnalysis>();
    // Only demo payrolls dated before 2030-12-30 could precede it, and none is of 2030.
    expect(body.Previous === null || String(body.Previous.EndDate) < '2030-12-30').toBe(true);
    expect(body.Totals.GrossPay).toBe(500);
  });
});

describe('NCR summary', () => {
  it('sums wages and premiums (and their hours) apart from commission, per payroll and office', async () => {
    const res = await get(payroll, `ncr-summary?payrollID=${ids.current}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<NcrSummary>();
    expect(body.Rows).toHaveLength(1);
    expect(body.Rows[0]).toMatchObject({
      OfficeName: 'Toronto Central',
      EmployeeCount: 2,
      NcrHours: 74,
      NcrAmount: 1455.5,
      Commission: 135,
      Other: 25.5,
      GrossPay: 1616,
      NcrShare: Math.round((1455.5 / 1616) * 10_000) / 10_000,
    });
  });

  it('filters by corporation and dates', async () => {
    const body = (
      await get(payroll, `ncr-summary?icdCorporationID=${ids.maple}&startDate=2031-01-01&endDate=2031-01-31`)
    ).json<NcrSummary>();
    expect(body.Rows.map((r) => [r.PayrollID, r.OfficeName, r.NcrAmount])).toEqual([
      [ids.maple2031, 'Calgary South', 160],
    ]);
    expect(body.Totals.NcrShare).toBe(1);
  });
});

describe('inquiry', () => {
  it('lists the payrolls in the range with their flags, entry count and gross', async () => {
    const res = await get(payroll, 'payrolls/inquiry?startDate=2030-12-30&endDate=2031-01-31');
    expect(res.statusCode).toBe(200);
    const rows = res.json<PayrollInquiryRow[]>();
    expect(rows.map((r) => r.PayrollID)).toEqual([ids.previous, ids.current, ids.maple2031]);
    expect(rows[1]).toMatchObject({
      IsLocked: true,
      IsDisclosed: true,
      IsCompleted: false,
      EntryCount: 2,
      GrossPay: 1616,
      LockedDate: '2031-01-28T15:00:00.000Z',
      CompletedDate: null,
    });
    expect(rows[0]).toMatchObject({ IsCompleted: true, CompletedDate: '2031-01-15T15:00:00.000Z' });
  });

  it('needs both dates (400 by field)', async () => {
    const res = await get(payroll, 'payrolls/inquiry?startDate=2031-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.endDate).toBeDefined();
  });
});

describe('financials', () => {
  it('per pay-date month, division (by hours worked in its programs) and corporation', async () => {
    const res = await get(payroll, 'payrolls/financials?startDate=2031-01-01&endDate=2031-02-28');
    expect(res.statusCode).toBe(200);
    const body = res.json<Financials>();
    const january = body.Rows.filter((r) => r.Month === '2031-01' && r.IcdCorporationID === ids.northwind);
    // Both Northwind payrolls are paid in January. Sam's time is all Costco (RoadShow); his entry of
    // the previous payroll has no time, so it goes to his employment record's division (RoadShow).
    // Riley's time is all at the Rogers kiosk.
    expect(
      january.map((r) => [r.DivisionName, r.PayrollCount, r.EmployeeCount, r.Hours, r.GrossPay]),
    ).toEqual([
      ['RoadShow', 2, 1, 57, 1220.5],
      ['Rogers', 1, 1, 42, 895.5],
    ]);
    // Time without a program, at Calgary: the record's two divisions in equal parts.
    const maple = body.Rows.filter((r) => r.IcdCorporationID === ids.maple);
    expect(maple.map((r) => [r.Month, r.DivisionID, r.GrossPay, r.Hours])).toEqual([
      ['2031-02', Division.Dtv, 80, 5],
      ['2031-02', Division.Rogers, 80, 5],
    ]);
    expect(body.Totals.GrossPay).toBe(720.5 + 895.5 + 500 + 160);
  });

  it('a division keeps only its share', async () => {
    const [rogers] = await t.db
      .select({ id: programs.DivisionID })
      .from(programs)
      .where(eq(programs.ProgramID, ids.rogersKiosk));
    const body = (
      await get(
        payroll,
        `payrolls/financials?startDate=2031-01-01&endDate=2031-02-28&divisionID=${rogers.id}`,
      )
    ).json<Financials>();
    expect(body.Rows.map((r) => [r.Month, r.IcdCorporationID, r.GrossPay, r.Commission])).toEqual([
      ['2031-01', ids.northwind, 895.5, 100],
      ['2031-02', ids.maple, 80, 0],
    ]);
  });

  it('per program: hours there and the pay in proportion to them', async () => {
    const res = await get(
      payroll,
      `payrolls/financials-program?programID=${ids.costco}&startDate=2031-01-01&endDate=2031-02-28`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<ProgramFinancials>();
    expect(body.Rows).toEqual([
      expect.objectContaining({
        Month: '2031-01',
        ProgramName: 'Costco Road Show',
        ClientName: 'Northwind Field Marketing Inc.',
        EmployeeCount: 1,
        Hours: 32,
        GrossPay: 720.5,
        Commission: 35,
      }),
    ]);
    expect(body.Totals).toMatchObject({ Hours: 32, GrossPay: 720.5 });
  });
});

describe('scope', () => {
  it('the owner sees Northwind only: Maple is missing, a Maple filter is refused', async () => {
    const summary = (
      await get(owner, 'payrolls/summary?startDate=2031-01-13&endDate=2031-01-31')
    ).json<PayrollSummary>();
    expect(summary.Rows.map((r) => r.PayrollID)).toEqual([ids.current]);
    expect((await get(owner, `payroll/${ids.maple2031}/statement-of-earnings`)).statusCode).toBe(404);
    expect((await get(owner, `payrolls/${ids.maple2031}/analysis`)).statusCode).toBe(404);
    expect((await get(owner, `payroll/${ids.maple2031}/active-program-store-pairs`)).statusCode).toBe(404);
    expect((await get(owner, `ncr-summary?payrollID=${ids.maple2031}`)).statusCode).toBe(404);
    expect((await get(owner, `ncr-summary?icdCorporationID=${ids.maple}`)).statusCode).toBe(403);
    const inquiry = (await get(owner, 'payrolls/inquiry?startDate=2030-12-30&endDate=2031-01-31')).json<
      PayrollInquiryRow[]
    >();
    expect(inquiry.map((r) => r.PayrollID)).toEqual([ids.previous, ids.current]);
    const fin = (
      await get(owner, 'payrolls/financials?startDate=2031-01-01&endDate=2031-02-28')
    ).json<Financials>();
    expect(fin.Rows.every((r) => r.IcdCorporationID === ids.northwind)).toBe(true);
    const statement = (
      await get(owner, `payroll/${ids.current}/statement-of-earnings`)
    ).json<StatementOfEarnings>();
    expect(statement.GrossPay).toBe(1616);
  });

  it('the administrator sees every corporation', async () => {
    const rows = (await get(admin, 'payrolls/inquiry?startDate=2031-01-13&endDate=2031-01-31')).json<
      PayrollInquiryRow[]
    >();
    expect(rows.map((r) => r.PayrollID)).toEqual([ids.current, ids.maple2031]);
  });

  it.each([
    ['manager', () => manager],
    ['rep', () => rep],
  ])('%s has no payroll:read: 403 on every report', async (_who, session) => {
    for (const url of [
      `payroll/${ids.current}/statement-of-earnings`,
      `payroll/${ids.current}/active-program-store-pairs`,
      'payrolls/summary',
      `payrolls/${ids.current}/analysis`,
      'ncr-summary',
      'payrolls/inquiry?startDate=2031-01-01&endDate=2031-01-31',
      'payrolls/financials',
      'payrolls/financials-program',
    ])
      expect((await get(session(), url)).statusCode, url).toBe(403);
  });
});
