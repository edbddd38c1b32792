// Notification mail of an application (spec 001 §3 message types: created, approved, terminated),
// queued in the mail outbox to the policy's contact e-mails and to the applicant. No field value is
// ever put in a message.
import { eq } from 'drizzle-orm';
import { divisions, employees, icdOffices, onboardingContactEmails } from '../../db/tables';
import { MessageType, queueMail } from '../mail/service';
import type { ApplicationRow } from './application-read';
import type { OnboardingCtx } from './common';

export type ApplicationEvent = 'created' | 'approved' | 'terminated';

const TYPES: Record<ApplicationEvent, string> = {
  created: MessageType.OnboardingCreated,
  approved: MessageType.OnboardingApproved,
  terminated: MessageType.OnboardingTerminated,
};

export async function notifyApplication(ctx: OnboardingCtx, row: ApplicationRow, event: ApplicationEvent) {
  const { db } = ctx;
  const [e] = await db.select().from(employees).where(eq(employees.EmployeeID, row.EmployeeID));
  const [office] = await db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, row.IcdOfficeID));
  const [division] = await db.select().from(divisions).where(eq(divisions.DivisionID, row.DivisionID));
  const contacts = await db
    .select({ EmailAddress: onboardingContactEmails.EmailAddress })
    .from(onboardingContactEmails)
    .where(eq(onboardingContactEmails.OnboardingPolicyID, row.OnboardingPolicyID));
  const who = `${e.FirstName} ${e.LastName}`;
  const where = `${division.Name} at ${office.OfficeName}`;
  const toApplicant: Record<ApplicationEvent, { Subject: string; Body: string }> = {
    created: {
      Subject: 'Your Apex onboarding application',
      Body: `Hello ${e.FirstName},\n\nYour application for ${where} was created.\n\nUser name: ${e.UserName}\nSign in at ${ctx.publicUrl}/account/login to fill it in (use "Forgot password" if you have no password yet).`,
    },
    approved: {
      Subject: 'Your Apex onboarding application was approved',
      Body: `Hello ${e.FirstName},\n\nWelcome aboard: your application for ${where} was approved. Sign in at ${ctx.publicUrl}/account/login with your user name ${e.UserName}.`,
    },
    terminated: {
      Subject: 'Your Apex onboarding application',
      Body: `Hello ${e.FirstName},\n\nYour application for ${where} was closed.`,
    },
  };
  const toOffice: Record<ApplicationEvent, string> = {
    created: `A new onboarding application${row.IsSelfSignUp ? ' (self sign-up)' : ''} from ${who} for ${where}.`,
    approved: `The onboarding application of ${who} for ${where} was approved; ${e.FirstName} is now an employee.`,
    terminated: `The onboarding application of ${who} for ${where} was terminated.`,
  };
  const link = `${ctx.publicUrl}/onboarding/applications/${row.OnboardingApplicationID}`;
  if (e.EmailAddress)
    await queueMail(db, { MessageType: TYPES[event], To: e.EmailAddress, ...toApplicant[event] });
  for (const c of contacts)
    await queueMail(db, {
      MessageType: TYPES[event],
      To: c.EmailAddress,
      Subject: `Onboarding: ${who} (${event})`,
      Body: `${toOffice[event]}\n\n${link}`,
    });
}
