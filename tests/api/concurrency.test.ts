// Races that only a database with real concurrency can lose: run on the embedded database (which
// serialises everything) and, in CI, on a PostgreSQL server (TEST_DATABASE_URL), where the requests
// below truly overlap. Each race is sent many times at once; exactly one side may win every time.
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  employmentRecords,
  roleAssignments,
  roles,
  scheduleEventAssignments,
  timeEntries,
} from '../../server/db/tables';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let staff: Session;
let manager: Session;
let admin: Session;
let officeId: number;
let crew: number[];

const ROUNDS = 8;

beforeAll(async () => {
  t = await createTestApp();
  [staff, manager, admin] = await Promise.all(['staff', 'manager', 'admin'].map((u) => t.signIn(u)));
  const lookups = (await staff.call({ method: 'GET', url: '/api/time-entries/clock-lookups' })).json<{
    Offices: Array<{ IcdOfficeID: number; OfficeName: string }>;
  }>();
  officeId = lookups.Offices.find((o) => o.OfficeName === 'Toronto Central')!.IcdOfficeID;
  // Event staff of Toronto who can be assigned (the seeded crew).
  const [eventStaff] = await t.db.select().from(roles).where(eq(roles.Name, 'Event staff'));
  const rows = await t.db
    .select({ EmployeeID: employees.EmployeeID })
    .from(roleAssignments)
    .innerJoin(
      employmentRecords,
      eq(employmentRecords.EmploymentRecordID, roleAssignments.EmploymentRecordID),
    )
    .innerJoin(employees, eq(employees.EmployeeID, roleAssignments.EmployeeID))
    .where(and(eq(roleAssignments.RoleID, eventStaff.RoleID), eq(employmentRecords.IcdOfficeID, officeId)));
  crew = [...new Set(rows.map((r) => r.EmployeeID))];
  expect(crew.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => t?.close());

/** A distinct far-future-free day per round (the demo data sits in the current weeks). */
const dayOf = (n: number) => new Date(Date.UTC(1995, 0, 2 + n)).toISOString().slice(0, 10);

/** A work entry of staff at Toronto, marked by its comment. */
const workEntry = (date: string, start: string, end: string, marker: string) => ({
  Date: date,
  StartTime: start,
  EndTime: end,
  IsBreak: false,
  IsRealTime: true,
  TimeZoneOffset: -300,
  IcdOfficeID: officeId,
  ProgramID: null,
  StoreID: null,
  TimeEntryTypeID: 1,
  Comments: marker,
});

/** An event at Toronto with one time slot of the given capacity, made by the manager. */
async function newEvent(title: string, date: string, capacity: number) {
  const created = await manager.call({
    method: 'POST',
    url: '/api/schedule-events',
    payload: {
      IcdOfficeID: officeId,
      EventHostID: 1,
      Title: title,
      Date: date,
      StartTime: '10:00:00',
      EndTime: '14:00:00',
      TimeSlots: [{ StartTime: '10:00:00', EndTime: '14:00:00', Capacity: capacity }],
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{
    ScheduleEventID: number;
    Version: number;
    TimeSlots: Array<{ TimeSlotID: number }>;
  }>();
}

describe('races', () => {
  it('two overlapping entries for one employee sent at once: exactly one is accepted', async () => {
    for (let n = 0; n < ROUNDS; n++) {
      const answers = await Promise.all([
        staff.call({
          method: 'POST',
          url: '/api/time-entries',
          payload: workEntry(dayOf(n), '09:00:00', '17:00:00', `race-${n}-a`),
        }),
        staff.call({
          method: 'POST',
          url: '/api/time-entries',
          payload: workEntry(dayOf(n), '10:00:00', '17:00:00', `race-${n}-b`),
        }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      const refused = answers.find((a) => a.statusCode === 400)!;
      expect(refused.json().Message).toMatch(/overlaps another work entry/);
      const rows = await t.db
        .select()
        .from(timeEntries)
        .where(like(timeEntries.Comments, `race-${n}-%`));
      expect(rows).toHaveLength(1);
    }
  });

  it('the last free place of a time slot assigned to two people at once: one gets it, one is refused', async () => {
    for (let n = 0; n < ROUNDS; n++) {
      const event = await newEvent(`Race event ${n}`, dayOf(100 + n), 1);
      const slot = event.TimeSlots[0].TimeSlotID;
      const assign = (who: Session, employeeId: number) =>
        who.call({
          method: 'POST',
          url: `/api/schedule-events/${event.ScheduleEventID}/time-slots/${slot}/assignments`,
          payload: { EmployeeID: employeeId },
        });
      const answers = await Promise.all([assign(manager, crew[0]), assign(admin, crew[1])]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
      expect(answers.find((a) => a.statusCode === 422)!.json().Message).toBe(
        'This time slot is full (1 of 1).',
      );
      const held = await t.db
        .select()
        .from(scheduleEventAssignments)
        .where(
          and(
            eq(scheduleEventAssignments.TimeSlotID, slot),
            inArray(scheduleEventAssignments.EmployeeID, crew),
          ),
        );
      expect(held).toHaveLength(1);
    }
  });

  it('two managers saving the same event at the same version: one is saved, the other gets 409', async () => {
    for (let n = 0; n < ROUNDS; n++) {
      const event = await newEvent(`Edited at once ${n}`, dayOf(200 + n), 2);
      const save = (who: Session, notes: string) =>
        who.call({
          method: 'PATCH',
          url: `/api/schedule-events/${event.ScheduleEventID}`,
          payload: { Notes: notes, Version: event.Version },
        });
      const answers = await Promise.all([save(manager, 'from the manager'), save(admin, 'from the admin')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json<{ Notes: string; Version: number }>();
      const now = (
        await manager.call({ method: 'GET', url: `/api/schedule-events/${event.ScheduleEventID}` })
      ).json<{
        Notes: string;
        Version: number;
      }>();
      expect(now).toMatchObject({ Notes: winner.Notes, Version: event.Version + 1 });
    }
  });

  it('the same Idempotency-Key sent twice at once runs once; both hear the same answer', async () => {
    for (let n = 0; n < ROUNDS; n++) {
      const payload = workEntry(dayOf(300 + n), '08:00:00', '12:00:00', `same-key-${n}`);
      const send = () =>
        staff.call({
          method: 'POST',
          url: '/api/time-entries',
          payload,
          headers: { 'idempotency-key': `concurrent-key-${n}` },
        });
      const [a, b] = await Promise.all([send(), send()]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
      expect([a.headers['idempotency-replayed'], b.headers['idempotency-replayed']].filter(Boolean)).toEqual([
        'true',
      ]);
      const rows = await t.db
        .select()
        .from(timeEntries)
        .where(eq(timeEntries.Comments, `same-key-${n}`));
      expect(rows).toHaveLength(1);
    }
  });
});
