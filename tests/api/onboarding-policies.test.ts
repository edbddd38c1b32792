// Onboarding policies (lists replaced with ids kept, files checked by content and served as
// attachments, Version/409, a status still used refused), the division's policy, and SGI ids
// (history, report as of a day, duplicates, scope).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, employmentRecords, icdOffices } from '../../server/db/tables';
import { Division } from '../../src/contract/common';
import type { EmployeeSgiId, OnboardingPolicy, SgiReportRow } from '../../src/contract/onboarding';
import { createTestApp, type Session, type TestApp } from './helpers';
import { multipart, PDF, TEXT } from './onboarding-helpers';

let t: TestApp;
let payroll: Session;
let owner: Session;
let staff: Session;
const office: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices)) office[o.City.toLowerCase()] = o.IcdOfficeID;
  [payroll, owner, staff] = await Promise.all(['payroll', 'owner', 'staff'].map((u) => t.signIn(u)));
});
afterAll(() => t.close());

const newPolicy = {
  Name: 'Warehouse hiring',
  EnableSelfSignUp: false,
  ContactEmails: ['warehouse@apex-demo.example'],
  ApplicationStatuses: [
    { Name: 'New', StatusType: 'Initial' },
    { Name: 'Hired', StatusType: 'Approved' },
  ],
  ReferenceFields: [
    {
      Name: 'SIN',
      RequiredAtStatus: 'Approved',
      IsSensitive: true,
      InputMask: '000-000-000',
      ValueType: 'Text',
    },
  ],
  OnboardingDocumentGroups: [{ Name: 'Tax forms', SortIndex: 0 }],
  OnboardingDocuments: [{ Name: 'TD1', DocumentGroup: 'Tax forms', IsRequired: true }],
};

describe('onboarding policies', () => {
  let created: OnboardingPolicy;

  it('the seeded policies govern the demo divisions; readers need onboarding:manage or onboarding:policies', async () => {
    const res = await payroll.call({ url: '/api/onboarding-policies' });
    expect(res.statusCode).toBe(200);
    const policies = res.json<OnboardingPolicy[]>();
    expect(policies.flatMap((p) => p.Divisions).sort()).toEqual([
      Division.RoadShow,
      Division.Dtv,
      Division.Rogers,
    ]);
    expect(policies.find((p) => p.Divisions.includes(Division.RoadShow))?.EnableSelfSignUp).toBe(true);
    expect((await owner.call({ url: '/api/onboarding-policies' })).statusCode).toBe(200);
    expect((await staff.call({ url: '/api/onboarding-policies' })).statusCode).toBe(403);
  });

  it('created as multipart with a requirements file and a blank form, served as attachments', async () => {
    const form = multipart({ Policy: JSON.stringify(newPolicy) }, [
      { field: 'RequirementsFile:0', name: 'tax requirements.pdf', data: PDF },
      { field: 'BlankForm:0', name: 'td1.pdf', data: PDF },
    ]);
    const res = await payroll.call({ method: 'POST', url: '/api/onboarding-policies', ...form });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json<OnboardingPolicy>();
    expect(created).toMatchObject({
      Name: 'Warehouse hiring',
      ContactEmails: ['warehouse@apex-demo.example'],
      ApplicationStatuses: [{ Name: 'New' }, { Name: 'Hired', StatusType: 'Approved' }],
      ReferenceFields: [{ Name: 'SIN', IsSensitive: true, InputMask: '000-000-000', ShowInGrid: false }],
      OnboardingDocumentGroups: [{ Name: 'Tax forms', RequirementsFileName: 'tax requirements.pdf' }],
      OnboardingDocuments: [
        { Name: 'TD1', DocumentGroup: 'Tax forms', IsRequired: true, BlankFormFileName: 'td1.pdf' },
      ],
      Version: 1,
    });
    const id = created.OnboardingPolicyID;
    const group = created.OnboardingDocumentGroups[0].OnboardingDocumentGroupID;
    const file = await payroll.call({
      url: `/api/onboarding-policies/${id}/document-groups/${group}/requirements-file`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="tax requirements.pdf"');
    const doc = created.OnboardingDocuments[0].OnboardingDocumentID;
    expect(
      (
        await payroll.call({ url: `/api/onboarding-policies/${id}/documents/${doc}/blank-form` })
      ).rawPayload.equals(PDF),
    ).toBe(true);
  });

  it('each list has its own call', async () => {
    const id = created.OnboardingPolicyID;
    const get = async (path: string) =>
      (await payroll.call({ url: `/api/onboarding-policies/${id}/${path}` })).json();
    expect(await get('contact-emails')).toEqual([
      { OnboardingContactEmailID: expect.any(Number), EmailAddress: 'warehouse@apex-demo.example' },
    ]);
    expect((await get('application-statuses')).map((s: { Name: string }) => s.Name)).toEqual([
      'New',
      'Hired',
    ]);
    expect((await get('reference-fields'))[0].Name).toBe('SIN');
    expect((await get('document-groups'))[0].Name).toBe('Tax forms');
    expect((await get('documents'))[0].Name).toBe('TD1');
    expect((await payroll.call({ url: '/api/onboarding-policies/999999/contact-emails' })).statusCode).toBe(
      404,
    );
  });

  it('refuses a file that is not an image or a PDF, bad lists by field, and writers without onboarding:policies', async () => {
    const form = multipart({ Policy: JSON.stringify(newPolicy) }, [
      { field: 'BlankForm:0', name: 'td1.pdf', data: TEXT },
    ]);
    const res = await payroll.call({ method: 'POST', url: '/api/onboarding-policies', ...form });
    expect(res.statusCode).toBe(415);
    const dupe = await payroll.call({
      method: 'POST',
      url: '/api/onboarding-policies',
      payload: {
        ...newPolicy,
        ApplicationStatuses: [
          { Name: 'New', StatusType: 'Initial' },
          { Name: 'new', StatusType: 'Incomplete' },
        ],
        OnboardingDocuments: [{ Name: 'TD1', DocumentGroup: 'Nope' }],
        ReferenceFields: [{ Name: 'X', InputMask: '---' }],
      },
    });
    expect(dupe.statusCode).toBe(400);
    expect(dupe.json().Errors).toMatchObject({
      'ApplicationStatuses.1.Name': ['Used twice'],
      'OnboardingDocuments.0.DocumentGroup': ['No document group has this name'],
      'ReferenceFields.0.InputMask': ['The mask has no input position'],
    });
    expect(
      (await owner.call({ method: 'POST', url: '/api/onboarding-policies', payload: newPolicy })).statusCode,
    ).toBe(403);
    const names = (await payroll.call({ url: '/api/onboarding-policies' }))
      .json<OnboardingPolicy[]>()
      .map((p) => p.Name);
    expect(names.filter((n) => n === 'Warehouse hiring')).toHaveLength(1);
  });

  it('PATCH replaces the lists sent, keeping the ids given; a stale Version is 409 with the current policy', async () => {
    const id = created.OnboardingPolicyID;
    const keep = created.ApplicationStatuses[0];
    const res = await payroll.call({
      method: 'PATCH',
      url: `/api/onboarding-policies/${id}`,
      payload: {
        Version: created.Version,
        EnableSelfSignUp: true,
        ApplicationStatuses: [
          { ...keep, Name: 'Received' },
          { Name: 'Not hired', StatusType: 'Terminated' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<OnboardingPolicy>();
    expect(after.EnableSelfSignUp).toBe(true);
    expect(after.ApplicationStatuses).toEqual([
      { ...keep, Name: 'Received' },
      { OnboardingApplicationStatusID: expect.any(Number), Name: 'Not hired', StatusType: 'Terminated' },
    ]);
    expect(after.ReferenceFields).toEqual(created.ReferenceFields);
    expect(after.Version).toBe(created.Version + 1);
    const stale = await payroll.call({
      method: 'PATCH',
      url: `/api/onboarding-policies/${id}`,
      payload: { Version: created.Version, Name: 'Late' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.Name).toBe('Warehouse hiring');
    // Ids of another policy's statuses are not taken over.
    const other = (await payroll.call({ url: '/api/onboarding-policies' })).json<OnboardingPolicy[]>()[0];
    const steal = await payroll.call({
      method: 'PATCH',
      url: `/api/onboarding-policies/${id}`,
      payload: { Version: after.Version, ApplicationStatuses: [other.ApplicationStatuses[0]] },
    });
    expect(steal.statusCode).toBe(400);
  });

  it('a status still used by an application cannot be removed', async () => {
    const roadshow = (
      await payroll.call({ url: `/api/divisions/${Division.RoadShow}/onboarding-policy` })
    ).json<OnboardingPolicy>();
    const res = await payroll.call({
      method: 'PATCH',
      url: `/api/onboarding-policies/${roadshow.OnboardingPolicyID}`,
      payload: {
        Version: roadshow.Version,
        ApplicationStatuses: roadshow.ApplicationStatuses.filter((s) => s.Name !== 'New'),
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().Message).toMatch(/used by \d+ application/);
    const again = (
      await payroll.call({ url: `/api/divisions/${Division.RoadShow}/onboarding-policy` })
    ).json<OnboardingPolicy>();
    expect(again.ApplicationStatuses).toEqual(roadshow.ApplicationStatuses);
  });
});

describe("a division's policy", () => {
  it('is read, replaced and removed; a division without one is 404 and takes no application', async () => {
    const rogers = (
      await payroll.call({ url: `/api/divisions/${Division.Rogers}/onboarding-policy` })
    ).json<OnboardingPolicy>();
    const roadshow = (
      await payroll.call({ url: `/api/divisions/${Division.RoadShow}/onboarding-policy` })
    ).json<OnboardingPolicy>();
    const put = await payroll.call({
      method: 'PUT',
      url: `/api/divisions/${Division.Rogers}/onboarding-policy`,
      payload: { OnboardingPolicyID: roadshow.OnboardingPolicyID },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<OnboardingPolicy>().Divisions).toEqual([Division.RoadShow, Division.Rogers]);
    expect(
      (
        await owner.call({
          method: 'PUT',
          url: `/api/divisions/${Division.Rogers}/onboarding-policy`,
          payload: { OnboardingPolicyID: rogers.OnboardingPolicyID },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await payroll.call({ method: 'DELETE', url: `/api/divisions/${Division.Rogers}/onboarding-policy` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await payroll.call({ url: `/api/divisions/${Division.Rogers}/onboarding-policy` })).statusCode,
    ).toBe(404);
    expect(
      (await payroll.call({ method: 'DELETE', url: `/api/divisions/${Division.Rogers}/onboarding-policy` }))
        .statusCode,
    ).toBe(404);
    const [rec] = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.IcdOfficeID, office.toronto));
    expect(rec).toBeTruthy();
    const res = await payroll.call({
      method: 'POST',
      url: '/api/onboarding-applications',
      payload: {
        DivisionID: Division.Rogers,
        IcdOfficeID: office.toronto,
        Applicant: {
          FirstName: 'A',
          LastName: 'B',
          EmailAddress: 'ab@apex-demo.example',
          UserName: 'a.b.rogers',
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.DivisionID).toEqual(['This division has no onboarding policy.']);
    expect((await payroll.call({ url: '/api/divisions/999/onboarding-policy' })).statusCode).toBe(404);
    // Put back for the tests after.
    await payroll.call({
      method: 'PUT',
      url: `/api/divisions/${Division.Rogers}/onboarding-policy`,
      payload: { OnboardingPolicyID: rogers.OnboardingPolicyID },
    });
  });
});

describe('SGI ids', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  });

  it('history: added with the day it takes effect, one per day, listed latest first, deleted', async () => {
    const add = (SgiID: string, EffectiveDate: string, who = ids.staff) =>
      payroll.call({
        method: 'POST',
        url: '/api/employee-sgi-id-history',
        payload: { EmployeeID: who, SgiID, EffectiveDate },
      });
    const first = await add('SGI-1001', '2026-01-05');
    expect(first.statusCode, first.body).toBe(201);
    expect((await add('SGI-1002', '2026-06-01')).statusCode).toBe(201);
    expect((await add('SGI-1003', '2026-06-01')).statusCode).toBe(409);
    expect((await add('bad id!', '2026-06-02')).statusCode).toBe(400);
    const list = (await payroll.call({ url: `/api/employee-sgi-id-history?employeeId=${ids.staff}` })).json<
      EmployeeSgiId[]
    >();
    expect(list.map((s) => s.SgiID)).toEqual(['SGI-1002', 'SGI-1001']);
    const report = async (asOf: string) =>
      (await payroll.call({ url: `/api/sgi-id-report?asOf=${asOf}` }))
        .json<SgiReportRow[]>()
        .find((r) => r.EmployeeID === ids.staff);
    expect((await report('2026-03-01'))?.SgiID).toBe('SGI-1001');
    expect((await report('2026-06-01'))?.SgiID).toBe('SGI-1002');
    expect(await report('2025-12-31')).toBeUndefined();
    expect(
      (
        await payroll.call({
          method: 'DELETE',
          url: `/api/employee-sgi-id-history/${list[0].EmployeeSgiIdHistoryID}`,
        })
      ).statusCode,
    ).toBe(204);
    expect((await report('2026-06-01'))?.SgiID).toBe('SGI-1001');
  });

  it("outside the caller's offices an employee and their ids are not found", async () => {
    const [chicagoRecord] = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.IcdOfficeID, office.chicago));
    const who = chicagoRecord.EmployeeID;
    const added = await payroll.call({
      method: 'POST',
      url: '/api/employee-sgi-id-history',
      payload: { EmployeeID: who, SgiID: 'SGI-2001', EffectiveDate: '2026-01-05' },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json<EmployeeSgiId>().EmployeeSgiIdHistoryID;
    expect((await owner.call({ url: `/api/employee-sgi-id-history?employeeId=${who}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await owner.call({
          method: 'POST',
          url: '/api/employee-sgi-id-history',
          payload: { EmployeeID: who, SgiID: 'X1', EffectiveDate: '2026-02-01' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await owner.call({ method: 'DELETE', url: `/api/employee-sgi-id-history/${id}` })).statusCode,
    ).toBe(404);
    const ownerReport = (await owner.call({ url: '/api/sgi-id-report?asOf=2026-12-31' })).json<
      SgiReportRow[]
    >();
    expect(ownerReport.map((r) => r.EmployeeID)).not.toContain(who);
    expect(ownerReport.map((r) => r.EmployeeID)).toContain(ids.staff);
    expect(
      (await owner.call({ url: '/api/employee-sgi-id-history' }))
        .json<EmployeeSgiId[]>()
        .map((s) => s.EmployeeID),
    ).not.toContain(who);
    expect((await staff.call({ url: '/api/sgi-id-report' })).statusCode).toBe(403);
  });
});
