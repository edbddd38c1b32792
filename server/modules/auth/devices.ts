// Known devices: a browser that signed in as a user keeps a signed cookie naming that user (up to five
// users per browser). From such a browser the per-user-name sign-in throttle does not apply, so an
// attacker guessing from elsewhere cannot lock a user out of a device they already use; the limit per
// user name and address still does. The cookie holds no session and grants nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'apex_device';
export const DEVICE_COOKIE_DAYS = 180;
const MAX_USERS = 5;

const macOf = (key: Uint8Array, userName: string) =>
  createHmac('sha256', key).update(`apex-device:${userName}`).digest();

/** The user names (normalised) this browser signed in as, from a cookie whose signatures hold. */
export function knownDeviceUsers(key: Uint8Array, cookie: string | undefined): string[] {
  if (!cookie) return [];
  const users: string[] = [];
  for (const entry of cookie.split('~').slice(0, MAX_USERS)) {
    const [name, mac] = entry.split('.');
    if (!name || !mac) continue;
    const userName = Buffer.from(name, 'base64url').toString('utf8');
    const given = Buffer.from(mac, 'base64url');
    const expected = macOf(key, userName);
    if (given.length === expected.length && timingSafeEqual(given, expected)) users.push(userName);
  }
  return users;
}

/** The cookie value after a sign-in as `userName`: that user first, the others kept. */
export function deviceCookieWith(key: Uint8Array, cookie: string | undefined, userName: string): string {
  const users = [userName, ...knownDeviceUsers(key, cookie).filter((u) => u !== userName)].slice(
    0,
    MAX_USERS,
  );
  return users
    .map((u) => `${Buffer.from(u, 'utf8').toString('base64url')}.${macOf(key, u).toString('base64url')}`)
    .join('~');
}
