// RS (road-show) schedules: list/page/get/create/save/delete, employees and qualifying employees,
// an employee's schedule dates with their programs, stores and departments, the rotation by date;
// event hosts v1.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  employmentRecords,
  icdOffices,
  roleAssignments,
  roles,
  rsScheduleDates,
  rsScheduleEmployees,
  rsScheduleSales,
  rsSchedules,
  stores,
} from '../../server/db/tables';
import { rotationWeek } from '../../server/domain/scheduling/times';
import { hashPassword } from '../../server/modules/auth/passwords';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let staff: Session;
let rep: Session;
let calgaryManager: Session;
const ids: Record<string, number> = {};
const office: Record<string, number> = {};
let vancouverStore: number;

async function addManagerAt(officeName: string, userName: string): Promise<void> {
  const [o] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, officeName));
  const [emp] = await t.db
    .insert(employees)
    .values({
      FirstName: 'Cara',
      LastName: 'Lund',
      UserName: userName,
      EmailAddress: `${userName}@apex-demo.example`,
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
    })
    .returning();
  const [rec] = await t.db
    .insert(employmentRecords)
    .values({ EmployeeID: emp.EmployeeID, IcdOfficeID: o.IcdOfficeID, EmployeeStatusID: 1 })
    .returning();
  const [role] = await t.db.select().from(roles).where(eq(roles.Name, 'Manager'));
  await t.db
    .insert(roleAssignments)
    .values({ EmployeeID: emp.EmployeeID, RoleID: role.RoleID, EmploymentRecordID: rec.EmploymentRecordID });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  await addManagerAt('Calgary South', 'calgarymgr');
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [{ StoreID: vancouverStore }] = await t.db
    .select()
    .from(stores)
    .where(eq(stores.IcdOfficeID, office.vancouver));
  [manager, staff, rep, calgaryManager] = await Promise.all(
    ['manager', 'staff', 'rep', 'calgarymgr'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

/** How many schedules and their employees, dates and sales are stored: a refusal changes none. */
async function stored() {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    schedules: await count(t.db.select({ id: rsSchedules.RSScheduleID }).from(rsSchedules)),
    employees: await count(t.db.select({ id: rsScheduleEmployees.EmployeeID }).from(rsScheduleEmployees)),
    dates: await count(t.db.select({ id: rsScheduleDates.RSScheduleDateID }).from(rsScheduleDates)),
    sales: await count(t.db.select({ id: rsScheduleSales.RSScheduleSalesID }).from(rsScheduleSales)),
  };
}

interface ScheduleDetail {
  RSScheduleID: number;
  Version: number;
  RSScheduleDates: { RSScheduleDateID: number; EmployeeID: number; Date: string }[];
  RSScheduleSales: { RSScheduleSalesID: number; SalesAmount: number }[];
}

/**
 * A Toronto Central schedule of its own for a test, over a week (Monday to Sunday) no other test
 * uses: `employees` on it, staff working the Wednesday (Costco Road Show, store 1, department 2).
 */
async function newSchedule(monday: string, employees = [ids.staff]): Promise<ScheduleDetail> {
  const day = (n: number) => {
    const d = new Date(`${monday}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  const res = await manager.call({
    method: 'POST',
    url: '/api/rs-schedules',
    payload: {
      IcdOfficeID: office.toronto,
      StartDate: monday,
      EndDate: day(6),
      employeeIDs: employees,
      RSScheduleDates: [
        {
          EmployeeID: ids.staff,
          Date: day(2),
          ProgramID: 1,
          StoreID: 1,
          DepartmentID: 2,
          StartTime: '10:00:00',
          EndTime: '18:00:00',
        },
      ],
      RSScheduleSales: [{ Date: day(2), SalesAmount: 1234.5, AnonymousHours: 1.5 }],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<ScheduleDetail>();
}

describe('RS schedules', () => {
  const START = '2030-03-04';
  const END = '2030-03-10';

  it('the seeded schedule covers this week at Toronto, and the rotation finds it', async () => {
    const list = await manager.call({ method: 'GET', url: '/api/rs-schedules' });
    expect(list.statusCode).toBe(200);
    const [seeded] = list.json();
    expect(seeded).toMatchObject({ OfficeName: 'Toronto Central', EmployeeCount: 2 });
    const week = rotationWeek(seeded.StartDate);
    expect(seeded).toMatchObject(week);
    const rotation = await manager.call({
      method: 'GET',
      url: `/api/rs-schedules/rotation-by-date/${seeded.StartDate}?icdOfficeID=${office.toronto}`,
    });
    expect(rotation.json()).toEqual({ Date: seeded.StartDate, ...week, RSScheduleID: seeded.RSScheduleID });
    const one = await manager.call({ method: 'GET', url: `/api/rsschedule/${seeded.RSScheduleID}` });
    expect(one.json().RSScheduleSales.map((s: { SalesAmount: number }) => s.SalesAmount)).toEqual([
      1250, 890.5,
    ]);
    const rot = await manager.call({ method: 'GET', url: '/api/rs-schedules/rotation-by-date/2030-03-06' });
    expect(rot.json()).toEqual({ Date: '2030-03-06', StartDate: START, EndDate: END, RSScheduleID: null });
  });

  it('qualifying employees are the active RoadShow people of the office', async () => {
    const res = await manager.call({
      method: 'POST',
      url: '/api/RSSchedule/ListQualifyingEmployees',
      payload: { IcdOfficeID: office.toronto, StartDate: START, EndDate: END },
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((e: { EmployeeName: string }) => e.EmployeeName);
    expect(names).toContain('Sam Taylor');
    expect(names).toContain('Marco Rossi');
    expect(names).not.toContain('Riley Chen'); // Rogers only
    expect(names).not.toContain('Jordan Lee'); // pending applicant
    // Only people who can answer event assignments there may be given one (what the board offers).
    const canAnswer = (name: string) =>
      res.json().find((e: { EmployeeName: string }) => e.EmployeeName === name).CanAnswerEvents;
    expect(canAnswer('Sam Taylor')).toBe(true);
    expect(canAnswer('Marco Rossi')).toBe(false);
    const bad = await manager.call({
      method: 'POST',
      url: '/api/RSSchedule/ListQualifyingEmployees',
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toHaveProperty('IcdOfficeID');
  });

  it('a manager creates a schedule with employees, dates and sales', async () => {
    const res = await manager.call({
      method: 'POST',
      url: '/api/rs-schedules',
      payload: {
        IcdOfficeID: office.toronto,
        StartDate: '2030-06-03',
        EndDate: '2030-06-09',
        employeeIDs: [ids.staff],
        RSScheduleDates: [
          {
            EmployeeID: ids.staff,
            Date: '2030-06-05',
            ProgramID: 1,
            StoreID: 1,
            DepartmentID: 2,
            StartTime: '10:00:00',
            EndTime: '18:00:00',
          },
        ],
        RSScheduleSales: [{ Date: '2030-06-05', SalesAmount: 1234.5, AnonymousHours: 1.5 }],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      StartDate: '2030-06-03',
      EndDate: '2030-06-09',
      EmployeeCount: 1,
      Version: 1,
      Employees: [{ EmployeeID: ids.staff, EmployeeName: 'Sam Taylor' }],
      RSScheduleSales: [{ SalesAmount: 1234.5, AnonymousHours: 1.5 }],
    });
    expect(res.json().RSScheduleDates[0]).toMatchObject({
      EmployeeName: 'Sam Taylor',
      IcdOfficeID: office.toronto,
    });
  });

  it('refuses an overlapping schedule, someone not qualifying, and dates outside the period', async () => {
    await newSchedule('2030-06-10');
    const before = await stored();
    const base = { IcdOfficeID: office.toronto, StartDate: '2030-06-16', EndDate: '2030-06-22' };
    const overlap = await manager.call({ method: 'POST', url: '/api/rs-schedules', payload: base });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().Message).toBe(
      'Toronto Central already has an RS schedule from 2030-06-10 to 2030-06-16.',
    );
    const later = { ...base, StartDate: '2030-06-17', EndDate: '2030-06-23' };
    const rogers = await manager.call({
      method: 'POST',
      url: '/api/rs-schedules',
      payload: { ...later, employeeIDs: [ids.rep] },
    });
    expect(rogers.statusCode).toBe(422);
    expect(rogers.json().Message).toBe('Riley Chen cannot be scheduled at Toronto Central.');
    const outside = await manager.call({
      method: 'POST',
      url: '/api/rs-schedules',
      payload: {
        ...later,
        employeeIDs: [ids.staff],
        RSScheduleDates: [{ EmployeeID: ids.staff, Date: '2030-06-26' }],
      },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().Errors['RSScheduleDates.0.Date']).toEqual([
      'The date must be within the schedule (2030-06-17 to 2030-06-23).',
    ]);
    const wrongStore = await manager.call({
      method: 'POST',
      url: '/api/rs-schedules',
      payload: {
        ...later,
        employeeIDs: [ids.staff],
        RSScheduleDates: [
          { EmployeeID: ids.staff, Date: '2030-06-19', StoreID: vancouverStore, DepartmentID: 99 },
        ],
        RSScheduleSales: [{ ProgramID: 999, SalesAmount: 1 }],
      },
    });
    expect(wrongStore.statusCode).toBe(400);
    expect(wrongStore.json().Errors).toEqual({
      'RSScheduleDates.0.StoreID': ['The store is not at this office.'],
      'RSScheduleDates.0.DepartmentID': ['The department was not found.'],
      'RSScheduleSales.0.ProgramID': ['The program was not found.'],
    });
    const reversed = await manager.call({
      method: 'POST',
      url: '/api/rs-schedules',
      payload: { ...later, EndDate: '2030-06-01' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().Errors.EndDate).toEqual(['The end date must not be before the start date.']);
    expect(await stored()).toEqual(before);
  });

  it("the schedule's employee list: replaced by employeeIDs; someone with dates cannot be removed", async () => {
    const id = (await newSchedule('2030-06-24')).RSScheduleID;
    const res = await manager.call({
      method: 'POST',
      url: `/api/RSSchedule/RSScheduleEmployees/${id}`,
      payload: { employeeIDs: [ids.staff, ids.manager] },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((e: { EmployeeID: number }) => e.EmployeeID)
        .sort(),
    ).toEqual([ids.staff, ids.manager].sort());
    const listed = await manager.call({
      method: 'POST',
      url: '/api/RSSchedule/ListRSScheduleEmployees',
      payload: { RSScheduleID: id },
    });
    expect(listed.json()).toHaveLength(2);
    const qualifying = await manager.call({
      method: 'POST',
      url: '/api/RSSchedule/ListQualifyingEmployees',
      payload: { RSScheduleID: id },
    });
    const staffRow = qualifying.json().find((e: { EmployeeID: number }) => e.EmployeeID === ids.staff);
    expect(staffRow.IsScheduled).toBe(true);
    const before = await stored();
    const removing = await manager.call({
      method: 'POST',
      url: `/api/RSSchedule/RSScheduleEmployees/${id}`,
      payload: { employeeIDs: [ids.manager] },
    });
    expect(removing.statusCode).toBe(422);
    expect(removing.json().Message).toBe('Sam Taylor has dates on this schedule; remove those dates first.');
    expect(await stored()).toEqual(before);
  });

  it('PUT saves dates and sales by id (kept, added, removed); a stale Version is 409 with Current', async () => {
    const detail = await newSchedule('2030-07-01', [ids.staff, ids.manager]);
    const id = detail.RSScheduleID;
    const current = (await manager.call({ method: 'GET', url: `/api/rsschedule/${id}` })).json();
    const payload = {
      StartDate: '2030-07-01',
      EndDate: '2030-07-07',
      Notes: 'Costco week',
      Version: current.Version,
      RSScheduleDates: [
        { ...current.RSScheduleDates[0], DepartmentID: 1 },
        { EmployeeID: ids.manager, Date: '2030-07-05' },
      ],
      RSScheduleSales: [{ Date: '2030-07-05', SalesAmount: 99.99 }],
    };
    const res = await manager.call({ method: 'PUT', url: `/api/rsschedule/${id}`, payload });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Version).toBe(current.Version + 1);
    expect(body.Notes).toBe('Costco week');
    expect(body.RSScheduleDates).toHaveLength(2);
    expect(body.RSScheduleDates[0]).toMatchObject({
      RSScheduleDateID: detail.RSScheduleDates[0].RSScheduleDateID,
      DepartmentID: 1,
    });
    expect(body.RSScheduleSales).toEqual([
      expect.objectContaining({ SalesAmount: 99.99, AnonymousHours: 0 }),
    ]);

    const saved = (await manager.call({ method: 'GET', url: `/api/rsschedule/${id}` })).json();
    const before = await stored();
    /** Each refusal below leaves the schedule as it was saved. */
    const unchanged = async () => {
      expect(await stored()).toEqual(before);
      expect((await manager.call({ method: 'GET', url: `/api/rsschedule/${id}` })).json()).toEqual(saved);
    };
    const stale = await manager.call({
      method: 'PUT',
      url: `/api/rsschedule/${id}`,
      payload: { ...payload, Notes: 'draft' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({
      RSScheduleID: id,
      Notes: 'Costco week',
      Version: current.Version + 1,
    });
    await unchanged();

    const foreign = await manager.call({
      method: 'PUT',
      url: `/api/rsschedule/${id}`,
      payload: {
        ...payload,
        Version: body.Version,
        RSScheduleSales: [{ RSScheduleSalesID: 999999, SalesAmount: 1 }],
      },
    });
    expect(foreign.statusCode).toBe(422);
    await unchanged();
    const stranger = await manager.call({
      method: 'PUT',
      url: `/api/rsschedule/${id}`,
      payload: {
        ...payload,
        Version: body.Version,
        RSScheduleDates: [{ EmployeeID: ids.owner, Date: '2030-07-02' }],
      },
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().Message).toBe(
      'Dana Whitfield is not on this schedule; add them to its employees first.',
    );
    await unchanged();
  });

  it('an employee reads their own schedule dates with programs, stores and departments', async () => {
    const detail = await newSchedule('2030-07-08');
    const [date] = detail.RSScheduleDates;
    const moved = await manager.call({
      method: 'PUT',
      url: `/api/rsschedule/${detail.RSScheduleID}`,
      payload: {
        StartDate: '2030-07-08',
        EndDate: '2030-07-14',
        Version: detail.Version,
        RSScheduleDates: [{ ...date, DepartmentID: 1 }],
        RSScheduleSales: detail.RSScheduleSales,
      },
    });
    expect(moved.statusCode).toBe(200);
    const base = `/api/employees/${ids.staff}/icd-offices/${office.toronto}/schedule-dates/2030-07-10`;
    const dates = await staff.call({ method: 'GET', url: base });
    expect(dates.statusCode).toBe(200);
    expect(dates.json()).toEqual([
      expect.objectContaining({
        EmployeeID: ids.staff,
        Date: '2030-07-10',
        ProgramID: 1,
        StoreID: 1,
        DepartmentID: 1,
      }),
    ]);
    const programs = (await staff.call({ method: 'GET', url: `${base}/programs` })).json();
    expect(programs).toEqual([{ Id: 1, Name: 'Costco Road Show', IsScheduled: true }]);
    const allPrograms = (await staff.call({ method: 'GET', url: `${base}/programs?showAll=true` })).json();
    expect(allPrograms.length).toBeGreaterThan(1);
    expect(allPrograms[0]).toEqual({ Id: 1, Name: 'Costco Road Show', IsScheduled: true });
    const stores = (await staff.call({ method: 'GET', url: `${base}/stores?selectedStoreID=2` })).json();
    expect(stores.map((s: { Id: number; IsScheduled: boolean }) => [s.Id, s.IsScheduled])).toEqual([
      [1, true],
      [2, false],
    ]);
    const departments = (await staff.call({ method: 'GET', url: `${base}/departments?showAll=1` })).json();
    expect(departments[0]).toEqual({ Id: 1, Name: 'Electronics', IsScheduled: true });
    expect(departments).toHaveLength(5);
    const none = await staff.call({
      method: 'GET',
      url: `/api/employees/${ids.staff}/icd-offices/${office.toronto}/schedule-dates/2030-07-11/departments`,
    });
    expect(none.json()).toEqual([]);
  });

  it("others' schedule dates: a manager of the office yes; staff and other offices' managers no", async () => {
    const url = `/api/employees/${ids.staff}/icd-offices/${office.toronto}/schedule-dates/2030-03-06`;
    expect((await manager.call({ method: 'GET', url })).statusCode).toBe(200);
    expect(
      (
        await staff.call({
          method: 'GET',
          url: `/api/employees/${ids.manager}/icd-offices/${office.toronto}/schedule-dates/2030-03-08`,
        })
      ).statusCode,
    ).toBe(403);
    expect((await calgaryManager.call({ method: 'GET', url })).statusCode).toBe(403);
    const bad = await manager.call({
      method: 'GET',
      url: `/api/employees/${ids.staff}/icd-offices/${office.toronto}/schedule-dates/06-03-2030`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('permissions and scope', async () => {
    const id = (await newSchedule('2030-07-22')).RSScheduleID;
    const before = await stored();
    expect((await staff.call({ method: 'GET', url: '/api/rs-schedules' })).statusCode).toBe(403);
    expect((await rep.call({ method: 'GET', url: `/api/rsschedule/${id}` })).statusCode).toBe(403);
    expect((await calgaryManager.call({ method: 'GET', url: `/api/rsschedule/${id}` })).statusCode).toBe(404);
    expect((await calgaryManager.call({ method: 'GET', url: '/api/rs-schedules' })).json()).toEqual([]);
    expect(
      (
        await calgaryManager.call({
          method: 'POST',
          url: '/api/rs-schedules',
          payload: { IcdOfficeID: office.toronto, StartDate: '2031-01-06', EndDate: '2031-01-12' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await calgaryManager.call({
          method: 'POST',
          url: '/api/RSSchedule/ListRSScheduleEmployees',
          payload: { RSScheduleID: id },
        })
      ).statusCode,
    ).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('pages and deletes', async () => {
    const created = await newSchedule('2030-07-29');
    const id = created.RSScheduleID;
    const all = (await manager.call({ method: 'GET', url: '/api/RSSchedule/page/0?pageSize=500' })).json<{
      TotalCount: number;
      Items: { RSScheduleID: number }[];
    }>();
    expect(all.Items).toHaveLength(all.TotalCount);
    const at = all.Items.findIndex((r) => r.RSScheduleID === id);
    expect(at).toBeGreaterThanOrEqual(0);
    // Pages of one follow the same order (the path's case does not matter).
    const page = await manager.call({ method: 'GET', url: `/api/rsschedule/page/${at}?pageSize=1` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ TotalCount: all.TotalCount, PageIndex: at, PageSize: 1 });
    expect(page.json().Items.map((r: { RSScheduleID: number }) => r.RSScheduleID)).toEqual([id]);
    // Someone else saved it meanwhile: a delete with the Version first seen is a conflict.
    const renamed = await manager.call({
      method: 'PUT',
      url: `/api/rsschedule/${id}`,
      payload: {
        StartDate: '2030-07-29',
        EndDate: '2030-08-04',
        Notes: 'Saved meanwhile',
        Version: created.Version,
        RSScheduleDates: created.RSScheduleDates,
        RSScheduleSales: created.RSScheduleSales,
      },
    });
    expect(renamed.statusCode).toBe(200);
    const current = (await manager.call({ method: 'GET', url: `/api/rsschedule/${id}` })).json();
    expect(
      (await manager.call({ method: 'DELETE', url: `/api/rsschedule/${id}?version=${created.Version}` }))
        .statusCode,
    ).toBe(409);
    const res = await manager.call({
      method: 'DELETE',
      url: `/api/rsschedule/${id}?version=${current.Version}`,
    });
    expect(res.statusCode).toBe(204);
    expect((await manager.call({ method: 'GET', url: `/api/rsschedule/${id}` })).statusCode).toBe(404);
  });
});

describe('event hosts v1', () => {
  let hostId: number;

  it('lists, pages and filters by type', async () => {
    const res = await manager.call({ method: 'GET', url: '/api/v1/event-hosts?hostTypeID=3' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((h: { Name: string }) => h.Name)).toEqual(['Yorkdale Shopping Centre']);
    const page = await manager.call({ method: 'GET', url: '/api/v1/event-hosts/page/1?pageSize=2' });
    expect(page.json()).toMatchObject({ TotalCount: 5, PageIndex: 1, PageSize: 2 });
    expect(page.json().Items).toHaveLength(2);
    const search = await manager.call({ method: 'GET', url: '/api/v1/event-hosts?search=cost' });
    expect(search.json().map((h: { Name: string }) => h.Name)).toEqual(['Costco Wholesale']);
  });

  it('creates, reads, saves with Version (409 when stale) and deletes an unused host', async () => {
    const created = await manager.call({
      method: 'POST',
      url: '/api/v1/event-hosts',
      payload: {
        Name: 'Toronto Auto Show',
        HostTypeID: 4,
        City: 'Toronto',
        StateProvince: 'ON',
        CountryID: 2,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      Name: 'Toronto Auto Show',
      HostTypeID: 4,
      IsActive: true,
      Version: 1,
      StreetLine1: null,
    });
    hostId = created.json().EventHostID;
    expect((await manager.call({ method: 'GET', url: `/api/v1/event-hosts/${hostId}` })).json().Name).toBe(
      'Toronto Auto Show',
    );

    const saved = await manager.call({
      method: 'PUT',
      url: `/api/v1/event-hosts/${hostId}`,
      payload: { Name: 'Canadian International Auto Show', HostTypeID: 4, Version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Name: 'Canadian International Auto Show', Version: 2, City: null });
    const stale = await manager.call({
      method: 'PUT',
      url: `/api/v1/event-hosts/${hostId}`,
      payload: { Name: 'Auto Show', HostTypeID: 4, Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ EventHostID: hostId, Version: 2 });

    expect((await manager.call({ method: 'DELETE', url: `/api/v1/event-hosts/${hostId}` })).statusCode).toBe(
      204,
    );
    expect((await manager.call({ method: 'GET', url: `/api/v1/event-hosts/${hostId}` })).statusCode).toBe(
      404,
    );
  });

  it('a host used by events cannot be deleted; inactive hosts are hidden unless asked for', async () => {
    const res = await manager.call({ method: 'DELETE', url: '/api/v1/event-hosts/1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().Message).toMatch(
      /^This event host is used by \d+ schedule events; make it inactive instead\.$/,
    );
    const host = (await manager.call({ method: 'GET', url: '/api/v1/event-hosts/1' })).json();
    expect(host).toMatchObject({ EventHostID: 1, IsActive: true });
    // Los Angeles events use host 1 too: only someone managing every office may change it.
    const admin = await t.signIn('admin');
    const inactive = await admin.call({
      method: 'PUT',
      url: '/api/v1/event-hosts/1',
      payload: { ...host, IsActive: false },
    });
    expect(inactive.statusCode).toBe(200);
    try {
      const active = (await manager.call({ method: 'GET', url: '/api/v1/event-hosts' })).json();
      expect(active.map((h: { EventHostID: number }) => h.EventHostID)).not.toContain(1);
      const all = (
        await manager.call({ method: 'GET', url: '/api/v1/event-hosts?includeInactive=true' })
      ).json();
      expect(all.map((h: { EventHostID: number }) => h.EventHostID)).toContain(1);
    } finally {
      // Active again for the other tests, whatever order they run in.
      const again = await admin.call({
        method: 'PUT',
        url: '/api/v1/event-hosts/1',
        payload: { ...host, IsActive: true, Version: inactive.json().Version },
      });
      expect(again.statusCode).toBe(200);
    }
  });

  it('bad input is 400; staff cannot manage hosts', async () => {
    const bad = await manager.call({
      method: 'POST',
      url: '/api/v1/event-hosts',
      payload: { Name: ' ', HostTypeID: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Errors).sort()).toEqual(['HostTypeID', 'Name']);
    expect((await staff.call({ method: 'GET', url: '/api/v1/event-hosts' })).statusCode).toBe(403);
    expect(
      (
        await staff.call({
          method: 'POST',
          url: '/api/v1/event-hosts',
          payload: { Name: 'X', HostTypeID: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });
});
