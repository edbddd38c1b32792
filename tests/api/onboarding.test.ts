// An applicant's own application (`onboarding-applications/mine`): what it says, that only an
// applicant may call it and only ever about themselves, and the applicant's sidebar.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  roleAssignments,
  roles,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { applicationStatus } from '../../server/modules/onboarding/service';
import { EmployeeStatus } from '../../src/contract/common';
import type { MyApplication } from '../../src/contract/onboarding';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

const MINE = { method: 'GET' as const, url: '/api/onboarding-applications/mine' };
let t: TestApp;

/** A second applicant, at Vancouver for Dtv, so a leak of the other's data would show. */
async function addApplicant(userName: string): Promise<number> {
  const [office] = await t.db.select().from(icdOffices).where(eq(icdOffices.City, 'Vancouver'));
  const [emp] = await t.db
    .insert(employees)
    .values({
      FirstName: 'Avery',
      LastName: 'Quinn',
      UserName: userName,
      EmailAddress: `${userName}@apex-demo.example`,
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
      CreatedAt: new Date('2026-10-01T15:00:00Z'),
    })
    .returning();
  const [rec] = await t.db
    .insert(employmentRecords)
    .values({
      EmployeeID: emp.EmployeeID,
      IcdOfficeID: office.IcdOfficeID,
      EmployeeStatusID: EmployeeStatus.Pending,
    })
    .returning();
  await t.db
    .insert(employmentRecordDivisions)
    .values({ EmploymentRecordID: rec.EmploymentRecordID, DivisionID: 31 });
  const [role] = await t.db.select().from(roles).where(eq(roles.Name, 'Onboarding applicant'));
  await t.db.insert(roleAssignments).values({ EmployeeID: emp.EmployeeID, RoleID: role.RoleID });
  return emp.EmployeeID;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('onboarding-applications/mine', () => {
  it("answers the demo applicant's pending application: office and division applied to", async () => {
    const applicant = await t.signIn('applicant');
    const res = await applicant.call(MINE);
    expect(res.statusCode).toBe(200);
    const body = res.json<MyApplication>();
    expect(body).toMatchObject({
      Status: 'Initial',
      FirstName: 'Jordan',
      LastName: 'Lee',
      EmailAddress: 'applicant@apex-demo.example',
      Office: { OfficeName: 'Toronto Central', City: 'Toronto' },
      Divisions: ['RoadShow'],
    });
    expect(Number.isNaN(Date.parse(String(body.SubmittedAt)))).toBe(false);
  });

  it('is refused to users who are not applicants, administrators included, and to anonymous callers', async () => {
    for (const user of ['admin', 'staff', 'payroll']) {
      const res = await (await t.signIn(user)).call(MINE);
      expect(res.statusCode, user).toBe(403);
      expect(res.json().Message).toBeTruthy();
    }
    expect((await t.app.inject(MINE)).statusCode).toBe(401);
  });

  it("tells each applicant only about their own application, and follows payroll's decision", async () => {
    const id = await addApplicant('applicant2');
    const other = await t.signIn('applicant2');
    const body = (await other.call(MINE)).json<MyApplication>();
    expect(body).toMatchObject({
      Status: 'Initial',
      FirstName: 'Avery',
      Office: { City: 'Vancouver' },
      Divisions: ['Dtv'],
      SubmittedAt: '2026-10-01T15:00:00.000Z',
    });
    // There is no way to name someone else's application.
    expect((await other.call({ ...MINE, url: `${MINE.url}?EmployeeID=1` })).json().FirstName).toBe('Avery');

    await t.db
      .update(employmentRecords)
      .set({ EmployeeStatusID: EmployeeStatus.Terminated })
      .where(eq(employmentRecords.EmployeeID, id));
    expect((await other.call(MINE)).json<MyApplication>().Status).toBe('Terminated');
    // The demo applicant's application did not change.
    expect((await (await t.signIn('applicant')).call(MINE)).json<MyApplication>().Status).toBe('Initial');
  });

  it('the status follows the employment records', () => {
    expect(applicationStatus([])).toBe('Incomplete');
    expect(applicationStatus([EmployeeStatus.Terminated, EmployeeStatus.Pending])).toBe('Initial');
    expect(applicationStatus([EmployeeStatus.Terminated, EmployeeStatus.Active])).toBe('Approved');
    expect(applicationStatus([EmployeeStatus.Terminated])).toBe('Terminated');
  });
});

describe("an applicant's sidebar", () => {
  async function states(user: string): Promise<string[]> {
    const res = await (await t.signIn(user)).call({ method: 'GET', url: '/api/Home/navigation-modules' });
    return res.json<{ State: string }[]>().map((m) => m.State);
  }

  it('lists only the application status for an applicant, and never for anyone else', async () => {
    expect(await states('applicant')).toEqual(['onboarding.applicationStatus']);
    expect(await states('admin')).not.toContain('onboarding.applicationStatus');
    expect(await states('admin')).toContain('home');
    expect(await states('staff')).not.toContain('onboarding.applicationStatus');
  });
});
