// Message types (the notification e-mails of spec 001 §3) and sending a message of one of them to
// employees through the mail path (SMTP when configured, else the outbox). messages:send, office scope.
import { and, eq, inArray } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import {
  MESSAGES_SEND,
  type MessageResult,
  type MessageSend,
  type MessageTypeInfo,
} from '../../../src/contract/notices';
import type { Db } from '../../db/client';
import { employees, employmentRecords } from '../../db/tables';
import { badRequest, forbidden } from '../../errors';
import type { Actor } from '../access/service';
import { MessageType, queueMail } from '../mail/service';

/** The notification e-mails of spec 001 §3, in its order. */
export const MESSAGE_TYPES: MessageTypeInfo[] = [
  { Key: MessageType.Welcome, Name: 'Welcome' },
  { Key: MessageType.PasswordReminder, Name: 'Password reminder' },
  { Key: MessageType.ProfileUpdate, Name: 'Profile update' },
  { Key: MessageType.Bulletin, Name: 'Bulletin' },
  { Key: MessageType.UserFeedback, Name: 'User feedback' },
  { Key: MessageType.OnboardingApproved, Name: 'Onboarding application approved' },
  { Key: MessageType.OnboardingCreated, Name: 'Onboarding application created' },
  { Key: MessageType.OnboardingTerminated, Name: 'Onboarding application terminated' },
  { Key: MessageType.PayrollProcessorAlert, Name: 'Payroll processor alert' },
  { Key: MessageType.FailedTimeEntrySyncAlert, Name: 'Failed time-entry sync alert' },
  { Key: MessageType.WorkOrderUpdateAlert, Name: 'Work order update alert' },
  { Key: MessageType.PasswordExpiryAlert, Name: 'Password expiry alert' },
  { Key: MessageType.EmployeeTerminationAlert, Name: 'Employee termination alert' },
];

export async function sendMessage(p: { db: Db; actor: Actor; body: MessageSend }): Promise<MessageResult> {
  if (!MESSAGE_TYPES.some((t) => t.Key === p.body.MessageType))
    throw badRequest('Choose a message type.', { MessageType: ['Unknown message type'] });
  const ids = [...new Set(p.body.EmployeeIDs)];
  const found = await p.db
    .select({ id: employees.EmployeeID, email: employees.EmailAddress })
    .from(employees)
    .where(inArray(employees.EmployeeID, ids));
  if (found.length !== ids.length)
    throw badRequest('Some employees were not found.', { EmployeeIDs: ['Unknown employee'] });
  const scope = p.actor.offices(MESSAGES_SEND);
  if (scope !== 'all') {
    const inOffices = await p.db
      .selectDistinct({ id: employmentRecords.EmployeeID })
      .from(employmentRecords)
      .where(
        and(
          inArray(employmentRecords.EmployeeID, ids),
          inArray(employmentRecords.IcdOfficeID, [...scope, -1]),
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        ),
      );
    if (inOffices.length !== ids.length) throw forbidden();
  }
  const skipped: number[] = [];
  let queued = 0;
  for (const e of found.sort((a, b) => a.id - b.id)) {
    if (!e.email) {
      skipped.push(e.id);
      continue;
    }
    await queueMail(p.db, {
      MessageType: p.body.MessageType,
      To: e.email,
      Subject: p.body.Subject,
      Body: p.body.Body,
    });
    queued++;
  }
  return { Queued: queued, Skipped: skipped };
}
