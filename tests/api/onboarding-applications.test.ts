// Onboarding applications: self sign-up (only where the policy enables it, rate-limited), made by the
// office (scope), read (scope, own), field values against their masks and types with sensitive ones
// encrypted at rest and masked, the flow created → started → saved → submitted → reviewed → approved
// with each refused step, paper ↔ online, statuses, transfer, removal, documents, and the approval
// that makes the applicant an employee without retyping.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankAccounts,
  employees,
  employmentRecords,
  icdOffices,
  mailOutbox,
  onboardingApplications,
  onboardingFieldValues,
  roleAssignments,
  roles,
} from '../../server/db/tables';
import { Division, EmployeeStatus } from '../../src/contract/common';
import type {
  OnboardingApplication,
  OnboardingApplicationListItem,
  OnboardingApplicationStatus,
  OnboardingDivision,
  OnboardingFieldValue,
} from '../../src/contract/onboarding';
import { createTestApp, type Session, type TestApp } from './helpers';
import { multipart, PDF, PNG, TEXT } from './onboarding-helpers';

let t: TestApp;
let payroll: Session;
let owner: Session;
let manager: Session;
let staff: Session;
const office: Record<string, number> = {};
const PASSWORD = 'Welcome#2026go';

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.City.toLowerCase().replace(/ /g, '')] = o.IcdOfficeID;
  [payroll, owner, manager, staff] = await Promise.all(
    ['payroll', 'owner', 'manager', 'staff'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

const applicant = (userName: string) => ({
  FirstName: 'Lena',
  LastName: userName.replace(/\W/g, ''),
  EmailAddress: `${userName}@apex-demo.example`,
  UserName: userName,
  CellPhone: { PhoneNumber: '416 555 0142', Extension: null },
  DateOfBirth: '1998-05-20',
});

let addressSeq = 10;
/** A self sign-up from its own address (so the rate limit of one test does not reach another). */
function signUp(body: object, remoteAddress = `203.0.113.${addressSeq++}`) {
  return t.app.inject({ method: 'POST', url: '/api/onboarding-applications', payload: body, remoteAddress });
}

const selfSignUp = (userName: string, over: object = {}) => ({
  IsSelfSignUp: true,
  DivisionID: Division.RoadShow,
  IcdOfficeID: office.toronto,
  Password: PASSWORD,
  Applicant: applicant(userName),
  ...over,
});

async function fieldId(app: OnboardingApplication, name: string): Promise<number> {
  const f = app.Fields.find((x) => x.Name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f.OnboardingReferenceFieldID;
}

async function put(s: Session, app: OnboardingApplication, name: string, Value: string | null) {
  return s.call({
    method: 'PUT',
    url: `/api/onboarding-applications/${app.OnboardingApplicationID}/fields/${await fieldId(app, name)}`,
    payload: { Value },
  });
}

async function read(s: Session, id: number) {
  return (await s.call({ url: `/api/onboarding-applications/${id}` })).json<OnboardingApplication>();
}

async function patch(s: Session, id: number, body: object) {
  const current = await read(payroll, id);
  return s.call({
    method: 'PATCH',
    url: `/api/onboarding-applications/${id}`,
    payload: { Version: current.Version, ...body },
  });
}

async function statusId(id: number, type: string): Promise<number> {
  const res = await payroll.call({ url: `/api/onboarding-applications/${id}/available-statuses` });
  const s = res.json<OnboardingApplicationStatus[]>().find((x) => x.StatusType === type);
  if (!s) throw new Error(`no available status of type ${type}`);
  return s.OnboardingApplicationStatusID;
}

describe('divisions taking applications', () => {
  it('anonymous callers see the self sign-up divisions with their offices; the office sees every one', async () => {
    const anon = (await t.app.inject({ url: '/api/onboarding-divisions' })).json<OnboardingDivision[]>();
    expect(anon.map((d) => d.DivisionID)).toEqual([Division.RoadShow]);
    expect(anon[0].EnableSelfSignUp).toBe(true);
    expect(anon[0].Offices.map((o) => o.IcdOfficeID)).toContain(office.toronto);
    const all = (await payroll.call({ url: '/api/onboarding-divisions' })).json<OnboardingDivision[]>();
    expect(all.map((d) => d.DivisionID).sort()).toEqual([Division.RoadShow, Division.Dtv, Division.Rogers]);
  });
});

describe('self sign-up', () => {
  let created: OnboardingApplication;

  it('makes an account and an application in the self sign-up status, and mails the applicant and the contacts', async () => {
    const res = await signUp(selfSignUp('lena.self'));
    expect(res.statusCode, res.body).toBe(201);
    created = res.json<OnboardingApplication>();
    expect(created).toMatchObject({
      IsSelfSignUp: true,
      Stage: 'Created',
      Status: { StatusType: 'SelfSignUp' },
      IcdOfficeID: office.toronto,
      DivisionID: Division.RoadShow,
      Applicant: {
        UserName: 'lena.self',
        CellPhone: { PhoneNumber: '416 555 0142' },
        DateOfBirth: '1998-05-20',
      },
    });
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.MessageType, 'onboardingApplicationCreated'));
    expect(mail.map((m) => m.To)).toEqual(
      expect.arrayContaining(['lena.self@apex-demo.example', 'roadshow.hiring@apex-demo.example']),
    );
    // The applicant signs in with the chosen password and reads their own application.
    const me = await t.signIn('lena.self', PASSWORD);
    expect(
      (await me.call({ url: `/api/onboarding-applications/${created.OnboardingApplicationID}` })).statusCode,
    ).toBe(200);
    expect((await me.call({ url: '/api/onboarding-applications/mine' })).json()).toMatchObject({
      Status: 'Initial',
    });
  });

  it('is refused for a division whose policy does not take self sign-ups, with nothing created', async () => {
    const res = await signUp(selfSignUp('lena.rogers', { DivisionID: Division.Rogers }));
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toBe('This division does not take self sign-ups.');
    expect(await t.db.select().from(employees).where(eq(employees.UserName, 'lena.rogers'))).toEqual([]);
  });

  it('needs a password that fits the policy, and a user name nobody has', async () => {
    const noPassword = await signUp(selfSignUp('lena.nopw', { Password: null }));
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().Errors.Password).toBeTruthy();
    const weak = await signUp(selfSignUp('lena.weak', { Password: 'short' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().Errors.Password[0]).toMatch(/at least/);
    const taken = await signUp(selfSignUp('applicant'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().Errors['Applicant.UserName']).toEqual(['This user name is taken']);
    const bad = await signUp({ IsSelfSignUp: true, DivisionID: 29, Applicant: { FirstName: '' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().Errors)).toEqual(
      expect.arrayContaining(['IcdOfficeID', 'Applicant.FirstName']),
    );
  });

  it('is limited per address like other anonymous calls (429 with Retry-After)', async () => {
    const address = '198.51.100.7';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signUp(selfSignUp(`flood${i}`), address)).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 201)).toBe(true);
    const last = await signUp(selfSignUp('flood9'), address);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(employees).where(eq(employees.UserName, 'flood9'))).toEqual([]);
  });
});

describe('applications made by the office', () => {
  it('payroll opens one anywhere; the owner only in her corporation; others are refused', async () => {
    const body = (userName: string, officeId: number) => ({
      DivisionID: Division.RoadShow,
      IcdOfficeID: officeId,
      Applicant: applicant(userName),
    });
    const res = await payroll.call({
      method: 'POST',
      url: '/api/onboarding-applications',
      payload: body('lena.payroll', office.toronto),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OnboardingApplication>()).toMatchObject({
      IsSelfSignUp: false,
      Status: { StatusType: 'Initial' },
    });
    const chicago = await owner.call({
      method: 'POST',
      url: '/api/onboarding-applications',
      payload: body('lena.chicago', office.chicago),
    });
    expect(chicago.statusCode).toBe(403);
    expect(await t.db.select().from(employees).where(eq(employees.UserName, 'lena.chicago'))).toEqual([]);
    const mine = await owner.call({
      method: 'POST',
      url: '/api/onboarding-applications',
      payload: body('lena.owner', office.toronto),
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(
      (
        await manager.call({
          method: 'POST',
          url: '/api/onboarding-applications',
          payload: body('lena.mgr', office.toronto),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/onboarding-applications',
          payload: body('lena.anon', office.toronto),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a status given at creation must be an initial one of the policy', async () => {
    const res = await payroll.call({
      method: 'POST',
      url: '/api/onboarding-applications',
      payload: {
        DivisionID: Division.RoadShow,
        IcdOfficeID: office.toronto,
        Applicant: applicant('lena.status'),
        InitialOnboardingApplicationStatusID: 999999,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.InitialOnboardingApplicationStatusID).toBeTruthy();
  });
});

describe('reading and listing', () => {
  it('the list holds only the caller’s offices, leaves hidden ones out, pages, and shows the grid fields', async () => {
    const page = await payroll.call({ url: '/api/onboarding-applications/page/0?pageSize=3&sort=LastName' });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{
      Items: OnboardingApplicationListItem[];
      TotalCount: number;
      PageSize: number;
    }>();
    expect(body.Items).toHaveLength(3);
    expect(body.TotalCount).toBeGreaterThan(3);
    const all = (await payroll.call({ url: '/api/onboarding-applications?pageSize=500' })).json<
      OnboardingApplicationListItem[]
    >();
    expect(all.length).toBe(body.TotalCount);
    const jordan = all.find((a) => a.FirstName === 'Jordan');
    expect(jordan?.GridFields['T-shirt size']).toBeTruthy();
    const ownerList = (await owner.call({ url: '/api/onboarding-applications?pageSize=500' })).json<
      OnboardingApplicationListItem[]
    >();
    expect(ownerList.length).toBeGreaterThan(0);
    expect(ownerList.every((a) => [office.toronto, office.vancouver].includes(a.IcdOfficeID))).toBe(true);
    expect(ownerList.length).toBeLessThan(all.length);
    const selfOnly = (
      await payroll.call({ url: '/api/onboarding-applications?statusType=SelfSignUp&pageSize=500' })
    ).json<OnboardingApplicationListItem[]>();
    expect(selfOnly.length).toBeGreaterThan(0);
    expect(selfOnly.every((a) => a.Status.StatusType === 'SelfSignUp')).toBe(true);
    expect((await staff.call({ url: '/api/onboarding-applications' })).statusCode).toBe(403);
    const found = await payroll.call({
      url: '/api/onboarding-applications/page/0?search=lee&sort=LastName&desc=true',
    });
    expect(found.json<{ Items: OnboardingApplicationListItem[] }>().Items.map((a) => a.LastName)).toContain(
      'Lee',
    );
    expect(
      found
        .json<{ Items: OnboardingApplicationListItem[] }>()
        .Items.every((a) => /lee/i.test(`${a.FirstName} ${a.LastName} ${a.EmailAddress}`)),
    ).toBe(true);
  });

  it('an application out of the caller’s offices is 404; an applicant reads only their own', async () => {
    const all = (await payroll.call({ url: '/api/onboarding-applications?pageSize=500' })).json<
      OnboardingApplicationListItem[]
    >();
    const away = all.find((a) => ![office.toronto, office.vancouver].includes(a.IcdOfficeID));
    expect(away, 'a seeded application outside Northwind').toBeTruthy();
    expect(
      (await owner.call({ url: `/api/onboarding-applications/${away?.OnboardingApplicationID}` })).statusCode,
    ).toBe(404);
    const jordan = all.find((a) => a.FirstName === 'Jordan');
    const demoApplicant = await t.signIn('applicant');
    expect(
      (await demoApplicant.call({ url: `/api/onboarding-applications/${jordan?.OnboardingApplicationID}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await demoApplicant.call({ url: `/api/onboarding-applications/${away?.OnboardingApplicationID}` }))
        .statusCode,
    ).toBe(404);
    expect((await demoApplicant.call({ url: '/api/onboarding-applications' })).statusCode).toBe(403);
  });
});

describe('field values', () => {
  let app: OnboardingApplication;
  let me: Session;

  beforeAll(async () => {
    app = (await signUp(selfSignUp('lena.fields'))).json<OnboardingApplication>();
    me = await t.signIn('lena.fields', PASSWORD);
  });

  it("a value that does not fill the mask is 'unfinished'; one that breaks it names the format", async () => {
    const short = await put(me, app, 'SIN', '123-456-78');
    expect(short.statusCode).toBe(400);
    expect(short.json().Errors.Value).toEqual(['unfinished']);
    const letters = await put(me, app, 'SIN', '12a-456-789');
    expect(letters.statusCode).toBe(400);
    expect(letters.json().Errors.Value).toEqual(['Use the format 000-000-000']);
    const phone = await put(me, app, 'Emergency contact phone', '4165550199');
    expect(phone.statusCode).toBe(200);
    expect(phone.json<OnboardingFieldValue>().Value).toBe('(416) 555-0199');
  });

  it('the value type is checked: a date must exist', async () => {
    const res = await put(me, app, 'Available from', '2026-02-30');
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Value).toEqual(['Enter a date as YYYY-MM-DD']);
    expect((await put(me, app, 'Available from', '2026-03-02')).statusCode).toBe(200);
  });

  it('a sensitive value is stored encrypted and shown masked except to onboarding:sensitive', async () => {
    const res = await put(me, app, 'SIN', '046454286');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OnboardingFieldValue>()).toMatchObject({ Value: '***-***-286', IsMasked: true });
    const [stored] = await t.db
      .select()
      .from(onboardingFieldValues)
      .where(
        and(
          eq(onboardingFieldValues.OnboardingApplicationID, app.OnboardingApplicationID),
          eq(onboardingFieldValues.OnboardingReferenceFieldID, await fieldId(app, 'SIN')),
        ),
      );
    expect(stored.IsEncrypted).toBe(true);
    expect(stored.Value).not.toContain('046');
    expect(stored.Value).not.toContain('454');
    const sin = (a: OnboardingApplication) => a.Fields.find((f) => f.Name === 'SIN');
    expect(sin(await read(payroll, app.OnboardingApplicationID))).toMatchObject({
      Value: '046-454-286',
      IsMasked: false,
    });
    expect(sin(await read(owner, app.OnboardingApplicationID))).toMatchObject({
      Value: '***-***-286',
      IsMasked: true,
    });
    expect(sin(await read(me, app.OnboardingApplicationID))?.Value).toBe('***-***-286');
  });

  it('a field of another policy is 404; another applicant cannot write', async () => {
    const res = await me.call({
      method: 'PUT',
      url: `/api/onboarding-applications/${app.OnboardingApplicationID}/fields/999999`,
      payload: { Value: 'x' },
    });
    expect(res.statusCode).toBe(404);
    const other = await t.signIn('applicant');
    expect((await put(other, app, 'T-shirt size', 'XL')).statusCode).toBe(404);
  });
});

describe('the flow to approval', () => {
  let app: OnboardingApplication;
  let me: Session;
  const id = () => app.OnboardingApplicationID;

  beforeAll(async () => {
    app = (await signUp(selfSignUp('lena.flow'))).json<OnboardingApplication>();
    me = await t.signIn('lena.flow', PASSWORD);
  });

  it('started once, then saved', async () => {
    const started = await patch(me, id(), { Action: 'Start' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<OnboardingApplication>().Stage).toBe('Started');
    expect((await patch(me, id(), { Action: 'Start' })).statusCode).toBe(409);
    const saved = await patch(me, id(), {
      Action: 'Save',
      Bank: {
        CountryID: 2,
        BankName: 'RBC',
        RoutingNumber: '00012',
        InstitutionNumber: '003',
        AccountNumber: '1234567',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<OnboardingApplication>()).toMatchObject({
      Stage: 'Saved',
      Bank: { AccountNumber: '****567' },
    });
  });

  it('bank fields follow the country rules', async () => {
    const res = await patch(me, id(), {
      Bank: { CountryID: 2, BankName: 'RBC', RoutingNumber: '1234', AccountNumber: '1234567' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toMatchObject({
      'Bank.RoutingNumber': ['The routing number must be 5 digits.'],
      'Bank.InstitutionNumber': ['An institution number is required.'],
    });
  });

  it('cannot be submitted with required fields empty', async () => {
    const res = await patch(me, id(), { Action: 'Submit' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Missing).toEqual(['SIN', 'Emergency contact phone', 'Available from']);
  });

  it('submitted once filled; the applicant can then change nothing, nor review or change the status', async () => {
    expect((await put(me, app, 'SIN', '046 454 286')).statusCode).toBe(200);
    expect((await put(me, app, 'Emergency contact phone', '(416) 555-0100')).statusCode).toBe(200);
    expect((await put(me, app, 'Available from', '2026-03-02')).statusCode).toBe(200);
    const res = await patch(me, id(), { Action: 'Submit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OnboardingApplication>()).toMatchObject({ Stage: 'Submitted', Missing: [] });
    expect((await patch(me, id(), { Action: 'Save', Comments: 'one more thing' })).statusCode).toBe(409);
    expect((await put(me, app, 'T-shirt size', 'M')).statusCode).toBe(409);
    expect((await patch(me, id(), { Action: 'Review' })).statusCode).toBe(403);
    expect((await patch(me, id(), { OnboardingApplicationStatusID: 1 })).statusCode).toBe(403);
  });

  it('a self sign-up is accepted (Initial) before it can be approved', async () => {
    const statuses = (
      await payroll.call({ url: `/api/onboarding-applications/${id()}/available-statuses` })
    ).json<OnboardingApplicationStatus[]>();
    expect(statuses.map((s) => s.StatusType)).not.toContain('Approved');
    expect(statuses.map((s) => s.StatusType)).toContain('Initial');
    const accepted = await patch(payroll, id(), {
      OnboardingApplicationStatusID: await statusId(id(), 'Initial'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<OnboardingApplication>().Status.StatusType).toBe('Initial');
  });

  it('a review with comments sends it back; approval waits for the fix', async () => {
    const reviewed = await patch(payroll, id(), {
      Action: 'Review',
      ReviewComments: { I9Error: 'Sign section 1.' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json<OnboardingApplication>()).toMatchObject({
      Stage: 'Reviewed',
      ReviewRequired: true,
      ReviewComments: { I9Error: 'Sign section 1.', FedW4Error: null },
    });
    const early = await patch(payroll, id(), {
      OnboardingApplicationStatusID: await statusId(id(), 'Approved'),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().Message).toBe('The applicant has review comments to address before approval.');
    // The applicant fixes it and submits again.
    expect((await patch(me, id(), { Action: 'Save', Comments: 'Signed.' })).statusCode).toBe(200);
    const again = await patch(me, id(), { Action: 'Submit' });
    expect(again.json<OnboardingApplication>()).toMatchObject({ Stage: 'Submitted', ReviewRequired: false });
  });

  it('a stale Version is 409 with the current application', async () => {
    const res = await payroll.call({
      method: 'PATCH',
      url: `/api/onboarding-applications/${id()}`,
      payload: { Version: 1, Comments: 'late' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().Current.OnboardingApplicationID).toBe(id());
  });

  it('approval makes an employee of the applicant: active record, role, bank account, SSN — nothing retyped', async () => {
    const hired = await patch(payroll, id(), {
      OnboardingApplicationStatusID: await statusId(id(), 'Approved'),
      HireDate: '2026-03-02',
    });
    expect(hired.statusCode, hired.body).toBe(200);
    const body = hired.json<OnboardingApplication>();
    expect(body).toMatchObject({ Stage: 'Approved', Status: { StatusType: 'Approved' } });
    const [record] = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmployeeID, body.EmployeeID));
    expect(record).toMatchObject({
      EmployeeStatusID: EmployeeStatus.Active,
      HireDate: '2026-03-02',
      IcdOfficeID: office.toronto,
    });
    expect(body.EmploymentRecordID).toBe(record.EmploymentRecordID);
    const [account] = await t.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.EmployeeID, body.EmployeeID));
    expect(account).toMatchObject({
      CountryID: 2,
      RoutingNumber: '00012',
      InstitutionNumber: '003',
      AccountNumber: '1234567',
    });
    const [e] = await t.db.select().from(employees).where(eq(employees.EmployeeID, body.EmployeeID));
    expect(e).toMatchObject({
      SSN: '046454286',
      FirstName: 'Lena',
      BirthDate: '1998-05-20',
      CellPhone: '416 555 0142',
    });
    const held = await t.db
      .select({ Name: roles.Name })
      .from(roleAssignments)
      .innerJoin(roles, eq(roles.RoleID, roleAssignments.RoleID))
      .where(eq(roleAssignments.EmployeeID, body.EmployeeID));
    expect(held.map((r) => r.Name)).toEqual(['Event staff']);
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.MessageType, 'onboardingApplicationApproved'));
    expect(mail.map((m) => m.To)).toEqual(
      expect.arrayContaining(['lena.flow@apex-demo.example', 'roadshow.hiring@apex-demo.example']),
    );
    expect(mail.every((m) => !m.Body.includes('046') && !m.Body.includes('1234567'))).toBe(true);
    // The applicant is now an employee: home, no application status.
    const now = await t.signIn('lena.flow', PASSWORD);
    const states = (await now.call({ url: '/api/Home/navigation-modules' }))
      .json<{ State: string }[]>()
      .map((m) => m.State);
    expect(states).not.toContain('onboarding.applicationStatus');
    expect(states).toContain('home');
    expect((await now.call({ url: '/api/onboarding-applications/mine' })).statusCode).toBe(403);
  });

  it('an approved application can only be hidden; it can be neither changed, moved nor removed', async () => {
    const statuses = (
      await payroll.call({ url: `/api/onboarding-applications/${id()}/available-statuses` })
    ).json<OnboardingApplicationStatus[]>();
    expect(statuses.map((s) => s.StatusType)).toEqual(['Hidden']);
    expect((await patch(payroll, id(), { Comments: 'x' })).statusCode).toBe(409);
    const current = await read(payroll, id());
    expect(
      (
        await payroll.call({
          method: 'PATCH',
          url: `/api/onboarding-application-transfer/${id()}`,
          payload: { IcdOfficeID: office.vancouver, Version: current.Version },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await payroll.call({ method: 'DELETE', url: `/api/onboarding-applications/${id()}` })).statusCode,
    ).toBe(409);
  });
});

describe('paper, termination, transfer and removal', () => {
  let app: OnboardingApplication;
  let me: Session;
  const id = () => app.OnboardingApplicationID;

  beforeAll(async () => {
    app = (
      await payroll.call({
        method: 'POST',
        url: '/api/onboarding-applications',
        payload: {
          DivisionID: Division.RoadShow,
          IcdOfficeID: office.toronto,
          Password: PASSWORD,
          Applicant: applicant('lena.paper'),
        },
      })
    ).json<OnboardingApplication>();
    me = await t.signIn('lena.paper', PASSWORD);
  });

  it('switches to paper and back; the applicant cannot fill a paper application', async () => {
    const paper = await patch(payroll, id(), { Action: 'ToPaper' });
    expect(paper.json<OnboardingApplication>().IsPaperApplication).toBe(true);
    const twice = await patch(payroll, id(), { Action: 'ToPaper' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().Message).toBe('This application is already on paper.');
    expect((await patch(me, id(), { Action: 'Save' })).statusCode).toBe(409);
    expect((await patch(me, id(), { Action: 'ToOnline' })).statusCode).toBe(403);
    const online = await patch(payroll, id(), { Action: 'ToOnline' });
    expect(online.json<OnboardingApplication>().IsPaperApplication).toBe(false);
    expect((await patch(me, id(), { Action: 'Save' })).statusCode).toBe(200);
  });

  it('a transition the rules do not allow is 409; a status of another policy 400', async () => {
    const suspended = await patch(payroll, id(), {
      OnboardingApplicationStatusID: await statusId(id(), 'Suspended'),
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const all = (await payroll.call({ url: '/api/onboarding-policies' })).json<
      { ApplicationStatuses: OnboardingApplicationStatus[]; Divisions: number[] }[]
    >();
    const roadshow = all.find((p) => p.Divisions.includes(Division.RoadShow));
    const approved = roadshow?.ApplicationStatuses.find((s) => s.StatusType === 'Approved');
    const refused = await patch(payroll, id(), {
      OnboardingApplicationStatusID: approved?.OnboardingApplicationStatusID,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe('An application cannot move from Suspended to Approved.');
    const other = all.find((p) => !p.Divisions.includes(Division.RoadShow))?.ApplicationStatuses[0];
    expect(
      (await patch(payroll, id(), { OnboardingApplicationStatusID: other?.OnboardingApplicationStatusID }))
        .statusCode,
    ).toBe(400);
  });

  it('moves to another office in scope (the pending record with it); out of scope is 403', async () => {
    const current = await read(payroll, id());
    const far = await owner.call({
      method: 'PATCH',
      url: `/api/onboarding-application-transfer/${id()}`,
      payload: { IcdOfficeID: office.chicago, Version: current.Version },
    });
    expect(far.statusCode).toBe(403);
    const moved = await owner.call({
      method: 'PATCH',
      url: `/api/onboarding-application-transfer/${id()}`,
      payload: { IcdOfficeID: office.vancouver, Version: current.Version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<OnboardingApplication>().IcdOfficeID).toBe(office.vancouver);
    const records = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmployeeID, app.EmployeeID));
    expect(records.map((r) => [r.IcdOfficeID, r.EmployeeStatusID])).toEqual([
      [office.vancouver, EmployeeStatus.Pending],
    ]);
  });

  it('terminating closes the pending record and the applicant role and mails; reopening gives them back', async () => {
    const ended = await patch(payroll, id(), {
      OnboardingApplicationStatusID: await statusId(id(), 'Terminated'),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const [record] = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmployeeID, app.EmployeeID));
    expect(record.EmployeeStatusID).toBe(EmployeeStatus.Terminated);
    expect((await me.call({ url: '/api/onboarding-applications/mine' })).statusCode).toBe(403);
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.MessageType, 'onboardingApplicationTerminated'));
    expect(mail.map((m) => m.To)).toContain('lena.paper@apex-demo.example');
    const reopened = await patch(payroll, id(), {
      OnboardingApplicationStatusID: await statusId(id(), 'Initial'),
    });
    expect(reopened.statusCode).toBe(200);
    expect((await me.call({ url: '/api/onboarding-applications/mine' })).json()).toMatchObject({
      Status: 'Initial',
    });
  });

  it('removal: refused to the applicant; then the application is gone, the account inactive and signed out', async () => {
    expect(
      (await me.call({ method: 'DELETE', url: `/api/onboarding-applications/${id()}` })).statusCode,
    ).toBe(403);
    const res = await payroll.call({ method: 'DELETE', url: `/api/onboarding-applications/${id()}` });
    expect(res.statusCode).toBe(204);
    expect((await payroll.call({ url: `/api/onboarding-applications/${id()}` })).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(onboardingApplications)
        .where(eq(onboardingApplications.OnboardingApplicationID, id())),
    ).toEqual([]);
    const [e] = await t.db.select().from(employees).where(eq(employees.EmployeeID, app.EmployeeID));
    expect(e.Inactive).toBe(true);
    // Its sessions ended with it.
    expect((await me.call({ url: '/api/onboarding-applications/mine' })).statusCode).toBe(401);
  });
});

describe('documents', () => {
  let app: OnboardingApplication;
  let me: Session;

  beforeAll(async () => {
    app = (await signUp(selfSignUp('lena.docs'))).json<OnboardingApplication>();
    me = await t.signIn('lena.docs', PASSWORD);
  });

  it('a PDF or an image is kept under a generated name and served as an attachment with its type', async () => {
    const form = multipart({}, [
      { field: 'Document', name: '../../etc/passport scan.pdf', data: PDF, type: 'image/png' },
      { field: 'Document', name: 'photo.png', data: PNG },
    ]);
    const res = await me.call({
      method: 'POST',
      url: `/api/onboarding-applications/${app.OnboardingApplicationID}/documents`,
      ...form,
    });
    expect(res.statusCode, res.body).toBe(200);
    const docs = res.json<OnboardingApplication>().Documents;
    expect(docs.map((d) => d.ContentType)).toEqual(['application/pdf', 'image/png']);
    expect(docs[0].OriginalName).toBe('passport scan.pdf');
    expect(docs[0].FileName).toMatch(/^document-[0-9a-f-]{36}\.pdf$/);
    const file = await payroll.call({
      url: `/api/onboarding-applications/${app.OnboardingApplicationID}/documents/${docs[0].OnboardingApplicationDocumentID}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${docs[0].FileName}"`);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const other = await t.signIn('applicant');
    expect(
      (
        await other.call({
          url: `/api/onboarding-applications/${app.OnboardingApplicationID}/documents/${docs[0].OnboardingApplicationDocumentID}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('anything else is 415 and too large is 413, with nothing kept', async () => {
    const url = `/api/onboarding-applications/${app.OnboardingApplicationID}/documents`;
    const text = await me.call({
      method: 'POST',
      url,
      ...multipart({}, [{ field: 'Document', name: 'id.pdf', data: TEXT, type: 'application/pdf' }]),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().Errors.Document).toEqual(['Use a GIF, JPEG or PNG image or a PDF file.']);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const large = await me.call({
      method: 'POST',
      url,
      ...multipart({}, [{ field: 'Document', name: 'big.pdf', data: big }]),
    });
    expect(large.statusCode).toBe(413);
    expect((await read(me, app.OnboardingApplicationID)).Documents).toHaveLength(2);
  });
});
