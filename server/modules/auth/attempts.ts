// Rate limits for sign-in and password reset requests, counted in the database so every server
// instance on one PostgreSQL shares them. An attempt is *claimed* before the password is checked: in one
// transaction holding advisory locks on its user name and its address, the attempts in the window are
// counted and, when under every limit, the attempt is recorded. Parallel requests for one user name or
// from one address therefore queue on the lock and each sees the claims made before it, so no more
// than the allowed number are ever checked.
import { isIPv4, isIPv6 } from 'node:net';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { LockClass, xactLockName } from '../../db/locks';
import { loginAttempts } from '../../db/tables';

export type AttemptPurpose = 'sign-in' | 'reset' | 'sign-up';

export interface Limit {
  max: number;
  windowMinutes: number;
}

export interface AttemptLimits {
  /** Per user name from one address; for sign-in, a success from that address starts the count again. */
  perUserNameAndAddress?: Limit;
  /** Per user name from every address together (skipped for a device the user signed in from). */
  perUserName?: Limit;
  /** Per address, every user name together. */
  perAddress?: Limit;
}

/** Sign-in: failures (an attempt counts as one until its password proved right). */
export const SIGN_IN_LIMITS = {
  perUserNameAndAddress: { max: 5, windowMinutes: 15 },
  perUserName: { max: 20, windowMinutes: 60 },
  perAddress: { max: 30, windowMinutes: 15 },
} as const satisfies AttemptLimits;

/** Password reset requests, whether or not the user name exists. */
export const RESET_LIMITS = {
  perUserName: { max: 3, windowMinutes: 60 },
  perAddress: { max: 10, windowMinutes: 60 },
} as const satisfies AttemptLimits;

export type ClaimResult = { ok: true; id: number } | { ok: false; retryAfterSeconds: number };

/**
 * The address an attempt is counted against: an IPv4 address as it is (also when IPv4-mapped), an
 * IPv6 address by its /64 network, which one subscriber usually holds whole.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part stands for two groups; it lies past the /64 either way.
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * Claims one attempt for `userName` (normalised by the caller) from `ip`, or says how long to wait.
 * The claim is recorded as not succeeded; `markSucceeded` turns a right sign-in into a success.
 */
export async function claimAttempt(
  db: Db,
  args: {
    purpose: AttemptPurpose;
    userName: string;
    ip: string;
    limits: AttemptLimits;
    now: Date;
    /** The request comes from a browser this user signed in from before: no per-user-name limit. */
    knownDevice?: boolean;
  },
): Promise<ClaimResult> {
  const { purpose, userName, limits, now } = args;
  const ip = addressKey(args.ip);
  return db.transaction(async (tx) => {
    // The user name is always locked before the address, so two claims never wait on each other in
    // a cycle.
    await tx.execute(xactLockName(LockClass.AttemptsByUserName, `${purpose}:${userName}`));
    await tx.execute(xactLockName(LockClass.AttemptsByAddress, `${purpose}:${ip}`));
    const open = and(eq(loginAttempts.Purpose, purpose), eq(loginAttempts.Succeeded, false));
    const rules: { limit: Limit; where: SQL }[] = [];
    /** The open attempts inside the limit's window that also meet `conditions`. */
    const rule = (limit: Limit, ...conditions: SQL[]) =>
      rules.push({
        limit,
        where: and(open, gt(loginAttempts.At, minutesBefore(now, limit.windowMinutes)), ...conditions) as SQL,
      });
    if (limits.perUserNameAndAddress) {
      const lastSuccess = sql`coalesce((select max(s.at) from login_attempts s where s.purpose = ${purpose} and s.user_name = ${userName} and s.ip = ${ip} and s.succeeded), '-infinity'::timestamptz)`;
      rule(
        limits.perUserNameAndAddress,
        eq(loginAttempts.UserName, userName),
        eq(loginAttempts.Ip, ip),
        sql`${loginAttempts.At} > ${lastSuccess}`,
      );
    }
    if (limits.perUserName && !args.knownDevice)
      rule(limits.perUserName, eq(loginAttempts.UserName, userName));
    if (limits.perAddress) rule(limits.perAddress, eq(loginAttempts.Ip, ip));
    let blocked = false;
    let retryAfterMs = 0;
    for (const { limit, where } of rules) {
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(loginAttempts).where(where);
      if (n < limit.max) continue;
      blocked = true;
      // A slot frees when the (n - max + 1)-th oldest attempt in the window leaves it.
      const [oldest] = await tx
        .select({ At: loginAttempts.At })
        .from(loginAttempts)
        .where(where)
        .orderBy(asc(loginAttempts.At))
        .offset(n - limit.max)
        .limit(1);
      const freeAt = (oldest?.At ?? now).getTime() + limit.windowMinutes * 60_000;
      // Never longer than the window: a request that read its clock before waiting for the lock
      // may be a few milliseconds older than the attempts recorded meanwhile.
      const windowMs = limit.windowMinutes * 60_000;
      retryAfterMs = Math.max(retryAfterMs, Math.min(windowMs, freeAt - now.getTime()));
    }
    if (blocked) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ Purpose: purpose, UserName: userName, Ip: ip, Succeeded: false, At: now })
      .returning({ id: loginAttempts.LoginAttemptID });
    return { ok: true, id: row.id };
  });
}

/** A claimed sign-in whose password was right: it no longer counts as a failure. */
export async function markSucceeded(db: Db, id: number): Promise<void> {
  await db.update(loginAttempts).set({ Succeeded: true }).where(eq(loginAttempts.LoginAttemptID, id));
}
