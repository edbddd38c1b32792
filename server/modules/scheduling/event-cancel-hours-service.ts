// A schedule event cancelled (its active assignments withdrawn, the people told) and the additional
// hours of its employees replaced.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVE_ASSIGNMENT_STATUSES,
  type AdditionalHoursSave,
  AssignmentStatus,
  ScheduleEventActivityType,
  type ScheduleEventDetail,
  ScheduleEventStatus,
} from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import {
  employees,
  employmentRecords,
  scheduleEventAdditionalHours,
  scheduleEventAssignments,
  scheduleEvents,
  scheduleEventTimeSlots,
} from '../../db/tables';
import { activityDescription } from '../../domain/scheduling/messages';
import { MESSAGES } from '../../domain/scheduling/rules';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { assignmentsFrom, loadEventDetail } from './event-reads';
import { blank, lockForChange } from './event-save-service';
import { conflict, fullName } from './scope';
import { appendActivity, notify } from './timeline';

/** Cancels the event: its Pending/Accepted assignments become Unassigned and the people are told. */
export async function cancelEvent(p: {
  db: Db;
  actor: Actor;
  id: number;
  version?: number;
}): Promise<ScheduleEventDetail> {
  await p.db.transaction(async (tx) => {
    const row = await lockForChange(tx, p.actor, p.id, undefined);
    if (row.Status === ScheduleEventStatus.Cancelled) return; // again: nothing to do
    if (p.version !== undefined && p.version !== row.Version) throw conflict(await loadEventDetail(tx, p.id));
    await tx
      .update(scheduleEvents)
      .set({ Status: ScheduleEventStatus.Cancelled, Version: row.Version + 1, UpdatedAt: new Date() })
      .where(eq(scheduleEvents.ScheduleEventID, p.id));
    const withdrawn = await assignmentsFrom(tx).where(
      and(
        eq(scheduleEventTimeSlots.ScheduleEventID, p.id),
        inArray(scheduleEventAssignments.Status, [...ACTIVE_ASSIGNMENT_STATUSES]),
      ),
    );
    if (withdrawn.length)
      await tx
        .update(scheduleEventAssignments)
        .set({ Status: AssignmentStatus.Unassigned, Version: sql`${scheduleEventAssignments.Version} + 1` })
        .where(
          inArray(
            scheduleEventAssignments.AssignmentID,
            withdrawn.map((a) => a.AssignmentID),
          ),
        );
    await appendActivity(tx, {
      ScheduleEventID: p.id,
      ActivityTypeID: ScheduleEventActivityType.Cancelled,
      EmployeeID: p.actor.EmployeeID,
      Description: activityDescription(ScheduleEventActivityType.Cancelled),
    });
    for (const a of withdrawn)
      await notify(tx, 'Cancelled', [a.EmployeeID], {
        title: row.Title,
        date: row.Date,
        startTime: a.StartTime,
        endTime: a.EndTime,
        officeName: row.OfficeName,
        employeeName: fullName(a),
        actorName: fullName(p.actor),
      });
  });
  return (await loadEventDetail(p.db, p.id))!;
}

export async function saveAdditionalHours(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: AdditionalHoursSave;
}): Promise<ScheduleEventDetail> {
  const ids = p.body.AdditionalHours.map((h) => h.EmployeeID);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0)
    throw badRequest('An employee is listed twice.', {
      [`AdditionalHours.${twice}.EmployeeID`]: ['This employee is listed twice.'],
    });
  await p.db.transaction(async (tx) => {
    const row = await lockForChange(tx, p.actor, p.id, p.body.Version);
    if (ids.length) {
      const people = await tx
        .select({
          EmployeeID: employees.EmployeeID,
          FirstName: employees.FirstName,
          LastName: employees.LastName,
        })
        .from(employees)
        .where(inArray(employees.EmployeeID, ids));
      const atOffice = new Set(
        (
          await tx
            .select({ EmployeeID: employmentRecords.EmployeeID })
            .from(employmentRecords)
            .where(
              and(
                inArray(employmentRecords.EmployeeID, ids),
                eq(employmentRecords.IcdOfficeID, row.IcdOfficeID),
              ),
            )
        ).map((r) => r.EmployeeID),
      );
      for (const [i, id] of ids.entries()) {
        const person = people.find((e) => e.EmployeeID === id);
        if (!person)
          throw badRequest('The employee was not found.', {
            [`AdditionalHours.${i}.EmployeeID`]: ['The employee was not found.'],
          });
        if (!atOffice.has(id))
          throw new AppError(422, MESSAGES.notAtOffice(fullName(person), row.OfficeName));
      }
    }
    await tx
      .delete(scheduleEventAdditionalHours)
      .where(eq(scheduleEventAdditionalHours.ScheduleEventID, p.id));
    if (ids.length)
      await tx.insert(scheduleEventAdditionalHours).values(
        p.body.AdditionalHours.map((h) => ({
          ScheduleEventID: p.id,
          EmployeeID: h.EmployeeID,
          Hours: h.Hours.toFixed(2),
          Comments: blank(h.Comments),
        })),
      );
    await tx
      .update(scheduleEvents)
      .set({ Version: row.Version + 1, UpdatedAt: new Date() })
      .where(eq(scheduleEvents.ScheduleEventID, p.id));
    await appendActivity(tx, {
      ScheduleEventID: p.id,
      ActivityTypeID: ScheduleEventActivityType.AdditionalHoursChanged,
      EmployeeID: p.actor.EmployeeID,
      Description: activityDescription(ScheduleEventActivityType.AdditionalHoursChanged),
    });
  });
  return (await loadEventDetail(p.db, p.id))!;
}
