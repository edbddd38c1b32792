// TSU (time-slot utilisation) reports over a period, for one office or every office the caller manages.
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { EmployeeTsuReport, TsuReportQuery, TsuReportSummary } from '../../../src/contract/scheduling';
import { ScheduleEventStatus } from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { employees, scheduleEventAdditionalHours, scheduleEvents } from '../../db/tables';
import { daysBetween } from '../../domain/scheduling/times';
import { employeeTsu, type TsuSlotInput, tsuSummary } from '../../domain/scheduling/tsu';
import { badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { eventsFrom, slotsFor } from './event-reads';
import { fullName, manageScope, officeCondition, requireOffice } from './scope';

const MAX_DAYS = 366;

function conditions(actor: Actor, q: TsuReportQuery): SQL[] {
  if (q.endDate < q.startDate)
    throw badRequest('The end date must not be before the start date.', {
      endDate: ['The end date must not be before the start date.'],
    });
  if (daysBetween(q.startDate, q.endDate) >= MAX_DAYS)
    throw badRequest(`A report covers ${MAX_DAYS} days at most.`, { endDate: [`${MAX_DAYS} days at most`] });
  if (q.icdOfficeID) requireOffice(actor, q.icdOfficeID);
  return [
    officeCondition(manageScope(actor), scheduleEvents.IcdOfficeID),
    q.icdOfficeID ? eq(scheduleEvents.IcdOfficeID, q.icdOfficeID) : undefined,
    gte(scheduleEvents.Date, q.startDate),
    lte(scheduleEvents.Date, q.endDate),
    eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
  ].filter((c): c is SQL => c !== undefined);
}

async function slotInputs(db: Db, where: SQL[]): Promise<{ slots: TsuSlotInput[]; eventIds: number[] }> {
  const events = await eventsFrom(db)
    .where(and(...where))
    .orderBy(asc(scheduleEvents.Date), asc(scheduleEvents.StartTime));
  const eventIds = events.map((e) => e.ScheduleEventID);
  const slots = await slotsFor(db, eventIds);
  const out: TsuSlotInput[] = [];
  for (const e of events)
    for (const s of slots.get(e.ScheduleEventID) ?? [])
      out.push({
        ScheduleEventID: e.ScheduleEventID,
        IcdOfficeID: e.IcdOfficeID,
        Title: e.Title,
        EventHostName: e.EventHostName,
        Date: e.Date,
        TimeSlotID: s.TimeSlotID,
        StartTime: s.StartTime,
        EndTime: s.EndTime,
        Capacity: s.Capacity,
        assignments: s.Assignments,
      });
  return { slots: out, eventIds };
}

export async function tsuReportSummary(p: {
  db: Db;
  actor: Actor;
  query: TsuReportQuery;
}): Promise<TsuReportSummary> {
  const { slots } = await slotInputs(p.db, conditions(p.actor, p.query));
  return {
    IcdOfficeID: p.query.icdOfficeID ?? null,
    StartDate: p.query.startDate,
    EndDate: p.query.endDate,
    ...tsuSummary(slots),
  };
}

export async function employeeTsuReport(p: {
  db: Db;
  actor: Actor;
  query: TsuReportQuery;
}): Promise<EmployeeTsuReport> {
  const { slots, eventIds } = await slotInputs(p.db, conditions(p.actor, p.query));
  const extra = eventIds.length
    ? await p.db
        .select({
          EmployeeID: scheduleEventAdditionalHours.EmployeeID,
          Hours: scheduleEventAdditionalHours.Hours,
          FirstName: employees.FirstName,
          LastName: employees.LastName,
        })
        .from(scheduleEventAdditionalHours)
        .innerJoin(employees, eq(employees.EmployeeID, scheduleEventAdditionalHours.EmployeeID))
        .where(inArray(scheduleEventAdditionalHours.ScheduleEventID, eventIds))
    : [];
  const rows = employeeTsu(
    slots,
    extra.map((x) => ({ EmployeeID: x.EmployeeID, EmployeeName: fullName(x), Hours: Number(x.Hours) })),
  );
  return {
    IcdOfficeID: p.query.icdOfficeID ?? null,
    StartDate: p.query.startDate,
    EndDate: p.query.endDate,
    Rows: p.query.employeeID ? rows.filter((r) => r.EmployeeID === p.query.employeeID) : rows,
  };
}
