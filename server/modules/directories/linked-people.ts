// Auditors and promoting owners: people linked to corporations (those they audit, those they
// promoted). One implementation, two configurations (auditors.ts, promoting-owners.ts). A corporation
// may have several auditors but only one promoting owner (`exclusive`).
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditorSave, AuditorUpdate, LinkedCorporation } from '../../../src/contract/directories';
import type { Db } from '../../db/client';
import { type auditors, corporations } from '../../db/tables';
import { AppError, notFound } from '../../errors';
import type { Actor } from '../access/service';
import {
  type CorpScope,
  conflict,
  corpIn,
  corporationScope,
  corporationsOf,
  type DbOrTx,
  inCorpScope,
  inUse,
  listNames,
  personName,
  requireCorporations,
  requireManageAll,
  requireUniqueEmail,
  searchCondition,
} from './scope';

/** What a linked person answers with (Auditor and PromotingOwner share this shape). */
export interface LinkedPerson {
  Id: number;
  FirstName: string;
  LastName: string;
  EmailAddress: string | null;
  PhoneNumber: string | null;
  Notes: string | null;
  IsNew: false;
  Version: number;
  Corporations: LinkedCorporation[];
}

export interface LinkedPeopleConfig {
  /**
   * The people table. Both tables are built from the same column set (schema/directories.ts
   * `person()`), so the auditors' table type describes either.
   */
  table: typeof auditors;
  link: { table: PgTable; owner: PgColumn; corporation: PgColumn };
  insertLinks(tx: DbOrTx, ownerId: number, corporationIds: readonly number[]): Promise<unknown>;
  /** "The auditor" (404 message) and "auditor" (in sentences). */
  what: string;
  noun: string;
  /** A corporation may be linked to one record only. */
  exclusive: boolean;
  /** "<name> audits <corporations>; …" — why the record cannot be deleted. */
  inUseMessage(name: string, corporations: string): string;
}

export function linkedPeopleService(cfg: LinkedPeopleConfig) {
  const t = cfg.table;
  const { link } = cfg;

  function visible(scope: CorpScope): SQL | undefined {
    if (scope === 'all') return undefined;
    return sql`exists (select 1 from ${link.table} where ${link.owner} = ${t.Id} and ${corpIn(scope, link.corporation)})`;
  }

  async function load(db: DbOrTx, scope: CorpScope, where: SQL | undefined): Promise<LinkedPerson[]> {
    const rows = await db
      .select()
      .from(t)
      .where(and(where, visible(scope)))
      .orderBy(sql`lower(${t.LastName})`, sql`lower(${t.FirstName})`, asc(t.Id));
    const corps = await corporationsOf(
      db,
      link,
      rows.map((r) => r.Id),
      scope,
    );
    return rows.map((r) => ({
      Id: r.Id,
      FirstName: r.FirstName,
      LastName: r.LastName,
      EmailAddress: r.EmailAddress,
      PhoneNumber: r.PhoneNumber,
      Notes: r.Notes,
      IsNew: false as const,
      Version: r.Version,
      Corporations: corps.get(r.Id) ?? [],
    }));
  }

  async function one(db: DbOrTx, scope: CorpScope, id: number): Promise<LinkedPerson> {
    const [row] = await load(db, scope, eq(t.Id, id));
    if (!row) throw notFound(cfg.what);
    return row;
  }

  /** Exclusive links: a corporation already linked to another record is refused (422). */
  async function requireFree(db: DbOrTx, ids: readonly number[], exceptId?: number): Promise<void> {
    if (!cfg.exclusive || !ids.length) return;
    const taken = await db
      .select({ owner: sql<number>`${link.owner}`, corporation: sql<number>`${link.corporation}` })
      .from(link.table)
      .where(
        and(
          inArray(link.corporation, [...ids]),
          exceptId === undefined ? undefined : ne(link.owner, exceptId),
        ),
      );
    if (!taken.length) return;
    const [owner] = await db
      .select({ FirstName: t.FirstName, LastName: t.LastName })
      .from(t)
      .where(eq(t.Id, taken[0].owner));
    const corps = await requireCorporations(db, [taken[0].corporation]);
    const message = `${corps[0].ClientName} already has a ${cfg.noun}: ${owner ? personName(owner) : '?'}.`;
    throw new AppError(422, message, { Errors: { IcdCorporationIDs: [message] } });
  }

  const emailTable = { table: t, id: t.Id, email: t.EmailAddress };

  return {
    async list(p: { db: Db; actor: Actor; search?: string }): Promise<LinkedPerson[]> {
      const scope = await corporationScope(p.db, p.actor);
      return load(
        p.db,
        scope,
        searchCondition(p.search, [
          sql`${t.FirstName} || ' ' || ${t.LastName}`,
          t.EmailAddress,
          t.PhoneNumber,
        ]),
      );
    },

    async get(p: { db: Db; actor: Actor; id: number }): Promise<LinkedPerson> {
      return one(p.db, await corporationScope(p.db, p.actor), p.id);
    },

    /** The records linked to one corporation (404 when the corporation is not the caller's). */
    async ofCorporation(p: { db: Db; actor: Actor; corporationId: number }): Promise<LinkedPerson[]> {
      const scope = await corporationScope(p.db, p.actor);
      const [corp] = await p.db
        .select({ id: corporations.IcdCorporationID })
        .from(corporations)
        .where(eq(corporations.IcdCorporationID, p.corporationId));
      if (!corp || !inCorpScope(scope, corp.id)) throw notFound('The corporation');
      return load(
        p.db,
        scope,
        sql`exists (select 1 from ${link.table} where ${link.owner} = ${t.Id} and ${link.corporation} = ${p.corporationId})`,
      );
    },

    async create(p: { db: Db; actor: Actor; body: AuditorSave }): Promise<LinkedPerson> {
      requireManageAll(p.actor);
      const id = await p.db.transaction(async (tx) => {
        await requireCorporations(tx, p.body.IcdCorporationIDs);
        await requireFree(tx, p.body.IcdCorporationIDs);
        await requireUniqueEmail(tx, emailTable, p.body.EmailAddress, undefined, cfg.noun);
        const [row] = await tx
          .insert(t)
          .values({
            FirstName: p.body.FirstName,
            LastName: p.body.LastName,
            EmailAddress: p.body.EmailAddress,
            PhoneNumber: p.body.PhoneNumber,
            Notes: p.body.Notes,
          })
          .returning({ Id: t.Id });
        await cfg.insertLinks(tx, row.Id, p.body.IcdCorporationIDs);
        return row.Id;
      });
      return one(p.db, 'all', id);
    },

    async update(p: { db: Db; actor: Actor; id: number; body: AuditorUpdate }): Promise<LinkedPerson> {
      requireManageAll(p.actor);
      await p.db.transaction(async (tx) => {
        await tx.select({ id: t.Id }).from(t).where(eq(t.Id, p.id)).for('update');
        const current = await one(tx, 'all', p.id);
        if (current.Version !== p.body.Version) throw conflict(current);
        await requireCorporations(tx, p.body.IcdCorporationIDs);
        await requireFree(tx, p.body.IcdCorporationIDs, p.id);
        await requireUniqueEmail(tx, emailTable, p.body.EmailAddress, p.id, cfg.noun);
        await tx
          .update(t)
          .set({
            FirstName: p.body.FirstName,
            LastName: p.body.LastName,
            EmailAddress: p.body.EmailAddress,
            PhoneNumber: p.body.PhoneNumber,
            Notes: p.body.Notes,
            Version: current.Version + 1,
          })
          .where(eq(t.Id, p.id));
        await tx.delete(link.table).where(eq(link.owner, p.id));
        await cfg.insertLinks(tx, p.id, p.body.IcdCorporationIDs);
      });
      return one(p.db, 'all', p.id);
    },

    async remove(p: { db: Db; actor: Actor; id: number; version?: number }): Promise<void> {
      requireManageAll(p.actor);
      await p.db.transaction(async (tx) => {
        await tx.select({ id: t.Id }).from(t).where(eq(t.Id, p.id)).for('update');
        const current = await one(tx, 'all', p.id);
        if (p.version !== undefined && current.Version !== p.version) throw conflict(current);
        if (current.Corporations.length)
          throw inUse(
            cfg.inUseMessage(personName(current), listNames(current.Corporations.map((c) => c.ClientName))),
          );
        await tx.delete(t).where(eq(t.Id, p.id));
      });
    },
  };
}
