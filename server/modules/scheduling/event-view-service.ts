// Schedule-event views: the corporation hosts an office used recently, the time slots of an office or
// of a corporation's offices, and the assigned events of an office or of one employee.
import { and, asc, count, desc, eq, gte, inArray, lte, max, ne, type SQL } from 'drizzle-orm';
import {
  type AssignedEventsQuery,
  type EmployeeAssignedEvent,
  type EventHostType,
  type OfficeTimeSlot,
  type RecentEventHost,
  ScheduleEventStatus,
  type ScheduleEventWithSlots,
  type TimeSlotsQuery,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import {
  corporations,
  employmentRecords,
  eventHosts,
  icdOffices,
  scheduleEventAssignments,
  scheduleEvents,
  scheduleEventTimeSlots,
} from '../../db/tables';
import { addDays } from '../../domain/scheduling/times';
import { forbidden, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { eventOrder, LIST_LIMIT, today } from './event-list-service';
import { assignmentsFrom, eventsFrom, slotsFor, toAssignment, toEvent } from './event-reads';
import { MANAGE, manageScope, officeCondition, RESPOND, requireOffice } from './scope';

/** Corporation hosts the office's events used most recently ({id} of the path is the office). */
export async function recentCorporations(p: {
  db: Db;
  actor: Actor;
  officeId: number;
}): Promise<RecentEventHost[]> {
  requireOffice(p.actor, p.officeId);
  const since = addDays(today(), -365);
  const rows = await p.db
    .select({
      host: eventHosts,
      LastEventDate: max(scheduleEvents.Date),
      EventCount: count(scheduleEvents.ScheduleEventID),
    })
    .from(eventHosts)
    .innerJoin(scheduleEvents, eq(scheduleEvents.EventHostID, eventHosts.EventHostID))
    .where(
      and(
        eq(eventHosts.HostTypeID, 2),
        eq(scheduleEvents.IcdOfficeID, p.officeId),
        gte(scheduleEvents.Date, since),
        ne(scheduleEvents.Status, ScheduleEventStatus.Cancelled),
      ),
    )
    .groupBy(eventHosts.EventHostID)
    .orderBy(desc(max(scheduleEvents.Date)), asc(eventHosts.Name))
    .limit(10);
  return rows.map((r) => ({
    ...r.host,
    HostTypeID: r.host.HostTypeID as EventHostType,
    LastEventDate: r.LastEventDate ?? since,
    EventCount: r.EventCount,
  }));
}

async function officeSlots(
  db: Db,
  officeIds: readonly number[],
  q: TimeSlotsQuery,
): Promise<OfficeTimeSlot[]> {
  if (!officeIds.length) return [];
  const rows = await eventsFrom(db)
    .where(
      and(
        inArray(scheduleEvents.IcdOfficeID, [...officeIds]),
        gte(scheduleEvents.Date, q.startDate),
        lte(scheduleEvents.Date, q.endDate),
        q.includeCancelled ? undefined : eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
      ),
    )
    .orderBy(...eventOrder)
    .limit(LIST_LIMIT);
  const slots = await slotsFor(
    db,
    rows.map((r) => r.ScheduleEventID),
  );
  const out: OfficeTimeSlot[] = [];
  for (const e of rows)
    for (const s of slots.get(e.ScheduleEventID) ?? []) {
      const cancelled = e.Status === ScheduleEventStatus.Cancelled;
      const open = cancelled ? 0 : Math.max(0, s.Capacity - s.AssignedCount);
      if (q.openOnly && open === 0) continue;
      out.push({
        TimeSlotID: s.TimeSlotID,
        ScheduleEventID: e.ScheduleEventID,
        IcdOfficeID: e.IcdOfficeID,
        Title: e.Title,
        EventHostName: e.EventHostName,
        Date: e.Date,
        EventStatus: toEvent(e).Status,
        StartTime: s.StartTime,
        EndTime: s.EndTime,
        Capacity: s.Capacity,
        AssignedCount: s.AssignedCount,
        AcceptedCount: s.AcceptedCount,
        OpenCount: open,
      });
    }
  return out;
}

export async function officeTimeSlots(p: { db: Db; actor: Actor; officeId: number; query: TimeSlotsQuery }) {
  requireOffice(p.actor, p.officeId);
  return officeSlots(p.db, [p.officeId], p.query);
}

/** The slots of the corporation's offices the caller manages; 403 when none. */
export async function corporationTimeSlots(p: {
  db: Db;
  actor: Actor;
  corporationId: number;
  query: TimeSlotsQuery;
}) {
  const [corporation] = await p.db
    .select({ id: corporations.IcdCorporationID })
    .from(corporations)
    .where(eq(corporations.IcdCorporationID, p.corporationId));
  if (!corporation) throw notFound('The corporation');
  const scope = manageScope(p.actor);
  const offices = (
    await p.db
      .select({ IcdOfficeID: icdOffices.IcdOfficeID })
      .from(icdOffices)
      .where(eq(icdOffices.IcdCorporationID, p.corporationId))
  )
    .map((o) => o.IcdOfficeID)
    .filter((id) => scope === 'all' || scope.has(id));
  if (!offices.length) throw forbidden();
  return officeSlots(p.db, offices, p.query);
}

function assignedConditions(q: AssignedEventsQuery): SQL[] {
  const conds: (SQL | undefined)[] = [
    gte(scheduleEvents.Date, q.startDate ?? addDays(today(), -7)),
    q.endDate ? lte(scheduleEvents.Date, q.endDate) : undefined,
    q.includeCancelled ? undefined : eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
  ];
  return conds.filter((c): c is SQL => c !== undefined);
}

/** Events of the office with assignments (of one employee when employeeID is given), with their slots. */
export async function officeAssignedEvents(p: {
  db: Db;
  actor: Actor;
  officeId: number;
  query: AssignedEventsQuery;
}): Promise<ScheduleEventWithSlots[]> {
  requireOffice(p.actor, p.officeId);
  const withAssignments = p.db
    .select({ id: scheduleEventTimeSlots.ScheduleEventID })
    .from(scheduleEventAssignments)
    .innerJoin(
      scheduleEventTimeSlots,
      eq(scheduleEventTimeSlots.TimeSlotID, scheduleEventAssignments.TimeSlotID),
    )
    .where(p.query.employeeID ? eq(scheduleEventAssignments.EmployeeID, p.query.employeeID) : undefined);
  const rows = await eventsFrom(p.db)
    .where(
      and(
        eq(scheduleEvents.IcdOfficeID, p.officeId),
        inArray(scheduleEvents.ScheduleEventID, withAssignments),
        ...assignedConditions(p.query),
      ),
    )
    .orderBy(...eventOrder)
    .limit(LIST_LIMIT);
  const slots = await slotsFor(
    p.db,
    rows.map((r) => r.ScheduleEventID),
  );
  return rows.map((r) => ({ ...toEvent(r), TimeSlots: slots.get(r.ScheduleEventID) ?? [] }));
}

/**
 * One employee's assigned events with their own assignments (every status, so a withdrawn one shows as
 * such on the phone). Their own: `scheduling:respond`; someone else's: `scheduling:manage` for an
 * office where that person works, and only events of the offices the caller manages.
 */
export async function employeeAssignedEvents(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  query: AssignedEventsQuery;
}): Promise<EmployeeAssignedEvent[]> {
  const own = p.employeeId === p.actor.EmployeeID && p.actor.has(RESPOND);
  let officeFilter: SQL | undefined;
  if (!own) {
    if (!p.actor.has(MANAGE)) throw forbidden();
    const scope = manageScope(p.actor);
    if (scope !== 'all') {
      const records = await p.db
        .select({ IcdOfficeID: employmentRecords.IcdOfficeID })
        .from(employmentRecords)
        .where(eq(employmentRecords.EmployeeID, p.employeeId));
      if (!records.some((r) => scope.has(r.IcdOfficeID))) throw forbidden();
    }
    officeFilter = officeCondition(scope, scheduleEvents.IcdOfficeID);
  }
  const rows = await assignmentsFrom(p.db)
    .innerJoin(scheduleEvents, eq(scheduleEvents.ScheduleEventID, scheduleEventTimeSlots.ScheduleEventID))
    .where(
      and(
        eq(scheduleEventAssignments.EmployeeID, p.employeeId),
        officeFilter,
        ...assignedConditions(p.query),
      ),
    )
    .orderBy(asc(scheduleEventTimeSlots.StartTime), asc(scheduleEventAssignments.AssignmentID));
  const eventIds = [...new Set(rows.map((r) => r.ScheduleEventID))];
  if (!eventIds.length) return [];
  const events = await eventsFrom(p.db)
    .where(inArray(scheduleEvents.ScheduleEventID, eventIds))
    .orderBy(...eventOrder);
  return events.map((e) => ({
    ...toEvent(e),
    Assignments: rows
      .filter((r) => r.ScheduleEventID === e.ScheduleEventID)
      .map((r) => ({ ...toAssignment(r), StartTime: r.StartTime, EndTime: r.EndTime })),
  }));
}
