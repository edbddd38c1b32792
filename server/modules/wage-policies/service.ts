// Wage policies: the minimum wage of a jurisdiction over time (see src/contract/wage-policies.ts).
// Policies are reference data of the whole company (no office scope): read with wagePolicies:read,
// created and changed with wagePolicies:write; never deleted.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  WAGE_POLICY_DELETE_REFUSED,
  WAGE_POLICY_DUPLICATE,
  type WagePolicy,
  type WagePolicySave,
  type WagePolicyUpdate,
} from '../../../src/contract/wage-policies';
import type { Db } from '../../db/client';
import { stateProvinces, wagePolicies, wagePolicyHistory } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import { conflict, type DbOrTx } from '../scheduling/scope';

const POLICY = 'The wage policy';
export const UNKNOWN_STATE = 'This state or province is not one of the country';

type PolicyRow = typeof wagePolicies.$inferSelect;
type HistoryRow = typeof wagePolicyHistory.$inferSelect;

const toCents = (dollars: number) => Math.round(dollars * 100);

function toWire(row: PolicyRow, history: readonly HistoryRow[]): WagePolicy {
  return {
    WagePolicyID: row.WagePolicyID,
    IsNew: false,
    Name: row.Name,
    CountryID: row.CountryID,
    StateProvince: row.StateProvince,
    History: history
      .filter((h) => h.WagePolicyID === row.WagePolicyID)
      .sort((a, b) => a.StartDate.localeCompare(b.StartDate))
      .map((h) => ({ StartDate: h.StartDate, EndDate: h.EndDate, MinimumWage: h.MinimumWageCents / 100 })),
    Version: row.Version,
  };
}

async function historyOf(db: DbOrTx, ids: readonly number[]): Promise<HistoryRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(wagePolicyHistory)
    .where(inArray(wagePolicyHistory.WagePolicyID, [...ids]))
    .orderBy(asc(wagePolicyHistory.StartDate));
}

export async function listWagePolicies(db: Db): Promise<WagePolicy[]> {
  const rows = await db
    .select()
    .from(wagePolicies)
    .orderBy(
      asc(wagePolicies.CountryID),
      sql`${wagePolicies.StateProvince} nulls first`,
      asc(wagePolicies.Name),
    );
  const history = await historyOf(
    db,
    rows.map((r) => r.WagePolicyID),
  );
  return rows.map((r) => toWire(r, history));
}

async function policyRow(db: DbOrTx, id: number): Promise<PolicyRow> {
  const [row] = await db.select().from(wagePolicies).where(eq(wagePolicies.WagePolicyID, id));
  if (!row) throw notFound(POLICY);
  return row;
}

export async function getWagePolicy(db: DbOrTx, id: number): Promise<WagePolicy> {
  const row = await policyRow(db, id);
  return toWire(row, await historyOf(db, [id]));
}

type ParsedSave = {
  Name: string;
  CountryID: number;
  StateProvince: string | null;
  History: WagePolicySave['History'];
};

async function checkJurisdiction(db: DbOrTx, body: ParsedSave, exceptId?: number): Promise<void> {
  if (body.StateProvince) {
    const [known] = await db
      .select({ id: stateProvinces.StateProvinceID })
      .from(stateProvinces)
      .where(and(eq(stateProvinces.CountryID, body.CountryID), eq(stateProvinces.Code, body.StateProvince)));
    if (!known) throw badRequest('The request is not valid.', { StateProvince: [UNKNOWN_STATE] });
  }
  const [same] = await db
    .select({ id: wagePolicies.WagePolicyID })
    .from(wagePolicies)
    .where(
      and(
        eq(wagePolicies.CountryID, body.CountryID),
        body.StateProvince
          ? eq(wagePolicies.StateProvince, body.StateProvince)
          : isNull(wagePolicies.StateProvince),
        exceptId ? ne(wagePolicies.WagePolicyID, exceptId) : undefined,
      ),
    );
  if (same) throw badRequest(WAGE_POLICY_DUPLICATE, { StateProvince: [WAGE_POLICY_DUPLICATE] });
}

async function writeHistory(db: DbOrTx, id: number, history: ParsedSave['History']): Promise<void> {
  await db.delete(wagePolicyHistory).where(eq(wagePolicyHistory.WagePolicyID, id));
  await db.insert(wagePolicyHistory).values(
    history.map((h) => ({
      WagePolicyID: id,
      StartDate: h.StartDate,
      EndDate: h.EndDate,
      MinimumWageCents: toCents(h.MinimumWage),
    })),
  );
}

export async function createWagePolicy(
  db: Db,
  body: ParsedSave,
  now: Date = new Date(),
): Promise<WagePolicy> {
  return db.transaction(async (tx) => {
    await checkJurisdiction(tx, body);
    const [row] = await tx
      .insert(wagePolicies)
      .values({
        Name: body.Name,
        CountryID: body.CountryID,
        StateProvince: body.StateProvince,
        CreatedAt: now,
        UpdatedAt: now,
      })
      .returning();
    await writeHistory(tx, row.WagePolicyID, body.History);
    return getWagePolicy(tx, row.WagePolicyID);
  });
}

export async function updateWagePolicy(
  db: Db,
  id: number,
  body: ParsedSave & { Version: WagePolicyUpdate['Version'] },
  now: Date = new Date(),
): Promise<WagePolicy> {
  return db.transaction(async (tx) => {
    const row = await policyRow(tx, id);
    if (row.Version !== body.Version) throw conflict(await getWagePolicy(tx, id));
    await checkJurisdiction(tx, body, id);
    const [saved] = await tx
      .update(wagePolicies)
      .set({
        Name: body.Name,
        CountryID: body.CountryID,
        StateProvince: body.StateProvince,
        Version: row.Version + 1,
        UpdatedAt: now,
      })
      .where(and(eq(wagePolicies.WagePolicyID, id), eq(wagePolicies.Version, body.Version)))
      .returning({ id: wagePolicies.WagePolicyID });
    if (!saved) throw conflict(await getWagePolicy(tx, id));
    await writeHistory(tx, id, body.History);
    return getWagePolicy(tx, id);
  });
}

/** Spec 002 §4/§5/§8: a wage policy cannot be deleted, whichever it is. */
export function refuseDelete(): never {
  throw new AppError(400, WAGE_POLICY_DELETE_REFUSED);
}
