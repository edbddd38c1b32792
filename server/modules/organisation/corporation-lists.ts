// Corporation lists and report: statuses, managed, by module, module permissions, by employee, and the
// company status inquiry report.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import { CORPORATION_STATUS_NAMES, type InquiryRow } from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import {
  corporationTaxInfo,
  divisions,
  employmentRecords,
  icdOffices,
  modules,
  officeDivisions,
} from '../../db/tables';
import type { Actor } from '../access/service';
import { getCorporation, listCorporations } from './corporations-service';
import { idCondition, notFound, orgScopeOf } from './scope';

export const corporationStatuses = () =>
  Object.entries(CORPORATION_STATUS_NAMES).map(([id, Name]) => ({ CorporationStatusID: Number(id), Name }));

export async function corporationStatusList(p: { db: Db; actor: Actor }) {
  const list = await listCorporations({ ...p, query: {} });
  return list.map((c) => ({
    IcdCorporationID: c.IcdCorporationID,
    ClientName: c.ClientName,
    Owner: c.Owner,
    CorporationStatusID: c.CorporationStatusID,
    StatusName: c.StatusName,
  }));
}

export async function managedCorporations(p: { db: Db; actor: Actor }) {
  return (await listCorporations({ ...p, query: {} })).filter((c) => c.Access.CanUpdate);
}

export async function corporationsByModule(p: { db: Db; actor: Actor; moduleId: number }) {
  return (await listCorporations({ ...p, query: {} })).filter((c) => c.ModuleIDs.includes(p.moduleId));
}

export async function corporationModulePermissions(p: { db: Db; actor: Actor; id: number }) {
  const scope = await orgScopeOf(p.db, p.actor);
  const corp = await getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
  const all = await p.db.select().from(modules).orderBy(asc(modules.ModuleID));
  return all.map((m) => {
    const Enabled = corp.ModuleIDs.includes(m.ModuleID);
    return { ModuleID: m.ModuleID, Name: m.Name, Enabled, CanRead: Enabled, CanUpdate: scope.isAdmin };
  });
}

export async function corporationByEmployee(p: { db: Db; actor: Actor; employeeId: number }) {
  const scope = await orgScopeOf(p.db, p.actor);
  const records = await p.db
    .select({
      office: employmentRecords.IcdOfficeID,
      corp: icdOffices.IcdCorporationID,
      status: employmentRecords.EmployeeStatusID,
    })
    .from(employmentRecords)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(eq(employmentRecords.EmployeeID, p.employeeId))
    .orderBy(asc(employmentRecords.EmployeeStatusID), asc(employmentRecords.EmploymentRecordID));
  const visible = records.find((r) => scope.readOffices === 'all' || scope.readOffices.has(r.office));
  if (!visible) throw notFound('The corporation of this employee');
  return getCorporation({ db: p.db, actor: p.actor, id: visible.corp, scope });
}

// ---- the company status inquiry report --------------------------------------------------------------

export async function corporationInquiry(p: {
  db: Db;
  actor: Actor;
  query: { statusID?: number; countryID?: number; search?: string };
}): Promise<InquiryRow[]> {
  const scope = await orgScopeOf(p.db, p.actor);
  const corps = await listCorporations({ db: p.db, actor: p.actor, query: p.query });
  const ids = corps.map((c) => c.IcdCorporationID);
  if (!ids.length) return [];
  const people = await p.db
    .select({
      corp: icdOffices.IcdCorporationID,
      status: employmentRecords.EmployeeStatusID,
      n: sql<number>`count(distinct ${employmentRecords.EmployeeID})::int`,
    })
    .from(employmentRecords)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
    .where(
      and(inArray(icdOffices.IcdCorporationID, ids), idCondition(scope.readOffices, icdOffices.IcdOfficeID)),
    )
    .groupBy(icdOffices.IcdCorporationID, employmentRecords.EmployeeStatusID);
  const divs = await p.db
    .selectDistinct({ corp: icdOffices.IcdCorporationID, name: divisions.Name })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .innerJoin(divisions, eq(divisions.DivisionID, officeDivisions.DivisionID))
    .where(inArray(icdOffices.IcdCorporationID, ids))
    .orderBy(asc(divisions.Name));
  const tax = await p.db
    .select({ id: corporationTaxInfo.IcdCorporationID })
    .from(corporationTaxInfo)
    .where(inArray(corporationTaxInfo.IcdCorporationID, ids));
  const count = (corp: number, status: number) =>
    people.find((x) => x.corp === corp && x.status === status)?.n ?? 0;
  return corps.map((c) => ({
    IcdCorporationID: c.IcdCorporationID,
    ClientName: c.ClientName,
    Owner: c.Owner,
    CorporationStatusID: c.CorporationStatusID,
    StatusName: c.StatusName,
    CountryName: c.CountryName,
    OfficeCount: c.OfficeCount,
    ActiveEmployeeCount: count(c.IcdCorporationID, EmployeeStatus.Active),
    TerminatedEmployeeCount: count(c.IcdCorporationID, EmployeeStatus.Terminated),
    PendingEmployeeCount: count(c.IcdCorporationID, EmployeeStatus.Pending),
    Divisions: divs.filter((d) => d.corp === c.IcdCorporationID).map((d) => d.name),
    HasTaxInfo: tax.some((t) => t.id === c.IcdCorporationID),
    CreatedAt: c.CreatedAt,
  }));
}
