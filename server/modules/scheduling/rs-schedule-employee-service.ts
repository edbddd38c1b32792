// An RS schedule's employees: who is on it, who qualifies (and can answer events there), and replacing
// the list (someone removed must have no dates left).
import { eq } from 'drizzle-orm';
import type {
  QualifyingEmployee,
  QualifyingEmployeesQuery,
  RSScheduleEmployee,
  RSScheduleEmployeesSave,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { rsScheduleDates, rsScheduleEmployees, rsSchedules } from '../../db/tables';
import { checkEmployeeList } from '../../domain/scheduling/rs-schedule';
import { type Actor, inScope, loadActor } from '../access/service';
import {
  lockSchedule,
  namesOf,
  qualifying,
  refuse,
  scheduleEmployees,
  visibleSchedule,
} from './rs-schedule-reads';
import { RESPOND, requireOffice } from './scope';

export async function listScheduleEmployees(p: {
  db: Db;
  actor: Actor;
  id: number;
}): Promise<RSScheduleEmployee[]> {
  return scheduleEmployees(p.db, await visibleSchedule(p.db, p.actor, p.id));
}

export async function qualifyingEmployees(p: {
  db: Db;
  actor: Actor;
  query: QualifyingEmployeesQuery;
}): Promise<QualifyingEmployee[]> {
  let officeId: number;
  let start: string;
  let end: string;
  let scheduled = new Set<number>();
  if (p.query.RSScheduleID) {
    const schedule = await visibleSchedule(p.db, p.actor, p.query.RSScheduleID);
    officeId = schedule.IcdOfficeID;
    start = schedule.StartDate;
    end = schedule.EndDate;
    scheduled = new Set((await scheduleEmployees(p.db, schedule)).map((e) => e.EmployeeID));
  } else {
    officeId = p.query.IcdOfficeID!;
    start = p.query.StartDate!;
    end = p.query.EndDate!;
    requireOffice(p.actor, officeId);
  }
  const people = await qualifying(p.db, officeId, start, end);
  // Who can be given event assignments there (the assignment rule of schedule events).
  const answering = new Set<number>();
  for (const e of people) {
    const actor = await loadActor(p.db, e.EmployeeID);
    if (actor && inScope(actor.offices(RESPOND), officeId)) answering.add(e.EmployeeID);
  }
  return people.map((e) => ({
    ...e,
    IsScheduled: scheduled.has(e.EmployeeID),
    CanAnswerEvents: answering.has(e.EmployeeID),
  }));
}

/** Replaces the schedule's employees (employeeIDs); someone removed must have no dates left. */
export async function setScheduleEmployees(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: RSScheduleEmployeesSave;
}): Promise<RSScheduleEmployee[]> {
  return p.db.transaction(async (tx) => {
    const row = await lockSchedule(tx, p.actor, p.id, p.body.Version);
    const next = new Set(p.body.employeeIDs);
    const withDates = new Set(
      (
        await tx
          .selectDistinct({ EmployeeID: rsScheduleDates.EmployeeID })
          .from(rsScheduleDates)
          .where(eq(rsScheduleDates.RSScheduleID, p.id))
      ).map((d) => d.EmployeeID),
    );
    const refusal = checkEmployeeList({
      next,
      qualifying: new Set(
        (await qualifying(tx, row.IcdOfficeID, row.StartDate, row.EndDate)).map((e) => e.EmployeeID),
      ),
      withDates,
      names: await namesOf(tx, [...next, ...withDates]),
      officeName: row.OfficeName,
    });
    if (refusal) throw refuse(refusal);
    await tx.delete(rsScheduleEmployees).where(eq(rsScheduleEmployees.RSScheduleID, p.id));
    if (next.size)
      await tx
        .insert(rsScheduleEmployees)
        .values([...next].map((EmployeeID) => ({ RSScheduleID: p.id, EmployeeID })));
    await tx
      .update(rsSchedules)
      .set({ Version: row.Version + 1, UpdatedAt: new Date() })
      .where(eq(rsSchedules.RSScheduleID, p.id));
    return scheduleEmployees(tx, row);
  });
}
