// Multi-play commission policies of a division (spec 001 §5, §7): a bonus for an order bundling at
// least MinimumPlays of the policy's product + product line pairs. A pair may be in one policy of a
// division only: a pair already in another policy is refused naming that policy ('Pairs.<row>.ProductID').
// Scope: the division must be reached by the caller's key (read 404, write 403).
import { and, asc, eq, ne } from 'drizzle-orm';
import {
  DUPLICATE_PAIR_IN_LIST,
  duplicateMultiPlayPair,
  MULTI_PLAY_POLICY_NOT_FOUND,
  type MultiPlayPolicy,
  type MultiPlayPolicySave,
} from '../../../src/contract/commission';
import { fromCents, toCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { multiPlayCommissionPolicies } from '../../db/tables';
import { AppError } from '../../errors';
import type { Actor } from '../access/service';
import { conflict, type DbOrTx } from '../scheduling/scope';
import {
  COMMISSION_READ,
  COMMISSION_WRITE,
  catalogueErrors,
  divisionReach,
  INVALID,
  lockPolicies,
  reachCondition,
  reaches,
  requireDivision,
  requireDivisionExists,
} from './common';

type Row = typeof multiPlayCommissionPolicies.$inferSelect;
type Save = {
  DivisionID: number;
  Name: string;
  MinimumPlays: number;
  Bonus: number;
  Pairs: MultiPlayPolicySave['Pairs'];
  IsActive: boolean;
};

const notFound = () => new AppError(404, MULTI_PLAY_POLICY_NOT_FOUND);

const toWire = (r: Row): MultiPlayPolicy => ({
  MultiPlayCommissionPolicyID: r.MultiPlayCommissionPolicyID,
  DivisionID: r.DivisionID,
  Name: r.Name,
  MinimumPlays: r.MinimumPlays,
  Bonus: fromCents(r.BonusCents),
  Pairs: r.Pairs.map((p) => ({ ProductID: p.ProductID, ProductLineID: p.ProductLineID ?? null })),
  IsActive: r.IsActive,
  Version: r.Version,
});

export async function divisionMultiPlayPolicies(
  db: Db,
  actor: Actor,
  divisionId: number,
): Promise<MultiPlayPolicy[]> {
  const reach = await divisionReach(db, actor, COMMISSION_READ);
  if (!reaches(reach, divisionId)) throw new AppError(404, 'The division was not found.');
  const m = multiPlayCommissionPolicies;
  const rows = await db
    .select()
    .from(m)
    .where(and(eq(m.DivisionID, divisionId), reachCondition(reach, m.DivisionID)))
    .orderBy(asc(m.Name), asc(m.MultiPlayCommissionPolicyID));
  return rows.map(toWire);
}

async function readable(db: DbOrTx, actor: Actor, id: number): Promise<Row> {
  const m = multiPlayCommissionPolicies;
  const [row] = await db.select().from(m).where(eq(m.MultiPlayCommissionPolicyID, id));
  if (!row || !reaches(await divisionReach(db, actor, COMMISSION_READ), row.DivisionID)) throw notFound();
  return row;
}

export async function getMultiPlayPolicy(db: DbOrTx, actor: Actor, id: number): Promise<MultiPlayPolicy> {
  return toWire(await readable(db, actor, id));
}

const pairKey = (p: { ProductID: number; ProductLineID?: number | null }) =>
  `${p.ProductID}:${p.ProductLineID ?? ''}`;

async function check(db: DbOrTx, actor: Actor, body: Save, exceptId?: number): Promise<void> {
  await requireDivisionExists(db, body.DivisionID);
  await requireDivision(db, actor, COMMISSION_WRITE, body.DivisionID);
  await lockPolicies(db, 'multiPlay');
  const Errors: Record<string, string[]> = {};
  for (let i = 0; i < body.Pairs.length; i++)
    Object.assign(
      Errors,
      await catalogueErrors(
        db,
        {
          DivisionID: body.DivisionID,
          ProductID: body.Pairs[i].ProductID,
          ProductLineID: body.Pairs[i].ProductLineID,
        },
        `Pairs.${i}.`,
      ),
    );
  const seen = new Map<string, number>();
  body.Pairs.forEach((p, i) => {
    if (seen.has(pairKey(p))) Errors[`Pairs.${i}.ProductID`] = [DUPLICATE_PAIR_IN_LIST];
    else seen.set(pairKey(p), i);
  });
  const m = multiPlayCommissionPolicies;
  const others = await db
    .select({ id: m.MultiPlayCommissionPolicyID, name: m.Name, pairs: m.Pairs })
    .from(m)
    .where(
      and(
        eq(m.DivisionID, body.DivisionID),
        exceptId ? ne(m.MultiPlayCommissionPolicyID, exceptId) : undefined,
      ),
    )
    .orderBy(asc(m.MultiPlayCommissionPolicyID));
  body.Pairs.forEach((p, i) => {
    const other = others.find((o) => o.pairs.some((q) => pairKey(q) === pairKey(p)));
    if (other && !Errors[`Pairs.${i}.ProductID`])
      Errors[`Pairs.${i}.ProductID`] = [duplicateMultiPlayPair(other.name, other.id)];
  });
  if (Object.keys(Errors).length) {
    const Messages = Object.entries(Errors).flatMap(([k, v]) => v.map((x) => `${k}: ${x}`));
    throw new AppError(400, Object.values(Errors)[0][0] ?? INVALID, { Errors, Messages });
  }
}

const values = (body: Save) => ({
  DivisionID: body.DivisionID,
  Name: body.Name,
  MinimumPlays: body.MinimumPlays,
  BonusCents: toCents(body.Bonus),
  Pairs: body.Pairs.map((p) => ({ ProductID: p.ProductID, ProductLineID: p.ProductLineID ?? null })),
  IsActive: body.IsActive,
});

export async function createMultiPlayPolicy(db: Db, actor: Actor, body: Save, now = new Date()) {
  return db.transaction(async (tx) => {
    await check(tx, actor, body);
    const [row] = await tx
      .insert(multiPlayCommissionPolicies)
      .values({ ...values(body), CreatedAt: now, UpdatedAt: now })
      .returning();
    return toWire(row);
  });
}

export async function updateMultiPlayPolicy(
  db: Db,
  actor: Actor,
  id: number,
  body: Save & { Version: number },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireDivision(tx, actor, COMMISSION_WRITE, row.DivisionID);
    if (row.Version !== body.Version) throw conflict(toWire(row));
    await check(tx, actor, body, id);
    const m = multiPlayCommissionPolicies;
    const [saved] = await tx
      .update(m)
      .set({ ...values(body), Version: row.Version + 1, UpdatedAt: now })
      .where(and(eq(m.MultiPlayCommissionPolicyID, id), eq(m.Version, body.Version)))
      .returning();
    if (!saved) throw conflict(await getMultiPlayPolicy(tx, actor, id));
    return toWire(saved);
  });
}

export async function deleteMultiPlayPolicy(
  db: Db,
  actor: Actor,
  id: number,
  version?: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readable(tx, actor, id);
    await requireDivision(tx, actor, COMMISSION_WRITE, row.DivisionID);
    if (version !== undefined && version !== row.Version) throw conflict(toWire(row));
    await tx
      .delete(multiPlayCommissionPolicies)
      .where(eq(multiPlayCommissionPolicies.MultiPlayCommissionPolicyID, id));
  });
}
