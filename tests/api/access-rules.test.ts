// The access rules themselves (server/modules/access/service.ts), tested on people made for each
// rule: grant types, the last matching grant wins, ended employment records, inactive employees,
// role scopes. Each rule is checked both ways, so a broken rule cannot pass.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimPermissions,
  employeePermissions,
  employees,
  employmentRecords,
  icdOffices,
  roleAssignments,
  rolePermissions,
  roles,
} from '../../server/db/tables';
import { type Actor, inScope, loadActor } from '../../server/modules/access/service';
import { hashPassword } from '../../server/modules/auth/passwords';
import { EmployeeStatus, GrantType, RoleScope } from '../../src/contract/common';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
let offices: Record<string, number>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select().from(icdOffices);
  offices = Object.fromEntries(rows.map((o) => [o.OfficeName, o.IcdOfficeID]));
});
afterAll(async () => t?.close());

async function person(officeNames: string[] = ['Toronto Central']) {
  const n = ++seq;
  const [e] = await t.db
    .insert(employees)
    .values({
      FirstName: 'Rule',
      LastName: `Tester${n}`,
      UserName: `rule.tester${n}`,
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
    })
    .returning();
  const records: number[] = [];
  for (const name of officeNames) {
    const [r] = await t.db
      .insert(employmentRecords)
      .values({
        EmployeeID: e.EmployeeID,
        IcdOfficeID: offices[name],
        EmployeeStatusID: EmployeeStatus.Active,
      })
      .returning();
    records.push(r.EmploymentRecordID);
  }
  return { id: e.EmployeeID, userName: e.UserName, records };
}

async function role(
  grantType: number,
  keys: Record<string, string> = {},
  scope: number = RoleScope.Global,
  extra: { IcdCorporationID?: number; DivisionID?: number } = {},
) {
  const [r] = await t.db
    .insert(roles)
    .values({ Name: `rule-role-${++seq}`, ScopeID: scope, GrantTypeID: grantType, ...extra })
    .returning();
  for (const [PermissionKey, Value] of Object.entries(keys))
    await t.db.insert(rolePermissions).values({ RoleID: r.RoleID, PermissionKey, Value });
  return r;
}

const give = (employeeId: number, roleId: number, recordId: number | null = null) =>
  t.db
    .insert(roleAssignments)
    .values({ EmployeeID: employeeId, RoleID: roleId, EmploymentRecordID: recordId });

async function actor(id: number): Promise<Actor> {
  const a = await loadActor(t.db, id);
  if (!a) throw new Error('no actor');
  return a;
}

describe('grant types', () => {
  it('GrantAll grants every key but the onboarding applicant status', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantAll)).RoleID);
    const a = await actor(p.id);
    expect(a.has('time:approve')).toBe(true);
    expect(a.has('admin:proxy')).toBe(true);
    expect(a.has('onboarding:applicant')).toBe(false);
  });

  it("GrantRole grants exactly the role's keys", async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'time:approve': 'true' })).RoleID);
    const a = await actor(p.id);
    expect(a.has('time:approve')).toBe(true);
    expect(a.has('admin:proxy')).toBe(false);
  });

  it('GrantClaims grants the keys of the claims naming the role, not its own permission rows', async () => {
    const p = await person();
    const r = await role(GrantType.GrantClaims, { 'admin:proxy': 'true' });
    await t.db
      .insert(claimPermissions)
      .values({ ClaimType: 'role', ClaimValue: r.Name, PermissionKey: 'audit:read', Value: 'true' });
    // A claim of another role grants nothing here.
    const other = await role(GrantType.GrantClaims);
    await t.db
      .insert(claimPermissions)
      .values({ ClaimType: 'role', ClaimValue: other.Name, PermissionKey: 'time:approve', Value: 'true' });
    await give(p.id, r.RoleID);
    const a = await actor(p.id);
    expect(a.has('audit:read')).toBe(true);
    expect(a.has('admin:proxy')).toBe(false);
    expect(a.has('time:approve')).toBe(false);
  });

  it('None grants nothing, whatever its permission rows say', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.None, { 'time:approve': 'true' })).RoleID);
    const a = await actor(p.id);
    expect(a.has('time:approve')).toBe(false);
    expect(a.grants).toEqual([]);
  });
});

describe('precedence', () => {
  it('the last matching grant wins: an employee permission "false" takes away what a role gave', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'time:approve': 'true' })).RoleID);
    expect((await actor(p.id)).has('time:approve')).toBe(true);
    await t.db
      .insert(employeePermissions)
      .values({ EmployeeID: p.id, PermissionKey: 'time:approve', Value: 'false' });
    expect((await actor(p.id)).has('time:approve')).toBe(false);
    await t.db
      .update(employeePermissions)
      .set({ Value: 'true' })
      .where(
        and(eq(employeePermissions.EmployeeID, p.id), eq(employeePermissions.PermissionKey, 'time:approve')),
      );
    expect((await actor(p.id)).has('time:approve')).toBe(true);
  });

  it('a later role saying "false" overrides an earlier one saying "true"', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'audit:read': 'true' })).RoleID);
    await give(p.id, (await role(GrantType.GrantRole, { 'audit:read': 'false' })).RoleID);
    expect((await actor(p.id)).has('audit:read')).toBe(false);
  });
});

describe('employment and activity', () => {
  it('a per-office role stops counting when its employment record ends', async () => {
    const p = await person(['Toronto Central', 'Vancouver Harbour']);
    const r = await role(GrantType.GrantRole, { 'time:approve': 'true' }, RoleScope.EmploymentRecord);
    await give(p.id, r.RoleID, p.records[0]);
    const before = await actor(p.id);
    expect(before.has('time:approve')).toBe(true);
    expect(inScope(before.offices('time:approve'), offices['Toronto Central'])).toBe(true);
    expect(inScope(before.offices('time:approve'), offices['Vancouver Harbour'])).toBe(false);

    await t.db
      .update(employmentRecords)
      .set({ EmployeeStatusID: EmployeeStatus.Terminated })
      .where(eq(employmentRecords.EmploymentRecordID, p.records[0]));
    const after = await actor(p.id);
    expect(after.has('time:approve')).toBe(false);
  });

  it('an employee made inactive loses access on the next request', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'time:own': 'true' })).RoleID);
    const s = await t.signIn(p.userName);
    const ok = await s.call({ method: 'GET', url: '/api/Home/identity' });
    expect(ok.statusCode).toBe(200);
    await t.db.update(employees).set({ Inactive: true }).where(eq(employees.EmployeeID, p.id));
    const refused = await s.call({ method: 'GET', url: '/api/Home/identity' });
    expect(refused.statusCode).toBe(401);
    expect(await loadActor(t.db, p.id)).toBeNull();
  });
});

describe('role scopes', () => {
  it('Global reaches every office; Organizational the offices of its corporation; Divisional those of its division', async () => {
    const all = await t.db.select().from(icdOffices);
    const toronto = all.find((o) => o.OfficeName === 'Toronto Central')!;

    const g = await person();
    await give(g.id, (await role(GrantType.GrantRole, { 'time:approve': 'true' }, RoleScope.Global)).RoleID);
    expect((await actor(g.id)).offices('time:approve')).toBe('all');

    const o = await person();
    const org = await role(GrantType.GrantRole, { 'time:approve': 'true' }, RoleScope.Organizational, {
      IcdCorporationID: toronto.IcdCorporationID,
    });
    await give(o.id, org.RoleID);
    const orgScope = (await actor(o.id)).offices('time:approve');
    for (const office of all)
      expect(inScope(orgScope, office.IcdOfficeID)).toBe(
        office.IcdCorporationID === toronto.IcdCorporationID,
      );
  });
});
