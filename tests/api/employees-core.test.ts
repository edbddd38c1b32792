// Employees: the list (filters, sort, paging, scope), roster, new, details, the save payload rules
// (two offices with roles in one save, termination fields only when the status denies portal access,
// global roles, roles the caller may give, 409), scope refusals with nothing changed, welcome e-mail.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  employees,
  employmentRecordModules,
  employmentRecords,
  icdOffices,
  mailOutbox,
  roleAssignments,
  roles,
} from '../../server/db/tables';
import type { EmployeeDetail, EmployeePage, EmployeeSave, RosterEntry } from '../../src/contract/employees';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let owner: Session;
let manager: Session;
let rep: Session;
const office: Record<string, number> = {};
const role: Record<string, number> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  for (const r of await t.db.select().from(roles)) role[r.Name] = r.RoleID;
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [admin, payroll, owner, manager, rep] = await Promise.all(
    ['admin', 'payroll', 'owner', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

function payload(overrides: Partial<EmployeeSave> = {}): EmployeeSave {
  return {
    FirstName: 'Nora',
    LastName: 'Quinn',
    UserName: 'nquinn',
    EmailAddress: 'nora.quinn@apex-demo.example',
    Password: 'Harbour!2026x',
    GlobalRoles: {},
    SendWelcomeEmail: false,
    IcdOffices: [
      {
        IcdOfficeID: office.toronto,
        EmployeeStatusID: 1,
        HireDate: '2026-02-02',
        PayRate: 19.25,
        CompensationProfileID: 2,
        JobTitleID: 1,
        Divisions: [35],
        Roles: { [role['Field rep']]: true },
        AdministeredModules: {},
      },
    ],
    ...overrides,
  };
}

async function storedCounts() {
  const [[e], [r], [a]] = await Promise.all([
    t.db.select({ n: count() }).from(employees),
    t.db.select({ n: count() }).from(employmentRecords),
    t.db.select({ n: count() }).from(roleAssignments),
  ]);
  return { employees: e.n, records: r.n, assignments: a.n };
}

describe('the list', () => {
  it('payroll sees every employee, paged and sorted', async () => {
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(employees)
      .where(eq(employees.IsServiceAccount, false));
    const res = await payroll.call({ url: '/api/employees?pageSize=3&sort=UserName' });
    expect(res.statusCode).toBe(200);
    const page = res.json<EmployeePage>();
    expect(page.TotalCount).toBe(n);
    const next = (
      await payroll.call({ url: '/api/employees/page/1?pageSize=3&sort=UserName' })
    ).json<EmployeePage>();
    expect(next.PageIndex).toBe(1);
    const names = [...page.Items, ...next.Items].map((i) => i.UserName.toLowerCase());
    expect(names).toHaveLength(6);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('admin');
    const desc = (
      await payroll.call({ url: '/api/employees?pageSize=1&sort=UserName&desc=true' })
    ).json<EmployeePage>();
    const all = (await t.db.select({ u: employees.UserName }).from(employees))
      .map((e) => e.u.toLowerCase())
      .sort();
    expect(desc.Items[0].UserName.toLowerCase()).toBe(all.at(-1));
  });

  it('the manager sees only the people of his office; another office is refused', async () => {
    const page = (await manager.call({ url: '/api/employees?pageSize=100' })).json<EmployeePage>();
    expect(page.Items.map((i) => i.UserName)).not.toContain('admin');
    expect(page.Items.map((i) => i.UserName)).toContain('rep');
    for (const item of page.Items) for (const o of item.Offices) expect(o.IcdOfficeID).toBe(office.toronto);
    const other = await manager.call({ url: `/api/employees?icdOfficeId=${office.calgary}` });
    expect(other.statusCode).toBe(403);
  });

  it('filters by search, username, status, role and division', async () => {
    const users = async (url: string) =>
      (await payroll.call({ url: `${url}${url.includes('?') ? '&' : '?'}pageSize=500` })).json<EmployeePage>()
        .Items;
    const search = await users('/api/employees?search=ross');
    expect(search.map((i) => i.UserName)).toContain('manager');
    for (const i of search)
      expect(`${i.FullName} ${i.UserName} ${i.EmailAddress}`.toLowerCase()).toContain('ross');
    expect(await users('/api/employees?username=RILEY')).toEqual([]);
    expect((await users('/api/employees?username=Rep')).map((i) => i.UserName)).toEqual(['rep']);
    const pending = await users('/api/employees?employeeStatusId=3');
    expect(pending.map((i) => i.UserName)).toContain('applicant');
    expect(pending.map((i) => i.UserName)).not.toContain('rep');
    for (const i of pending) expect(i.Offices.some((o) => o.EmployeeStatusID === 3)).toBe(true);
    const byRole = await users(`/api/employees?roleId=${role['Event staff']}`);
    expect(byRole.map((i) => i.UserName)).toContain('staff');
    for (const i of byRole) expect(i.Roles).toContain('Event staff');
    const byRoleName = await users('/api/employees/role/manager');
    expect(byRoleName.map((i) => i.UserName)).toContain('manager');
    for (const i of byRoleName) expect(i.Roles).toContain('Manager');
    const rogers = (await users('/api/employees?divisionId=35')).map((i) => i.UserName);
    expect(rogers).toEqual(expect.arrayContaining(['manager', 'owner', 'rep']));
    expect(rogers).not.toContain('staff');
  });

  it('without employees:read the list is refused', async () => {
    expect((await rep.call({ url: '/api/employees' })).statusCode).toBe(403);
  });

  it('bad query values are 400 by field', async () => {
    const res = await payroll.call({ url: '/api/employees?sort=Salary&pageSize=0' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().Errors).sort()).toEqual(['pageSize', 'sort']);
  });
});

describe('roster, new, details', () => {
  it('roster: the manager gets his office; another office is 404; payroll gets it', async () => {
    const mine = (await manager.call({ url: '/api/employees/roster' })).json<RosterEntry[]>();
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.IcdOfficeID))).toEqual(new Set([office.toronto]));
    expect((await manager.call({ url: `/api/employees/roster/${office.calgary}` })).statusCode).toBe(404);
    const toronto = (await payroll.call({ url: `/api/employees/roster/${office.toronto}` })).json<
      RosterEntry[]
    >();
    expect(toronto.map((r) => r.UserName)).toContain('staff');
    expect((await payroll.call({ url: '/api/employees/roster/999999' })).statusCode).toBe(404);
  });

  it('new: a blank record with the defaults', async () => {
    const blank = (await admin.call({ url: `/api/employees/new?icdOfficeId=${office.toronto}` })).json();
    expect(blank.FirstName).toBe('');
    expect(blank.SendWelcomeEmail).toBe(true);
    expect(blank.IcdOffices).toHaveLength(1);
    expect(blank.IcdOffices[0]).toMatchObject({
      IcdOfficeID: office.toronto,
      EmployeeStatusID: 1,
      IsOnPayroll: true,
    });
    expect((await manager.call({ url: `/api/employees/new?icdOfficeId=${office.calgary}` })).statusCode).toBe(
      403,
    );
  });

  it("details: the caller's own without ids; others in scope with ids", async () => {
    const own = (await rep.call({ url: '/api/employees/details' })).json<EmployeeDetail[]>();
    expect(own.map((d) => d.UserName)).toEqual(['rep']);
    const some = (await manager.call({ url: `/api/employees/details?ids=${ids.staff},${ids.admin}` })).json<
      EmployeeDetail[]
    >();
    expect(some.map((d) => d.UserName)).toEqual(['staff']);
  });

  it('one employee: in scope, out of scope 404', async () => {
    const res = await owner.call({ url: `/api/employees/${ids.rep}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<EmployeeDetail>().IcdOffices.map((o) => o.IcdOfficeID)).toEqual([office.toronto]);
    expect((await owner.call({ url: `/api/employees/${ids.admin}` })).statusCode).toBe(404);
    expect((await payroll.call({ url: '/api/employees/999999' })).statusCode).toBe(404);
  });
});

describe('saving', () => {
  let created: EmployeeDetail;

  it('admin creates an employee in two offices with roles, modules and a welcome e-mail in one save', async () => {
    const res = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        SendWelcomeEmail: true,
        GlobalRoles: { [role.Auditor]: true },
        IcdOffices: [
          ...payload().IcdOffices,
          {
            IcdOfficeID: office.vancouver,
            EmployeeStatusID: 1,
            HireDate: '2026-03-01',
            Divisions: [31],
            Roles: { [role['Event staff']]: true, [role.Manager]: false },
            AdministeredModules: { 3: true, 16: false },
          },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json<EmployeeDetail>();
    expect(created.GlobalRoles).toEqual({ [role.Auditor]: true });
    const [tor, van] = created.IcdOffices;
    expect(tor).toMatchObject({
      IcdOfficeID: office.toronto,
      PayRate: 19.25,
      CompensationProfileID: 2,
      Divisions: [35],
      Roles: { [role['Field rep']]: true },
      TerminationDate: null,
    });
    expect(van).toMatchObject({
      IcdOfficeID: office.vancouver,
      Roles: { [role['Event staff']]: true },
      AdministeredModules: { 3: true },
    });
    expect(created.HasPassword).toBe(true);
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.To, 'nora.quinn@apex-demo.example'));
    expect(mail).toHaveLength(1);
    expect(mail[0].MessageType).toBe('welcome');
    expect(mail[0].Body).toContain('nquinn');
    const modules = (await payroll.call({ url: '/api/employees/module/3' })).json<EmployeePage>();
    expect(modules.Items.map((i) => i.UserName)).toEqual(['nquinn']);
    // The new employee signs in with the password given.
    await t.signIn('nquinn', 'Harbour!2026x');
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.Action, 'EmployeeCreated'), eq(auditLogs.EntityID, created.EmployeeID)));
    expect(audit.ActorEmployeeID).toBe(ids.admin);
    // Kept in the audit table, but not listed among the timekeeping logs (rows about time only).
    const logs = await admin.call({ url: '/api/audit-logs/timekeeping?pageSize=5' });
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().Items.map((r: { AuditLogID: number }) => r.AuditLogID)).not.toContain(
      audit.AuditLogID,
    );
  });

  it('termination fields only when the status denies portal access', async () => {
    const before = await storedCounts();
    const active = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'term1',
        EmailAddress: null,
        IcdOffices: [{ IcdOfficeID: office.toronto, EmployeeStatusID: 1, TerminationDate: '2026-03-01' }],
      }),
    });
    expect(active.statusCode).toBe(400);
    expect(active.json().Errors['IcdOffices.0.TerminationDate']).toEqual([
      'Sent only when the status denies portal access',
    ]);
    const terminated = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'term1',
        EmailAddress: null,
        IcdOffices: [{ IcdOfficeID: office.toronto, EmployeeStatusID: 2, HireDate: '2026-03-01' }],
      }),
    });
    expect(terminated.statusCode).toBe(400);
    expect(terminated.json().Errors).toMatchObject({
      'IcdOffices.0.TerminationDate': ['Enter the termination date'],
      'IcdOffices.0.TerminationReasonID': ['Choose the termination reason'],
    });
    expect(await storedCounts()).toEqual(before);
    const ok = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'term1',
        EmailAddress: null,
        Password: null,
        IcdOffices: [
          {
            IcdOfficeID: office.toronto,
            EmployeeStatusID: 2,
            HireDate: '2026-01-05',
            TerminationDate: '2026-03-01',
            TerminationReasonID: 1,
            TerminationReasonExtra: 'Moved away',
          },
        ],
      }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<EmployeeDetail>().IcdOffices[0]).toMatchObject({
      TerminationDate: '2026-03-01',
      TerminationReasonID: 1,
      TerminationReasonExtra: 'Moved away',
    });
    expect(ok.json<EmployeeDetail>().HasPassword).toBe(false);
  });

  it('bad input: user name taken, password policy, office twice, unknown role; nothing stored', async () => {
    const before = await storedCounts();
    const taken = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({ UserName: 'REP' }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().Errors.UserName).toEqual(['This user name is taken']);
    const weak = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({ UserName: 'weak1', EmailAddress: null, Password: 'quinn' }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().Errors.Password).toEqual([
      'Password must be at least 10 characters',
      'Password must not contain first or last name',
      "Password must have at least 1 upper case letter ('A'-'Z')",
      'Password must have at least 1 digit',
      'Password must have at least 1 special character',
    ]);
    const twice = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'twice1',
        EmailAddress: null,
        IcdOffices: [payload().IcdOffices[0], payload().IcdOffices[0]],
      }),
    });
    expect(twice.json().Errors['IcdOffices.1.IcdOfficeID']).toEqual(['This office is listed twice']);
    const unknownRole = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'role1',
        EmailAddress: null,
        IcdOffices: [{ IcdOfficeID: office.toronto, EmployeeStatusID: 1, Roles: { 99999: true } }],
      }),
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().Errors['IcdOffices.0.Roles.99999']).toEqual(['This role does not exist']);
    const noOffice = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({ UserName: 'none1', EmailAddress: null, IcdOffices: [] }),
    });
    expect(noOffice.json().Errors.IcdOffices).toEqual(['Add at least one office']);
    const wrongDivision = await admin.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'div1',
        EmailAddress: null,
        IcdOffices: [{ IcdOfficeID: office.calgary, EmployeeStatusID: 1, Divisions: [29] }],
      }),
    });
    expect(wrongDivision.json().Errors['IcdOffices.0.Divisions']).toEqual([
      'Division 29 is not at this office',
    ]);
    expect(await storedCounts()).toEqual(before);
  });

  it('scope: the manager cannot create at another office; payroll cannot give global roles or roles beyond its own', async () => {
    const before = await storedCounts();
    const elsewhere = await manager.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'calg1',
        EmailAddress: null,
        IcdOffices: [{ IcdOfficeID: office.calgary, EmployeeStatusID: 1 }],
      }),
    });
    expect(elsewhere.statusCode).toBe(403);
    const global = await payroll.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'glob1',
        EmailAddress: null,
        GlobalRoles: { [role.Administrator]: true },
      }),
    });
    expect(global.statusCode).toBe(403);
    const beyond = await payroll.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'mgr1',
        EmailAddress: null,
        IcdOffices: [{ IcdOfficeID: office.toronto, EmployeeStatusID: 1, Roles: { [role.Manager]: true } }],
      }),
    });
    expect(beyond.statusCode).toBe(403);
    expect(
      (await rep.call({ method: 'POST', url: '/api/employees', payload: payload({ UserName: 'x1' }) }))
        .statusCode,
    ).toBe(403);
    expect(await storedCounts()).toEqual(before);
    // The manager may give the roles he holds himself at his office.
    const ok = await manager.call({
      method: 'POST',
      url: '/api/employees',
      payload: payload({
        UserName: 'mgrmade',
        EmailAddress: null,
        IcdOffices: [{ IcdOfficeID: office.toronto, EmployeeStatusID: 1, Roles: { [role.Manager]: true } }],
      }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('update: Version, 409 with the current record, offices not sent are kept, roles replaced', async () => {
    const current = (
      await admin.call({ url: `/api/employees/${created.EmployeeID}` })
    ).json<EmployeeDetail>();
    const body = {
      ...payload({ Password: null }),
      FirstName: 'Norah',
      GlobalRoles: current.GlobalRoles,
      Version: current.Version,
      IcdOffices: [
        {
          ...payload().IcdOffices[0],
          Roles: { [role['Field rep']]: false, [role['Event staff']]: true },
          EmployeeStatusID: 2,
          TerminationDate: '2026-04-30',
          TerminationReasonID: 2,
        },
      ],
    };
    const res = await admin.call({
      method: 'PUT',
      url: `/api/employees/${created.EmployeeID}`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<EmployeeDetail>();
    expect(saved.FirstName).toBe('Norah');
    expect(saved.Version).toBe(current.Version + 1);
    expect(saved.IcdOffices).toHaveLength(2);
    expect(saved.IcdOffices[0]).toMatchObject({
      EmployeeStatusID: 2,
      TerminationDate: '2026-04-30',
      Roles: { [role['Event staff']]: true },
    });
    expect(saved.IcdOffices[1].Roles).toEqual({ [role['Event staff']]: true });
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.Action, 'EmployeeRolesChanged'), eq(auditLogs.EntityID, created.EmployeeID)));
    expect(audit).toHaveLength(1);

    const stale = await admin.call({
      method: 'PUT',
      url: `/api/employees/${created.EmployeeID}`,
      payload: { ...body, FirstName: 'Stale' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current.FirstName).toBe('Norah');

    // Back to active: the termination fields are cleared.
    const active = await admin.call({
      method: 'PUT',
      url: `/api/employees/${created.EmployeeID}`,
      payload: { ...body, Version: saved.Version, IcdOffices: [{ ...payload().IcdOffices[0] }] },
    });
    expect(active.json<EmployeeDetail>().IcdOffices[0]).toMatchObject({
      EmployeeStatusID: 1,
      TerminationDate: null,
      TerminationReasonID: null,
    });
  });

  it('update out of scope: owner cannot save an employee of Calgary (404), manager cannot add Calgary (403)', async () => {
    const [calgaryPerson] = await t.db
      .insert(employees)
      .values({ FirstName: 'Cal', LastName: 'Gary', UserName: 'calgary1' })
      .returning();
    await t.db
      .insert(employmentRecords)
      .values({ EmployeeID: calgaryPerson.EmployeeID, IcdOfficeID: office.calgary });
    const body = { ...payload({ UserName: 'calgary1', EmailAddress: null, Password: null }), Version: 1 };
    const res = await owner.call({
      method: 'PUT',
      url: `/api/employees/${calgaryPerson.EmployeeID}`,
      payload: { ...body, IcdOffices: [{ IcdOfficeID: office.toronto, EmployeeStatusID: 1 }] },
    });
    expect(res.statusCode).toBe(404);
    const staff = (await manager.call({ url: `/api/employees/${ids.staff}` })).json<EmployeeDetail>();
    const addCalgary = await manager.call({
      method: 'PUT',
      url: `/api/employees/${ids.staff}`,
      payload: {
        FirstName: staff.FirstName,
        LastName: staff.LastName,
        UserName: staff.UserName,
        EmailAddress: staff.EmailAddress,
        GlobalRoles: staff.GlobalRoles,
        Version: staff.Version,
        IcdOffices: [{ IcdOfficeID: office.calgary, EmployeeStatusID: 1 }],
      },
    });
    expect(addCalgary.statusCode).toBe(403);
    const records = await t.db
      .select()
      .from(employmentRecords)
      .where(eq(employmentRecords.EmployeeID, ids.staff));
    expect(records.map((r) => r.IcdOfficeID)).toEqual([office.toronto]);
    const mods = await t.db.select().from(employmentRecordModules);
    expect(mods.length).toBe(1);
  });
});
