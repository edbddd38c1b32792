// The signed-in user's session data (identity, grants, state permissions, navigation modules) is kept
// on the device so field screens open with no connection, and is gone at sign-out.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client';
import { Session, SIGNED_IN_KEY } from '../../../src/app/session';
import { fakeFetch, type Handler, json, memoryStorage, NOW, silentLog, tokenAt } from '../api/helpers';

const IDENTITY = {
  EmployeeID: 7,
  UserName: 'staff',
  FirstName: 'Sam',
  LastName: 'Taylor',
  FullName: 'Sam Taylor',
  EmailAddress: null,
  IsProxy: false,
  ProxyEmployeeID: null,
  SessionExpiresAt: '2026-11-22T13:00:00Z',
};
const NAVIGATION = [
  { ModuleID: null, Name: 'Clock', State: 'time.clock', Url: '/time/clock', Icon: 'clock', Group: 'Time' },
];

function online(): Record<string, Handler> {
  return {
    'POST /api/auth/token': () => json(tokenAt(NOW)),
    'GET /api/Home/identity': () => json(IDENTITY),
    'GET /api/auth/permissions': () => json([{ Description: { Key: 'time:clock' }, Value: 'true' }]),
    'GET /api/home/permissions': () => json([{ Name: 'time.clock', PermissionKey: null, CanRead: true }]),
    'GET /api/Home/navigation-modules': () => json(NAVIGATION),
  };
}

const unreachable: Handler = () => {
  throw new TypeError('Failed to fetch');
};

function sessionOver(routes: Record<string, Handler>, storage: ReturnType<typeof memoryStorage>) {
  const server = fakeFetch(routes);
  const api = createApiClient({ fetch: server.fetch, now: () => NOW, storage: null, log: silentLog() });
  // The memory storage has the three methods Session uses.
  return new Session(api, storage as unknown as Storage);
}

describe('Session cache on the device', () => {
  it('keeps the navigation modules so a restart with no connection still has them', async () => {
    const storage = memoryStorage();
    const first = await sessionOver(online(), storage).load();
    expect(first.navigation).toEqual(NAVIGATION);

    const offline = sessionOver(
      { 'POST /api/auth/token': unreachable, 'GET /api/Home/identity': unreachable },
      storage,
    );
    const again = await offline.load();
    expect(again.navigation).toEqual(NAVIGATION);
    expect(again.identity.UserName).toBe('staff');
  });

  it('is cleared at sign-out: the next user of the device offline sees nothing of it', async () => {
    const storage = memoryStorage();
    const session = sessionOver(online(), storage);
    session.markSignedIn();
    await session.load();
    session.forget();
    expect(storage.getItem(SIGNED_IN_KEY)).toBeNull();
    expect(storage.data.has('apex.session')).toBe(false);

    const offline = sessionOver({ 'POST /api/auth/token': unreachable }, storage);
    await expect(offline.load()).rejects.toBeTruthy();
  });

  it('is cleared when the server ends the session', async () => {
    const storage = memoryStorage();
    const session = sessionOver(online(), storage);
    await session.load();
    session.expire();
    const offline = sessionOver({ 'POST /api/auth/token': unreachable }, storage);
    await expect(offline.load()).rejects.toBeTruthy();
  });
});
