// Divisions, their v2 view (profiles, offices, modules) and division profiles with their payroll
// policy history. Reading: organisation:read (divisions of the offices in scope); changing:
// organisation:admin.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  DivisionItem,
  DivisionProfile,
  DivisionQuery,
  DivisionSaveData,
  DivisionUpdateData,
  DivisionV2,
  PayrollPolicyEntry,
  PayrollPolicyHistorySaveData,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { isPgError, PG } from '../../db/pg-error';
import {
  corporations,
  divisionModules,
  divisionProfiles,
  divisions,
  employmentRecordDivisions,
  icdOffices,
  officeDivisions,
} from '../../db/tables';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import {
  conflict,
  type DbOrTx,
  fieldError,
  idCondition,
  notFound,
  type OrgScope,
  orgScopeOf,
  requireAdmin,
} from './scope';

const DIVISION = 'The division';
const PROFILE = 'The division profile';

/** Divisions the caller may see: every one with a global read, else those of the offices in scope. */
async function visibleDivisionIds(db: DbOrTx, scope: OrgScope): Promise<'all' | Set<number>> {
  if (scope.readOffices === 'all') return 'all';
  if (scope.readOffices.size === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: officeDivisions.DivisionID })
    .from(officeDivisions)
    .where(inArray(officeDivisions.IcdOfficeID, [...scope.readOffices]));
  return new Set(rows.map((r) => r.id));
}

async function officeCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: officeDivisions.DivisionID, n: sql<number>`count(*)::int` })
    .from(officeDivisions)
    .groupBy(officeDivisions.DivisionID);
  return new Map(rows.map((r) => [r.id, r.n]));
}

function toItem(d: typeof divisions.$inferSelect, counts: Map<number, number>): DivisionItem {
  return {
    DivisionID: d.DivisionID,
    Name: d.Name,
    Description: d.Description,
    IsActive: d.IsActive,
    OfficeCount: counts.get(d.DivisionID) ?? 0,
    Version: d.Version,
  };
}

export async function listDivisions(p: {
  db: Db;
  actor: Actor;
  query: typeof DivisionQuery._output;
}): Promise<DivisionItem[]> {
  const scope = await orgScopeOf(p.db, p.actor);
  const visible = await visibleDivisionIds(p.db, scope);
  const q = p.query;
  if (q.icdOfficeID && !(scope.readOffices === 'all' || scope.readOffices.has(q.icdOfficeID))) return [];
  const rows = await p.db
    .select()
    .from(divisions)
    .where(
      and(
        idCondition(visible, divisions.DivisionID),
        q.isActive ? eq(divisions.IsActive, q.isActive === 'true') : undefined,
        q.icdOfficeID
          ? inArray(
              divisions.DivisionID,
              p.db
                .select({ id: officeDivisions.DivisionID })
                .from(officeDivisions)
                .where(eq(officeDivisions.IcdOfficeID, q.icdOfficeID)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${divisions.Name})`), asc(divisions.DivisionID));
  const counts = await officeCounts(p.db);
  return rows.map((d) => toItem(d, counts));
}

async function divisionRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(divisions).where(eq(divisions.DivisionID, id)).limit(1);
  return row;
}

async function readableDivision(db: DbOrTx, scope: OrgScope, id: number) {
  const row = await divisionRow(db, id);
  const visible = await visibleDivisionIds(db, scope);
  if (!row || !(visible === 'all' || visible.has(id))) throw notFound(DIVISION);
  return row;
}

function toProfile(p: typeof divisionProfiles.$inferSelect, DivisionName: string): DivisionProfile {
  return {
    DivisionProfileID: p.DivisionProfileID,
    DivisionID: p.DivisionID,
    DivisionName,
    Name: p.Name,
    CountryID: p.CountryID,
    PayrollPolicyHistory: (p.PayrollPolicyHistory as PayrollPolicyEntry[]) ?? [],
    Version: p.Version,
  };
}

export async function getDivisionV2(p: { db: Db; actor: Actor; id: number }): Promise<DivisionV2> {
  const scope = await orgScopeOf(p.db, p.actor);
  const row = await readableDivision(p.db, scope, p.id);
  const counts = await officeCounts(p.db);
  const profiles = await p.db
    .select()
    .from(divisionProfiles)
    .where(eq(divisionProfiles.DivisionID, p.id))
    .orderBy(asc(divisionProfiles.CountryID), asc(divisionProfiles.Name));
  const offices = await p.db
    .select({
      IcdOfficeID: icdOffices.IcdOfficeID,
      OfficeName: icdOffices.OfficeName,
      IcdCorporationName: corporations.ClientName,
      TimeZone: icdOffices.TimeZone,
    })
    .from(officeDivisions)
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
    .innerJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
    .where(and(eq(officeDivisions.DivisionID, p.id), idCondition(scope.readOffices, icdOffices.IcdOfficeID)))
    .orderBy(
      asc(sql`lower(${corporations.Owner})`),
      asc(sql`lower(${corporations.ClientName})`),
      asc(sql`lower(${icdOffices.OfficeName})`),
    );
  const mods = await p.db
    .select({ id: divisionModules.ModuleID })
    .from(divisionModules)
    .where(eq(divisionModules.DivisionID, p.id))
    .orderBy(asc(divisionModules.ModuleID));
  return {
    ...toItem(row, counts),
    Profiles: profiles.map((x) => toProfile(x, row.Name)),
    Offices: offices,
    ModuleIDs: mods.map((m) => m.id),
  };
}

async function uniqueName(db: DbOrTx, name: string, exceptId?: number) {
  const [other] = await db
    .select({ id: divisions.DivisionID })
    .from(divisions)
    .where(sql`lower(${divisions.Name}) = lower(${name})`);
  if (other && other.id !== exceptId) throw fieldError('Name', 'Another division has this name');
}

export async function createDivision(p: {
  db: Db;
  actor: Actor;
  body: DivisionSaveData;
}): Promise<DivisionItem> {
  requireAdmin(p.actor);
  await uniqueName(p.db, p.body.Name);
  if (p.body.DivisionID && (await divisionRow(p.db, p.body.DivisionID)))
    throw fieldError('DivisionID', 'This division id is taken');
  const row = await p.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${divisions} in share row exclusive mode`);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${divisions.DivisionID}), 0)::int + 1` })
      .from(divisions);
    const [created] = await tx
      .insert(divisions)
      .values({
        DivisionID: p.body.DivisionID ?? next,
        Name: p.body.Name,
        Description: p.body.Description,
        IsActive: p.body.IsActive,
      })
      .onConflictDoNothing()
      .returning();
    return created;
  });
  if (!row) throw fieldError('DivisionID', 'This division id is taken');
  return toItem(row, await officeCounts(p.db));
}

export async function updateDivision(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: DivisionUpdateData;
}): Promise<DivisionItem> {
  requireAdmin(p.actor);
  const current = await divisionRow(p.db, p.id);
  if (!current) throw notFound(DIVISION);
  await uniqueName(p.db, p.body.Name, p.id);
  const [row] = await p.db
    .update(divisions)
    .set({
      Name: p.body.Name,
      Description: p.body.Description,
      IsActive: p.body.IsActive,
      Version: sql`${divisions.Version} + 1`,
    })
    .where(and(eq(divisions.DivisionID, p.id), eq(divisions.Version, p.body.Version)))
    .returning();
  const counts = await officeCounts(p.db);
  if (!row) throw conflict(toItem((await divisionRow(p.db, p.id)) ?? current, counts));
  return toItem(row, counts);
}

export async function deleteDivision(p: {
  db: Db;
  actor: Actor;
  id: number;
  version?: number;
}): Promise<void> {
  requireAdmin(p.actor);
  const current = await divisionRow(p.db, p.id);
  if (!current) throw notFound(DIVISION);
  if (p.version !== undefined && p.version !== current.Version)
    throw conflict(toItem(current, await officeCounts(p.db)));
  const [{ offices }] = await p.db
    .select({ offices: sql<number>`count(*)::int` })
    .from(officeDivisions)
    .where(eq(officeDivisions.DivisionID, p.id));
  const [{ people }] = await p.db
    .select({ people: sql<number>`count(*)::int` })
    .from(employmentRecordDivisions)
    .where(eq(employmentRecordDivisions.DivisionID, p.id));
  if (offices > 0 || people > 0)
    throw new AppError(
      409,
      `The division is used by ${offices} office(s) and ${people} employment record(s); make it inactive instead.`,
    );
  try {
    await p.db.transaction(async (tx) => {
      await tx.delete(divisionProfiles).where(eq(divisionProfiles.DivisionID, p.id));
      await tx.delete(divisionModules).where(eq(divisionModules.DivisionID, p.id));
      await tx.delete(divisions).where(eq(divisions.DivisionID, p.id));
    });
  } catch (error) {
    if (!isPgError(error, PG.foreignKeyViolation)) throw error;
    throw new AppError(
      409,
      'The division still has records (policies, lead groups…); make it inactive instead.',
    );
  }
}

// ---- division profiles ------------------------------------------------------------------------------

export async function listDivisionProfiles(p: {
  db: Db;
  actor: Actor;
  query: { divisionID?: number; countryID?: number };
}): Promise<DivisionProfile[]> {
  const scope = await orgScopeOf(p.db, p.actor);
  const visible = await visibleDivisionIds(p.db, scope);
  const rows = await p.db
    .select({ profile: divisionProfiles, DivisionName: divisions.Name })
    .from(divisionProfiles)
    .innerJoin(divisions, eq(divisions.DivisionID, divisionProfiles.DivisionID))
    .where(
      and(
        idCondition(visible, divisionProfiles.DivisionID),
        p.query.divisionID ? eq(divisionProfiles.DivisionID, p.query.divisionID) : undefined,
        p.query.countryID ? eq(divisionProfiles.CountryID, p.query.countryID) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${divisions.Name})`), asc(divisionProfiles.CountryID), asc(divisionProfiles.Name));
  return rows.map((r) => toProfile(r.profile, r.DivisionName));
}

export async function profileRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ profile: divisionProfiles, DivisionName: divisions.Name })
    .from(divisionProfiles)
    .innerJoin(divisions, eq(divisions.DivisionID, divisionProfiles.DivisionID))
    .where(eq(divisionProfiles.DivisionProfileID, id))
    .limit(1);
  return row;
}

/** The history in date order: no overlap, only the last entry open-ended. Errors by field. */
export function checkPolicyHistory(history: readonly PayrollPolicyEntry[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  history.forEach((h, i) => {
    if (h.EndDate !== null && h.EndDate < h.StartDate)
      add(`PayrollPolicyHistory.${i}.EndDate`, 'Ends before it starts');
    if (h.EndDate === null && i < history.length - 1)
      add(`PayrollPolicyHistory.${i}.EndDate`, 'Only the latest policy may be open-ended');
    const prev = history[i - 1];
    if (prev && h.StartDate <= (prev.EndDate ?? prev.StartDate))
      add(`PayrollPolicyHistory.${i}.StartDate`, 'Starts before the previous policy ends');
  });
  return errors;
}

export async function savePayrollPolicyHistory(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: PayrollPolicyHistorySaveData;
}): Promise<DivisionProfile> {
  requireAdmin(p.actor);
  const current = await profileRow(p.db, p.id);
  if (!current) throw notFound(PROFILE);
  const history = [...p.body.PayrollPolicyHistory]
    .map((h) => ({ ...h, PayrollPolicyID: h.PayrollPolicyID ?? null }))
    .sort((a, b) => a.StartDate.localeCompare(b.StartDate));
  const errors = checkPolicyHistory(history);
  if (Object.keys(errors).length)
    throw new AppError(400, 'The payroll policy history has overlapping or unordered dates.', {
      Errors: errors,
    });
  const [row] = await p.db
    .update(divisionProfiles)
    .set({ PayrollPolicyHistory: history, Version: sql`${divisionProfiles.Version} + 1` })
    .where(and(eq(divisionProfiles.DivisionProfileID, p.id), eq(divisionProfiles.Version, p.body.Version)))
    .returning();
  if (!row) {
    const now = await profileRow(p.db, p.id);
    throw conflict(toProfile((now ?? current).profile, current.DivisionName));
  }
  return toProfile(row, current.DivisionName);
}
