// Time entries through the API (spec 002 §3, §5, §7): every route, the rules, who may see and
// change whose entries, field errors, stale versions, soft delete and Idempotency-Key replays.
// Test entries use dates in 2030+, far from the seeded weeks.
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  employmentRecords,
  icdOffices,
  programs,
  roleAssignments,
  roles,
  stores,
  timeEntries,
} from '../../server/db/tables';
import { addDays } from '../../server/domain/time/clock-time';
import { weekOf } from '../../server/domain/time/week';
import { hashPassword } from '../../server/modules/auth/passwords';
import { EmployeeStatus } from '../../src/contract/common';
import type {
  ClockLookups,
  TimeEntry,
  TimeEntryPage,
  TimeEntrySave,
  TimeEntryType,
  TimeEntryV2Result,
  WeekSummary,
} from '../../src/contract/time';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let staff: Session;
let rep: Session;
let manager: Session;
let vanmgr: Session;
let admin: Session;
let payroll: Session;
let owner: Session;
let auditor: Session;

const ids = { staff: 0, rep: 0, manager: 0, admin: 0, vanmgr: 0 };
let toronto = 0;
let vancouver = 0;
let chicago = 0;
const program = { costco: 0, walmart: 0, d2d: 0, dtv: 0 };
const store = { etobicoke: 0, dufferin: 0, costcoVancouver: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const emp = async (u: string) => (await db.select().from(employees).where(eq(employees.UserName, u)))[0];
  const office = async (name: string) =>
    (await db.select().from(icdOffices).where(eq(icdOffices.OfficeName, name)))[0].IcdOfficeID;
  const programId = async (name: string) =>
    (await db.select().from(programs).where(eq(programs.Name, name)))[0].ProgramID;
  const storeId = async (name: string) =>
    (await db.select().from(stores).where(eq(stores.Name, name)))[0].StoreID;
  toronto = await office('Toronto Central');
  vancouver = await office('Vancouver Harbour');
  chicago = await office('Chicago Loop');
  Object.assign(program, {
    costco: await programId('Costco Road Show'),
    walmart: await programId('Walmart Events'),
    d2d: await programId('Rogers Door-to-Door'),
    dtv: await programId('Dtv Residential'),
  });
  Object.assign(store, {
    etobicoke: await storeId('Costco Etobicoke'),
    dufferin: await storeId('Walmart Dufferin Mall'),
    costcoVancouver: await storeId('Costco Vancouver'),
  });
  for (const u of ['staff', 'rep', 'manager', 'admin'] as const) ids[u] = (await emp(u)).EmployeeID;

  // A manager of another office (Vancouver Harbour), arranged directly in the database.
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
  await db.insert(roleAssignments).values({
    EmployeeID: vera.EmployeeID,
    RoleID: managerRole.RoleID,
    EmploymentRecordID: record.EmploymentRecordID,
  });

  [staff, rep, manager, vanmgr, admin, payroll, owner, auditor] = await Promise.all(
    ['staff', 'rep', 'manager', 'vanmgr', 'admin', 'payroll', 'owner', 'auditor'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

/** A work entry at Toronto Central, Costco Road Show, Costco Etobicoke. */
function body(overrides: Partial<TimeEntrySave> & Record<string, unknown> = {}): TimeEntrySave {
  return {
    Date: '2030-01-07',
    TimeEntryTypeID: 1,
    IcdOfficeID: toronto,
    ProgramID: program.costco,
    StoreID: store.etobicoke,
    TimeZoneOffset: -300,
    IsRealTime: true,
    StartTime: '09:00:00',
    EndTime: '17:00:00',
    ...overrides,
  };
}

const post = (s: Session, payload: object, headers: Record<string, string> = {}) =>
  s.call({ method: 'POST', url: '/api/time-entries', payload, headers });
const get = (s: Session, url: string) => s.call({ method: 'GET', url: `/api/${url}` });

async function create(s: Session, payload: TimeEntrySave): Promise<TimeEntry> {
  const res = await post(s, payload);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<TimeEntry>();
}

async function rowsWith(comment: string) {
  return t.db.select().from(timeEntries).where(eq(timeEntries.Comments, comment));
}

describe('lookups', () => {
  it('GET time-entry-types lists the types (signed in only)', async () => {
    const res = await get(staff, 'time-entry-types');
    expect(res.statusCode).toBe(200);
    const types = res.json<TimeEntryType[]>();
    expect(types.slice(0, 4)).toEqual([
      { TimeEntryTypeID: 1, Name: 'Work' },
      { TimeEntryTypeID: 2, Name: 'Training' },
      { TimeEntryTypeID: 3, Name: 'Travel' },
      { TimeEntryTypeID: 4, Name: 'Meeting' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/time-entry-types' })).statusCode).toBe(401);
  });

  it("GET time-entries/clock-lookups: the caller's offices with the programs of their divisions and the stores", async () => {
    const res = await get(staff, 'time-entries/clock-lookups');
    expect(res.statusCode).toBe(200);
    const lookups = res.json<ClockLookups>();
    expect(lookups.EmployeeID).toBe(ids.staff);
    expect(lookups.DefaultTimeEntryTypeID).toBe(1);
    expect(lookups.TimeEntryTypes.map((x) => x.Name)).toContain('Work');
    expect(lookups.Offices.map((o) => o.OfficeName)).toEqual(['Toronto Central']);
    const [office] = lookups.Offices;
    expect(office).toMatchObject({ IcdOfficeID: toronto, City: 'Toronto', TimeZone: 'America/Toronto' });
    // Staff works RoadShow only: no Rogers programs.
    const names = office.Programs.map((p) => p.Name);
    expect(names).toContain('Costco Road Show');
    expect(names).toContain('Walmart Events');
    expect(names.some((n) => n.startsWith('Rogers'))).toBe(false);
    const costco = office.Programs.find((p) => p.Name === 'Costco Road Show')!;
    expect(costco.DivisionID).toBe(29);
    expect(costco.Stores.map((s) => s.Name)).toEqual(['Costco Etobicoke', 'Costco Scarborough']);
    expect(costco.Stores[0]).toMatchObject({
      RetailerName: 'Costco',
      City: 'Etobicoke',
      StateProvince: 'ON',
    });
  });

  it('a field rep sees the Rogers programs; door-to-door has no stores', async () => {
    const lookups = (await get(rep, 'time-entries/clock-lookups')).json<ClockLookups>();
    const names = lookups.Offices[0].Programs.map((p) => p.Name);
    expect(names).toEqual(['Rogers Business Outreach', 'Rogers Door-to-Door', 'Rogers Retail Kiosk']);
    expect(lookups.Offices[0].Programs.find((p) => p.Name === 'Rogers Door-to-Door')!.Stores).toEqual([]);
  });

  it("another employee's lookups need time:manage on their office", async () => {
    const mine = await get(manager, `time-entries/clock-lookups?employeeId=${ids.staff}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<ClockLookups>().EmployeeID).toBe(ids.staff);
    expect((await get(rep, `time-entries/clock-lookups?employeeId=${ids.staff}`)).statusCode).toBe(403);
    expect((await get(vanmgr, `time-entries/clock-lookups?employeeId=${ids.staff}`)).statusCode).toBe(403);
  });

  it('users without time:own or time:manage are refused', async () => {
    const res = await get(auditor, 'time-entries/clock-lookups');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Message: 'You do not have permission to do this.' });
    expect((await get(auditor, 'time-entries')).statusCode).toBe(403);
    expect((await post(auditor, body())).statusCode).toBe(403);
  });
});

describe('the seeded weeks', () => {
  it('staff, rep and manager have work entries with breaks at Toronto Central in the past weeks', async () => {
    const db = t.db;
    const today = new Date().toISOString().slice(0, 10);
    const since = addDays(weekOf(today).start, -21);
    for (const u of ['staff', 'rep', 'manager'] as const) {
      const rows = await db
        .select()
        .from(timeEntries)
        .where(
          and(
            eq(timeEntries.EmployeeID, ids[u]),
            gte(timeEntries.Date, since),
            lte(timeEntries.Date, today),
            isNull(timeEntries.DeletedAt),
          ),
        );
      expect(rows.filter((r) => !r.IsBreak).length).toBeGreaterThan(8);
      expect(rows.filter((r) => r.IsBreak).length).toBeGreaterThan(8);
      expect(rows.every((r) => r.IcdOfficeID === toronto)).toBe(true);
    }
    // The timesheet of a past week shows totals.
    const week = (
      await get(staff, `time-entries/week/${addDays(weekOf(today).start, -7)}`)
    ).json<WeekSummary>();
    expect(week.WorkedMinutes).toBeGreaterThan(0);
    expect(week.BreakMinutes).toBeGreaterThan(0);
  });
});

describe('POST time-entries and GET time-entries/{id}', () => {
  it('creates an entry: 201 with its server Id, Version 1, and the counted minutes', async () => {
    const res = await post(
      staff,
      body({ Comments: '  created  ', Latitude: 43.6216, Longitude: -79.5189, LocationAccuracy: 8.5 }),
    );
    expect(res.statusCode).toBe(201);
    const entry = res.json<TimeEntry>();
    expect(entry).toMatchObject({
      Date: '2030-01-07',
      EmployeeID: ids.staff,
      TimeEntryTypeID: 1,
      IcdOfficeID: toronto,
      ProgramID: program.costco,
      StoreID: store.etobicoke,
      Comments: 'created',
      IsRealTime: true,
      TimeZoneOffset: -300,
      StartTime: '09:00:00',
      EndTime: '17:00:00',
      IsBreak: false,
      ParentTimeEntryID: null,
      Latitude: 43.6216,
      Longitude: -79.5189,
      LocationAccuracy: 8.5,
      Minutes: 480,
      EndsNextDay: false,
      Version: 1,
    });
    expect(entry.Id).toBeGreaterThan(0);
    expect(typeof entry.CreatedAt).toBe('string');
    const again = await get(staff, `time-entries/${entry.Id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(entry);
  });

  it('bad input gets 400 with the field errors', async () => {
    const res = await post(staff, {
      ...body(),
      Date: '07/01/2030',
      StartTime: '25:00:00',
      Comments: 'x'.repeat(1001),
      IcdOfficeID: undefined,
      TimeZoneOffset: 2000,
    });
    expect(res.statusCode).toBe(400);
    const { Message, Errors } = res.json();
    expect(Message).toBe('The request is not valid.');
    expect(Errors.Date).toEqual(['Use the format YYYY-MM-DD']);
    expect(Errors.StartTime).toEqual(['Use the format HH:mm:ss']);
    expect(Errors.Comments).toEqual(['Comments are limited to 1000 characters']);
    expect(Errors.IcdOfficeID).toBeDefined();
    expect(Errors.TimeZoneOffset).toEqual(['The time-zone offset is out of range']);

    const noDay = await post(staff, body({ Date: '2030-02-30' }));
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().Errors.Date).toEqual(['This date does not exist']);
  });

  it('refuses an end without a start, equal times and no times at all', async () => {
    const endOnly = await post(staff, body({ StartTime: null, EndTime: '10:00:00' }));
    expect(endOnly.statusCode).toBe(400);
    expect(endOnly.json().Errors).toEqual({ StartTime: ['Enter a start time before an end time.'] });
    const same = await post(staff, body({ EndTime: '09:00:00' }));
    expect(same.json().Errors).toEqual({ EndTime: ['The end time must differ from the start time.'] });
    const none = await post(staff, body({ StartTime: null, EndTime: null }));
    expect(none.json()).toEqual({
      Message: 'Enter a start time.',
      Errors: { StartTime: ['Enter a start time.'] },
    });
  });

  it('checks the type, program, store and coordinates against the office', async () => {
    const type = await post(staff, body({ TimeEntryTypeID: 99 }));
    expect(type.statusCode).toBe(400);
    expect(type.json().Errors).toEqual({ TimeEntryTypeID: ['This time entry type does not exist.'] });
    const dtv = await post(staff, body({ ProgramID: program.dtv, StoreID: null }));
    expect(dtv.json().Errors).toEqual({ ProgramID: ['This program is not worked at this office.'] });
    const otherStore = await post(staff, body({ StoreID: store.costcoVancouver }));
    expect(otherStore.json().Errors).toEqual({ StoreID: ['This store does not belong to this office.'] });
    const mismatch = await post(staff, body({ StoreID: store.dufferin }));
    expect(mismatch.json().Errors).toEqual({ StoreID: ['This store is not part of the chosen program.'] });
    const half = await post(staff, body({ Latitude: 43.6 }));
    expect(half.json().Errors).toEqual({ Longitude: ['Send both Latitude and Longitude, or neither.'] });
    const office = await post(staff, body({ IcdOfficeID: 99999 }));
    expect(office.json().Errors).toEqual({ IcdOfficeID: ['This office does not exist.'] });
  });

  it('a store without a program takes the store’s program', async () => {
    const entry = await create(staff, body({ Date: '2030-01-08', ProgramID: null, StoreID: store.dufferin }));
    expect(entry.ProgramID).toBe(program.walmart);
  });

  it('refuses an office where the user has no active employment record', async () => {
    const res = await post(staff, body({ IcdOfficeID: vancouver, ProgramID: null, StoreID: null }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      Message: 'You can record time only at an office where you are actively employed.',
    });
    expect(await rowsWith('never')).toEqual([]);
  });

  it('…unless the user has time:manage on it (admin at Chicago)', async () => {
    const entry = await create(admin, body({ IcdOfficeID: chicago, ProgramID: null, StoreID: null }));
    expect(entry).toMatchObject({ EmployeeID: ids.admin, IcdOfficeID: chicago });
  });
});

describe('rules: open punches, overnight shifts, overlaps', () => {
  it('an open punch counts 0 until it is closed', async () => {
    const open = await create(staff, body({ Date: '2030-02-04', EndTime: null }));
    expect(open).toMatchObject({ EndTime: null, Minutes: 0 });
    const closed = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${open.Id}`,
      payload: { EndTime: '12:30:15', Version: 1 },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ EndTime: '12:30:15', Minutes: 210, Version: 2 });
  });

  it('an end before the start ends the next day', async () => {
    const night = await create(
      rep,
      body({
        Date: '2030-02-05',
        StartTime: '22:00:00',
        EndTime: '06:00:00',
        ProgramID: program.d2d,
        StoreID: null,
      }),
    );
    expect(night).toMatchObject({ EndsNextDay: true, Minutes: 480 });
    const morning = await post(
      rep,
      body({
        Date: '2030-02-06',
        StartTime: '05:00:00',
        EndTime: '09:00:00',
        ProgramID: program.d2d,
        StoreID: null,
      }),
    );
    expect(morning.statusCode).toBe(400);
    expect(morning.json()).toEqual({
      Message: 'This entry overlaps another work entry from 22:00 to 06:00.',
      Errors: { StartTime: ['This entry overlaps another work entry from 22:00 to 06:00.'] },
    });
    // Starting when the night shift ends is fine.
    await create(
      rep,
      body({
        Date: '2030-02-06',
        StartTime: '06:00:00',
        EndTime: '09:00:00',
        ProgramID: program.d2d,
        StoreID: null,
      }),
    );
  });

  it('refuses overlapping work entries of one employee, not of two', async () => {
    await create(staff, body({ Date: '2030-02-11', StartTime: '08:00:00', EndTime: '12:00:00' }));
    const overlap = await post(
      staff,
      body({ Date: '2030-02-11', StartTime: '11:30:00', EndTime: '15:00:00' }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().Message).toBe('This entry overlaps another work entry from 08:00 to 12:00.');
    await create(staff, body({ Date: '2030-02-11', StartTime: '12:00:00', EndTime: '15:00:00' }));
    await create(
      rep,
      body({
        Date: '2030-02-11',
        StartTime: '08:00:00',
        EndTime: '12:00:00',
        ProgramID: program.d2d,
        StoreID: null,
      }),
    );
  });

  it('an edit that would overlap is refused too', async () => {
    const a = await create(staff, body({ Date: '2030-02-12', StartTime: '08:00:00', EndTime: '10:00:00' }));
    const b = await create(staff, body({ Date: '2030-02-12', StartTime: '11:00:00', EndTime: '12:00:00' }));
    const res = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${b.Id}`,
      payload: { StartTime: '09:30:00', Version: b.Version },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('This entry overlaps another work entry from 08:00 to 10:00.');
    // The entry itself does not count as an overlap of its own edit.
    const self = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${a.Id}`,
      payload: { EndTime: '10:30:00', Version: a.Version },
    });
    expect(self.statusCode).toBe(200);
  });
});

describe('breaks', () => {
  it('a break inside its work entry is filed under it', async () => {
    const work = await create(staff, body({ Date: '2030-03-04' }));
    const brk = await create(
      staff,
      body({
        Date: '2030-03-04',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
        ProgramID: null,
        StoreID: null,
      }),
    );
    expect(brk).toMatchObject({
      IsBreak: true,
      ParentTimeEntryID: work.Id,
      Date: '2030-03-04',
      IcdOfficeID: toronto,
      ProgramID: program.costco,
      StoreID: store.etobicoke,
      Minutes: 30,
    });
  });

  it('a break outside its work entry gets a clear 400', async () => {
    const work = await create(staff, body({ Date: '2030-03-05' }));
    const res = await post(
      staff,
      body({
        Date: '2030-03-05',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '16:45:00',
        EndTime: '17:15:00',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('A break must lie inside its work entry, from 09:00 to 17:00.');
  });

  it('a break needs a work entry of the same employee that is not itself a break', async () => {
    const noParent = await post(staff, body({ Date: '2030-03-06', IsBreak: true }));
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().Errors).toEqual({
      ParentTimeEntryID: ['A break needs its work entry (ParentTimeEntryID).'],
    });
    const work = await create(staff, body({ Date: '2030-03-06' }));
    const foreign = await post(
      rep,
      body({
        Date: '2030-03-06',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().Message).toBe('The work entry of this break was not found.');
    const brk = await create(
      staff,
      body({
        Date: '2030-03-06',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
      }),
    );
    const nested = await post(
      staff,
      body({
        Date: '2030-03-06',
        IsBreak: true,
        ParentTimeEntryID: brk.Id,
        StartTime: '12:10:00',
        EndTime: '12:20:00',
      }),
    );
    expect(nested.json().Message).toBe('A break belongs to a work entry, not to another break.');
    const overlapping = await post(
      staff,
      body({
        Date: '2030-03-06',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '12:15:00',
        EndTime: '12:45:00',
      }),
    );
    expect(overlapping.json().Message).toBe('This break overlaps another break from 12:00 to 12:30.');
    const workWithParent = await post(staff, body({ Date: '2030-03-07', ParentTimeEntryID: work.Id }));
    expect(workWithParent.json().Errors).toEqual({
      ParentTimeEntryID: ['Only a break has a work entry (ParentTimeEntryID).'],
    });
  });

  it('an open work entry accepts a break after its start; closing it before the break ends is refused', async () => {
    const work = await create(staff, body({ Date: '2030-03-11', EndTime: null }));
    const brk = await create(
      staff,
      body({
        Date: '2030-03-11',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '13:00:00',
        EndTime: '13:30:00',
      }),
    );
    expect(brk.Minutes).toBe(30);
    const early = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${work.Id}`,
      payload: { EndTime: '13:15:00', Version: work.Version },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().Message).toBe(
      'The break from 13:00 to 13:30 would lie outside this entry. Change the break first.',
    );
    const ok = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${work.Id}`,
      payload: { EndTime: '17:00:00', Version: work.Version },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a break past midnight of an overnight shift', async () => {
    const night = await create(
      rep,
      body({
        Date: '2030-03-12',
        StartTime: '22:00:00',
        EndTime: '06:00:00',
        ProgramID: program.d2d,
        StoreID: null,
      }),
    );
    const brk = await create(
      rep,
      body({
        Date: '2030-03-13',
        IsBreak: true,
        ParentTimeEntryID: night.Id,
        StartTime: '01:00:00',
        EndTime: '01:30:00',
      }),
    );
    expect(brk).toMatchObject({ Date: '2030-03-12', Minutes: 30 });
  });

  it('moving a work entry to another date moves its breaks with it', async () => {
    const work = await create(staff, body({ Date: '2030-03-14' }));
    const brk = await create(
      staff,
      body({
        Date: '2030-03-14',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
      }),
    );
    const moved = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${work.Id}`,
      payload: { Date: '2030-03-15', Version: work.Version },
    });
    expect(moved.statusCode).toBe(200);
    const after = (await get(staff, `time-entries/${brk.Id}`)).json<TimeEntry>();
    expect(after).toMatchObject({ Date: '2030-03-15', Version: brk.Version + 1 });
  });
});

describe('PATCH between kinds', () => {
  it('a break patched to IsBreak false becomes a work entry of its own', async () => {
    const work = await create(staff, body({ Date: '2030-03-18' }));
    const brk = await create(
      staff,
      body({
        Date: '2030-03-18',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
      }),
    );
    const inside = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${brk.Id}`,
      payload: { IsBreak: false, Version: brk.Version },
    });
    expect(inside.statusCode).toBe(400);
    expect(inside.json().Message).toBe('This entry overlaps another work entry from 09:00 to 17:00.');
    const res = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${brk.Id}`,
      payload: { IsBreak: false, StartTime: '18:00:00', EndTime: '19:00:00', Version: brk.Version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ IsBreak: false, ParentTimeEntryID: null, Minutes: 60, Version: 2 });
    const toBreak = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${work.Id}`,
      payload: { IsBreak: true, Version: work.Version },
    });
    expect(toBreak.json().Errors).toEqual({
      ParentTimeEntryID: ['A break needs its work entry (ParentTimeEntryID).'],
    });
  });
});

describe('GET time-entries/week/{date}', () => {
  it('the Monday–Sunday week with per-day and week totals in minutes', async () => {
    const monday = await create(staff, body({ Date: '2030-04-01' }));
    await create(
      staff,
      body({
        Date: '2030-04-01',
        IsBreak: true,
        ParentTimeEntryID: monday.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
      }),
    );
    await create(staff, body({ Date: '2030-04-03', StartTime: '10:00:00', EndTime: null }));
    await create(staff, body({ Date: '2030-04-07', StartTime: '10:00:00', EndTime: '11:00:00' }));
    await create(staff, body({ Date: '2030-04-08', StartTime: '10:00:00', EndTime: '11:00:00' }));
    const res = await get(staff, 'time-entries/week/2030-04-03');
    expect(res.statusCode).toBe(200);
    const week = res.json<WeekSummary>();
    expect(week).toMatchObject({
      EmployeeID: ids.staff,
      StartDate: '2030-04-01',
      EndDate: '2030-04-07',
      WorkMinutes: 540,
      BreakMinutes: 30,
      WorkedMinutes: 510,
    });
    expect(week.Entries).toHaveLength(4);
    expect(week.Days.map((d) => d.Date)).toEqual([
      '2030-04-01',
      '2030-04-02',
      '2030-04-03',
      '2030-04-04',
      '2030-04-05',
      '2030-04-06',
      '2030-04-07',
    ]);
    expect(week.Days[0]).toEqual({
      Date: '2030-04-01',
      WorkMinutes: 480,
      BreakMinutes: 30,
      WorkedMinutes: 450,
      OpenCount: 0,
    });
    expect(week.Days[2]).toMatchObject({ WorkMinutes: 0, OpenCount: 1 });
    expect(week.OpenEntries.map((e) => e.Date)).toEqual(['2030-04-03']);
  });

  it("another employee's week needs time:manage on their office", async () => {
    const mine = await get(manager, `time-entries/week/2030-04-03?employeeId=${ids.staff}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<WeekSummary>().WorkMinutes).toBe(540);
    expect((await get(rep, `time-entries/week/2030-04-03?employeeId=${ids.staff}`)).statusCode).toBe(403);
    expect((await get(vanmgr, `time-entries/week/2030-04-03?employeeId=${ids.staff}`)).statusCode).toBe(403);
    // The rep's own week has none of staff's entries.
    expect((await get(rep, 'time-entries/week/2030-04-03')).json<WeekSummary>().Entries).toEqual([]);
  });

  it('an impossible date is 400', async () => {
    const res = await get(staff, 'time-entries/week/2030-13-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.date).toEqual(['This date does not exist']);
  });
});

describe('GET time-entries (paged, newest first)', () => {
  it('pages with PageIndex (or pageIndex) and pageSize, newest first', async () => {
    const first = await get(
      staff,
      'time-entries?PageIndex=0&pageSize=3&startDate=2030-01-01&endDate=2030-12-31',
    );
    expect(first.statusCode).toBe(200);
    const page = first.json<TimeEntryPage>();
    expect(page.PageIndex).toBe(0);
    expect(page.PageSize).toBe(3);
    expect(page.Items).toHaveLength(3);
    expect(page.TotalCount).toBeGreaterThan(6);
    const dates = page.Items.map((e) => String(e.Date));
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (
      await get(staff, 'time-entries?pageIndex=1&pageSize=3&startDate=2030-01-01&endDate=2030-12-31')
    ).json<TimeEntryPage>();
    expect(second.PageIndex).toBe(1);
    expect(second.Items.map((e) => e.Id)).not.toContain(page.Items[0].Id);
    expect(String(second.Items[0].Date) <= dates[2]).toBe(true);
  });

  it('filters by dates and checks the range', async () => {
    const page = (
      await get(staff, 'time-entries?startDate=2030-04-01&endDate=2030-04-07&pageSize=50')
    ).json<TimeEntryPage>();
    expect(page.TotalCount).toBe(4);
    expect(page.Items.every((e) => e.EmployeeID === ids.staff)).toBe(true);
    const bad = await get(staff, 'time-entries?startDate=2030-04-07&endDate=2030-04-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toEqual({ endDate: ['The end date must not be before the start date.'] });
    expect((await get(staff, 'time-entries?pageSize=0')).statusCode).toBe(400);
  });

  it('rep and staff see only their own entries', async () => {
    const own = (await get(rep, 'time-entries?pageSize=500')).json<TimeEntryPage>();
    expect(own.Items.length).toBeGreaterThan(0);
    expect(own.Items.every((e) => e.EmployeeID === ids.rep)).toBe(true);
    expect((await get(rep, `time-entries?employeeId=${ids.staff}`)).statusCode).toBe(403);
    expect((await get(rep, `time-entries?icdOfficeId=${toronto}`)).statusCode).toBe(403);
  });

  it("a manager reads his office's employees; a manager of another office is refused", async () => {
    const page = (
      await get(manager, `time-entries?employeeId=${ids.staff}&startDate=2030-04-01&endDate=2030-04-07`)
    ).json<TimeEntryPage>();
    expect(page.TotalCount).toBe(4);
    expect(page.Items.every((e) => e.EmployeeID === ids.staff)).toBe(true);
    const office = (
      await get(manager, `time-entries?icdOfficeId=${toronto}&startDate=2030-02-11&endDate=2030-02-11`)
    ).json<TimeEntryPage>();
    expect(new Set(office.Items.map((e) => e.EmployeeID))).toEqual(new Set([ids.staff, ids.rep]));
    expect((await get(vanmgr, `time-entries?employeeId=${ids.staff}`)).statusCode).toBe(403);
    expect((await get(vanmgr, `time-entries?icdOfficeId=${toronto}`)).statusCode).toBe(403);
  });

  it('payroll (time:manage everywhere, no own time) reads anyone’s entries', async () => {
    const res = await get(
      payroll,
      `time-entries?employeeId=${ids.staff}&startDate=2030-04-01&endDate=2030-04-07`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<TimeEntryPage>().TotalCount).toBe(4);
  });
});

describe('who may change whose entries', () => {
  it("staff's entry is invisible to the rep and to another office's manager", async () => {
    const entry = await create(staff, body({ Date: '2030-05-06' }));
    for (const s of [rep, vanmgr]) {
      expect((await get(s, `time-entries/${entry.Id}`)).statusCode).toBe(404);
      const put = await s.call({
        method: 'PUT',
        url: `/api/time-entries/${entry.Id}`,
        payload: { ...body({ Date: '2030-05-06' }), Version: 1 },
      });
      expect(put.statusCode).toBe(404);
      expect((await s.call({ method: 'DELETE', url: `/api/time-entries/${entry.Id}` })).statusCode).toBe(404);
    }
    expect((await get(staff, `time-entries/${entry.Id}`)).json<TimeEntry>().Version).toBe(1);
  });

  it("the Toronto manager reads and writes staff's entries at Toronto", async () => {
    const created = await post(
      manager,
      body({ Date: '2030-05-07', EmployeeID: ids.staff, IsRealTime: false }),
    );
    expect(created.statusCode).toBe(201);
    const entry = created.json<TimeEntry>();
    expect(entry.EmployeeID).toBe(ids.staff);
    expect((await get(manager, `time-entries/${entry.Id}`)).statusCode).toBe(200);
    const put = await manager.call({
      method: 'PUT',
      url: `/api/time-entries/${entry.Id}`,
      payload: { ...body({ Date: '2030-05-07', EndTime: '16:00:00' }), Version: 1 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ EmployeeID: ids.staff, EndTime: '16:00:00', Version: 2 });
    const patch = await manager.call({
      method: 'PATCH',
      url: `/api/time-entries/${entry.Id}`,
      payload: { Comments: 'Corrected by manager', Version: 2 },
    });
    expect(patch.json()).toMatchObject({ Comments: 'Corrected by manager', EndTime: '16:00:00', Version: 3 });
    // The employee sees the manager's entry as theirs.
    expect((await get(staff, `time-entries/${entry.Id}`)).statusCode).toBe(200);
    // The body may also name the employee as employeeId.
    const alias = await post(manager, body({ Date: '2030-05-08', employeeId: ids.staff }));
    expect(alias.json<TimeEntry>().EmployeeID).toBe(ids.staff);
  });

  it('writing for someone else needs time:manage on that office', async () => {
    const byRep = await post(rep, body({ Date: '2030-05-09', EmployeeID: ids.staff }));
    expect(byRep.statusCode).toBe(403);
    const byVancouver = await post(vanmgr, body({ Date: '2030-05-09', EmployeeID: ids.staff }));
    expect(byVancouver.statusCode).toBe(403);
    const elsewhere = await post(
      manager,
      body({
        Date: '2030-05-09',
        EmployeeID: ids.staff,
        IcdOfficeID: vancouver,
        ProgramID: null,
        StoreID: null,
      }),
    );
    expect(elsewhere.statusCode).toBe(403);
    // The owner manages Toronto and Vancouver, but staff does not work in Vancouver.
    const notEmployed = await post(
      owner,
      body({
        Date: '2030-05-09',
        EmployeeID: ids.staff,
        IcdOfficeID: vancouver,
        ProgramID: null,
        StoreID: null,
      }),
    );
    expect(notEmployed.statusCode).toBe(400);
    expect(notEmployed.json().Errors).toEqual({
      IcdOfficeID: ['This employee has no employment record at this office.'],
    });
    const unknown = await post(manager, body({ Date: '2030-05-09', EmployeeID: 987654 }));
    expect(unknown.statusCode).toBe(404);
  });

  it('an entry cannot move to another employee', async () => {
    const entry = await create(staff, body({ Date: '2030-05-10' }));
    const res = await manager.call({
      method: 'PUT',
      url: `/api/time-entries/${entry.Id}`,
      payload: { ...body({ Date: '2030-05-10' }), EmployeeID: ids.rep, Version: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual({ EmployeeID: ['A time entry cannot be moved to another employee.'] });
  });
});

describe('versions', () => {
  it('a stale Version on PUT or PATCH is 409 with the current entry', async () => {
    const entry = await create(staff, body({ Date: '2030-06-03' }));
    const first = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${entry.Id}`,
      payload: { Comments: 'first edit', Version: 1 },
    });
    expect(first.statusCode).toBe(200);
    const stalePut = await staff.call({
      method: 'PUT',
      url: `/api/time-entries/${entry.Id}`,
      payload: { ...body({ Date: '2030-06-03', Comments: 'second edit' }), Version: 1 },
    });
    expect(stalePut.statusCode).toBe(409);
    expect(stalePut.json()).toMatchObject({
      Message: 'This item was changed by someone else. Review the current version.',
      Current: { Id: entry.Id, Comments: 'first edit', Version: 2 },
    });
    const stalePatch = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${entry.Id}`,
      payload: { Comments: 'third edit', Version: 1 },
    });
    expect(stalePatch.statusCode).toBe(409);
    expect(stalePatch.json().Current.Version).toBe(2);
  });

  it('PUT and PATCH need a Version', async () => {
    const entry = await create(staff, body({ Date: '2030-06-04' }));
    const put = await staff.call({
      method: 'PUT',
      url: `/api/time-entries/${entry.Id}`,
      payload: body({ Date: '2030-06-04' }),
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().Errors.Version).toBeDefined();
    const patch = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${entry.Id}`,
      payload: { Comments: 'x' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().Errors.Version).toBeDefined();
  });
});

describe('DELETE time-entries/{id}', () => {
  it('is a soft delete of the entry and its breaks', async () => {
    const work = await create(staff, body({ Date: '2030-06-10', Comments: 'to delete' }));
    const brk = await create(
      staff,
      body({
        Date: '2030-06-10',
        IsBreak: true,
        ParentTimeEntryID: work.Id,
        StartTime: '12:00:00',
        EndTime: '12:30:00',
      }),
    );
    const res = await staff.call({ method: 'DELETE', url: `/api/time-entries/${work.Id}` });
    expect(res.statusCode).toBe(204);
    expect((await get(staff, `time-entries/${work.Id}`)).statusCode).toBe(404);
    expect((await get(staff, `time-entries/${brk.Id}`)).statusCode).toBe(404);
    expect(
      (await get(staff, 'time-entries?startDate=2030-06-10&endDate=2030-06-10')).json<TimeEntryPage>()
        .TotalCount,
    ).toBe(0);
    const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.Date, '2030-06-10'));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.DeletedAt instanceof Date)).toBe(true);
    expect((await staff.call({ method: 'DELETE', url: `/api/time-entries/${work.Id}` })).statusCode).toBe(
      404,
    );
    // The time is free again.
    await create(staff, body({ Date: '2030-06-10' }));
  });

  it('with the Version the caller saw: refused with 409 after someone else changed the entry', async () => {
    const entry = await create(staff, body({ Date: '2030-06-11', Comments: 'seen at version 1' }));
    const edit = await staff.call({
      method: 'PATCH',
      url: `/api/time-entries/${entry.Id}`,
      payload: { Comments: 'changed meanwhile', Version: 1 },
    });
    expect(edit.statusCode).toBe(200);
    const stale = await staff.call({ method: 'DELETE', url: `/api/time-entries/${entry.Id}?version=1` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Message).toMatch(/changed by someone else/);
    // Not deleted: still readable with the change made meanwhile.
    const still = await get(staff, `time-entries/${entry.Id}`);
    expect(still.statusCode).toBe(200);
    expect(still.json<TimeEntry>().Comments).toBe('changed meanwhile');
    const current = await staff.call({ method: 'DELETE', url: `/api/time-entries/${entry.Id}?version=2` });
    expect(current.statusCode).toBe(204);
    expect((await get(staff, `time-entries/${entry.Id}`)).statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('a replayed POST returns the same entry and creates one row only', async () => {
    const payload = body({ Date: '2030-06-17', Comments: 'idempotent punch' });
    const headers = { 'idempotency-key': 'b6f5b0f4-5c1e-4d7a-9f0e-1d2c3b4a5e6f' };
    const first = await post(staff, payload, headers);
    const second = await post(staff, payload, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await rowsWith('idempotent punch')).toHaveLength(1);
  });

  it('a replayed PATCH is applied once', async () => {
    const entry = await create(staff, body({ Date: '2030-06-18' }));
    const headers = { 'idempotency-key': 'patch-once-1' };
    const call = () =>
      staff.call({
        method: 'PATCH',
        url: `/api/time-entries/${entry.Id}`,
        payload: { EndTime: '18:00:00', Version: 1 },
        headers,
      });
    const [a, b] = [await call(), await call()];
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect((await get(staff, `time-entries/${entry.Id}`)).json<TimeEntry>().Version).toBe(2);
  });
});

describe('v2/time-entries: the work part and an embedded Break in one call', () => {
  const v2 = (s: Session, method: 'POST' | 'PUT', payload: object) =>
    s.call({ method, url: '/api/v2/time-entries', payload });

  it('POST with both parts creates the work entry and its break', async () => {
    const res = await v2(staff, 'POST', {
      ...body({ Date: '2030-07-01' }),
      Break: { StartTime: '12:00:00', EndTime: '12:30:00' },
    });
    expect(res.statusCode).toBe(201);
    const { Entry, Break } = res.json<TimeEntryV2Result>();
    expect(Entry).toMatchObject({ IsBreak: false, StartTime: '09:00:00', EndTime: '17:00:00', Minutes: 480 });
    expect(Break).toMatchObject({
      IsBreak: true,
      ParentTimeEntryID: Entry.Id,
      Date: '2030-07-01',
      Minutes: 30,
    });
    const week = (await get(staff, 'time-entries/week/2030-07-01')).json<WeekSummary>();
    expect(week.Days[0]).toMatchObject({ WorkMinutes: 480, BreakMinutes: 30, WorkedMinutes: 450 });
  });

  it('work times only make a work entry; break times only make a break of ParentTimeEntryID', async () => {
    const work = await v2(staff, 'POST', body({ Date: '2030-07-02' }));
    expect(work.statusCode).toBe(201);
    const { Entry, Break } = work.json<TimeEntryV2Result>();
    expect(Break).toBeNull();
    const brk = await v2(staff, 'POST', {
      ...body({ Date: '2030-07-02', StartTime: null, EndTime: null }),
      ParentTimeEntryID: Entry.Id,
      Break: { StartTime: '13:00:00', EndTime: '13:15:00' },
    });
    expect(brk.statusCode).toBe(201);
    expect(brk.json<TimeEntryV2Result>().Entry).toMatchObject({
      IsBreak: true,
      ParentTimeEntryID: Entry.Id,
      StartTime: '13:00:00',
      EndTime: '13:15:00',
    });
  });

  it('neither part is 400; a bad break saves nothing', async () => {
    const none = await v2(staff, 'POST', body({ Date: '2030-07-03', StartTime: null, EndTime: null }));
    expect(none.statusCode).toBe(400);
    expect(none.json().Errors).toEqual({ StartTime: ['Enter the start time of the work or of the break.'] });
    const outside = await v2(staff, 'POST', {
      ...body({ Date: '2030-07-03' }),
      Break: { StartTime: '18:00:00', EndTime: '18:30:00' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().Errors).toEqual({
      'Break.StartTime': ['A break must lie inside its work entry, from 09:00 to 17:00.'],
    });
    const endOnly = await v2(staff, 'POST', {
      ...body({ Date: '2030-07-03' }),
      Break: { EndTime: '12:30:00' },
    });
    expect(endOnly.json().Errors).toEqual({
      'Break.StartTime': ['Enter the start time of the break before its end time.'],
    });
    const rows = await t.db.select().from(timeEntries).where(eq(timeEntries.Date, '2030-07-03'));
    expect(rows).toEqual([]);
  });

  it('PUT changes the work and moves its only break at once', async () => {
    const created = (
      await v2(staff, 'POST', {
        ...body({ Date: '2030-07-08' }),
        Break: { StartTime: '12:00:00', EndTime: '12:30:00' },
      })
    ).json<TimeEntryV2Result>();
    const res = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-08', StartTime: '13:00:00', EndTime: '21:00:00' }),
      Id: created.Entry.Id,
      Version: created.Entry.Version,
      Break: { StartTime: '16:00:00', EndTime: '16:45:00' },
    });
    expect(res.statusCode).toBe(200);
    const { Entry, Break } = res.json<TimeEntryV2Result>();
    expect(Entry).toMatchObject({ Id: created.Entry.Id, StartTime: '13:00:00', Version: 2 });
    expect(Break).toMatchObject({
      Id: created.Break!.Id,
      StartTime: '16:00:00',
      EndTime: '16:45:00',
      Minutes: 45,
    });
    // Stale versions of the entry or of its break are 409 with the current row.
    const stale = await v2(staff, 'PUT', { ...body({ Date: '2030-07-08' }), Id: Entry.Id, Version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Id: Entry.Id, Version: 2 });
    const staleBreak = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-08', StartTime: '13:00:00', EndTime: '21:00:00' }),
      Id: Entry.Id,
      Version: 2,
      Break: { Id: Break!.Id, Version: 1, StartTime: '17:00:00', EndTime: '17:30:00' },
    });
    expect(staleBreak.statusCode).toBe(409);
    expect(staleBreak.json().Current).toMatchObject({ Id: Break!.Id, IsBreak: true });
  });

  it('PUT with a new break part adds a break; several breaks need Break.Id', async () => {
    const first = (await v2(staff, 'POST', body({ Date: '2030-07-09' }))).json<TimeEntryV2Result>();
    const added = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-09' }),
      Id: first.Entry.Id,
      Version: 1,
      Break: { StartTime: '10:00:00', EndTime: '10:15:00' },
    });
    expect(added.statusCode).toBe(200);
    await create(
      staff,
      body({
        Date: '2030-07-09',
        IsBreak: true,
        ParentTimeEntryID: first.Entry.Id,
        StartTime: '15:00:00',
        EndTime: '15:15:00',
      }),
    );
    const ambiguous = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-09' }),
      Id: first.Entry.Id,
      Version: 2,
      Break: { StartTime: '11:00:00', EndTime: '11:15:00' },
    });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().Errors).toEqual({
      'Break.Id': ['This entry has several breaks. Send the one to change in Break.Id.'],
    });
    const other = (
      await v2(staff, 'POST', {
        ...body({ Date: '2030-07-10' }),
        Break: { StartTime: '12:00:00', EndTime: '12:10:00' },
      })
    ).json<TimeEntryV2Result>();
    const wrongBreak = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-09' }),
      Id: first.Entry.Id,
      Version: 2,
      Break: { Id: other.Break!.Id, StartTime: '11:00:00', EndTime: '11:15:00' },
    });
    expect(wrongBreak.json().Errors).toEqual({ 'Break.Id': ['This break does not belong to this entry.'] });
  });

  it('on edit, giving only one part makes the entry that type (spec 002 §5)', async () => {
    const created = (
      await v2(staff, 'POST', {
        ...body({ Date: '2030-07-15' }),
        Break: { StartTime: '12:00:00', EndTime: '12:30:00' },
      })
    ).json<TimeEntryV2Result>();
    // The break, given work times only, becomes a work entry of its own.
    const becameWork = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-15', StartTime: '18:00:00', EndTime: '19:00:00' }),
      Id: created.Break!.Id,
      Version: created.Break!.Version,
    });
    expect(becameWork.statusCode).toBe(200);
    expect(becameWork.json<TimeEntryV2Result>().Entry).toMatchObject({
      Id: created.Break!.Id,
      IsBreak: false,
      ParentTimeEntryID: null,
      Minutes: 60,
    });
    // A work entry given break times only becomes a break of ParentTimeEntryID…
    const lone = (
      await v2(staff, 'POST', body({ Date: '2030-07-16', StartTime: '20:00:00', EndTime: '21:00:00' }))
    ).json<TimeEntryV2Result>();
    const becameBreak = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-15', StartTime: null, EndTime: null }),
      Id: lone.Entry.Id,
      Version: 1,
      ParentTimeEntryID: created.Entry.Id,
      Break: { StartTime: '14:00:00', EndTime: '14:10:00' },
    });
    expect(becameBreak.statusCode).toBe(200);
    expect(becameBreak.json<TimeEntryV2Result>().Entry).toMatchObject({
      IsBreak: true,
      ParentTimeEntryID: created.Entry.Id,
      Date: '2030-07-15',
      Minutes: 10,
    });
    // …but not while it has breaks of its own.
    const withBreaks = await v2(staff, 'PUT', {
      ...body({ Date: '2030-07-15', StartTime: null, EndTime: null }),
      Id: created.Entry.Id,
      Version: created.Entry.Version,
      ParentTimeEntryID: lone.Entry.Id,
      Break: { StartTime: '14:00:00', EndTime: '14:10:00' },
    });
    expect(withBreaks.statusCode).toBe(400);
  });

  it('v2 follows the same permissions', async () => {
    const res = await v2(vanmgr, 'POST', { ...body({ Date: '2030-07-22' }), EmployeeID: ids.staff });
    expect(res.statusCode).toBe(403);
    const byManager = await v2(manager, 'POST', {
      ...body({ Date: '2030-07-22' }),
      EmployeeID: ids.staff,
      Break: { StartTime: '12:00:00', EndTime: '12:30:00' },
    });
    expect(byManager.statusCode).toBe(201);
    expect(byManager.json<TimeEntryV2Result>().Break?.EmployeeID).toBe(ids.staff);
    expect((await v2(auditor, 'POST', body({ Date: '2030-07-22' }))).statusCode).toBe(403);
  });
});

describe('method override', () => {
  it('PATCH sent as POST with X-HTTP-Method-Override reaches the same route', async () => {
    const entry = await create(staff, body({ Date: '2030-08-05' }));
    const res = await staff.call({
      method: 'POST',
      url: `/api/time-entries/${entry.Id}`,
      headers: { 'x-http-method-override': 'PATCH' },
      payload: { Comments: 'via override', Version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Comments: 'via override', Version: 2 });
  });
});
