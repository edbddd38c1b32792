// What every assignment or event change leaves behind: a row of the event's timeline and the
// notification mail to the people concerned (queued in the same transaction as the change).
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ScheduleEventActivity, ScheduleEventActivityType } from '../../../src/contract/scheduling';
import type { Db } from '../../db/client';
import { employees, scheduleEventActivities } from '../../db/tables';
import { type MailContext, type MailKind, schedulingMail } from '../../domain/scheduling/messages';
import { queueMail } from '../mail/service';
import { type DbOrTx, fullName } from './scope';

export async function appendActivity(
  db: DbOrTx,
  row: {
    ScheduleEventID: number;
    ActivityTypeID: number;
    EmployeeID: number | null;
    Description: string;
    AssignmentID?: number | null;
    SubjectEmployeeID?: number | null;
    Comment?: string | null;
  },
): Promise<void> {
  await db.insert(scheduleEventActivities).values({
    ...row,
    AssignmentID: row.AssignmentID ?? null,
    SubjectEmployeeID: row.SubjectEmployeeID ?? null,
    Comment: row.Comment?.trim() ? row.Comment.trim() : null,
  });
}

/** Queues one mail per recipient with an e-mail address (duplicates and nulls dropped). */
export async function notify(
  db: DbOrTx,
  kind: MailKind,
  recipientIds: readonly (number | null | undefined)[],
  context: MailContext,
): Promise<void> {
  const ids = [...new Set(recipientIds.filter((id): id is number => typeof id === 'number'))];
  if (!ids.length) return;
  const people = await db
    .select({ EmployeeID: employees.EmployeeID, EmailAddress: employees.EmailAddress })
    .from(employees)
    .where(inArray(employees.EmployeeID, ids))
    .orderBy(asc(employees.EmployeeID));
  const mail = schedulingMail(kind, context);
  for (const p of people) {
    if (!p.EmailAddress) continue;
    // queueMail takes the database type; a transaction is one (same schema), so the mail commits with
    // the change it reports.
    await queueMail(db as Db, { ...mail, To: p.EmailAddress });
  }
}

export async function listActivity(db: DbOrTx, scheduleEventId: number): Promise<ScheduleEventActivity[]> {
  const subject = alias(employees, 'subject');
  const rows = await db
    .select({
      activity: scheduleEventActivities,
      actorFirst: employees.FirstName,
      actorLast: employees.LastName,
      subjectFirst: subject.FirstName,
      subjectLast: subject.LastName,
    })
    .from(scheduleEventActivities)
    .leftJoin(employees, eq(employees.EmployeeID, scheduleEventActivities.EmployeeID))
    .leftJoin(subject, eq(subject.EmployeeID, scheduleEventActivities.SubjectEmployeeID))
    .where(eq(scheduleEventActivities.ScheduleEventID, scheduleEventId))
    .orderBy(asc(scheduleEventActivities.ActivityID));
  return rows.map((r) => ({
    ...r.activity,
    ActivityTypeID: r.activity.ActivityTypeID as ScheduleEventActivityType,
    EmployeeName:
      r.actorFirst !== null && r.actorLast !== null
        ? fullName({ FirstName: r.actorFirst, LastName: r.actorLast })
        : null,
    SubjectEmployeeName:
      r.subjectFirst !== null && r.subjectLast !== null
        ? fullName({ FirstName: r.subjectFirst, LastName: r.subjectLast })
        : null,
    CreatedAt: r.activity.CreatedAt.toISOString(),
  }));
}
