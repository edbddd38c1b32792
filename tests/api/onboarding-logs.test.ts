// Sensitive onboarding values never reach the server's log: with every log line on (trace), a SIN
// and a bank account number sent, read back in clear by payroll and refused once, the log output
// holds none of them (pino writes through node:fs to stdout; the writes are captured here).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Division } from '../../src/contract/common';
import type { OnboardingApplication } from '../../src/contract/onboarding';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const captured: string[] = [];
const original = { writeSync: fs.writeSync, write: fs.write };

beforeAll(async () => {
  // biome-ignore lint/suspicious/noExplicitAny: fs.writeSync has several overloads; the capture passes every call through.
  (fs as any).writeSync = (fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd === 1 || fd === 2) captured.push(String(data));
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    return (original.writeSync as any)(fd, data, ...rest);
  };
  // biome-ignore lint/suspicious/noExplicitAny: fs.write has several overloads; the capture passes every call through.
  (fs as any).write = (fd: number, data: unknown, ...rest: unknown[]) => {
    if (fd === 1 || fd === 2) captured.push(String(data));
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    return (original.write as any)(fd, data, ...rest);
  };
  t = await createTestApp({ logLevel: 'trace' });
});
afterAll(async () => {
  fs.writeSync = original.writeSync;
  fs.write = original.write;
  await t.close();
});

describe('the log', () => {
  it('holds requests but no sensitive value', async () => {
    const [office] = (await t.app.inject({ url: '/api/onboarding-divisions' })).json()[0].Offices;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding-applications',
      remoteAddress: '203.0.113.200',
      payload: {
        IsSelfSignUp: true,
        DivisionID: Division.RoadShow,
        IcdOfficeID: office.IcdOfficeID,
        Password: 'Welcome#2026go',
        Applicant: {
          FirstName: 'Noa',
          LastName: 'Stone',
          EmailAddress: 'noa@apex-demo.example',
          UserName: 'noa.stone',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const app = created.json<OnboardingApplication>();
    const me = await t.signIn('noa.stone', 'Welcome#2026go');
    const sin = app.Fields.find((f) => f.Name === 'SIN')?.OnboardingReferenceFieldID;
    const url = `/api/onboarding-applications/${app.OnboardingApplicationID}`;
    expect(
      (await me.call({ method: 'PUT', url: `${url}/fields/${sin}`, payload: { Value: '739201584' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await me.call({ method: 'PUT', url: `${url}/fields/${sin}`, payload: { Value: '73920158x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await me.call({ method: 'PUT', url: `${url}/fields/${sin}`, payload: { Value: '739201584' } }))
        .statusCode,
    ).toBe(200);
    const bank = await me.call({
      method: 'PATCH',
      url,
      payload: {
        Version: app.Version,
        Bank: {
          CountryID: 2,
          BankName: 'TD',
          RoutingNumber: '00412',
          InstitutionNumber: '004',
          AccountNumber: '88812345',
        },
      },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const payroll = await t.signIn('payroll');
    const read = (await payroll.call({ url })).json<OnboardingApplication>();
    expect(read.Fields.find((f) => f.Name === 'SIN')?.Value).toBe('739-201-584');
    expect(read.Bank.AccountNumber).toBe('88812345');

    const log = captured.join('');
    expect(log).toContain(`/api/onboarding-applications/${app.OnboardingApplicationID}`);
    for (const secret of ['739201584', '739-201-584', '73920158x', '88812345'])
      expect(log).not.toContain(secret);
  });
});
