// The applicant's phone flow: a self sign-up, then the new applicant finds their own application by
// GET onboarding-applications/mine/id (no id to ask for: only ever the caller's), reads it, saves a
// field, submits. Office users and anonymous callers are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingApplication, OnboardingDivision } from '../../src/contract/onboarding';
import { createTestApp, type TestApp } from './helpers';

const MINE_ID = { method: 'GET' as const, url: '/api/onboarding-applications/mine/id' };
const PASSWORD = 'Sunny!Day2026';
let t: TestApp;
let created: OnboardingApplication;

beforeAll(async () => {
  t = await createTestApp();
  const divisions = (await t.app.inject({ method: 'GET', url: '/api/onboarding-divisions' })).json<
    OnboardingDivision[]
  >();
  const division = divisions.find((d) => d.EnableSelfSignUp && d.Offices.length);
  if (!division) throw new Error('the demo data has no division open to self sign-up');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding-applications',
    payload: {
      IsSelfSignUp: true,
      DivisionID: division.DivisionID,
      IcdOfficeID: division.Offices[0]?.IcdOfficeID,
      Password: PASSWORD,
      Applicant: {
        FirstName: 'Robin',
        LastName: 'Okafor',
        EmailAddress: 'robin.okafor@example.com',
        UserName: 'robin.okafor',
        CellPhone: { PhoneNumber: '416 555 0199', Extension: '12' },
        DateOfBirth: '1999-04-02',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  created = res.json<OnboardingApplication>();
});
afterAll(() => t.close());

describe('GET onboarding-applications/mine/id', () => {
  it("answers the new applicant's own application, which they can then read and fill", async () => {
    const me = await t.signIn('robin.okafor', PASSWORD);
    const res = await me.call(MINE_ID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      OnboardingApplicationID: created.OnboardingApplicationID,
      Stage: 'Created',
    });

    const read = await me.call({
      method: 'GET',
      url: `/api/onboarding-applications/${created.OnboardingApplicationID}`,
    });
    expect(read.statusCode).toBe(200);
    const app = read.json<OnboardingApplication>();
    expect(app.IsSelfSignUp).toBe(true);
    expect(app.Applicant.CellPhone).toEqual({ PhoneNumber: '416 555 0199', Extension: '12' });

    const field = app.Fields.find((f) => f.InputMask === '(000) 000-0000');
    expect(field).toBeDefined();
    const url = `/api/onboarding-applications/${created.OnboardingApplicationID}/fields/${field?.OnboardingReferenceFieldID}`;
    // The same save sent twice (a replay after a lost answer) leaves one value.
    for (let i = 0; i < 2; i++) {
      const put = await me.call({ method: 'PUT', url, payload: { Value: '(416) 555-0123' } });
      expect(put.statusCode, put.body).toBe(200);
    }
    const unfinished = await me.call({ method: 'PUT', url, payload: { Value: '(416) 555-01' } });
    expect(unfinished.statusCode).toBe(400);
    const again = (
      await me.call({ method: 'GET', url: `/api/onboarding-applications/${created.OnboardingApplicationID}` })
    ).json<OnboardingApplication>();
    expect(again.Fields.filter((f) => f.Value === '(416) 555-0123')).toHaveLength(1);
  });

  it('refuses office users (not applicants) and anonymous callers', async () => {
    for (const user of ['admin', 'manager'] as const) {
      const s = await t.signIn(user);
      expect((await s.call(MINE_ID)).statusCode).toBe(403);
    }
    expect((await t.app.inject(MINE_ID)).statusCode).toBe(401);
  });
});
