// The sign-in rate limit under parallel requests, per user name + address, per address, and the slower
// per-user-name throttle that a browser the user signed in from before is exempt from.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SIGN_IN_LIMITS } from '../../server/modules/auth/attempts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function login(userName: string, password: string, remoteAddress: string, cookie?: string): InjectOptions {
  return {
    method: 'POST',
    url: '/account/login',
    remoteAddress,
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { UserName: userName, Password: password },
  };
}

function deviceCookieOf(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const device = list.find((c) => c.startsWith('apex_device='));
  if (!device) throw new Error('no device cookie');
  return device.split(';')[0];
}

const statuses = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>((m, a) => {
    m[a.statusCode] = (m[a.statusCode] ?? 0) + 1;
    return m;
  }, {});

describe('sign-in rate limit', () => {
  it('40 parallel wrong passwords for one user name from one address: exactly 5 are checked, the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.app.inject(login('owner', `wrong-${i}`, '10.1.1.1'))),
    );
    expect(SIGN_IN_LIMITS.perUserNameAndAddress.max).toBe(5);
    expect(statuses(answers)).toEqual({ 401: 5, 429: 35 });
    for (const a of answers.filter((x) => x.statusCode === 429)) {
      const retryAfter = Number(a.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(a.json()).toMatchObject({
        Message: 'Too many sign-in attempts. Try again later.',
        RetryAfterSeconds: retryAfter,
      });
    }
    // The right password from that address is refused too until the window passes.
    expect((await t.app.inject(login('owner', DEMO_PASSWORD, '10.1.1.1'))).statusCode).toBe(429);
  });

  it('the rightful user signs in from another address while an attacker hammers from one', async () => {
    const attack = Array.from({ length: 40 }, (_, i) =>
      t.app.inject(login('manager', `guess-${i}`, '10.2.2.2')),
    );
    const rightful = t.app.inject(login('manager', DEMO_PASSWORD, '10.2.2.3'));
    const [own, ...rest] = await Promise.all([rightful, ...attack]);
    expect(own.statusCode).toBe(200);
    expect(statuses(rest)).toEqual({ 401: 5, 429: 35 });
  });

  it('a right password from an address starts its count again', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_LIMITS.perUserNameAndAddress.max - 1; i++)
        expect((await t.app.inject(login('rep', 'typo', '10.3.3.3'))).statusCode).toBe(401);
      expect((await t.app.inject(login('rep', DEMO_PASSWORD, '10.3.3.3'))).statusCode).toBe(200);
    }
  });

  it('past 20 failures an hour from any addresses, a user name is throttled, except from a browser it signed in from', async () => {
    const known = await t.app.inject(login('payroll', DEMO_PASSWORD, '10.4.0.1'));
    expect(known.statusCode).toBe(200);
    const device = deviceCookieOf(known.headers['set-cookie']);
    expect(SIGN_IN_LIMITS.perUserName.max).toBe(20);
    // Four addresses, five guesses each: under the per-address limits, at the per-user-name one.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject(login('payroll', `guess-${i}`, `10.4.1.${Math.floor(i / 5)}`)),
      ),
    );
    expect(statuses(guesses)).toEqual({ 401: 20 });
    // A fifth address: even the right password waits.
    const fresh = await t.app.inject(login('payroll', DEMO_PASSWORD, '10.4.2.1'));
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(15 * 60 - 60);
    expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    // The browser that signed in as payroll before still gets in (from any address).
    expect((await t.app.inject(login('payroll', DEMO_PASSWORD, '10.4.2.1', device))).statusCode).toBe(200);
    // Its cookie does not help for another user name, nor does a forged one.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.app.inject(login('auditor', `x-${i}`, `10.5.1.${i % 4}`))),
    );
    expect((await t.app.inject(login('auditor', DEMO_PASSWORD, '10.5.2.1', device))).statusCode).toBe(429);
    const forged = `apex_device=${Buffer.from('auditor').toString('base64url')}.${'A'.repeat(43)}`;
    expect((await t.app.inject(login('auditor', DEMO_PASSWORD, '10.5.2.1', forged))).statusCode).toBe(429);
  });

  it('limits failures per address across user names', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.app.inject(login(`nobody-${i}`, 'x', '10.6.6.6'))),
    );
    expect(statuses(answers)).toEqual({
      401: SIGN_IN_LIMITS.perAddress.max,
      429: 40 - SIGN_IN_LIMITS.perAddress.max,
    });
  });

  it('counts an IPv6 address by its /64 network', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.app.inject(login('applicant', 'x', `2001:db8:7:7::${i + 1}`))),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 7 });
    expect((await t.app.inject(login('applicant', DEMO_PASSWORD, '2001:db8:7:8::1'))).statusCode).toBe(200);
  });

  it('two server instances on one database share the count', async () => {
    const second = await buildApp(
      { ...t.config, seedDemo: false },
      {
        db: t.db,
        kind: 'pglite',
        close: async () => {},
      },
    );
    await second.app.ready();
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 ? second.app : t.app).inject(login('staff', `wrong-${i}`, '10.7.7.7')),
        ),
      );
      expect(statuses(answers)).toEqual({ 401: 5, 429: 25 });
    } finally {
      await second.app.close();
    }
  });
});
