// The mail outbox: notification messages are queued in the database; with SMTP_URL set, the mail job
// delivers them; without it they can be read on the admin page (Mail outbox).
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/tables';

export const MessageType = {
  Welcome: 'welcome',
  PasswordReminder: 'passwordReminder',
  ProfileUpdate: 'profileUpdate',
  Bulletin: 'bulletin',
  UserFeedback: 'userFeedback',
  OnboardingApproved: 'onboardingApplicationApproved',
  OnboardingCreated: 'onboardingApplicationCreated',
  OnboardingTerminated: 'onboardingApplicationTerminated',
  PayrollProcessorAlert: 'payrollProcessorAlert',
  FailedTimeEntrySyncAlert: 'failedTimeEntrySyncAlert',
  WorkOrderUpdateAlert: 'workOrderUpdateAlert',
  PasswordExpiryAlert: 'passwordExpiryAlert',
  EmployeeTerminationAlert: 'employeeTerminationAlert',
  // Scheduling (src/contract/scheduling.ts SchedulingMessageType), queued by the scheduling server.
  ScheduleEventAssigned: 'scheduleEventAssigned',
  ScheduleEventUnassigned: 'scheduleEventUnassigned',
  ScheduleEventAccepted: 'scheduleEventAccepted',
  ScheduleEventRejected: 'scheduleEventRejected',
  ScheduleEventCancelled: 'scheduleEventCancelled',
  ScheduleEventChanged: 'scheduleEventChanged',
} as const;

export async function queueMail(
  db: Db,
  mail: { MessageType: string; To: string; Subject: string; Body: string },
): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export async function listMail(db: Db, pageIndex: number, pageSize: number) {
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox);
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.MailID))
    .limit(pageSize)
    .offset(pageIndex * pageSize);
  return {
    Items: rows.map((r) => ({
      ...r,
      CreatedAt: r.CreatedAt.toISOString(),
      SentAt: r.SentAt ? r.SentAt.toISOString() : null,
    })),
    TotalCount: total,
    PageIndex: pageIndex,
    PageSize: pageSize,
  };
}
