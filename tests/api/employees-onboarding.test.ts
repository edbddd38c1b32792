// Onboarding calls of the employees area: onboard a new applicant (Pending record, applicant role,
// invitation mail), read and fill it, required fields, terminate, rehire, revoke, send again, start
// onboarding an existing employee, the caller's onboarding permission and TeleMapper link; scope.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, employmentRecords, icdOffices, mailOutbox } from '../../server/db/tables';
import type { OnboardingEmployee } from '../../src/contract/employees';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let manager: Session;
let applicant: Session;
const office: Record<string, number> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [admin, payroll, manager, applicant] = await Promise.all(
    ['admin', 'payroll', 'manager', 'applicant'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

const onboardBody = {
  DivisionID: 29,
  IcdOfficeID: 0,
  Password: 'Welcome#2026go',
  Applicant: {
    FirstName: 'Lena',
    LastName: 'Novak',
    EmailAddress: 'lena.novak@apex-demo.example',
    UserName: 'lena.novak',
    CellPhone: { PhoneNumber: '604 555 0142' },
    DateOfBirth: '1998-05-20',
  },
};

let lena: OnboardingEmployee;

describe('onboarding an applicant', () => {
  it('payroll opens an application: Pending at the office, applicant role, invitation queued', async () => {
    const res = await payroll.call({
      method: 'POST',
      url: '/api/employees/onboard',
      payload: { ...onboardBody, IcdOfficeID: office.vancouver },
    });
    expect(res.statusCode, res.body).toBe(201);
    lena = res.json<OnboardingEmployee>();
    expect(lena).toMatchObject({
      Status: 'Initial',
      IsApplicant: true,
      IcdOfficeID: office.vancouver,
      Divisions: [29],
      EmployeeStatusID: 3,
    });
    expect(lena.Missing).toEqual(expect.arrayContaining(['SSN', 'StreetLine1']));
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.To, 'lena.novak@apex-demo.example'));
    expect(mail.map((m) => m.MessageType)).toEqual(['onboardingApplicationCreated']);
    // The applicant signs in and sees their application.
    const me = await t.signIn('lena.novak', 'Welcome#2026go');
    expect((await me.call({ url: `/api/employees/onboarding-employee/${lena.EmployeeID}` })).statusCode).toBe(
      200,
    );
    expect((await me.call({ url: '/api/employees/onboarding-permission' })).json()).toEqual({
      IsOnboarding: true,
      CanManage: false,
    });
    expect((await me.call({ url: `/api/employees/onboarding-employee/${ids.manager}` })).statusCode).toBe(
      404,
    );
  });

  it('refusals: an office out of scope, a division not at the office, a user name taken, no permission', async () => {
    const [before] = await t.db
      .select({ n: employees.EmployeeID })
      .from(employees)
      .orderBy(employees.EmployeeID)
      .limit(1);
    expect(before).toBeTruthy();
    const wrongDivision = await payroll.call({
      method: 'POST',
      url: '/api/employees/onboard',
      payload: {
        ...onboardBody,
        IcdOfficeID: office.calgary,
        Applicant: { ...onboardBody.Applicant, UserName: 'x.y', EmailAddress: 'x.y@apex-demo.example' },
      },
    });
    expect(wrongDivision.statusCode).toBe(400);
    expect(wrongDivision.json().Errors.DivisionID).toEqual(['The division is not at this office']);
    const taken = await payroll.call({
      method: 'POST',
      url: '/api/employees/onboard',
      payload: { ...onboardBody, IcdOfficeID: office.toronto },
    });
    expect(taken.json().Errors['Applicant.UserName']).toEqual(['This user name is taken']);
    expect(
      (
        await manager.call({
          method: 'POST',
          url: '/api/employees/onboard',
          payload: { ...onboardBody, IcdOfficeID: office.toronto },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await payroll.call({
      method: 'POST',
      url: '/api/employees/onboard',
      payload: { IcdOfficeID: office.toronto },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the applicant fills the profile; required-filled lists what is missing', async () => {
    const me = await t.signIn('lena.novak', 'Welcome#2026go');
    const res = await me.call({
      method: 'PUT',
      url: `/api/employees/${lena.EmployeeID}/onboarding-profile`,
      payload: {
        SSN: '527-11-4409',
        StreetLine1: '12 Main St',
        City: 'Vancouver',
        StateProvince: 'BC',
        PostalCode: 'V6B 1A1',
        CountryID: 2,
        Version: lena.Version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const filled = await me.call({ method: 'POST', url: `/api/required-filled/${lena.EmployeeID}` });
    expect(filled.json()).toEqual({ IsFilled: true, Missing: [] });
    const other = await payroll.call({ method: 'POST', url: `/api/required-filled/${ids.applicant}` });
    expect(other.json().IsFilled).toBe(false);
    expect(other.json().Missing).toContain('SSN');
  });

  it('terminate, rehire, revoke, send again', async () => {
    const ended = await payroll.call({
      method: 'POST',
      url: `/api/employees/onboarding-employee/terminate/${lena.EmployeeID}`,
      payload: { TerminationDate: '2026-06-30', TerminationReasonID: 1 },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<OnboardingEmployee>()).toMatchObject({ Status: 'Terminated', IsApplicant: false });
    const [rec] = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmployeeID, lena.EmployeeID));
    expect(rec).toMatchObject({ EmployeeStatusID: 2, TerminationDate: '2026-06-30', TerminationReasonID: 1 });
    expect(
      (
        await payroll.call({
          method: 'POST',
          url: `/api/employees/onboarding-employee/terminate/${lena.EmployeeID}`,
          payload: { TerminationDate: '2026-06-30', TerminationReasonID: 1 },
        })
      ).statusCode,
    ).toBe(409);
    const back = await payroll.call({ method: 'POST', url: `/api/rehire-onboarding/${lena.EmployeeID}` });
    expect(back.json<OnboardingEmployee>()).toMatchObject({
      Status: 'Initial',
      IsApplicant: true,
      EmployeeStatusID: 3,
    });
    const revoked = await payroll.call({ method: 'POST', url: `/api/revoke-onboarding/${lena.EmployeeID}` });
    expect(revoked.json<OnboardingEmployee>().IsApplicant).toBe(false);
    const sent = await payroll.call({ method: 'POST', url: `/api/send-onboarding/${lena.EmployeeID}` });
    expect(sent.statusCode).toBe(200);
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.To, 'lena.novak@apex-demo.example'));
    expect(mail.map((m) => m.MessageType).sort()).toEqual([
      'onboardingApplicationCreated',
      'onboardingApplicationCreated',
      'onboardingApplicationTerminated',
    ]);
  });

  it('init-onboarding starts an existing employee at another office; out of scope refused', async () => {
    const res = await admin.call({
      method: 'POST',
      url: `/api/init-onboarding/${ids.staff}/${office.vancouver}`,
      payload: { Divisions: [31] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OnboardingEmployee>()).toMatchObject({
      IsApplicant: true,
      IcdOfficeID: office.vancouver,
      Divisions: [31],
    });
    const again = await admin.call({
      method: 'POST',
      url: `/api/init-onboarding/${ids.rep}/${office.toronto}`,
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await manager.call({ method: 'POST', url: `/api/init-onboarding/${ids.rep}/${office.toronto}` }))
        .statusCode,
    ).toBe(403);
    const records = await t.db
      .select()
      .from(employmentRecords)
      .where(
        and(eq(employmentRecords.EmployeeID, ids.rep), eq(employmentRecords.IcdOfficeID, office.toronto)),
      );
    expect(records.map((r) => r.EmployeeStatusID)).toEqual([1]);
  });

  it("the caller's onboarding permission and TeleMapper link", async () => {
    expect((await payroll.call({ url: '/api/employees/onboarding-permission' })).json()).toEqual({
      IsOnboarding: false,
      CanManage: true,
    });
    expect((await applicant.call({ url: '/api/employees/onboarding-permission' })).json()).toEqual({
      IsOnboarding: true,
      CanManage: false,
    });
    expect((await manager.call({ url: '/api/employees/account-telemapper-linked' })).json()).toEqual({
      IsLinked: false,
      MeridianEmployeeID: null,
    });
    await t.db
      .update(employees)
      .set({ MeridianEmployeeID: 'TOR-01-0099' })
      .where(eq(employees.EmployeeID, ids.manager));
    expect((await manager.call({ url: '/api/employees/account-telemapper-linked' })).json()).toEqual({
      IsLinked: true,
      MeridianEmployeeID: 'TOR-01-0099',
    });
  });
});
