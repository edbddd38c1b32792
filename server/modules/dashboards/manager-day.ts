// The manager's day (GET dashboards/home/manager-day): over the offices where the caller approves
// time, each office's today in its own time zone —
// - who is clocked in now: an open work entry (start, no end, not deleted) that started at most
//   CLOCKED_IN_HOURS before `now` and not after it (older open entries are forgotten clock-outs, shown
//   on time approvals, not here); on break when an open break of that entry is running;
// - today's open places: scheduled (not cancelled) events dated the office's today, each time slot's
//   capacity less its pending and accepted assignments;
// - time awaiting approval: pay periods neither approved nor locked that have ended, or that have
//   begun and hold entries, with their worked minutes as time approvals counts them (ended first);
//   the caller's own periods are left out (nobody approves their own).
import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  type AwaitingPeriod,
  type ClockedInPerson,
  DASHBOARD_LIST_LIMIT,
  type ManagerDay,
  type OpenSlot,
  RoleDashboardId,
} from '../../../src/contract/dashboards';
import { ScheduleEventStatus } from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import {
  employees,
  payPeriods,
  scheduleEventAssignments,
  scheduleEvents,
  scheduleEventTimeSlots,
  timeEntries,
} from '../../db/tables';
import { addDays } from '../../domain/time/clock-time';
import { entryInstant } from '../../domain/time-management/office-day';
import type { Actor } from '../access/service';
import { payPeriodWires } from '../time-management/pay-periods-service';
import { dayBounds, ids, type ScopedOffice, scopedOffices } from './scope';

export const MANAGER_DAY_KEY = 'time:approve';
/** An open entry older than this is a forgotten clock-out, not someone at work. */
export const CLOCKED_IN_HOURS = 24;
/** Pending 1 and Accepted 2 hold a place. */
const HOLDING = [1, 2];

export async function managerDay(db: Db, actor: Actor, now: Date): Promise<ManagerDay> {
  const offices = await scopedOffices(db, actor, MANAGER_DAY_KEY, now);
  const base = {
    DashboardID: RoleDashboardId.ManagerDay,
    GeneratedAt: now.toISOString(),
    Offices: offices.map((o) => ({ IcdOfficeID: o.IcdOfficeID, OfficeName: o.OfficeName, Today: o.Today })),
  };
  if (!offices.length)
    return {
      ...base,
      ClockedInCount: 0,
      ClockedIn: [],
      OpenPlaces: 0,
      OpenSlots: [],
      PeriodsAwaitingApproval: 0,
      PeriodsInProgress: 0,
      MinutesAwaitingApproval: 0,
      Periods: [],
    };
  const [clockedIn, slots, periods] = await Promise.all([
    clockedInNow(db, offices, now),
    openSlotsToday(db, offices),
    awaitingApproval(db, offices, actor.EmployeeID),
  ]);
  return {
    ...base,
    ClockedInCount: clockedIn.length,
    ClockedIn: clockedIn.slice(0, DASHBOARD_LIST_LIMIT),
    OpenPlaces: slots.reduce((n, s) => n + s.Open, 0),
    OpenSlots: slots.slice(0, DASHBOARD_LIST_LIMIT),
    PeriodsAwaitingApproval: periods.filter((p) => p.Ended).length,
    PeriodsInProgress: periods.filter((p) => !p.Ended).length,
    MinutesAwaitingApproval: periods.reduce((n, p) => n + p.WorkedMinutes, 0),
    Periods: periods.slice(0, DASHBOARD_LIST_LIMIT),
  };
}

async function clockedInNow(db: Db, offices: ScopedOffice[], now: Date): Promise<ClockedInPerson[]> {
  const { first, last } = dayBounds(offices.map((o) => o.Today));
  const open = await db
    .select({
      Id: timeEntries.Id,
      EmployeeID: timeEntries.EmployeeID,
      IcdOfficeID: timeEntries.IcdOfficeID,
      Date: timeEntries.Date,
      StartTime: timeEntries.StartTime,
      TimeZoneOffset: timeEntries.TimeZoneOffset,
      IsBreak: timeEntries.IsBreak,
      ParentTimeEntryID: timeEntries.ParentTimeEntryID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.EmployeeID, timeEntries.EmployeeID))
    .where(
      and(
        inArray(timeEntries.IcdOfficeID, ids(offices)),
        isNull(timeEntries.DeletedAt),
        isNull(timeEntries.EndTime),
        isNotNull(timeEntries.StartTime),
        // Recorded dates lie within a day of an office's today (time zones differ by less).
        gte(timeEntries.Date, addDays(first, -2)),
        lte(timeEntries.Date, addDays(last, 1)),
      ),
    );
  const earliest = now.getTime() - CLOCKED_IN_HOURS * 3_600_000;
  const running = (e: (typeof open)[number]) => {
    const at = entryInstant(e).getTime();
    return at <= now.getTime() && at >= earliest;
  };
  const onBreak = new Set(open.filter((e) => e.IsBreak && running(e)).map((e) => e.ParentTimeEntryID));
  const names = new Map(offices.map((o) => [o.IcdOfficeID, o.OfficeName]));
  const byEmployee = new Map<number, ClockedInPerson>();
  for (const e of open) {
    if (e.IsBreak || !running(e)) continue;
    const since = entryInstant(e);
    const seen = byEmployee.get(e.EmployeeID);
    if (seen && new Date(seen.Since as string).getTime() >= since.getTime()) continue;
    byEmployee.set(e.EmployeeID, {
      EmployeeID: e.EmployeeID,
      EmployeeName: `${e.FirstName} ${e.LastName}`,
      IcdOfficeID: e.IcdOfficeID,
      OfficeName: names.get(e.IcdOfficeID) ?? '',
      Since: since.toISOString(),
      OnBreak: onBreak.has(e.Id),
    });
  }
  return [...byEmployee.values()].sort(
    (a, b) => a.EmployeeName.localeCompare(b.EmployeeName) || a.EmployeeID - b.EmployeeID,
  );
}

async function openSlotsToday(db: Db, offices: ScopedOffice[]): Promise<OpenSlot[]> {
  const todays = [...new Set(offices.map((o) => o.Today))];
  const rows = await db
    .select({
      ScheduleEventID: scheduleEvents.ScheduleEventID,
      TimeSlotID: scheduleEventTimeSlots.TimeSlotID,
      Title: scheduleEvents.Title,
      IcdOfficeID: scheduleEvents.IcdOfficeID,
      Date: scheduleEvents.Date,
      StartTime: scheduleEventTimeSlots.StartTime,
      EndTime: scheduleEventTimeSlots.EndTime,
      Capacity: scheduleEventTimeSlots.Capacity,
      Taken: sql<number>`(select count(*)::int from ${scheduleEventAssignments}
        where ${scheduleEventAssignments.TimeSlotID} = ${scheduleEventTimeSlots.TimeSlotID}
          and ${inArray(scheduleEventAssignments.Status, HOLDING)})`,
    })
    .from(scheduleEventTimeSlots)
    .innerJoin(scheduleEvents, eq(scheduleEvents.ScheduleEventID, scheduleEventTimeSlots.ScheduleEventID))
    .where(
      and(
        inArray(scheduleEvents.IcdOfficeID, ids(offices)),
        inArray(scheduleEvents.Date, todays),
        eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
      ),
    );
  const byId = new Map(offices.map((o) => [o.IcdOfficeID, o]));
  return rows
    .filter((r) => byId.get(r.IcdOfficeID)?.Today === r.Date)
    .map((r) => ({
      ScheduleEventID: r.ScheduleEventID,
      TimeSlotID: r.TimeSlotID,
      Title: r.Title,
      IcdOfficeID: r.IcdOfficeID,
      OfficeName: byId.get(r.IcdOfficeID)?.OfficeName ?? '',
      Date: r.Date,
      StartTime: r.StartTime,
      EndTime: r.EndTime,
      Capacity: r.Capacity,
      Open: Math.max(0, r.Capacity - Number(r.Taken)),
    }))
    .filter((s) => s.Open > 0)
    .sort(
      (a, b) =>
        a.StartTime.localeCompare(b.StartTime) ||
        a.Title.localeCompare(b.Title) ||
        a.TimeSlotID - b.TimeSlotID,
    );
}

async function awaitingApproval(db: Db, offices: ScopedOffice[], self: number): Promise<AwaitingPeriod[]> {
  const { last } = dayBounds(offices.map((o) => o.Today));
  const rows = await db
    .select()
    .from(payPeriods)
    .where(
      and(
        inArray(payPeriods.IcdOfficeID, ids(offices)),
        eq(payPeriods.IsApproved, false),
        eq(payPeriods.IsLocked, false),
        lte(payPeriods.StartDate, last),
        // Nobody approves their own period: the caller's are not theirs to approve.
        ne(payPeriods.EmployeeID, self),
      ),
    );
  const todayOf = new Map(offices.map((o) => [o.IcdOfficeID, o.Today]));
  const begun = rows.filter((p) => p.StartDate <= (todayOf.get(p.IcdOfficeID) ?? last));
  const wires = await payPeriodWires(db, begun);
  const ended = (p: { EndDate: unknown; IcdOfficeID: number }) =>
    String(p.EndDate) < (todayOf.get(p.IcdOfficeID) ?? last);
  return (
    wires
      // A running period counts once it holds time; an ended one waits for approval either way.
      .filter((p) => ended(p) || p.EntryCount > 0)
      .map((p) => ({
        PayPeriodID: p.PayPeriodID,
        EmployeeID: p.EmployeeID,
        EmployeeName: p.EmployeeName,
        IcdOfficeID: p.IcdOfficeID,
        OfficeName: p.OfficeName,
        StartDate: p.StartDate,
        EndDate: p.EndDate,
        WorkedMinutes: p.WorkedMinutes,
        Ended: ended(p),
      }))
      .sort(
        (a, b) =>
          Number(b.Ended) - Number(a.Ended) ||
          a.EmployeeName.localeCompare(b.EmployeeName) ||
          a.PayPeriodID - b.PayPeriodID,
      )
  );
}
