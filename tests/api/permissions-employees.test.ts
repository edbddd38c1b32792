// An employee's own permissions and claims, the permission simulation (compared with what the
// employee's own calls get), the onboarding permission, the employee identity, the dashboards, and
// the proxy sign-in and sign-out (audit-logged; never beyond the administrator's own permissions).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessAudit,
  employeePermissions,
  employees,
  employmentRecords,
  icdOffices,
  roleAssignments,
  rolePermissions,
  roles,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import type {
  Dashboard,
  EmployeeClaim,
  EmployeeIdentity,
  EmployeePermission,
  SimulationResult,
} from '../../src/contract/access';
import { RoleScope } from '../../src/contract/common';
import { cookieFrom, createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let manager: Session;
let rep: Session;
/** Holds admin:permissions for Toronto Central only (an employment-record role). */
let torontoAdmin: Session;
const ids: Record<string, number> = {};
const office: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  const [emp] = await t.db
    .insert(employees)
    .values({
      FirstName: 'Tara',
      LastName: 'Office',
      UserName: 'toradmin',
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
    })
    .returning();
  const [rec] = await t.db
    .insert(employmentRecords)
    .values({ EmployeeID: emp.EmployeeID, IcdOfficeID: office.toronto, EmployeeStatusID: 1 })
    .returning();
  const [role] = await t.db
    .insert(roles)
    .values({ Name: 'Office access admin', ScopeID: RoleScope.EmploymentRecord, GrantTypeID: 2 })
    .returning();
  await t.db.insert(rolePermissions).values(
    ['admin:permissions', 'navigation:home', 'reports:read', 'navigation:reports'].map((PermissionKey) => ({
      RoleID: role.RoleID,
      PermissionKey,
    })),
  );
  await t.db
    .insert(roleAssignments)
    .values({ EmployeeID: emp.EmployeeID, RoleID: role.RoleID, EmploymentRecordID: rec.EmploymentRecordID });
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [admin, payroll, manager, rep, torontoAdmin] = await Promise.all(
    ['admin', 'payroll', 'manager', 'rep', 'toradmin'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

const own = async (id: number) =>
  (await t.db.select().from(employeePermissions).where(eq(employeePermissions.EmployeeID, id)))
    .map((p) => `${p.PermissionKey}=${p.Value}`)
    .sort();

describe("an employee's own permissions", () => {
  it('grant, deny and remove by encoded key; each takes effect on the next request and is audit-logged', async () => {
    const url = `/api/employees/${ids.rep}/permissions/${encodeURIComponent('navigation:timeApprovals')}`;
    const approvals = () => rep.call({ method: 'GET', url: '/api/home/permissions' });
    const canRead = async () =>
      (await approvals())
        .json<Array<{ Name: string; CanRead: boolean }>>()
        .find((s) => s.Name === 'time.approvals')!.CanRead;
    expect(await canRead()).toBe(false);
    const put = await admin.call({ method: 'PUT', url, payload: { Value: 'true' } });
    expect(put.statusCode).toBe(200);
    expect(put.json<EmployeePermission>()).toMatchObject({
      EmployeeID: ids.rep,
      PermissionKey: 'navigation:timeApprovals',
      Value: 'true',
      Name: 'Open time approvals',
    });
    expect(await canRead()).toBe(true);
    const list = await admin.call({ method: 'GET', url: `/api/employees/${ids.rep}/permissions` });
    expect(list.json<EmployeePermission[]>().map((p) => p.PermissionKey)).toEqual([
      'navigation:timeApprovals',
    ]);
    // An own 'false' overrides the role's grant (the last grant wins).
    await admin.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/permissions/navigation%3Aleads`,
      payload: { Value: 'false' },
    });
    const modules = await rep.call({ method: 'GET', url: '/api/Home/navigation-modules' });
    expect(modules.json<Array<{ Url: string }>>().some((m) => m.Url === '/leads')).toBe(false);
    expect((await admin.call({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(
      (
        await admin.call({
          method: 'DELETE',
          url: `/api/employees/${ids.rep}/permissions/navigation%3Aleads`,
        })
      ).statusCode,
    ).toBe(204);
    expect(await canRead()).toBe(false);
    expect((await admin.call({ method: 'DELETE', url })).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(accessAudit)
      .where(and(eq(accessAudit.EmployeeID, ids.rep), eq(accessAudit.ActorEmployeeID, ids.admin)));
    expect(audit.map((a) => a.Action)).toEqual(
      expect.arrayContaining(['EmployeePermissionSet', 'EmployeePermissionRemoved']),
    );
  });

  it('refuses an unknown key, a value other than true/false, an unknown employee', async () => {
    const bad = await admin.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/permissions/nope%3Anever`,
      payload: { Value: 'true' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.PermissionKey).toBeTruthy();
    const value = await admin.call({
      method: 'PUT',
      url: `/api/employees/${ids.rep}/permissions/navigation%3Areports`,
      payload: { Value: 'yes' },
    });
    expect(value.statusCode).toBe(400);
    expect(value.json().Errors.Value).toBeTruthy();
    expect((await admin.call({ method: 'GET', url: '/api/employees/999999/permissions' })).statusCode).toBe(
      404,
    );
    expect(await own(ids.rep)).toEqual([]);
  });

  it('scope: an office admin reaches only employees of their office (others 404, nothing changed)', async () => {
    expect(
      (await torontoAdmin.call({ method: 'GET', url: `/api/employees/${ids.manager}/permissions` }))
        .statusCode,
    ).toBe(200);
    const [calgary] = await t.db
      .select({ EmployeeID: employmentRecords.EmployeeID })
      .from(employmentRecords)
      .where(eq(employmentRecords.IcdOfficeID, office.calgary))
      .limit(1);
    expect(calgary).toBeTruthy();
    const out = await torontoAdmin.call({
      method: 'PUT',
      url: `/api/employees/${calgary.EmployeeID}/permissions/reports%3Aread`,
      payload: { Value: 'true' },
    });
    expect(out.statusCode).toBe(404);
    expect(await own(calgary.EmployeeID)).toEqual([]);
    for (const path of ['permissions', 'claims'])
      expect(
        (await torontoAdmin.call({ method: 'GET', url: `/api/employees/${calgary.EmployeeID}/${path}` }))
          .statusCode,
      ).toBe(404);
  });

  it('nobody hands out a key they do not hold; without admin:permissions nothing is read or changed', async () => {
    const res = await torontoAdmin.call({
      method: 'PUT',
      url: `/api/employees/${ids.manager}/permissions/admin%3Aproxy`,
      payload: { Value: 'true' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toContain('admin:proxy');
    for (const s of [payroll, manager, rep]) {
      expect((await s.call({ method: 'GET', url: `/api/employees/${ids.rep}/permissions` })).statusCode).toBe(
        403,
      );
      expect(
        (
          await s.call({
            method: 'PUT',
            url: `/api/employees/${ids.rep}/permissions/navigation%3Ahome`,
            payload: { Value: 'true' },
          })
        ).statusCode,
      ).toBe(403);
    }
    expect(await own(ids.manager)).toEqual([]);
  });
});

describe('claims of an employee', () => {
  it("lists the manager's role, office, division and user name claims with their labels", async () => {
    await t.db.execute(
      // A claim permission on the manager's office, to be listed with the office claim.
      `insert into claim_permissions (claim_type, claim_value, permission_key, value) values ('office', '${office.toronto}', 'reports:read', 'true')` as never,
    );
    const res = await admin.call({ method: 'GET', url: `/api/employees/${ids.manager}/claims` });
    expect(res.statusCode).toBe(200);
    const claims = res.json<EmployeeClaim[]>();
    expect(claims).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ClaimType: 'role', ClaimValue: 'Manager' }),
        expect.objectContaining({ ClaimType: 'userName', ClaimValue: 'manager' }),
        expect.objectContaining({
          ClaimType: 'office',
          ClaimValue: String(office.toronto),
          Label: 'Toronto Central',
          Permissions: [expect.objectContaining({ PermissionKey: 'reports:read' })],
        }),
      ]),
    );
    await t.db.execute('delete from claim_permissions' as never);
  });
});

describe('permission simulation', () => {
  async function simulate(s: Session, EmployeeID: number, IcdOfficeID: number | null = null) {
    return s.call({ method: 'POST', url: '/api/services/permissions', payload: { EmployeeID, IcdOfficeID } });
  }

  it("answers what the employee really can do: the same screens as the employee's own menu, the same grants", async () => {
    for (const user of ['rep', 'manager', 'payroll', 'owner', 'staff'] as const) {
      const res = await simulate(admin, ids[user]);
      expect(res.statusCode).toBe(200);
      const sim = res.json<SimulationResult>();
      const session = await t.signIn(user);
      const menu = (await session.call({ method: 'GET', url: '/api/Home/navigation-modules' })).json<
        Array<{ State: string }>
      >();
      expect(
        sim.Screens.filter((s) => s.CanRead)
          .map((s) => s.Name)
          .sort(),
        user,
      ).toEqual(menu.map((m) => m.State).sort());
      const grants = (await session.call({ method: 'GET', url: '/api/auth/permissions' })).json<
        Array<{ Description: { Key: string }; Value: string }>
      >();
      const last = new Map(grants.map((g) => [g.Description.Key, g.Value]));
      const held = [...last]
        .filter(([, v]) => v === 'true')
        .map(([k]) => k)
        .sort();
      expect(
        sim.Permissions.filter((p) => p.Granted)
          .map((p) => p.PermissionKey)
          .sort(),
        user,
      ).toEqual(held);
    }
  });

  it("per office: the manager's scheduling:manage is Toronto only, and his Toronto calls work where Calgary's are refused", async () => {
    const sim = (await simulate(admin, ids.manager)).json<SimulationResult>();
    const perm = sim.Permissions.find((p) => p.PermissionKey === 'scheduling:manage')!;
    expect(perm.OfficeIDs).toEqual([office.toronto]);
    expect(perm.Grants[0]).toMatchObject({ Kind: 'role', Source: 'Manager', OfficeIDs: [office.toronto] });
    expect(sim.Offices.find((o) => o.IcdOfficeID === office.toronto)!.Keys).toContain('scheduling:manage');
    const inCalgary = (await simulate(admin, ids.manager, office.calgary)).json<SimulationResult>();
    expect(inCalgary.Permissions.find((p) => p.PermissionKey === 'scheduling:manage')!.Granted).toBe(false);
    expect(inCalgary.Offices.map((o) => o.IcdOfficeID)).toEqual([office.calgary]);
    expect(inCalgary.Offices[0].Keys).not.toContain('scheduling:manage');
    // The manager's own calls agree.
    const own = await manager.call({ method: 'GET', url: `/api/teams?icdOfficeId=${office.toronto}` });
    expect(own.statusCode).toBe(200);
  });

  it('an inactive employee can do nothing; an unknown one is 404; scope and key refusals', async () => {
    await t.db.update(employees).set({ Inactive: true }).where(eq(employees.EmployeeID, ids.staff));
    const sim = (await simulate(admin, ids.staff)).json<SimulationResult>();
    expect(sim.Inactive).toBe(true);
    expect(sim.Permissions.some((p) => p.Granted)).toBe(false);
    expect(sim.Screens.some((s) => s.CanRead)).toBe(false);
    await t.db.update(employees).set({ Inactive: false }).where(eq(employees.EmployeeID, ids.staff));
    expect((await simulate(admin, 999999)).statusCode).toBe(404);
    expect((await simulate(manager, ids.rep)).statusCode).toBe(403);
    const [calgary] = await t.db
      .select({ EmployeeID: employmentRecords.EmployeeID })
      .from(employmentRecords)
      .where(eq(employmentRecords.IcdOfficeID, office.calgary))
      .limit(1);
    expect((await simulate(torontoAdmin, calgary.EmployeeID)).statusCode).toBe(404);
    expect((await simulate(torontoAdmin, ids.manager)).statusCode).toBe(200);
  });
});

describe('onboarding permission', () => {
  it('setonboarding makes the employee an applicant (the guard then blocks navigation); revokeonboarding undoes it', async () => {
    const before = (await rep.call({ method: 'GET', url: '/api/Home/navigation-modules' })).json<
      Array<{ State: string }>
    >();
    expect(before.map((m) => m.State)).toContain('leads.map');
    const set = await admin.call({ method: 'GET', url: `/api/setonboarding/${ids.rep}` });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ EmployeeID: ids.rep, IsApplicant: true });
    const menu = (await rep.call({ method: 'GET', url: '/api/Home/navigation-modules' })).json<
      Array<{ State: string }>
    >();
    expect(menu.map((m) => m.State)).not.toContain('leads.map');
    const revoke = await admin.call({ method: 'GET', url: `/api/revokeonboarding/${ids.rep}` });
    expect(revoke.json()).toEqual({ EmployeeID: ids.rep, IsApplicant: false });
    expect(await own(ids.rep)).toEqual([]);
    expect((await rep.call({ method: 'GET', url: `/api/setonboarding/${ids.rep}` })).statusCode).toBe(403);
    expect((await admin.call({ method: 'GET', url: '/api/setonboarding/999999' })).statusCode).toBe(404);
  });
});

describe('employee identity and dashboards', () => {
  it('oneself, someone in scope; others 404', async () => {
    const me = await rep.call({ method: 'GET', url: `/api/Home/employee-identity/${ids.rep}` });
    expect(me.json<EmployeeIdentity>()).toMatchObject({ UserName: 'rep', FullName: 'Riley Chen' });
    expect(
      (await rep.call({ method: 'GET', url: `/api/Home/employee-identity/${ids.admin}` })).statusCode,
    ).toBe(404);
    expect(
      (await payroll.call({ method: 'GET', url: `/api/Home/employee-identity/${ids.rep}` })).statusCode,
    ).toBe(200);
    expect((await admin.call({ method: 'GET', url: '/api/Home/employee-identity/999999' })).statusCode).toBe(
      404,
    );
  });

  it('dashboards behind reports:read, filtered by module id, title or id', async () => {
    const all = (await payroll.call({ method: 'GET', url: '/api/home/dashboards' })).json<Dashboard[]>();
    // The role dashboards payroll may open (tests/api/home-dashboards.test.ts), then the 8 Rogers ones.
    expect(all.length).toBe(10);
    expect(all.filter((d) => d.ModuleID === 26)).toHaveLength(8);
    const byTitle = (await payroll.call({ method: 'GET', url: '/api/home/dashboards?title=SLIPPAGE' })).json<
      Dashboard[]
    >();
    expect(byTitle.map((d) => d.DashboardID)).toEqual([
      'rogers-slippage-summary-report',
      'rogers-slippage-report',
    ]);
    const byId = (
      await payroll.call({ method: 'GET', url: '/api/home/dashboards?dashboardId=owners-tsu-report' })
    ).json<Dashboard[]>();
    expect(byId).toHaveLength(1);
    expect((await payroll.call({ method: 'GET', url: '/api/home/dashboards?moduleId=19' })).json()).toEqual(
      [],
    );
    expect((await rep.call({ method: 'GET', url: '/api/home/dashboards' })).json()).toEqual([]);
  });
});

describe('proxy sign-in and sign-out', () => {
  it('admin signs in as the rep and back; both are audit-logged; the proxied identity names the admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/proxy/login',
      headers: { cookie: admin.cookie, accept: 'application/json' },
      payload: { EmployeeID: ids.rep },
    });
    expect(res.statusCode).toBe(200);
    const cookies = cookieFrom(res.headers['set-cookie']);
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: { cookie: cookies },
        payload: { clientId: 'apex-pwa' },
      })
    ).json<string>();
    const as = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const identity = (await as('/api/Home/identity')).json();
    expect(identity).toMatchObject({ UserName: 'rep', IsProxy: true, ProxyEmployeeID: ids.admin });
    // The header names the administrator behind the proxy session.
    expect((await as(`/api/Home/employee-identity/${ids.admin}`)).json<EmployeeIdentity>().FullName).toBe(
      'Alex Morgan',
    );
    const back = await t.app.inject({
      method: 'POST',
      url: '/account/proxy/logout',
      headers: { cookie: cookies, accept: 'application/json' },
    });
    expect(back.statusCode).toBe(200);
    const audit = await t.db.select().from(accessAudit).where(eq(accessAudit.EmployeeID, ids.rep));
    const proxy = audit.filter((a) => a.Action.startsWith('Proxy'));
    expect(proxy.map((a) => [a.Action, a.ActorEmployeeID])).toEqual([
      ['ProxySignIn', ids.admin],
      ['ProxySignOut', ids.admin],
    ]);
  });

  it('a proxy into someone who may do more than the caller is refused', async () => {
    // The office admin gets admin:proxy alone: the admin (GrantAll) may do more.
    await t.db
      .insert(employeePermissions)
      .values({ EmployeeID: ids.toradmin, PermissionKey: 'admin:proxy', Value: 'true' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/proxy/login',
      headers: { cookie: torontoAdmin.cookie, accept: 'application/json' },
      payload: { EmployeeID: ids.admin },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toBe('You cannot sign in as someone who may do more than you.');
    await t.db.delete(employeePermissions).where(eq(employeePermissions.EmployeeID, ids.toradmin));
  });
});
