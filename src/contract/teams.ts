// Teams wire format (spec 002 §3 "Team", §7 "Teams"). Permission: `scheduling:manage`, limited to the
// offices the key reaches. A member is identified by its EmployeeID (`{memberId}` in the paths).
//
//   GET    teams                                   TeamQuery → Team[]
//   GET    teams/RetrieveTeamMembers/{id}          → TeamMember[]
//   GET    teams/{id}                              → TeamDetail
//   POST   teams                                   TeamSave → 201 TeamDetail
//   PUT    teams/{id}                              TeamUpdate → TeamDetail (409 + Current when stale)
//   DELETE teams/{id}                              ?version → 204
//   POST   teams/{id}/team-members                 TeamMemberSave → 201 TeamMember
//   PUT    teams/{id}/team-members/{memberId}      TeamMemberUpdate (roles, leader) → TeamMember (409)
//   DELETE teams/{id}/team-members/{memberId}      → 204
//
// Design choices where the spec is silent: team roles are free labels (e.g. "Lead closer", "Setup");
// a team may have more than one leader; members must have an active employment record at the team's
// office; team names are unique per office.
import { z } from 'zod';
import { Instant, Int32, QueryInt32 } from './common';

const Id = Int32.positive();

export const TeamRoles = z
  .array(z.string().trim().min(1, 'Enter a role').max(50, '50 characters at most'))
  .max(10, '10 roles at most')
  .transform((roles) => [...new Set(roles)]);

export const TeamMember = z.object({
  TeamID: Id,
  EmployeeID: Id,
  EmployeeName: z.string(),
  Roles: z.array(z.string()),
  IsLeader: z.boolean(),
  Version: Int32,
  AddedAt: Instant,
});
export type TeamMember = z.infer<typeof TeamMember>;

export const Team = z.object({
  TeamID: Id,
  Name: z.string(),
  IcdOfficeID: Id,
  OfficeName: z.string(),
  MemberCount: Int32,
  LeaderNames: z.array(z.string()),
  Version: Int32,
});
export type Team = z.infer<typeof Team>;

export const TeamDetail = Team.extend({ Members: z.array(TeamMember) });
export type TeamDetail = z.infer<typeof TeamDetail>;

export const TeamMemberSave = z.object({
  EmployeeID: Id,
  Roles: TeamRoles.default([]),
  IsLeader: z.boolean().default(false),
});
export type TeamMemberSave = z.infer<typeof TeamMemberSave>;

export const TeamMemberUpdate = z.object({
  Roles: TeamRoles,
  IsLeader: z.boolean(),
  Version: Int32,
});
export type TeamMemberUpdate = z.infer<typeof TeamMemberUpdate>;

const TeamName = z.string().trim().min(1, 'Enter a name').max(100, '100 characters at most');

export const TeamSave = z.object({
  Name: TeamName,
  IcdOfficeID: Id,
  Members: z.array(TeamMemberSave).max(200).default([]),
});
export type TeamSave = z.infer<typeof TeamSave>;

/** PUT teams/{id}: name and office (members have their own calls). */
export const TeamUpdate = z.object({
  Name: TeamName,
  IcdOfficeID: Id,
  Version: Int32,
});
export type TeamUpdate = z.infer<typeof TeamUpdate>;

export const TeamQuery = z.object({ icdOfficeID: QueryInt32.positive().optional() });
export type TeamQuery = z.infer<typeof TeamQuery>;
