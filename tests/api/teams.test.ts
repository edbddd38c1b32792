// Teams and team members (roles, leader): the calls, versions, office scope and permissions.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employees,
  employmentRecords,
  icdOffices,
  roleAssignments,
  roles,
  teamMembers,
  teams,
} from '../../server/db/tables';
import { hashPassword } from '../../server/modules/auth/passwords';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from './helpers';

let t: TestApp;
let manager: Session;
let owner: Session;
let staff: Session;
let calgaryManager: Session;
const ids: Record<string, number> = {};
const office: Record<string, number> = {};

async function addManagerAt(officeName: string, userName: string): Promise<void> {
  const [o] = await t.db.select().from(icdOffices).where(eq(icdOffices.OfficeName, officeName));
  const [emp] = await t.db
    .insert(employees)
    .values({
      FirstName: 'Cara',
      LastName: 'Lund',
      UserName: userName,
      EmailAddress: `${userName}@apex-demo.example`,
      PasswordHash: await hashPassword(DEMO_PASSWORD, 10),
      PasswordChangedAt: new Date(),
    })
    .returning();
  const [rec] = await t.db
    .insert(employmentRecords)
    .values({ EmployeeID: emp.EmployeeID, IcdOfficeID: o.IcdOfficeID, EmployeeStatusID: 1 })
    .returning();
  const [role] = await t.db.select().from(roles).where(eq(roles.Name, 'Manager'));
  await t.db
    .insert(roleAssignments)
    .values({ EmployeeID: emp.EmployeeID, RoleID: role.RoleID, EmploymentRecordID: rec.EmploymentRecordID });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const o of await t.db.select().from(icdOffices))
    office[o.OfficeName.split(' ')[0].toLowerCase()] = o.IcdOfficeID;
  await addManagerAt('Calgary South', 'calgarymgr');
  for (const e of await t.db.select().from(employees)) ids[e.UserName] = e.EmployeeID;
  [manager, owner, staff, calgaryManager] = await Promise.all(
    ['manager', 'owner', 'staff', 'calgarymgr'].map((u) => t.signIn(u)),
  );
});
afterAll(() => t.close());

/** How many teams and memberships are stored: a refusal changes neither. */
async function stored() {
  return {
    teams: (await t.db.select({ id: teams.TeamID }).from(teams)).length,
    members: (await t.db.select({ id: teamMembers.TeamID }).from(teamMembers)).length,
  };
}

/** A Toronto Central team of its own for a test, led by staff (Version 1). */
async function newTeam(Name: string): Promise<number> {
  const res = await manager.call({
    method: 'POST',
    url: '/api/teams',
    payload: { Name, IcdOfficeID: office.toronto, Members: [{ EmployeeID: ids.staff, IsLeader: true }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().TeamID;
}

describe('teams', () => {
  it('the seeded Toronto team: manager leads, staff and rep are members', async () => {
    const res = await manager.call({ method: 'GET', url: '/api/teams' });
    expect(res.statusCode).toBe(200);
    // Found by name: other tests add teams of their own.
    const team = res.json().find((x: { Name: string }) => x.Name === 'Toronto Road Show Team');
    expect(team).toMatchObject({
      Name: 'Toronto Road Show Team',
      IcdOfficeID: office.toronto,
      MemberCount: 3,
      LeaderNames: ['Marco Rossi'],
    });
    const members = await manager.call({
      method: 'GET',
      url: `/api/teams/RetrieveTeamMembers/${team.TeamID}`,
    });
    expect(members.statusCode).toBe(200);
    expect(
      members.json().map((m: { EmployeeID: number; IsLeader: boolean }) => [m.EmployeeID, m.IsLeader]),
    ).toEqual([
      [ids.manager, true],
      [ids.rep, false],
      [ids.staff, false],
    ]);
    const detail = await manager.call({ method: 'GET', url: `/api/teams/${team.TeamID}` });
    expect(detail.json().Members[0]).toMatchObject({
      EmployeeName: 'Marco Rossi',
      Roles: ['Team lead'],
      Version: 1,
    });
  });

  it('creates a team with members; names are unique per office; members must work there', async () => {
    const res = await manager.call({
      method: 'POST',
      url: '/api/teams',
      payload: {
        Name: 'Weekend Crew',
        IcdOfficeID: office.toronto,
        Members: [{ EmployeeID: ids.staff, Roles: ['Setup', 'Setup', ' Demo '], IsLeader: true }],
      },
    });
    expect(res.statusCode).toBe(201);
    const teamId = res.json().TeamID;
    expect(res.json()).toMatchObject({
      Name: 'Weekend Crew',
      MemberCount: 1,
      LeaderNames: ['Sam Taylor'],
      Version: 1,
    });
    expect(res.json().Members[0].Roles).toEqual(['Setup', 'Demo']);

    const before = await stored();
    const same = await manager.call({
      method: 'POST',
      url: '/api/teams',
      payload: { Name: 'weekend crew', IcdOfficeID: office.toronto },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().Message).toBe('Toronto Central already has a team named weekend crew.');

    const stranger = await manager.call({
      method: 'POST',
      url: `/api/teams/${teamId}/team-members`,
      payload: { EmployeeID: ids.calgarymgr },
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().Message).toBe('Cara Lund does not work at Toronto Central.');

    const bad = await manager.call({
      method: 'POST',
      url: '/api/teams',
      payload: { Name: '', IcdOfficeID: office.toronto },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors.Name).toEqual(['Enter a name']);
    expect(await stored()).toEqual(before);
  });

  it('members: add, save roles and leader with Version (409 when stale), remove', async () => {
    const teamId = await newTeam('Members Crew');
    const added = await manager.call({
      method: 'POST',
      url: `/api/teams/${teamId}/team-members`,
      payload: { EmployeeID: ids.rep, Roles: ['Closer'] },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      EmployeeID: ids.rep,
      EmployeeName: 'Riley Chen',
      IsLeader: false,
      Version: 1,
    });
    const afterAdd = await stored();
    const twice = await manager.call({
      method: 'POST',
      url: `/api/teams/${teamId}/team-members`,
      payload: { EmployeeID: ids.rep },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().Message).toBe('Riley Chen is already on this team.');
    expect(await stored()).toEqual(afterAdd);

    const url = `/api/teams/${teamId}/team-members/${ids.rep}`;
    const saved = await manager.call({
      method: 'PUT',
      url,
      payload: { Roles: ['Closer', 'Trainer'], IsLeader: true, Version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Roles: ['Closer', 'Trainer'], IsLeader: true, Version: 2 });
    const stale = await manager.call({
      method: 'PUT',
      url,
      payload: { Roles: [], IsLeader: false, Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({ EmployeeID: ids.rep, Version: 2, IsLeader: true });
    const team = (await manager.call({ method: 'GET', url: `/api/teams/${teamId}` })).json();
    expect(team.LeaderNames.sort()).toEqual(['Riley Chen', 'Sam Taylor']);

    expect((await manager.call({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await manager.call({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await manager.call({ method: 'PUT', url, payload: { Roles: [], IsLeader: false, Version: 2 } }))
        .statusCode,
    ).toBe(404);
  });

  it('PUT saves the name with Version (409 with Current when stale); the owner may move it to Vancouver only if members work there', async () => {
    const teamId = await newTeam('Weekend Crew B');
    const saved = await manager.call({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      payload: { Name: 'Weekend Crew A', IcdOfficeID: office.toronto, Version: 1 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Name: 'Weekend Crew A', Version: 2 });
    const stale = await manager.call({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      payload: { Name: 'Offline name', IcdOfficeID: office.toronto, Version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Current).toMatchObject({
      Name: 'Weekend Crew A',
      Version: 2,
      Members: [expect.anything()],
    });

    const toVancouver = await owner.call({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      payload: { Name: 'Weekend Crew A', IcdOfficeID: office.vancouver, Version: 2 },
    });
    expect(toVancouver.statusCode).toBe(422);
    expect(toVancouver.json().Message).toBe('Sam Taylor does not work at Vancouver Harbour.');
    const byManager = await manager.call({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      payload: { Name: 'Weekend Crew A', IcdOfficeID: office.vancouver, Version: 2 },
    });
    expect(byManager.statusCode).toBe(403);
    // Neither refusal moved or renamed it.
    expect((await manager.call({ method: 'GET', url: `/api/teams/${teamId}` })).json()).toMatchObject({
      Name: 'Weekend Crew A',
      IcdOfficeID: office.toronto,
      Version: 2,
    });
  });

  it('permissions and office scope', async () => {
    const teamId = await newTeam('Scope Crew');
    const before = await stored();
    expect((await staff.call({ method: 'GET', url: '/api/teams' })).statusCode).toBe(403);
    expect(
      (
        await staff.call({
          method: 'POST',
          url: '/api/teams',
          payload: { Name: 'X', IcdOfficeID: office.toronto },
        })
      ).statusCode,
    ).toBe(403);
    expect((await calgaryManager.call({ method: 'GET', url: '/api/teams' })).json()).toEqual([]);
    expect((await calgaryManager.call({ method: 'GET', url: `/api/teams/${teamId}` })).statusCode).toBe(404);
    expect(
      (await calgaryManager.call({ method: 'GET', url: `/api/teams/RetrieveTeamMembers/${teamId}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await calgaryManager.call({
          method: 'POST',
          url: '/api/teams',
          payload: { Name: 'X', IcdOfficeID: office.toronto },
        })
      ).statusCode,
    ).toBe(403);
    expect((await calgaryManager.call({ method: 'DELETE', url: `/api/teams/${teamId}` })).statusCode).toBe(
      404,
    );
    expect(
      (await calgaryManager.call({ method: 'GET', url: `/api/teams?icdOfficeID=${office.toronto}` }))
        .statusCode,
    ).toBe(403);
    // Nothing was created, and the other office's manager deleted nothing.
    expect(await stored()).toEqual(before);
    expect((await manager.call({ method: 'GET', url: `/api/teams/${teamId}` })).statusCode).toBe(200);
  });

  it('deletes a team (409 when the version is stale)', async () => {
    const teamId = await newTeam('Short-lived Crew');
    const renamed = await manager.call({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      payload: { Name: 'Short-lived Crew 2', IcdOfficeID: office.toronto, Version: 1 },
    });
    expect(renamed.json()).toMatchObject({ Version: 2 });
    expect((await manager.call({ method: 'DELETE', url: `/api/teams/${teamId}?version=1` })).statusCode).toBe(
      409,
    );
    expect((await manager.call({ method: 'GET', url: `/api/teams/${teamId}` })).statusCode).toBe(200);
    expect((await manager.call({ method: 'DELETE', url: `/api/teams/${teamId}?version=2` })).statusCode).toBe(
      204,
    );
    expect((await manager.call({ method: 'GET', url: `/api/teams/${teamId}` })).statusCode).toBe(404);
  });
});
