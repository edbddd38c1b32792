// Time management through the API (issue 5): time-entry modifications and their acknowledgement,
// pay periods and their approval, late adjustments for approved or locked periods, the week in the
// office's time zone — each call with the permission it needs and another office's user refused.
// Test entries use dates in 2031 (bi-weekly periods 2031-01-13…26, 01-27…02-09, 02-10…23).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  employees,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  payPeriods,
  programs,
  roleAssignments,
  rolePermissions,
  roles,
  stores,
  timeEntries,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { lockPayPeriods } from '../../server/modules/time-management/pay-periods-service';
import { EmployeeStatus, GrantType, RoleScope } from '../../src/contract/common';
import type { PayrollEntry } from '../../src/contract/payroll';
import type { TimeEntry, TimeEntrySave, WeekSummary } from '../../src/contract/time';
import {
  LATE_ADJUSTMENT_MESSAGE,
  type LateAdjustment,
  LateAdjustmentAction,
  type LateAdjustmentPage,
  LateAdjustmentStatus,
  type LateAdjustmentTarget,
  type ModificationCount,
  type ModificationHistory,
  ModificationStatus,
  ModificationType,
  type PayPeriod,
  type PayPeriodPage,
  type TimeEntryLate,
  type TimeEntryModification,
  type TimeEntryModificationPage,
  type TimeEntryV2Late,
} from '../../src/contract/time-management';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let staff: Session;
let rep: Session;
let manager: Session;
let vanmgr: Session;
let payroll: Session;
let owner: Session;
let auditor: Session;

const ids = { staff: 0, rep: 0, manager: 0, payroll: 0, vanmgr: 0 };
let toronto = 0;
let vancouver = 0;
/** Active employment records at Toronto Central (one pay period each per period): the demo people. */
let torontoPeople = 0;
const program = { costco: 0, d2d: 0 };
let etobicoke = 0;

const get = (s: Session, url: string) => s.call({ method: 'GET', url: `/api/${url}` });
const put = (s: Session, url: string, payload?: object, headers: Record<string, string> = {}) =>
  s.call({ method: 'PUT', url: `/api/${url}`, payload: payload ?? {}, headers });
const post = (s: Session, url: string, payload: object, headers: Record<string, string> = {}) =>
  s.call({ method: 'POST', url: `/api/${url}`, payload, headers });
const patch = (s: Session, url: string, payload: object) =>
  s.call({ method: 'PATCH', url: `/api/${url}`, payload });
const del = (s: Session, url: string, payload?: object) =>
  s.call({ method: 'DELETE', url: `/api/${url}`, ...(payload ? { payload } : {}) });

/** A work entry of staff at Toronto Central, Costco Road Show, Costco Etobicoke. */
function body(overrides: Partial<TimeEntrySave> & Record<string, unknown> = {}): TimeEntrySave {
  return {
    Date: '2031-03-03',
    TimeEntryTypeID: 1,
    IcdOfficeID: toronto,
    ProgramID: program.costco,
    StoreID: etobicoke,
    TimeZoneOffset: -300,
    IsRealTime: true,
    StartTime: '09:00:00',
    EndTime: '17:00:00',
    ...overrides,
  };
}

async function create(s: Session, payload: TimeEntrySave): Promise<TimeEntry> {
  const res = await post(s, 'time-entries', payload);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<TimeEntry>();
}

async function periodOf(employeeId: number, start: string) {
  const [row] = await t.db
    .select()
    .from(payPeriods)
    .where(and(eq(payPeriods.EmployeeID, employeeId), eq(payPeriods.StartDate, start)));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const emp = async (u: string) => (await db.select().from(employees).where(eq(employees.UserName, u)))[0];
  const office = async (name: string) =>
    (await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, name)))[0].IcdOfficeID;
  toronto = await office('Toronto Central');
  vancouver = await office('Vancouver Harbour');
  torontoPeople = (
    await db
      .select()
      .from(employmentRecords)
      .where(
        and(
          eq(employmentRecords.IcdOfficeID, toronto),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        ),
      )
  ).length;
  program.costco = (
    await db.select().from(programs).where(eq(programs.Name, 'Costco Road Show'))
  )[0].ProgramID;
  program.d2d = (
    await db.select().from(programs).where(eq(programs.Name, 'Rogers Door-to-Door'))
  )[0].ProgramID;
  etobicoke = (await db.select().from(stores).where(eq(stores.Name, 'Costco Etobicoke')))[0].StoreID;
  for (const u of ['staff', 'rep', 'manager', 'payroll'] as const) ids[u] = (await emp(u)).EmployeeID;

  // A manager of Vancouver Harbour who also reads that office's audit logs.
  const [vera] = await db
    .insert(employees)
    .values({
      FirstName: 'Vera',
      LastName: 'Nguyen',
      UserName: 'vanmgr',
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
    })
    .returning();
  ids.vanmgr = vera.EmployeeID;
  const [record] = await db
    .insert(employmentRecords)
    .values({ EmployeeID: vera.EmployeeID, IcdOfficeID: vancouver, EmployeeStatusID: EmployeeStatus.Active })
    .returning();
  const [managerRole] = await db.select().from(roles).where(eq(roles.Name, 'Manager'));
  const [officeAuditor] = await db
    .insert(roles)
    .values({ Name: 'Office auditor', ScopeID: RoleScope.EmploymentRecord, GrantTypeID: GrantType.GrantRole })
    .returning();
  await db.insert(rolePermissions).values({ RoleID: officeAuditor.RoleID, PermissionKey: 'audit:read' });
  await db.insert(roleAssignments).values([
    {
      EmployeeID: vera.EmployeeID,
      RoleID: managerRole.RoleID,
      EmploymentRecordID: record.EmploymentRecordID,
    },
    {
      EmployeeID: vera.EmployeeID,
      RoleID: officeAuditor.RoleID,
      EmploymentRecordID: record.EmploymentRecordID,
    },
  ]);

  [staff, rep, manager, vanmgr, payroll, owner, auditor] = await Promise.all(
    ['staff', 'rep', 'manager', 'vanmgr', 'payroll', 'owner', 'auditor'].map((u) => t.signIn(u)),
  );
  // The 2031 pay periods of Toronto Central, created when first listed.
  const listed = await get(manager, 'pay-periods?startDate=2031-01-13&endDate=2031-02-23&pageSize=100');
  expect(listed.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('the seeded demo', () => {
  it('has bi-weekly pay periods: past ones approved and locked with their payrolls, the current one open', async () => {
    const current = (await get(manager, 'pay-periods')).json<PayPeriodPage>();
    // staff, rep, manager, owner, payroll and the event staff without a sign-in at Toronto Central
    expect(current.TotalCount).toBe(torontoPeople);
    expect(torontoPeople).toBeGreaterThanOrEqual(5);
    expect(current.Items.every((p) => p.State === 'Open' && p.OfficeName === 'Toronto Central')).toBe(true);
    expect(current.Items.map((p) => p.EmployeeName)).toEqual(
      [...current.Items.map((p) => p.EmployeeName)].sort(),
    );
    const mine = (await get(staff, `pay-periods/employee/${ids.staff}`)).json<PayPeriod[]>();
    const past = mine.filter((p) => p.State !== 'Open');
    expect(past.length).toBeGreaterThanOrEqual(2);
    expect(past.some((p) => p.State === 'Locked')).toBe(true);
    // The payroll seed submits (locks) every payroll before the current window.
    expect(past[0]).toMatchObject({ State: 'Locked', ApprovedByName: 'Marco Rossi' });
    expect(past.reduce((sum, p) => sum + p.WorkedMinutes, 0)).toBeGreaterThan(0);
    expect(mine[0].Weeks).toHaveLength(2);
  });

  it("staff has a correction of the manager's waiting, with its history", async () => {
    const page = (await get(staff, 'time-entries/modified')).json<TimeEntryModificationPage>();
    expect(page.TotalCount).toBeGreaterThanOrEqual(1);
    const seeded = page.Items.at(-1) as TimeEntryModification;
    expect(seeded).toMatchObject({ ModifiedByName: 'Marco Rossi', StatusID: ModificationStatus.Pending });
    expect(seeded.Changes.map((c) => c.Field)).toEqual(['EndTime', 'Comments']);
    const history = (
      await get(staff, `time-entry-modifications/${seeded.TimeEntryModificationID}/history`)
    ).json<ModificationHistory>();
    expect(history.Steps.map((s) => s.Action)).toEqual(['TimeEntryCreated', 'TimeEntryUpdated']);
    expect(history.Steps[0].ByName).toBe('Sam Taylor');
  });

  it("payroll has the rep's forgotten shift as a late adjustment", async () => {
    const page = (await get(payroll, 'late-adjustments')).json<LateAdjustmentPage>();
    const seeded = page.Items.find((a) => a.EmployeeName === 'Riley Chen');
    expect(seeded).toMatchObject({
      ActionID: LateAdjustmentAction.Create,
      StatusID: LateAdjustmentStatus.Pending,
      PayPeriodState: 'Locked',
      MinutesDelta: 240,
    });
  });
});

/**
 * For a test of its own: staff records a shift on `day` and edits its comment, then the manager
 * moves its end to 16:30 — the change staff is asked to acknowledge.
 */
async function managerEdit(day: string): Promise<{ edited: TimeEntry; mod: TimeEntryModification }> {
  const entry = await create(staff, body({ Date: day }));
  expect(
    (await patch(staff, `time-entries/${entry.Id}`, { Comments: 'Demo day', Version: 1 })).statusCode,
  ).toBe(200);
  const res = await patch(manager, `time-entries/${entry.Id}`, { EndTime: '16:30:00', Version: 2 });
  expect(res.statusCode).toBe(200);
  const page = (await get(staff, 'time-entries/modified?pageSize=500')).json<TimeEntryModificationPage>();
  const mod = page.Items.find((m) => m.TimeEntryID === entry.Id);
  expect(mod).toBeDefined();
  return { edited: res.json<TimeEntry>(), mod: mod as TimeEntryModification };
}

describe('modifications', () => {
  it("a manager's edit of staff's entry is recorded with who, when, before and after", async () => {
    const entry = await create(staff, body({ Date: '2031-03-03' }));
    // The employee's own edits are not modifications.
    const own = await patch(staff, `time-entries/${entry.Id}`, { Comments: 'Demo day', Version: 1 });
    expect(own.statusCode).toBe(200);
    const res = await patch(manager, `time-entries/${entry.Id}`, { EndTime: '16:30:00', Version: 2 });
    expect(res.statusCode).toBe(200);
    const page = (await get(staff, 'time-entries/modified')).json<TimeEntryModificationPage>();
    const mod = page.Items.find((m) => m.TimeEntryID === entry.Id) as TimeEntryModification;
    expect(page.Items.filter((m) => m.TimeEntryID === entry.Id)).toHaveLength(1);
    expect(mod).toMatchObject({
      EmployeeID: ids.staff,
      ModificationTypeID: ModificationType.Updated,
      StatusID: ModificationStatus.Pending,
      ModifiedByEmployeeID: ids.manager,
      ModifiedByName: 'Marco Rossi',
      EntryDate: '2031-03-03',
      OfficeName: 'Toronto Central',
      Changes: [{ Field: 'EndTime', Before: '17:00:00', After: '16:30:00' }],
    });
    expect(mod.Before).toMatchObject({ EndTime: '17:00:00', Version: 2 });
    expect(mod.After).toMatchObject({ EndTime: '16:30:00', Version: 3 });
    expect(Date.now() - new Date(mod.ModifiedAt as string).getTime()).toBeLessThan(60_000);
  });

  it('creating and deleting for someone else are modifications too', async () => {
    const created = await post(manager, 'time-entries', body({ Date: '2031-03-04', EmployeeID: ids.staff }));
    expect(created.statusCode).toBe(201);
    const id = created.json<TimeEntry>().Id;
    expect((await del(manager, `time-entries/${id}`)).statusCode).toBe(204);
    const page = (await get(staff, 'time-entries/modified?pageSize=50')).json<TimeEntryModificationPage>();
    const kinds = page.Items.filter((m) => m.TimeEntryID === id).map((m) => m.ModificationTypeID);
    expect(kinds.sort()).toEqual([ModificationType.Created, ModificationType.Deleted]);
    const deleted = page.Items.find(
      (m) => m.TimeEntryID === id && m.ModificationTypeID === ModificationType.Deleted,
    );
    expect(deleted?.After).toBeNull();
  });

  it('count-by-employee: pending changes per employee of the managed offices (time:manage)', async () => {
    // A change of its own for the rep, so two employees are counted whatever ran before.
    const forRep = await post(
      manager,
      'time-entries',
      body({ Date: '2031-03-13', EmployeeID: ids.rep, ProgramID: program.d2d, StoreID: undefined }),
    );
    expect(forRep.statusCode).toBe(201);
    const res = await get(manager, 'time-entries/modified/count-by-employee');
    expect(res.statusCode).toBe(200);
    const counts = res.json<ModificationCount[]>();
    // Each count is what the employee sees waiting for them.
    for (const [who, session] of [
      ['staff', staff],
      ['rep', rep],
    ] as const) {
      const waiting = (
        await get(session, 'time-entries/modified?pageSize=500')
      ).json<TimeEntryModificationPage>();
      expect(waiting.TotalCount).toBeGreaterThan(0);
      expect(counts.find((c) => c.EmployeeID === ids[who])?.PendingCount).toBe(waiting.TotalCount);
    }
    expect((await get(staff, 'time-entries/modified/count-by-employee')).statusCode).toBe(403);
    expect((await get(vanmgr, 'time-entries/modified/count-by-employee')).json()).toEqual([]);
    expect(
      (await get(vanmgr, `time-entries/modified/count-by-employee?icdOfficeId=${toronto}`)).statusCode,
    ).toBe(403);
  });

  it('time-entries/modifications: paged, filtered and sorted for the office (time:manage)', async () => {
    // Its own changes, whatever ran before: one of staff's entries and one the manager made for the
    // rep, both on a day no other test uses.
    const day = '2031-03-12';
    const mine = await create(staff, body({ Date: day }));
    const edit = await patch(manager, `time-entries/${mine.Id}`, { EndTime: '16:00:00', Version: 1 });
    expect(edit.statusCode).toBe(200);
    const forRep = await post(
      manager,
      'time-entries',
      body({ Date: day, EmployeeID: ids.rep, ProgramID: program.d2d, StoreID: undefined }),
    );
    expect(forRep.statusCode).toBe(201);

    const everyone = (
      await get(manager, 'time-entries/modifications?pageSize=500')
    ).json<TimeEntryModificationPage>();
    const staffOnes = everyone.Items.filter((m) => m.EmployeeID === ids.staff);
    // The filter has something to leave out, and something to keep.
    expect(staffOnes.length).toBeGreaterThanOrEqual(2);
    expect(everyone.Items.some((m) => m.EmployeeID === ids.rep)).toBe(true);
    const res = await get(manager, `time-entries/modifications?employeeId=${ids.staff}&pageSize=1`);
    expect(res.statusCode).toBe(200);
    const page = res.json<TimeEntryModificationPage>();
    expect(page.TotalCount).toBe(staffOnes.length);
    const second = (
      await get(manager, `time-entries/modifications?employeeId=${ids.staff}&pageSize=1&pageIndex=1`)
    ).json<TimeEntryModificationPage>();
    // Two pages of one: the employee's two latest changes, newest first (the default order).
    const idsOf = (items: { TimeEntryModificationID: number }[]) =>
      items.map((m) => m.TimeEntryModificationID);
    expect(idsOf([...page.Items, ...second.Items])).toEqual(idsOf(staffOnes.slice(0, 2)));
    const modifiedAt = everyone.Items.map((m) => m.ModifiedAt);
    expect(modifiedAt).toEqual([...modifiedAt].sort().reverse());
    // Another order, asked for: by entry date, latest first.
    const byEntryDate = (
      await get(manager, 'time-entries/modifications?pageSize=500&sort=EntryDate')
    ).json<TimeEntryModificationPage>();
    const days = byEntryDate.Items.map((m) => m.EntryDate);
    expect(days).toEqual([...days].sort().reverse());
    expect(new Set(days).size).toBeGreaterThan(1);
    // Entry dates, alone and with the employee.
    const byDate = (
      await get(manager, `time-entries/modifications?startDate=${day}&endDate=${day}`)
    ).json<TimeEntryModificationPage>();
    expect(byDate.Items.map((m) => m.TimeEntryID).sort()).toEqual(
      [mine.Id, forRep.json<TimeEntry>().Id].sort(),
    );
    const byDateAndEmployee = (
      await get(manager, `time-entries/modifications?startDate=${day}&endDate=${day}&employeeId=${ids.staff}`)
    ).json<TimeEntryModificationPage>();
    expect(byDateAndEmployee.Items.map((m) => m.TimeEntryID)).toEqual([mine.Id]);
    expect((await get(staff, 'time-entries/modifications')).statusCode).toBe(403);
    expect(
      (await get(vanmgr, 'time-entries/modifications')).json<TimeEntryModificationPage>().TotalCount,
    ).toBe(0);
    const bad = await get(manager, 'time-entries/modifications?status=maybe&startDate=2031-02-30');
    expect(bad.statusCode).toBe(400);
  });

  it('the employee acknowledges (once; another employee gets 404; a stale Version 409)', async () => {
    const { edited, mod } = await managerEdit('2031-03-25');
    const url = `time-entries/modified/${mod.TimeEntryModificationID}/acknowledge`;
    expect((await put(rep, url)).statusCode).toBe(404);
    expect((await put(manager, url)).statusCode).toBe(404);
    const stale = await put(staff, url, { Version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ TimeEntryModificationID: mod.TimeEntryModificationID });
    const ok = await put(staff, url, { Version: 1 }, { 'Idempotency-Key': 'ack-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TimeEntryModification>()).toMatchObject({
      StatusID: ModificationStatus.Acknowledged,
      Version: 2,
    });
    const replay = await put(staff, url, { Version: 1 }, { 'Idempotency-Key': 'ack-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect((await put(staff, url)).json<TimeEntryModification>().Version).toBe(2);
    const pending = (await get(staff, 'time-entries/modified')).json<TimeEntryModificationPage>();
    expect(pending.Items.some((m) => m.TimeEntryID === edited.Id)).toBe(false);
    const all = (
      await get(staff, 'time-entries/modified?status=acknowledged')
    ).json<TimeEntryModificationPage>();
    expect(all.Items.find((m) => m.TimeEntryID === edited.Id)?.AcknowledgedAt).not.toBeNull();
    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.TimeEntryModificationID, mod.TimeEntryModificationID));
    expect(rows.map((r) => r.Action).sort()).toEqual(['ModificationAcknowledged', 'TimeEntryUpdated']);
  });

  it('the office dismisses (time:manage there; not once acknowledged)', async () => {
    const entry = await create(staff, body({ Date: '2031-03-05' }));
    await patch(manager, `time-entries/${entry.Id}`, { StartTime: '09:30:00', Version: 1 });
    const mod = (
      await get(
        manager,
        `time-entries/modifications?employeeId=${ids.staff}&startDate=2031-03-05&endDate=2031-03-05`,
      )
    )
      .json<TimeEntryModificationPage>()
      .Items.find((m) => m.TimeEntryID === entry.Id) as TimeEntryModification;
    const url = `time-entries/modifications/${mod.TimeEntryModificationID}/dismiss`;
    expect((await put(staff, url)).statusCode).toBe(403);
    expect((await put(vanmgr, url)).statusCode).toBe(404);
    const long = await put(manager, url, { Reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    const ok = await put(manager, url, { Reason: 'Sam has left the road show team' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TimeEntryModification>()).toMatchObject({
      StatusID: ModificationStatus.Dismissed,
      DismissedByName: 'Marco Rossi',
      DismissReason: 'Sam has left the road show team',
    });
    // A change the employee acknowledged, made for this test.
    const { mod: done } = await managerEdit('2031-03-26');
    const ack = await put(staff, `time-entries/modified/${done.TimeEntryModificationID}/acknowledge`, {
      Version: done.Version,
    });
    expect(ack.statusCode).toBe(200);
    const refused = await put(manager, `time-entries/modifications/${done.TimeEntryModificationID}/dismiss`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe('The employee already acknowledged this change.');
    expect(
      (await get(staff, 'time-entries/modified?status=acknowledged&pageSize=500'))
        .json<TimeEntryModificationPage>()
        .Items.find((m) => m.TimeEntryModificationID === done.TimeEntryModificationID),
    ).toMatchObject({ StatusID: ModificationStatus.Acknowledged, DismissedAt: null });
  });

  it('history: for the employee, the office and auditors — not another office', async () => {
    const { mod } = await managerEdit('2031-03-27');
    const ack = await put(staff, `time-entries/modified/${mod.TimeEntryModificationID}/acknowledge`, {
      Version: mod.Version,
    });
    expect(ack.statusCode).toBe(200);
    const url = `time-entry-modifications/${mod.TimeEntryModificationID}/history`;
    const history = (await get(staff, url)).json<ModificationHistory>();
    expect(history.Steps.map((s) => [s.Action, s.ByName])).toEqual([
      ['TimeEntryCreated', 'Sam Taylor'],
      ['TimeEntryUpdated', 'Sam Taylor'],
      ['TimeEntryUpdated', 'Marco Rossi'],
      ['ModificationAcknowledged', 'Sam Taylor'],
    ]);
    expect(history.Steps[2].Changes).toEqual([{ Field: 'EndTime', Before: '17:00:00', After: '16:30:00' }]);
    expect((await get(manager, url)).statusCode).toBe(200);
    expect((await get(auditor, url)).statusCode).toBe(200);
    expect((await get(rep, url)).statusCode).toBe(404);
    expect((await get(vanmgr, url)).statusCode).toBe(404);
    expect((await get(payroll, 'time-entry-modifications/999999/history')).statusCode).toBe(404);
  });
});

describe('pay periods', () => {
  const P1 = '2031-01-13';

  it('GET pay-periods: overlapping the dates, with totals, sorted and paged (time:manage or time:approve)', async () => {
    await create(staff, body({ Date: '2031-01-14', StartTime: '10:00:00', EndTime: '18:00:00' }));
    const brkParent = await create(
      staff,
      body({ Date: '2031-01-21', StartTime: '10:00:00', EndTime: '14:00:00' }),
    );
    await create(
      staff,
      body({
        Date: '2031-01-21',
        IsBreak: true,
        ParentTimeEntryID: brkParent.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
      }),
    );
    const res = await get(manager, `pay-periods?startDate=${P1}&endDate=2031-01-20&sort=WorkedMinutesDesc`);
    expect(res.statusCode).toBe(200);
    const page = res.json<PayPeriodPage>();
    expect(page.TotalCount).toBe(torontoPeople);
    const first = page.Items[0];
    expect(first).toMatchObject({
      EmployeeName: 'Sam Taylor',
      StartDate: P1,
      EndDate: '2031-01-26',
      State: 'Open',
      WorkMinutes: 720,
      BreakMinutes: 30,
      WorkedMinutes: 690,
      EntryCount: 2,
      OpenEntryCount: 0,
      TimeZone: 'America/Toronto',
    });
    expect(first.Weeks).toEqual([
      { WeekNumber: 1, StartDate: P1, EndDate: '2031-01-19', WorkedMinutes: 480 },
      { WeekNumber: 2, StartDate: '2031-01-20', EndDate: '2031-01-26', WorkedMinutes: 210 },
    ]);
    const paged = (
      await get(manager, `pay-periods?startDate=${P1}&endDate=${P1}&pageSize=2&pageIndex=2`)
    ).json<PayPeriodPage>();
    expect(paged.Items).toHaveLength(Math.min(2, torontoPeople - 4));
    expect(paged).toMatchObject({ TotalCount: torontoPeople, PageIndex: 2, PageSize: 2 });
    const one = (
      await get(payroll, `pay-periods?startDate=${P1}&endDate=${P1}&employeeId=${ids.staff}`)
    ).json<PayPeriodPage>();
    expect(one.Items.map((p) => p.EmployeeID)).toEqual([ids.staff]);
  });

  it('GET pay-periods refuses users without the keys and other offices', async () => {
    expect((await get(staff, 'pay-periods')).statusCode).toBe(403);
    expect((await get(auditor, 'pay-periods')).statusCode).toBe(403);
    expect((await get(vanmgr, `pay-periods?icdOfficeId=${toronto}`)).statusCode).toBe(403);
    const vancouverOnly = (
      await get(vanmgr, `pay-periods?startDate=${P1}&endDate=${P1}`)
    ).json<PayPeriodPage>();
    // Vancouver's own people (the demo company staffs it), Vera among them, and no other office.
    expect(new Set(vancouverOnly.Items.map((p) => p.OfficeName))).toEqual(new Set(['Vancouver Harbour']));
    expect(vancouverOnly.Items.map((p) => p.EmployeeID)).toContain(ids.vanmgr);
    const bad = await get(manager, 'pay-periods?startDate=2031-02-01&endDate=2031-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.endDate).toBeDefined();
  });

  it('PUT pay-periods/{id}/approved (time:approve on the office)', async () => {
    const period = await periodOf(ids.staff, P1);
    const url = `pay-periods/${period.PayPeriodID}/approved`;
    expect((await put(staff, url)).statusCode).toBe(403);
    expect((await put(payroll, url)).statusCode).toBe(403); // time:manage, but no time:approve
    expect((await put(vanmgr, url)).statusCode).toBe(404);
    const stale = await put(manager, url, { Version: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ PayPeriodID: period.PayPeriodID, State: 'Open' });
    const ok = await put(manager, url, { Version: period.Version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<PayPeriod>()).toMatchObject({
      State: 'Approved',
      IsApproved: true,
      ApprovedByName: 'Marco Rossi',
    });
    // Approving again changes nothing.
    const again = await put(manager, url);
    expect(again.json<PayPeriod>().Version).toBe(ok.json<PayPeriod>().Version);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.PayPeriodID, period.PayPeriodID), eq(auditLogs.Action, 'PayPeriodApproved')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ ActorEmployeeID: ids.manager, EmployeeID: ids.staff });
    // Withdrawn again (DELETE), so it is open.
    const withdrawn = await del(manager, url);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<PayPeriod>().State).toBe('Open');
  });

  it("refuses one's own period, an entry without an end and a locked period", async () => {
    const own = await periodOf(ids.manager, P1);
    const mine = await put(manager, `pay-periods/${own.PayPeriodID}/approved`);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().Message).toBe('You cannot approve your own time. Ask another manager.');
    expect((await put(owner, `pay-periods/${own.PayPeriodID}/approved`)).statusCode).toBe(200);

    const repPeriod = await periodOf(ids.rep, P1);
    await create(rep, body({ Date: '2031-01-15', ProgramID: program.d2d, StoreID: null, EndTime: null }));
    const open = await put(manager, `pay-periods/${repPeriod.PayPeriodID}/approved`);
    expect(open.statusCode).toBe(400);
    expect(open.json().Message).toBe(
      'This pay period has an entry without an end. Close it before approving.',
    );

    const payrollPeriod = await periodOf(ids.payroll, P1);
    await lockPayPeriods({
      db: t.db,
      by: { EmployeeID: ids.payroll, ProxyByEmployeeID: null },
      payPeriodIds: [payrollPeriod.PayPeriodID],
      locked: true,
    });
    const locked = await put(manager, `pay-periods/${payrollPeriod.PayPeriodID}/approved`);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().Message).toBe('This pay period is locked with its payroll.');
    expect((await del(manager, `pay-periods/${payrollPeriod.PayPeriodID}/approved`)).statusCode).toBe(400);
  });

  it('GET pay-periods/employee/{id} (module, locked, time)', async () => {
    const mine = await get(staff, `pay-periods/employee/${ids.staff}?time=2031-01-20`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<PayPeriod[]>().map((p) => p.StartDate)).toEqual([P1]);
    const instant = await get(
      staff,
      `pay-periods/employee/${ids.staff}?time=${encodeURIComponent('2031-01-27T03:00:00Z')}`,
    );
    // 03:00 UTC on the 27th is still the 26th in Toronto.
    expect(instant.json<PayPeriod[]>().map((p) => p.StartDate)).toEqual([P1]);
    const lockedOnly = (await get(payroll, `pay-periods/employee/${ids.payroll}?locked=true&module=4`)).json<
      PayPeriod[]
    >();
    expect(lockedOnly.every((p) => p.IsLocked)).toBe(true);
    expect(lockedOnly.some((p) => p.StartDate === P1)).toBe(true);
    expect(
      (await get(manager, `pay-periods/employee/${ids.staff}?time=${P1}`)).json<PayPeriod[]>(),
    ).toHaveLength(1);
    expect((await get(staff, `pay-periods/employee/${ids.rep}`)).statusCode).toBe(403);
    expect((await get(vanmgr, `pay-periods/employee/${ids.staff}`)).statusCode).toBe(403);
    expect((await get(staff, `pay-periods/employee/${ids.staff}?module=4`)).statusCode).toBe(403);
    expect((await get(staff, `pay-periods/employee/${ids.staff}?module=7`)).statusCode).toBe(400);
    expect((await get(auditor, `pay-periods/employee/${ids.staff}`)).statusCode).toBe(403);
  });
});

describe('late adjustments', () => {
  const P2 = '2031-01-27';
  const P3 = '2031-02-10';
  let approved: typeof payPeriods.$inferSelect;
  let existing: TimeEntry;

  beforeAll(async () => {
    existing = await create(staff, body({ Date: '2031-01-28', StartTime: '08:00:00', EndTime: '12:00:00' }));
    approved = await periodOf(ids.staff, P2);
    const res = await put(manager, `pay-periods/${approved.PayPeriodID}/approved`);
    expect(res.statusCode).toBe(200);
  });

  it('a new entry for an approved period answers 202 with the stored request, not an entry', async () => {
    const res = await post(
      staff,
      'time-entries',
      body({ Date: '2031-01-29', StartTime: '10:00:00', EndTime: null }),
    );
    expect(res.statusCode).toBe(202);
    const late = res.json<TimeEntryLate>();
    expect(late).toMatchObject({
      Date: '2031-01-29',
      StartTime: '10:00:00',
      EndTime: null,
      EmployeeID: ids.staff,
      Version: 1,
      LateAdjustment: {
        StatusID: LateAdjustmentStatus.Pending,
        ActionID: LateAdjustmentAction.Create,
        PayPeriodID: approved.PayPeriodID,
        PayPeriodStartDate: P2,
        PayPeriodEndDate: '2031-02-09',
        PayPeriodState: 'Approved',
        Message: LATE_ADJUSTMENT_MESSAGE,
      },
    });
    expect(late.Id).toBeGreaterThan(existing.Id);
    expect((await get(staff, `time-entries/${late.Id}`)).statusCode).toBe(404);
    const week = (await get(staff, 'time-entries/week/2031-01-29')).json<WeekSummary>();
    expect(week.Entries.map((e) => e.Id)).toEqual([existing.Id]);

    // The clock-out queued after it changes the same request (the device addresses it by its Id).
    const stale = await patch(staff, `time-entries/${late.Id}`, { EndTime: '18:00:00', Version: 5 });
    expect(stale.statusCode).toBe(409);
    const out = await patch(staff, `time-entries/${late.Id}`, { EndTime: '18:00:00', Version: 1 });
    expect(out.statusCode).toBe(202);
    expect(out.json<TimeEntryLate>()).toMatchObject({
      Id: late.Id,
      EndTime: '18:00:00',
      Minutes: 480,
      Version: 2,
    });
    const requests = await t.db
      .select()
      .from(lateAdjustments)
      .where(eq(lateAdjustments.TimeEntryID, late.Id));
    expect(requests).toHaveLength(1);
    expect(requests[0].Version).toBe(2);

    // A break of it is a request too, accepted with it.
    const brk = await post(
      staff,
      'time-entries',
      body({
        Date: '2031-01-29',
        IsBreak: true,
        ParentTimeEntryID: late.Id,
        StartTime: '13:00:00',
        EndTime: '13:30:00',
      }),
    );
    expect(brk.statusCode).toBe(202);
    const outside = await post(
      staff,
      'time-entries',
      body({
        Date: '2031-01-29',
        IsBreak: true,
        ParentTimeEntryID: late.Id,
        StartTime: '19:00:00',
        EndTime: '19:30:00',
      }),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().Message).toBe('A break must lie inside its work entry, from 10:00 to 18:00.');

    const mine = (await get(staff, 'late-adjustments/mine')).json<LateAdjustmentPage>();
    expect(mine.Items.map((a) => a.TimeEntryID)).toContain(late.Id);

    // Payroll accepts it into the next open period.
    const request = (await get(payroll, `late-adjustments?employeeId=${ids.staff}`))
      .json<LateAdjustmentPage>()
      .Items.find((a) => a.TimeEntryID === late.Id) as LateAdjustment;
    expect(request).toMatchObject({
      MinutesDelta: 480,
      RequestedByName: 'Sam Taylor',
      EmployeeName: 'Sam Taylor',
    });
    const targets = (await get(payroll, `late-adjustments/${request.LateAdjustmentID}/targets`)).json<
      LateAdjustmentTarget[]
    >();
    expect(targets[0]).toMatchObject({ StartDate: P3, IsNext: true });
    expect(
      (await put(manager, `late-adjustments/${request.LateAdjustmentID}/accept`, { Version: 2 })).statusCode,
    ).toBe(403);
    const accepted = await put(payroll, `late-adjustments/${request.LateAdjustmentID}/accept`, {
      Version: 2,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<LateAdjustment>()).toMatchObject({
      StatusID: LateAdjustmentStatus.Accepted,
      ResolvedByName: 'Priya Shah',
      AppliedPayPeriodStartDate: P3,
      MinutesDelta: 480,
    });
    const entry = (await get(staff, `time-entries/${late.Id}`)).json<TimeEntry>();
    expect(entry).toMatchObject({ StartTime: '10:00:00', EndTime: '18:00:00', Version: 1 });
    const week2 = (await get(staff, 'time-entries/week/2031-01-29')).json<WeekSummary>();
    expect(week2.Entries.filter((e) => e.IsBreak)).toHaveLength(1);
    const next = (
      await get(manager, `pay-periods?startDate=${P3}&endDate=${P3}&employeeId=${ids.staff}`)
    ).json<PayPeriodPage>();
    expect(next.Items[0].LateAdjustmentMinutes).toBe(450);
    expect(
      (await put(payroll, `late-adjustments/${request.LateAdjustmentID}/accept`, { Version: 3 })).statusCode,
    ).toBe(400);
    // The payroll of the period that pays it was recalculated on acceptance: its entry has a line
    // traced to the adjustment.
    const [paying] = await t.db
      .select({ PayrollID: payPeriods.PayrollID, PayPeriodID: payPeriods.PayPeriodID })
      .from(payPeriods)
      .where(and(eq(payPeriods.EmployeeID, ids.staff), eq(payPeriods.StartDate, P3)));
    expect(paying.PayrollID).not.toBeNull();
    const entries = (await get(payroll, `payrolls/${paying.PayrollID}/entries`)).json<PayrollEntry[]>();
    const paid = entries.find((e) => e.PayPeriodID === paying.PayPeriodID);
    expect(
      paid?.Lines.some((l) => (l.Trace?.LateAdjustmentIDs ?? []).includes(request.LateAdjustmentID)),
    ).toBe(true);
  });

  it('an edit or a delete of an entry of the approved period leaves it as it is', async () => {
    const edit = await patch(staff, `time-entries/${existing.Id}`, { EndTime: '13:00:00', Version: 1 });
    expect(edit.statusCode).toBe(202);
    expect(edit.json<TimeEntryLate>()).toMatchObject({ EndTime: '13:00:00', Version: 1 });
    const again = await put(
      staff,
      `time-entries/${existing.Id}`,
      body({ Date: '2031-01-28', StartTime: '08:00:00', EndTime: '13:15:00', Version: 1 }),
    );
    expect(again.statusCode).toBe(202);
    expect((await get(staff, `time-entries/${existing.Id}`)).json<TimeEntry>()).toMatchObject({
      EndTime: '12:00:00',
      Version: 1,
    });
    const request = (await get(payroll, `late-adjustments?employeeId=${ids.staff}`))
      .json<LateAdjustmentPage>()
      .Items.find((a) => a.TimeEntryID === existing.Id) as LateAdjustment;
    expect(request).toMatchObject({ ActionID: LateAdjustmentAction.Update, Version: 2, MinutesDelta: 75 });
    expect(request.Changes).toEqual([{ Field: 'EndTime', Before: '12:00:00', After: '13:15:00' }]);

    const empty = await put(payroll, `late-adjustments/${request.LateAdjustmentID}/reject`, {
      Version: 2,
      Reason: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors.Reason).toEqual(['Enter the reason the employee will see.']);
    const rejected = await put(payroll, `late-adjustments/${request.LateAdjustmentID}/reject`, {
      Version: 2,
      Reason: 'The store closed at noon that day.',
    });
    expect(rejected.statusCode).toBe(200);
    const mine = (await get(staff, 'late-adjustments/mine?status=rejected')).json<LateAdjustmentPage>();
    expect(mine.Items[0]).toMatchObject({
      TimeEntryID: existing.Id,
      RejectionReason: 'The store closed at noon that day.',
    });

    const deleted = await del(staff, `time-entries/${existing.Id}`);
    expect(deleted.statusCode).toBe(202);
    expect(deleted.json<TimeEntryLate>().LateAdjustment.ActionID).toBe(LateAdjustmentAction.Delete);
    expect((await get(staff, `time-entries/${existing.Id}`)).statusCode).toBe(200);
  });

  it('the rules still hold: an overlapping entry is refused, not stored', async () => {
    const stored = async () => ({
      entries: (await t.db.select({ id: timeEntries.Id }).from(timeEntries)).length,
      requests: (await t.db.select({ id: lateAdjustments.LateAdjustmentID }).from(lateAdjustments)).length,
    });
    const before = await stored();
    const res = await post(
      staff,
      'time-entries',
      body({ Date: '2031-01-28', StartTime: '11:00:00', EndTime: '15:00:00' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('This entry overlaps another work entry from 08:00 to 12:00.');
    // Neither an entry nor a request waiting for payroll.
    expect(await stored()).toEqual(before);
  });

  it('deleting a new entry that waits withdraws its request', async () => {
    const late = (
      await post(
        staff,
        'time-entries',
        body({ Date: '2031-02-02', StartTime: '07:00:00', EndTime: '09:00:00' }),
      )
    ).json<TimeEntryLate>();
    expect((await del(staff, `time-entries/${late.Id}`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(lateAdjustments).where(eq(lateAdjustments.TimeEntryID, late.Id));
    expect(row.StatusID).toBe(LateAdjustmentStatus.Withdrawn);
    const accept = await put(payroll, `late-adjustments/${row.LateAdjustmentID}/accept`, {
      Version: row.Version,
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().Message).toBe('This request was withdrawn by its requester.');
    expect((await del(rep, `time-entries/${late.Id}`)).statusCode).toBe(404);
  });

  it('a replay with the same Idempotency-Key gets the same answer and stores one request', async () => {
    const payload = body({ Date: '2031-02-03', StartTime: '07:00:00', EndTime: '09:00:00' });
    const first = await post(staff, 'time-entries', payload, { 'Idempotency-Key': 'late-1' });
    const second = await post(staff, 'time-entries', payload, { 'Idempotency-Key': 'late-1' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    const rows = await t.db.select().from(lateAdjustments).where(eq(lateAdjustments.EntryDate, '2031-02-03'));
    expect(rows).toHaveLength(1);
  });

  it('a locked period: the request says so; a manager edit becomes a modification once accepted', async () => {
    const repEntry = await create(rep, body({ Date: '2031-02-04', ProgramID: program.d2d, StoreID: null }));
    const period = await periodOf(ids.rep, P2);
    await lockPayPeriods({
      db: t.db,
      by: { EmployeeID: ids.payroll, ProxyByEmployeeID: null },
      payPeriodIds: [period.PayPeriodID],
      locked: true,
    });
    const res = await patch(manager, `time-entries/${repEntry.Id}`, { EndTime: '16:00:00', Version: 1 });
    expect(res.statusCode).toBe(202);
    expect(res.json<TimeEntryLate>().LateAdjustment.PayPeriodState).toBe('Locked');
    const request = (
      await get(payroll, `late-adjustments?employeeId=${ids.rep}&sort=RequestedAtDesc`)
    ).json<LateAdjustmentPage>().Items[0];
    expect(request).toMatchObject({
      TimeEntryID: repEntry.Id,
      RequestedByName: 'Marco Rossi',
      MinutesDelta: -60,
    });
    const accepted = await put(payroll, `late-adjustments/${request.LateAdjustmentID}/accept`, {
      Version: 1,
    });
    expect(accepted.statusCode).toBe(200);
    const mods = (await get(rep, 'time-entries/modified')).json<TimeEntryModificationPage>();
    expect(mods.Items.find((m) => m.TimeEntryID === repEntry.Id)).toMatchObject({
      ModifiedByName: 'Marco Rossi',
    });
    const entry = (await get(rep, `time-entries/${repEntry.Id}`)).json<TimeEntry>();
    expect(entry).toMatchObject({ EndTime: '16:00:00', Version: 2 });
  });

  it('v2 saves in a closed period answer 202 with both parts', async () => {
    const res = await post(staff, 'v2/time-entries', {
      ...body({ Date: '2031-02-05', StartTime: '09:00:00', EndTime: '17:00:00' }),
      Break: { StartTime: '12:00:00', EndTime: '12:30:00' },
    });
    expect(res.statusCode).toBe(202);
    const late = res.json<TimeEntryV2Late>();
    expect(late.Entry).toMatchObject({ Date: '2031-02-05', Minutes: 480 });
    expect(late.Break).toMatchObject({ ParentTimeEntryID: late.Entry.Id, Minutes: 30 });
    expect(late.LateAdjustment.PayPeriodState).toBe('Approved');
  });

  it('who may list and resolve: payroll:process at the office; the employee reads their own', async () => {
    expect((await get(staff, 'late-adjustments')).statusCode).toBe(403);
    expect((await get(manager, 'late-adjustments')).statusCode).toBe(403);
    expect((await get(auditor, 'late-adjustments/mine')).statusCode).toBe(403);
    const mine = (await get(rep, 'late-adjustments/mine?status=all')).json<LateAdjustmentPage>();
    expect(mine.Items.every((a) => a.EmployeeID === ids.rep)).toBe(true);
    const request = (await get(payroll, 'late-adjustments')).json<LateAdjustmentPage>().Items[0];
    expect(
      (await put(staff, `late-adjustments/${request.LateAdjustmentID}/reject`, { Version: 1, Reason: 'no' }))
        .statusCode,
    ).toBe(403);
    const wrongTarget = await put(payroll, `late-adjustments/${request.LateAdjustmentID}/accept`, {
      Version: request.Version,
      PayPeriodID: request.PayPeriodID,
    });
    expect(wrongTarget.statusCode).toBe(400);
    expect(wrongTarget.json().Errors.PayPeriodID).toBeDefined();
  });
});

describe('the week in the office time zone', () => {
  it('an entry recorded in another zone counts on its office day', async () => {
    // Sunday 2031-03-16 23:30 in Vancouver (UTC-7 in March) is Monday 02:30 in Toronto.
    const late = await create(
      staff,
      body({ Date: '2031-03-16', StartTime: '23:30:00', EndTime: '01:30:00', TimeZoneOffset: -420 }),
    );
    expect(late).toMatchObject({ EndsNextDay: true, Minutes: 120 });
    const sundayWeek = (await get(staff, 'time-entries/week/2031-03-16')).json<WeekSummary>();
    expect(sundayWeek.Entries.map((e) => e.Id)).not.toContain(late.Id);
    const mondayWeek = (await get(staff, 'time-entries/week/2031-03-17')).json<WeekSummary>();
    expect(mondayWeek.Entries.map((e) => e.Id)).toContain(late.Id);
    expect(mondayWeek.Days[0]).toMatchObject({ Date: '2031-03-17', WorkMinutes: 120 });
    // Recorded in Toronto's own zone, the same times count on the Sunday.
    const home = await create(
      staff,
      body({ Date: '2031-03-23', StartTime: '23:30:00', EndTime: '01:30:00', TimeZoneOffset: -240 }),
    );
    const week = (await get(staff, 'time-entries/week/2031-03-23')).json<WeekSummary>();
    expect(week.Days[6]).toMatchObject({ Date: '2031-03-23', WorkMinutes: 120 });
    expect(week.Entries.map((e) => e.Id)).toContain(home.Id);
  });
});

describe('the audit trail of time', () => {
  it('every create, edit and delete is recorded with actor, time, before and after', async () => {
    const entry = await create(staff, body({ Date: '2031-04-07' }));
    await patch(staff, `time-entries/${entry.Id}`, { EndTime: '16:00:00', Version: 1 });
    await del(staff, `time-entries/${entry.Id}`);
    const rows = (await t.db.select().from(auditLogs).where(eq(auditLogs.TimeEntryID, entry.Id))).sort(
      (a, b) => a.AuditLogID - b.AuditLogID,
    );
    expect(rows.map((r) => r.Action)).toEqual(['TimeEntryCreated', 'TimeEntryUpdated', 'TimeEntryDeleted']);
    expect(rows.every((r) => r.ActorEmployeeID === ids.staff && r.EmployeeID === ids.staff)).toBe(true);
    expect(rows[0].Before).toBeNull();
    expect(rows[1].Before).toMatchObject({ EndTime: '17:00:00' });
    expect(rows[1].After).toMatchObject({ EndTime: '16:00:00' });
    expect(rows[2].After).toBeNull();
    const [deleted] = await t.db.select().from(timeEntries).where(eq(timeEntries.Id, entry.Id));
    expect(deleted.DeletedAt).not.toBeNull();
  });
});
