// Reading employees: the paged list (search, filters, sort), one employee with their employment
// records in scope, several at once (details) and the roster. The SSN is masked unless the caller
// holds employees:viewSensitive.
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import {
  type EmployeeDetail,
  type EmployeeListItem,
  type EmployeeOffice,
  type EmployeePage,
  type EmployeeQuery,
  type IdFlags,
  maskSsn,
  type RosterEntry,
} from '../../../src/contract/employees';
import type { Db } from '../../db/client';
import {
  corporations,
  employeeProfileImages,
  employees,
  employmentRecordDivisions,
  employmentRecordModules,
  employmentRecords,
  icdOffices,
  roleAssignments,
  roles,
} from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { forbidden, notFound } from '../../errors';
import { type Actor, inScope, type OfficeScope } from '../access/service';
import {
  canViewSensitive,
  type DbOrTx,
  EMPLOYEE,
  fullName,
  num,
  officeCondition,
  reaches,
  readScope,
  scopeIsEmpty,
  writeScope,
} from './scope';

const CHANGE_GLOBAL_ROLES = 'admin:permissions';

type Query = ReturnType<typeof EmployeeQuery.parse>;

function recordCondition(scope: OfficeScope, q: Partial<Query>): SQL {
  const parts: (SQL | undefined)[] = [
    sql`er.employee_id = ${employees.EmployeeID}`,
    scope === 'all'
      ? undefined
      : scope.size === 0
        ? sql`false`
        : sql`er.icd_office_id in (${sql.join(
            [...scope].map((id) => sql`${id}`),
            sql`, `,
          )})`,
    q.icdOfficeId ? sql`er.icd_office_id = ${q.icdOfficeId}` : undefined,
    q.employeeStatusId ? sql`er.employee_status_id = ${q.employeeStatusId}` : undefined,
    q.divisionId
      ? sql`exists (select 1 from employment_record_divisions d where d.employment_record_id = er.employment_record_id and d.division_id = ${q.divisionId})`
      : undefined,
    q.moduleId
      ? sql`exists (select 1 from employment_record_modules m where m.employment_record_id = er.employment_record_id and m.module_id = ${q.moduleId})`
      : undefined,
  ];
  return sql`exists (select 1 from employment_records er where ${sql.join(
    parts.filter((p): p is SQL => !!p),
    sql` and `,
  )})`;
}

/** The where-condition of a list: scope, then the filters. */
function listCondition(actor: Actor, q: Query, roleName?: string): SQL | undefined {
  const scope = readScope(actor);
  if (scopeIsEmpty(scope)) throw forbidden();
  if (q.icdOfficeId && !inScope(scope, q.icdOfficeId)) throw forbidden();
  const needsRecord = scope !== 'all' || q.icdOfficeId || q.employeeStatusId || q.divisionId || q.moduleId;
  const search = q.search?.trim();
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    needsRecord ? recordCondition(scope, q) : undefined,
    q.username ? sql`lower(${employees.UserName}) = lower(${q.username})` : undefined,
    q.inactive ? eq(employees.Inactive, q.inactive === 'true') : undefined,
    q.roleId
      ? sql`exists (select 1 from role_assignments ra where ra.employee_id = ${employees.EmployeeID} and ra.role_id = ${q.roleId})`
      : undefined,
    roleName
      ? sql`exists (select 1 from role_assignments ra inner join roles r on r.role_id = ra.role_id where ra.employee_id = ${employees.EmployeeID} and lower(r.name) = lower(${roleName}))`
      : undefined,
    like
      ? or(
          sql`${employees.FirstName} || ' ' || ${employees.LastName} ilike ${like}`,
          sql`${employees.UserName} ilike ${like}`,
          sql`coalesce(${employees.EmailAddress}, '') ilike ${like}`,
          sql`coalesce(${employees.ADPEmployeeID}, '') ilike ${like}`,
        )
      : undefined,
    eq(employees.IsServiceAccount, false),
  );
}

const SORT_COLUMNS = {
  LastName: [employees.LastName, employees.FirstName],
  FirstName: [employees.FirstName, employees.LastName],
  UserName: [employees.UserName],
  EmailAddress: [employees.EmailAddress],
  CreatedAt: [employees.CreatedAt],
} as const;

export async function listEmployees(p: {
  db: Db;
  actor: Actor;
  query: Query;
  roleName?: string;
}): Promise<EmployeePage> {
  const { db, actor, query } = p;
  const where = listCondition(actor, query, p.roleName);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(employees).where(where);
  const dir = query.desc === 'true' ? desc : asc;
  const order = SORT_COLUMNS[query.sort].map((c) =>
    c === employees.EmailAddress ? dir(sql`lower(coalesce(${c}, ''))`) : dir(sql`lower(${c}::text)`),
  );
  const rows = await db
    .select()
    .from(employees)
    .where(where)
    .orderBy(...order, asc(employees.EmployeeID))
    .limit(query.pageSize)
    .offset(query.pageIndex * query.pageSize);
  return {
    Items: await listItems(db, actor, rows),
    TotalCount: total,
    PageIndex: query.pageIndex,
    PageSize: query.pageSize,
  };
}

async function listItems(
  db: DbOrTx,
  actor: Actor,
  rows: (typeof employees.$inferSelect)[],
): Promise<EmployeeListItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.EmployeeID);
  const scope = readScope(actor);
  const records = await db
    .select({
      EmployeeID: employmentRecords.EmployeeID,
      IcdOfficeID: employmentRecords.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      EmployeeStatusID: employmentRecords.EmployeeStatusID,
      JobTitleID: employmentRecords.JobTitleID,
    })
    .from(employmentRecords)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(
      and(inArray(employmentRecords.EmployeeID, ids), officeCondition(scope, employmentRecords.IcdOfficeID)),
    )
    .orderBy(asc(icdOffices.OfficeName));
  const roleRows = await db
    .selectDistinct({ EmployeeID: roleAssignments.EmployeeID, Name: roles.Name })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.RoleID, roleAssignments.RoleID))
    .leftJoin(employmentRecords, eq(employmentRecords.EmploymentRecordID, roleAssignments.EmploymentRecordID))
    .where(
      and(
        inArray(roleAssignments.EmployeeID, ids),
        or(
          isNull(roleAssignments.EmploymentRecordID),
          officeCondition(scope, employmentRecords.IcdOfficeID) ?? sql`true`,
        ),
      ),
    )
    .orderBy(asc(roles.Name));
  const sensitive = canViewSensitive(actor);
  return rows.map((r) => ({
    EmployeeID: r.EmployeeID,
    FirstName: r.FirstName,
    LastName: r.LastName,
    FullName: fullName(r),
    UserName: r.UserName,
    EmailAddress: r.EmailAddress,
    Inactive: r.Inactive,
    SSN: sensitive ? r.SSN : maskSsn(r.SSN),
    Offices: records.filter((o) => o.EmployeeID === r.EmployeeID).map(({ EmployeeID: _e, ...o }) => o),
    Roles: roleRows.filter((x) => x.EmployeeID === r.EmployeeID).map((x) => x.Name),
    CreatedAt: r.CreatedAt.toISOString(),
  }));
}

const flags = (ids: readonly number[]): IdFlags => Object.fromEntries(ids.map((id) => [String(id), true]));

/** One employee as the caller may see them (null when absent or out of scope). */
export async function detailOf(db: DbOrTx, actor: Actor, employeeId: number): Promise<EmployeeDetail | null> {
  const [e] = await db.select().from(employees).where(eq(employees.EmployeeID, employeeId));
  if (!e) return null;
  const all = await db
    .select({
      record: employmentRecords,
      OfficeName: icdOffices.OfficeName,
      IcdCorporationID: icdOffices.IcdCorporationID,
      CorporationName: corporations.ClientName,
    })
    .from(employmentRecords)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .innerJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
    .where(eq(employmentRecords.EmployeeID, employeeId))
    .orderBy(asc(employmentRecords.EmploymentRecordID));
  const scope = readScope(actor);
  const writable = writeScope(actor);
  if (
    !reaches(
      scope,
      all.map((r) => r.record.IcdOfficeID),
    )
  )
    return null;
  const records = all.filter((r) => inScope(scope, r.record.IcdOfficeID));
  const recordIds = records.map((r) => r.record.EmploymentRecordID);
  const [divs, mods, assigned, [image]] = await allOrFirstError(db, [
    () =>
      recordIds.length
        ? db
            .select()
            .from(employmentRecordDivisions)
            .where(inArray(employmentRecordDivisions.EmploymentRecordID, recordIds))
        : [],
    () =>
      recordIds.length
        ? db
            .select()
            .from(employmentRecordModules)
            .where(inArray(employmentRecordModules.EmploymentRecordID, recordIds))
        : [],
    () => db.select().from(roleAssignments).where(eq(roleAssignments.EmployeeID, employeeId)),
    () =>
      db
        .select({ EmployeeID: employeeProfileImages.EmployeeID })
        .from(employeeProfileImages)
        .where(eq(employeeProfileImages.EmployeeID, employeeId)),
  ] as const);
  const offices: EmployeeOffice[] = records.map(({ record: r, ...o }) => ({
    EmploymentRecordID: r.EmploymentRecordID,
    IcdOfficeID: r.IcdOfficeID,
    OfficeName: o.OfficeName,
    IcdCorporationID: o.IcdCorporationID,
    CorporationName: o.CorporationName,
    EmployeeStatusID: r.EmployeeStatusID,
    PayFrequencyID: r.PayFrequencyID,
    BasisOfPayID: r.BasisOfPayID,
    HireDate: r.HireDate,
    TerminationDate: r.TerminationDate,
    TerminationReasonID: r.TerminationReasonID,
    TerminationReasonExtra: r.TerminationReasonExtra,
    JobTitleID: r.JobTitleID,
    PayRate: num(r.PayRate),
    CommissionThreshold: num(r.CommissionThreshold),
    CompensationProfileID: r.CompensationProfileID,
    DefaultHours: num(r.DefaultHours),
    Salary: num(r.Salary),
    Garnishment: num(r.Garnishment),
    TimeClock: r.TimeClock,
    RequireBreak: r.RequireBreak,
    IsOnPayroll: r.IsOnPayroll,
    TrackRealTime: r.TrackRealTime,
    Divisions: divs
      .filter((d) => d.EmploymentRecordID === r.EmploymentRecordID)
      .map((d) => d.DivisionID)
      .sort((a, b) => a - b),
    Roles: flags(assigned.filter((a) => a.EmploymentRecordID === r.EmploymentRecordID).map((a) => a.RoleID)),
    AdministeredModules: flags(
      mods.filter((m) => m.EmploymentRecordID === r.EmploymentRecordID).map((m) => m.ModuleID),
    ),
    OnboardingApplicationID: r.OnboardingApplicationID,
    CanUpdate: inScope(writable, r.IcdOfficeID),
  }));
  const sensitive = canViewSensitive(actor);
  return {
    EmployeeID: e.EmployeeID,
    FirstName: e.FirstName,
    MiddleName: e.MiddleName,
    LastName: e.LastName,
    FullName: fullName(e),
    UserName: e.UserName,
    EmailAddress: e.EmailAddress,
    Inactive: e.Inactive,
    InactiveDate: e.InactiveDate,
    GlobalSiteID: e.GlobalSiteID,
    UniqueID: e.UniqueID,
    ADPEmployeeID: e.ADPEmployeeID,
    MeridianEmployeeID: e.MeridianEmployeeID,
    GlobalRoles: flags(assigned.filter((a) => a.EmploymentRecordID === null).map((a) => a.RoleID)),
    HasPassword: !!e.PasswordHash,
    HasImage: !!image,
    SSN: sensitive ? e.SSN : maskSsn(e.SSN),
    IcdOffices: offices,
    Version: e.Version,
    CreatedAt: e.CreatedAt.toISOString(),
    Access: {
      CanUpdate: reaches(
        writable,
        all.map((r) => r.record.IcdOfficeID),
      ),
      CanViewSensitive: sensitive,
      CanChangeGlobalRoles: actor.has(CHANGE_GLOBAL_ROLES),
    },
  };
}

export async function getEmployee(p: { db: Db; actor: Actor; id: number }): Promise<EmployeeDetail> {
  const detail = await detailOf(p.db, p.actor, p.id);
  if (!detail) throw notFound(EMPLOYEE);
  return detail;
}

/** Several employees (those out of scope are left out); no ids: the caller's own record. */
export async function employeeDetails(p: {
  db: Db;
  actor: Actor;
  ids?: number[];
}): Promise<EmployeeDetail[]> {
  const ids = p.ids?.length ? [...new Set(p.ids)].slice(0, 100) : [p.actor.EmployeeID];
  const out: EmployeeDetail[] = [];
  for (const id of ids) {
    const d =
      id === p.actor.EmployeeID && !p.ids?.length
        ? await detailOf(p.db, selfActor(p.actor), id)
        : await detailOf(p.db, p.actor, id);
    if (d) out.push(d);
  }
  return out;
}

/** The caller reading their own record: visible whatever their employees scope. */
function selfActor(actor: Actor): Actor {
  return {
    ...actor,
    offices: (key) => {
      const scope = actor.offices(key);
      return key === 'employees:read' && scope !== 'all' ? 'all' : scope;
    },
    has: actor.has,
  };
}

export async function roster(p: { db: Db; actor: Actor; officeId?: number }): Promise<RosterEntry[]> {
  const scope = readScope(p.actor);
  if (scopeIsEmpty(scope)) throw forbidden();
  if (p.officeId !== undefined) {
    if (!inScope(scope, p.officeId)) throw notFound('The office');
    const [office] = await p.db
      .select({ IcdOfficeID: icdOffices.IcdOfficeID })
      .from(icdOffices)
      .where(eq(icdOffices.IcdOfficeID, p.officeId));
    if (!office) throw notFound('The office');
  }
  const rows = await p.db
    .select({
      EmployeeID: employees.EmployeeID,
      EmploymentRecordID: employmentRecords.EmploymentRecordID,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      UserName: employees.UserName,
      IcdOfficeID: employmentRecords.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      EmployeeStatusID: employmentRecords.EmployeeStatusID,
      JobTitleID: employmentRecords.JobTitleID,
      HireDate: employmentRecords.HireDate,
      TimeClock: employmentRecords.TimeClock,
    })
    .from(employmentRecords)
    .innerJoin(employees, eq(employees.EmployeeID, employmentRecords.EmployeeID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(
      and(
        officeCondition(scope, employmentRecords.IcdOfficeID),
        p.officeId !== undefined ? eq(employmentRecords.IcdOfficeID, p.officeId) : undefined,
        inArray(employmentRecords.EmployeeStatusID, [EmployeeStatus.Active, EmployeeStatus.Pending]),
        eq(employees.Inactive, false),
      ),
    )
    .orderBy(asc(icdOffices.OfficeName), asc(employees.LastName), asc(employees.FirstName));
  const ids = rows.map((r) => r.EmploymentRecordID);
  const divs = ids.length
    ? await p.db
        .select()
        .from(employmentRecordDivisions)
        .where(inArray(employmentRecordDivisions.EmploymentRecordID, ids))
    : [];
  return rows.map(({ FirstName, LastName, ...r }) => ({
    ...r,
    FullName: `${FirstName} ${LastName}`,
    Divisions: divs.filter((d) => d.EmploymentRecordID === r.EmploymentRecordID).map((d) => d.DivisionID),
  }));
}
