// Corporations: list (sorted by Owner then ClientName, case-insensitively; or the ones the caller may
// update first), page, read, create/delete (organisation:admin), update (organisation:manage in scope;
// status and modules by an administrator only), logo, tax information and deductions, statuses,
// managed, by module, module permissions, by employee, and the company status inquiry report.
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { EmployeeStatus } from '../../../src/contract/common';
import {
  CORPORATION_STATUS_NAMES,
  COUNTRY_NAMES,
  type Corporation,
  type CorporationSaveData,
  type CorporationUpdateData,
  FEDERAL_TAX_PATTERNS,
  type InquiryRow,
  LOGO_MAX_BYTES,
  type TaxInfo,
  type TaxInfoSaveData,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import {
  corporationModules,
  corporations,
  corporationTaxInfo,
  divisions,
  employmentRecords,
  icdOffices,
  modules,
  officeDivisions,
} from '../../db/tables';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import { escapeLike } from './offices-service';
import {
  conflict,
  type DbOrTx,
  fieldError,
  forbidden,
  idCondition,
  inIds,
  notFound,
  type OrgScope,
  orgScopeOf,
  requireAdmin,
} from './scope';

const CORPORATION = 'The corporation';

// Every column but the logo's bytes (lists never read them).
const { Logo: _logo, ...corpColumns } = getTableColumns(corporations);

type CorpRow = {
  corp: Omit<typeof corporations.$inferSelect, 'Logo'>;
  HasLogo: boolean;
  OfficeCount: number;
};

function corpsFrom(db: DbOrTx) {
  return db
    .select({
      corp: corpColumns,
      HasLogo: sql<boolean>`${corporations.Logo} is not null`,
      OfficeCount: sql<number>`(select count(*)::int from ${icdOffices} o where o.icd_corporation_id = "corporations"."icd_corporation_id")`,
    })
    .from(corporations)
    .$dynamic();
}

async function modulesOf(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(corporationModules)
    .where(inArray(corporationModules.IcdCorporationID, ids))
    .orderBy(asc(corporationModules.ModuleID));
  for (const r of rows) out.set(r.IcdCorporationID, [...(out.get(r.IcdCorporationID) ?? []), r.ModuleID]);
  return out;
}

async function toWire(db: DbOrTx, scope: OrgScope, rows: CorpRow[]): Promise<Corporation[]> {
  const mods = await modulesOf(
    db,
    rows.map((r) => r.corp.IcdCorporationID),
  );
  return rows.map(({ corp, HasLogo, OfficeCount }) => ({
    IcdCorporationID: corp.IcdCorporationID,
    Owner: corp.Owner,
    ClientName: corp.ClientName,
    CorporationStatusID: corp.CorporationStatusID,
    StatusName: CORPORATION_STATUS_NAMES[corp.CorporationStatusID] ?? '',
    CountryID: corp.CountryID,
    CountryName: COUNTRY_NAMES[corp.CountryID] ?? '',
    EmailAddress: corp.EmailAddress,
    PhoneNumber: corp.PhoneNumber,
    HasLogo,
    OfficeCount,
    ModuleIDs: mods.get(corp.IcdCorporationID) ?? [],
    Access: { CanUpdate: inIds(scope.manageCorps, corp.IcdCorporationID) },
    Version: corp.Version,
    CreatedAt: corp.CreatedAt.toISOString(),
  }));
}

interface CorpQuery {
  search?: string;
  statusID?: number;
  countryID?: number;
  sort?: 'owner' | 'canUpdate';
}

function where(scope: OrgScope, q: CorpQuery): SQL | undefined {
  const search = q.search?.trim();
  return and(
    idCondition(scope.readCorps, corporations.IcdCorporationID),
    q.statusID ? eq(corporations.CorporationStatusID, q.statusID) : undefined,
    q.countryID ? eq(corporations.CountryID, q.countryID) : undefined,
    search
      ? or(
          ilike(corporations.ClientName, `%${escapeLike(search)}%`),
          ilike(corporations.Owner, `%${escapeLike(search)}%`),
        )
      : undefined,
  );
}

function order(scope: OrgScope, q: CorpQuery): SQL[] {
  const byOwner = [
    asc(sql`lower(${corporations.Owner})`),
    asc(sql`lower(${corporations.ClientName})`),
    asc(corporations.IcdCorporationID),
  ];
  // Every or none updatable: the order by owner alone.
  if (q.sort !== 'canUpdate' || scope.manageCorps === 'all' || scope.manageCorps.size === 0) return byOwner;
  const canUpdate = inArray(corporations.IcdCorporationID, [...scope.manageCorps]);
  return [desc(canUpdate), ...byOwner];
}

export async function listCorporations(p: {
  db: Db;
  actor: Actor;
  query: CorpQuery;
}): Promise<Corporation[]> {
  const scope = await orgScopeOf(p.db, p.actor);
  const rows = await corpsFrom(p.db)
    .where(where(scope, p.query))
    .orderBy(...order(scope, p.query));
  return toWire(p.db, scope, rows);
}

export async function pageCorporations(p: {
  db: Db;
  actor: Actor;
  page: number;
  query: CorpQuery & { pageSize: number };
}) {
  const scope = await orgScopeOf(p.db, p.actor);
  const cond = where(scope, p.query);
  const [{ n }] = await p.db.select({ n: sql<number>`count(*)::int` }).from(corporations).where(cond);
  const rows = await corpsFrom(p.db)
    .where(cond)
    .orderBy(...order(scope, p.query))
    .limit(p.query.pageSize)
    .offset(p.page * p.query.pageSize);
  return {
    Items: await toWire(p.db, scope, rows),
    TotalCount: n,
    PageIndex: p.page,
    PageSize: p.query.pageSize,
  };
}

async function corpRow(db: DbOrTx, id: number): Promise<CorpRow | undefined> {
  const [row] = await corpsFrom(db).where(eq(corporations.IcdCorporationID, id)).limit(1);
  return row;
}

export async function getCorporation(p: {
  db: DbOrTx;
  actor: Actor;
  id: number;
  scope?: OrgScope;
}): Promise<Corporation> {
  const scope = p.scope ?? (await orgScopeOf(p.db, p.actor));
  const row = await corpRow(p.db, p.id);
  if (!row || !inIds(scope.readCorps, p.id)) throw notFound(CORPORATION);
  return (await toWire(p.db, scope, [row]))[0];
}

async function checkModules(db: DbOrTx, ids: number[] | undefined) {
  if (!ids?.length) return;
  const wanted = [...new Set(ids)];
  const known = await db
    .select({ id: modules.ModuleID })
    .from(modules)
    .where(inArray(modules.ModuleID, wanted));
  if (known.length !== wanted.length) throw fieldError('ModuleIDs', 'Unknown module');
}

async function uniqueClientName(db: DbOrTx, name: string, exceptId?: number) {
  const [other] = await db
    .select({ id: corporations.IcdCorporationID })
    .from(corporations)
    .where(sql`lower(${corporations.ClientName}) = lower(${name})`);
  if (other && other.id !== exceptId) throw fieldError('ClientName', 'Another corporation has this name');
}

export async function createCorporation(p: {
  db: Db;
  actor: Actor;
  body: CorporationSaveData;
}): Promise<Corporation> {
  requireAdmin(p.actor);
  await checkModules(p.db, p.body.ModuleIDs);
  await uniqueClientName(p.db, p.body.ClientName);
  const id = await p.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(corporations)
      .values({
        Owner: p.body.Owner,
        ClientName: p.body.ClientName,
        CorporationStatusID: p.body.CorporationStatusID,
        CountryID: p.body.CountryID,
        EmailAddress: p.body.EmailAddress,
        PhoneNumber: p.body.PhoneNumber,
      })
      .returning({ id: corporations.IcdCorporationID });
    const mods = [...new Set(p.body.ModuleIDs ?? [])];
    if (mods.length)
      await tx
        .insert(corporationModules)
        .values(mods.map((ModuleID) => ({ IcdCorporationID: row.id, ModuleID })));
    return row.id;
  });
  return getCorporation({ db: p.db, actor: p.actor, id });
}

export async function updateCorporation(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: CorporationUpdateData;
}): Promise<Corporation> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
  if (!current.Access.CanUpdate) throw forbidden();
  const modulesChange =
    p.body.ModuleIDs !== undefined &&
    [...new Set(p.body.ModuleIDs)].sort((a, b) => a - b).join() !== current.ModuleIDs.join();
  if (!scope.isAdmin) {
    const errors: Record<string, string[]> = {};
    if (p.body.CorporationStatusID !== current.CorporationStatusID)
      errors.CorporationStatusID = ['Only an administrator may change the status'];
    if (p.body.CountryID !== current.CountryID)
      errors.CountryID = ['Only an administrator may change the country'];
    if (modulesChange) errors.ModuleIDs = ['Only an administrator may change the modules'];
    if (Object.keys(errors).length)
      throw new AppError(403, 'Only an administrator may change this.', { Errors: errors });
  }
  await checkModules(p.db, p.body.ModuleIDs);
  await uniqueClientName(p.db, p.body.ClientName, p.id);
  const ok = await p.db.transaction(async (tx) => {
    const updated = await tx
      .update(corporations)
      .set({
        Owner: p.body.Owner,
        ClientName: p.body.ClientName,
        CorporationStatusID: p.body.CorporationStatusID,
        CountryID: p.body.CountryID,
        EmailAddress: p.body.EmailAddress,
        PhoneNumber: p.body.PhoneNumber,
        UpdatedAt: new Date(),
        Version: sql`${corporations.Version} + 1`,
      })
      .where(and(eq(corporations.IcdCorporationID, p.id), eq(corporations.Version, p.body.Version)))
      .returning({ id: corporations.IcdCorporationID });
    if (!updated.length) return false;
    if (modulesChange) {
      await tx.delete(corporationModules).where(eq(corporationModules.IcdCorporationID, p.id));
      const mods = [...new Set(p.body.ModuleIDs ?? [])];
      if (mods.length)
        await tx
          .insert(corporationModules)
          .values(mods.map((ModuleID) => ({ IcdCorporationID: p.id, ModuleID })));
    }
    return true;
  });
  if (!ok) throw conflict(await getCorporation({ db: p.db, actor: p.actor, id: p.id, scope }));
  return getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
}

export async function deleteCorporation(p: {
  db: Db;
  actor: Actor;
  id: number;
  version?: number;
}): Promise<void> {
  requireAdmin(p.actor);
  const current = await getCorporation({ db: p.db, actor: p.actor, id: p.id });
  if (p.version !== undefined && p.version !== current.Version) throw conflict(current);
  if (current.OfficeCount > 0)
    throw new AppError(
      409,
      `The corporation has ${current.OfficeCount} office(s); delete or move them first.`,
    );
  try {
    await p.db.delete(corporations).where(eq(corporations.IcdCorporationID, p.id));
  } catch {
    throw new AppError(
      409,
      'The corporation still has records (roles, lead groups…); make it inactive instead.',
    );
  }
}

// ---- logo -------------------------------------------------------------------------------------------

/** The image type by its first bytes (gif, jpeg or png), or null. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  return null;
}

export async function getLogo(p: { db: Db; actor: Actor; id: number }) {
  await getCorporation(p);
  const [row] = await p.db
    .select({
      Logo: corporations.Logo,
      Type: corporations.LogoContentType,
      Name: corporations.LogoFileName,
      Version: corporations.Version,
    })
    .from(corporations)
    .where(eq(corporations.IcdCorporationID, p.id));
  if (!row?.Logo) throw notFound('The logo');
  return row;
}

export async function putLogo(p: {
  db: Db;
  actor: Actor;
  id: number;
  bytes: Buffer;
  declaredType: string;
  fileName: string | null;
}): Promise<Corporation> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
  if (!current.Access.CanUpdate) throw forbidden();
  if (p.bytes.length === 0) throw fieldError('logo', 'Choose an image', 'The logo is empty.');
  if (p.bytes.length > LOGO_MAX_BYTES)
    throw fieldError('logo', 'At most 1 MB', 'The logo is larger than 1 MB.');
  const type = imageTypeOf(p.bytes);
  const declared = p.declaredType.split(';')[0].trim().toLowerCase();
  if (
    !type ||
    (declared !== 'application/octet-stream' &&
      declared !== type &&
      !(declared === 'image/jpg' && type === 'image/jpeg'))
  )
    throw fieldError('logo', 'Use a gif, jpeg or png image', 'The logo is not a gif, jpeg or png image.');
  await p.db
    .update(corporations)
    .set({
      Logo: p.bytes,
      LogoContentType: type,
      LogoFileName: p.fileName,
      UpdatedAt: new Date(),
      Version: sql`${corporations.Version} + 1`,
    })
    .where(eq(corporations.IcdCorporationID, p.id));
  return getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
}

export async function deleteLogo(p: { db: Db; actor: Actor; id: number }): Promise<void> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await getCorporation({ db: p.db, actor: p.actor, id: p.id, scope });
  if (!current.Access.CanUpdate) throw forbidden();
  await p.db
    .update(corporations)
    .set({ Logo: null, LogoContentType: null, LogoFileName: null, Version: sql`${corporations.Version} + 1` })
    .where(eq(corporations.IcdCorporationID, p.id));
}

// ---- tax information --------------------------------------------------------------------------------

async function managedCorporation(db: Db, actor: Actor, id: number) {
  const scope = await orgScopeOf(db, actor);
  const corp = await getCorporation({ db, actor, id, scope });
  // Tax information is for those who may update the corporation: others do not learn it exists.
  if (!corp.Access.CanUpdate) throw notFound(CORPORATION);
  return corp;
}

async function taxInfoOf(db: DbOrTx, corp: Corporation): Promise<TaxInfo> {
  const [row] = await db
    .select()
    .from(corporationTaxInfo)
    .where(eq(corporationTaxInfo.IcdCorporationID, corp.IcdCorporationID));
  return {
    IcdCorporationID: corp.IcdCorporationID,
    CountryID: corp.CountryID,
    FederalTaxNumber: row?.FederalTaxNumber ?? null,
    StateTaxNumber: row?.StateTaxNumber ?? null,
    WorkersCompNumber: row?.WorkersCompNumber ?? null,
    Deductions: ((row?.Deductions ?? []) as TaxInfo['Deductions']).map((d) => ({
      Name: d.Name,
      DeductionTypeID: d.DeductionTypeID,
      Rate: d.Rate ?? null,
      Amount: d.Amount ?? null,
      IsActive: d.IsActive ?? true,
    })),
    Version: row?.Version ?? 0,
  };
}

export async function getTaxInfo(p: { db: Db; actor: Actor; id: number }): Promise<TaxInfo> {
  return taxInfoOf(p.db, await managedCorporation(p.db, p.actor, p.id));
}

export async function saveTaxInfo(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: TaxInfoSaveData;
}): Promise<TaxInfo> {
  const corp = await managedCorporation(p.db, p.actor, p.id);
  const rule = FEDERAL_TAX_PATTERNS[corp.CountryID];
  const federal = p.body.FederalTaxNumber?.toUpperCase().replace(/\s+/g, '') ?? null;
  if (federal && rule && !rule.pattern.test(federal)) throw fieldError('FederalTaxNumber', rule.message);
  const names = p.body.Deductions.map((d) => d.Name.toLowerCase());
  const dup = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (dup >= 0) throw fieldError(`Deductions.${dup}.Name`, 'Another deduction has this name');
  const values = {
    FederalTaxNumber: federal,
    StateTaxNumber: p.body.StateTaxNumber,
    WorkersCompNumber: p.body.WorkersCompNumber,
    Deductions: p.body.Deductions.map((d) => ({
      Name: d.Name,
      DeductionTypeID: d.DeductionTypeID,
      Rate: d.DeductionTypeID === 1 ? (d.Rate ?? null) : null,
      Amount: d.DeductionTypeID === 2 ? (d.Amount ?? null) : null,
      IsActive: d.IsActive,
    })),
    UpdatedAt: new Date(),
  };
  let saved: boolean;
  if (p.body.Version === 0) {
    saved =
      (
        await p.db
          .insert(corporationTaxInfo)
          .values({ IcdCorporationID: p.id, ...values })
          .onConflictDoNothing()
          .returning({ id: corporationTaxInfo.IcdCorporationID })
      ).length > 0;
  } else {
    saved =
      (
        await p.db
          .update(corporationTaxInfo)
          .set({ ...values, Version: sql`${corporationTaxInfo.Version} + 1` })
          .where(
            and(
              eq(corporationTaxInfo.IcdCorporationID, p.id),
              eq(corporationTaxInfo.Version, p.body.Version),
            ),
          )
          .returning({ id: corporationTaxInfo.IcdCorporationID })
      ).length > 0;
  }
  if (!saved) throw conflict(await taxInfoOf(p.db, corp));
  return taxInfoOf(p.db, corp);
}

// ---- statuses, managed, modules, by employee --------------------------------------------------------

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
