// Schedule events, time slots and assignments: the calls, the assignment lifecycle (Pending →
// Accepted/Rejected, Unassigned by a manager), the conflict rules, permissions and office scope,
// stale versions and the notification mail queued for the people concerned.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corporations,
  employees,
  employmentRecords,
  icdOffices,
  mailOutbox,
  roleAssignments,
  roles,
  scheduleEventActivities,
  scheduleEventAssignments,
  scheduleEvents,
  stores,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import {
  AssignmentStatus,
  ScheduleEventActivityType,
  SchedulingMessageType,
} from '../../src/contract/scheduling';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let staff: Session;
let rep: Session;
let calgaryManager: Session;
const ids: Record<string, number> = {};
const office: Record<string, number> = {};

/** An employee with a per-office role, made the way the demo's users are. */
async function addEmployeeAt(
  officeName: string,
  userName: string,
  roleName: string,
  name: string,
): Promise<void> {
  const [FirstName, LastName] = name.split(' ');
  const [o] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, officeName));
  const [emp] = await t.db
    .insert(employees)
    .values({
      FirstName,
      LastName,
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
  const [role] = await t.db.select().from(roles).where(eq(roles.Name, roleName));
  await t.db
    .insert(roleAssignments)
    .values({ EmployeeID: emp.EmployeeID, RoleID: role.RoleID, EmploymentRecordID: rec.EmploymentRecordID });
}

async function mailTo(user: string, type?: string) {
  const rows = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.To, `${user}@apex-demo.example`))
    .orderBy(asc(mailOutbox.MailID));
  return type ? rows.filter((m) => m.MessageType === type) : rows;
}

/** How many events, assignments, timeline rows and mails are stored: a refusal changes none. */
async function stored() {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    events: await count(t.db.select({ id: scheduleEvents.ScheduleEventID }).from(scheduleEvents)),
    assignments: await count(
      t.db.select({ id: scheduleEventAssignments.AssignmentID }).from(scheduleEventAssignments),
    ),
    activities: await count(
      t.db.select({ id: scheduleEventActivities.ActivityID }).from(scheduleEventActivities),
    ),
    mails: await count(t.db.select({ id: mailOutbox.MailID }).from(mailOutbox)),
  };
}

const DATE = '2030-03-06';

/** Today as 'YYYY-MM-DD' in Toronto (the seeded weeks are relative to it). */
const localDay = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const addDaysTo = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const event = (over: Record<string, unknown> = {}) => ({
  IcdOfficeID: office.toronto,
  EventHostID: 1,
  Title: 'Costco Road Show',
  Date: DATE,
  StartTime: '10:00:00',
  EndTime: '18:00:00',
  TimeSlots: [
    { StartTime: '10:00:00', EndTime: '14:00:00', Capacity: 2 },
    { StartTime: '14:00:00', EndTime: '18:00:00', Capacity: 3 },
  ],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  // A manager of another office, and more event staff at Toronto.
  await addEmployeeAt('Calgary South', 'calgarymgr', 'Manager', 'Cara Lund');
  await addEmployeeAt('Toronto Central', 'staff2', 'Event staff', 'Ava Brooks');
  await addEmployeeAt('Toronto Central', 'staff3', 'Event staff', 'Ben Ortiz');
  await addEmployeeAt('Toronto Central', 'staff4', 'Event staff', 'Chloe Park');
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [manager, staff, rep, calgaryManager] = await Promise.all(
    ['manager', 'staff', 'rep', 'calgarymgr'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

describe('seeded demo', () => {
  it('has event hosts of every type and Toronto events for this week and next with time slots', async () => {
    const hosts = (await manager.call({ method: 'GET', url: '/api/v1/event-hosts' })).json();
    expect(new Set(hosts.map((h: { HostTypeID: number }) => h.HostTypeID))).toEqual(new Set([1, 2, 3, 4]));
    const res = await manager.call({
      method: 'GET',
      url: `/api/schedule-events?icdOfficeID=${office.toronto}`,
    });
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(new Set(events.map((e: { Date: string }) => e.Date)).size).toBeGreaterThanOrEqual(6);
    const detail = (
      await manager.call({ method: 'GET', url: `/api/schedule-events/${events[0].ScheduleEventID}` })
    ).json();
    expect(detail.TimeSlots.length).toBeGreaterThan(0);
  });

  it('staff has one Pending and one Accepted assignment in their events', async () => {
    const res = await staff.call({
      method: 'GET',
      url: `/api/employees/${ids.staff}/assigned-schedule-events`,
    });
    expect(res.statusCode).toBe(200);
    const statuses = res
      .json()
      .flatMap((e: { Assignments: { Status: number }[] }) => e.Assignments.map((a) => a.Status));
    expect(statuses.sort()).toEqual([AssignmentStatus.Pending, AssignmentStatus.Accepted].sort());
  });

  it('gives the Toronto manager a crew to staff the week with, and gaps to fill', async () => {
    const monday = (
      await manager.call({ method: 'GET', url: `/api/rs-schedules/rotation-by-date/${localDay()}` })
    ).json().StartDate as string;
    const sunday = addDaysTo(monday, 13);
    const people = await manager.call({
      method: 'POST',
      url: '/api/RSSchedule/ListQualifyingEmployees',
      payload: { IcdOfficeID: office.toronto, StartDate: monday, EndDate: sunday },
    });
    const crew = people
      .json()
      .filter((e: { CanAnswerEvents: boolean }) => e.CanAnswerEvents)
      .map((e: { EmployeeName: string }) => e.EmployeeName);
    expect(crew).toContain('Sam Taylor');
    // Seeded without a sign-in (the README lists only the demo users), plus the people this file adds.
    expect(crew.filter((n: string) => !['Ava Brooks', 'Ben Ortiz', 'Chloe Park'].includes(n)).length).toBe(6);
    const slots = (
      await manager.call({
        method: 'GET',
        url: `/api/icd-offices/${office.toronto}/schedule-event-time-slots?startDate=${monday}&endDate=${sunday}&openOnly=true`,
      })
    ).json();
    expect(slots.length).toBeGreaterThanOrEqual(8);
    expect(
      new Set(slots.map((s: { Date: string }) => (s.Date <= addDaysTo(monday, 6) ? 'this' : 'next'))),
    ).toEqual(new Set(['this', 'next']));
    // A cancelled event nobody was assigned to.
    const cancelled = (
      await manager.call({
        method: 'GET',
        url: `/api/schedule-events?icdOfficeID=${office.toronto}&startDate=${monday}&endDate=${sunday}&includeCancelled=true`,
      })
    )
      .json()
      .filter((e: { Status: number }) => e.Status === 2);
    expect(cancelled.map((e: { Title: string }) => e.Title)).toEqual(['Walmart Stockyards Demo']);
  });
});

describe('schedule events', () => {
  let eventId: number;
  let slotA: number;
  let slotB: number;

  it('a manager creates an event with its slots; the host address is copied', async () => {
    const res = await manager.call({ method: 'POST', url: '/api/schedule-events', payload: event() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      Title: 'Costco Road Show',
      OfficeName: 'Toronto Central',
      EventHostName: 'Costco Wholesale',
      HostTypeID: 1,
      StreetLine1: '50 Queen Elizabeth Blvd',
      City: 'Etobicoke',
      Status: 1,
      Version: 1,
      CreatedByEmployeeID: ids.manager,
    });
    expect(
      body.TimeSlots.map((s: { Capacity: number; AssignedCount: number }) => [s.Capacity, s.AssignedCount]),
    ).toEqual([
      [2, 0],
      [3, 0],
    ]);
    eventId = body.ScheduleEventID;
    [slotA, slotB] = body.TimeSlots.map((s: { TimeSlotID: number }) => s.TimeSlotID);
    const slots = await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/time-slots` });
    expect(slots.json()).toHaveLength(2);
  });

  it('bad input is 400 with the field errors', async () => {
    const before = await stored();
    const res = await manager.call({
      method: 'POST',
      url: '/api/schedule-events',
      payload: event({
        Title: '',
        EndTime: '09:00:00',
        TimeSlots: [{ StartTime: '12:00:00', EndTime: '11:00:00', Capacity: 0 }],
      }),
    });
    expect(res.statusCode).toBe(400);
    const { Errors } = res.json();
    expect(Errors.Title).toEqual(['Enter a title']);
    expect(Errors.EndTime).toEqual(['The end time must be after the start time.']);
    expect(Errors['TimeSlots.0.EndTime']).toEqual(['The end time must be after the start time.']);
    expect(Errors['TimeSlots.0.Capacity']).toEqual(['At least 1']);
    const [vancouverStore] = await t.db.select().from(stores).where(eq(stores.IcdOfficeID, office.vancouver));
    const wrongStore = await manager.call({
      method: 'POST',
      url: '/api/schedule-events',
      payload: event({ StoreID: vancouverStore.StoreID }),
    });
    expect(wrongStore.statusCode).toBe(400);
    expect(wrongStore.json().Errors).toEqual({ StoreID: ['The store is not at this office.'] });
    expect(await stored()).toEqual(before);
  });

  it('lists and pages are scoped and filtered', async () => {
    const page = await manager.call({
      method: 'GET',
      url: `/api/schedule-events/page/0?pageSize=2&startDate=${DATE}&endDate=${DATE}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ TotalCount: 1, PageIndex: 0, PageSize: 2 });
    const search = await manager.call({
      method: 'GET',
      url: '/api/schedule-events?search=costco&startDate=2030-01-01',
    });
    expect(search.json().map((e: { ScheduleEventID: number }) => e.ScheduleEventID)).toEqual([eventId]);
    // The same dates with a search matching nothing: the search, not the dates, chose the event above.
    const miss = await manager.call({
      method: 'GET',
      url: '/api/schedule-events?search=no-such-event&startDate=2030-01-01',
    });
    expect(miss.statusCode).toBe(200);
    expect(miss.json()).toEqual([]);
    const calgary = await calgaryManager.call({ method: 'GET', url: '/api/schedule-events' });
    expect(calgary.statusCode).toBe(200);
    expect(calgary.json()).toEqual([]);
  });

  it('permissions: staff and reps cannot manage; a manager of another office is refused', async () => {
    const before = await stored();
    expect(
      (await staff.call({ method: 'POST', url: '/api/schedule-events', payload: event() })).statusCode,
    ).toBe(403);
    expect((await rep.call({ method: 'GET', url: '/api/schedule-events' })).statusCode).toBe(403);
    expect(
      (await calgaryManager.call({ method: 'GET', url: `/api/schedule-events/${eventId}` })).statusCode,
    ).toBe(404);
    expect(
      (await calgaryManager.call({ method: 'POST', url: '/api/schedule-events', payload: event() }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await calgaryManager.call({
          method: 'GET',
          url: `/api/schedule-events?icdOfficeID=${office.toronto}`,
        })
      ).statusCode,
    ).toBe(403);
    const assign = await calgaryManager.call({
      method: 'POST',
      url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
      payload: { EmployeeID: ids.staff },
    });
    expect(assign.statusCode).toBe(404);
    const staffAssigns = await staff.call({
      method: 'POST',
      url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
      payload: { EmployeeID: ids.staff },
    });
    expect(staffAssigns.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });

  describe('assignment lifecycle', () => {
    let staffAssignment: { AssignmentID: number; Version: number };

    it('a manager assigns staff: Pending, a timeline row and a mail to the employee', async () => {
      const before = (await mailTo('staff')).length;
      const res = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
        payload: { EmployeeID: ids.staff },
      });
      expect(res.statusCode).toBe(201);
      staffAssignment = res.json();
      expect(res.json()).toMatchObject({
        EmployeeID: ids.staff,
        EmployeeName: 'Sam Taylor',
        Status: AssignmentStatus.Pending,
        AssignedByEmployeeID: ids.manager,
        Version: 1,
        RespondedAt: null,
      });
      const mails = await mailTo('staff');
      expect(mails.length).toBe(before + 1);
      expect(mails.at(-1)).toMatchObject({
        MessageType: SchedulingMessageType.Assigned,
        Subject: 'New assignment: Costco Road Show on Wed, Mar 6, 2030',
      });
      expect(mails.at(-1)?.Body).toContain('10:00 AM to 2:00 PM');
    });

    it('refuses the same person in an overlapping slot of another event', async () => {
      const other = await manager.call({
        method: 'POST',
        url: '/api/schedule-events',
        payload: event({
          Title: 'Best Buy Demo',
          EventHostID: 2,
          StartTime: '12:00:00',
          EndTime: '16:00:00',
          TimeSlots: [{ StartTime: '12:00:00', EndTime: '16:00:00', Capacity: 2 }],
        }),
      });
      const slot = other.json().TimeSlots[0].TimeSlotID;
      const before = await stored();
      const res = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${other.json().ScheduleEventID}/time-slots/${slot}/assignments`,
        payload: { EmployeeID: ids.staff },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().Message).toBe(
        'Sam Taylor is already assigned from 10:00 AM to 2:00 PM at Costco Road Show.',
      );
      // The very same slot again is the same conflict.
      const again = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
        payload: { EmployeeID: ids.staff },
      });
      expect(again.statusCode).toBe(422);
      expect(await stored()).toEqual(before);
    });

    it('refuses a slot over capacity', async () => {
      for (const u of ['staff2', 'staff3', 'staff4']) {
        const res = await manager.call({
          method: 'POST',
          url: `/api/schedule-events/${eventId}/time-slots/${slotB}/assignments`,
          payload: { EmployeeID: ids[u] },
        });
        expect(res.statusCode).toBe(201);
      }
      const before = await stored();
      const res = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${slotB}/assignments`,
        payload: { EmployeeID: ids.staff },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().Message).toBe('This time slot is full (3 of 3).');
      expect(await stored()).toEqual(before);
    });

    it('refuses someone who cannot answer assignments (no scheduling:respond at the office)', async () => {
      const before = await stored();
      const res = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
        payload: { EmployeeID: ids.rep },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().Message).toBe('Riley Chen cannot answer event assignments at Toronto Central.');
      expect(await stored()).toEqual(before);
    });

    it('refuses someone who does not work at the office', async () => {
      const before = await stored();
      const res = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
        payload: { EmployeeID: ids.calgarymgr },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().Message).toBe('Cara Lund does not work at Toronto Central.');
      expect(await stored()).toEqual(before);
    });

    it("staff cannot answer someone else's assignment", async () => {
      const slot = (
        await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/time-slots` })
      ).json()[1];
      const other = slot.Assignments.find((a: { EmployeeID: number }) => a.EmployeeID === ids.staff2);
      const res = await staff.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}/assignments/${other.AssignmentID}/respond`,
        payload: { Status: AssignmentStatus.Accepted },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().Message).toBe('You can only answer your own assignments.');
      // A manager without scheduling:respond cannot answer either.
      const byManager = await manager.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}/assignments/${other.AssignmentID}/respond`,
        payload: { Status: AssignmentStatus.Accepted },
      });
      expect(byManager.statusCode).toBe(403);
    });

    it('staff accepts: Accepted, a timeline row and a mail to the event manager', async () => {
      const before = (await mailTo('manager', SchedulingMessageType.Accepted)).length;
      const res = await staff.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}/assignments/${staffAssignment.AssignmentID}/respond`,
        payload: { Status: AssignmentStatus.Accepted, Version: staffAssignment.Version },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Status: AssignmentStatus.Accepted, Version: 2, Reason: null });
      expect(res.json().RespondedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const mails = await mailTo('manager', SchedulingMessageType.Accepted);
      expect(mails.length).toBe(before + 1);
      expect(mails.at(-1)?.Subject).toBe('Sam Taylor accepted Costco Road Show on Wed, Mar 6, 2030');
    });

    it('the same answer again (the offline outbox replaying) is a no-op 200', async () => {
      const mails = (await t.db.select().from(mailOutbox)).length;
      const activity = (
        await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/activity` })
      ).json();
      const res = await staff.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}/assignments/${staffAssignment.AssignmentID}/respond`,
        payload: { Status: AssignmentStatus.Accepted, Version: staffAssignment.Version },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Status: AssignmentStatus.Accepted, Version: 2 });
      expect((await t.db.select().from(mailOutbox)).length).toBe(mails);
      const after = (
        await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/activity` })
      ).json();
      expect(after).toHaveLength(activity.length);
    });

    it('a different answer to an answered assignment is refused', async () => {
      const res = await staff.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}/assignments/${staffAssignment.AssignmentID}/respond`,
        payload: { Status: AssignmentStatus.Rejected, Reason: 'Changed my mind' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().Message).toBe('You already accepted this assignment.');
    });

    it('the timeline says who did what, when, with the comment', async () => {
      const res = await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/activity` });
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(rows[0]).toMatchObject({
        ActivityTypeID: ScheduleEventActivityType.Created,
        EmployeeName: 'Marco Rossi',
      });
      expect(rows).toContainEqual(
        expect.objectContaining({
          ActivityTypeID: ScheduleEventActivityType.Accepted,
          EmployeeName: 'Sam Taylor',
          SubjectEmployeeName: 'Sam Taylor',
          Description: 'Sam Taylor accepted 10:00 AM to 2:00 PM',
        }),
      );
      expect(
        (await calgaryManager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/activity` }))
          .statusCode,
      ).toBe(404);
    });

    it('stale version on unassign is 409 with the current assignment', async () => {
      const res = await manager.call({
        method: 'DELETE',
        url: `/api/schedule-events/${eventId}/assignments/${staffAssignment.AssignmentID}?version=1`,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        Message: 'This item was changed by someone else. Review the current version.',
        Current: {
          AssignmentID: staffAssignment.AssignmentID,
          Status: AssignmentStatus.Accepted,
          Version: 2,
        },
      });
    });

    it('a manager unassigns (with a comment); the employee is told; again is a no-op; answering is refused', async () => {
      const before = (await mailTo('staff', SchedulingMessageType.Unassigned)).length;
      const url = `/api/schedule-events/${eventId}/assignments/${staffAssignment.AssignmentID}`;
      const res = await manager.call({
        method: 'DELETE',
        url: `${url}?version=2&comment=Too%20many%20people`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Status: AssignmentStatus.Unassigned, Version: 3 });
      const mails = await mailTo('staff', SchedulingMessageType.Unassigned);
      expect(mails.length).toBe(before + 1);
      expect(mails.at(-1)?.Body).toContain('Comment: Too many people');
      const again = await manager.call({ method: 'DELETE', url: `${url}?version=2` });
      expect(again.statusCode).toBe(200);
      expect((await mailTo('staff', SchedulingMessageType.Unassigned)).length).toBe(before + 1);
      const answer = await staff.call({
        method: 'PUT',
        url: `${url}/respond`,
        payload: { Status: AssignmentStatus.Accepted },
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().Message).toBe('This assignment was withdrawn by a manager.');
    });

    it('rejecting needs a reason; a rejection is mailed to the manager; the person may be assigned again', async () => {
      const created = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
        payload: { EmployeeID: ids.staff },
      });
      expect(created.statusCode).toBe(201);
      const url = `/api/schedule-events/${eventId}/assignments/${created.json().AssignmentID}/respond`;
      const noReason = await staff.call({
        method: 'PUT',
        url,
        payload: { Status: AssignmentStatus.Rejected },
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().Errors.Reason).toEqual(['Enter a reason for rejecting.']);

      const res = await staff.call({
        method: 'PUT',
        url,
        payload: { Status: AssignmentStatus.Rejected, Reason: 'Doctor appointment' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Status: AssignmentStatus.Rejected, Reason: 'Doctor appointment' });
      const mail = (await mailTo('manager', SchedulingMessageType.Rejected)).at(-1);
      expect(mail?.Subject).toBe('Sam Taylor rejected Costco Road Show on Wed, Mar 6, 2030');
      expect(mail?.Body).toContain('Reason: Doctor appointment');

      const reassigned = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${slotA}/assignments`,
        payload: { EmployeeID: ids.staff },
      });
      expect(reassigned.statusCode).toBe(201);
      expect(reassigned.json().Status).toBe(AssignmentStatus.Pending);
      expect(reassigned.json().AssignmentID).not.toBe(created.json().AssignmentID);
      // Rejected again is a no-op for the old assignment.
      const replay = await staff.call({
        method: 'PUT',
        url,
        payload: { Status: AssignmentStatus.Rejected, Reason: 'Doctor appointment' },
      });
      expect(replay.statusCode).toBe(200);
    });

    it('an Idempotency-Key replay of an answer gets the stored answer', async () => {
      const slot = (
        await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/time-slots` })
      ).json()[0];
      const pending = slot.Assignments.find((a: { Status: number }) => a.Status === AssignmentStatus.Pending);
      const call = () =>
        staff.call({
          method: 'PUT',
          url: `/api/schedule-events/${eventId}/assignments/${pending.AssignmentID}/respond`,
          headers: { 'idempotency-key': 'respond-1' },
          payload: { Status: AssignmentStatus.Accepted },
        });
      const first = await call();
      const second = await call();
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotency-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
    });
  });

  describe('assigned events and time slots', () => {
    it('staff sees their own events; not someone else’s', async () => {
      const own = await staff.call({
        method: 'GET',
        url: `/api/employees/${ids.staff}/assigned-schedule-events?startDate=2030-01-01`,
      });
      expect(own.statusCode).toBe(200);
      const mine = own.json().find((e: { ScheduleEventID: number }) => e.ScheduleEventID === eventId);
      expect(mine.Assignments.map((a: { Status: number }) => a.Status)).toEqual([
        AssignmentStatus.Unassigned,
        AssignmentStatus.Rejected,
        AssignmentStatus.Accepted,
      ]);
      expect(mine.Assignments[0]).toMatchObject({ StartTime: '10:00:00', EndTime: '14:00:00' });
      const other = await staff.call({
        method: 'GET',
        url: `/api/employees/${ids.rep}/assigned-schedule-events`,
      });
      expect(other.statusCode).toBe(403);
      expect(
        (await rep.call({ method: 'GET', url: `/api/employees/${ids.rep}/assigned-schedule-events` }))
          .statusCode,
      ).toBe(403);
    });

    it("a manager sees a staff member's events of their offices; another office's manager is refused", async () => {
      const res = await manager.call({
        method: 'GET',
        url: `/api/employees/${ids.staff}/assigned-schedule-events?startDate=2030-01-01`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((e: { ScheduleEventID: number }) => e.ScheduleEventID)).toContain(eventId);
      const calgary = await calgaryManager.call({
        method: 'GET',
        url: `/api/employees/${ids.staff}/assigned-schedule-events`,
      });
      expect(calgary.statusCode).toBe(403);
    });

    it('office views: assigned events and time slots with places taken and open', async () => {
      const assigned = await manager.call({
        method: 'GET',
        url: `/api/icd-offices/${office.toronto}/assigned-schedule-events?startDate=${DATE}&endDate=${DATE}&employeeID=${ids.staff2}`,
      });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json().map((e: { ScheduleEventID: number }) => e.ScheduleEventID)).toEqual([eventId]);
      expect(assigned.json()[0].TimeSlots).toHaveLength(2);

      const slots = await manager.call({
        method: 'GET',
        url: `/api/icd-offices/${office.toronto}/schedule-event-time-slots?startDate=${DATE}&endDate=${DATE}`,
      });
      expect(slots.statusCode).toBe(200);
      const b = slots
        .json()
        .find(
          (s: { ScheduleEventID: number; StartTime: string }) =>
            s.ScheduleEventID === eventId && s.StartTime === '14:00:00',
        );
      expect(b).toMatchObject({ Capacity: 3, AssignedCount: 3, OpenCount: 0, Title: 'Costco Road Show' });
      const open = await manager.call({
        method: 'GET',
        url: `/api/icd-offices/${office.toronto}/schedule-event-time-slots?startDate=${DATE}&endDate=${DATE}&openOnly=true`,
      });
      expect(open.json().some((s: { TimeSlotID: number }) => s.TimeSlotID === b.TimeSlotID)).toBe(false);

      const [northwind] = await t.db
        .select()
        .from(corporations)
        .where(eq(corporations.ClientName, 'Northwind Field Marketing Inc.'));
      const corp = await manager.call({
        method: 'GET',
        url: `/api/icd-corporations/${northwind.IcdCorporationID}/schedule-event-time-slots?startDate=${DATE}&endDate=${DATE}`,
      });
      expect(corp.statusCode).toBe(200);
      expect(corp.json().every((s: { IcdOfficeID: number }) => s.IcdOfficeID === office.toronto)).toBe(true);
      expect(
        (
          await manager.call({
            method: 'GET',
            url: `/api/icd-offices/${office.calgary}/schedule-event-time-slots?startDate=${DATE}&endDate=${DATE}`,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await calgaryManager.call({
            method: 'GET',
            url: `/api/icd-corporations/${northwind.IcdCorporationID}/schedule-event-time-slots?startDate=${DATE}&endDate=${DATE}`,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('TSU reports: per slot and per employee', async () => {
      const summary = await manager.call({
        method: 'GET',
        url: `/api/schedule-events/report/tsu-report-summary?icdOfficeID=${office.toronto}&startDate=${DATE}&endDate=${DATE}`,
      });
      expect(summary.statusCode).toBe(200);
      const row = summary
        .json()
        .Rows.find(
          (r: { ScheduleEventID: number; StartTime: string }) =>
            r.ScheduleEventID === eventId && r.StartTime === '10:00:00',
        );
      expect(row).toMatchObject({
        Capacity: 2,
        Assigned: 1,
        Accepted: 1,
        Rejected: 1,
        Pending: 0,
        SlotHours: 4,
        Hours: 4,
      });
      expect(summary.json().Totals.Events).toBe(2);

      const employees = await manager.call({
        method: 'GET',
        url: `/api/schedule-events/report/employee-tsu-report?icdOfficeID=${office.toronto}&startDate=${DATE}&endDate=${DATE}&employeeID=${ids.staff}`,
      });
      expect(employees.statusCode).toBe(200);
      expect(employees.json().Rows).toEqual([
        expect.objectContaining({
          EmployeeName: 'Sam Taylor',
          SlotsOffered: 2,
          SlotsAccepted: 1,
          SlotsRejected: 1,
          SlotsUnassigned: 1,
          AcceptanceRate: 0.5,
          Hours: 4,
        }),
      ]);
      const bad = await manager.call({
        method: 'GET',
        url: '/api/schedule-events/report/tsu-report-summary?startDate=2030-03-06',
      });
      expect(bad.statusCode).toBe(400);
      expect(
        (
          await calgaryManager.call({
            method: 'GET',
            url: `/api/schedule-events/report/tsu-report-summary?icdOfficeID=${office.toronto}&startDate=${DATE}&endDate=${DATE}`,
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('editing an event', () => {
    it('PUT saves a new version; a stale Version is 409 with the current event', async () => {
      const current = (await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}` })).json();
      const slots = current.TimeSlots.map(
        (s: { TimeSlotID: number; StartTime: string; EndTime: string; Capacity: number }) => ({
          TimeSlotID: s.TimeSlotID,
          StartTime: s.StartTime,
          EndTime: s.EndTime,
          Capacity: s.Capacity,
        }),
      );
      const draft = { ...event(), Notes: 'Bring the banner.', TimeSlots: slots, Version: current.Version };
      const saved = await manager.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}`,
        payload: draft,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ Notes: 'Bring the banner.', Version: current.Version + 1 });

      // An offline draft made at the old version is not applied: the current event comes back.
      const stale = await manager.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}`,
        payload: { ...draft, Notes: 'Offline draft' },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().Current).toMatchObject({
        ScheduleEventID: eventId,
        Notes: 'Bring the banner.',
        Version: current.Version + 1,
      });
      expect(stale.json().Current.TimeSlots).toHaveLength(2);
      const patchStale = await manager.call({
        method: 'PATCH',
        url: `/api/schedule-events/${eventId}`,
        payload: { Notes: 'x', Version: current.Version },
      });
      expect(patchStale.statusCode).toBe(409);
    });

    it('PATCH changes only what is sent; moving a slot tells the people in it', async () => {
      const current = (await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}` })).json();
      const before = (await mailTo('staff', SchedulingMessageType.Changed)).length;
      const slots = current.TimeSlots.map(
        (s: { TimeSlotID: number; StartTime: string; EndTime: string; Capacity: number }, i: number) => ({
          TimeSlotID: s.TimeSlotID,
          StartTime: i === 0 ? '09:00:00' : s.StartTime,
          EndTime: i === 0 ? '13:00:00' : s.EndTime,
          Capacity: s.Capacity,
        }),
      );
      const res = await manager.call({
        method: 'PATCH',
        url: `/api/schedule-events/${eventId}`,
        payload: { StartTime: '09:00:00', TimeSlots: slots, Version: current.Version },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        StartTime: '09:00:00',
        Notes: 'Bring the banner.',
        Title: 'Costco Road Show',
      });
      const mails = await mailTo('staff', SchedulingMessageType.Changed);
      expect(mails.length).toBe(before + 1);
      expect(mails.at(-1)?.Body).toContain('9:00 AM to 1:00 PM');
      // The timeline says what the change touched.
      const activity = (
        await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}/activity` })
      ).json();
      expect(activity.at(-1)).toMatchObject({
        ActivityTypeID: ScheduleEventActivityType.Updated,
        EmployeeName: 'Marco Rossi',
        Comment: 'Changed: time, time slots',
      });
    });

    it('refuses removing a slot with people or shrinking it below them', async () => {
      const current = (await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}` })).json();
      const [a, b] = current.TimeSlots;
      const removed = await manager.call({
        method: 'PATCH',
        url: `/api/schedule-events/${eventId}`,
        payload: {
          TimeSlots: [{ TimeSlotID: a.TimeSlotID, StartTime: a.StartTime, EndTime: a.EndTime, Capacity: 2 }],
          Version: current.Version,
        },
      });
      expect(removed.statusCode).toBe(422);
      expect(removed.json().Message).toBe(
        'The time slot from 2:00 PM to 6:00 PM has people assigned; unassign them before removing it.',
      );
      const shrunk = await manager.call({
        method: 'PATCH',
        url: `/api/schedule-events/${eventId}`,
        payload: {
          TimeSlots: [
            { TimeSlotID: a.TimeSlotID, StartTime: a.StartTime, EndTime: a.EndTime, Capacity: 2 },
            { TimeSlotID: b.TimeSlotID, StartTime: b.StartTime, EndTime: b.EndTime, Capacity: 2 },
          ],
          Version: current.Version,
        },
      });
      expect(shrunk.statusCode).toBe(422);
      expect(shrunk.json().Message).toBe(
        'The time slot from 2:00 PM to 6:00 PM has 3 people assigned; its capacity cannot be less than 3.',
      );
    });

    it('additional hours replace the list and bump the version', async () => {
      const current = (await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}` })).json();
      const res = await manager.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}/additional-hours`,
        payload: {
          Version: current.Version,
          AdditionalHours: [{ EmployeeID: ids.staff, Hours: 1.5, Comments: 'Tear-down' }],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().AdditionalHours).toEqual([
        expect.objectContaining({
          EmployeeID: ids.staff,
          EmployeeName: 'Sam Taylor',
          Hours: 1.5,
          Comments: 'Tear-down',
        }),
      ]);
      expect(res.json().Version).toBe(current.Version + 1);
      const stale = await manager.call({
        method: 'PUT',
        url: `/api/schedule-events/${eventId}/additional-hours`,
        payload: { Version: current.Version, AdditionalHours: [] },
      });
      expect(stale.statusCode).toBe(409);
      const report = await manager.call({
        method: 'GET',
        url: `/api/schedule-events/report/employee-tsu-report?startDate=${DATE}&endDate=${DATE}&employeeID=${ids.staff}`,
      });
      expect(report.json().Rows[0]).toMatchObject({ AdditionalHours: 1.5, TotalHours: 5.5 });
    });

    it('recent corporations of the office list the corporation hosts used', async () => {
      await manager.call({
        method: 'POST',
        url: '/api/schedule-events',
        payload: event({ Title: 'MLSE day', EventHostID: 3, Date: '2030-03-07', TimeSlots: [] }),
      });
      const res = await manager.call({
        method: 'GET',
        url: `/api/schedule-events/${office.toronto}/recent/corporations`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({
        Name: 'Maple Leaf Sports & Entertainment',
        HostTypeID: 2,
        LastEventDate: '2030-03-07',
      });
      expect(
        (
          await manager.call({
            method: 'GET',
            url: `/api/schedule-events/${office.calgary}/recent/corporations`,
          })
        ).statusCode,
      ).toBe(403);
    });

    it("a cancelled event's time slots are listed with includeCancelled, marked and with no open places", async () => {
      const created = await manager.call({
        method: 'POST',
        url: '/api/schedule-events',
        payload: event({ Title: 'Called-off Demo', Date: '2030-03-09' }),
      });
      const id = created.json().ScheduleEventID as number;
      const range = `startDate=2030-03-09&endDate=2030-03-09`;
      const url = `/api/icd-offices/${office.toronto}/schedule-event-time-slots?${range}`;
      const before = (await manager.call({ method: 'GET', url })).json();
      expect(before.filter((s: { ScheduleEventID: number }) => s.ScheduleEventID === id)).toHaveLength(2);
      expect(before[0]).toMatchObject({ EventStatus: 1, OpenCount: 2 });
      const cancel = await manager.call({ method: 'DELETE', url: `/api/schedule-events/${id}?version=1` });
      expect(cancel.statusCode).toBe(200);

      // Nobody was ever assigned: the assigned-events call leaves it out, so only this call has its slots.
      const assigned = await manager.call({
        method: 'GET',
        url: `/api/icd-offices/${office.toronto}/assigned-schedule-events?${range}&includeCancelled=true`,
      });
      expect(assigned.json()).toEqual([]);
      const hidden = (await manager.call({ method: 'GET', url })).json();
      expect(hidden.filter((s: { ScheduleEventID: number }) => s.ScheduleEventID === id)).toEqual([]);
      const shown = (await manager.call({ method: 'GET', url: `${url}&includeCancelled=true` })).json();
      const mine = shown.filter((s: { ScheduleEventID: number }) => s.ScheduleEventID === id);
      expect(mine.map((s: { StartTime: string }) => s.StartTime)).toEqual(['10:00:00', '14:00:00']);
      for (const s of mine)
        expect(s).toMatchObject({ EventStatus: 2, OpenCount: 0, Title: 'Called-off Demo' });
      const openOnly = (
        await manager.call({ method: 'GET', url: `${url}&includeCancelled=true&openOnly=true` })
      ).json();
      expect(openOnly.filter((s: { ScheduleEventID: number }) => s.ScheduleEventID === id)).toEqual([]);
    });

    it('DELETE cancels: places are withdrawn and the people told; the event stays readable', async () => {
      const current = (await manager.call({ method: 'GET', url: `/api/schedule-events/${eventId}` })).json();
      const stale = await manager.call({
        method: 'DELETE',
        url: `/api/schedule-events/${eventId}?version=${current.Version - 1}`,
      });
      expect(stale.statusCode).toBe(409);
      const before = (await mailTo('staff2', SchedulingMessageType.Cancelled)).length;
      const res = await manager.call({
        method: 'DELETE',
        url: `/api/schedule-events/${eventId}?version=${current.Version}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().Status).toBe(2);
      const statuses = res
        .json()
        .TimeSlots.flatMap((s: { Assignments: { Status: number }[] }) => s.Assignments.map((a) => a.Status));
      expect(statuses).not.toContain(AssignmentStatus.Pending);
      expect(statuses).not.toContain(AssignmentStatus.Accepted);
      expect((await mailTo('staff2', SchedulingMessageType.Cancelled)).length).toBe(before + 1);
      const list = await manager.call({
        method: 'GET',
        url: `/api/schedule-events?startDate=${DATE}&endDate=${DATE}`,
      });
      expect(list.json().map((e: { ScheduleEventID: number }) => e.ScheduleEventID)).not.toContain(eventId);
      const withCancelled = await manager.call({
        method: 'GET',
        url: `/api/schedule-events?startDate=${DATE}&endDate=${DATE}&includeCancelled=true`,
      });
      expect(withCancelled.json().map((e: { ScheduleEventID: number }) => e.ScheduleEventID)).toContain(
        eventId,
      );
      const again = await manager.call({ method: 'DELETE', url: `/api/schedule-events/${eventId}` });
      expect(again.statusCode).toBe(200);
      const edit = await manager.call({
        method: 'PATCH',
        url: `/api/schedule-events/${eventId}`,
        payload: { Notes: 'x', Version: res.json().Version },
      });
      expect(edit.statusCode).toBe(422);
      expect(edit.json().Message).toBe('This event is cancelled.');
      const assign = await manager.call({
        method: 'POST',
        url: `/api/schedule-events/${eventId}/time-slots/${res.json().TimeSlots[0].TimeSlotID}/assignments`,
        payload: { EmployeeID: ids.staff2 },
      });
      expect(assign.statusCode).toBe(422);
      expect(assign.json().Message).toBe('This event is cancelled.');
    });
  });
});

describe('mail outbox', () => {
  it('every scheduling mail went to a demo address with its message type', async () => {
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.MessageType, SchedulingMessageType.Assigned)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.To.endsWith('@apex-demo.example'))).toBe(true);
  });
});
