// The demo company a payroll run needs: about 60 people across the offices and divisions with pay
// rates, basis of pay, compensation profiles, bank accounts that pass their country's rules, roles, and
// a few terminated, pending and inactive people; who sees how many (payroll and admin: everyone, owner:
// the corporation, manager: the office); nothing seeded after the clock.
import { count, countDistinct, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import {
  bankAccounts,
  bankInfos,
  corporations,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  roleAssignments,
  roles,
} from '../../server/db/tables';
import { loadActor } from '../../server/modules/access/service';
import { seedDemo } from '../../server/seed/demo';
import { type BankAccount, checkBankRules } from '../../src/contract/bank';
import { Country, EmployeeStatus } from '../../src/contract/common';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

const CLOCK = new Date('2026-06-17T16:00:00Z');
let t: TestApp;
const office: Record<string, number> = {};

beforeAll(async () => {
  const database = await openDatabase({ inMemory: true });
  await seedDemo(database.db, { password: DEMO_PASSWORD, costLog2: 10, now: CLOCK });
  t = await createTestApp({}, { database });
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
});
afterAll(() => t.close());

const ids = async (user: string) =>
  (await t.db.select().from(employees).where(eq(employees.UserName, user)))[0].EmployeeID;

/** The employees whose employment records lie in the offices `user`'s employees:read reaches. */
async function seenBy(user: string): Promise<number> {
  const actor = await loadActor(t.db, await ids(user));
  const scope = actor!.offices('employees:read');
  if (scope === 'all') return (await t.db.select({ n: count() }).from(employees))[0].n;
  if (scope.size === 0) return 0;
  const [{ n }] = await t.db
    .select({ n: countDistinct(employmentRecords.EmployeeID) })
    .from(employmentRecords)
    .where(inArray(employmentRecords.IcdOfficeID, [...scope]));
  return n;
}

async function peopleAt(officeIds: number[]): Promise<number> {
  const [{ n }] = await t.db
    .select({ n: countDistinct(employmentRecords.EmployeeID) })
    .from(employmentRecords)
    .where(inArray(employmentRecords.IcdOfficeID, officeIds));
  return n;
}

describe('size and spread', () => {
  it('has 60 people, every office staffed in each of its divisions', async () => {
    expect((await t.db.select({ n: count() }).from(employees))[0].n).toBe(60);
    const staffed = await t.db
      .selectDistinct({
        IcdOfficeID: employmentRecords.IcdOfficeID,
        DivisionID: employmentRecordDivisions.DivisionID,
      })
      .from(employmentRecords)
      .innerJoin(
        employmentRecordDivisions,
        eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
      );
    const expected = await t.db.select().from(officeDivisions);
    for (const od of expected)
      expect(staffed, `office ${od.IcdOfficeID} division ${od.DivisionID}`).toContainEqual(od);
    for (const name of Object.keys(office)) expect(await peopleAt([office[name]])).toBeGreaterThanOrEqual(9);
  });

  it('pays everyone on payroll: a rate or a salary, a basis of pay, a compensation profile and a pay frequency', async () => {
    const records = await t.db.select().from(employmentRecords);
    for (const r of records) {
      expect(r.BasisOfPayID, `record ${r.EmploymentRecordID}`).not.toBeNull();
      expect(r.PayFrequencyID).not.toBeNull();
      expect(r.PayRate !== null || r.Salary !== null).toBe(true);
    }
    const company = records.filter((r) => r.CompensationProfileID !== null);
    expect(company.length).toBeGreaterThanOrEqual(50);
    expect(new Set(records.map((r) => r.BasisOfPayID))).toEqual(new Set([1, 2, 3]));
  });

  it('has a few terminated (with date and reason), pending and inactive people', async () => {
    const records = await t.db.select().from(employmentRecords);
    const terminated = records.filter((r) => r.EmployeeStatusID === EmployeeStatus.Terminated);
    expect(terminated.length).toBeGreaterThanOrEqual(3);
    for (const r of terminated) {
      expect(r.TerminationDate).not.toBeNull();
      expect(r.TerminationReasonID).not.toBeNull();
    }
    const live = records.filter((r) => r.EmployeeStatusID !== EmployeeStatus.Terminated);
    expect(live.every((r) => r.TerminationDate === null && r.TerminationReasonID === null)).toBe(true);
    expect(
      records.filter((r) => r.EmployeeStatusID === EmployeeStatus.Pending).length,
    ).toBeGreaterThanOrEqual(3);
    const inactive = await t.db.select().from(employees).where(eq(employees.Inactive, true));
    expect(inactive.length).toBeGreaterThanOrEqual(3);
  });

  it('gives roles: a manager at every office, reps and event staff', async () => {
    const rows = await t.db
      .select({ Name: roles.Name, IcdOfficeID: employmentRecords.IcdOfficeID })
      .from(roleAssignments)
      .innerJoin(roles, eq(roles.RoleID, roleAssignments.RoleID))
      .innerJoin(
        employmentRecords,
        eq(employmentRecords.EmploymentRecordID, roleAssignments.EmploymentRecordID),
      );
    for (const id of Object.values(office))
      expect(
        rows.some((r) => r.Name === 'Manager' && r.IcdOfficeID === id),
        `office ${id}`,
      ).toBe(true);
    expect(rows.filter((r) => r.Name === 'Field rep').length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => r.Name === 'Event staff').length).toBeGreaterThanOrEqual(10);
  });

  it('never dates anything after the clock', async () => {
    const day = CLOCK.toISOString().slice(0, 10);
    for (const r of await t.db.select().from(employmentRecords)) {
      if (r.HireDate) expect(r.HireDate <= day).toBe(true);
      if (r.TerminationDate) expect(r.TerminationDate <= day).toBe(true);
    }
    for (const a of await t.db.select().from(bankAccounts))
      expect(a.UpdatedAt.getTime()).toBeLessThanOrEqual(CLOCK.getTime());
  });
});

describe('bank accounts', () => {
  it('holds Canadian and US accounts, each passing its country rules, most on direct deposit', async () => {
    const accounts = await t.db.select().from(bankAccounts);
    expect(accounts.length).toBeGreaterThanOrEqual(45);
    expect(accounts.some((a) => a.CountryID === Country.Canada)).toBe(true);
    expect(accounts.some((a) => a.CountryID === Country.US)).toBe(true);
    for (const a of accounts) {
      const problems: string[] = [];
      checkBankRules(a, (_field, message) => problems.push(message));
      expect(problems, `account ${a.BankAccountID}`).toEqual([]);
      expect(a.AccountNumber).toMatch(/^\d{4,17}$/);
    }
    expect(accounts.filter((a) => a.IsDirectDeposit).length).toBeGreaterThanOrEqual(35);
    expect(accounts.some((a) => a.DepositAmountTypeID === 2 && Number(a.DepositAmount) > 0)).toBe(true);
    // An account's country is its office's.
    const rows = await t.db
      .select({ account: bankAccounts.CountryID, office: icdOffices.CountryID })
      .from(bankAccounts)
      .innerJoin(employmentRecords, eq(employmentRecords.EmployeeID, bankAccounts.EmployeeID))
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID));
    expect(rows.every((r) => r.account === r.office)).toBe(true);
    expect((await t.db.select({ n: count() }).from(bankInfos))[0].n).toBeGreaterThanOrEqual(50);
  });
});

describe('who sees whom', () => {
  it('payroll and admin see all 60, owner the 27 of Northwind (Toronto, Vancouver), manager the 17 of Toronto', async () => {
    expect(await seenBy('payroll')).toBe(60);
    expect(await seenBy('admin')).toBe(60);
    const [northwind] = await t.db
      .select()
      .from(corporations)
      .where(eq(corporations.ClientName, 'Northwind Field Marketing Inc.'));
    const northwindOffices = (
      await t.db.select().from(icdOffices).where(eq(icdOffices.IcdCorporationID, northwind.IcdCorporationID))
    ).map((o) => o.IcdOfficeID);
    expect(await seenBy('owner')).toBe(await peopleAt(northwindOffices));
    expect(await seenBy('owner')).toBe(27);
    expect(await seenBy('manager')).toBe(await peopleAt([office.toronto]));
    expect(await seenBy('manager')).toBe(17);
  });

  it('shows bank accounts by the same scopes through the API', async () => {
    const sessions: Record<string, Session> = {};
    for (const u of ['payroll', 'owner', 'manager']) sessions[u] = await t.signIn(u);
    const first = async (officeId: number) =>
      (
        await t.db
          .select({ EmployeeID: bankAccounts.EmployeeID })
          .from(bankAccounts)
          .innerJoin(employmentRecords, eq(employmentRecords.EmployeeID, bankAccounts.EmployeeID))
          .where(eq(employmentRecords.IcdOfficeID, officeId))
      )[0].EmployeeID;
    const status = async (who: string, officeId: number) =>
      (
        await sessions[who].call({
          method: 'GET',
          url: `/api/employees/${await first(officeId)}/bank-accounts`,
        })
      ).statusCode;
    expect(await status('payroll', office.chicago)).toBe(200);
    expect(await status('payroll', office.calgary)).toBe(200);
    expect(await status('owner', office.vancouver)).toBe(200);
    expect(await status('owner', office.chicago)).toBe(404);
    expect(await status('manager', office.toronto)).toBe(200);
    expect(await status('manager', office.vancouver)).toBe(404);
    const list = await sessions.payroll.call({
      method: 'GET',
      url: `/api/employees/${await first(office.los)}/bank-accounts`,
    });
    expect(list.json<BankAccount[]>()[0]).toMatchObject({ CountryID: Country.US, InstitutionNumber: null });
  });
});
