import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../../src/contract/auth';
import type { Db } from '../../db/client';
import { employees, passwordResets, sessions } from '../../db/tables';
import { AppError } from '../../errors';
import { hashPassword } from '../auth/passwords';
import { MessageType, queueMail } from '../mail/service';

const RESET_MINUTES = 60;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `POST home/reset-password`: when the user name and e-mail address belong together, a reset link is
 * mailed. The answer is the same either way, so the call cannot be used to discover accounts.
 */
export async function requestPasswordReset(args: {
  db: Db;
  userName: string;
  emailAddress: string;
  baseUrl: string;
}) {
  const { db } = args;
  const [employee] = await db
    .select()
    .from(employees)
    .where(
      and(
        sql`lower(${employees.UserName}) = ${args.userName.trim().toLowerCase()}`,
        sql`lower(${employees.EmailAddress}) = ${args.emailAddress.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  if (employee && !employee.Inactive && employee.EmailAddress) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(passwordResets).values({
      TokenHash: hashToken(token),
      EmployeeID: employee.EmployeeID,
      ExpiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
    });
    await queueMail(db, {
      MessageType: MessageType.PasswordReminder,
      To: employee.EmailAddress,
      Subject: 'Reset your Apex password',
      Body: `Hello ${employee.FirstName},\n\nA password reset was asked for your account ${employee.UserName}. Open this link within ${RESET_MINUTES} minutes to choose a new password:\n\n${args.baseUrl}/account/reset-password?token=${token}\n\nIf you did not ask for this, ignore this message.`,
    });
  }
  return { Message: 'If the account exists, a message with a reset link was sent to its e-mail address.' };
}

export async function completePasswordReset(args: {
  db: Db;
  token: string;
  password: string;
  costLog2: number;
}) {
  const { db } = args;
  const now = new Date();
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.TokenHash, hashToken(args.token)),
        isNull(passwordResets.UsedAt),
        gt(passwordResets.ExpiresAt, now),
      ),
    )
    .limit(1);
  if (!reset) throw new AppError(400, 'This reset link is not valid any more. Ask for a new one.');
  const [employee] = await db.select().from(employees).where(eq(employees.EmployeeID, reset.EmployeeID));
  const problems = passwordProblems(DEFAULT_PASSWORD_POLICY, args.password, employee);
  if (problems.length) {
    throw new AppError(400, problems[0], { Messages: problems, Errors: { Password: problems } });
  }
  await db
    .update(employees)
    .set({ PasswordHash: await hashPassword(args.password, args.costLog2), PasswordChangedAt: now })
    .where(eq(employees.EmployeeID, employee.EmployeeID));
  await db.update(passwordResets).set({ UsedAt: now }).where(eq(passwordResets.TokenHash, reset.TokenHash));
  // A new password ends every session of the account.
  await db
    .update(sessions)
    .set({ RevokedAt: now })
    .where(and(eq(sessions.EmployeeID, employee.EmployeeID), isNull(sessions.RevokedAt)));
}
