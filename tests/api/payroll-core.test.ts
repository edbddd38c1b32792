// Payroll processing through the API (issue 16): lookups, lists (filters, sort orders of spec 001 §9,
// pages), the processing list and its spreadsheet, a payroll with its entries and what its
// calculation reads, calculations, the entry save with the lock rule and Version, memo, manual
// requests, the five flags, admins and dismissals — each with its permission and the caller's
// corporation scope. Uses the demo payrolls (server/seed/payroll.ts): whatever the clock, the one
// before the current window is computed and locked (not completed) and the current one is open.

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  employmentRecords,
  icdOffices,
  payPeriods,
  roleAssignments,
  rolePermissions,
  roles,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { EmployeeStatus, GrantType, RoleScope } from '../../src/contract/common';
import {
  type CalculationInput,
  type EntrySavePayloadInput,
  PAYROLL_LOCKED_MESSAGE,
  PAYROLL_SORTS,
  type PayFrequencyItem,
  type Payroll,
  type PayrollAdmin,
  type PayrollCorporation,
  type PayrollDismissal,
  type PayrollEntry,
  type PayrollListItem,
  type PayrollPage,
  type PayrollProcessingItem,
  type PayrollTypeItem,
  type PayWeek,
  type Rotation,
  type TotalsResponse,
} from '../../src/contract/payroll';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
let staff: Session;
/** payroll:read at Chicago Loop only (Summit Retail Promotions). */
let chicagoReader: Session;
/** payroll:read + payroll:process everywhere, without employees:viewSensitive. */
let clerk: Session;
let list: PayrollListItem[];
/** Northwind's payroll before the current window: computed, locked, not completed. */
let locked: PayrollListItem;
/** Northwind's current payroll: computed and open. */
let open: PayrollListItem;

const get = async <T>(s: Session, url: string) => {
  const res = await s.call({ method: 'GET', url: `/api/${url}` });
  return { status: res.statusCode, body: res.json<T>(), raw: res };
};
const send = async <T>(
  s: Session,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const res = await s.call({
    method,
    url: `/api/${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json<T>() };
};

async function addUser(userName: string, keys: string[], scope: number, officeName?: string): Promise<void> {
  const { db } = t;
  const [person] = await db
    .insert(employees)
    .values({
      FirstName: userName,
      LastName: 'Test',
      UserName: userName,
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
    })
    .returning();
  let recordId: number | null = null;
  if (officeName) {
    const [office] = await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, officeName));
    const [record] = await db
      .insert(employmentRecords)
      .values({
        EmployeeID: person.EmployeeID,
        IcdOfficeID: office.IcdOfficeID,
        EmployeeStatusID: EmployeeStatus.Active,
      })
      .returning();
    recordId = record.EmploymentRecordID;
  }
  const [role] = await db
    .insert(roles)
    .values({ Name: `${userName} role`, ScopeID: scope, GrantTypeID: GrantType.GrantRole })
    .returning();
  await db
    .insert(rolePermissions)
    .values(keys.map((PermissionKey) => ({ RoleID: role.RoleID, PermissionKey })));
  await db
    .insert(roleAssignments)
    .values({ EmployeeID: person.EmployeeID, RoleID: role.RoleID, EmploymentRecordID: recordId });
}

const entryOf = (entries: PayrollEntry[], pred: (e: PayrollEntry) => boolean) => {
  const e = entries.find(pred);
  if (!e) throw new Error('entry not found');
  return e;
};
const save = (e: PayrollEntry, changes: Partial<EntrySavePayloadInput>): EntrySavePayloadInput => ({
  PayPeriodID: e.PayPeriodID,
  IsPaidGuaranteed: e.IsPaidGuaranteed,
  IsPaidCommission: e.IsPaidCommission,
  ExtraHoursWorked: e.ExtraHoursWorked,
  ManualCommissionAmount: e.ManualCommissionAmount,
  Salary: e.Salary,
  CommissionThreshold: e.CommissionThreshold,
  ContractorPayment: e.ContractorPayment,
  Bonus: e.Bonus,
  CommissionBonus: e.CommissionBonus,
  VolumeBonus: e.VolumeBonus,
  TravelAllowance: e.TravelAllowance,
  CellAllowance: e.CellAllowance,
  Tip: e.Tip,
  SickPay: e.SickPay,
  SplitTime: e.SplitTime,
  ReportingTime: e.ReportingTime,
  MealPeriodPremiumTime: e.MealPeriodPremiumTime,
  HolidayPay: e.HolidayPay,
  Chargeback: e.Chargeback,
  TrainingPayHours: e.TrainingPayHours,
  NetPayAddition: e.NetPayAddition,
  NetPayDeduction: e.NetPayDeduction,
  Comments: e.Comments,
  CommissionPieces: e.CommissionPieces,
  Version: e.Version,
  ...changes,
});

beforeAll(async () => {
  t = await createTestApp();
  await addUser('chicagoreader', ['payroll:read'], RoleScope.EmploymentRecord, 'Chicago Loop');
  await addUser('payclerk', ['payroll:read', 'payroll:process'], RoleScope.Global);
  [admin, payroll, owner, manager, rep, staff, chicagoReader, clerk] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep', 'staff', 'chicagoreader', 'payclerk'].map((u) =>
      t.signIn(u),
    ),
  );
  list = (await get<PayrollListItem[]>(payroll, 'payrolls?sort=StartDate')).body;
  const northwind = list.filter((p) => p.ClientName.startsWith('Northwind'));
  locked = northwind.filter((p) => p.IsLocked && !p.IsCompleted).at(-1) as PayrollListItem;
  open = northwind.find((p) => !p.IsLocked && p.CalculatedAt !== null) as PayrollListItem;
}, 180_000);
afterAll(async () => t?.close());

describe('lookups', () => {
  it('answers the payroll types, pay frequencies, divisions, office divisions and rotations', async () => {
    const types = await get<PayrollTypeItem[]>(payroll, 'payroll-types');
    expect(types.body.map((x) => x.Name)).toEqual([
      'AdvanceWage',
      'CommissionAboveThreshold',
      'CommissionExceedingGuaranteed',
      'PieceBased',
      'RawInput',
    ]);
    expect((await get<PayFrequencyItem[]>(payroll, 'pay-frequencies')).body).toHaveLength(4);
    const divisions = await get<{ DivisionID: number; Name: string }[]>(owner, 'payrolls/divisions');
    expect(divisions.body.map((d) => d.Name).sort()).toEqual(['Dtv', 'RoadShow', 'Rogers']);
    const offices = await get<{ OfficeName: string }[]>(owner, 'payroll/icdofficedivision');
    expect(new Set(offices.body.map((o) => o.OfficeName))).toEqual(
      new Set(['Toronto Central', 'Vancouver Harbour']),
    );
    const rotations = await get<Rotation[]>(payroll, 'rotations');
    expect(rotations.body.some((r) => r.StartDate === locked.StartDate && r.EndDate === locked.EndDate)).toBe(
      true,
    );
    const current = await get<Rotation>(payroll, 'payrolls/rotation');
    expect(current.status).toBe(200);
    expect(current.body.EndDate > current.body.StartDate).toBe(true);
    const v2 = await get<Rotation[]>(
      payroll,
      `payrolls/rotationV2?divisionID=29&icdCorporationID=${locked.IcdCorporationID}`,
    );
    expect(v2.status).toBe(200);
    expect(
      (await get(chicagoReader, `payrolls/rotationV2?icdCorporationID=${locked.IcdCorporationID}`)).status,
    ).toBe(404);
  });

  it('answers the weeks of a payroll, of a window, and refuses a half window', async () => {
    const weeks = await get<PayWeek[]>(payroll, `payroll/payweeks?payrollID=${locked.PayrollID}`);
    expect(weeks.body.map((w) => w.WeekNumber)).toEqual([1, 2]);
    expect(weeks.body[0].StartDate).toBe(locked.StartDate);
    expect(weeks.body[1].EndDate).toBe(locked.EndDate);
    const window = await get<PayWeek[]>(payroll, 'payroll/payweeks?startDate=2031-01-06&endDate=2031-01-26');
    expect(window.body).toHaveLength(3);
    const half = await get<{ Errors: Record<string, string[]> }>(
      payroll,
      'payroll/payweeks?startDate=2031-01-06',
    );
    expect(half.status).toBe(400);
    expect(half.body.Errors.endDate).toBeDefined();
  });

  it('answers the corporations in scope', async () => {
    const all = await get<PayrollCorporation[]>(payroll, 'payrolls/icd-corporations');
    expect(all.body).toHaveLength(3);
    const mine = await get<PayrollCorporation[]>(owner, 'payrolls/icd-corporation');
    expect(mine.body.map((c) => c.ClientName)).toEqual(['Northwind Field Marketing Inc.']);
    const active = await get<PayrollCorporation[]>(chicagoReader, 'payrolls/icd-corporation-active');
    expect(active.body.map((c) => c.ClientName)).toEqual(['Summit Retail Promotions LLC']);
  });
});

describe('payroll lists', () => {
  it('derives one payroll per corporation and window, with the demo states', () => {
    expect(locked).toBeDefined();
    expect(open).toBeDefined();
    expect(new Set(list.map((p) => p.ClientName)).size).toBe(3);
    expect(locked.ApprovedCount).toBe(locked.EntryCount);
    expect(locked.GrossPay).toBeGreaterThan(0);
    expect(open.StartDate > locked.EndDate).toBe(true);
    expect(list.some((p) => p.IsCompleted)).toBe(true);
  });

  it('limits the list to the caller’s corporations; no list without payroll:read', async () => {
    const mine = await get<PayrollListItem[]>(owner, 'payrolls');
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((p) => p.IcdCorporationID === locked.IcdCorporationID)).toBe(true);
    const chicago = await get<PayrollListItem[]>(chicagoReader, 'payrolls');
    expect(chicago.body.length).toBeGreaterThan(0);
    expect(chicago.body.every((p) => p.ClientName.startsWith('Summit'))).toBe(true);
    for (const s of [manager, rep, staff]) expect((await get(s, 'payrolls')).status).toBe(403);
  });

  it('filters by corporation, dates and state', async () => {
    const one = await get<PayrollListItem[]>(
      payroll,
      `payrolls?icdCorporationID=${locked.IcdCorporationID}&isLocked=true`,
    );
    expect(one.body.length).toBeGreaterThan(0);
    expect(one.body.every((p) => p.IcdCorporationID === locked.IcdCorporationID && p.IsLocked)).toBe(true);
    const window = await get<PayrollListItem[]>(
      payroll,
      `payrolls?startDate=${open.StartDate}&endDate=${open.StartDate}`,
    );
    expect(window.body.every((p) => p.StartDate <= open.StartDate && p.EndDate >= open.StartDate)).toBe(true);
    expect(window.body.some((p) => p.PayrollID === open.PayrollID)).toBe(true);
    const search = await get<PayrollListItem[]>(payroll, 'payrolls?search=maple');
    expect(new Set(search.body.map((p) => p.ClientName))).toEqual(new Set(['Maple Direct Sales Ltd.']));
    const bad = await get<{ Errors: Record<string, string[]> }>(payroll, 'payrolls?sort=Nonsense');
    expect(bad.status).toBe(400);
  });

  it('sorts by every order of spec 001 §9', async () => {
    for (const sort of PAYROLL_SORTS) {
      const res = await get<PayrollListItem[]>(payroll, `payrolls?sort=${sort}`);
      expect(res.status).toBe(200);
      const desc = sort.endsWith('Desc');
      const field = (desc ? sort.slice(0, -4) : sort) as keyof PayrollListItem;
      const values = res.body.map((p) => p[field] as string | null).filter((v): v is string => v !== null);
      const sorted = [...values].sort((a, b) =>
        field === 'Owner' || field === 'ClientName' || field === 'Division'
          ? a.localeCompare(b, 'en', { sensitivity: 'base' })
          : a < b
            ? -1
            : a > b
              ? 1
              : 0,
      );
      expect(values, sort).toEqual(desc ? sorted.reverse() : sorted);
      // Nulls (an open payroll has no LockedDate) come last.
      const firstNull = res.body.findIndex((p) => p[field] === null);
      if (firstNull >= 0) expect(res.body.slice(firstNull).every((p) => p[field] === null)).toBe(true);
    }
  });

  it('pages with pageSize', async () => {
    const p0 = await get<PayrollPage>(payroll, 'payrolls/page/0?pageSize=3&sort=StartDate');
    const p1 = await get<PayrollPage>(payroll, 'payrolls/page/1?pageSize=3&sort=StartDate');
    expect(p0.body.TotalCount).toBe(list.length);
    expect(p0.body.Items.map((p) => p.PayrollID)).toEqual(list.slice(0, 3).map((p) => p.PayrollID));
    expect(p1.body.Items.map((p) => p.PayrollID)).toEqual(list.slice(3, 6).map((p) => p.PayrollID));
    expect(p1.body.PageIndex).toBe(1);
    expect((await get(payroll, 'payrolls/page/0?pageSize=0')).status).toBe(400);
  });

  it('answers the processing list (payroll:process) with admins and counts', async () => {
    const res = await get<PayrollProcessingItem[]>(payroll, 'payrolls/processing');
    const w1 = res.body.find((p) => p.PayrollID === locked.PayrollID);
    expect(w1?.Admins.map((a) => a.LastName)).toEqual(['Shah']);
    expect(w1?.UnapprovedCount).toBe(0);
    const page = await get<{ Items: PayrollProcessingItem[]; TotalCount: number }>(
      payroll,
      'payrolls/processing/page/0?pageSize=2',
    );
    expect(page.body.Items).toHaveLength(2);
    expect((await get(owner, 'payrolls/processing')).status).toBe(403);
  });

  it('answers a corporation’s payrolls and refuses one out of scope', async () => {
    const res = await get<PayrollListItem[]>(owner, `payrolls/icd-corporation/${locked.IcdCorporationID}`);
    expect(res.body.length).toBeGreaterThan(0);
    const summit = list.find((p) => p.ClientName.startsWith('Summit')) as PayrollListItem;
    const none = await get<PayrollListItem[]>(owner, `payrolls/icd-corporation/${summit.IcdCorporationID}`);
    expect(none.body).toEqual([]);
  });
});

describe('a payroll and its entries', () => {
  it('answers a payroll in scope; 404 out of scope', async () => {
    const res = await get<Payroll>(owner, `payrolls/${locked.PayrollID}`);
    expect(res.status).toBe(200);
    expect(res.body.IsLocked).toBe(true);
    expect(res.body.Admins.map((a) => a.FirstName)).toEqual(['Priya']);
    expect((await get(chicagoReader, `payrolls/${locked.PayrollID}`)).status).toBe(404);
    expect((await get(payroll, 'payrolls/999999')).status).toBe(404);
  });

  it('computed the seeded overtime week: 7 h Ontario overtime at 1.5×, training pay, and the bonuses', async () => {
    const entries = (await get<PayrollEntry[]>(payroll, `payrolls/${locked.PayrollID}/entries`)).body;
    const worker = entryOf(entries, (e) => e.Lines.some((l) => l.Kind === 'Overtime'));
    const ot = worker.Lines.find((l) => l.Kind === 'Overtime');
    const regular = worker.Lines.find((l) => l.Kind === 'Regular');
    expect(ot?.Units).toBe(7);
    expect(ot?.Rate).toBeCloseTo((regular?.Rate ?? 0) * 1.5, 4);
    expect(ot?.Amount).toBe(Math.round((ot?.Rate ?? 0) * 7 * 100) / 100);
    expect(ot?.Trace?.TimeEntryIDs?.length).toBeGreaterThan(0);
    expect(worker.Totals.OvertimeHours).toBe(7);
    expect(worker.Lines.map((l) => l.Kind)).toEqual(
      expect.arrayContaining([
        'Training Pay',
        'Discretionary Bonus',
        'Bonus',
        'Volume Bonus',
        'Travel Allowance',
        'Cell Allowance',
      ]),
    );
    const sum = worker.Lines.filter((l) => !l.Trace?.IsDetail).reduce(
      (s, l) => s + Math.round(l.Amount * 100),
      0,
    );
    expect(Math.round(worker.GrossPay * 100)).toBe(sum);
    // Sam Taylor's bonus was corrected after the first calculation: two snapshots.
    const sam = entryOf(entries, (e) => e.Employee?.UserName === 'staff');
    expect(sam.Bonus).toBe(75);
    expect(sam.SnapshotNumber).toBe(2);
    // Riley Chen's commission pieces.
    const riley = entryOf(entries, (e) => e.Employee?.UserName === 'rep');
    expect(riley.CommissionPieces.map((p) => p.PieceNumber)).toEqual([1, 2, 3]);
    expect(riley.Lines.filter((l) => l.Kind === 'Commission Piece').map((l) => l.Caption)).toEqual([
      'Commission Piece #1',
      'Commission Piece #2',
      'Commission Piece #3',
    ]);
  });

  it('limits entries to the caller’s offices', async () => {
    const all = (await get<PayrollEntry[]>(payroll, `payrolls/${locked.PayrollID}/entries`)).body;
    const mine = (await get<PayrollEntry[]>(owner, `payrolls/${locked.PayrollID}/entries`)).body;
    expect(mine.length).toBe(all.length);
    expect((await get(rep, `payrolls/${locked.PayrollID}/entries`)).status).toBe(403);
    expect((await get(chicagoReader, `payrolls/${locked.PayrollID}/entries`)).status).toBe(404);
  });

  it('answers what the calculation reads', async () => {
    const res = await get<CalculationInput>(payroll, `payrolls/${locked.PayrollID}/calculations/input`);
    expect(res.status).toBe(200);
    const withTime = res.body.PayPeriods.filter((p) => p.TimeEntries.length);
    expect(withTime.length).toBeGreaterThan(0);
    expect(res.body.PayPeriods.every((p) => p.CountryID === 2)).toBe(true);
    expect(withTime[0].MinimumWage.length).toBeGreaterThan(0);
  });
});

describe('calculations and entry saves', () => {
  it('recalculates an open payroll and answers its entries with their employees', async () => {
    const res = await send<TotalsResponse>(payroll, 'POST', `payrolls/${open.PayrollID}/calculations`, {
      StartDate: open.StartDate,
      EndDate: open.EndDate,
      PayPeriods: [],
      PayDateDurations: [],
      RSCommissionAmounts: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.PayrollEntries.length).toBe(open.EntryCount);
    const ids = new Set(res.body.Employees.map((e) => e.EmployeeID));
    expect(res.body.PayrollEntries.every((e) => ids.has(e.EmployeeID))).toBe(true);
    // The late adjustment accepted after the lock is paid in this window.
    const sam = entryOf(
      res.body.PayrollEntries,
      (e) => res.body.Employees.find((x) => x.EmployeeID === e.EmployeeID)?.UserName === 'staff',
    );
    const regular = sam.Lines.find((l) => l.Kind === 'Regular');
    expect(regular?.Trace?.LateAdjustmentIDs?.length).toBe(1);
  });

  it('adds the extra show hours of a manual submission to the pay period of their date', async () => {
    const entries = (await get<PayrollEntry[]>(payroll, `payrolls/${open.PayrollID}/entries`)).body;
    const sam = entryOf(entries, (e) => e.Employee?.UserName === 'staff');
    const res = await send<TotalsResponse>(payroll, 'POST', `payrolls/${open.PayrollID}/calculations`, {
      StartDate: open.StartDate,
      EndDate: open.EndDate,
      PayPeriods: [
        {
          StartDate: sam.StartDate,
          EndDate: sam.EndDate,
          PayPeriodID: sam.PayPeriodID,
          ManualSubmission: { ExtraShowHours: [{ Date: sam.StartDate, Hours: 2 }] },
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.PayrollEntries).toHaveLength(1);
    expect(res.body.PayrollEntries[0].Totals.ExtraHoursWorked).toBe(2);
  });

  it('refuses bad totals requests with field errors, a locked payroll with 409, and callers without payroll:process', async () => {
    const backwards = await send<{ Errors: Record<string, string[]> }>(
      payroll,
      'POST',
      `payrolls/${open.PayrollID}/calculations`,
      {
        StartDate: open.EndDate,
        EndDate: open.StartDate,
      },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.Errors.EndDate).toBeDefined();
    const badDate = await send<{ Errors: Record<string, string[]> }>(
      payroll,
      'POST',
      `payrolls/${open.PayrollID}/calculations`,
      {
        StartDate: '2026-02-30',
        EndDate: open.EndDate,
      },
    );
    expect(badDate.status).toBe(400);
    expect(badDate.body.Errors.StartDate).toBeDefined();
    const outside = await send(payroll, 'POST', `payrolls/${open.PayrollID}/calculations`, {
      StartDate: '2031-01-01',
      EndDate: '2031-01-02',
    });
    expect(outside.status).toBe(400);
    const lockedCalc = await send<{ Message: string }>(
      payroll,
      'POST',
      `payrolls/${locked.PayrollID}/calculations`,
      {
        StartDate: locked.StartDate,
        EndDate: locked.EndDate,
      },
    );
    expect(lockedCalc.status).toBe(409);
    expect(
      (
        await send(owner, 'POST', `payrolls/${open.PayrollID}/calculations`, {
          StartDate: open.StartDate,
          EndDate: open.EndDate,
        })
      ).status,
    ).toBe(403);
  });

  it('refuses to change a locked payroll’s entry; unlocked, the save recalculates it; locked again', async () => {
    const entries = (await get<PayrollEntry[]>(payroll, `payrolls/${locked.PayrollID}/entries`)).body;
    const sam = entryOf(entries, (e) => e.Employee?.UserName === 'staff');
    const refused = await send<{ Message: string }>(
      payroll,
      'PUT',
      `payrolls/${locked.PayrollID}/entries/${sam.PayPeriodID}`,
      save(sam, { Bonus: 25.5 }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(PAYROLL_LOCKED_MESSAGE);
    expect(
      (await get<PayrollEntry[]>(payroll, `payrolls/${locked.PayrollID}/entries`)).body.find(
        (e) => e.PayPeriodID === sam.PayPeriodID,
      )?.Bonus,
    ).toBe(75);

    const unlocked = await send<Payroll>(payroll, 'PUT', `payrolls/${locked.PayrollID}/locked/false`);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.IsLocked).toBe(false);
    const [period] = await t.db.select().from(payPeriods).where(eq(payPeriods.PayPeriodID, sam.PayPeriodID));
    expect(period.IsLocked).toBe(false);

    const saved = await send<PayrollEntry>(
      payroll,
      'PUT',
      `payrolls/${locked.PayrollID}/entries/${sam.PayPeriodID}`,
      save(sam, { Bonus: 25.5, Salary: null, ContractorPayment: null }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.Bonus).toBe(25.5);
    expect(saved.body.Lines.find((l) => l.Kind === 'Discretionary Bonus')?.Amount).toBe(25.5);
    expect(saved.body.GrossPay).toBeCloseTo(sam.GrossPay - 75 + 25.5, 2);
    expect(saved.body.SnapshotNumber).toBe(sam.SnapshotNumber + 1);
    expect(saved.body.Version).toBe(sam.Version + 1);

    // The same Version again is stale: 409 with the current entry.
    const stale = await send<{ Current: PayrollEntry }>(
      payroll,
      'PUT',
      `payrolls/${locked.PayrollID}/entries/${sam.PayPeriodID}`,
      save(sam, { Bonus: 30 }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.Current.Bonus).toBe(25.5);

    const relocked = await send<Payroll>(payroll, 'PUT', `payrolls/${locked.PayrollID}/locked/true`);
    expect(relocked.body.IsLocked).toBe(true);
    expect(relocked.body.LockedDate).not.toBeNull();
    const [again] = await t.db.select().from(payPeriods).where(eq(payPeriods.PayPeriodID, sam.PayPeriodID));
    expect(again.IsLocked).toBe(true);
  });

  it('refuses bad entry saves with field errors, a mismatched pay period, owners and other corporations', async () => {
    const entries = (await get<PayrollEntry[]>(payroll, `payrolls/${open.PayrollID}/entries`)).body;
    const e = entries[0];
    const url = `payrolls/${open.PayrollID}/entries/${e.PayPeriodID}`;
    const bad = await send<{ Errors: Record<string, string[]> }>(
      payroll,
      'PUT',
      url,
      save(e, { Bonus: 1.005, TrainingPayHours: -1 }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Errors)).toEqual(expect.arrayContaining(['Bonus', 'TrainingPayHours']));
    const mismatch = await send<{ Errors: Record<string, string[]> }>(
      payroll,
      'PUT',
      url,
      save(e, { PayPeriodID: e.PayPeriodID + 100_000 }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.Errors.PayPeriodID).toBeDefined();
    expect((await send(owner, 'PUT', url, save(e, {}))).status).toBe(403);
    const other = list.find(
      (p) => p.ClientName.startsWith('Summit') && !p.IsLocked && p.CalculatedAt,
    ) as PayrollListItem;
    expect(
      (await send(payroll, 'PUT', `payrolls/${other.PayrollID}/entries/${e.PayPeriodID}`, save(e, {})))
        .status,
    ).toBe(404);
    // Nothing changed.
    const after = (await get<PayrollEntry[]>(payroll, `payrolls/${open.PayrollID}/entries`)).body.find(
      (x) => x.PayPeriodID === e.PayPeriodID,
    );
    expect(after?.Version).toBe(e.Version);
  });

  it('saves commission pieces and pays them as lines; pieces earned by sales keep their source', async () => {
    const entries = (await get<PayrollEntry[]>(payroll, `payrolls/${open.PayrollID}/entries`)).body;
    const riley = entryOf(entries, (e) => e.Employee?.UserName === 'rep');
    const sales = riley.CommissionPieces.filter((p) => p.FromSale);
    expect(sales.length).toBeGreaterThan(0);
    const next = Math.max(0, ...riley.CommissionPieces.map((p) => p.PieceNumber)) + 1;
    const url = `payrolls/${open.PayrollID}/entries/${riley.PayPeriodID}`;
    const res = await send<PayrollEntry>(
      payroll,
      'PUT',
      url,
      save(riley, {
        CommissionPieces: [
          ...sales,
          { PieceNumber: next, PieceQty: 3, PieceRate: 12.5 },
          { PieceNumber: next + 1, PieceQty: 1, PieceRate: 40 },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.CommissionPieces).toEqual([
      ...sales,
      { PieceNumber: next, PieceQty: 3, PieceRate: 12.5 },
      { PieceNumber: next + 1, PieceQty: 1, PieceRate: 40 },
    ]);
    expect(res.body.Lines.find((l) => l.Caption === `Commission Piece #${next}`)?.Amount).toBe(37.5);
    // A sale's piece says where it came from: the order, the product and the lead.
    const sale = res.body.Lines.find((l) => l.Caption === `Commission Piece #${sales[0].PieceNumber}`);
    expect(sale?.Trace?.Description).toMatch(/Order .+ · .+/);
    const dup = await send(
      payroll,
      'PUT',
      url,
      save(res.body, {
        CommissionPieces: [
          ...sales,
          { PieceNumber: next, PieceQty: 1, PieceRate: 1 },
          { PieceNumber: next, PieceQty: 1, PieceRate: 1 },
        ],
      }),
    );
    expect(dup.status).toBe(400);
    // Dropping or changing a sale's piece is refused, naming it; the piece and its source stay.
    const dropped = await send<{ Errors: Record<string, string[]> }>(
      payroll,
      'PUT',
      url,
      save(res.body, { CommissionPieces: sales.slice(1) }),
    );
    expect(dropped.status).toBe(400);
    expect(dropped.body.Errors.CommissionPieces[0]).toContain(
      `Piece #${sales[0].PieceNumber} was earned by a sale`,
    );
    const changed = await send(
      payroll,
      'PUT',
      url,
      save(res.body, {
        CommissionPieces: [{ ...sales[0], PieceQty: sales[0].PieceQty + 1 }, ...sales.slice(1)],
      }),
    );
    expect(changed.status).toBe(400);
    const after = entryOf(
      (await get<PayrollEntry[]>(payroll, `payrolls/${open.PayrollID}/entries`)).body,
      (e) => e.EmployeeID === riley.EmployeeID,
    );
    expect(after.CommissionPieces.filter((p) => p.FromSale)).toEqual(sales);
  });
});

describe('payroll changes', () => {
  it('saves the memo (409 when stale)', async () => {
    const before = (await get<Payroll>(payroll, `payrolls/${open.PayrollID}`)).body;
    const res = await send<Payroll>(payroll, 'PUT', `payrolls/${open.PayrollID}/memo`, {
      Memo: 'Check Sam’s hours',
      Version: before.Version,
    });
    expect(res.body.Memo).toBe('Check Sam’s hours');
    const stale = await send(payroll, 'PUT', `payrolls/${open.PayrollID}/memo`, {
      Memo: 'x',
      Version: before.Version,
    });
    expect(stale.status).toBe(409);
    const long = await send<{ Errors: Record<string, string[]> }>(
      payroll,
      'PUT',
      `payrolls/${open.PayrollID}/memo`,
      { Memo: 'x'.repeat(4001) },
    );
    expect(long.body.Errors.Memo).toBeDefined();
    expect((await send(owner, 'PUT', `payrolls/${open.PayrollID}/memo`, { Memo: 'no' })).status).toBe(403);
  });

  it('marks a manual request processed by the provider', async () => {
    const entries = (await get<PayrollEntry[]>(payroll, `payrolls/${locked.PayrollID}/entries`)).body;
    const res = await send<PayrollEntry>(payroll, 'PATCH', `payrolls/${locked.PayrollID}/manual-requests`, {
      PayPeriodID: entries[0].PayPeriodID,
      IsProcessedByAdp: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.IsProcessedByAdp).toBe(true);
    const missing = await send(payroll, 'PATCH', `payrolls/${locked.PayrollID}/manual-requests`, {
      PayPeriodID: 999_999,
      IsProcessedByAdp: true,
    });
    expect(missing.status).toBe(404);
  });

  it('sets the visible, disclosed, pending and completed flags; completed needs a lock', async () => {
    const hidden = await send<Payroll>(payroll, 'PUT', `payrolls/${open.PayrollID}/visible/false`);
    expect(hidden.body.IsVisible).toBe(false);
    const visibleFalse = await get<PayrollListItem[]>(payroll, 'payrolls?isVisible=false');
    expect(visibleFalse.body.map((p) => p.PayrollID)).toContain(open.PayrollID);
    expect(
      (await send<Payroll>(payroll, 'PUT', `payrolls/${open.PayrollID}/visible/true`)).body.IsVisible,
    ).toBe(true);
    expect(
      (await send<Payroll>(payroll, 'PUT', `payrolls/${open.PayrollID}/disclosed/true`)).body.IsDisclosed,
    ).toBe(true);
    expect(
      (await send<Payroll>(payroll, 'PUT', `payrolls/${open.PayrollID}/pending/true`)).body.IsPending,
    ).toBe(true);
    const notLocked = await send(payroll, 'PUT', `payrolls/${open.PayrollID}/completed/true`);
    expect(notLocked.status).toBe(400);
    expect((await send(payroll, 'PUT', `payrolls/${open.PayrollID}/visible/maybe`)).status).toBe(400);
    expect((await send(owner, 'PUT', `payrolls/${open.PayrollID}/visible/false`)).status).toBe(403);
    expect((await send(payroll, 'PUT', `payrolls/${open.PayrollID}/visible/true?version=1`)).status).toBe(
      409,
    );
  });

  it('dismisses the pending and submitted messages for the caller only', async () => {
    const pending = await send<PayrollDismissal>(
      owner,
      'POST',
      `payrolls/pending/${open.PayrollID}/dismissals`,
    );
    expect(pending.status).toBe(200);
    expect(pending.body.Kind).toBe('pending');
    expect((await get<Payroll>(owner, `payrolls/${open.PayrollID}`)).body.PendingDismissed).toBe(true);
    expect((await get<Payroll>(payroll, `payrolls/${open.PayrollID}`)).body.PendingDismissed).toBe(false);
    const submittedOpen = await send(owner, 'POST', `payrolls/submitted/${open.PayrollID}/dismissals`);
    expect(submittedOpen.status).toBe(400);
    const submitted = await send<PayrollDismissal>(
      owner,
      'POST',
      `payrolls/submitted/${locked.PayrollID}/dismissals`,
    );
    expect(submitted.status).toBe(200);
    expect(
      (await send(chicagoReader, 'POST', `payrolls/submitted/${locked.PayrollID}/dismissals`)).status,
    ).toBe(404);
  });

  it('assigns and unassigns admins', async () => {
    const [who] = await t.db.select().from(employees).where(eq(employees.UserName, 'admin'));
    const added = await send<PayrollAdmin[]>(payroll, 'POST', `payrolls/${open.PayrollID}/admins`, {
      EmployeeID: who.EmployeeID,
    });
    expect(added.body.map((a) => a.EmployeeID)).toContain(who.EmployeeID);
    const removed = await send<PayrollAdmin[]>(
      payroll,
      'DELETE',
      `payrolls/${open.PayrollID}/admins/${who.EmployeeID}`,
    );
    expect(removed.body.map((a) => a.EmployeeID)).not.toContain(who.EmployeeID);
    expect(
      (await send(payroll, 'DELETE', `payrolls/${open.PayrollID}/admins/${who.EmployeeID}`)).status,
    ).toBe(404);
    const nobody = await send<{ Errors: Record<string, string[]> }>(
      payroll,
      'POST',
      `payrolls/${open.PayrollID}/admins`,
      { EmployeeID: 999_999 },
    );
    expect(nobody.status).toBe(400);
    expect(nobody.body.Errors.EmployeeID).toBeDefined();
    expect(
      (await send(owner, 'POST', `payrolls/${open.PayrollID}/admins`, { EmployeeID: who.EmployeeID })).status,
    ).toBe(403);
  });
});

describe('the processing spreadsheet', () => {
  async function workbook(s: Session, query: string, viaCookie = false) {
    const res = viaCookie
      ? await t.app.inject({
          method: 'GET',
          url: `/api/payrolls/processing.xlsx?${query}`,
          headers: { cookie: s.cookie },
        })
      : await s.call({ method: 'GET', url: `/api/payrolls/processing.xlsx?${query}` });
    if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as unknown[][] };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { status: res.statusCode, rows, type: res.headers['content-type'] };
  }

  it('opens with a row per entry (browser navigation with the session cookie)', async () => {
    const entries = (await get<PayrollEntry[]>(payroll, `payrolls/${locked.PayrollID}/entries`)).body;
    const book = await workbook(payroll, `payrollID=${locked.PayrollID}&format=Default`, true);
    expect(book.status).toBe(200);
    expect(book.rows).toHaveLength(entries.length + 1);
    expect(book.rows[0]).toContain('Gross Pay');
    expect(book.rows[0]).not.toContain('SSN');
    const gross = book.rows[0].indexOf('Gross Pay');
    const total = book.rows.slice(1).reduce((s: number, r) => s + Math.round(Number(r[gross]) * 100), 0);
    expect(total).toBe(entries.reduce((s, e) => s + Math.round(e.GrossPay * 100), 0));
  });

  it('has the SSN column only for a caller allowed to see it', async () => {
    const withSsn = await workbook(payroll, `payrollID=${locked.PayrollID}&format=DefaultWithSsn`);
    expect(withSsn.rows[0]).toContain('SSN');
    expect((await workbook(clerk, `payrollID=${locked.PayrollID}&format=DefaultWithSsn`)).status).toBe(403);
    expect((await workbook(clerk, `payrollID=${locked.PayrollID}&format=Default`)).status).toBe(200);
  });

  it('answers the Canada and Pivoted formats; refuses owners and unknown formats', async () => {
    const canada = await workbook(payroll, 'format=Canada');
    expect(canada.rows[0]).toContain('Province');
    expect(
      canada.rows
        .slice(1)
        .every((r) => ['ON', 'BC', 'AB'].includes(String(r[canada.rows[0].indexOf('Province')]))),
    ).toBe(true);
    const pivoted = await workbook(payroll, `payrollID=${locked.PayrollID}&format=Pivoted`);
    expect(pivoted.rows[0]).toEqual(expect.arrayContaining(['Line', 'Caption', 'Rate', 'Units', 'Amount']));
    expect(pivoted.rows.some((r) => r.includes('Overtime'))).toBe(true);
    expect((await workbook(owner, 'format=Default')).status).toBe(403);
    expect((await workbook(payroll, 'format=Excel')).status).toBe(400);
    expect((await workbook(admin, 'format=Default')).status).toBe(200);
  });
});
