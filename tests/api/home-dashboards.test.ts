// Role dashboards (GET home/dashboards and GET dashboards/home/{manager-day|owner-week|payroll-queue}):
// which roles see which, filters, each behind its key, figures against the demo company seeded at a
// fixed clock (Wednesday 2026-06-17, noon in Toronto) and the same clock injected into the app, and
// scope (the manager sees Toronto Central only, the owner Northwind's offices, payroll every office).
// Figures are checked against what the test adds to the seeded data, so they cannot pass by accident.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import {
  employees,
  employmentEvents,
  employmentRecords,
  icdOffices,
  lateAdjustments,
  leadActivity,
  leadGroups,
  leads,
  onboardingApplications,
  payPeriods,
  payrollEntries,
  payrollInvoices,
  payrolls,
  productOrders,
  scheduleEventAssignments,
  scheduleEvents,
  scheduleEventTimeSlots,
  timeEntries,
  workOrders,
} from '../../server/db/tables';
import { seedDemo } from '../../server/seed/demo';
import type { Dashboard } from '../../src/contract/access';
import type { ManagerDay, OwnerWeek, PayrollQueue } from '../../src/contract/dashboards';
import type { PayPeriodPage } from '../../src/contract/time-management';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

/** Wednesday, noon in Toronto (EDT, UTC-4); 09:00 in Vancouver (PDT, UTC-7). */
const NOW = new Date('2026-06-17T12:00:00-04:00');
const TODAY = '2026-06-17';
const ROLE_IDS = ['manager-day', 'owner-week', 'payroll-queue'];

let t: TestApp;
let database: Database;
const as: Record<string, Session> = {};
const office: Record<string, number> = {};

beforeAll(async () => {
  // The app's own database, seeded at the clock the app is then built with.
  database = await openDatabase({ inMemory: true });
  await seedDemo(database.db, { password: DEMO_PASSWORD, costLog2: 10, now: NOW });
  t = await createTestApp({ seedDemo: false }, { database, build: { now: () => NOW } });
  for (const u of ['admin', 'payroll', 'owner', 'manager', 'rep', 'staff', 'auditor'])
    as[u] = await t.signIn(u);
  for (const o of await t.db.select().from(icdOffices)) office[o.OfficeName] = o.IcdOfficeID;
}, 240_000);
afterAll(async () => t?.close());

const get = async <T>(who: string, url: string, status = 200): Promise<T> => {
  const res = await as[who].call({ method: 'GET', url: `/api/${url}` });
  expect(res.statusCode, `${who} GET ${url}: ${res.body}`).toBe(status);
  return res.json<T>();
};
const managerDay = (who: string) => get<ManagerDay>(who, 'dashboards/home/manager-day');
const ownerWeek = (who: string) => get<OwnerWeek>(who, 'dashboards/home/owner-week');
const payrollQueue = (who: string) => get<PayrollQueue>(who, 'dashboards/home/payroll-queue');

/** Active people of an office with no sign-in of their own (not demo users), by employee id. */
async function peopleAt(officeName: string, n: number): Promise<Array<{ id: number; name: string }>> {
  const rows = await t.db
    .selectDistinct({ id: employees.EmployeeID, first: employees.FirstName, last: employees.LastName })
    .from(employees)
    .innerJoin(employmentRecords, eq(employmentRecords.EmployeeID, employees.EmployeeID))
    .where(
      and(
        eq(employmentRecords.IcdOfficeID, office[officeName]),
        sql`${employees.UserName} not in ('admin','payroll','owner','manager','rep','staff','applicant','auditor')`,
      ),
    )
    .orderBy(employees.EmployeeID)
    .limit(n);
  expect(rows.length).toBe(n);
  return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}` }));
}

async function entry(v: {
  employee: number;
  office: string;
  date: string;
  start: string;
  end: string | null;
  offset: number;
  parent?: number;
}): Promise<number> {
  const [row] = await t.db
    .insert(timeEntries)
    .values({
      Date: v.date,
      EmployeeID: v.employee,
      TimeEntryTypeID: 1,
      IcdOfficeID: office[v.office],
      StartTime: v.start,
      EndTime: v.end,
      TimeZoneOffset: v.offset,
      IsBreak: v.parent !== undefined,
      ParentTimeEntryID: v.parent ?? null,
      IsRealTime: true,
      CreatedAt: NOW,
      UpdatedAt: NOW,
    })
    .returning({ Id: timeEntries.Id });
  return row.Id;
}

describe('home/dashboards lists the role dashboards', () => {
  it('per role, before the Rogers dashboards, each with the page it opens', async () => {
    const ids = async (who: string) =>
      (await get<Dashboard[]>(who, 'home/dashboards')).map((d) => d.DashboardID);
    expect(await ids('manager')).toEqual(['manager-day']);
    expect((await ids('owner')).slice(0, 3)).toEqual([
      'manager-day',
      'owner-week',
      'daily-production-report',
    ]);
    expect((await ids('payroll')).slice(0, 3)).toEqual([
      'owner-week',
      'payroll-queue',
      'daily-production-report',
    ]);
    expect((await ids('admin')).slice(0, 3)).toEqual(ROLE_IDS);
    expect(await ids('rep')).toEqual([]);
    expect(await ids('staff')).toEqual([]);
    // The auditor runs reports but holds none of the role dashboards' keys.
    const auditor = await ids('auditor');
    expect(auditor).toHaveLength(8);
    expect(auditor.filter((id) => ROLE_IDS.includes(id))).toEqual([]);
  });

  it('filtered by module id, title or dashboard id', async () => {
    expect(await get<Dashboard[]>('owner', 'home/dashboards?dashboardId=owner-week')).toEqual([
      { DashboardID: 'owner-week', Title: 'This week', ModuleID: 18, Url: '/dashboards/home/owner-week' },
    ]);
    expect(
      (await get<Dashboard[]>('payroll', 'home/dashboards?moduleId=4')).map((d) => d.DashboardID),
    ).toEqual(['payroll-queue']);
    expect((await get<Dashboard[]>('admin', 'home/dashboards?moduleId=2')).map((d) => d.DashboardID)).toEqual(
      ['manager-day'],
    );
    expect(
      (await get<Dashboard[]>('payroll', 'home/dashboards?title=QUEUE')).map((d) => d.DashboardID),
    ).toEqual(['payroll-queue']);
    // A dashboard the caller may not open is not found by its id either.
    expect(await get<Dashboard[]>('manager', 'home/dashboards?dashboardId=payroll-queue')).toEqual([]);
    expect(await get<Dashboard[]>('manager', 'home/dashboards?moduleId=26')).toEqual([]);
  });
});

describe('each dashboard behind its permission', () => {
  it.each([
    ['rep', 'manager-day'],
    ['rep', 'owner-week'],
    ['rep', 'payroll-queue'],
    ['staff', 'manager-day'],
    ['auditor', 'owner-week'],
    ['manager', 'owner-week'],
    ['manager', 'payroll-queue'],
    ['owner', 'payroll-queue'],
    ['payroll', 'manager-day'],
  ])('%s may not read %s (403, nothing leaked)', async (who, id) => {
    const res = await as[who].call({ method: 'GET', url: `/api/dashboards/home/${id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('Message');
    expect(res.body).not.toContain('DashboardID');
  });
});

describe("the manager's day", () => {
  it('who is clocked in now: open entries begun in the last day, on break, in scope', async () => {
    const before = await managerDay('manager');
    expect(before.Offices).toEqual([
      { IcdOfficeID: office['Toronto Central'], OfficeName: 'Toronto Central', Today: TODAY },
    ]);
    expect(before.ClockedInCount).toBe(0);
    const [a, b, c] = await peopleAt('Toronto Central', 3);
    const [d] = await peopleAt('Vancouver Harbour', 1);
    const [e] = await peopleAt('Chicago Loop', 1);
    // a: in since 09:00 Toronto, on a break since 11:30.
    const work = await entry({
      employee: a.id,
      office: 'Toronto Central',
      date: TODAY,
      start: '09:00:00',
      end: null,
      offset: -240,
    });
    await entry({
      employee: a.id,
      office: 'Toronto Central',
      date: TODAY,
      start: '11:30:00',
      end: null,
      offset: -240,
      parent: work,
    });
    // b: an open entry of 30 hours ago is a forgotten clock-out, not someone at work.
    await entry({
      employee: b.id,
      office: 'Toronto Central',
      date: '2026-06-16',
      start: '06:00:00',
      end: null,
      offset: -240,
    });
    // c: an entry that starts after the clock (a device clock ahead) is not counted.
    await entry({
      employee: c.id,
      office: 'Toronto Central',
      date: TODAY,
      start: '13:00:00',
      end: null,
      offset: -240,
    });
    // d in Vancouver since 08:00 PDT (11:00 Toronto); e in Chicago since 10:00 CDT.
    await entry({
      employee: d.id,
      office: 'Vancouver Harbour',
      date: TODAY,
      start: '08:00:00',
      end: null,
      offset: -420,
    });
    await entry({
      employee: e.id,
      office: 'Chicago Loop',
      date: TODAY,
      start: '10:00:00',
      end: null,
      offset: -300,
    });

    const mine = await managerDay('manager');
    expect(mine.ClockedInCount).toBe(1);
    expect(mine.ClockedIn).toEqual([
      {
        EmployeeID: a.id,
        EmployeeName: a.name,
        IcdOfficeID: office['Toronto Central'],
        OfficeName: 'Toronto Central',
        Since: '2026-06-17T13:00:00.000Z',
        OnBreak: true,
      },
    ]);
    // The owner approves time at Toronto and Vancouver; the administrator everywhere.
    expect((await managerDay('owner')).ClockedIn.map((p) => p.EmployeeID).sort()).toEqual(
      [a.id, d.id].sort(),
    );
    expect((await managerDay('admin')).ClockedIn.map((p) => p.EmployeeID).sort()).toEqual(
      [a.id, d.id, e.id].sort(),
    );
  });

  it("today's open places: scheduled events of the office's today, capacity less pending and accepted", async () => {
    const before = await managerDay('manager');
    for (const s of before.OpenSlots) {
      expect(s.Date).toBe(TODAY);
      expect(s.IcdOfficeID).toBe(office['Toronto Central']);
      expect(s.Open).toBeGreaterThan(0);
    }
    expect(before.OpenPlaces).toBe(before.OpenSlots.reduce((n, s) => n + s.Open, 0));
    const [x, y] = await peopleAt('Toronto Central', 2);
    const event = async (officeName: string, date: string, status: number, title: string) => {
      const [ev] = await t.db
        .insert(scheduleEvents)
        .values({
          IcdOfficeID: office[officeName],
          Title: title,
          Date: date,
          StartTime: '15:00:00',
          EndTime: '19:00:00',
          Status: status,
          CreatedAt: NOW,
          UpdatedAt: NOW,
        })
        .returning();
      const [slot] = await t.db
        .insert(scheduleEventTimeSlots)
        .values({
          ScheduleEventID: ev.ScheduleEventID,
          StartTime: '15:00:00',
          EndTime: '19:00:00',
          Capacity: 3,
        })
        .returning();
      return slot.TimeSlotID;
    };
    const slot = await event('Toronto Central', TODAY, 1, 'Dashboard test event');
    await t.db.insert(scheduleEventAssignments).values([
      { TimeSlotID: slot, EmployeeID: x.id, Status: 2, AssignedAt: NOW },
      { TimeSlotID: slot, EmployeeID: y.id, Status: 3, AssignedAt: NOW },
    ]);
    await event('Toronto Central', TODAY, 2, 'Cancelled test event');
    await event('Toronto Central', '2026-06-18', 1, 'Tomorrow test event');
    await event('Vancouver Harbour', TODAY, 1, 'Vancouver test event');

    const after = await managerDay('manager');
    expect(after.OpenPlaces).toBe(before.OpenPlaces + 2);
    expect(after.OpenSlots.filter((s) => s.Title.endsWith('test event'))).toEqual([
      expect.objectContaining({
        TimeSlotID: slot,
        Title: 'Dashboard test event',
        Capacity: 3,
        Open: 2,
        StartTime: '15:00:00',
      }),
    ]);
    const owner = await managerDay('owner');
    expect(
      owner.OpenSlots.filter((s) => s.Title.endsWith('test event'))
        .map((s) => s.Title)
        .sort(),
    ).toEqual(['Dashboard test event', 'Vancouver test event']);
    // Filling the last places takes the slot off the list.
    await t.db.insert(scheduleEventAssignments).values([
      { TimeSlotID: slot, EmployeeID: y.id, Status: 1, AssignedAt: NOW },
      {
        TimeSlotID: slot,
        EmployeeID: (await peopleAt('Toronto Central', 3))[2].id,
        Status: 2,
        AssignedAt: NOW,
      },
    ]);
    const full = await managerDay('manager');
    expect(full.OpenPlaces).toBe(before.OpenPlaces);
    expect(full.OpenSlots.some((s) => s.TimeSlotID === slot)).toBe(false);
  });

  it('time awaiting approval: the minutes time approvals shows, ended periods first', async () => {
    const day = await managerDay('manager');
    expect(day.Periods.length).toBeGreaterThan(0);
    expect(day.PeriodsAwaitingApproval).toBe(0); // the demo approved every ended period
    expect(day.PeriodsInProgress).toBe(day.Periods.length);
    const page = await get<PayPeriodPage>(
      'manager',
      `pay-periods?state=open&startDate=2026-06-08&endDate=${TODAY}&pageSize=500`,
    );
    const approvals = new Map(page.Items.map((p) => [p.PayPeriodID, p.WorkedMinutes]));
    const marco = (await get<{ EmployeeID: number }>('manager', 'Home/identity')).EmployeeID;
    for (const p of day.Periods) {
      expect(p.EmployeeID, 'his own period is not his to approve').not.toBe(marco);
      expect(p.IcdOfficeID).toBe(office['Toronto Central']);
      expect(p.WorkedMinutes, p.EmployeeName).toBe(approvals.get(p.PayPeriodID));
    }
    expect(day.MinutesAwaitingApproval).toBe(day.Periods.reduce((n, p) => n + p.WorkedMinutes, 0));
    expect(day.MinutesAwaitingApproval).toBeGreaterThan(0);

    // An ended period unlocked and unapproved waits again, listed first; an approved one leaves.
    const [ended] = await t.db
      .select()
      .from(payPeriods)
      .where(
        and(
          eq(payPeriods.IcdOfficeID, office['Toronto Central']),
          eq(payPeriods.IsLocked, true),
          sql`${payPeriods.EndDate} < ${TODAY}`,
        ),
      )
      .limit(1);
    await t.db
      .update(payPeriods)
      .set({ IsApproved: false, IsLocked: false })
      .where(eq(payPeriods.PayPeriodID, ended.PayPeriodID));
    const gone = day.Periods[day.Periods.length - 1];
    await t.db
      .update(payPeriods)
      .set({ IsApproved: true })
      .where(eq(payPeriods.PayPeriodID, gone.PayPeriodID));
    const after = await managerDay('manager');
    expect(after.PeriodsAwaitingApproval).toBe(1);
    expect(after.Periods[0]).toMatchObject({ PayPeriodID: ended.PayPeriodID, Ended: true });
    expect(after.Periods.some((p) => p.PayPeriodID === gone.PayPeriodID)).toBe(false);
    expect(after.PeriodsInProgress).toBe(day.PeriodsInProgress - 1);
    // Put back for the tests that follow.
    await t.db
      .update(payPeriods)
      .set({ IsApproved: true, IsLocked: true })
      .where(eq(payPeriods.PayPeriodID, ended.PayPeriodID));
    await t.db
      .update(payPeriods)
      .set({ IsApproved: false })
      .where(eq(payPeriods.PayPeriodID, gone.PayPeriodID));
  });
});

describe('the week', () => {
  it('Monday to today in the first office zone, scoped to the offices where the caller reads payroll', async () => {
    const owner = await ownerWeek('owner');
    expect(owner).toMatchObject({ TimeZone: 'America/Toronto', StartDate: '2026-06-15', EndDate: TODAY });
    expect(owner.ByOffice.map((o) => o.OfficeName)).toEqual(['Toronto Central', 'Vancouver Harbour']);
    expect((await ownerWeek('payroll')).ByOffice.length).toBe(Object.keys(office).length);
    expect(owner.WorkedMinutes).toBe(owner.ByOffice.reduce((n, o) => n + o.WorkedMinutes, 0));
  });

  it('hours, pay cost, orders, installs and leads worked follow the data, only in scope', async () => {
    const owner0 = await ownerWeek('owner');
    const payroll0 = await ownerWeek('payroll');
    const [p] = await peopleAt('Toronto Central', 1);
    const [q] = await peopleAt('Chicago Loop', 1);
    // Tuesday 09:00–13:00 with a 30-minute break: 210 worked minutes. Last Sunday's does not count.
    const work = await entry({
      employee: p.id,
      office: 'Toronto Central',
      date: '2026-06-16',
      start: '09:00:00',
      end: '13:00:00',
      offset: -240,
    });
    await entry({
      employee: p.id,
      office: 'Toronto Central',
      date: '2026-06-16',
      start: '10:00:00',
      end: '10:30:00',
      offset: -240,
      parent: work,
    });
    await entry({
      employee: p.id,
      office: 'Toronto Central',
      date: '2026-06-14',
      start: '09:00:00',
      end: '17:00:00',
      offset: -240,
    });
    await entry({
      employee: q.id,
      office: 'Chicago Loop',
      date: '2026-06-16',
      start: '09:00:00',
      end: '10:00:00',
      offset: -300,
    });

    // An order sold Monday at Toronto with 2 units installed Tuesday; one at Chicago.
    const copyOrder = async (officeName: string) => {
      const [any] = await t.db.select().from(workOrders).limit(1);
      const { WorkOrderID: _id, ...rest } = any;
      const [wo] = await t.db
        .insert(workOrders)
        .values({
          ...rest,
          IcdOfficeID: office[officeName],
          SaleDate: '2026-06-15',
          OrderNumber: `DASH-${officeName}`,
          ClientRequestKey: null,
          LeadID: null,
        })
        .returning();
      const [po] = await t.db.select().from(productOrders).limit(1);
      const { ProductOrderID: _po, ...poRest } = po;
      await t.db.insert(productOrders).values([
        { ...poRest, WorkOrderID: wo.WorkOrderID, Quantity: 2, InstallDate: '2026-06-16' },
        // Installed last Friday: not this week's.
        { ...poRest, WorkOrderID: wo.WorkOrderID, Quantity: 5, InstallDate: '2026-06-12' },
      ]);
    };
    await copyOrder('Toronto Central');
    await copyOrder('Chicago Loop');

    // One interaction this morning on a lead of Northwind's, none on a lead of another corporation's
    // counted for the owner.
    const northwind = (
      await t.db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, office['Toronto Central']))
    )[0].IcdCorporationID;
    const [lead] = await t.db
      .select({ LeadID: leads.LeadID })
      .from(leads)
      .innerJoin(leadGroups, eq(leadGroups.LeadGroupID, leads.LeadGroupID))
      .where(
        and(
          eq(leadGroups.IcdCorporationID, northwind),
          sql`not exists (select 1 from ${leadActivity} where ${leadActivity.LeadID} = ${leads.LeadID} and ${leadActivity.OccurredAt} >= '2026-06-15T04:00:00Z')`,
        ),
      )
      .limit(1);
    await t.db.insert(leadActivity).values({
      LeadID: lead.LeadID,
      EmployeeID: p.id,
      OccurredAt: new Date('2026-06-17T14:00:00Z'),
      CreatedAt: NOW,
    });

    // Pay cost: the Toronto entries of the payroll whose window holds today.
    const [current] = await t.db
      .select({ PayrollEntryID: payrollEntries.PayrollEntryID, Gross: payrollEntries.GrossPayCents })
      .from(payrollEntries)
      .innerJoin(payrolls, eq(payrolls.PayrollID, payrollEntries.PayrollID))
      .where(
        and(
          eq(payrollEntries.IcdOfficeID, office['Toronto Central']),
          sql`${payrolls.StartDate} <= ${TODAY} and ${payrolls.EndDate} >= ${TODAY}`,
        ),
      )
      .limit(1);
    await t.db
      .update(payrollEntries)
      .set({ GrossPayCents: current.Gross + 12_345 })
      .where(eq(payrollEntries.PayrollEntryID, current.PayrollEntryID));

    const owner = await ownerWeek('owner');
    const toronto = (w: OwnerWeek) => w.ByOffice.find((o) => o.OfficeName === 'Toronto Central')!;
    expect(owner.WorkedMinutes).toBe(owner0.WorkedMinutes + 210);
    expect(toronto(owner).Employees).toBe(toronto(owner0).Employees + 1);
    expect(owner.Orders).toBe(owner0.Orders + 1);
    expect(owner.Installs).toBe(owner0.Installs + 2);
    expect(owner.LeadsWorked).toBe(owner0.LeadsWorked + 1);
    expect(owner.Interactions).toBe(owner0.Interactions + 1);
    const cad = (w: OwnerWeek) => w.PayCost.find((c) => c.CountryID === 2)?.Cents ?? 0;
    expect(cad(owner)).toBe(cad(owner0) + 12_345);
    expect(owner.PayCost.some((c) => c.CountryID === 1)).toBe(false);

    const all = await ownerWeek('payroll');
    expect(all.WorkedMinutes).toBe(payroll0.WorkedMinutes + 210 + 60);
    expect(all.Orders).toBe(payroll0.Orders + 2);
    expect(all.Installs).toBe(payroll0.Installs + 4);
    expect(all.PayCost.some((c) => c.CountryID === 1)).toBe(true);
  });
});

describe("payroll's queue", () => {
  it('counts what waits for payroll, and follows the data', async () => {
    const q0 = await payrollQueue('payroll');
    expect(await payrollQueue('admin')).toEqual(q0);
    // The demo: Riley Chen's late adjustment waits for payroll.
    const [{ n: late }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lateAdjustments)
      .where(eq(lateAdjustments.StatusID, 1));
    expect(late).toBeGreaterThan(0);
    expect(q0.LateAdjustmentsPending).toBe(late);
    const [{ n: submitted }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(onboardingApplications)
      .where(eq(onboardingApplications.Stage, 'Submitted'));
    expect(q0.ApplicationsToReview).toBe(submitted);
    const [{ n: notPosted }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payrollInvoices)
      .where(eq(payrollInvoices.StatusID, 1));
    expect(q0.InvoicesNotPosted).toBe(notPosted);
    // Every payroll listed is open and has begun; the current windows' are calculated and running.
    expect(q0.Payrolls.length).toBeGreaterThan(0);
    for (const p of q0.Payrolls) expect(p.StartDate <= TODAY).toBe(true);
    expect(q0.Payrolls.some((p) => p.IsCalculated && !p.ReadyToLock && p.EndDate >= TODAY)).toBe(true);
    expect(q0.PayrollsToLock).toBe(q0.Payrolls.filter((p) => p.ReadyToLock).length);

    // An ended period unlocked without approval; a running period approved (waits for its lock);
    // a payroll whose calculation is cleared.
    const [ended] = await t.db
      .select()
      .from(payPeriods)
      .where(and(eq(payPeriods.IsLocked, true), sql`${payPeriods.EndDate} < ${TODAY}`))
      .limit(1);
    await t.db
      .update(payPeriods)
      .set({ IsApproved: false, IsLocked: false })
      .where(eq(payPeriods.PayPeriodID, ended.PayPeriodID));
    const [current] = await t.db
      .select()
      .from(payPeriods)
      .where(
        and(
          eq(payPeriods.IsApproved, false),
          sql`${payPeriods.StartDate} <= ${TODAY} and ${payPeriods.EndDate} >= ${TODAY}`,
        ),
      )
      .limit(1);
    await t.db
      .update(payPeriods)
      .set({ IsApproved: true })
      .where(eq(payPeriods.PayPeriodID, current.PayPeriodID));
    const running = q0.Payrolls.find((p) => p.IsCalculated && !p.ReadyToLock)!;
    await t.db.update(payrolls).set({ CalculatedAt: null }).where(eq(payrolls.PayrollID, running.PayrollID));
    // A late adjustment resolved leaves the queue.
    const [one] = await t.db.select().from(lateAdjustments).where(eq(lateAdjustments.StatusID, 1)).limit(1);
    await t.db
      .update(lateAdjustments)
      .set({ StatusID: 3 })
      .where(eq(lateAdjustments.LateAdjustmentID, one.LateAdjustmentID));

    // A hire and a change waiting for the payroll provider; a processed hire does not wait.
    const [hired] = await peopleAt('Toronto Central', 1);
    const events = await t.db
      .insert(employmentEvents)
      .values([
        { EventTypeID: 1, EmployeeID: hired.id, IcdOfficeID: office['Toronto Central'], OccurredAt: NOW },
        { EventTypeID: 3, EmployeeID: hired.id, IcdOfficeID: office['Toronto Central'], OccurredAt: NOW },
        {
          EventTypeID: 1,
          EmployeeID: hired.id,
          IcdOfficeID: office['Toronto Central'],
          OccurredAt: NOW,
          ProcessedAt: NOW,
        },
      ])
      .returning({ id: employmentEvents.EmploymentEventID });

    const q1 = await payrollQueue('payroll');
    expect(q1.PeriodsAwaitingApproval).toBe(q0.PeriodsAwaitingApproval + 1);
    expect(q1.PeriodsAwaitingLock).toBe(q0.PeriodsAwaitingLock + 1);
    expect(q1.PayrollsToCalculate).toBe(q0.PayrollsToCalculate + 1);
    expect(q1.Payrolls.find((p) => p.PayrollID === running.PayrollID)).toMatchObject({ IsCalculated: false });
    expect(q1.LateAdjustmentsPending).toBe(q0.LateAdjustmentsPending - 1);
    expect(q1.NewHiresToProcess).toBe(q0.NewHiresToProcess + 1);
    expect(q1.EmploymentEventsToProcess).toBe(q0.EmploymentEventsToProcess + 2);
    await t.db.delete(employmentEvents).where(
      inArray(
        employmentEvents.EmploymentEventID,
        events.map((e) => e.id),
      ),
    );

    await t.db
      .update(payPeriods)
      .set({ IsApproved: true, IsLocked: true })
      .where(eq(payPeriods.PayPeriodID, ended.PayPeriodID));
    await t.db
      .update(payPeriods)
      .set({ IsApproved: false })
      .where(eq(payPeriods.PayPeriodID, current.PayPeriodID));
    await t.db.update(payrolls).set({ CalculatedAt: NOW }).where(eq(payrolls.PayrollID, running.PayrollID));
    await t.db
      .update(lateAdjustments)
      .set({ StatusID: 1 })
      .where(eq(lateAdjustments.LateAdjustmentID, one.LateAdjustmentID));
  });

  it('locked payrolls are not in the queue; approved periods wait for their lock', async () => {
    const q = await payrollQueue('payroll');
    const locked = await t.db
      .select({ id: payrolls.PayrollID })
      .from(payrolls)
      .where(eq(payrolls.IsLocked, true));
    expect(locked.length).toBeGreaterThan(0);
    const lockedIds = new Set(locked.map((l) => l.id));
    expect(q.Payrolls.filter((p) => lockedIds.has(p.PayrollID))).toEqual([]);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payPeriods)
      .where(and(eq(payPeriods.IsApproved, true), eq(payPeriods.IsLocked, false)));
    expect(q.PeriodsAwaitingLock).toBe(n);
  });
});
