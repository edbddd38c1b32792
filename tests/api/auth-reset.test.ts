// Password reset requests: the mailed link comes from PUBLIC_URL (never the Host header), requests are
// limited per user name and per address, and the answer never tells whether the account exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/tables';
import { RESET_LIMITS } from '../../server/modules/auth/attempts';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://apex.example.com' });
});
afterAll(() => t.close());

const request = (userName: string, emailAddress: string, remoteAddress: string, host?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/home/reset-password?userName=${encodeURIComponent(userName)}&emailAddress=${encodeURIComponent(emailAddress)}`,
    remoteAddress,
    headers: host ? { host } : {},
  });

const outbox = async () => t.db.select().from(mailOutbox);

describe('password reset request', () => {
  it('mails a link to the configured public URL whatever the Host header says', async () => {
    const before = (await outbox()).length;
    const res = await request('staff', 'staff@apex-demo.example', '10.8.0.1', 'evil.example:8443');
    expect(res.statusCode).toBe(200);
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const body = mails[mails.length - 1].Body;
    expect(body).toMatch(/https:\/\/apex\.example\.com\/account\/reset-password\?token=[\w-]+/);
    expect(body).not.toContain('evil.example');
  });

  it('answers the same for a match, a wrong address and an unknown user, and limits each user name', async () => {
    const match = await request('rep', 'rep@apex-demo.example', '10.8.1.1');
    const mismatch = await request('rep', 'someone@else.example', '10.8.1.2');
    const unknown = await request('nobody-here', 'nobody@apex-demo.example', '10.8.1.3');
    for (const res of [mismatch, unknown]) {
      expect(res.statusCode).toBe(match.statusCode);
      expect(res.json()).toEqual(match.json());
    }
    expect(RESET_LIMITS.perUserName.max).toBe(3);
    // Per user name, from any address: the fourth within the hour waits, known user or not.
    await request('rep', 'rep@apex-demo.example', '10.8.1.4');
    await Promise.all([1, 2, 3].map((i) => request('nobody-here', 'x@y.example', `10.8.2.${i}`)));
    const [known, unknownLimited] = await Promise.all([
      request('rep', 'rep@apex-demo.example', '10.8.1.5'),
      request('nobody-here', 'nobody@apex-demo.example', '10.8.1.6'),
    ]);
    for (const res of [known, unknownLimited]) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(res.json().Message).toBe('Too many password reset requests. Try again later.');
    }
  });

  it('limits requests per address across user names, even in parallel', async () => {
    const before = (await outbox()).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(i === 0 ? 'payroll' : `someone-${i}`, 'payroll@apex-demo.example', '10.8.3.3'),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200).length).toBe(RESET_LIMITS.perAddress.max);
    expect(codes.filter((c) => c === 429).length).toBe(20 - RESET_LIMITS.perAddress.max);
    expect((await outbox()).length).toBeLessThanOrEqual(before + 1);
  });

  it('a reset request from another site is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/reset-password?userName=manager&emailAddress=manager@apex-demo.example',
      remoteAddress: '10.8.4.4',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Message: 'This form can only be sent from Apex itself.' });
  });
});
