// Lookup reads of the employee forms: every call answers its list, callers without any of the lookup
// keys get 403, and per-office lookups (assignable roles, modules) refuse an office outside the scope.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icdOffices, roles } from '../../server/db/tables';
import type { AssignableRole, EmployeeStatusItem, EnumItem, ModuleItem } from '../../src/contract/lookups';
import { STATUSES_DENYING_PORTAL_ACCESS } from '../../src/contract/lookups';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
const office: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  [admin, payroll, owner, manager, rep] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
});
afterAll(() => t.close());

const get = (who: Session, path: string) => who.call({ method: 'GET', url: `/api/${path}` });

describe('table lookups', () => {
  it.each([
    ['termination-reasons', 'TerminationReasonID', 'Resigned'],
    ['job-titles', 'JobTitleID', 'Field Sales Representative'],
    ['basis-of-pay', 'BasisOfPayID', 'Hourly'],
    ['compensation-profiles', 'CompensationProfileID', 'Dept100'],
  ])('%s answers ids under %s, in order', async (path, idKey, first) => {
    const res = await get(payroll, path);
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list[0]).toEqual({ [idKey]: 1, Name: first });
    expect(list.length).toBeGreaterThan(2);
  });
});

describe('enumerations', () => {
  it.each([
    ['enums/genders', 'Female'],
    ['enums/marital-statuses', 'Common-law'],
    ['enums/withholding-types', 'Head of household'],
  ])('%s lists its values', async (path, name) => {
    const list = (await get(manager, path)).json<EnumItem[]>();
    expect(list.map((i) => i.Name)).toContain(name);
    expect(new Set(list.map((i) => i.Value)).size).toBe(list.length);
  });

  it('employee statuses say which deny portal access (Terminated)', async () => {
    const list = (await get(owner, 'employee-statuses')).json<EmployeeStatusItem[]>();
    expect(list).toEqual([
      { EmployeeStatusID: 1, Name: 'Active', AllowsPortalAccess: true },
      { EmployeeStatusID: 2, Name: 'Terminated', AllowsPortalAccess: false },
      { EmployeeStatusID: 3, Name: 'Pending', AllowsPortalAccess: true },
    ]);
    expect(STATUSES_DENYING_PORTAL_ACCESS).toEqual([2]);
  });
});

describe('permission', () => {
  it.each([
    'termination-reasons',
    'enums/genders',
    'employee-statuses',
    'job-titles',
    'basis-of-pay',
    'compensation-profiles',
    'enums/marital-statuses',
    'enums/withholding-types',
    'roles/assignable/1',
    'modules/1',
  ])('%s is refused to a field rep (403)', async (path) => {
    expect((await get(rep, path)).statusCode).toBe(403);
  });
});

describe('per office', () => {
  it('assignable roles at an office: record, organisational (own corporation) and divisional roles, never hidden or global', async () => {
    const list = (await get(admin, `roles/assignable/${office.toronto}`)).json<AssignableRole[]>();
    const names = list.map((r) => r.Name);
    expect(names).toEqual(expect.arrayContaining(['Manager', 'Field rep', 'Event staff', 'Owner']));
    expect(names).not.toContain('Onboarding applicant');
    expect(names).not.toContain('Administrator');
    // The Owner role belongs to Northwind: not assignable at Chicago (Summit).
    const chicago = (await get(admin, `roles/assignable/${office.chicago}`)).json<AssignableRole[]>();
    expect(chicago.map((r) => r.Name)).not.toContain('Owner');
  });

  it('global roles ({id} 0) are listed to an all-office caller only', async () => {
    const all = (await get(payroll, 'roles/assignable/0')).json<AssignableRole[]>();
    expect(all.map((r) => r.Name)).toEqual(expect.arrayContaining(['Administrator', 'Payroll processor']));
    expect((await get(manager, 'roles/assignable/0')).json()).toEqual([]);
  });

  it('reads the roles table as it is (a role made unassignable disappears)', async () => {
    await t.db.update(roles).set({ IsAssignable: false }).where(eq(roles.Name, 'Event staff'));
    const list = (await get(admin, `roles/assignable/${office.toronto}`)).json<AssignableRole[]>();
    expect(list.map((r) => r.Name)).not.toContain('Event staff');
    await t.db.update(roles).set({ IsAssignable: true }).where(eq(roles.Name, 'Event staff'));
  });

  it("modules of an office are its divisions' modules", async () => {
    const toronto = (await get(manager, `modules/${office.toronto}`)).json<ModuleItem[]>();
    const ids = toronto.map((m) => m.ModuleID);
    expect(ids).toEqual(expect.arrayContaining([8, 23])); // RsScheduling (RoadShow), Leads (Rogers)
    const calgary = (await get(admin, `modules/${office.calgary}`)).json<ModuleItem[]>();
    expect(calgary.map((m) => m.ModuleID)).not.toContain(8); // Rogers only: no road-show scheduling
  });

  it('an office outside the caller scope is 404 (manager: Toronto only; owner: Northwind only)', async () => {
    expect((await get(manager, `modules/${office.vancouver}`)).statusCode).toBe(404);
    expect((await get(manager, `roles/assignable/${office.chicago}`)).statusCode).toBe(404);
    expect((await get(owner, `modules/${office.vancouver}`)).statusCode).toBe(200);
    expect((await get(owner, `modules/${office.chicago}`)).statusCode).toBe(404);
    expect((await get(admin, 'modules/999999')).statusCode).toBe(404);
  });
});
