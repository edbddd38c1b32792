// Assignments: a manager assigns an employee to a time slot (Pending), the employee answers
// (Accepted / Rejected with a reason; the same answer again is a no-op), a manager withdraws
// (Unassigned). Each change appends a timeline row and queues mail in the same transaction.
import { and, eq } from 'drizzle-orm';
import {
  AssignmentStatus,
  type RespondBody,
  ScheduleEventActivityType,
  type ScheduleEventAssignment,
  ScheduleEventStatus,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { LockClass, xactLock } from '../../db/locks';
import {
  employees,
  employmentRecords,
  scheduleEventAssignments,
  scheduleEventTimeSlots,
} from '../../db/tables';
import { activityDescription } from '../../domain/scheduling/messages';
import {
  checkAssign,
  decideResponse,
  decideUnassign,
  MESSAGES,
  type Refusal,
} from '../../domain/scheduling/rules';
import { AppError, badRequest, notFound } from '../../errors';
import { type Actor, inScope, loadActor } from '../access/service';
import {
  type AssignmentRow,
  assignmentsFrom,
  type EventRow,
  heldAssignments,
  loadAssignment,
  loadEventRow,
  toAssignment,
  visibleEventRow,
} from './event-reads';
import { conflict, fullName, RESPOND, type Tx } from './scope';
import { appendActivity, notify } from './timeline';

const SLOT = 'The time slot';
const ASSIGNMENT = 'The assignment';

const refuse = (r: Refusal) => new AppError(r.status, r.message, { Errors: r.errors });

/** Serialises changes of one employee's assignments (double-booking check) across requests. */
async function lockEmployee(tx: Tx, employeeId: number): Promise<void> {
  await tx.execute(xactLock(LockClass.EventAssignments, employeeId));
}

export async function assign(p: {
  db: Db;
  actor: Actor;
  eventId: number;
  timeSlotId: number;
  employeeId: number;
}): Promise<ScheduleEventAssignment> {
  const id = await p.db.transaction(async (tx) => {
    const event = await visibleEventRow(tx, p.actor, p.eventId);
    const [slot] = await tx
      .select()
      .from(scheduleEventTimeSlots)
      .where(
        and(
          eq(scheduleEventTimeSlots.TimeSlotID, p.timeSlotId),
          eq(scheduleEventTimeSlots.ScheduleEventID, p.eventId),
        ),
      )
      .for('update');
    if (!slot) throw notFound(SLOT);
    const [person] = await tx
      .select({
        EmployeeID: employees.EmployeeID,
        FirstName: employees.FirstName,
        LastName: employees.LastName,
      })
      .from(employees)
      .where(eq(employees.EmployeeID, p.employeeId));
    if (!person)
      throw badRequest('The employee was not found.', { EmployeeID: ['The employee was not found.'] });
    const name = fullName(person);
    const [record] = await tx
      .select({ id: employmentRecords.EmploymentRecordID })
      .from(employmentRecords)
      .where(
        and(
          eq(employmentRecords.EmployeeID, p.employeeId),
          eq(employmentRecords.IcdOfficeID, event.IcdOfficeID),
          eq(employmentRecords.EmployeeStatusID, 1),
        ),
      )
      .limit(1);
    if (!record) throw new AppError(422, MESSAGES.notAtOffice(name, event.OfficeName));
    // Only someone who can answer (scheduling:respond at the event's office) is given an assignment.
    const assignee = await loadActor(tx as Db, p.employeeId);
    if (!assignee || !inScope(assignee.offices(RESPOND), event.IcdOfficeID))
      throw new AppError(422, MESSAGES.cannotRespond(name, event.OfficeName));

    await lockEmployee(tx, p.employeeId);
    const slotAssignments = await tx
      .select({ Status: scheduleEventAssignments.Status })
      .from(scheduleEventAssignments)
      .where(eq(scheduleEventAssignments.TimeSlotID, slot.TimeSlotID));
    const refusal = checkAssign({
      employeeName: name,
      eventCancelled: event.Status === ScheduleEventStatus.Cancelled,
      slot: { ...slot, Date: event.Date, Title: event.Title },
      slotAssignments,
      employeeAssignments: await heldAssignments(tx, [p.employeeId], event.Date),
    });
    if (refusal) throw refuse(refusal);

    const [created] = await tx
      .insert(scheduleEventAssignments)
      .values({
        TimeSlotID: slot.TimeSlotID,
        EmployeeID: p.employeeId,
        Status: AssignmentStatus.Pending,
        AssignedByEmployeeID: p.actor.EmployeeID,
      })
      .returning({ AssignmentID: scheduleEventAssignments.AssignmentID });
    await appendActivity(tx, {
      ScheduleEventID: p.eventId,
      ActivityTypeID: ScheduleEventActivityType.Assigned,
      EmployeeID: p.actor.EmployeeID,
      AssignmentID: created.AssignmentID,
      SubjectEmployeeID: p.employeeId,
      Description: activityDescription(ScheduleEventActivityType.Assigned, {
        employeeName: name,
        startTime: slot.StartTime,
        endTime: slot.EndTime,
      }),
    });
    await notify(tx, 'Assigned', [p.employeeId], mailContext(event, slot, name, p.actor));
    return created.AssignmentID;
  });
  return (await loadAssignment(p.db, id))!;
}

function mailContext(
  event: EventRow,
  slot: { StartTime: string; EndTime: string },
  employeeName: string,
  actor: Actor,
  reason?: string | null,
) {
  return {
    title: event.Title,
    date: event.Date,
    startTime: slot.StartTime,
    endTime: slot.EndTime,
    officeName: event.OfficeName,
    employeeName,
    actorName: fullName(actor),
    reason,
  };
}

/** The assignment (locked) of an event; 404 when it is not part of that event. */
async function lockAssignment(tx: Tx, eventId: number, assignmentId: number): Promise<AssignmentRow> {
  await tx
    .select({ id: scheduleEventAssignments.AssignmentID })
    .from(scheduleEventAssignments)
    .where(eq(scheduleEventAssignments.AssignmentID, assignmentId))
    .for('update');
  const [row] = await assignmentsFrom(tx).where(
    and(
      eq(scheduleEventAssignments.AssignmentID, assignmentId),
      eq(scheduleEventTimeSlots.ScheduleEventID, eventId),
    ),
  );
  if (!row) throw notFound(ASSIGNMENT);
  return row;
}

/** The assigned employee answers. Only their own assignment; the same answer again changes nothing. */
export async function respond(p: {
  db: Db;
  actor: Actor;
  eventId: number;
  assignmentId: number;
  body: RespondBody;
}): Promise<ScheduleEventAssignment> {
  return p.db.transaction(async (tx) => {
    const row = await lockAssignment(tx, p.eventId, p.assignmentId);
    if (row.EmployeeID !== p.actor.EmployeeID)
      throw new AppError(403, 'You can only answer your own assignments.');
    const decision = decideResponse(row.Status, p.body.Status, p.body.Reason);
    if (decision.kind === 'refuse') throw refuse(decision.refusal);
    if (decision.kind === 'noop') return toAssignment(row);
    if (p.body.Version !== undefined && p.body.Version !== row.Version) throw conflict(toAssignment(row));

    const reason = decision.to === AssignmentStatus.Rejected ? (p.body.Reason?.trim() ?? null) : null;
    await tx
      .update(scheduleEventAssignments)
      .set({ Status: decision.to, Reason: reason, RespondedAt: new Date(), Version: row.Version + 1 })
      .where(eq(scheduleEventAssignments.AssignmentID, row.AssignmentID));
    // The assignee is authorised by the assignment itself, whatever their office scope.
    const event = (await loadEventRow(tx, p.eventId))!;
    const accepted = decision.to === AssignmentStatus.Accepted;
    const type = accepted ? ScheduleEventActivityType.Accepted : ScheduleEventActivityType.Rejected;
    const name = fullName(row);
    await appendActivity(tx, {
      ScheduleEventID: p.eventId,
      ActivityTypeID: type,
      EmployeeID: p.actor.EmployeeID,
      AssignmentID: row.AssignmentID,
      SubjectEmployeeID: row.EmployeeID,
      Description: activityDescription(type, {
        employeeName: name,
        startTime: row.StartTime,
        endTime: row.EndTime,
      }),
      Comment: reason,
    });
    // The event's managers: who created it and who made the assignment (not the one answering).
    const managers = [event.CreatedByEmployeeID, row.AssignedByEmployeeID].filter(
      (id) => id !== p.actor.EmployeeID,
    );
    await notify(
      tx,
      accepted ? 'Accepted' : 'Rejected',
      managers,
      mailContext(event, row, name, p.actor, reason),
    );
    return (await loadAssignment(tx, row.AssignmentID))!;
  });
}

/** A manager withdraws an assignment: Pending/Accepted → Unassigned; already Unassigned is a no-op. */
export async function unassign(p: {
  db: Db;
  actor: Actor;
  eventId: number;
  assignmentId: number;
  version?: number;
  comment?: string;
}): Promise<ScheduleEventAssignment> {
  return p.db.transaction(async (tx) => {
    const event = await visibleEventRow(tx, p.actor, p.eventId);
    const row = await lockAssignment(tx, p.eventId, p.assignmentId);
    const name = fullName(row);
    const decision = decideUnassign(row.Status, name);
    if (decision.kind === 'refuse') throw refuse(decision.refusal);
    if (decision.kind === 'noop') return toAssignment(row);
    if (p.version !== undefined && p.version !== row.Version) throw conflict(toAssignment(row));

    await tx
      .update(scheduleEventAssignments)
      .set({ Status: AssignmentStatus.Unassigned, Version: row.Version + 1 })
      .where(eq(scheduleEventAssignments.AssignmentID, row.AssignmentID));
    await appendActivity(tx, {
      ScheduleEventID: p.eventId,
      ActivityTypeID: ScheduleEventActivityType.Unassigned,
      EmployeeID: p.actor.EmployeeID,
      AssignmentID: row.AssignmentID,
      SubjectEmployeeID: row.EmployeeID,
      Description: activityDescription(ScheduleEventActivityType.Unassigned, {
        employeeName: name,
        startTime: row.StartTime,
        endTime: row.EndTime,
      }),
      Comment: p.comment ?? null,
    });
    await notify(tx, 'Unassigned', [row.EmployeeID], mailContext(event, row, name, p.actor, p.comment));
    return (await loadAssignment(tx, row.AssignmentID))!;
  });
}
