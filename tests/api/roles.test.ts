// Roles v2: the calls, scope and grant-type rules, Version/409, refusals, and a role's change taking
// effect on its holders' next request.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessAudit, corporations, employees, roleAssignments, roles } from '../../server/db/tables';
import { GrantType, RoleScope } from '../../src/contract/common';
import {
  ROLE_CORPORATION_REQUIRED,
  ROLE_DIVISION_REQUIRED,
  ROLE_NAME_TAKEN,
  type RoleDetail,
  type RoleSummary,
} from '../../src/contract/roles';
import { createTestApp, type Session, type TestApp } from './helpers';

let t: TestApp;
let admin: Session;
let payroll: Session;
let manager: Session;
let rep: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [admin, payroll, manager, rep] = await Promise.all(
    ['admin', 'payroll', 'manager', 'rep'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

const base = {
  Name: 'Regional trainer',
  Description: '|access.roleDescriptions.trainer',
  ScopeID: RoleScope.Global,
  GrantTypeID: GrantType.GrantRole,
  Permissions: [{ PermissionKey: 'reports:read', Value: 'true' }],
};

async function roleCount() {
  return (await t.db.select().from(roles)).length;
}

describe('GET roles and v2/roles', () => {
  it('lists roles by name without the hidden ones; v2 adds scope targets, counts and versions', async () => {
    const res = await admin.call({ method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(200);
    const list = res.json<RoleSummary[]>();
    expect(list.map((r) => r.Name)).toContain('Manager');
    expect(list.some((r) => r.ScopeID === RoleScope.Hidden)).toBe(false);
    const v2 = await admin.call({ method: 'GET', url: '/api/v2/roles' });
    const manager = v2
      .json<Array<RoleSummary & { AssignmentCount: number; Version: number }>>()
      .find((r) => r.Name === 'Manager')!;
    expect(manager.AssignmentCount).toBeGreaterThan(0);
    expect(manager.Version).toBe(1);
    const one = await admin.call({ method: 'GET', url: `/api/v2/roles/${manager.RoleID}` });
    expect(one.json<RoleDetail>().Permissions.map((p) => p.PermissionKey)).toContain('scheduling:manage');
  });

  it('payroll reads role names (employees:read) but not v2; a rep reads neither', async () => {
    expect((await payroll.call({ method: 'GET', url: '/api/roles' })).statusCode).toBe(200);
    expect((await payroll.call({ method: 'GET', url: '/api/v2/roles' })).statusCode).toBe(403);
    expect((await rep.call({ method: 'GET', url: '/api/roles' })).statusCode).toBe(403);
  });

  it('an unknown role is 404', async () => {
    expect((await admin.call({ method: 'GET', url: '/api/v2/roles/999999' })).statusCode).toBe(404);
  });
});

describe('create, update, delete', () => {
  it('creates a role with its permissions and audit row; the name is unique regardless of case', async () => {
    const res = await admin.call({ method: 'POST', url: '/api/v2/roles', payload: base });
    expect(res.statusCode).toBe(201);
    const role = res.json<RoleDetail>();
    expect(role).toMatchObject({
      Name: 'Regional trainer',
      Version: 1,
      AssignmentCount: 0,
      PermissionCount: 1,
    });
    expect(role.Description).toBe('|access.roleDescriptions.trainer');
    const audit = await t.db.select().from(accessAudit).where(eq(accessAudit.Action, 'RoleCreated'));
    expect(audit.length).toBe(1);
    const again = await admin.call({
      method: 'POST',
      url: '/api/v2/roles',
      payload: { ...base, Name: 'REGIONAL TRAINER' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().Errors.Name).toEqual([ROLE_NAME_TAKEN]);
  });

  it('scope rules: divisional needs a division, organizational a corporation; each kept only where it applies', async () => {
    const before = await roleCount();
    const div = await admin.call({
      method: 'POST',
      url: '/api/v2/roles',
      payload: { ...base, Name: 'Div role', ScopeID: RoleScope.Divisional },
    });
    expect(div.statusCode).toBe(400);
    expect(div.json().Errors.DivisionID).toEqual([ROLE_DIVISION_REQUIRED]);
    const org = await admin.call({
      method: 'POST',
      url: '/api/v2/roles',
      payload: { ...base, Name: 'Org role', ScopeID: RoleScope.Organizational },
    });
    expect(org.json().Errors.IcdCorporationID).toEqual([ROLE_CORPORATION_REQUIRED]);
    const badScope = await admin.call({
      method: 'POST',
      url: '/api/v2/roles',
      payload: { ...base, Name: 'Odd', ScopeID: 9, GrantTypeID: 7 },
    });
    expect(badScope.statusCode).toBe(400);
    expect(Object.keys(badScope.json().Errors)).toEqual(expect.arrayContaining(['ScopeID', 'GrantTypeID']));
    const unknownKey = await admin.call({
      method: 'POST',
      url: '/api/v2/roles',
      payload: { ...base, Name: 'Odd', Permissions: [{ PermissionKey: 'nope:never', Value: 'true' }] },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(await roleCount()).toBe(before);

    const [corp] = await t.db.select().from(corporations).limit(1);
    const ok = await admin.call({
      method: 'POST',
      url: '/api/v2/roles',
      payload: {
        ...base,
        Name: 'Corp auditor',
        ScopeID: RoleScope.Organizational,
        IcdCorporationID: corp.IcdCorporationID,
        DivisionID: 29,
        GrantTypeID: GrantType.GrantClaims,
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      IcdCorporationID: corp.IcdCorporationID,
      DivisionID: null,
      GrantTypeID: 3,
    });
    for (const grant of [GrantType.GrantAll, GrantType.None]) {
      const r = await admin.call({
        method: 'POST',
        url: '/api/v2/roles',
        payload: { ...base, Name: `Grant ${grant}`, GrantTypeID: grant, ScopeID: RoleScope.Hidden },
      });
      expect(r.statusCode).toBe(201);
    }
  });

  it('a stale Version is 409 with the current role; a fresh one saves and bumps it', async () => {
    const [row] = await t.db.select().from(roles).where(eq(roles.Name, 'Regional trainer'));
    const save = (Version: number, Name: string) =>
      admin.call({ method: 'PUT', url: `/api/v2/roles/${row.RoleID}`, payload: { ...base, Name, Version } });
    const ok = await save(1, 'Regional trainer');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<RoleDetail>().Version).toBe(2);
    const stale = await save(1, 'Trainer (stale)');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ Name: 'Regional trainer', Version: 2 });
  });

  it('only admin:permissions writes roles; nothing changes on refusal', async () => {
    const before = await roleCount();
    for (const s of [payroll, manager, rep]) {
      expect(
        (await s.call({ method: 'POST', url: '/api/v2/roles', payload: { ...base, Name: 'X' } })).statusCode,
      ).toBe(403);
    }
    const [row] = await t.db.select().from(roles).where(eq(roles.Name, 'Regional trainer'));
    expect((await manager.call({ method: 'DELETE', url: `/api/v2/roles/${row.RoleID}` })).statusCode).toBe(
      403,
    );
    expect(await roleCount()).toBe(before);
  });

  it('a held role is not deleted (409 naming how many hold it); a free one is, with a stale version refused', async () => {
    const [mgr] = await t.db.select().from(roles).where(eq(roles.Name, 'Manager'));
    const held = await admin.call({ method: 'DELETE', url: `/api/v2/roles/${mgr.RoleID}` });
    expect(held.statusCode).toBe(409);
    expect(held.json().Message).toMatch(/held by \d+ employee/);
    const [row] = await t.db.select().from(roles).where(eq(roles.Name, 'Regional trainer'));
    const stale = await admin.call({ method: 'DELETE', url: `/api/v2/roles/${row.RoleID}?version=1` });
    expect(stale.statusCode).toBe(409);
    const gone = await admin.call({
      method: 'DELETE',
      url: `/api/v2/roles/${row.RoleID}?version=${row.Version}`,
    });
    expect(gone.statusCode).toBe(204);
    expect(await t.db.select().from(roles).where(eq(roles.RoleID, row.RoleID))).toEqual([]);
  });
});

describe('a role change takes effect on the next request', () => {
  it("removing scheduling:manage from Manager closes the manager's next call; putting it back opens it", async () => {
    const [mgr] = await t.db.select().from(roles).where(eq(roles.Name, 'Manager'));
    const detail = (
      await admin.call({ method: 'GET', url: `/api/v2/roles/${mgr.RoleID}` })
    ).json<RoleDetail>();
    const teams = () => manager.call({ method: 'GET', url: '/api/teams' });
    expect((await teams()).statusCode).toBe(200);
    const without = await admin.call({
      method: 'PUT',
      url: `/api/v2/roles/${mgr.RoleID}`,
      payload: {
        ...detail,
        Permissions: detail.Permissions.filter((p) => p.PermissionKey !== 'scheduling:manage'),
      },
    });
    expect(without.statusCode).toBe(200);
    expect((await teams()).statusCode).toBe(403);
    const back = await admin.call({
      method: 'PUT',
      url: `/api/v2/roles/${mgr.RoleID}`,
      payload: { ...detail, Version: without.json<RoleDetail>().Version },
    });
    expect(back.statusCode).toBe(200);
    expect((await teams()).statusCode).toBe(200);
  });

  it('a role assignment counted by AssignmentCount is the distinct employees holding it', async () => {
    const [mgr] = await t.db.select().from(roles).where(eq(roles.Name, 'Manager'));
    const holders = new Set(
      (await t.db.select().from(roleAssignments).where(eq(roleAssignments.RoleID, mgr.RoleID))).map(
        (a) => a.EmployeeID,
      ),
    );
    const one = (await admin.call({ method: 'GET', url: `/api/v2/roles/${mgr.RoleID}` })).json<RoleDetail>();
    expect(one.AssignmentCount).toBe(holders.size);
    expect(holders.has(ids.manager)).toBe(true);
  });
});
