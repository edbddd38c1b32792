// Sign-in, sessions, tokens and the sign-in rate limit. Sessions live in the database (revocable,
// shared by every server instance); the cookie holds a random id whose SHA-256 is the row key.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PWA_CLIENT_ID } from '../../../src/contract/auth';
import type { Db } from '../../db/client';
import { apiClients, employees, sessions } from '../../db/tables';
import { AppError, unauthorized } from '../../errors';
import { claimAttempt, markSucceeded, SIGN_IN_LIMITS } from './attempts';
import { decoyHash, verifyPassword } from './passwords';
import { signToken } from './tokens';

export const SESSION_COOKIE = 'apex_session';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export const hashSessionId = (raw: string) => createHash('sha256').update(raw).digest('hex');

export interface ActiveSession {
  SessionHash: string;
  EmployeeID: number;
  ProxyByEmployeeID: number | null;
  ExpiresAt: Date;
  LastSeenAt: Date;
}

/** 429 with Retry-After (header and body) for a refused claim. */
export function tooManyAttempts(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, message, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
    body: { RetryAfterSeconds: retryAfterSeconds },
  });
}

export async function signIn(args: {
  db: Db;
  userName: string;
  password: string;
  ip: string;
  userAgent?: string;
  policy: SessionPolicy;
  costLog2: number;
  /** This browser signed in as this user before (signed device cookie). */
  knownDevice?: boolean;
  now?: Date;
}): Promise<{ sessionId: string; employeeId: number; expiresAt: Date }> {
  const { db, ip, policy } = args;
  const now = args.now ?? new Date();
  const userName = args.userName.trim().toLowerCase();
  // Claimed (and counted as a failure) before the password is checked: see attempts.ts.
  const claim = await claimAttempt(db, {
    purpose: 'sign-in',
    userName,
    ip,
    limits: SIGN_IN_LIMITS,
    now,
    knownDevice: args.knownDevice,
  });
  if (!claim.ok)
    throw tooManyAttempts('Too many sign-in attempts. Try again later.', claim.retryAfterSeconds);
  const [employee] = await db
    .select()
    .from(employees)
    .where(sql`lower(${employees.UserName}) = ${userName}`)
    .limit(1);
  // An unknown user name still costs one hash, so timing does not reveal which names exist.
  const ok = await verifyPassword(
    args.password,
    employee ? employee.PasswordHash : await decoyHash(args.costLog2),
  );
  const allowed = ok && !!employee && !employee.Inactive && !employee.IsServiceAccount;
  if (!allowed) throw unauthorized('The user name or password is incorrect.');
  await markSucceeded(db, claim.id);
  return createSession(db, employee.EmployeeID, null, policy, now, args.userAgent, ip);
}

export async function createSession(
  db: Db,
  employeeId: number,
  proxyBy: number | null,
  policy: SessionPolicy,
  now: Date,
  userAgent?: string,
  ip?: string,
) {
  // A new id at every sign-in (no session fixation).
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.absoluteHours * 3_600_000);
  await db.insert(sessions).values({
    SessionHash: hashSessionId(sessionId),
    EmployeeID: employeeId,
    ProxyByEmployeeID: proxyBy,
    CreatedAt: now,
    LastSeenAt: now,
    ExpiresAt: expiresAt,
    UserAgent: userAgent?.slice(0, 300),
    Ip: ip,
  });
  return { sessionId, employeeId, expiresAt };
}

/** The session behind a hash if it is neither revoked, expired nor idle too long; touches it. */
export async function activeSession(
  db: Db,
  sessionHash: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<ActiveSession | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.SessionHash, sessionHash), isNull(sessions.RevokedAt)))
    .limit(1);
  return acceptSession(db, row ?? null, policy, now);
}

/**
 * A session row read by the caller (not revoked; null when there is none) if it is neither expired
 * nor idle too long; touches it.
 */
export async function acceptSession<T extends ActiveSession>(
  db: Db,
  row: T | null,
  policy: SessionPolicy,
  now = new Date(),
): Promise<T | null> {
  if (!row) return null;
  const idleLimit = row.LastSeenAt.getTime() + policy.idleMinutes * 60_000;
  if (row.ExpiresAt.getTime() <= now.getTime() || idleLimit <= now.getTime()) return null;
  // Touch at most once a minute: keeps the idle timeout honest without a write per request.
  if (now.getTime() - row.LastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ LastSeenAt: now }).where(eq(sessions.SessionHash, row.SessionHash));
    row.LastSeenAt = now;
  }
  return row;
}

export async function renewSession(db: Db, sessionHash: string, policy: SessionPolicy, now = new Date()) {
  const session = await activeSession(db, sessionHash, policy, now);
  if (!session) return null;
  await db.update(sessions).set({ LastSeenAt: now }).where(eq(sessions.SessionHash, sessionHash));
  return { ...session, LastSeenAt: now };
}

export async function revokeSession(db: Db, sessionHash: string, now = new Date()): Promise<void> {
  await db.update(sessions).set({ RevokedAt: now }).where(eq(sessions.SessionHash, sessionHash));
}

export function sessionExpiry(session: ActiveSession, policy: SessionPolicy): Date {
  const idle = session.LastSeenAt.getTime() + policy.idleMinutes * 60_000;
  return new Date(Math.min(idle, session.ExpiresAt.getTime()));
}

/**
 * `POST auth/token`: `apex-pwa` plus a valid session gives a token for the session's user; a registered
 * API client's id and secret give a token for its service account; anything else is 401.
 */
export async function issueToken(args: {
  db: Db;
  key: Uint8Array;
  clientId: string;
  clientSecret?: string | null;
  sessionHash: string | null;
  policy: SessionPolicy;
}): Promise<string> {
  const { db, key, clientId } = args;
  if (clientId === PWA_CLIENT_ID) {
    const session = args.sessionHash ? await activeSession(db, args.sessionHash, args.policy) : null;
    if (!session) throw unauthorized('Your session has ended. Sign in again.');
    return signToken(key, { sub: String(session.EmployeeID), sid: session.SessionHash });
  }
  const [client] = await db.select().from(apiClients).where(eq(apiClients.ClientId, clientId)).limit(1);
  const secretOk =
    !!client &&
    !!args.clientSecret &&
    client.IsActive &&
    (await verifyPassword(args.clientSecret, client.SecretHash));
  if (!client || !secretOk) throw unauthorized('Unknown client or wrong secret.');
  return signToken(key, { sub: String(client.EmployeeID), cid: client.ClientId });
}
