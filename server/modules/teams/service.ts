// Teams of an office and their members (roles, leader flag). `scheduling:manage`, office scope:
// a team of an office outside the caller's scope is 404, naming such an office is 403.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import type {
  Team,
  TeamDetail,
  TeamMember,
  TeamMemberSave,
  TeamMemberUpdate,
  TeamQuery,
  TeamSave,
  TeamUpdate,
} from '../../../src/contract/teams';
import type { Db } from '../../db/client';
import { employees, employmentRecords, icdOffices, teamMembers, teams } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  conflict,
  type DbOrTx,
  fullName,
  manageScope,
  officeCondition,
  requireOffice,
  requireVisible,
} from '../scheduling/scope';

const TEAM = 'The team';
const MEMBER = 'The team member';

const teamSelect = {
  TeamID: teams.TeamID,
  Name: teams.Name,
  IcdOfficeID: teams.IcdOfficeID,
  OfficeName: icdOffices.OfficeName,
  Version: teams.Version,
};

function teamsFrom(db: DbOrTx) {
  return db
    .select(teamSelect)
    .from(teams)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, teams.IcdOfficeID))
    .$dynamic();
}

type TeamRow = Awaited<ReturnType<ReturnType<typeof teamsFrom>['execute']>>[number];

async function membersOf(db: DbOrTx, teamIds: readonly number[]): Promise<TeamMember[]> {
  if (!teamIds.length) return [];
  const rows = await db
    .select({ member: teamMembers, FirstName: employees.FirstName, LastName: employees.LastName })
    .from(teamMembers)
    .innerJoin(employees, eq(employees.EmployeeID, teamMembers.EmployeeID))
    .where(inArray(teamMembers.TeamID, [...teamIds]))
    .orderBy(
      asc(teamMembers.TeamID),
      sql`${teamMembers.IsLeader} desc`,
      asc(employees.LastName),
      asc(employees.FirstName),
    );
  return rows.map((r) => ({
    ...r.member,
    EmployeeName: fullName(r),
    AddedAt: r.member.AddedAt.toISOString(),
  }));
}

function toTeam(row: TeamRow, members: readonly TeamMember[]): Team {
  const mine = members.filter((m) => m.TeamID === row.TeamID);
  return {
    ...row,
    MemberCount: mine.length,
    LeaderNames: mine.filter((m) => m.IsLeader).map((m) => m.EmployeeName),
  };
}

export async function listTeams(p: { db: Db; actor: Actor; query: TeamQuery }): Promise<Team[]> {
  if (p.query.icdOfficeID) requireOffice(p.actor, p.query.icdOfficeID);
  const rows = await teamsFrom(p.db)
    .where(
      and(
        officeCondition(manageScope(p.actor), teams.IcdOfficeID),
        p.query.icdOfficeID ? eq(teams.IcdOfficeID, p.query.icdOfficeID) : undefined,
      ),
    )
    .orderBy(asc(icdOffices.OfficeName), asc(teams.Name));
  const members = await membersOf(
    p.db,
    rows.map((r) => r.TeamID),
  );
  return rows.map((r) => toTeam(r, members));
}

async function visibleTeam(db: DbOrTx, actor: Actor, id: number): Promise<TeamRow> {
  const [row] = await teamsFrom(db).where(eq(teams.TeamID, id));
  if (!row) throw notFound(TEAM);
  requireVisible(actor, row.IcdOfficeID, TEAM);
  return row;
}

async function detail(db: DbOrTx, row: TeamRow): Promise<TeamDetail> {
  const members = await membersOf(db, [row.TeamID]);
  return { ...toTeam(row, members), Members: members };
}

export async function getTeam(p: { db: Db; actor: Actor; id: number }): Promise<TeamDetail> {
  return detail(p.db, await visibleTeam(p.db, p.actor, p.id));
}

export async function teamMembersOf(p: { db: Db; actor: Actor; id: number }): Promise<TeamMember[]> {
  await visibleTeam(p.db, p.actor, p.id);
  return membersOf(p.db, [p.id]);
}

async function requireUniqueName(db: DbOrTx, officeId: number, name: string, exceptId?: number) {
  const [same] = await db
    .select({ TeamID: teams.TeamID, OfficeName: icdOffices.OfficeName })
    .from(teams)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, teams.IcdOfficeID))
    .where(and(eq(teams.IcdOfficeID, officeId), sql`lower(${teams.Name}) = lower(${name})`));
  if (same && same.TeamID !== exceptId) {
    const message = `${same.OfficeName} already has a team named ${name}.`;
    throw new AppError(422, message, { Errors: { Name: [message] } });
  }
}

/** Members must be employees with an active employment record at the team's office. */
async function requireAtOffice(db: DbOrTx, officeId: number, employeeIds: readonly number[]) {
  if (!employeeIds.length) return;
  const people = await db
    .select({
      EmployeeID: employees.EmployeeID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
    })
    .from(employees)
    .where(inArray(employees.EmployeeID, [...employeeIds]));
  const atOffice = new Set(
    (
      await db
        .select({ EmployeeID: employmentRecords.EmployeeID })
        .from(employmentRecords)
        .where(
          and(
            inArray(employmentRecords.EmployeeID, [...employeeIds]),
            eq(employmentRecords.IcdOfficeID, officeId),
            eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
          ),
        )
    ).map((r) => r.EmployeeID),
  );
  const [office] = await db
    .select({ OfficeName: icdOffices.OfficeName })
    .from(icdOffices)
    .where(eq(icdOffices.IcdOfficeID, officeId));
  for (const id of employeeIds) {
    const person = people.find((p) => p.EmployeeID === id);
    if (!person)
      throw badRequest('The employee was not found.', { EmployeeID: ['The employee was not found.'] });
    if (!atOffice.has(id))
      throw new AppError(422, `${fullName(person)} does not work at ${office?.OfficeName}.`);
  }
}

export async function createTeam(p: { db: Db; actor: Actor; body: TeamSave }): Promise<TeamDetail> {
  requireOffice(p.actor, p.body.IcdOfficeID);
  const ids = p.body.Members.map((m) => m.EmployeeID);
  if (new Set(ids).size !== ids.length)
    throw badRequest('An employee is listed twice.', { Members: ['An employee is listed twice.'] });
  const id = await p.db.transaction(async (tx) => {
    await requireUniqueName(tx, p.body.IcdOfficeID, p.body.Name);
    await requireAtOffice(tx, p.body.IcdOfficeID, ids);
    const [row] = await tx
      .insert(teams)
      .values({ Name: p.body.Name, IcdOfficeID: p.body.IcdOfficeID })
      .returning({ TeamID: teams.TeamID });
    if (ids.length)
      await tx.insert(teamMembers).values(p.body.Members.map((m) => ({ ...m, TeamID: row.TeamID })));
    return row.TeamID;
  });
  return getTeam({ db: p.db, actor: p.actor, id });
}

export async function updateTeam(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: TeamUpdate;
}): Promise<TeamDetail> {
  await p.db.transaction(async (tx) => {
    await tx.select({ id: teams.TeamID }).from(teams).where(eq(teams.TeamID, p.id)).for('update');
    const row = await visibleTeam(tx, p.actor, p.id);
    if (row.Version !== p.body.Version) throw conflict(await detail(tx, row));
    if (p.body.IcdOfficeID !== row.IcdOfficeID) {
      requireOffice(p.actor, p.body.IcdOfficeID);
      const members = await membersOf(tx, [p.id]);
      await requireAtOffice(
        tx,
        p.body.IcdOfficeID,
        members.map((m) => m.EmployeeID),
      );
    }
    await requireUniqueName(tx, p.body.IcdOfficeID, p.body.Name, p.id);
    await tx
      .update(teams)
      .set({ Name: p.body.Name, IcdOfficeID: p.body.IcdOfficeID, Version: row.Version + 1 })
      .where(eq(teams.TeamID, p.id));
  });
  return getTeam(p);
}

export async function deleteTeam(p: { db: Db; actor: Actor; id: number; version?: number }): Promise<void> {
  await p.db.transaction(async (tx) => {
    const row = await visibleTeam(tx, p.actor, p.id);
    if (p.version !== undefined && row.Version !== p.version) throw conflict(await detail(tx, row));
    await tx.delete(teams).where(eq(teams.TeamID, p.id));
  });
}

async function loadMember(db: DbOrTx, teamId: number, employeeId: number): Promise<TeamMember | null> {
  const members = await membersOf(db, [teamId]);
  return members.find((m) => m.EmployeeID === employeeId) ?? null;
}

export async function addMember(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: TeamMemberSave;
}): Promise<TeamMember> {
  return p.db.transaction(async (tx) => {
    const row = await visibleTeam(tx, p.actor, p.id);
    await requireAtOffice(tx, row.IcdOfficeID, [p.body.EmployeeID]);
    const existing = await loadMember(tx, p.id, p.body.EmployeeID);
    if (existing) throw new AppError(422, `${existing.EmployeeName} is already on this team.`);
    await tx.insert(teamMembers).values({ ...p.body, TeamID: p.id });
    return (await loadMember(tx, p.id, p.body.EmployeeID))!;
  });
}

export async function updateMember(p: {
  db: Db;
  actor: Actor;
  id: number;
  employeeId: number;
  body: TeamMemberUpdate;
}): Promise<TeamMember> {
  return p.db.transaction(async (tx) => {
    await visibleTeam(tx, p.actor, p.id);
    const current = await loadMember(tx, p.id, p.employeeId);
    if (!current) throw notFound(MEMBER);
    if (current.Version !== p.body.Version) throw conflict(current);
    await tx
      .update(teamMembers)
      .set({ Roles: p.body.Roles, IsLeader: p.body.IsLeader, Version: current.Version + 1 })
      .where(and(eq(teamMembers.TeamID, p.id), eq(teamMembers.EmployeeID, p.employeeId)));
    return (await loadMember(tx, p.id, p.employeeId))!;
  });
}

export async function removeMember(p: {
  db: Db;
  actor: Actor;
  id: number;
  employeeId: number;
}): Promise<void> {
  await visibleTeam(p.db, p.actor, p.id);
  const removed = await p.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.TeamID, p.id), eq(teamMembers.EmployeeID, p.employeeId)))
    .returning({ EmployeeID: teamMembers.EmployeeID });
  if (!removed.length) throw notFound(MEMBER);
}
