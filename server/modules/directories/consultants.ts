// National consultants (one country each) and regional consultants (reporting to a national
// consultant, covering provinces/states, coaching hubs). A reader limited to some corporations sees
// the consultants of the hubs of those corporations.
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type {
  NationalConsultant,
  NationalConsultantSave,
  NationalConsultantUpdate,
  RegionalConsultant,
  RegionalConsultantSave,
  RegionalConsultantUpdate,
} from '../../../src/contract/directories';
import type { Db } from '../../db/client';
import {
  hubCorporations,
  hubs,
  nationalConsultants,
  regionalConsultants,
  stateProvinces,
} from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  type CorpScope,
  conflict,
  corpIn,
  corporationScope,
  type DbOrTx,
  inUse,
  listNames,
  personName,
  requireManageAll,
  requireUniqueEmail,
  searchCondition,
} from './scope';

const NC = 'The national consultant';
const RC = 'The regional consultant';
const COUNTRY_NAME: Record<number, string> = { 1: 'the United States', 2: 'Canada' };

/** A consultant reaches the corporations of the hubs they (or their regional consultants) coach. */
function regionalVisible(scope: CorpScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return sql`exists (select 1 from ${hubs} inner join ${hubCorporations} on ${hubCorporations.HubID} = ${hubs.Id}
    where ${hubs.RegionalConsultantID} = ${regionalConsultants.Id} and ${corpIn(scope, hubCorporations.IcdCorporationID)})`;
}

function nationalVisible(scope: CorpScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return sql`exists (select 1 from ${regionalConsultants}
    inner join ${hubs} on ${hubs.RegionalConsultantID} = ${regionalConsultants.Id}
    inner join ${hubCorporations} on ${hubCorporations.HubID} = ${hubs.Id}
    where ${regionalConsultants.NationalConsultantID} = ${nationalConsultants.Id}
      and ${corpIn(scope, hubCorporations.IcdCorporationID)})`;
}

const personFields = <T extends NationalConsultantSave | RegionalConsultantSave>(b: T) => ({
  FirstName: b.FirstName,
  LastName: b.LastName,
  EmailAddress: b.EmailAddress,
  PhoneNumber: b.PhoneNumber,
  Notes: b.Notes,
});

// ---- national ------------------------------------------------------------------------------------

async function loadNational(
  db: DbOrTx,
  scope: CorpScope,
  where: SQL | undefined,
): Promise<NationalConsultant[]> {
  const rows = await db
    .select()
    .from(nationalConsultants)
    .where(and(where, nationalVisible(scope)))
    .orderBy(
      sql`lower(${nationalConsultants.LastName})`,
      sql`lower(${nationalConsultants.FirstName})`,
      asc(nationalConsultants.Id),
    );
  const counts = rows.length
    ? await db
        .select({ id: regionalConsultants.NationalConsultantID, n: count() })
        .from(regionalConsultants)
        .where(
          inArray(
            regionalConsultants.NationalConsultantID,
            rows.map((r) => r.Id),
          ),
        )
        .groupBy(regionalConsultants.NationalConsultantID)
    : [];
  return rows.map((r) => ({
    Id: r.Id,
    FirstName: r.FirstName,
    LastName: r.LastName,
    EmailAddress: r.EmailAddress,
    PhoneNumber: r.PhoneNumber,
    Notes: r.Notes,
    CountryID: r.CountryID,
    RegionalConsultantCount: counts.find((c) => c.id === r.Id)?.n ?? 0,
    IsNew: false as const,
    Version: r.Version,
  }));
}

async function oneNational(db: DbOrTx, scope: CorpScope, id: number): Promise<NationalConsultant> {
  const [row] = await loadNational(db, scope, eq(nationalConsultants.Id, id));
  if (!row) throw notFound(NC);
  return row;
}

const ncEmail = {
  table: nationalConsultants,
  id: nationalConsultants.Id,
  email: nationalConsultants.EmailAddress,
};

export const nationalConsultantService = {
  async list(p: { db: Db; actor: Actor; search?: string }) {
    const t = nationalConsultants;
    return loadNational(
      p.db,
      await corporationScope(p.db, p.actor),
      searchCondition(p.search, [sql`${t.FirstName} || ' ' || ${t.LastName}`, t.EmailAddress, t.PhoneNumber]),
    );
  },
  async get(p: { db: Db; actor: Actor; id: number }) {
    return oneNational(p.db, await corporationScope(p.db, p.actor), p.id);
  },
  async create(p: { db: Db; actor: Actor; body: NationalConsultantSave }) {
    requireManageAll(p.actor);
    const id = await p.db.transaction(async (tx) => {
      await requireUniqueEmail(tx, ncEmail, p.body.EmailAddress, undefined, 'national consultant');
      const [row] = await tx
        .insert(nationalConsultants)
        .values({ ...personFields(p.body), CountryID: p.body.CountryID })
        .returning({ Id: nationalConsultants.Id });
      return row.Id;
    });
    return oneNational(p.db, 'all', id);
  },
  async update(p: { db: Db; actor: Actor; id: number; body: NationalConsultantUpdate }) {
    requireManageAll(p.actor);
    await p.db.transaction(async (tx) => {
      const t = nationalConsultants;
      await tx.select({ id: t.Id }).from(t).where(eq(t.Id, p.id)).for('update');
      const current = await oneNational(tx, 'all', p.id);
      if (current.Version !== p.body.Version) throw conflict(current);
      await requireUniqueEmail(tx, ncEmail, p.body.EmailAddress, p.id, 'national consultant');
      if (p.body.CountryID !== current.CountryID) {
        // Their regional consultants' provinces/states must stay in the consultant's country.
        const outside = await regionalOutsideCountry(tx, p.id, p.body.CountryID);
        if (outside.length) {
          const message = `${listNames(outside)} cover${outside.length === 1 ? 's' : ''} provinces or states outside ${COUNTRY_NAME[p.body.CountryID]}.`;
          throw new AppError(422, message, { Errors: { CountryID: [message] } });
        }
      }
      await tx
        .update(t)
        .set({ ...personFields(p.body), CountryID: p.body.CountryID, Version: current.Version + 1 })
        .where(eq(t.Id, p.id));
    });
    return oneNational(p.db, 'all', p.id);
  },
  async remove(p: { db: Db; actor: Actor; id: number; version?: number }) {
    requireManageAll(p.actor);
    await p.db.transaction(async (tx) => {
      const t = nationalConsultants;
      await tx.select({ id: t.Id }).from(t).where(eq(t.Id, p.id)).for('update');
      const current = await oneNational(tx, 'all', p.id);
      if (p.version !== undefined && current.Version !== p.version) throw conflict(current);
      const regional = await tx
        .select({ FirstName: regionalConsultants.FirstName, LastName: regionalConsultants.LastName })
        .from(regionalConsultants)
        .where(eq(regionalConsultants.NationalConsultantID, p.id))
        .orderBy(asc(regionalConsultants.LastName));
      if (regional.length)
        throw inUse(
          `${personName(current)} is the national consultant of ${listNames(regional.map(personName))}. Give them another national consultant before deleting.`,
        );
      await tx.delete(t).where(eq(t.Id, p.id));
    });
  },
};

async function regionalOutsideCountry(db: DbOrTx, nationalId: number, countryId: number): Promise<string[]> {
  const rows = await db
    .select({ FirstName: regionalConsultants.FirstName, LastName: regionalConsultants.LastName })
    .from(regionalConsultants)
    .where(
      and(
        eq(regionalConsultants.NationalConsultantID, nationalId),
        sql`exists (select 1 from ${stateProvinces} where ${stateProvinces.StateProvinceID} = any(${regionalConsultants.StateProvinceIDs}) and ${stateProvinces.CountryID} <> ${countryId})`,
      ),
    );
  return rows.map(personName);
}

// ---- regional ------------------------------------------------------------------------------------

async function loadRegional(
  db: DbOrTx,
  scope: CorpScope,
  where: SQL | undefined,
): Promise<RegionalConsultant[]> {
  const rows = await db
    .select({
      rc: regionalConsultants,
      ncFirst: nationalConsultants.FirstName,
      ncLast: nationalConsultants.LastName,
    })
    .from(regionalConsultants)
    .leftJoin(nationalConsultants, eq(nationalConsultants.Id, regionalConsultants.NationalConsultantID))
    .where(and(where, regionalVisible(scope)))
    .orderBy(
      sql`lower(${regionalConsultants.LastName})`,
      sql`lower(${regionalConsultants.FirstName})`,
      asc(regionalConsultants.Id),
    );
  const stateIds = [...new Set(rows.flatMap((r) => r.rc.StateProvinceIDs))];
  const states = stateIds.length
    ? await db
        .select({
          StateProvinceID: stateProvinces.StateProvinceID,
          Code: stateProvinces.Code,
          StateName: stateProvinces.StateName,
        })
        .from(stateProvinces)
        .where(inArray(stateProvinces.StateProvinceID, stateIds))
        .orderBy(asc(stateProvinces.StateName))
    : [];
  const ids = rows.map((r) => r.rc.Id);
  const hubCounts = ids.length
    ? await db
        .select({ id: hubs.RegionalConsultantID, n: count() })
        .from(hubs)
        .where(inArray(hubs.RegionalConsultantID, ids))
        .groupBy(hubs.RegionalConsultantID)
    : [];
  return rows.map(({ rc, ncFirst, ncLast }) => ({
    Id: rc.Id,
    FirstName: rc.FirstName,
    LastName: rc.LastName,
    EmailAddress: rc.EmailAddress,
    PhoneNumber: rc.PhoneNumber,
    Notes: rc.Notes,
    NationalConsultantID: rc.NationalConsultantID,
    NationalConsultantName: ncFirst !== null && ncLast !== null ? `${ncFirst} ${ncLast}` : null,
    StateProvinces: states.filter((s) => rc.StateProvinceIDs.includes(s.StateProvinceID)),
    HubCount: hubCounts.find((c) => c.id === rc.Id)?.n ?? 0,
    IsNew: false as const,
    Version: rc.Version,
  }));
}

async function oneRegional(db: DbOrTx, scope: CorpScope, id: number): Promise<RegionalConsultant> {
  const [row] = await loadRegional(db, scope, eq(regionalConsultants.Id, id));
  if (!row) throw notFound(RC);
  return row;
}

/** The national consultant and the provinces/states must exist, and lie in that consultant's country. */
async function checkRegional(db: DbOrTx, body: RegionalConsultantSave): Promise<void> {
  let countryId: number | null = null;
  if (body.NationalConsultantID !== null) {
    const [nc] = await db
      .select({ CountryID: nationalConsultants.CountryID })
      .from(nationalConsultants)
      .where(eq(nationalConsultants.Id, body.NationalConsultantID));
    if (!nc) throw badRequest(`${NC} was not found.`, { NationalConsultantID: [`${NC} was not found.`] });
    countryId = nc.CountryID;
  }
  if (!body.StateProvinceIDs.length) return;
  const states = await db
    .select()
    .from(stateProvinces)
    .where(inArray(stateProvinces.StateProvinceID, body.StateProvinceIDs));
  const missing = body.StateProvinceIDs.filter((id) => !states.some((s) => s.StateProvinceID === id));
  if (missing.length) {
    const message = `Province or state ${missing.join(', ')} was not found.`;
    throw badRequest(message, { StateProvinceIDs: [message] });
  }
  const outside = states.filter((s) => countryId !== null && s.CountryID !== countryId);
  if (outside.length) {
    const message = `${listNames(outside.map((s) => s.StateName))} ${outside.length === 1 ? 'is' : 'are'} not in ${COUNTRY_NAME[countryId ?? 0]}, the national consultant's country.`;
    throw new AppError(422, message, { Errors: { StateProvinceIDs: [message] } });
  }
}

const rcEmail = {
  table: regionalConsultants,
  id: regionalConsultants.Id,
  email: regionalConsultants.EmailAddress,
};

export const regionalConsultantService = {
  async list(p: { db: Db; actor: Actor; search?: string }) {
    const t = regionalConsultants;
    return loadRegional(
      p.db,
      await corporationScope(p.db, p.actor),
      searchCondition(p.search, [sql`${t.FirstName} || ' ' || ${t.LastName}`, t.EmailAddress, t.PhoneNumber]),
    );
  },
  async get(p: { db: Db; actor: Actor; id: number }) {
    return oneRegional(p.db, await corporationScope(p.db, p.actor), p.id);
  },
  async create(p: { db: Db; actor: Actor; body: RegionalConsultantSave }) {
    requireManageAll(p.actor);
    const id = await p.db.transaction(async (tx) => {
      await checkRegional(tx, p.body);
      await requireUniqueEmail(tx, rcEmail, p.body.EmailAddress, undefined, 'regional consultant');
      const [row] = await tx
        .insert(regionalConsultants)
        .values({
          ...personFields(p.body),
          NationalConsultantID: p.body.NationalConsultantID,
          StateProvinceIDs: p.body.StateProvinceIDs,
        })
        .returning({ Id: regionalConsultants.Id });
      return row.Id;
    });
    return oneRegional(p.db, 'all', id);
  },
  async update(p: { db: Db; actor: Actor; id: number; body: RegionalConsultantUpdate }) {
    requireManageAll(p.actor);
    await p.db.transaction(async (tx) => {
      const t = regionalConsultants;
      await tx.select({ id: t.Id }).from(t).where(eq(t.Id, p.id)).for('update');
      const current = await oneRegional(tx, 'all', p.id);
      if (current.Version !== p.body.Version) throw conflict(current);
      await checkRegional(tx, p.body);
      await requireUniqueEmail(tx, rcEmail, p.body.EmailAddress, p.id, 'regional consultant');
      await tx
        .update(t)
        .set({
          ...personFields(p.body),
          NationalConsultantID: p.body.NationalConsultantID,
          StateProvinceIDs: p.body.StateProvinceIDs,
          Version: current.Version + 1,
        })
        .where(eq(t.Id, p.id));
    });
    return oneRegional(p.db, 'all', p.id);
  },
  async remove(p: { db: Db; actor: Actor; id: number; version?: number }) {
    requireManageAll(p.actor);
    await p.db.transaction(async (tx) => {
      const t = regionalConsultants;
      await tx.select({ id: t.Id }).from(t).where(eq(t.Id, p.id)).for('update');
      const current = await oneRegional(tx, 'all', p.id);
      if (p.version !== undefined && current.Version !== p.version) throw conflict(current);
      const coached = await tx
        .select({ Name: hubs.Name })
        .from(hubs)
        .where(eq(hubs.RegionalConsultantID, p.id))
        .orderBy(asc(hubs.Name));
      if (coached.length)
        throw inUse(
          `${personName(current)} is the regional consultant of ${listNames(coached.map((h) => h.Name))}. Give these hubs another regional consultant before deleting.`,
        );
      await tx.delete(t).where(eq(t.Id, p.id));
    });
  },
};
