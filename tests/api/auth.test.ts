import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients, employees, mailOutbox } from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { cookieFrom, createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in form', () => {
  it('a plain form post signs in, sets an httpOnly SameSite=Lax cookie and redirects to the returnUrl', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'UserName=staff&Password=Demo%212026apex&returnUrl=%2Ftime%2Fclock',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/time/clock');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^apex_session=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
  });

  it('refuses a returnUrl that leaves the site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'text/html' },
      payload: { UserName: 'staff', Password: 'Demo!2026apex', returnUrl: '//evil.example/x' },
    });
    expect(res.headers.location).toBe('/');
  });

  it('a wrong password is 401 with a clear message and no cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'application/json' },
      payload: { UserName: 'auditor', Password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Message: 'The user name or password is incorrect.' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('user names are case-insensitive and every sign-in gets a new session id', async () => {
    const a = await t.signIn('MANAGER');
    const b = await t.signIn('manager');
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('bad input gets 400 with the field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'application/json' },
      payload: { UserName: '', Password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.Message).toBe('The request is not valid.');
    expect(body.Errors.UserName).toEqual(['Enter your user name']);
  });
});

describe('tokens', () => {
  it('apex-pwa plus a session gives a JWT for that user', async () => {
    const s = await t.signIn('rep');
    const [, payload] = s.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const [rep] = await (await import('./db')).select(t, employees, eq(employees.UserName, 'rep'));
    expect(claims.sub).toBe(String(rep.EmployeeID));
    expect(claims.exp - claims.iat).toBe(600);
  });

  it('apex-pwa without a session is 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { clientId: 'apex-pwa' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('an unknown client, or a registered client with a wrong secret, is 401; the right secret gives a token', async () => {
    const db = (await import('./db')).dbOf(t);
    const [svc] = await db
      .insert(employees)
      .values({ FirstName: 'Report', LastName: 'Service', UserName: 'svc-reports', IsServiceAccount: true })
      .returning();
    await db.insert(apiClients).values({
      ClientId: 'reports',
      SecretHash: await hashPassword('s3cret-value-for-tests', 10),
      EmployeeID: svc.EmployeeID,
      Name: 'Reports',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { clientId: 'nope', clientSecret: 'x' },
    });
    expect(unknown.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { clientId: 'reports', clientSecret: 'bad' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { clientId: 'reports', clientSecret: 's3cret-value-for-tests' },
    });
    expect(ok.statusCode).toBe(200);
    const identity = await t.app.inject({
      method: 'GET',
      url: '/api/Home/identity',
      headers: { authorization: `Bearer ${ok.json()}` },
    });
    expect(identity.json().UserName).toBe('svc-reports');
  });

  it('a call without a token is 401; a forged token is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Home/identity' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/Home/identity',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.invalid' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ Message: 'Sign in to continue.' });
  });

  it('signing out revokes the session and every token issued for it', async () => {
    const s = await t.signIn('auditor');
    expect((await s.call({ method: 'GET', url: '/api/Home/identity' })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { cookie: s.cookie, accept: 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    expect((await s.call({ method: 'GET', url: '/api/Home/identity' })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { cookie: s.cookie },
      payload: { clientId: 'apex-pwa' },
    });
    expect(again.statusCode).toBe(401);
  });

  it('renew keeps a live session going and reports when it ends', async () => {
    const s = await t.signIn('staff');
    const res = await t.app.inject({ method: 'POST', url: '/account/renew', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().SessionExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const dead = await t.app.inject({
      method: 'POST',
      url: '/account/renew',
      headers: { cookie: 'apex_session=nope' },
    });
    expect(dead.statusCode).toBe(401);
  });
});

describe('permissions', () => {
  it('two roles see different grants and navigation', async () => {
    const rep = await t.signIn('rep');
    const payroll = await t.signIn('payroll');
    const keys = async (s: typeof rep) =>
      (await s.call({ method: 'GET', url: '/api/auth/permissions' }))
        .json<{ Description: { Key: string }; Value: string }[]>()
        .filter((g) => g.Value === 'true')
        .map((g) => g.Description.Key);
    const repKeys = await keys(rep);
    const payrollKeys = await keys(payroll);
    expect(repKeys).toContain('leads:work');
    expect(repKeys).not.toContain('payroll:process');
    expect(payrollKeys).toContain('payroll:process');
    expect(payrollKeys).not.toContain('leads:work');
  });

  it("reading another user's grants needs admin:permissions", async () => {
    const rep = await t.signIn('rep');
    const admin = await t.signIn('admin');
    const [staff] = await (await import('./db')).select(t, employees, eq(employees.UserName, 'staff'));
    const url = `/api/auth/permissions?employeeId=${staff.EmployeeID}`;
    const denied = await rep.call({ method: 'GET', url });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ Message: 'You do not have permission to do this.' });
    const allowed = await admin.call({ method: 'GET', url });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().map((g: { Description: { Key: string } }) => g.Description.Key)).toContain(
      'scheduling:respond',
    );
  });

  it('home/permissions tells, per state, whether the user may read it', async () => {
    const applicant = await t.signIn('applicant');
    const list = (await applicant.call({ method: 'GET', url: '/api/home/permissions' })).json<
      { Name: string; CanRead: boolean }[]
    >();
    expect(list.find((s) => s.Name === 'home')?.CanRead).toBe(false);
    expect(list.find((s) => s.Name === 'account.login')?.CanRead).toBe(true);
  });

  it('the mail outbox needs admin:mail', async () => {
    const staff = await t.signIn('staff');
    expect((await staff.call({ method: 'GET', url: '/api/admin/mail-outbox' })).statusCode).toBe(403);
    const admin = await t.signIn('admin');
    expect((await admin.call({ method: 'GET', url: '/api/admin/mail-outbox' })).statusCode).toBe(200);
  });
});

describe('platform', () => {
  it('paths match case-insensitively (icd-Modules and icd-modules)', async () => {
    const s = await t.signIn('admin');
    const a = await s.call({ method: 'GET', url: '/api/icd-Modules' });
    const b = await s.call({ method: 'GET', url: '/api/icd-modules' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toContainEqual({ ModuleID: 28, Name: 'Events Scheduling' });
  });

  it('app/states is public and carries inherited permission keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/states' });
    expect(res.statusCode).toBe(200);
    const uiKit = res.json().find((s: { Name: string }) => s.Name === 'admin.uiKit');
    expect(uiKit.PermissionKey).toBe('navigation:admin');
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().Message).toMatch(/No route/);
  });

  it('serves an OpenAPI description generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/auth/token'].post.requestBody.content['application/json'].schema.required).toContain(
      'clientId',
    );
  });

  it('beta opt-in is kept per employee', async () => {
    const s = await t.signIn('rep');
    expect((await s.call({ method: 'GET', url: '/api/employees/betaopt' })).json()).toEqual({
      betaOpt: false,
    });
    await s.call({ method: 'PUT', url: '/api/employees/betaopt', payload: { betaOpt: true } });
    expect((await s.call({ method: 'GET', url: '/api/employees/betaopt' })).json()).toEqual({
      betaOpt: true,
    });
  });
});

describe('password reset', () => {
  it('mails a link only when user name and e-mail match, and enforces the password policy', async () => {
    const db = (await import('./db')).dbOf(t);
    const before = (await db.select().from(mailOutbox)).length;
    const miss = await t.app.inject({
      method: 'POST',
      url: '/api/home/reset-password?userName=staff&emailAddress=other@apex-demo.example',
    });
    expect(miss.statusCode).toBe(200);
    expect((await db.select().from(mailOutbox)).length).toBe(before);
    const hit = await t.app.inject({
      method: 'POST',
      url: '/api/home/reset-password?userName=staff&emailAddress=STAFF@apex-demo.example',
    });
    expect(hit.json()).toEqual(miss.json());
    const mails = await db.select().from(mailOutbox);
    expect(mails.length).toBe(before + 1);
    const token = /token=([\w-]+)/.exec(mails[mails.length - 1].Body)![1];

    const weak = await t.app.inject({
      method: 'POST',
      url: '/account/reset-password',
      headers: { accept: 'application/json' },
      payload: { token, Password: 'short', ConfirmPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().Messages).toContain('Password must be at least 10 characters');
    expect(weak.json().Messages).toContain("Password must have at least 1 upper case letter ('A'-'Z')");

    const named = await t.app.inject({
      method: 'POST',
      url: '/account/reset-password',
      headers: { accept: 'application/json' },
      payload: { token, Password: 'Taylor#2026xyz', ConfirmPassword: 'Taylor#2026xyz' },
    });
    expect(named.json().Messages).toEqual(['Password must not contain first or last name']);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/account/reset-password',
      headers: { accept: 'application/json' },
      payload: { token, Password: 'Fresh#Start2026', ConfirmPassword: 'Fresh#Start2026' },
    });
    expect(ok.statusCode).toBe(200);
    await expect(t.signIn('staff')).rejects.toThrow(/401/);
    const s = await t.signIn('staff', 'Fresh#Start2026');
    expect(s.token).toBeTruthy();
    const reused = await t.app.inject({
      method: 'POST',
      url: '/account/reset-password',
      headers: { accept: 'application/json' },
      payload: { token, Password: 'Another#Pass2026', ConfirmPassword: 'Another#Pass2026' },
    });
    expect(reused.statusCode).toBe(400);
  });
});

describe('sign-in rate limit', () => {
  it('after 5 failures for one user name from one address, sign-in from there is 429 with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/account/login',
        headers: { accept: 'application/json' },
        payload: { UserName: 'owner', Password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'application/json' },
      payload: { UserName: 'owner', Password: 'Demo!2026apex' },
    });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().Message).toBe('Too many sign-in attempts. Try again later.');
    // Another user from the same address is not locked out by it.
    expect((await t.signIn('admin')).token).toBeTruthy();
  });

  it('limits failures per IP address across user names', async () => {
    const headers = { accept: 'application/json' };
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/account/login',
        remoteAddress: '10.9.9.9',
        headers,
        payload: { UserName: `nobody${i}`, Password: 'x' },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('proxy sign-in', () => {
  it('an admin can act as another user and come back', async () => {
    const admin = await t.signIn('admin');
    const [rep] = await (await import('./db')).select(t, employees, eq(employees.UserName, 'rep'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/proxy/login',
      headers: { cookie: admin.cookie, accept: 'application/json' },
      payload: { EmployeeID: rep.EmployeeID },
    });
    expect(res.statusCode).toBe(200);
    const cookies = cookieFrom(res.headers['set-cookie']);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { cookie: cookies },
      payload: { clientId: 'apex-pwa' },
    });
    const identity = await t.app.inject({
      method: 'GET',
      url: '/api/Home/identity',
      headers: { authorization: `Bearer ${token.json()}` },
    });
    expect(identity.json()).toMatchObject({ UserName: 'rep', IsProxy: true });
    const back = await t.app.inject({
      method: 'POST',
      url: '/account/proxy/logout',
      headers: { cookie: cookies, accept: 'application/json' },
    });
    const restored = cookieFrom(back.headers['set-cookie'])
      .split('; ')
      .find((c) => c.startsWith('apex_session='))!;
    expect(admin.cookie.split('; ')).toContain(restored);
  });

  it('proxy sign-in needs admin:proxy', async () => {
    const manager = await t.signIn('manager');
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/proxy/login',
      headers: { cookie: manager.cookie, accept: 'application/json' },
      payload: { EmployeeID: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('grant types', () => {
  it('GrantAll gives every capability but does not make an administrator an onboarding applicant', async () => {
    const admin = await t.signIn('admin');
    const grants = (await admin.call({ method: 'GET', url: '/api/auth/permissions' })).json<
      { Description: { Key: string }; Value: string }[]
    >();
    const keys = grants.map((g) => g.Description.Key);
    expect(keys).toContain('admin:permissions');
    expect(keys).toContain('navigation:home');
    expect(keys).not.toContain('onboarding:applicant');
  });
});
