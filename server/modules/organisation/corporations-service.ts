// Corporations: list (sorted by Owner then ClientName, case-insensitively; or the ones the caller may
// update first), page, read, create/delete (organisation:admin), update (organisation:manage in scope;
// status and modules by an administrator only). Their logo (corporation-logo.ts), tax information
// (corporation-tax.ts) and the lists and report of corporation-lists.ts are beside it.
import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  CORPORATION_STATUS_NAMES,
  COUNTRY_NAMES,
  type Corporation,
  type CorporationSaveData,
  type CorporationUpdateData,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { isPgError, PG } from '../../db/pg-error';
import { corporationModules, corporations, icdOffices, modules } from '../../db/tables';
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

export const CORPORATION = 'The corporation';

// Every column but the logo's bytes (lists never read them).
const { Logo: _logo, ...corpColumns } = getTableColumns(corporations);

export type CorpRow = {
  corp: Omit<typeof corporations.$inferSelect, 'Logo'>;
  HasLogo: boolean;
  OfficeCount: number;
};

export function corpsFrom(db: DbOrTx) {
  return db
    .select({
      corp: corpColumns,
      HasLogo: sql<boolean>`${corporations.Logo} is not null`,
      OfficeCount: sql<number>`(select count(*)::int from ${icdOffices} o where o.icd_corporation_id = "corporations"."icd_corporation_id")`,
    })
    .from(corporations)
    .$dynamic();
}

export async function modulesOf(db: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
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

export async function toWire(db: DbOrTx, scope: OrgScope, rows: CorpRow[]): Promise<Corporation[]> {
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

export async function corpRow(db: DbOrTx, id: number): Promise<CorpRow | undefined> {
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
  } catch (error) {
    if (!isPgError(error, PG.foreignKeyViolation)) throw error;
    throw new AppError(
      409,
      'The corporation still has records (roles, lead groups…); make it inactive instead.',
    );
  }
}
