// The auth plugin (server/plugins/auth.ts) on a bare Fastify over the real migrations, with people
// made for each case: who gets through to which route — by permission key, any of several keys, any
// signed-in user, public routes and the API description, a session cookie on a download (GET only),
// Bearer tokens of a live, revoked or another user's session, and an API client's token.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { apiClients, employees, roleAssignments, rolePermissions, roles } from '../../server/db/tables';
import {
  createSession,
  hashSessionId,
  revokeSession,
  SESSION_COOKIE,
} from '../../server/modules/auth/service';
import { signToken } from '../../server/modules/auth/tokens';
import { actorOf, registerAuth } from '../../server/plugins/auth';
import { registerErrorHandling } from '../../server/plugins/errors';
import { GrantType, RoleScope } from '../../src/contract/common';

const key = new TextEncoder().encode('auth-plugin-test-signing-key-0123456789');
const policy = { idleMinutes: 60, absoluteHours: 12 };
let database: Database;
let app: FastifyInstance;
let approver: number;
let plain: number;
let service: number;

async function person(userName: string, keys: string[] = []): Promise<number> {
  const [e] = await database.db
    .insert(employees)
    .values({
      FirstName: 'Auth',
      LastName: userName,
      UserName: userName,
      IsServiceAccount: userName === 'svc',
    })
    .returning();
  if (keys.length > 0) {
    const [r] = await database.db
      .insert(roles)
      .values({ Name: `role-${userName}`, ScopeID: RoleScope.Global, GrantTypeID: GrantType.GrantRole })
      .returning();
    for (const PermissionKey of keys)
      await database.db.insert(rolePermissions).values({ RoleID: r.RoleID, PermissionKey, Value: 'true' });
    await database.db.insert(roleAssignments).values({ EmployeeID: e.EmployeeID, RoleID: r.RoleID });
  }
  return e.EmployeeID;
}

async function tokenOf(employeeId: number): Promise<{ token: string; sessionId: string }> {
  const s = await createSession(database.db, employeeId, null, policy, new Date());
  return {
    token: await signToken(key, { sub: String(employeeId), sid: hashSessionId(s.sessionId) }),
    sessionId: s.sessionId,
  };
}

beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
  approver = await person('approver', ['time:approve']);
  plain = await person('plain');
  service = await person('svc', ['audit:read']);
  await database.db
    .insert(apiClients)
    .values({ ClientId: 'svc-client', SecretHash: 'unused', EmployeeID: service, Name: 'Service' });

  app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register((await import('@fastify/cookie')).default);
  registerAuth(app, { db: database.db, key, policy });
  const who = async (request: Parameters<typeof actorOf>[0]) => ({ EmployeeID: actorOf(request).EmployeeID });
  app.get('/api/approve', { config: { permission: 'time:approve' } }, who);
  app.get('/api/either', { config: { anyPermission: ['audit:read', 'time:approve'] } }, who);
  app.get('/api/signed-in', who);
  app.get('/api/public', { config: { public: true } }, async (request) => ({ actor: request.actor }));
  app.get('/api/docs/json', async () => ({ openapi: '3' }));
  app.get('/api/download', { config: { allowCookie: true } }, who);
  app.post('/api/download', { config: { allowCookie: true } }, who);
  app.get('/outside', async (request) => ({ actor: request.actor }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('auth plugin', () => {
  it('a permission key: the holder passes as themself, another signed-in user gets 403, nobody 401', async () => {
    const { token } = await tokenOf(approver);
    const ok = await get('/api/approve', bearer(token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ EmployeeID: approver });
    const other = await tokenOf(plain);
    const refused = await get('/api/approve', bearer(other.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ Message: 'You do not have permission to do this.' });
    const anonymous = await get('/api/approve');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ Message: 'Sign in to continue.' });
  });

  it('any of several keys: either one lets through, none is 403', async () => {
    expect((await get('/api/either', bearer((await tokenOf(approver)).token))).statusCode).toBe(200);
    expect((await get('/api/either', bearer((await tokenOf(service)).token))).statusCode).toBe(200);
    expect((await get('/api/either', bearer((await tokenOf(plain)).token))).statusCode).toBe(403);
  });

  it('a route with no key takes any signed-in user, and only them', async () => {
    const res = await get('/api/signed-in', bearer((await tokenOf(plain)).token));
    expect(res.json()).toEqual({ EmployeeID: plain });
    expect((await get('/api/signed-in')).statusCode).toBe(401);
    expect((await get('/api/signed-in', { authorization: 'Basic abc' })).statusCode).toBe(401);
    expect((await get('/api/signed-in', bearer('not-a-token'))).statusCode).toBe(401);
  });

  it('public routes, the API description and pages outside /api are not guarded', async () => {
    expect((await get('/api/public')).json()).toEqual({ actor: null });
    expect((await get('/api/docs/json')).statusCode).toBe(200);
    expect((await get('/outside')).json()).toEqual({ actor: null });
  });

  it('a revoked session, or a token naming another user than its session, is 401', async () => {
    const { token, sessionId } = await tokenOf(approver);
    expect((await get('/api/signed-in', bearer(token))).statusCode).toBe(200);
    const borrowed = await signToken(key, { sub: String(plain), sid: hashSessionId(sessionId) });
    expect((await get('/api/signed-in', bearer(borrowed))).statusCode).toBe(401);
    await revokeSession(database.db, hashSessionId(sessionId));
    expect((await get('/api/signed-in', bearer(token))).statusCode).toBe(401);
  });

  it("an API client's token acts as its user while the client is active", async () => {
    const token = await signToken(key, { sub: String(service), cid: 'svc-client' });
    const res = await get('/api/either', bearer(token));
    expect(res.json()).toEqual({ EmployeeID: service });
    const wrongClient = await signToken(key, { sub: String(service), cid: 'no-such-client' });
    expect((await get('/api/either', bearer(wrongClient))).statusCode).toBe(401);
    const noSubject = await signToken(key, { sub: 'abc', cid: 'svc-client' });
    expect((await get('/api/either', bearer(noSubject))).statusCode).toBe(401);
  });

  it('a session cookie is enough for a download (GET), never for a change or another route', async () => {
    const s = await createSession(database.db, plain, null, policy, new Date());
    const cookie = { cookie: `${SESSION_COOKIE}=${s.sessionId}` };
    const download = await get('/api/download', cookie);
    expect(download.statusCode).toBe(200);
    expect(download.json()).toEqual({ EmployeeID: plain });
    const post = await app.inject({ method: 'POST', url: '/api/download', headers: cookie });
    expect(post.statusCode).toBe(401);
    expect((await get('/api/signed-in', cookie)).statusCode).toBe(401);
    expect((await get('/api/download', { cookie: `${SESSION_COOKIE}=forged` })).statusCode).toBe(401);
    await revokeSession(database.db, hashSessionId(s.sessionId));
    expect((await get('/api/download', cookie)).statusCode).toBe(401);
  });
});
