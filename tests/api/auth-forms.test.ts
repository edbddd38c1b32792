// The account form posts: refused from another site (Origin / Sec-Fetch-Site), the redirect after
// sign-in only to a same-origin path, and HSTS only on answers over HTTPS.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../server/db/tables';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://apex.example.com' });
});
afterAll(() => t.close());

const CROSS_SITE = { Message: 'This form can only be sent from Apex itself.' };

describe('cross-site form posts', () => {
  const evil = [
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site', origin: 'https://other.apex.example.com' },
    { origin: 'null' },
  ];

  it('a sign-in posted from another site is 403 and signs nobody in', async () => {
    for (const headers of evil) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/account/login',
        remoteAddress: '10.9.0.1',
        headers: { accept: 'text/html', ...headers },
        payload: { UserName: 'staff', Password: DEMO_PASSWORD },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(CROSS_SITE);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('proxy sign-in, sign-out, renew and reset posted from another site are 403 and change nothing', async () => {
    const admin = await t.signIn('admin');
    const [staff] = await t.db.select().from(employees).where(eq(employees.UserName, 'staff'));
    const posts = [
      { url: '/account/proxy/login', payload: { EmployeeID: staff.EmployeeID } },
      { url: '/account/proxy/logout' },
      { url: '/account/logout' },
      { url: '/account/renew' },
      {
        url: '/account/reset-password',
        payload: { token: 'x'.repeat(43), Password: 'Fresh#Start2026', ConfirmPassword: 'Fresh#Start2026' },
      },
    ];
    for (const post of posts) {
      const res = await t.app.inject({
        method: 'POST',
        url: post.url,
        headers: { cookie: admin.cookie, accept: 'application/json', origin: 'https://evil.example' },
        ...(post.payload ? { payload: post.payload } : {}),
      });
      expect(res.statusCode, post.url).toBe(403);
      expect(res.json()).toEqual(CROSS_SITE);
      expect(res.headers['set-cookie'], post.url).toBeUndefined();
    }
    // The admin's session is still the admin's, not a proxy and not signed out.
    const identity = await admin.call({ method: 'GET', url: '/api/Home/identity' });
    expect(identity.json()).toMatchObject({ UserName: 'admin', IsProxy: false });
  });

  it('the same posts from the site itself, from PUBLIC_URL, or with neither header pass', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' },
      { origin: 'https://apex.example.com' },
      { host: 'apex.internal:8080', origin: 'http://apex.internal:8080' },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/account/login',
        headers: { accept: 'application/json', ...headers },
        payload: { UserName: 'auditor', Password: DEMO_PASSWORD },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    const s = await t.signIn('rep');
    const renew = await t.app.inject({
      method: 'POST',
      url: '/account/renew',
      headers: { cookie: s.cookie, origin: 'https://apex.example.com', 'sec-fetch-site': 'same-origin' },
    });
    expect(renew.statusCode).toBe(200);
  });
});

describe('redirect after sign-in', () => {
  const signInTo = (returnUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ UserName: 'staff', Password: DEMO_PASSWORD, returnUrl }).toString(),
    });

  it.each([
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/x\r\nSet-Cookie: a=b', '/'],
    ['/\\evil.example', '/'],
    ['//evil.example/x', '/'],
    ['https://evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/time/clock?week=2026-01-05', '/time/clock?week=2026-01-05'],
  ])('returnUrl %j goes to %j', async (returnUrl, location) => {
    const res = await signInTo(returnUrl);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(location);
  });

  it('a refused sign-in keeps only a safe returnUrl in its redirect', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      remoteAddress: '10.9.1.1',
      headers: { accept: 'text/html' },
      payload: { UserName: 'staff', Password: 'wrong', returnUrl: '/\t/evil.example' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account/login?error=invalid&returnUrl=%2F');
  });
});

describe('HSTS', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/states' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is not believed.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/app/states',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await createTestApp({ trustProxy: true, seedDemo: false });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/api/app/states',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({
        method: 'GET',
        url: '/api/app/states',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
