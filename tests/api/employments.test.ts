// Employment processing: the four queues (new hires, terminations, changes, direct deposit) filled by
// the code that hires, terminates, changes and saves bank accounts; lists with filters, sorting,
// paging and scope; processing with who and when, Version (409 with Current), already processed
// (409 naming who), wrong queue or employee (404), permission and scope refusals with nothing changed.
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankAccounts,
  corporations,
  employees,
  employmentEvents,
  icdOffices,
  onboardingApplications,
  rolePermissions,
  roles,
} from '../../server/db/tables';
import type { EmployeeDetail, EmployeeSave } from '../../src/contract/employees';
import type { EmploymentEvent, EmploymentEventPage } from '../../src/contract/employments';
import type { OnboardingApplication, OnboardingApplicationStatus } from '../../src/contract/onboarding';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
const office: Record<string, number> = {};
const role: Record<string, number> = {};
const ids: Record<string, number> = {};
let northwind = 0;

// The owner also processes, for her corporation only (to test the process scope).
beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  for (const r of await t.db.select().from(roles)) role[r.Name] = r.RoleID;
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [{ IcdCorporationID: northwind }] = await t.db
    .select()
    .from(corporations)
    .where(eq(corporations.ClientName, 'Northwind Field Marketing Inc.'));
  await t.db
    .insert(rolePermissions)
    .values({ RoleID: role.Owner, PermissionKey: 'employments:process', Value: 'true' });
  [admin, payroll, owner, manager, rep] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
}, 180_000);
afterAll(() => t?.close());

const list = async (s: Session, queue: string, query = '') =>
  s.call({ url: `/api/employments/${queue}${query ? `?${query}` : ''}` });
const page = async (s: Session, queue: string, query = '') => {
  const res = await list(s, queue, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EmploymentEventPage>();
};
const awaitingCount = async () =>
  (await t.db.select({ n: count() }).from(employmentEvents).where(isNull(employmentEvents.ProcessedAt)))[0].n;

describe('the demo queues', () => {
  it('payroll sees awaiting and processed items of each queue, with who recorded and who processed', async () => {
    for (const queue of ['new-hires', 'terminations', 'changehistory', 'direct-deposit']) {
      const awaiting = await page(payroll, queue);
      expect(awaiting.TotalCount, queue).toBeGreaterThanOrEqual(2);
      for (const i of awaiting.Items) expect(i).toMatchObject({ IsProcessed: false, ProcessedByName: null });
      const done = await page(payroll, queue, 'status=processed');
      expect(done.TotalCount, queue).toBeGreaterThanOrEqual(1);
      for (const i of done.Items) {
        expect(i).toMatchObject({ IsProcessed: true, ProcessedByName: 'Priya Shah' });
        expect(Date.parse(String(i.ProcessedAt))).toBeGreaterThanOrEqual(Date.parse(String(i.OccurredAt)));
      }
      const all = await page(payroll, queue, 'status=all');
      expect(all.TotalCount).toBe(awaiting.TotalCount + done.TotalCount);
    }
    const ended = await page(payroll, 'terminations', 'status=all&pageSize=100');
    expect(ended.Items.every((i) => i.EffectiveDate && i.TerminationReason)).toBe(true);
    const deposits = await page(payroll, 'direct-deposit');
    for (const i of deposits.Items) {
      expect(i.BankAccountID).not.toBeNull();
      // Account numbers are never in the queue in clear.
      expect(i.Changes.find((c) => c.Field === 'AccountNumber')?.After).toMatch(/^\*{5}\d{4}$/);
    }
  });

  it('the owner reads her corporation only; the manager and a rep may not read', async () => {
    const mine = await page(owner, 'new-hires', 'status=all&pageSize=100');
    const every = await page(payroll, 'new-hires', 'status=all&pageSize=100');
    expect(mine.TotalCount).toBeGreaterThan(0);
    expect(mine.TotalCount).toBeLessThan(every.TotalCount);
    expect(mine.Items.every((i) => i.IcdCorporationID === northwind)).toBe(true);
    expect((await page(owner, 'new-hires', `status=all&icdOfficeId=${office.chicago}`)).TotalCount).toBe(0);
    for (const s of [manager, rep])
      for (const queue of ['new-hires', 'terminations', 'changehistory', 'direct-deposit'])
        expect((await list(s, queue)).statusCode).toBe(403);
  });

  it('filters by corporation, office, employee, dates and name; sorts and pages', async () => {
    const all = await page(payroll, 'terminations', 'status=all&pageSize=100');
    const byCorp = await page(payroll, 'terminations', `status=all&icdCorporationId=${northwind}`);
    expect(byCorp.TotalCount).toBe(all.Items.filter((i) => i.IcdCorporationID === northwind).length);
    const first = all.Items[0];
    const byOffice = await page(payroll, 'terminations', `status=all&icdOfficeId=${first.IcdOfficeID}`);
    expect(byOffice.Items.every((i) => i.IcdOfficeID === first.IcdOfficeID)).toBe(true);
    expect(byOffice.TotalCount).toBe(all.Items.filter((i) => i.IcdOfficeID === first.IcdOfficeID).length);
    const byEmployee = await page(payroll, 'terminations', `status=all&employeeId=${first.EmployeeID}`);
    expect(byEmployee.Items.map((i) => i.EmployeeID)).toEqual(
      all.Items.filter((i) => i.EmployeeID === first.EmployeeID).map((i) => i.EmployeeID),
    );
    const day = String(first.EffectiveDate);
    const onDay = await page(payroll, 'terminations', `status=all&from=${day}&to=${day}`);
    expect(onDay.Items.length).toBeGreaterThan(0);
    expect(onDay.Items.every((i) => i.EffectiveDate === day)).toBe(true);
    const byName = await page(
      payroll,
      'terminations',
      `status=all&search=${encodeURIComponent(first.EmployeeName)}`,
    );
    expect(byName.Items.map((i) => i.EmployeeName)).toContain(first.EmployeeName);
    expect(byName.Items.every((i) => i.EmployeeName === first.EmployeeName)).toBe(true);

    const sorted = await page(payroll, 'terminations', 'status=all&sort=EffectiveDate&pageSize=100');
    const dates = sorted.Items.map((i) => String(i.EffectiveDate));
    expect(dates).toEqual([...dates].sort());
    const desc = await page(payroll, 'terminations', 'status=all&sort=EffectiveDate&desc=true&pageSize=100');
    expect(desc.Items.map((i) => String(i.EffectiveDate))).toEqual([...dates].sort().reverse());
    const p0 = await page(payroll, 'terminations', 'status=all&sort=EffectiveDate&pageSize=2');
    const p1 = await page(payroll, 'terminations', 'status=all&sort=EffectiveDate&pageSize=2&pageIndex=1');
    expect(p0.Items).toHaveLength(2);
    expect(p0.TotalCount).toBe(all.TotalCount);
    expect([...p0.Items, ...p1.Items].map((i) => i.EmploymentEventID)).toEqual(
      sorted.Items.slice(0, 2 + p1.Items.length).map((i) => i.EmploymentEventID),
    );
  });

  it('bad queries are 400 with the field named', async () => {
    const backwards = await list(payroll, 'new-hires', 'from=2026-05-02&to=2026-05-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Errors.to).toEqual(['The end date is before the start date']);
    expect((await list(payroll, 'new-hires', 'status=pending')).statusCode).toBe(400);
    expect((await list(payroll, 'new-hires', 'sort=Salary')).statusCode).toBe(400);
    expect((await list(payroll, 'new-hires', 'from=2026-02-30')).json().Errors.from).toEqual([
      'This date does not exist',
    ]);
  });
});

function payload(overrides: Partial<EmployeeSave> = {}): EmployeeSave {
  return {
    FirstName: 'Ines',
    LastName: 'Marchetti',
    UserName: 'imarchetti',
    EmailAddress: null,
    Password: null,
    GlobalRoles: {},
    SendWelcomeEmail: false,
    IcdOffices: [
      {
        IcdOfficeID: office.toronto,
        EmployeeStatusID: 1,
        HireDate: '2026-03-02',
        PayRate: 18.5,
        JobTitleID: 1,
        Divisions: [35],
        Roles: { [role['Field rep']]: true },
        AdministeredModules: {},
      },
    ],
    ...overrides,
  };
}

const newest = async (s: Session, queue: string, employeeId: number) =>
  (await page(s, queue, `status=all&employeeId=${employeeId}&sort=OccurredAt&desc=true`)).Items[0];

const post = (s: Session, url: string, body: object) =>
  s.call({ method: 'POST', url: `/api/employments/${url}`, payload: body });

describe('what the office does fills the queues', () => {
  let hire: EmployeeDetail;

  it('an employee created at an office is a new hire, with the terms hired on and who did it', async () => {
    const res = await admin.call({ method: 'POST', url: '/api/employees', payload: payload() });
    expect(res.statusCode, res.body).toBe(201);
    hire = res.json<EmployeeDetail>();
    const item = await newest(payroll, 'new-hires', hire.EmployeeID);
    expect(item).toMatchObject({
      EmployeeName: 'Ines Marchetti',
      IcdOfficeID: office.toronto,
      OfficeName: 'Toronto Central',
      EffectiveDate: '2026-03-02',
      RecordedByName: 'Alex Morgan',
      IsProcessed: false,
      Version: 1,
    });
    expect(item.Changes).toContainEqual({ Field: 'PayRate', Before: null, After: '18.50' });
    // A pending (onboarding) or terminated office entry is no hire.
    const pending = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'pendingperson',
        FirstName: 'Pen',
        IcdOffices: [{ ...payload().IcdOffices[0], EmployeeStatusID: 3 }],
      }),
    });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(
      (await page(payroll, 'new-hires', `status=all&employeeId=${pending.json().EmployeeID}`)).TotalCount,
    ).toBe(0);
  });

  it('a pay-rate change and a new name are changes with before and after; a save changing nothing adds none', async () => {
    const before = (await payroll.call({ url: `/api/employees/${hire.EmployeeID}` })).json<EmployeeDetail>();
    const res = await admin.call({
      method: 'PUT',
      url: `/api/employees/${hire.EmployeeID}`,
      payload: {
        ...payload(),
        LastName: 'Marchetti-Roy',
        GlobalRoles: before.GlobalRoles,
        Version: before.Version,
        IcdOffices: [{ ...payload().IcdOffices[0], PayRate: 19.75, JobTitleID: 2 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const changes = (
      await page(payroll, 'changehistory', `status=all&employeeId=${hire.EmployeeID}&pageSize=10`)
    ).Items;
    expect(changes).toHaveLength(2);
    const terms = changes.find((c) => c.EmploymentRecordID !== null);
    expect(terms?.Changes).toContainEqual({ Field: 'PayRate', Before: '18.50', After: '19.75' });
    expect(terms?.Changes.find((c) => c.Field === 'JobTitle')).toBeTruthy();
    expect(terms?.Changes.map((c) => c.Field)).not.toContain('HireDate');
    const person = changes.find((c) => c.EmploymentRecordID === null);
    expect(person).toMatchObject({ IcdOfficeID: office.toronto, RecordedByName: 'Alex Morgan' });
    expect(person?.Changes).toEqual([{ Field: 'LastName', Before: 'Marchetti', After: 'Marchetti-Roy' }]);

    const again = (await payroll.call({ url: `/api/employees/${hire.EmployeeID}` })).json<EmployeeDetail>();
    const same = await admin.call({
      method: 'PUT',
      url: `/api/employees/${hire.EmployeeID}`,
      payload: {
        ...payload(),
        LastName: 'Marchetti-Roy',
        GlobalRoles: again.GlobalRoles,
        Version: again.Version,
        IcdOffices: [{ ...payload().IcdOffices[0], PayRate: 19.75, JobTitleID: 2 }],
      },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(
      (await page(payroll, 'changehistory', `status=all&employeeId=${hire.EmployeeID}`)).TotalCount,
    ).toBe(2);
  });

  it('terminating an active employee is a termination with its date and reason', async () => {
    const before = (await payroll.call({ url: `/api/employees/${hire.EmployeeID}` })).json<EmployeeDetail>();
    const res = await admin.call({
      method: 'PUT',
      url: `/api/employees/${hire.EmployeeID}`,
      payload: {
        ...payload(),
        LastName: 'Marchetti-Roy',
        GlobalRoles: before.GlobalRoles,
        Version: before.Version,
        IcdOffices: [
          {
            ...payload().IcdOffices[0],
            PayRate: 19.75,
            JobTitleID: 2,
            EmployeeStatusID: 2,
            TerminationDate: '2026-04-30',
            TerminationReasonID: 1,
            TerminationReasonExtra: 'Moving away',
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = await newest(payroll, 'terminations', hire.EmployeeID);
    expect(item).toMatchObject({
      EffectiveDate: '2026-04-30',
      TerminationReasonID: 1,
      TerminationReason: 'Resigned',
      TerminationReasonExtra: 'Moving away',
      RecordedByName: 'Alex Morgan',
    });
    // No change item for the fields that changed with the termination.
    expect(
      (await page(payroll, 'changehistory', `status=all&employeeId=${hire.EmployeeID}`)).TotalCount,
    ).toBe(2);
  });

  it('approving an onboarding application is a new hire', async () => {
    const [app] = await t.db
      .select()
      .from(onboardingApplications)
      .where(eq(onboardingApplications.Stage, 'Submitted'))
      .limit(1);
    const statuses = (
      await payroll.call({
        url: `/api/onboarding-applications/${app.OnboardingApplicationID}/available-statuses`,
      })
    ).json<OnboardingApplicationStatus[]>();
    const approved = statuses.find((s) => s.StatusType === 'Approved');
    const read = async () =>
      (
        await payroll.call({ url: `/api/onboarding-applications/${app.OnboardingApplicationID}` })
      ).json<OnboardingApplication>();
    // The office fills what the approval still needs (a SIN, a date).
    for (const f of (await read()).Fields.filter((x) => x.Value === null && x.RequiredAtStatus)) {
      const Value = /sin|ssn/i.test(f.Name) ? '046454286' : '2026-03-02';
      const put = await payroll.call({
        method: 'PUT',
        url: `/api/onboarding-applications/${app.OnboardingApplicationID}/fields/${f.OnboardingReferenceFieldID}`,
        payload: { Value },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const current = await read();
    const res = await payroll.call({
      method: 'PATCH',
      url: `/api/onboarding-applications/${app.OnboardingApplicationID}`,
      payload: {
        Version: current.Version,
        OnboardingApplicationStatusID: approved?.OnboardingApplicationStatusID,
        HireDate: '2026-03-09',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = await newest(payroll, 'new-hires', app.EmployeeID);
    expect(item).toMatchObject({
      EffectiveDate: '2026-03-09',
      IcdOfficeID: app.IcdOfficeID,
      RecordedByName: 'Priya Shah',
      IsProcessed: false,
    });
  });

  it('a direct-deposit account changed twice is one awaiting item (first before, last after); off is another change', async () => {
    const [account] = await t.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.IsDirectDeposit, true), eq(bankAccounts.CountryID, 1)))
      .limit(1);
    const url = `/api/employees/${account.EmployeeID}/bank-accounts`;
    const save = async (RoutingNumber: string) => {
      const [now] = await t.db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.BankAccountID, account.BankAccountID));
      const res = await payroll.call({
        method: 'POST',
        url,
        payload: {
          BankAccountID: now.BankAccountID,
          Version: now.Version,
          CountryID: now.CountryID,
          BankName: now.BankName,
          AccountTypeID: now.AccountTypeID,
          RoutingNumber,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const existing = (
      await page(payroll, 'direct-deposit', `status=all&employeeId=${account.EmployeeID}&pageSize=100`)
    ).Items.filter((i) => i.BankAccountID === account.BankAccountID && !i.IsProcessed);
    await save('021000021');
    await save('011000015');
    const items = (
      await page(payroll, 'direct-deposit', `employeeId=${account.EmployeeID}&pageSize=100`)
    ).Items.filter((i) => i.BankAccountID === account.BankAccountID);
    expect(items).toHaveLength(1);
    expect(items[0].Changes.find((c) => c.Field === 'RoutingNumber')).toEqual({
      Field: 'RoutingNumber',
      Before: existing.length
        ? (existing[0].Changes.find((c) => c.Field === 'RoutingNumber')?.Before ?? null)
        : account.RoutingNumber,
      After: '011000015',
    });
    expect(items[0].Version).toBe((existing[0]?.Version ?? 0) + 2);

    // Processed, then switched off: a new awaiting item.
    const done = await post(payroll, `direct-deposit/${account.EmployeeID}/${account.BankAccountID}`, {
      Version: items[0].Version,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<EmploymentEvent>()).toMatchObject({ IsProcessed: true, ProcessedByName: 'Priya Shah' });
    const again = await post(payroll, `direct-deposit/${account.EmployeeID}/${account.BankAccountID}`, {
      Version: items[0].Version + 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toMatch(/^Already processed by Priya Shah on \d{4}-\d{2}-\d{2}\.$/);
    const off = await payroll.call({
      method: 'DELETE',
      url: `${url}/${account.BankAccountID}/direct-deposit`,
    });
    expect(off.statusCode, off.body).toBe(200);
    const [after] = (
      await page(payroll, 'direct-deposit', `employeeId=${account.EmployeeID}&pageSize=100`)
    ).Items.filter((i) => i.BankAccountID === account.BankAccountID);
    expect(after.Changes).toContainEqual({ Field: 'IsDirectDeposit', Before: 'Yes', After: 'No' });
    expect(after.IsProcessed).toBe(false);
    // An account never on direct deposit is not the provider's business.
    const plain = await payroll.call({
      method: 'POST',
      url,
      payload: { CountryID: 1, BankName: 'Chase', RoutingNumber: '021000021', AccountNumber: '123456789' },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const forPlain = (
      await page(payroll, 'direct-deposit', `status=all&employeeId=${account.EmployeeID}&pageSize=100`)
    ).Items.filter((i) => i.BankAccountID === plain.json().BankAccountID);
    expect(forPlain).toHaveLength(0);
  });
});

describe('processing', () => {
  it('payroll processes a termination: who, when and the comment are kept; it leaves the awaiting list', async () => {
    const [item] = (await page(payroll, 'terminations', 'sort=OccurredAt')).Items;
    const res = await post(payroll, `terminations/${item.EmploymentEventID}`, {
      Version: item.Version,
      Comments: '  Sent to ADP  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmploymentEvent>()).toMatchObject({
      EmploymentEventID: item.EmploymentEventID,
      IsProcessed: true,
      ProcessedByEmployeeID: ids.payroll,
      ProcessedByName: 'Priya Shah',
      Comments: 'Sent to ADP',
      Version: item.Version + 1,
    });
    const awaiting = await page(payroll, 'terminations', 'pageSize=100');
    expect(awaiting.Items.map((i) => i.EmploymentEventID)).not.toContain(item.EmploymentEventID);
    const done = await page(payroll, 'terminations', 'status=processed&pageSize=100');
    expect(done.Items.map((i) => i.EmploymentEventID)).toContain(item.EmploymentEventID);
  });

  it('stale Version → 409 with Current; already processed → 409 naming who; nothing changes', async () => {
    const [item] = (await page(payroll, 'new-hires')).Items;
    const waiting = await awaitingCount();
    const stale = await post(admin, `new-hires/${item.EmploymentEventID}`, { Version: item.Version + 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({
      EmploymentEventID: item.EmploymentEventID,
      IsProcessed: false,
    });
    expect(await awaitingCount()).toBe(waiting);
    expect(
      (await post(payroll, `new-hires/${item.EmploymentEventID}`, { Version: item.Version })).statusCode,
    ).toBe(200);
    const twice = await post(admin, `new-hires/${item.EmploymentEventID}`, { Version: item.Version });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().Message).toMatch(/^Already processed by Priya Shah on /);
    expect(twice.json().Current).toMatchObject({ IsProcessed: true, ProcessedByName: 'Priya Shah' });
  });

  it('an item of another queue or another employee is 404; bad bodies are 400 by field', async () => {
    const [hire] = (await page(payroll, 'new-hires')).Items;
    const [change] = (await page(payroll, 'changehistory')).Items;
    const waiting = await awaitingCount();
    expect(
      (await post(payroll, `terminations/${hire.EmploymentEventID}`, { Version: hire.Version })).statusCode,
    ).toBe(404);
    expect(
      (
        await post(payroll, `changehistory/${change.EmployeeID + 1}/${change.EmploymentEventID}`, {
          Version: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(payroll, `changehistory/${hire.EmployeeID}/${hire.EmploymentEventID}`, { Version: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await post(payroll, 'direct-deposit/1/99999999', { Version: 1 })).statusCode).toBe(404);
    expect((await post(payroll, 'new-hires/99999999', { Version: 1 })).statusCode).toBe(404);
    const noVersion = await post(payroll, `new-hires/${hire.EmploymentEventID}`, {});
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().Errors.Version).toBeTruthy();
    const long = await post(payroll, `new-hires/${hire.EmploymentEventID}`, {
      Version: 1,
      Comments: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().Errors.Comments).toEqual(['500 characters at most']);
    expect(await awaitingCount()).toBe(waiting);
    const ok = await post(payroll, `changehistory/${change.EmployeeID}/${change.EmploymentEventID}`, {
      Version: change.Version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('without the process key 403; out of the process scope 404; nothing changes', async () => {
    const outside =
      (await page(payroll, 'new-hires', `icdOfficeId=${office.chicago}`)).Items[0] ??
      (await page(payroll, 'terminations', `icdOfficeId=${office.chicago}`)).Items[0];
    expect(outside).toBeTruthy();
    const queue = outside.EventTypeID === 1 ? 'new-hires' : 'terminations';
    const waiting = await awaitingCount();
    for (const s of [manager, rep])
      expect(
        (await post(s, `${queue}/${outside.EmploymentEventID}`, { Version: outside.Version })).statusCode,
      ).toBe(403);
    expect(
      (await post(owner, `${queue}/${outside.EmploymentEventID}`, { Version: outside.Version })).statusCode,
    ).toBe(404);
    expect(await awaitingCount()).toBe(waiting);
    const [inside] = (await page(owner, 'changehistory')).Items;
    const ok = await post(owner, `changehistory/${inside.EmployeeID}/${inside.EmploymentEventID}`, {
      Version: inside.Version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<EmploymentEvent>().ProcessedByName).toBe('Dana Whitfield');
  });
});
