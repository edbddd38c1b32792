// What a signed token is trusted for: a PWA token only with a live session of its own user, a service
// token only while its API client is active. A token signed with the server's key but naming neither
// is refused (nothing could revoke it).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients, employees, sessions } from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { signToken } from '../../server/modules/auth/tokens';
import { createTestApp, type TestApp } from './helpers';

const SECRET = 'token-trust-test-secret-0123456789abcdef';
const key = new TextEncoder().encode(SECRET);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET });
});
afterAll(async () => t?.close());

const identity = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/Home/identity', headers: { authorization: `Bearer ${token}` } });

async function employeeId(userName: string): Promise<number> {
  const [row] = await t.db.select().from(employees).where(eq(employees.UserName, userName));
  return row.EmployeeID;
}

describe('Bearer tokens', () => {
  it('a token with neither a session nor an API client is refused', async () => {
    const admin = await employeeId('admin');
    const res = await identity(await signToken(key, { sub: String(admin) }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Message: 'Sign in to continue.' });
  });

  it("a token cannot borrow another user's session", async () => {
    const staff = await t.signIn('staff');
    expect((await identity(staff.token)).json().UserName).toBe('staff');
    const [own] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.EmployeeID, await employeeId('staff')));
    const admin = await employeeId('admin');
    const borrowed = await signToken(key, { sub: String(admin), sid: own.SessionHash });
    expect((await identity(borrowed)).statusCode).toBe(401);
  });

  it('a service token stops working when its API client is deactivated, or names another user', async () => {
    const [svc] = await t.db
      .insert(employees)
      .values({ FirstName: 'Sync', LastName: 'Service', UserName: 'svc-sync', IsServiceAccount: true })
      .returning();
    await t.db.insert(apiClients).values({
      ClientId: 'sync-service',
      SecretHash: await hashPassword('another-secret-for-tests', 10),
      EmployeeID: svc.EmployeeID,
      Name: 'Sync',
    });
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { clientId: 'sync-service', clientSecret: 'another-secret-for-tests' },
    });
    const token = issued.json<string>();
    expect((await identity(token)).json().UserName).toBe('svc-sync');

    const admin = await employeeId('admin');
    const otherUser = await signToken(key, { sub: String(admin), cid: 'sync-service' });
    expect((await identity(otherUser)).statusCode).toBe(401);

    await t.db.update(apiClients).set({ IsActive: false }).where(eq(apiClients.ClientId, 'sync-service'));
    expect((await identity(token)).statusCode).toBe(401);
  });
});
