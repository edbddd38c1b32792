// The demo company's commission and payout policies (issue 17). Two steps, each only into a database
// that has none of its rows yet, every period starting on 1 January of the year before the clock (so
// in force on every demo sale date and never after `now`):
// - seedCommission (before the orders seed): ICD commission policies for every corporation on one
//   program of each division its offices work, the four commission types all used (AdvanceWage,
//   CommissionAboveThreshold, CommissionExceedingGuaranteed, PieceBased); a payout policy per division
//   (three tiers) and one corporation payout policy (Northwind on Rogers).
// - seedProductCommission (once products exist): a product commission policy for every product on
//   every program of its division (Rogers door-to-door with two tiers: the 11th unit of a period on
//   is paid more), and multi-play policies (Rogers TV + Internet; Dtv Choice + Stream).
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { Division } from '../../src/contract/common';
import { StatusKind } from '../../src/contract/orders';
import type { Db } from '../db/client';
import {
  commissionPolicies,
  corporations,
  icdOffices,
  multiPlayCommissionPolicies,
  officeDivisions,
  payoutPolicies,
  productCommissionPolicies,
  productOrderStatuses,
  productOrders,
  products,
  programs,
} from '../db/tables';
import { singleTier, TIER_MAX, type Tier } from '../domain/commission/tiers';
import { settleCommissions } from '../modules/orders/commission-link';
import type { DbOrTx } from '../modules/scheduling/scope';

/** 1 January of the year before the clock's (UTC), as YYYY-MM-DD. */
export const policyStart = (now: Date) => `${now.getUTCFullYear() - 1}-01-01`;

const tiers = (...rows: [number, number][]): Tier[] =>
  rows.map(([From, RateCents], i) => ({ From, To: rows[i + 1]?.[0] ?? TIER_MAX, RateCents }));

export async function seedCommission(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(commissionPolicies);
  if (n > 0) return;
  const start = policyStart(now);
  await db.transaction(async (tx) => {
    const corps = await tx.select().from(corporations).orderBy(asc(corporations.IcdCorporationID));
    const progs = await tx.select().from(programs).orderBy(asc(programs.ProgramID));
    const worked = await tx
      .selectDistinct({ corp: icdOffices.IcdCorporationID, division: officeDivisions.DivisionID })
      .from(officeDivisions)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
      .orderBy(asc(icdOffices.IcdCorporationID), asc(officeDivisions.DivisionID));
    let type = 0;
    const rows: (typeof commissionPolicies.$inferInsert)[] = [];
    for (const corp of corps) {
      for (const w of worked.filter((x) => x.corp === corp.IcdCorporationID)) {
        const program = progs.find((p) => p.DivisionID === w.division);
        if (!program) continue;
        const CommissionTypeID = (type++ % 4) + 1;
        rows.push({
          IcdCorporationID: corp.IcdCorporationID,
          Name: `${corp.ClientName.split(' ')[0]} — ${program.Name}`,
          ProgramID: program.ProgramID,
          RetailerID: null,
          CommissionTypeID,
          CommissionThresholdCents: CommissionTypeID === 2 ? 50_000 : 0,
          IsPaidGuaranteed: CommissionTypeID !== 4,
          IsPaidCommission: true,
          StartDate: start,
          EndDate: null,
          Tiers: CommissionTypeID === 4 ? tiers([0, 2500], [10, 3000], [25, 3500]) : singleTier(2000),
          CreatedAt: now,
          UpdatedAt: now,
        });
      }
    }
    if (rows.length) await tx.insert(commissionPolicies).values(rows);

    const divisionRates: Record<number, Tier[]> = {
      [Division.RoadShow]: tiers([0, 800], [50, 1000], [150, 1200]),
      [Division.Dtv]: tiers([0, 4000], [20, 4500], [60, 5000]),
      [Division.Rogers]: tiers([0, 3500], [20, 4000], [50, 4500]),
    };
    const names: Record<number, string> = {
      [Division.RoadShow]: 'RoadShow payout',
      [Division.Dtv]: 'Dtv payout',
      [Division.Rogers]: 'Rogers payout',
    };
    await tx.insert(payoutPolicies).values(
      Object.entries(divisionRates).map(([d, t]) => ({
        DivisionID: Number(d),
        IcdCorporationID: null,
        Name: names[Number(d)],
        ProgramID: null,
        StartDate: start,
        EndDate: null,
        Tiers: t,
        CreatedAt: now,
        UpdatedAt: now,
      })),
    );
    const northwind = corps.find((c) => c.ClientName.startsWith('Northwind'));
    if (
      northwind &&
      worked.some((w) => w.corp === northwind.IcdCorporationID && w.division === Division.Rogers)
    )
      await tx.insert(payoutPolicies).values({
        DivisionID: Division.Rogers,
        IcdCorporationID: northwind.IcdCorporationID,
        Name: 'Northwind Rogers payout',
        ProgramID: null,
        StartDate: start,
        EndDate: null,
        Tiers: tiers([0, 3800], [20, 4300], [50, 4800]),
        CreatedAt: now,
        UpdatedAt: now,
      });
  });
}

/** Cents per unit of a product on a program (Rogers door-to-door pays the most). */
function rateOf(product: { DivisionID: number; Code: string | null }, program: { Name: string }): Tier[] {
  const base =
    product.DivisionID === Division.Rogers ? 4000 : product.DivisionID === Division.Dtv ? 5000 : 1500;
  const adjusted = /Door-to-Door/i.test(program.Name) ? base : Math.round(base * 0.8);
  if (/Door-to-Door/i.test(program.Name)) return tiers([0, adjusted], [10, adjusted + 1000]);
  return singleTier(adjusted);
}

/**
 * Product commission and multi-play policies for the demo products. Takes the orders seed's
 * transaction when called from it (after products and lines, before the orders are settled).
 */
export async function seedProductCommission(db: DbOrTx, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(productCommissionPolicies);
  if (n > 0) return;
  const productRows = await db.select().from(products).orderBy(asc(products.ProductID));
  if (!productRows.length) return;
  const start = policyStart(now);
  const progs = await db.select().from(programs).orderBy(asc(programs.ProgramID));
  const rows = productRows.flatMap((product) =>
    progs
      .filter((p) => p.DivisionID === product.DivisionID)
      .map((program) => ({
        Name: `${product.Name} — ${program.Name}`,
        DivisionID: product.DivisionID,
        ProgramID: program.ProgramID,
        RetailerID: null,
        ProductID: product.ProductID,
        ProductLineID: null,
        CommissionTypeID: 4,
        StartDate: start,
        EndDate: null,
        Tiers: rateOf(product, program),
        CreatedAt: now,
        UpdatedAt: now,
      })),
  );
  if (rows.length) await db.insert(productCommissionPolicies).values(rows);

  const [{ m }] = await db.select({ m: count() }).from(multiPlayCommissionPolicies);
  if (m > 0) return;
  const byCode = async (division: number, codes: string[]) =>
    db
      .select({ ProductID: products.ProductID })
      .from(products)
      .where(and(eq(products.DivisionID, division), inArray(products.Code, codes)))
      .orderBy(asc(products.ProductID));
  const multi = [
    {
      DivisionID: Division.Rogers,
      Name: 'Ignite TV + Internet',
      codes: ['RGR-TV-S', 'RGR-TV-P', 'RGR-INT-1G', 'RGR-INT-500'],
      bonus: 2500,
    },
    {
      DivisionID: Division.Dtv,
      Name: 'DIRECTV Choice + Stream',
      codes: ['DTV-CHOICE', 'DTV-STREAM'],
      bonus: 1500,
    },
  ];
  for (const mp of multi) {
    const pairs = (await byCode(mp.DivisionID, mp.codes)).map((p) => ({
      ProductID: p.ProductID,
      ProductLineID: null,
    }));
    if (pairs.length < 2) continue;
    await db.insert(multiPlayCommissionPolicies).values({
      DivisionID: mp.DivisionID,
      Name: mp.Name,
      MinimumPlays: 2,
      BonusCents: mp.bonus,
      Pairs: pairs,
      IsActive: true,
      CreatedAt: now,
      UpdatedAt: now,
    });
  }
}

/**
 * When the product policies were added after the demo orders were settled (the orders seed ran
 * first), pays the Installed demo orders now: settling is idempotent (the orders' commission ledger),
 * so orders already paid are left alone.
 */
export async function payInstalledDemoOrders(db: Db, now: Date = new Date()): Promise<void> {
  const installed = await db
    .select({ id: productOrders.ProductOrderID })
    .from(productOrders)
    .innerJoin(
      productOrderStatuses,
      eq(productOrderStatuses.ProductOrderStatusID, productOrders.ProductOrderStatusID),
    )
    .where(eq(productOrderStatuses.StatusKind, StatusKind.Installed))
    .orderBy(asc(productOrders.ProductOrderID));
  if (!installed.length) return;
  await db.transaction(async (tx) =>
    settleCommissions(
      tx,
      installed.map((r) => r.id),
      { actorEmployeeID: null, now },
    ),
  );
}
