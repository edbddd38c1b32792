// Product commission policies (spec 002 §3, §5, §7 "Products and orders"): what a unit of a product
// (and product line) sold on a program (and optionally at one retailer) earns, by tier, over a
// period. The division is the program's. A second policy for the same program + retailer and the same
// product + product line in an overlapping period is a duplicate: refused, naming the existing one.
// Scope: the program's division must be reached by the caller's key (read 404, write 403).
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  duplicateInBatch,
  duplicateProductPolicy,
  PRODUCT_POLICY_NOT_FOUND,
  type ProductPolicy,
  type ProductPolicySave,
} from '../../../src/contract/commission';
import type { Db } from '../../db/client';
import { productCommissionPolicies } from '../../db/tables';
import type { Tier } from '../../domain/commission/tiers';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import { conflict, type DbOrTx } from '../scheduling/scope';
import {
  COMMISSION_READ,
  COMMISSION_WRITE,
  catalogueErrors,
  divisionReach,
  duplicateError,
  eqOrNull,
  fieldErrors,
  INVALID,
  inForceOn,
  lockPolicies,
  overlapsPeriod,
  programNames,
  programRow,
  reachCondition,
  reaches,
  tiersIn,
  tiersOut,
} from './common';

type Row = typeof productCommissionPolicies.$inferSelect;
type Save = Omit<ProductPolicySave, 'CommissionTypeID'> & { CommissionTypeID: number };

const notFound = () => new AppError(404, PRODUCT_POLICY_NOT_FOUND);

async function toWire(db: DbOrTx, rows: readonly Row[]): Promise<ProductPolicy[]> {
  const names = await programNames(
    db,
    rows.map((r) => r.ProgramID),
  );
  return rows.map((r) => ({
    ProductCommissionPolicyID: r.ProductCommissionPolicyID,
    Name: r.Name,
    DivisionID: r.DivisionID,
    ProgramID: r.ProgramID,
    ProgramName: names.get(r.ProgramID) ?? '',
    RetailerID: r.RetailerID,
    ProductID: r.ProductID,
    ProductLineID: r.ProductLineID,
    CommissionTypeID: r.CommissionTypeID,
    StartDate: r.StartDate,
    EndDate: r.EndDate,
    Tiers: tiersOut(r.Tiers),
    Version: r.Version,
  }));
}

export async function listProductPolicies(
  db: Db,
  actor: Actor,
  query: { divisionID?: number; programID?: number; productID?: number; date?: string },
): Promise<ProductPolicy[]> {
  const p = productCommissionPolicies;
  const rows = await db
    .select()
    .from(p)
    .where(
      and(
        reachCondition(await divisionReach(db, actor, COMMISSION_READ), p.DivisionID),
        query.divisionID ? eq(p.DivisionID, query.divisionID) : undefined,
        query.programID ? eq(p.ProgramID, query.programID) : undefined,
        query.productID ? eq(p.ProductID, query.productID) : undefined,
        query.date ? inForceOn(p.StartDate, p.EndDate, query.date) : undefined,
      ),
    )
    .orderBy(
      asc(p.DivisionID),
      asc(p.ProgramID),
      asc(p.Name),
      asc(p.StartDate),
      asc(p.ProductCommissionPolicyID),
    );
  return toWire(db, rows);
}

async function readable(db: DbOrTx, actor: Actor, id: number): Promise<Row> {
  const p = productCommissionPolicies;
  const [row] = await db.select().from(p).where(eq(p.ProductCommissionPolicyID, id));
  if (!row || !reaches(await divisionReach(db, actor, COMMISSION_READ), row.DivisionID)) throw notFound();
  return row;
}

export async function getProductPolicy(db: DbOrTx, actor: Actor, id: number): Promise<ProductPolicy> {
  return (await toWire(db, [await readable(db, actor, id)]))[0];
}

interface Checked {
  DivisionID: number;
  tiers: Tier[];
}

/** Checks one policy (errors prefixed for bulk rows); duplicates against the stored policies. */
async function check(db: DbOrTx, actor: Actor, body: Save, prefix = '', exceptId?: number): Promise<Checked> {
  let program: Awaited<ReturnType<typeof programRow>>;
  try {
    program = await programRow(db, body.ProgramID);
  } catch (e) {
    if (e instanceof AppError && prefix) throw new AppError(400, INVALID, { Errors: prefixed(e, prefix) });
    throw e;
  }
  if (!reaches(await divisionReach(db, actor, COMMISSION_WRITE), program.DivisionID))
    throw new AppError(403, 'You do not have permission to do this.');
  const refs = await catalogueErrors(
    db,
    {
      DivisionID: program.DivisionID,
      ProgramID: body.ProgramID,
      ProductID: body.ProductID,
      ProductLineID: body.ProductLineID,
      RetailerID: body.RetailerID,
    },
    prefix,
  );
  if (Object.keys(refs).length) throw fieldErrors(refs);
  const tiers = tiersIn(body.Tiers, prefix);
  const p = productCommissionPolicies;
  const [dup] = await db
    .select({ id: p.ProductCommissionPolicyID, name: p.Name })
    .from(p)
    .where(
      and(
        eq(p.ProgramID, body.ProgramID),
        eqOrNull(p.RetailerID, body.RetailerID ?? null),
        eq(p.ProductID, body.ProductID),
        eqOrNull(p.ProductLineID, body.ProductLineID ?? null),
        overlapsPeriod(p.StartDate, p.EndDate, body.StartDate, body.EndDate ?? null),
        exceptId ? ne(p.ProductCommissionPolicyID, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup)
    throw duplicateError(
      ['ProgramID', 'RetailerID', 'ProductID', 'ProductLineID'],
      duplicateProductPolicy(dup.name, dup.id),
      prefix,
    );
  return { DivisionID: program.DivisionID, tiers };
}

function prefixed(e: AppError, prefix: string): Record<string, string[]> {
  return Object.fromEntries(Object.entries(e.extra.Errors ?? {}).map(([k, v]) => [`${prefix}${k}`, v]));
}

function values(body: Save, checked: Checked) {
  return {
    Name: body.Name,
    DivisionID: checked.DivisionID,
    ProgramID: body.ProgramID,
    RetailerID: body.RetailerID ?? null,
    ProductID: body.ProductID,
    ProductLineID: body.ProductLineID ?? null,
    CommissionTypeID: body.CommissionTypeID,
    StartDate: body.StartDate,
    EndDate: body.EndDate ?? null,
    Tiers: checked.tiers,
  };
}

export async function createProductPolicy(db: Db, actor: Actor, body: Save, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockPolicies(tx, 'product');
    const checked = await check(tx, actor, body);
    const [row] = await tx
      .insert(productCommissionPolicies)
      .values({ ...values(body, checked), CreatedAt: now, UpdatedAt: now })
      .returning();
    return (await toWire(tx, [row]))[0];
  });
}

const sameKey = (a: Save, b: Save) =>
  a.ProgramID === b.ProgramID &&
  (a.RetailerID ?? null) === (b.RetailerID ?? null) &&
  a.ProductID === b.ProductID &&
  (a.ProductLineID ?? null) === (b.ProductLineID ?? null) &&
  (b.EndDate == null || a.StartDate <= b.EndDate) &&
  (a.EndDate == null || b.StartDate <= a.EndDate);

/**
 * POST product-commission-policies/bulk: all or nothing. Every row is checked; a refusal names each
 * failing row ('Policies.<row>.<Field>'), including rows duplicating an earlier row of the batch.
 */
export async function createProductPolicies(db: Db, actor: Actor, rows: readonly Save[], now = new Date()) {
  return db.transaction(async (tx) => {
    await lockPolicies(tx, 'product');
    const Errors: Record<string, string[]> = {};
    const checked: Checked[] = [];
    for (let i = 0; i < rows.length; i++) {
      const prefix = `Policies.${i}.`;
      try {
        checked.push(await check(tx, actor, rows[i], prefix));
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 400) throw e;
        Object.assign(Errors, e.extra.Errors ?? { [`${prefix}Name`]: [e.message] });
        continue;
      }
      const earlier = rows.findIndex((r, j) => j < i && sameKey(r, rows[i]));
      if (earlier >= 0) Errors[`${prefix}ProductID`] = [duplicateInBatch(earlier + 1)];
    }
    if (Object.keys(Errors).length) {
      throw new AppError(400, INVALID, {
        Errors,
        Messages: Object.entries(Errors).flatMap(([k, m]) => m.map((x) => `${k}: ${x}`)),
      });
    }
    const saved = await tx
      .insert(productCommissionPolicies)
      .values(rows.map((r, i) => ({ ...values(r, checked[i]), CreatedAt: now, UpdatedAt: now })))
      .returning();
    return toWire(tx, saved);
  });
}

export async function updateProductPolicy(
  db: Db,
  actor: Actor,
  id: number,
  body: Save & { Version: number },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    if (!reaches(await divisionReach(tx, actor, COMMISSION_WRITE), row.DivisionID))
      throw new AppError(403, 'You do not have permission to do this.');
    if (row.Version !== body.Version) throw conflict((await toWire(tx, [row]))[0]);
    await lockPolicies(tx, 'product');
    const checked = await check(tx, actor, body, '', id);
    const p = productCommissionPolicies;
    const [saved] = await tx
      .update(p)
      .set({ ...values(body, checked), Version: row.Version + 1, UpdatedAt: now })
      .where(and(eq(p.ProductCommissionPolicyID, id), eq(p.Version, body.Version)))
      .returning();
    if (!saved) throw conflict(await getProductPolicy(tx, actor, id));
    return (await toWire(tx, [saved]))[0];
  });
}

export async function deleteProductPolicy(db: Db, actor: Actor, id: number, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    if (!reaches(await divisionReach(tx, actor, COMMISSION_WRITE), row.DivisionID))
      throw new AppError(403, 'You do not have permission to do this.');
    if (version !== undefined && version !== row.Version) throw conflict((await toWire(tx, [row]))[0]);
    await tx
      .delete(productCommissionPolicies)
      .where(eq(productCommissionPolicies.ProductCommissionPolicyID, id));
  });
}
