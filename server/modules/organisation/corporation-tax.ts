// A corporation's tax information and deductions: read and save (organisation:manage in scope).
import { and, eq, sql } from 'drizzle-orm';
import {
  type Corporation,
  FEDERAL_TAX_PATTERNS,
  type TaxInfo,
  type TaxInfoSaveData,
} from '../../../src/contract/organisation';
import type { Db } from '../../db/client';
import { corporationTaxInfo } from '../../db/tables';
import type { Actor } from '../access/service';
import { CORPORATION, getCorporation } from './corporations-service';
import { conflict, type DbOrTx, fieldError, notFound, orgScopeOf } from './scope';

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
