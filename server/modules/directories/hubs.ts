// Hubs: places grouping corporations (a corporation belongs to one hub at most), with a contact
// person and the regional consultant who coaches them. Names are unique.
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Hub, HubSave, HubUpdate } from '../../../src/contract/directories';
import type { Db } from '../../db/client';
import { corporations, hubCorporations, hubs, regionalConsultants, stateProvinces } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  type CorpScope,
  conflict,
  corpIn,
  corporationScope,
  corporationsOf,
  type DbOrTx,
  inUse,
  listNames,
  requireCorporations,
  requireManageAll,
  requireUniqueEmail,
  searchCondition,
} from './scope';

const HUB = 'The hub';
const link = {
  table: hubCorporations,
  owner: hubCorporations.HubID,
  corporation: hubCorporations.IcdCorporationID,
};

function visible(scope: CorpScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return sql`exists (select 1 from ${hubCorporations} where ${hubCorporations.HubID} = ${hubs.Id} and ${corpIn(scope, hubCorporations.IcdCorporationID)})`;
}

async function load(db: DbOrTx, scope: CorpScope, where: SQL | undefined): Promise<Hub[]> {
  const rows = await db
    .select({
      hub: hubs,
      StateName: stateProvinces.StateName,
      rcFirst: regionalConsultants.FirstName,
      rcLast: regionalConsultants.LastName,
    })
    .from(hubs)
    .leftJoin(stateProvinces, eq(stateProvinces.StateProvinceID, hubs.StateProvinceID))
    .leftJoin(regionalConsultants, eq(regionalConsultants.Id, hubs.RegionalConsultantID))
    .where(and(where, visible(scope)))
    .orderBy(sql`lower(${hubs.Name})`, asc(hubs.Id));
  const corps = await corporationsOf(
    db,
    link,
    rows.map((r) => r.hub.Id),
    scope,
  );
  return rows.map(({ hub, StateName, rcFirst, rcLast }) => ({
    Id: hub.Id,
    Name: hub.Name,
    City: hub.City,
    StateProvinceID: hub.StateProvinceID,
    StateName,
    ContactName: hub.ContactName,
    EmailAddress: hub.EmailAddress,
    PhoneNumber: hub.PhoneNumber,
    RegionalConsultantID: hub.RegionalConsultantID,
    RegionalConsultantName: rcFirst !== null && rcLast !== null ? `${rcFirst} ${rcLast}` : null,
    Notes: hub.Notes,
    Corporations: corps.get(hub.Id) ?? [],
    IsNew: false as const,
    Version: hub.Version,
  }));
}

async function one(db: DbOrTx, scope: CorpScope, id: number): Promise<Hub> {
  const [row] = await load(db, scope, eq(hubs.Id, id));
  if (!row) throw notFound(HUB);
  return row;
}

async function check(db: DbOrTx, body: HubSave, exceptId?: number): Promise<void> {
  const [same] = await db
    .select({ Id: hubs.Id })
    .from(hubs)
    .where(
      and(
        sql`lower(${hubs.Name}) = lower(${body.Name})`,
        exceptId === undefined ? undefined : ne(hubs.Id, exceptId),
      ),
    );
  if (same) {
    const message = `There is already a hub named ${body.Name}.`;
    throw new AppError(422, message, { Errors: { Name: [message] } });
  }
  if (body.StateProvinceID !== null) {
    const [s] = await db
      .select({ id: stateProvinces.StateProvinceID })
      .from(stateProvinces)
      .where(eq(stateProvinces.StateProvinceID, body.StateProvinceID));
    if (!s)
      throw badRequest('The province or state was not found.', {
        StateProvinceID: ['The province or state was not found.'],
      });
  }
  if (body.RegionalConsultantID !== null) {
    const [rc] = await db
      .select({ id: regionalConsultants.Id })
      .from(regionalConsultants)
      .where(eq(regionalConsultants.Id, body.RegionalConsultantID));
    if (!rc)
      throw badRequest('The regional consultant was not found.', {
        RegionalConsultantID: ['The regional consultant was not found.'],
      });
  }
  await requireCorporations(db, body.IcdCorporationIDs);
  if (body.IcdCorporationIDs.length) {
    const [taken] = await db
      .select({ ClientName: corporations.ClientName, Hub: hubs.Name })
      .from(hubCorporations)
      .innerJoin(hubs, eq(hubs.Id, hubCorporations.HubID))
      .innerJoin(corporations, eq(corporations.IcdCorporationID, hubCorporations.IcdCorporationID))
      .where(
        and(
          inArray(hubCorporations.IcdCorporationID, body.IcdCorporationIDs),
          exceptId === undefined ? undefined : ne(hubCorporations.HubID, exceptId),
        ),
      )
      .limit(1);
    if (taken) {
      const message = `${taken.ClientName} is already in the hub ${taken.Hub}.`;
      throw new AppError(422, message, { Errors: { IcdCorporationIDs: [message] } });
    }
  }
  await requireUniqueEmail(
    db,
    { table: hubs, id: hubs.Id, email: hubs.EmailAddress },
    body.EmailAddress,
    exceptId,
    'hub',
  );
}

const fields = (b: HubSave) => ({
  Name: b.Name,
  City: b.City,
  StateProvinceID: b.StateProvinceID,
  ContactName: b.ContactName,
  EmailAddress: b.EmailAddress,
  PhoneNumber: b.PhoneNumber,
  RegionalConsultantID: b.RegionalConsultantID,
  Notes: b.Notes,
});

async function insertLinks(tx: DbOrTx, HubID: number, ids: readonly number[]) {
  if (ids.length)
    await tx.insert(hubCorporations).values(ids.map((IcdCorporationID) => ({ HubID, IcdCorporationID })));
}

export const hubService = {
  async list(p: { db: Db; actor: Actor; search?: string }) {
    return load(
      p.db,
      await corporationScope(p.db, p.actor),
      searchCondition(p.search, [
        hubs.Name,
        hubs.City,
        hubs.ContactName,
        hubs.EmailAddress,
        hubs.PhoneNumber,
      ]),
    );
  },
  async get(p: { db: Db; actor: Actor; id: number }) {
    return one(p.db, await corporationScope(p.db, p.actor), p.id);
  },
  async create(p: { db: Db; actor: Actor; body: HubSave }) {
    requireManageAll(p.actor);
    const id = await p.db.transaction(async (tx) => {
      await check(tx, p.body);
      const [row] = await tx.insert(hubs).values(fields(p.body)).returning({ Id: hubs.Id });
      await insertLinks(tx, row.Id, p.body.IcdCorporationIDs);
      return row.Id;
    });
    return one(p.db, 'all', id);
  },
  async update(p: { db: Db; actor: Actor; id: number; body: HubUpdate }) {
    requireManageAll(p.actor);
    await p.db.transaction(async (tx) => {
      await tx.select({ id: hubs.Id }).from(hubs).where(eq(hubs.Id, p.id)).for('update');
      const current = await one(tx, 'all', p.id);
      if (current.Version !== p.body.Version) throw conflict(current);
      await check(tx, p.body, p.id);
      await tx
        .update(hubs)
        .set({ ...fields(p.body), Version: current.Version + 1 })
        .where(eq(hubs.Id, p.id));
      await tx.delete(hubCorporations).where(eq(hubCorporations.HubID, p.id));
      await insertLinks(tx, p.id, p.body.IcdCorporationIDs);
    });
    return one(p.db, 'all', p.id);
  },
  async remove(p: { db: Db; actor: Actor; id: number; version?: number }) {
    requireManageAll(p.actor);
    await p.db.transaction(async (tx) => {
      await tx.select({ id: hubs.Id }).from(hubs).where(eq(hubs.Id, p.id)).for('update');
      const current = await one(tx, 'all', p.id);
      if (p.version !== undefined && current.Version !== p.version) throw conflict(current);
      if (current.Corporations.length)
        throw inUse(
          `${current.Name} still groups ${listNames(current.Corporations.map((c) => c.ClientName))}. Remove these corporations from the hub before deleting it.`,
        );
      await tx.delete(hubs).where(eq(hubs.Id, p.id));
    });
  },
};
