// Payout policies (spec 002 §7 "Payout policies"): what is paid out per installed unit, by marginal
// tier over the units of a period, per division (IcdCorporationID null) or per corporation within a
// division (overriding the division's policy for that corporation); optionally for one program.
// Same division + corporation + program in an overlapping period is a duplicate (refused, named).
// Scope: division policies by the caller's divisions, corporation policies by their corporations
// (read 404, write 403).
import { and, asc, eq, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  duplicatePayoutPolicy,
  NO_PAYOUT_POLICY,
  PAYOUT_POLICY_NOT_FOUND,
  type PayoutCommissions,
  type PayoutPolicy,
  type PayoutRateRow,
} from '../../../src/contract/commission';
import { fromCents } from '../../../src/contract/payroll';
import type { Db } from '../../db/client';
import { icdOffices, officeDivisions, payoutPolicies } from '../../db/tables';
import { payFor } from '../../domain/commission/tiers';
import { AppError, badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { conflict, type DbOrTx } from '../scheduling/scope';
import {
  corporationNames,
  corporationReach,
  divisionNames,
  divisionReach,
  duplicateError,
  eqOrNull,
  INVALID,
  inForceOn,
  lockPolicies,
  overlapsPeriod,
  PAYOUT_READ,
  PAYOUT_WRITE,
  programRow,
  type Reach,
  reaches,
  requireCorporation,
  requireCorporationExists,
  requireDivision,
  requireDivisionExists,
  tiersIn,
  tiersOut,
} from './common';

type Row = typeof payoutPolicies.$inferSelect;
export type PayoutKind = 'division' | 'corporation';
interface Save {
  DivisionID: number;
  IcdCorporationID?: number;
  Name: string;
  ProgramID?: number | null;
  StartDate: string;
  EndDate?: string | null;
  Tiers: { From: number; To: number; Rate: number }[];
}

const notFound = () => new AppError(404, PAYOUT_POLICY_NOT_FOUND);
const kindOf = (r: Row): PayoutKind => (r.IcdCorporationID === null ? 'division' : 'corporation');

async function toWire(db: DbOrTx, rows: readonly Row[]): Promise<PayoutPolicy[]> {
  const divs = await divisionNames(
    db,
    rows.map((r) => r.DivisionID),
  );
  const corps = await corporationNames(
    db,
    rows.flatMap((r) => (r.IcdCorporationID === null ? [] : [r.IcdCorporationID])),
  );
  return rows.map((r) => ({
    PayoutPolicyID: r.PayoutPolicyID,
    DivisionID: r.DivisionID,
    DivisionName: divs.get(r.DivisionID) ?? '',
    IcdCorporationID: r.IcdCorporationID,
    CorporationName: r.IcdCorporationID === null ? null : (corps.get(r.IcdCorporationID) ?? ''),
    Name: r.Name,
    ProgramID: r.ProgramID,
    StartDate: r.StartDate,
    EndDate: r.EndDate,
    Tiers: tiersOut(r.Tiers),
    Version: r.Version,
  }));
}

interface ReadReach {
  divisions: Reach;
  corporations: Reach;
}
const readReach = async (db: DbOrTx, actor: Actor): Promise<ReadReach> => ({
  divisions: await divisionReach(db, actor, PAYOUT_READ),
  corporations: await corporationReach(db, actor, PAYOUT_READ),
});
const canRead = (reach: ReadReach, r: Row) =>
  r.IcdCorporationID === null
    ? reaches(reach.divisions, r.DivisionID)
    : reaches(reach.corporations, r.IcdCorporationID);

/** Policies of one kind in the caller's scope, filtered. */
export async function listPayoutPolicies(
  db: Db,
  actor: Actor,
  kind: PayoutKind,
  query: { divisionID?: number; icdCorporationID?: number },
): Promise<PayoutPolicy[]> {
  const p = payoutPolicies;
  const rows = await db
    .select()
    .from(p)
    .where(
      and(
        kind === 'division' ? isNull(p.IcdCorporationID) : isNotNull(p.IcdCorporationID),
        query.divisionID ? eq(p.DivisionID, query.divisionID) : undefined,
        query.icdCorporationID && kind === 'corporation'
          ? eq(p.IcdCorporationID, query.icdCorporationID)
          : undefined,
      ),
    )
    .orderBy(
      asc(p.DivisionID),
      asc(p.IcdCorporationID),
      asc(p.Name),
      asc(p.StartDate),
      asc(p.PayoutPolicyID),
    );
  const reach = await readReach(db, actor);
  return toWire(
    db,
    rows.filter((r) => canRead(reach, r)),
  );
}

async function readable(db: DbOrTx, actor: Actor, id: number, kind?: PayoutKind): Promise<Row> {
  const [row] = await db.select().from(payoutPolicies).where(eq(payoutPolicies.PayoutPolicyID, id));
  if (!row || (kind && kindOf(row) !== kind) || !canRead(await readReach(db, actor), row)) throw notFound();
  return row;
}

export async function getPayoutPolicy(
  db: DbOrTx,
  actor: Actor,
  id: number,
  kind?: PayoutKind,
): Promise<PayoutPolicy> {
  return (await toWire(db, [await readable(db, actor, id, kind)]))[0];
}

async function requireWritable(db: DbOrTx, actor: Actor, divisionId: number, corporationId: number | null) {
  if (corporationId === null) await requireDivision(db, actor, PAYOUT_WRITE, divisionId);
  else await requireCorporation(db, actor, PAYOUT_WRITE, corporationId);
}

async function check(db: DbOrTx, actor: Actor, kind: PayoutKind, body: Save, exceptId?: number) {
  await lockPolicies(db, 'payout');
  const corp = kind === 'corporation' ? (body.IcdCorporationID ?? null) : null;
  await requireDivisionExists(db, body.DivisionID);
  if (corp !== null) {
    await requireCorporationExists(db, corp);
    const [works] = await db
      .select({ id: officeDivisions.IcdOfficeID })
      .from(officeDivisions)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
      .where(and(eq(icdOffices.IcdCorporationID, corp), eq(officeDivisions.DivisionID, body.DivisionID)))
      .limit(1);
    if (!works)
      throw badRequest(INVALID, { DivisionID: ['No office of this corporation works this division'] });
  }
  await requireWritable(db, actor, body.DivisionID, corp);
  if (body.ProgramID) {
    const program = await programRow(db, body.ProgramID);
    if (program.DivisionID !== body.DivisionID)
      throw badRequest(INVALID, { ProgramID: ['This program is not of the division'] });
  }
  const tiers = tiersIn(body.Tiers);
  const p = payoutPolicies;
  const [dup] = await db
    .select({ id: p.PayoutPolicyID, name: p.Name })
    .from(p)
    .where(
      and(
        eq(p.DivisionID, body.DivisionID),
        eqOrNull(p.IcdCorporationID, corp),
        eqOrNull(p.ProgramID, body.ProgramID ?? null),
        overlapsPeriod(p.StartDate, p.EndDate, body.StartDate, body.EndDate ?? null),
        exceptId ? ne(p.PayoutPolicyID, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw duplicateError(['ProgramID'], duplicatePayoutPolicy(dup.name, dup.id));
  return {
    DivisionID: body.DivisionID,
    IcdCorporationID: corp,
    Name: body.Name,
    ProgramID: body.ProgramID ?? null,
    StartDate: body.StartDate,
    EndDate: body.EndDate ?? null,
    Tiers: tiers,
  };
}

export async function createPayoutPolicy(
  db: Db,
  actor: Actor,
  kind: PayoutKind,
  body: Save,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const values = await check(tx, actor, kind, body);
    const [row] = await tx
      .insert(payoutPolicies)
      .values({ ...values, CreatedAt: now, UpdatedAt: now })
      .returning();
    return (await toWire(tx, [row]))[0];
  });
}

export async function updatePayoutPolicy(
  db: Db,
  actor: Actor,
  kind: PayoutKind,
  id: number,
  body: Save & { Version: number },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await readable(tx, actor, id, kind);
    await requireWritable(tx, actor, row.DivisionID, row.IcdCorporationID);
    if (row.Version !== body.Version) throw conflict((await toWire(tx, [row]))[0]);
    const values = await check(tx, actor, kind, body, id);
    const p = payoutPolicies;
    const [saved] = await tx
      .update(p)
      .set({ ...values, Version: row.Version + 1, UpdatedAt: now })
      .where(and(eq(p.PayoutPolicyID, id), eq(p.Version, body.Version)))
      .returning();
    if (!saved) throw conflict(await getPayoutPolicy(tx, actor, id));
    return (await toWire(tx, [saved]))[0];
  });
}

/**
 * The policy in force for a division (and corporation, program) on a day: a corporation's own policy
 * before the division's, one for the program before one for every program.
 */
export async function payoutPolicyFor(
  db: DbOrTx,
  q: { DivisionID: number; IcdCorporationID: number | null; ProgramID: number | null; Date: string },
): Promise<Row | null> {
  const p = payoutPolicies;
  const corp: SQL | undefined =
    q.IcdCorporationID === null
      ? isNull(p.IcdCorporationID)
      : undefined; /* both the corporation's and the division's, ranked below */
  const rows = await db
    .select()
    .from(p)
    .where(and(eq(p.DivisionID, q.DivisionID), corp, inForceOn(p.StartDate, p.EndDate, q.Date)))
    .orderBy(asc(p.PayoutPolicyID));
  const rank = (r: Row) =>
    (r.IcdCorporationID !== null && r.IcdCorporationID === q.IcdCorporationID ? 2 : 0) +
    (r.ProgramID !== null && r.ProgramID === q.ProgramID ? 1 : 0);
  const usable = rows.filter(
    (r) =>
      (r.IcdCorporationID === null || r.IcdCorporationID === q.IcdCorporationID) &&
      (r.ProgramID === null || r.ProgramID === q.ProgramID),
  );
  let best: Row | null = null;
  for (const r of usable) if (!best || rank(r) > rank(best)) best = r;
  return best;
}

/** POST payout-policy/commissions: the payout of each order, units counted in order after PriorQuantity. */
export async function payoutCommissions(
  db: Db,
  actor: Actor,
  body: {
    PayoutPolicyID?: number;
    DivisionID?: number;
    IcdCorporationID?: number | null;
    ProgramID?: number | null;
    Date?: string;
    PriorQuantity: number;
    Orders: { Reference?: string; Quantity: number }[];
  },
): Promise<PayoutCommissions> {
  let policy: Row | null;
  if (body.PayoutPolicyID !== undefined) policy = await readable(db, actor, body.PayoutPolicyID);
  else {
    policy = await payoutPolicyFor(db, {
      DivisionID: body.DivisionID as number,
      IcdCorporationID: body.IcdCorporationID ?? null,
      ProgramID: body.ProgramID ?? null,
      Date: body.Date as string,
    });
    if (policy && !canRead(await readReach(db, actor), policy)) policy = null;
    if (!policy) throw new AppError(404, NO_PAYOUT_POLICY, { Errors: { DivisionID: [NO_PAYOUT_POLICY] } });
  }
  let running = body.PriorQuantity;
  let totalCents = 0;
  const orders = body.Orders.map((o) => {
    const pay = payFor(policy.Tiers, o.Quantity, running);
    running += o.Quantity;
    totalCents += pay.AmountCents;
    return {
      Reference: o.Reference ?? null,
      Quantity: o.Quantity,
      Amount: fromCents(pay.AmountCents),
      Tiers: pay.Lines.map((l) => ({
        TierNumber: l.TierIndex + 1,
        Quantity: l.Qty,
        Rate: fromCents(l.RateCents),
        Amount: fromCents(l.AmountCents),
      })),
    };
  });
  return {
    PayoutPolicyID: policy.PayoutPolicyID,
    PolicyName: policy.Name,
    Orders: orders,
    TotalQuantity: running - body.PriorQuantity,
    TotalAmount: fromCents(totalCents),
  };
}

/** GET reports/payout-policies/payout-rate-table: one row per tier of every policy in scope. */
export async function payoutRateTable(
  db: Db,
  actor: Actor,
  query: { divisionID?: number; icdCorporationID?: number; date?: string },
): Promise<PayoutRateRow[]> {
  const p = payoutPolicies;
  const rows = await db
    .select()
    .from(p)
    .where(
      and(
        query.divisionID ? eq(p.DivisionID, query.divisionID) : undefined,
        // A corporation's table: its own policies and its divisions' policies.
        query.icdCorporationID
          ? or(eq(p.IcdCorporationID, query.icdCorporationID), isNull(p.IcdCorporationID))
          : undefined,
        query.date ? inForceOn(p.StartDate, p.EndDate, query.date) : undefined,
      ),
    )
    .orderBy(
      asc(p.DivisionID),
      asc(p.IcdCorporationID),
      asc(p.ProgramID),
      asc(p.StartDate),
      asc(p.PayoutPolicyID),
    );
  const reach = await readReach(db, actor);
  const wire = await toWire(
    db,
    rows.filter((r) => canRead(reach, r)),
  );
  return wire.flatMap((w) =>
    w.Tiers.map((t, i) => ({
      PayoutPolicyID: w.PayoutPolicyID,
      PolicyName: w.Name,
      DivisionID: w.DivisionID,
      DivisionName: w.DivisionName,
      IcdCorporationID: w.IcdCorporationID,
      CorporationName: w.CorporationName,
      ProgramID: w.ProgramID,
      StartDate: w.StartDate,
      EndDate: w.EndDate,
      TierNumber: i + 1,
      From: t.From,
      To: t.To,
      Rate: t.Rate,
    })),
  );
}
