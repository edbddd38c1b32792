import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../../src/contract/auth';
import type { Db } from '../../db/client';
import { employees, passwordResets, sessions } from '../../db/tables';
import { AppError } from '../../errors';
import { claimAttempt, RESET_LIMITS } from '../auth/attempts';
import { hashPassword } from '../auth/passwords';
import { tooManyAttempts } from '../auth/service';
import { MessageType, queueMail } from '../mail/service';

const RESET_MINUTES = 60;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const RESET_REQUESTED_MESSAGE =
  'If the account exists, a message with a reset link was sent to its e-mail address.';

/**
 * `POST home/reset-password`: when the user name and e-mail address belong together, a reset link is
 * mailed. The answer is the same either way, so the call cannot be used to discover accounts. Requests
 * are limited per user name and per address (RESET_LIMITS), counted whether or not the user exists.
 * The link is built from the configured public URL, never from the request.
 */
export async function requestPasswordReset(args: {
  db: Db;
  userName: string;
  emailAddress: string;
  /** The configured public origin (PUBLIC_URL). */
  publicUrl: string;
  ip: string;
  now?: Date;
}) {
  const { db } = args;
  const now = args.now ?? new Date();
  const claim = await claimAttempt(db, {
    purpose: 'reset',
    userName: args.userName.trim().toLowerCase(),
    ip: args.ip,
    limits: RESET_LIMITS,
    now,
  });
  if (!claim.ok)
    throw tooManyAttempts('Too many password reset requests. Try again later.', claim.retryAfterSeconds);
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
      ExpiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
    });
    await queueMail(db, {
      MessageType: MessageType.PasswordReminder,
      To: employee.EmailAddress,
      Subject: 'Reset your Apex password',
      Body: `Hello ${employee.FirstName},\n\nA password reset was asked for your account ${employee.UserName}. Open this link within ${RESET_MINUTES} minutes to choose a new password:\n\n${args.publicUrl}/account/reset-password?token=${token}\n\nIf you did not ask for this, ignore this message.`,
    });
  }
  return { Message: RESET_REQUESTED_MESSAGE };
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
