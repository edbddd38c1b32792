// Reading schedule events with their office, host, time slots, assignments and additional hours,
// shaped as the contract's wire objects.
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import {
  ACTIVE_ASSIGNMENT_STATUSES,
  type AdditionalHours,
  type AssignmentStatus,
  type EventHostType,
  type ScheduleEvent,
  type ScheduleEventAssignment,
  type ScheduleEventDetail,
  ScheduleEventStatus,
  type TimeSlot,
} from '../../../src/contract/scheduling';
import {
  employees,
  eventHosts,
  icdOffices,
  scheduleEventAdditionalHours,
  scheduleEventAssignments,
  scheduleEvents,
  scheduleEventTimeSlots,
} from '../../db/tables';
import type { HeldAssignment } from '../../domain/scheduling/rules';
import { notFound } from '../../errors';
import type { Actor } from '../access/service';
import { type DbOrTx, fullName, requireVisible } from './scope';

export const EVENT = 'The schedule event';

const eventSelect = {
  ...getTableColumns(scheduleEvents),
  OfficeName: icdOffices.OfficeName,
  EventHostName: eventHosts.Name,
  HostTypeID: eventHosts.HostTypeID,
};

/** Events joined to their office and host. */
export function eventsFrom(db: DbOrTx) {
  return db
    .select(eventSelect)
    .from(scheduleEvents)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, scheduleEvents.IcdOfficeID))
    .leftJoin(eventHosts, eq(eventHosts.EventHostID, scheduleEvents.EventHostID))
    .$dynamic();
}

export type EventRow = Awaited<ReturnType<ReturnType<typeof eventsFrom>['execute']>>[number];

export function toEvent(row: EventRow): ScheduleEvent {
  return {
    ...row,
    HostTypeID: row.HostTypeID as EventHostType | null,
    Status: row.Status as ScheduleEventStatus,
    CreatedAt: row.CreatedAt.toISOString(),
    UpdatedAt: row.UpdatedAt.toISOString(),
  };
}

const assignmentSelect = {
  ...getTableColumns(scheduleEventAssignments),
  ScheduleEventID: scheduleEventTimeSlots.ScheduleEventID,
  FirstName: employees.FirstName,
  LastName: employees.LastName,
  StartTime: scheduleEventTimeSlots.StartTime,
  EndTime: scheduleEventTimeSlots.EndTime,
};

/** Assignments joined to their slot (times, event) and employee (name). */
export function assignmentsFrom(db: DbOrTx) {
  return db
    .select(assignmentSelect)
    .from(scheduleEventAssignments)
    .innerJoin(employees, eq(employees.EmployeeID, scheduleEventAssignments.EmployeeID))
    .innerJoin(
      scheduleEventTimeSlots,
      eq(scheduleEventTimeSlots.TimeSlotID, scheduleEventAssignments.TimeSlotID),
    )
    .$dynamic();
}

export type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentsFrom>['execute']>>[number];

export function toAssignment(row: AssignmentRow): ScheduleEventAssignment {
  return {
    AssignmentID: row.AssignmentID,
    TimeSlotID: row.TimeSlotID,
    ScheduleEventID: row.ScheduleEventID,
    EmployeeID: row.EmployeeID,
    EmployeeName: fullName(row),
    Status: row.Status as AssignmentStatus,
    Reason: row.Reason,
    RespondedAt: row.RespondedAt ? row.RespondedAt.toISOString() : null,
    AssignedByEmployeeID: row.AssignedByEmployeeID,
    AssignedAt: row.AssignedAt.toISOString(),
    Version: row.Version,
  };
}

export async function loadAssignment(
  db: DbOrTx,
  assignmentId: number,
): Promise<ScheduleEventAssignment | null> {
  const [row] = await assignmentsFrom(db).where(eq(scheduleEventAssignments.AssignmentID, assignmentId));
  return row ? toAssignment(row) : null;
}

/** The time slots of events (ordered by start), each with its assignments (oldest first). */
export async function slotsFor(db: DbOrTx, eventIds: readonly number[]): Promise<Map<number, TimeSlot[]>> {
  const out = new Map<number, TimeSlot[]>();
  if (!eventIds.length) return out;
  const slots = await db
    .select()
    .from(scheduleEventTimeSlots)
    .where(inArray(scheduleEventTimeSlots.ScheduleEventID, [...eventIds]))
    .orderBy(asc(scheduleEventTimeSlots.StartTime), asc(scheduleEventTimeSlots.TimeSlotID));
  const rows = slots.length
    ? await assignmentsFrom(db)
        .where(
          inArray(
            scheduleEventAssignments.TimeSlotID,
            slots.map((s) => s.TimeSlotID),
          ),
        )
        .orderBy(asc(scheduleEventAssignments.AssignmentID))
    : [];
  const bySlot = new Map<number, ScheduleEventAssignment[]>();
  for (const r of rows) bySlot.set(r.TimeSlotID, [...(bySlot.get(r.TimeSlotID) ?? []), toAssignment(r)]);
  const active = ACTIVE_ASSIGNMENT_STATUSES as readonly number[];
  for (const s of slots) {
    const assignments = bySlot.get(s.TimeSlotID) ?? [];
    const slot: TimeSlot = {
      ...s,
      AssignedCount: assignments.filter((a) => active.includes(a.Status)).length,
      AcceptedCount: assignments.filter((a) => a.Status === 2).length,
      Assignments: assignments,
    };
    out.set(s.ScheduleEventID, [...(out.get(s.ScheduleEventID) ?? []), slot]);
  }
  return out;
}

export async function additionalHoursOf(db: DbOrTx, eventId: number): Promise<AdditionalHours[]> {
  const rows = await db
    .select({
      ...getTableColumns(scheduleEventAdditionalHours),
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(scheduleEventAdditionalHours)
    .innerJoin(employees, eq(employees.EmployeeID, scheduleEventAdditionalHours.EmployeeID))
    .where(eq(scheduleEventAdditionalHours.ScheduleEventID, eventId))
    .orderBy(asc(scheduleEventAdditionalHours.AdditionalHoursID));
  return rows.map((r) => ({
    AdditionalHoursID: r.AdditionalHoursID,
    ScheduleEventID: r.ScheduleEventID,
    EmployeeID: r.EmployeeID,
    EmployeeName: fullName(r),
    Hours: Number(r.Hours),
    Comments: r.Comments,
  }));
}

export async function loadEventRow(db: DbOrTx, eventId: number): Promise<EventRow | null> {
  const [row] = await eventsFrom(db).where(eq(scheduleEvents.ScheduleEventID, eventId));
  return row ?? null;
}

/** The event as its office's manager sees it; 404 when missing or outside the caller's offices. */
export async function visibleEventRow(db: DbOrTx, actor: Actor, eventId: number): Promise<EventRow> {
  const row = await loadEventRow(db, eventId);
  if (!row) throw notFound(EVENT);
  requireVisible(actor, row.IcdOfficeID, EVENT);
  return row;
}

export async function loadEventDetail(db: DbOrTx, eventId: number): Promise<ScheduleEventDetail | null> {
  const row = await loadEventRow(db, eventId);
  if (!row) return null;
  const slots = await slotsFor(db, [eventId]);
  return {
    ...toEvent(row),
    TimeSlots: slots.get(eventId) ?? [],
    AdditionalHours: await additionalHoursOf(db, eventId),
  };
}

/** Active (Pending/Accepted) assignments of people on a date, in events that are not cancelled. */
export async function heldAssignments(
  db: DbOrTx,
  employeeIds: readonly number[],
  date: string,
): Promise<HeldAssignment[]> {
  if (!employeeIds.length) return [];
  const rows = await db
    .select({
      AssignmentID: scheduleEventAssignments.AssignmentID,
      EmployeeID: scheduleEventAssignments.EmployeeID,
      Status: scheduleEventAssignments.Status,
      TimeSlotID: scheduleEventTimeSlots.TimeSlotID,
      StartTime: scheduleEventTimeSlots.StartTime,
      EndTime: scheduleEventTimeSlots.EndTime,
      ScheduleEventID: scheduleEvents.ScheduleEventID,
      Title: scheduleEvents.Title,
      Date: scheduleEvents.Date,
    })
    .from(scheduleEventAssignments)
    .innerJoin(
      scheduleEventTimeSlots,
      eq(scheduleEventTimeSlots.TimeSlotID, scheduleEventAssignments.TimeSlotID),
    )
    .innerJoin(scheduleEvents, eq(scheduleEvents.ScheduleEventID, scheduleEventTimeSlots.ScheduleEventID))
    .where(
      and(
        inArray(scheduleEventAssignments.EmployeeID, [...employeeIds]),
        inArray(scheduleEventAssignments.Status, [...ACTIVE_ASSIGNMENT_STATUSES]),
        eq(scheduleEvents.Date, date),
        eq(scheduleEvents.Status, ScheduleEventStatus.Scheduled),
      ),
    )
    .orderBy(asc(scheduleEventTimeSlots.StartTime), asc(scheduleEventAssignments.AssignmentID));
  return rows.map((r) => ({
    AssignmentID: r.AssignmentID,
    EmployeeID: r.EmployeeID,
    Status: r.Status,
    slot: {
      TimeSlotID: r.TimeSlotID,
      ScheduleEventID: r.ScheduleEventID,
      Title: r.Title,
      Date: r.Date,
      StartTime: r.StartTime,
      EndTime: r.EndTime,
    },
  }));
}
