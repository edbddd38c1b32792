// Offices (ICD offices): list, read, create, update (Version), delete, their divisions, the Meridian
// office id movement and the jobs asked for an office. See scope.ts for who may do what.
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { JobStatus } from '../../../src/contract/common';
import {
  COUNTRY_NAMES,
  type Job,
  type Office,
  type OfficeQuery,
  type OfficeSaveData,
  type OfficeUpdateData,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { isPgError, PG } from '../../db/pg-error';
import {
  corporations,
  divisions,
  employmentRecords,
  icdOffices,
  officeDivisions,
  organisationJobs,
  stateProvinces,
} from '../../db/tables';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import {
  canManageOffice,
  canReadOffice,
  conflict,
  type DbOrTx,
  fieldError,
  forbidden,
  idCondition,
  inIds,
  notFound,
  type OrgScope,
  orgScopeOf,
} from './scope';

const OFFICE = 'The office';

const officeSelect = {
  office: icdOffices,
  IcdCorporationName: corporations.ClientName,
  OwnerName: corporations.Owner,
  StateName: stateProvinces.StateName,
};

function officesFrom(db: DbOrTx) {
  return db
    .select(officeSelect)
    .from(icdOffices)
    .innerJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
    .leftJoin(
      stateProvinces,
      and(
        eq(stateProvinces.Code, icdOffices.StateProvince),
        eq(stateProvinces.CountryID, icdOffices.CountryID),
      ),
    )
    .$dynamic();
}

type OfficeRow = Awaited<ReturnType<ReturnType<typeof officesFrom>['execute']>>[number];

async function divisionsOf(db: DbOrTx, officeIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!officeIds.length) return out;
  const rows = await db
    .select()
    .from(officeDivisions)
    .where(inArray(officeDivisions.IcdOfficeID, officeIds))
    .orderBy(asc(officeDivisions.DivisionID));
  for (const r of rows) out.set(r.IcdOfficeID, [...(out.get(r.IcdOfficeID) ?? []), r.DivisionID]);
  return out;
}

async function toWire(db: DbOrTx, scope: OrgScope, rows: OfficeRow[]): Promise<Office[]> {
  const divs = await divisionsOf(
    db,
    rows.map((r) => r.office.IcdOfficeID),
  );
  return rows.map(({ office, ...r }) => ({
    IcdOfficeID: office.IcdOfficeID,
    IcdCorporationID: office.IcdCorporationID,
    IcdCorporationName: r.IcdCorporationName,
    OwnerName: r.OwnerName,
    OfficeName: office.OfficeName,
    MeridianOfficeID: office.MeridianOfficeID,
    StreetLine1: office.StreetLine1,
    StreetLine2: office.StreetLine2,
    City: office.City,
    StateProvince: office.StateProvince,
    StateName: r.StateName,
    PostalCode: office.PostalCode,
    CountryID: office.CountryID,
    CountryName: COUNTRY_NAMES[office.CountryID] ?? '',
    TimeZone: office.TimeZone,
    Latitude: office.Latitude,
    Longitude: office.Longitude,
    DivisionIDs: divs.get(office.IcdOfficeID) ?? [],
    Access: { CanUpdate: canManageOffice(scope, office.IcdOfficeID) },
    Version: office.Version,
  }));
}

/** Spec 000 §3: OwnerName, then IcdCorporationName, then OfficeName, case-insensitively. */
const officeOrder = [
  asc(sql`lower(${corporations.Owner})`),
  asc(sql`lower(${corporations.ClientName})`),
  asc(sql`lower(${icdOffices.OfficeName})`),
  asc(icdOffices.IcdOfficeID),
];

export async function listOffices(p: {
  db: Db;
  actor: Actor;
  query: typeof OfficeQuery._output;
}): Promise<Office[]> {
  const scope = await orgScopeOf(p.db, p.actor);
  const q = p.query;
  const search = q.search?.trim();
  const rows = await officesFrom(p.db)
    .where(
      and(
        idCondition(scope.readOffices, icdOffices.IcdOfficeID),
        q.icdCorporationID ? eq(icdOffices.IcdCorporationID, q.icdCorporationID) : undefined,
        q.divisionID
          ? inArray(
              icdOffices.IcdOfficeID,
              p.db
                .select({ id: officeDivisions.IcdOfficeID })
                .from(officeDivisions)
                .where(eq(officeDivisions.DivisionID, q.divisionID)),
            )
          : undefined,
        search
          ? or(
              ilike(icdOffices.OfficeName, `%${escapeLike(search)}%`),
              ilike(icdOffices.City, `%${escapeLike(search)}%`),
              ilike(corporations.ClientName, `%${escapeLike(search)}%`),
            )
          : undefined,
      ),
    )
    .orderBy(...officeOrder);
  return toWire(p.db, scope, rows);
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

async function officeRow(db: DbOrTx, id: number): Promise<OfficeRow | undefined> {
  const [row] = await officesFrom(db).where(eq(icdOffices.IcdOfficeID, id)).limit(1);
  return row;
}

/** The office as the caller may see it; 404 when missing or out of read scope. */
export async function getOffice(p: {
  db: DbOrTx;
  actor: Actor;
  id: number;
  scope?: OrgScope;
}): Promise<Office> {
  const scope = p.scope ?? (await orgScopeOf(p.db, p.actor));
  const row = await officeRow(p.db, p.id);
  if (!row || !canReadOffice(scope, row.office.IcdOfficeID)) throw notFound(OFFICE);
  return (await toWire(p.db, scope, [row]))[0];
}

/** Checks of a save that need the database: the corporation, the state/province and the divisions. */
async function checkSave(db: DbOrTx, scope: OrgScope, body: OfficeSaveData) {
  const [corp] = await db
    .select({ id: corporations.IcdCorporationID, CountryID: corporations.CountryID })
    .from(corporations)
    .where(eq(corporations.IcdCorporationID, body.IcdCorporationID));
  if (!corp) throw fieldError('IcdCorporationID', 'No such corporation', 'The corporation was not found.');
  if (!inIds(scope.manageCorps, corp.id)) throw forbidden();
  const code = body.StateProvince.toUpperCase();
  const [state] = await db
    .select({ id: stateProvinces.StateProvinceID })
    .from(stateProvinces)
    .where(and(eq(stateProvinces.Code, code), eq(stateProvinces.CountryID, body.CountryID)));
  if (!state)
    throw fieldError(
      'StateProvince',
      body.CountryID === 2 ? 'Not a Canadian province or territory' : 'Not a US state',
    );
  if (body.PostalCode) {
    const ok =
      body.CountryID === 2
        ? /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/.test(body.PostalCode)
        : /^\d{5}(-\d{4})?$/.test(body.PostalCode);
    if (!ok)
      throw fieldError(
        'PostalCode',
        body.CountryID === 2 ? 'A postal code like M5H 3T4' : 'A ZIP code like 60606',
      );
  }
  const wanted = [...new Set(body.DivisionIDs)];
  if (wanted.length) {
    const known = await db
      .select({ id: divisions.DivisionID })
      .from(divisions)
      .where(inArray(divisions.DivisionID, wanted));
    if (known.length !== wanted.length) throw fieldError('DivisionIDs', 'Unknown division');
  }
  return { StateProvince: code, DivisionIDs: wanted };
}

async function uniqueMeridian(db: DbOrTx, meridian: string | null, exceptId?: number) {
  if (!meridian) return;
  const [other] = await db
    .select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName })
    .from(icdOffices)
    .where(
      and(
        eq(icdOffices.MeridianOfficeID, meridian),
        exceptId ? ne(icdOffices.IcdOfficeID, exceptId) : undefined,
      ),
    );
  if (other)
    throw fieldError(
      'MeridianOfficeID',
      `Already used by ${other.name}; move it with the Meridian office id movement`,
    );
}

function columns(body: OfficeSaveData, state: string) {
  return {
    IcdCorporationID: body.IcdCorporationID,
    OfficeName: body.OfficeName,
    MeridianOfficeID: body.MeridianOfficeID,
    StreetLine1: body.StreetLine1,
    StreetLine2: body.StreetLine2,
    City: body.City,
    StateProvince: state,
    PostalCode: body.PostalCode ? body.PostalCode.toUpperCase() : null,
    CountryID: body.CountryID,
    TimeZone: body.TimeZone,
    Latitude: body.Latitude,
    Longitude: body.Longitude,
  };
}

export async function createOffice(p: { db: Db; actor: Actor; body: OfficeSaveData }): Promise<Office> {
  const scope = await orgScopeOf(p.db, p.actor);
  const checked = await checkSave(p.db, scope, p.body);
  await uniqueMeridian(p.db, p.body.MeridianOfficeID);
  const id = await p.db.transaction(async (tx) => {
    const [row] = await tx.insert(icdOffices).values(columns(p.body, checked.StateProvince)).returning();
    if (checked.DivisionIDs.length)
      await tx
        .insert(officeDivisions)
        .values(checked.DivisionIDs.map((DivisionID) => ({ IcdOfficeID: row.IcdOfficeID, DivisionID })));
    return row.IcdOfficeID;
  });
  // The creator reads it with her scope as it is now (an owner's corporation now has this office).
  return getOffice({
    db: p.db,
    actor: p.actor,
    id,
    scope: {
      ...scope,
      readOffices: 'all',
      manageOffices: scope.manageOffices === 'all' ? 'all' : new Set([...scope.manageOffices, id]),
    },
  });
}

export async function updateOffice(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: OfficeUpdateData;
}): Promise<Office> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await officeRow(p.db, p.id);
  if (!current || !canReadOffice(scope, p.id)) throw notFound(OFFICE);
  if (!canManageOffice(scope, p.id)) throw forbidden();
  const checked = await checkSave(p.db, scope, p.body);
  await uniqueMeridian(p.db, p.body.MeridianOfficeID, p.id);
  const ok = await p.db.transaction(async (tx) => {
    const updated = await tx
      .update(icdOffices)
      .set({ ...columns(p.body, checked.StateProvince), Version: sql`${icdOffices.Version} + 1` })
      .where(and(eq(icdOffices.IcdOfficeID, p.id), eq(icdOffices.Version, p.body.Version)))
      .returning({ id: icdOffices.IcdOfficeID });
    if (!updated.length) return false;
    await tx.delete(officeDivisions).where(eq(officeDivisions.IcdOfficeID, p.id));
    if (checked.DivisionIDs.length)
      await tx
        .insert(officeDivisions)
        .values(checked.DivisionIDs.map((DivisionID) => ({ IcdOfficeID: p.id, DivisionID })));
    return true;
  });
  if (!ok) throw conflict(await getOffice({ db: p.db, actor: p.actor, id: p.id, scope }));
  return getOffice({ db: p.db, actor: p.actor, id: p.id, scope });
}

export async function deleteOffice(p: { db: Db; actor: Actor; id: number; version?: number }): Promise<void> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await officeRow(p.db, p.id);
  if (!current || !canReadOffice(scope, p.id)) throw notFound(OFFICE);
  if (!canManageOffice(scope, p.id)) throw forbidden();
  if (p.version !== undefined && p.version !== current.office.Version)
    throw conflict((await toWire(p.db, scope, [current]))[0]);
  const [{ n }] = await p.db
    .select({ n: sql<number>`count(*)::int` })
    .from(employmentRecords)
    .where(eq(employmentRecords.IcdOfficeID, p.id));
  if (n > 0) throw new AppError(409, `The office has ${n} employment record(s); move or remove them first.`);
  try {
    await p.db.delete(icdOffices).where(eq(icdOffices.IcdOfficeID, p.id));
  } catch (error) {
    // Other records still name the office (time entries, events, pay periods…).
    if (!isPgError(error, PG.foreignKeyViolation)) throw error;
    throw new AppError(409, 'The office still has records (time, schedules or leads); it cannot be deleted.');
  }
}

export async function officeDivisionsList(p: { db: Db; actor: Actor; id: number }) {
  const office = await getOffice(p);
  if (!office.DivisionIDs.length) return [];
  const rows = await p.db
    .select()
    .from(divisions)
    .where(inArray(divisions.DivisionID, office.DivisionIDs))
    .orderBy(asc(sql`lower(${divisions.Name})`));
  const counts = await p.db
    .select({ id: officeDivisions.DivisionID, n: sql<number>`count(*)::int` })
    .from(officeDivisions)
    .where(inArray(officeDivisions.DivisionID, office.DivisionIDs))
    .groupBy(officeDivisions.DivisionID);
  return rows.map((d) => ({
    DivisionID: d.DivisionID,
    Name: d.Name,
    Description: d.Description,
    IsActive: d.IsActive,
    OfficeCount: counts.find((c) => c.id === d.DivisionID)?.n ?? 0,
    Version: d.Version,
  }));
}

/** Moves a Meridian office id to this office, clearing it on the office that held it. */
export async function moveMeridianOfficeId(p: { db: Db; actor: Actor; id: number; meridian: string }) {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await officeRow(p.db, p.id);
  if (!current || !canReadOffice(scope, p.id)) throw notFound(OFFICE);
  if (!canManageOffice(scope, p.id)) throw forbidden();
  const from = await p.db.transaction(async (tx) => {
    const [holder] = await tx
      .select({ id: icdOffices.IcdOfficeID })
      .from(icdOffices)
      .where(and(eq(icdOffices.MeridianOfficeID, p.meridian), ne(icdOffices.IcdOfficeID, p.id)))
      .for('update');
    if (holder && !canManageOffice(scope, holder.id)) throw forbidden();
    if (holder)
      await tx
        .update(icdOffices)
        .set({ MeridianOfficeID: null, Version: sql`${icdOffices.Version} + 1` })
        .where(eq(icdOffices.IcdOfficeID, holder.id));
    await tx
      .update(icdOffices)
      .set({ MeridianOfficeID: p.meridian, Version: sql`${icdOffices.Version} + 1` })
      .where(eq(icdOffices.IcdOfficeID, p.id));
    return holder?.id ?? null;
  });
  return { Office: await getOffice({ db: p.db, actor: p.actor, id: p.id, scope }), FromIcdOfficeID: from };
}

const toJob = (row: typeof organisationJobs.$inferSelect): Job => ({
  Id: row.Id,
  JobStatus: row.JobStatus,
  Messages: row.Messages,
});

export async function rosterSyncJob(p: { db: Db; actor: Actor; id: number; lastDate: string }): Promise<Job> {
  const scope = await orgScopeOf(p.db, p.actor);
  const current = await officeRow(p.db, p.id);
  if (!current || !canReadOffice(scope, p.id)) throw notFound(OFFICE);
  if (!canManageOffice(scope, p.id)) throw forbidden();
  const [row] = await p.db
    .insert(organisationJobs)
    .values({
      Kind: 'roster-sync',
      IcdOfficeID: p.id,
      Parameters: { lastDate: p.lastDate },
      JobStatus: JobStatus.Queued,
      Messages: [`Roster sync of ${current.office.OfficeName} since ${p.lastDate} queued.`],
      CreatedByEmployeeID: p.actor.EmployeeID,
    })
    .returning();
  return toJob(row);
}

/** POST payrolls/create-meridian-job: a queued job for the office holding the Meridian office id. */
export async function createMeridianJob(p: {
  db: Db;
  actor: Actor;
  teleMapperEntryID: number | null;
  meridianOfficeID: string;
}): Promise<Job> {
  const [office] = await p.db
    .select({ id: icdOffices.IcdOfficeID, name: icdOffices.OfficeName })
    .from(icdOffices)
    .where(eq(icdOffices.MeridianOfficeID, p.meridianOfficeID));
  if (!office)
    throw fieldError(
      'meridianOfficeID',
      'No office has this Meridian office id',
      'The Meridian office was not found.',
    );
  const [row] = await p.db
    .insert(organisationJobs)
    .values({
      Kind: 'meridian',
      IcdOfficeID: office.id,
      Parameters: { teleMapperEntryID: p.teleMapperEntryID, meridianOfficeID: p.meridianOfficeID },
      JobStatus: JobStatus.Queued,
      Messages: [`Meridian job for ${office.name} (${p.meridianOfficeID}) queued.`],
      CreatedByEmployeeID: p.actor.EmployeeID,
    })
    .returning();
  return toJob(row);
}
