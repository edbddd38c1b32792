// More of the access rules (server/modules/access/service.ts), each as a caller of loadActor or
// loadSessionActor sees it: who the actor is, which grants it lists, the offices a key reaches when
// grants disagree or come from several scopes, claims on offices, divisions and user names, and the
// session read with the actor. Permission keys made up here ("probe:…") touch no other test.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimPermissions,
  employeePermissions,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  roleAssignments,
  rolePermissions,
  roles,
  sessions,
} from '../../server/db/tables';
import { type Actor, inScope, loadActor, loadSessionActor } from '../../server/modules/access/service';
import { Division, EmployeeStatus, GrantType, RoleScope } from '../../src/contract/common';
import { ONBOARDING_PERMISSION } from '../../src/contract/permissions';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let offices: Record<string, { id: number; corporation: number }>;
let divisionOffices: Map<number, Set<number>>;
let allOffices: number[];
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select().from(icdOffices);
  offices = Object.fromEntries(
    rows.map((o) => [o.OfficeName, { id: o.IcdOfficeID, corporation: o.IcdCorporationID }]),
  );
  allOffices = rows.map((o) => o.IcdOfficeID);
  divisionOffices = new Map();
  for (const row of await t.db.select().from(officeDivisions)) {
    const set = divisionOffices.get(row.DivisionID) ?? new Set<number>();
    set.add(row.IcdOfficeID);
    divisionOffices.set(row.DivisionID, set);
  }
});
afterAll(async () => t?.close());

async function person(officeNames: string[] = ['Toronto Central'], divisions: number[] = []) {
  const n = ++seq;
  const [e] = await t.db
    .insert(employees)
    .values({
      FirstName: `Probe${n}`,
      LastName: `Person${n}`,
      UserName: `Probe.Person${n}`,
      EmailAddress: `probe${n}@example.test`,
      PasswordHash: 'not-used',
    })
    .returning();
  const records: number[] = [];
  for (const name of officeNames) {
    const [r] = await t.db
      .insert(employmentRecords)
      .values({
        EmployeeID: e.EmployeeID,
        IcdOfficeID: offices[name].id,
        EmployeeStatusID: EmployeeStatus.Active,
      })
      .returning();
    records.push(r.EmploymentRecordID);
    for (const DivisionID of divisions)
      await t.db
        .insert(employmentRecordDivisions)
        .values({ EmploymentRecordID: r.EmploymentRecordID, DivisionID });
  }
  return { id: e.EmployeeID, userName: e.UserName, records };
}

async function role(
  grantType: number,
  keys: Record<string, string>,
  scope: number = RoleScope.Global,
  extra: { IcdCorporationID?: number; DivisionID?: number } = {},
) {
  const [r] = await t.db
    .insert(roles)
    .values({ Name: `probe-role-${++seq}`, ScopeID: scope, GrantTypeID: grantType, ...extra })
    .returning();
  for (const [PermissionKey, Value] of Object.entries(keys))
    await t.db.insert(rolePermissions).values({ RoleID: r.RoleID, PermissionKey, Value });
  return r;
}

const give = (employeeId: number, roleId: number, recordId: number | null = null) =>
  t.db
    .insert(roleAssignments)
    .values({ EmployeeID: employeeId, RoleID: roleId, EmploymentRecordID: recordId });

const own = (employeeId: number, PermissionKey: string, Value: string) =>
  t.db.insert(employeePermissions).values({ EmployeeID: employeeId, PermissionKey, Value });

async function actor(id: number): Promise<Actor> {
  const a = await loadActor(t.db, id);
  if (!a) throw new Error('no actor');
  return a;
}

/** A claim that exists only while `body` runs (claims apply to everyone). */
async function withClaim(
  claim: { ClaimType: string; ClaimValue: string | null; PermissionKey: string; Value?: string },
  body: () => Promise<void>,
) {
  const [row] = await t.db
    .insert(claimPermissions)
    .values({ Value: 'true', ...claim })
    .returning();
  try {
    await body();
  } finally {
    await t.db.delete(claimPermissions).where(eq(claimPermissions.ClaimPermissionID, row.ClaimPermissionID));
  }
}

const sorted = (scope: 'all' | ReadonlySet<number>) =>
  scope === 'all' ? 'all' : [...scope].sort((a, b) => a - b);
const sortedIds = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('the actor', () => {
  it('carries the employee, and the session it was loaded for', async () => {
    const p = await person();
    const plain = await actor(p.id);
    expect(plain).toMatchObject({
      EmployeeID: p.id,
      UserName: p.userName,
      FirstName: `Probe${seq}`,
      LastName: `Person${seq}`,
      EmailAddress: `probe${seq}@example.test`,
      ProxyByEmployeeID: null,
      SessionHash: null,
    });
    const proxied = await loadActor(t.db, p.id, { SessionHash: 'hash-1', ProxyByEmployeeID: 42 });
    expect(proxied?.SessionHash).toBe('hash-1');
    expect(proxied?.ProxyByEmployeeID).toBe(42);
  });

  it('is null for an employee that does not exist', async () => {
    expect(await loadActor(t.db, 987_654)).toBeNull();
  });

  it('lists every grant in precedence order: roles, then claims, then own permissions', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'probe:list': 'true' })).RoleID);
    await own(p.id, 'probe:list', 'false');
    await withClaim(
      { ClaimType: 'userName', ClaimValue: p.userName, PermissionKey: 'probe:list', Value: 'maybe' },
      async () => {
        expect((await actor(p.id)).grants).toEqual([
          { Description: { Key: 'probe:list' }, Value: 'true' },
          { Description: { Key: 'probe:list' }, Value: 'maybe' },
          { Description: { Key: 'probe:list' }, Value: 'false' },
        ]);
      },
    );
  });

  it('holds a key only when its last grant says exactly "true"', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'probe:yes': 'true', 'probe:odd': 'TRUE' })).RoleID);
    const a = await actor(p.id);
    expect(a.has('probe:yes')).toBe(true);
    expect(a.has('probe:odd')).toBe(false);
    expect(a.has('probe:never-granted')).toBe(false);
    expect(a.offices('probe:never-granted')).toEqual(new Set());
  });

  it('GrantAll reaches every office with every key, except the onboarding status', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantAll, {})).RoleID);
    const a = await actor(p.id);
    expect(a.grants.length).toBeGreaterThan(10);
    expect(a.grants.every((g) => g.Value === 'true')).toBe(true);
    expect(a.grants.some((g) => g.Description.Key === ONBOARDING_PERMISSION)).toBe(false);
    expect(a.offices('time:approve')).toBe('all');
  });
});

describe('the offices a key reaches', () => {
  it('a key taken away last reaches no office, even one a role gave everywhere', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'probe:taken': 'true' })).RoleID);
    await own(p.id, 'probe:taken', 'false');
    const a = await actor(p.id);
    expect(a.has('probe:taken')).toBe(false);
    expect(a.offices('probe:taken')).toEqual(new Set());
  });

  it('only the grants saying "true" add offices', async () => {
    const p = await person(['Toronto Central']);
    await give(
      p.id,
      (
        await role(GrantType.GrantRole, { 'probe:mixed': 'false' }, RoleScope.Divisional, {
          DivisionID: Division.Dtv,
        })
      ).RoleID,
    );
    await own(p.id, 'probe:mixed', 'true');
    expect(sorted((await actor(p.id)).offices('probe:mixed'))).toEqual([offices['Toronto Central'].id]);
  });

  it('adds up the offices of several roles giving the same key', async () => {
    const p = await person(['Toronto Central', 'Vancouver Harbour']);
    const perRecord = await role(GrantType.GrantRole, { 'probe:sum': 'true' }, RoleScope.EmploymentRecord);
    await give(p.id, perRecord.RoleID, p.records[1]);
    await give(
      p.id,
      (
        await role(GrantType.GrantRole, { 'probe:sum': 'true' }, RoleScope.Divisional, {
          DivisionID: Division.Rogers,
        })
      ).RoleID,
    );
    const expected = new Set([offices['Vancouver Harbour'].id, ...divisionOffices.get(Division.Rogers)!]);
    expect(sorted((await actor(p.id)).offices('probe:sum'))).toEqual(sortedIds(expected));
  });

  it('a Hidden role reaches every office; a role of an unknown scope none', async () => {
    const p = await person();
    await give(p.id, (await role(GrantType.GrantRole, { 'probe:hidden': 'true' }, RoleScope.Hidden)).RoleID);
    await give(p.id, (await role(GrantType.GrantRole, { 'probe:unknown': 'true' }, 99)).RoleID);
    const a = await actor(p.id);
    expect(a.offices('probe:hidden')).toBe('all');
    expect(a.has('probe:unknown')).toBe(true);
    expect(a.offices('probe:unknown')).toEqual(new Set());
  });

  it('a Divisional role without a division, or an Organizational one without a corporation, reaches none', async () => {
    const p = await person();
    await give(
      p.id,
      (await role(GrantType.GrantRole, { 'probe:nodiv': 'true' }, RoleScope.Divisional)).RoleID,
    );
    await give(
      p.id,
      (await role(GrantType.GrantRole, { 'probe:nocorp': 'true' }, RoleScope.Organizational)).RoleID,
    );
    const a = await actor(p.id);
    expect(a.offices('probe:nodiv')).toEqual(new Set());
    expect(a.offices('probe:nocorp')).toEqual(new Set());
  });

  it('keeps apart the offices of different divisions and corporations held at once', async () => {
    const p = await person();
    const corporation = offices['Calgary South'].corporation;
    await give(
      p.id,
      (
        await role(GrantType.GrantRole, { 'probe:dtv': 'true' }, RoleScope.Divisional, {
          DivisionID: Division.Dtv,
        })
      ).RoleID,
    );
    await give(
      p.id,
      (
        await role(GrantType.GrantRole, { 'probe:rogers': 'true' }, RoleScope.Divisional, {
          DivisionID: Division.Rogers,
        })
      ).RoleID,
    );
    await give(
      p.id,
      (
        await role(GrantType.GrantRole, { 'probe:corp': 'true' }, RoleScope.Organizational, {
          IcdCorporationID: corporation,
        })
      ).RoleID,
    );
    await give(
      p.id,
      (
        await role(GrantType.GrantRole, { 'probe:corp2': 'true' }, RoleScope.Organizational, {
          IcdCorporationID: corporation,
        })
      ).RoleID,
    );
    const a = await actor(p.id);
    const corporationOffices = Object.values(offices)
      .filter((o) => o.corporation === corporation)
      .map((o) => o.id);
    expect(sorted(a.offices('probe:dtv'))).toEqual(sortedIds(divisionOffices.get(Division.Dtv)!));
    expect(sorted(a.offices('probe:rogers'))).toEqual(sortedIds(divisionOffices.get(Division.Rogers)!));
    expect(sorted(a.offices('probe:corp'))).toEqual(sortedIds(corporationOffices));
    expect(sorted(a.offices('probe:corp2'))).toEqual(sortedIds(corporationOffices));
    expect(divisionOffices.get(Division.Dtv)).not.toEqual(divisionOffices.get(Division.Rogers));
  });

  it('a role held for the whole employee (no record) counts whatever the records', async () => {
    const p = await person(['Toronto Central']);
    await give(
      p.id,
      (await role(GrantType.GrantRole, { 'probe:whole': 'true' }, RoleScope.EmploymentRecord)).RoleID,
    );
    const a = await actor(p.id);
    expect(a.has('probe:whole')).toBe(true);
    // Tied to no record, an EmploymentRecord-scoped role reaches no office.
    expect(a.offices('probe:whole')).toEqual(new Set());
  });

  it('own permissions reach the offices of the active employment records', async () => {
    const p = await person(['Toronto Central', 'Vancouver Harbour']);
    await own(p.id, 'probe:own', 'true');
    await t.db
      .update(employmentRecords)
      .set({ EmployeeStatusID: EmployeeStatus.Terminated })
      .where(eq(employmentRecords.EmploymentRecordID, p.records[1]));
    expect(sorted((await actor(p.id)).offices('probe:own'))).toEqual([offices['Toronto Central'].id]);
  });
});

describe('claims', () => {
  it('an office claim grants the people of that office, in their offices', async () => {
    const here = await person(['Toronto Central']);
    const there = await person(['Vancouver Harbour']);
    await withClaim(
      {
        ClaimType: 'office',
        ClaimValue: String(offices['Toronto Central'].id),
        PermissionKey: 'probe:office',
      },
      async () => {
        const a = await actor(here.id);
        expect(a.has('probe:office')).toBe(true);
        expect(sorted(a.offices('probe:office'))).toEqual([offices['Toronto Central'].id]);
        expect((await actor(there.id)).has('probe:office')).toBe(false);
      },
    );
  });

  it('a division claim grants the people whose records are in that division', async () => {
    const inDivision = await person(['Toronto Central'], [Division.Rogers]);
    const other = await person(['Toronto Central'], [Division.Dtv]);
    await withClaim(
      { ClaimType: 'division', ClaimValue: String(Division.Rogers), PermissionKey: 'probe:division' },
      async () => {
        expect((await actor(inDivision.id)).has('probe:division')).toBe(true);
        expect((await actor(other.id)).has('probe:division')).toBe(false);
      },
    );
  });

  it('a claim without a value grants everyone having a claim of that type', async () => {
    const withDivision = await person(['Toronto Central'], [Division.Dtv]);
    const without = await person(['Toronto Central']);
    await withClaim({ ClaimType: 'division', ClaimValue: null, PermissionKey: 'probe:anydiv' }, async () => {
      expect((await actor(withDivision.id)).has('probe:anydiv')).toBe(true);
      expect((await actor(without.id)).has('probe:anydiv')).toBe(false);
    });
  });

  it('a user-name claim matches the name whatever its case, and only that user', async () => {
    const p = await person();
    const other = await person();
    await withClaim(
      { ClaimType: 'userName', ClaimValue: p.userName.toUpperCase(), PermissionKey: 'probe:named' },
      async () => {
        expect((await actor(p.id)).has('probe:named')).toBe(true);
        expect((await actor(other.id)).has('probe:named')).toBe(false);
      },
    );
  });

  it('a role claim grants nothing by itself, only through a GrantClaims role of that name', async () => {
    const p = await person();
    const r = await role(GrantType.GrantRole, { 'probe:rolekey': 'true' });
    await give(p.id, r.RoleID);
    await withClaim({ ClaimType: 'role', ClaimValue: null, PermissionKey: 'probe:roleclaim' }, async () => {
      expect((await actor(p.id)).has('probe:roleclaim')).toBe(false);
    });
    await withClaim({ ClaimType: 'role', ClaimValue: r.Name, PermissionKey: 'probe:roleclaim' }, async () => {
      // The role grants its rows (GrantRole), not the claims naming it.
      expect((await actor(p.id)).has('probe:roleclaim')).toBe(false);
    });
  });

  it('a GrantClaims role reaches the offices of its scope', async () => {
    const p = await person(['Toronto Central']);
    const r = await role(GrantType.GrantClaims, {}, RoleScope.Divisional, { DivisionID: Division.Dtv });
    await give(p.id, r.RoleID);
    await withClaim({ ClaimType: 'role', ClaimValue: r.Name, PermissionKey: 'probe:viaclaims' }, async () => {
      expect(sorted((await actor(p.id)).offices('probe:viaclaims'))).toEqual(
        sortedIds(divisionOffices.get(Division.Dtv)!),
      );
    });
  });
});

describe('the session read with the actor', () => {
  const expires = new Date('2031-05-06T07:08:09.000Z');
  const seen = new Date('2031-05-01T00:00:00.000Z');

  it('is the session of the hash, unless revoked or unknown', async () => {
    const p = await person();
    const boss = await person();
    await t.db.insert(sessions).values([
      { SessionHash: `probe-live-${p.id}`, EmployeeID: p.id, ExpiresAt: expires, LastSeenAt: seen },
      {
        SessionHash: `probe-proxy-${p.id}`,
        EmployeeID: p.id,
        ProxyByEmployeeID: boss.id,
        ExpiresAt: expires,
        LastSeenAt: seen,
      },
      {
        SessionHash: `probe-revoked-${p.id}`,
        EmployeeID: p.id,
        ExpiresAt: expires,
        LastSeenAt: seen,
        RevokedAt: seen,
      },
    ]);
    const live = await loadSessionActor(t.db, p.id, `probe-live-${p.id}`);
    expect(live.session).toEqual({
      SessionHash: `probe-live-${p.id}`,
      EmployeeID: p.id,
      ProxyByEmployeeID: null,
      ExpiresAt: expires,
      LastSeenAt: seen,
    });
    const proxy = await loadSessionActor(t.db, p.id, `probe-proxy-${p.id}`);
    expect(proxy.session?.ProxyByEmployeeID).toBe(boss.id);
    expect((await loadSessionActor(t.db, p.id, `probe-revoked-${p.id}`)).session).toBeNull();
    expect((await loadSessionActor(t.db, p.id, 'probe-unknown')).session).toBeNull();

    const a = live.actor({ SessionHash: `probe-live-${p.id}`, ProxyByEmployeeID: boss.id });
    expect(a).toMatchObject({
      EmployeeID: p.id,
      SessionHash: `probe-live-${p.id}`,
      ProxyByEmployeeID: boss.id,
    });
  });

  it("is read even when it is another employee's, so the caller can refuse it", async () => {
    const p = await person();
    const other = await person();
    await t.db.insert(sessions).values({
      SessionHash: `probe-other-${other.id}`,
      EmployeeID: other.id,
      ExpiresAt: expires,
      LastSeenAt: seen,
    });
    const read = await loadSessionActor(t.db, p.id, `probe-other-${other.id}`);
    expect(read.session?.EmployeeID).toBe(other.id);
    expect(read.actor({ SessionHash: null, ProxyByEmployeeID: null })?.EmployeeID).toBe(p.id);
  });

  it('gives no actor for an inactive employee', async () => {
    const p = await person();
    await t.db.update(employees).set({ Inactive: true }).where(eq(employees.EmployeeID, p.id));
    const read = await loadSessionActor(t.db, p.id, 'probe-none');
    expect(read.actor({ SessionHash: null, ProxyByEmployeeID: null })).toBeNull();
  });
});

describe('inScope', () => {
  it('is true everywhere for "all", and only for the listed offices otherwise', () => {
    expect(allOffices.every((id) => inScope('all', id))).toBe(true);
    expect(inScope(new Set([1, 2]), 2)).toBe(true);
    expect(inScope(new Set([1, 2]), 3)).toBe(false);
    expect(inScope(new Set(), 1)).toBe(false);
  });
});
