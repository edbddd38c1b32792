// Malformed input of each kind gets a 4xx with a { Message } a caller can act on, never a 500:
// integers past what the database column holds, NUL in text, dates that do not exist, and the errors
// Fastify's router and body parsers raise before a route runs.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/contract/common';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t?.close();
});

/** The error body, checked to be exactly the API's error shape. */
function errorOf(res: LightMyRequestResponse): ErrorBody {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body);
  expect(ErrorBody.parse(body)).toBeTruthy();
  // Fastify's own shape must not leak through.
  expect(body).not.toHaveProperty('statusCode');
  expect(body).not.toHaveProperty('code');
  return body;
}

describe('integers past the 32-bit columns', () => {
  it.each([
    '/api/teams/2147483648',
    '/api/teams/9007199254740991',
    '/api/schedule-events/9007199254740993',
    '/api/v1/event-hosts/99999999999999999999',
    '/api/teams/-1',
    '/api/employees/1/icd-offices/2147483648/schedule-dates/2026-03-02',
  ])('a path id out of range names no record: %s → 404', async (url) => {
    const res = await admin.call({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).Message).toBe('The item was not found.');
  });

  it('one past the largest id is 404 too, the largest itself reaches the route (and is not found)', async () => {
    const past = await admin.call({ method: 'GET', url: '/api/teams/2147483648' });
    const largest = await admin.call({ method: 'GET', url: '/api/teams/2147483647' });
    expect(past.statusCode).toBe(404);
    expect(largest.statusCode).toBe(404);
    expect(errorOf(largest).Message).not.toBe('The item was not found.'); // the route's own 404
  });

  it('a page number out of range in the path is a 400 (a page is not a record)', async () => {
    for (const url of ['/api/schedule-events/page/2147483648', '/api/schedule-events/page/-1']) {
      const res = await admin.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).Errors?.page).toBeDefined();
    }
  });

  it('a path id that is not a number stays a 400 naming the parameter', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/teams/abc' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Errors?.id).toBeDefined();
  });

  it('a query integer out of range is 400 naming the parameter', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/teams?icdOfficeID=2147483648' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Errors).toEqual({ icdOfficeID: ['This number is too large'] });
  });

  it('a body integer out of range is 400 naming the field', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/teams',
      payload: { Name: 'Overflow', IcdOfficeID: 2 ** 31, Members: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Errors).toEqual({ IcdOfficeID: ['This number is too large'] });
  });

  it('past 2^53 the message is still the column bound alone', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/teams',
      payload: { Name: 'Overflow', IcdOfficeID: 1e20, Members: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Errors).toEqual({ IcdOfficeID: ['This number is too large'] });
  });

  it('a value no schema bounds and the database refuses is a 400, not a 500', async () => {
    // auth/permissions reads employeeId as any safe integer; PostgreSQL refuses it for an int4.
    const res = await admin.call({ method: 'GET', url: '/api/auth/permissions?employeeId=2147483648' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Message).toMatch(/number|not valid/i);
  });
});

describe('NUL (U+0000) in text', () => {
  const NUL = 'The request may not contain the character U+0000 (NUL).';

  it('in a JSON body, at any depth', async () => {
    for (const payload of [
      { Name: 'a\u0000b', IcdOfficeID: 1, Members: [] },
      { Name: 'ok', IcdOfficeID: 1, Members: [{ EmployeeID: 1, Roles: ['x\u0000'] }] },
      { 'key\u0000': 1 },
    ]) {
      const res = await admin.call({ method: 'POST', url: '/api/teams', payload });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).Message).toBe(NUL);
    }
  });

  it('in the sign-in form, JSON or form-encoded, and in the token request', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'application/json' },
      payload: { UserName: 'admin\u0000', Password: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json).Message).toBe(NUL);
    const form = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'UserName=admin%00&Password=x',
    });
    expect(form.statusCode).toBe(400);
    expect(errorOf(form).Message).toBe(NUL);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { clientId: 'apex\u0000pwa', clientSecret: 's' },
    });
    expect(token.statusCode).toBe(400);
    expect(errorOf(token).Message).toBe(NUL);
  });

  it('in an error report, an event host, a lead batch file name', async () => {
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: 'boom\u0000' },
    });
    expect(report.statusCode).toBe(400);
    expect(errorOf(report).Message).toBe(NUL);
    const host = await admin.call({
      method: 'POST',
      url: '/api/v1/event-hosts',
      payload: { Name: '\u0000' },
    });
    expect(host.statusCode).toBe(400);
    expect(errorOf(host).Message).toBe(NUL);
    const batch = await admin.call({
      method: 'POST',
      url: '/api/lead-batches',
      payload: { FileName: 'leads\u0000.csv', ContentBase64: 'YQ==' },
    });
    expect(batch.statusCode).toBe(400);
    expect(errorOf(batch).Message).toBe(NUL);
  });

  it('in a search query or a path segment', async () => {
    for (const url of [
      '/api/leads?search=a%00b',
      '/api/v1/event-hosts?search=%00',
      '/api/time-entries/week/2026-03-02%00',
      '/api/teams/1%00',
    ]) {
      const res = await admin.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).Message).toBe(NUL);
    }
  });

  it('an escaped "%00" as text (%2500) is ordinary text', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/leads?search=%2500' });
    expect(res.statusCode).toBe(200);
  });
});

describe('dates that do not exist', () => {
  it.each([
    '/api/time-entries/week/2026-02-30',
    '/api/rs-schedules/rotation-by-date/2026-02-30',
    '/api/schedule-events?startDate=2026-02-30',
    '/api/schedule-events/report/tsu-report-summary?startDate=2026-02-29&endDate=2026-03-01',
    '/api/audit-logs/timekeeping?startDate=0000-00-00',
    '/api/reports/leads-conversion?fromDate=2026-13-01',
    '/api/pay-periods?startDate=2026-04-31',
  ])('%s → 400 "This date does not exist"', async (url) => {
    const res = await admin.call({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(Object.values(body.Errors ?? {}).flat()).toContain('This date does not exist');
  });

  it('a leap day exists in a leap year', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/time-entries/week/2028-02-29' });
    expect(res.statusCode).toBe(200);
  });

  it('a date far outside the business years is refused instead of computed', async () => {
    // 9999-12-31 once sent the pay-period calendar into an endless loop past year 9999.
    const res = await admin.call({ method: 'GET', url: '/api/pay-periods?startDate=9999-12-31' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Errors?.startDate).toEqual(['Use a date from 1900 to 2999']);
  });

  it('a malformed date gets the format message alone', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/schedule-events?startDate=2026-2-3' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Errors?.startDate).toEqual(['Use the format YYYY-MM-DD']);
  });
});

describe("Fastify's own errors in the { Message } shape", () => {
  it('a malformed %-escape in the path → 400', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/teams/%zz' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).Message).toBe('The address is not valid.');
  });

  it('a path segment longer than the router allows → 414', async () => {
    const res = await admin.call({ method: 'GET', url: `/api/teams/${'1'.repeat(200)}` });
    expect(res.statusCode).toBe(414);
    expect(errorOf(res).Message).toBe('A part of the address is too long.');
  });

  it('a body over the limit → 413', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/teams',
      headers: { 'content-type': 'application/json' },
      payload: `{"Name":"${'x'.repeat(3 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).Message).toBe('The upload is too large.');
  });

  it('an unsupported content type → 415', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/teams',
      headers: { 'content-type': 'application/xml' },
      payload: '<team/>',
    });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).Message).toBe('This type of content is not accepted.');
  });

  it('broken JSON and an empty JSON body → 400 saying so', async () => {
    const broken = await admin.call({
      method: 'POST',
      url: '/api/teams',
      headers: { 'content-type': 'application/json' },
      payload: '{"Name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).Message).toBe('The body is not valid JSON.');
    const empty = await admin.call({
      method: 'POST',
      url: '/api/teams',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).Message).toBe('The body is empty; send JSON or no Content-Type.');
  });

  it('an unknown route → 404', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).Message).toBe('No route for GET /api/no-such-thing.');
  });
});
