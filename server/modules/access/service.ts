// Effective permissions of an employee: grants from roles (by grant type), claim permissions and
// employee permissions, in that order — the last grant for a key wins (spec 000 §6) — and the offices
// each key reaches (role scope: Global, Divisional, Organizational, EmploymentRecord, Hidden).
import { sql } from 'drizzle-orm';
import { EmployeeStatus, GrantType, RoleScope } from '../../../src/contract/common';
import { type Grant, ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';

export type OfficeScope = 'all' | ReadonlySet<number>;

export interface Actor {
  EmployeeID: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  EmailAddress: string | null;
  /** Set when this is a proxy (impersonation) session. */
  ProxyByEmployeeID: number | null;
  SessionHash: string | null;
  grants: Grant[];
  has(key: string): boolean;
  /** Offices where the actor holds `key`. */
  offices(key: string): OfficeScope;
}

export interface Source {
  key: string;
  value: string;
  offices: OfficeScope;
  /** Where the grant comes from (for the permission simulation). */
  kind: 'role' | 'claim' | 'employee';
  /** The role's name, the claim ('office|3'), or null for the employee's own permission. */
  from: string | null;
}

export async function loadActor(
  db: Db,
  employeeId: number,
  session: { SessionHash: string | null; ProxyByEmployeeID: number | null } = {
    SessionHash: null,
    ProxyByEmployeeID: null,
  },
): Promise<Actor | null> {
  return actorOf(await accessFacts(db, employeeId, null), session);
}

/** A session row as read with the actor (not revoked). */
export interface SessionFacts {
  SessionHash: string;
  EmployeeID: number;
  ProxyByEmployeeID: number | null;
  ExpiresAt: Date;
  LastSeenAt: Date;
}

/**
 * The session of a token (unless revoked; null when there is none) and its employee's access, read
 * together; `actor` builds the actor once the caller has accepted the session.
 */
export async function loadSessionActor(
  db: Db,
  employeeId: number,
  sessionHash: string,
): Promise<{
  session: SessionFacts | null;
  actor(session: { SessionHash: string | null; ProxyByEmployeeID: number | null }): Actor | null;
}> {
  const facts = await accessFacts(db, employeeId, sessionHash);
  const row = facts.session;
  return {
    session: row
      ? {
          SessionHash: row.SessionHash,
          EmployeeID: row.EmployeeID,
          ProxyByEmployeeID: row.ProxyByEmployeeID,
          ExpiresAt: new Date(row.ExpiresAt),
          LastSeenAt: new Date(row.LastSeenAt),
        }
      : null,
    actor: (session) => actorOf(facts, session),
  };
}

function actorOf(
  facts: AccessFacts,
  session: { SessionHash: string | null; ProxyByEmployeeID: number | null },
): Actor | null {
  const employee = facts.employee;
  if (!employee || employee.Inactive) return null;
  const sources = grantSources(facts, employee.UserName);
  const grants: Grant[] = sources.map((s) => ({ Description: { Key: s.key }, Value: s.value }));
  const last = new Map<string, Source[]>();
  for (const s of sources) last.set(s.key, [...(last.get(s.key) ?? []), s]);
  const has = (key: string) => {
    const list = last.get(key);
    return !!list && list[list.length - 1].value === 'true';
  };
  return {
    EmployeeID: employee.EmployeeID,
    UserName: employee.UserName,
    FirstName: employee.FirstName,
    LastName: employee.LastName,
    EmailAddress: employee.EmailAddress,
    ProxyByEmployeeID: session.ProxyByEmployeeID,
    SessionHash: session.SessionHash,
    grants,
    has,
    offices(key) {
      if (!has(key)) return new Set<number>();
      const granted = (last.get(key) ?? []).filter((s) => s.value === 'true');
      if (granted.some((s) => s.offices === 'all')) return 'all';
      const out = new Set<number>();
      for (const s of granted) for (const id of s.offices as ReadonlySet<number>) out.add(id);
      return out;
    },
  };
}

/**
 * What an employee's access is made of, for the permission simulation and the claims view: the
 * facts as the auth plugin reads them and every grant in the order it applies, plus the actor built
 * from them exactly as a request of that employee would be (null when the employee cannot sign in).
 */
export async function explainAccess(
  db: Db,
  employeeId: number,
): Promise<{ facts: AccessFacts; sources: Source[]; actor: Actor | null }> {
  const facts = await accessFacts(db, employeeId, null);
  const sources = facts.employee ? grantSources(facts, facts.employee.UserName) : [];
  return { facts, sources, actor: actorOf(facts, { SessionHash: null, ProxyByEmployeeID: null }) };
}

/** The claims an employee holds (what claim permissions match): role, office, division, userName. */
export function claimsOf(facts: AccessFacts): Array<{ ClaimType: string; ClaimValue: string }> {
  if (!facts.employee) return [];
  const activeRecordIds = new Set(facts.records.map((r) => r.EmploymentRecordID));
  const out = new Map<string, { ClaimType: string; ClaimValue: string }>();
  const add = (ClaimType: string, ClaimValue: string) =>
    out.set(`${ClaimType}|${ClaimValue}`, { ClaimType, ClaimValue });
  for (const a of facts.assignments)
    if (a.EmploymentRecordID === null || activeRecordIds.has(a.EmploymentRecordID)) add('role', a.Name);
  for (const r of facts.records) add('office', String(r.IcdOfficeID));
  for (const d of facts.recordDivisions) add('division', String(d));
  add('userName', facts.employee.UserName.toLowerCase());
  return [...out.values()];
}

/** Everything the permissions of an employee derive from, as read in one statement. */
export interface AccessFacts {
  employee: {
    EmployeeID: number;
    UserName: string;
    FirstName: string;
    LastName: string;
    EmailAddress: string | null;
    Inactive: boolean;
  } | null;
  /** Active employment records. */
  records: Array<{ EmploymentRecordID: number; IcdOfficeID: number }>;
  assignments: Array<{
    EmploymentRecordID: number | null;
    RoleID: number;
    Name: string;
    ScopeID: number;
    GrantTypeID: number;
    DivisionID: number | null;
    IcdCorporationID: number | null;
  }>;
  allKeys: string[];
  /** Permissions of the roles assigned to the employee. */
  rolePerms: Array<{ RoleID: number; PermissionKey: string; Value: string }>;
  /** Divisions of the active employment records. */
  recordDivisions: number[];
  /** Offices of the divisions of the assigned (divisional) roles. */
  divisionOffices: Array<{ DivisionID: number; IcdOfficeID: number }>;
  /** Offices of the corporations of the assigned (organizational) roles. */
  corporationOffices: Array<{ IcdCorporationID: number; IcdOfficeID: number }>;
  claims: Array<{ ClaimType: string; ClaimValue: string | null; PermissionKey: string; Value: string }>;
  own: Array<{ PermissionKey: string; Value: string }>;
  /** The session asked for, when it exists and is not revoked (timestamps as JSON text). */
  session: {
    SessionHash: string;
    EmployeeID: number;
    ProxyByEmployeeID: number | null;
    ExpiresAt: string;
    LastSeenAt: string;
  } | null;
}

/**
 * The employee, their active employment records, role assignments (with the roles), the permission
 * keys, the assigned roles' permissions and scopes' offices, the claim permissions and the employee's
 * own permissions (and the session of the request's token): one round trip, as this runs for every
 * API request.
 */
async function accessFacts(db: Db, employeeId: number, sessionHash: string | null): Promise<AccessFacts> {
  const active = EmployeeStatus.Active;
  const result = await db.execute<{ facts: AccessFacts }>(sql`
    with assigned as (
      select ra.employment_record_id, r.role_id, r.name, r.scope_id, r.grant_type_id, r.division_id,
             r.icd_corporation_id
      from role_assignments ra inner join roles r on r.role_id = ra.role_id
      where ra.employee_id = ${employeeId}
    ),
    active_records as (
      select er.employment_record_id, er.icd_office_id
      from employment_records er inner join icd_offices o on o.icd_office_id = er.icd_office_id
      where er.employee_id = ${employeeId} and er.employee_status_id = ${active}
    )
    select json_build_object(
      'employee', (
        select json_build_object('EmployeeID', e.employee_id, 'UserName', e.user_name,
          'FirstName', e.first_name, 'LastName', e.last_name, 'EmailAddress', e.email_address,
          'Inactive', e.inactive)
        from employees e where e.employee_id = ${employeeId} limit 1),
      'records', coalesce((
        select json_agg(json_build_object('EmploymentRecordID', a.employment_record_id,
          'IcdOfficeID', a.icd_office_id)) from active_records a), '[]'::json),
      'assignments', coalesce((
        select json_agg(json_build_object('EmploymentRecordID', a.employment_record_id,
          'RoleID', a.role_id, 'Name', a.name, 'ScopeID', a.scope_id, 'GrantTypeID', a.grant_type_id,
          'DivisionID', a.division_id, 'IcdCorporationID', a.icd_corporation_id)) from assigned a), '[]'::json),
      'allKeys', coalesce((select json_agg(p.key) from (select key from permissions) p), '[]'::json),
      'rolePerms', coalesce((
        select json_agg(json_build_object('RoleID', rp.role_id, 'PermissionKey', rp.permission_key,
          'Value', rp.value))
        from (select role_id, permission_key, value from role_permissions
              where role_id in (select role_id from assigned)) rp), '[]'::json),
      'recordDivisions', coalesce((
        select json_agg(d.division_id)
        from (select division_id from employment_record_divisions
              where employment_record_id in (select employment_record_id from active_records)) d),
        '[]'::json),
      'divisionOffices', coalesce((
        select json_agg(json_build_object('DivisionID', od.division_id, 'IcdOfficeID', od.icd_office_id))
        from office_divisions od
        where od.division_id in (select division_id from assigned where division_id is not null)),
        '[]'::json),
      'corporationOffices', coalesce((
        select json_agg(json_build_object('IcdCorporationID', o.icd_corporation_id,
          'IcdOfficeID', o.icd_office_id))
        from icd_offices o
        where o.icd_corporation_id in (
          select icd_corporation_id from assigned where icd_corporation_id is not null)),
        '[]'::json),
      'claims', coalesce((
        select json_agg(json_build_object('ClaimType', c.claim_type, 'ClaimValue', c.claim_value,
          'PermissionKey', c.permission_key, 'Value', c.value))
        from (select claim_type, claim_value, permission_key, value from claim_permissions) c),
        '[]'::json),
      'own', coalesce((
        select json_agg(json_build_object('PermissionKey', ep.permission_key, 'Value', ep.value))
        from (select permission_key, value from employee_permissions
              where employee_id = ${employeeId}) ep), '[]'::json),
      'session', ${
        sessionHash === null
          ? sql`null::json`
          : sql`(select json_build_object('SessionHash', s.session_hash, 'EmployeeID', s.employee_id,
                'ProxyByEmployeeID', s.proxy_by_employee_id, 'ExpiresAt', s.expires_at,
                'LastSeenAt', s.last_seen_at)
              from sessions s where s.session_hash = ${sessionHash} and s.revoked_at is null limit 1)`
      }
    ) as facts`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { facts: AccessFacts }[] }).rows) as {
    facts: AccessFacts;
  }[];
  return rows[0].facts;
}

/** Every grant of the employee in precedence order, each with the offices it reaches. */
function grantSources(facts: AccessFacts, userName: string): Source[] {
  const { records } = facts;
  const activeRecordIds = new Set(records.map((r) => r.EmploymentRecordID));
  const ownOffices = new Set(records.map((r) => r.IcdOfficeID));
  // A per-office role only counts while its employment record is active.
  const held = facts.assignments.filter(
    (a) => a.EmploymentRecordID === null || activeRecordIds.has(a.EmploymentRecordID),
  );

  const scopeCache = new Map<string, OfficeScope>();
  function roleOffices(a: (typeof held)[number]): OfficeScope {
    switch (a.ScopeID) {
      case RoleScope.Global:
      case RoleScope.Hidden:
        return 'all';
      case RoleScope.EmploymentRecord: {
        const record = records.find((r) => r.EmploymentRecordID === a.EmploymentRecordID);
        return new Set(record ? [record.IcdOfficeID] : []);
      }
      case RoleScope.Divisional: {
        const cacheKey = `d${a.DivisionID}`;
        if (!scopeCache.has(cacheKey)) {
          const rows = a.DivisionID ? facts.divisionOffices.filter((r) => r.DivisionID === a.DivisionID) : [];
          scopeCache.set(cacheKey, new Set(rows.map((r) => r.IcdOfficeID)));
        }
        return scopeCache.get(cacheKey)!;
      }
      case RoleScope.Organizational: {
        const cacheKey = `c${a.IcdCorporationID}`;
        if (!scopeCache.has(cacheKey)) {
          const rows = a.IcdCorporationID
            ? facts.corporationOffices.filter((r) => r.IcdCorporationID === a.IcdCorporationID)
            : [];
          scopeCache.set(cacheKey, new Set(rows.map((r) => r.IcdOfficeID)));
        }
        return scopeCache.get(cacheKey)!;
      }
      default:
        return new Set();
    }
  }

  const { claims } = facts;
  const sources: Source[] = [];
  for (const a of held) {
    const offices = roleOffices(a);
    if (a.GrantTypeID === GrantType.GrantAll) {
      // "All" means every capability; being an onboarding applicant is a status, not a capability.
      for (const key of facts.allKeys)
        if (key !== ONBOARDING_PERMISSION)
          sources.push({ key, value: 'true', offices, kind: 'role', from: a.Name });
    } else if (a.GrantTypeID === GrantType.GrantRole) {
      for (const p of facts.rolePerms.filter((p) => p.RoleID === a.RoleID))
        sources.push({ key: p.PermissionKey, value: p.Value, offices, kind: 'role', from: a.Name });
    } else if (a.GrantTypeID === GrantType.GrantClaims) {
      for (const c of claims.filter((c) => c.ClaimType === 'role' && c.ClaimValue === a.Name))
        sources.push({ key: c.PermissionKey, value: c.Value, offices, kind: 'role', from: a.Name });
    }
  }
  // Other claims: the user's offices, divisions and user name.
  const userClaims = new Set<string>([
    ...[...ownOffices].map((id) => `office|${id}`),
    ...facts.recordDivisions.map((d) => `division|${d}`),
  ]);
  userClaims.add(`userName|${userName.toLowerCase()}`);
  for (const c of claims) {
    if (c.ClaimType === 'role') continue;
    const matches =
      c.ClaimValue === null
        ? [...userClaims].some((u) => u.startsWith(`${c.ClaimType}|`))
        : userClaims.has(`${c.ClaimType}|${c.ClaimValue.toLowerCase()}`);
    if (matches)
      sources.push({
        key: c.PermissionKey,
        value: c.Value,
        offices: ownOffices,
        kind: 'claim',
        from: `${c.ClaimType}|${c.ClaimValue ?? '*'}`,
      });
  }
  for (const p of facts.own)
    sources.push({ key: p.PermissionKey, value: p.Value, offices: ownOffices, kind: 'employee', from: null });
  return sources;
}

/** Whether an office is inside a scope. */
export function inScope(scope: OfficeScope, officeId: number): boolean {
  return scope === 'all' || scope.has(officeId);
}
