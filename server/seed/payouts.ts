// Demo posted payouts and RS payout transfers (issue 18), only into a database that has none yet,
// never dated after the clock: for every corporation and division its offices work, a posted payout
// each week of the last six (Fridays on or before the clock's day), posted by Priya Shah (payroll);
// amounts against the payout policy in force cycle over the three comparisons (Positive, Negative,
// Neutral), and the latest one of each corporation and division was corrected afterwards by Alex
// Morgan (admin), so its history shows the change. Four RS payout transfers to and from the
// corporations.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { TransferDirection } from '../../src/contract/payouts';
import type { Db } from '../db/client';
import type { PostedPayoutChangeRow, PostedPayoutLineRow } from '../db/schema/payouts';
import {
  corporations,
  employees,
  icdOffices,
  officeDivisions,
  payoutPolicies,
  postedPayoutHistory,
  postedPayouts,
  rsPayoutTransfers,
} from '../db/tables';
import { payFor } from '../domain/commission/tiers';
import { policyInForce } from '../modules/payouts/query';

const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The Friday on or before the clock's day (UTC), minus `weeks` weeks. */
function friday(now: Date, weeks: number): string {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const back = (today.getUTCDay() - 5 + 7) % 7;
  return ymd(new Date(today.getTime() - (back + 7 * weeks) * DAY));
}

export async function seedPayouts(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(postedPayouts);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const people = await tx
      .select()
      .from(employees)
      .where(inArray(employees.UserName, ['payroll', 'admin']));
    const payroll = people.find((p) => p.UserName === 'payroll');
    const admin = people.find((p) => p.UserName === 'admin');
    if (!payroll || !admin) return;
    const worked = await tx
      .selectDistinct({ corp: icdOffices.IcdCorporationID, division: officeDivisions.DivisionID })
      .from(officeDivisions)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, officeDivisions.IcdOfficeID))
      .orderBy(asc(icdOffices.IcdCorporationID), asc(officeDivisions.DivisionID));
    const policies = await tx.select().from(payoutPolicies).orderBy(asc(payoutPolicies.PayoutPolicyID));
    // Positive, Negative, Neutral in turn (cents over or under the expected amount).
    const deltas = [2_500, -4_000, 0];
    let turn = 0;
    for (const w of worked) {
      let latest: { id: number; lines: PostedPayoutLineRow[]; date: string } | null = null;
      for (let week = 5; week >= 0; week--) {
        const PostedDate = friday(now, week);
        const Quantity = 6 + ((w.corp * 7 + w.division + week * 5) % 28);
        const policy = policyInForce(policies, {
          DivisionID: w.division,
          IcdCorporationID: w.corp,
          ProgramID: null,
          Date: PostedDate,
        });
        if (!policy) continue;
        const expected = payFor(policy.Tiers, Quantity, 0).AmountCents;
        const delta = deltas[turn++ % deltas.length];
        const lines: PostedPayoutLineRow[] = [
          { ProgramID: null, Quantity, PostedCents: Math.max(100, expected + delta) },
        ];
        const at = new Date(Math.min(now.getTime(), Date.parse(`${PostedDate}T16:00:00Z`)));
        const Reference = `PP-${PostedDate.replaceAll('-', '')}-${w.corp}-${w.division}`;
        const [row] = await tx
          .insert(postedPayouts)
          .values({
            DivisionID: w.division,
            IcdCorporationID: w.corp,
            PostedDate,
            Reference,
            Comments: null,
            Lines: lines,
            CreatedByEmployeeID: payroll.EmployeeID,
            UpdatedByEmployeeID: payroll.EmployeeID,
            CreatedAt: at,
            UpdatedAt: at,
          })
          .returning();
        const created: PostedPayoutChangeRow[] = [
          { Field: 'PostedDate', From: null, To: PostedDate },
          { Field: 'Reference', From: null, To: Reference },
          {
            Field: 'Lines: All programs',
            From: null,
            To: `${Quantity} units, ${money(lines[0].PostedCents)}`,
          },
        ];
        await tx.insert(postedPayoutHistory).values({
          PostedPayoutID: row.PostedPayoutID,
          Action: 'Created',
          ChangedAt: at,
          ChangedByEmployeeID: payroll.EmployeeID,
          Changes: created,
        });
        latest = { id: row.PostedPayoutID, lines, date: PostedDate };
      }
      if (!latest) continue;
      // The latest one was corrected by the administrator: two more units, 50.00 more, a comment.
      const before = latest.lines[0];
      const after = { ...before, Quantity: before.Quantity + 2, PostedCents: before.PostedCents + 5_000 };
      const at = new Date(Math.min(now.getTime(), Date.parse(`${latest.date}T18:30:00Z`)));
      const Comments = 'Two late installs added';
      await tx
        .update(postedPayouts)
        .set({ Lines: [after], Comments, Version: 2, UpdatedAt: at, UpdatedByEmployeeID: admin.EmployeeID })
        .where(and(eq(postedPayouts.PostedPayoutID, latest.id)));
      await tx.insert(postedPayoutHistory).values({
        PostedPayoutID: latest.id,
        Action: 'Updated',
        ChangedAt: at,
        ChangedByEmployeeID: admin.EmployeeID,
        Changes: [
          { Field: 'Comments', From: null, To: Comments },
          {
            Field: 'Lines: All programs',
            From: `${before.Quantity} units, ${money(before.PostedCents)}`,
            To: `${after.Quantity} units, ${money(after.PostedCents)}`,
          },
        ],
      });
    }

    const corps = await tx.select().from(corporations).orderBy(asc(corporations.IcdCorporationID));
    const transfers = corps.slice(0, 3).flatMap((c, i) => {
      const at = (days: number) =>
        new Date(Math.min(now.getTime(), Date.parse(`${friday(now, 0)}T12:00:00Z`) - days * DAY));
      const base = {
        IcdCorporationID: c.IcdCorporationID,
        Counterparty: 'RS payout trust account',
        CreatedByEmployeeID: payroll.EmployeeID,
      };
      const rows: (typeof rsPayoutTransfers.$inferInsert)[] = [
        {
          ...base,
          TransferDate: ymd(at(14 + i)),
          DirectionID: TransferDirection.ToCorporation,
          AmountCents: 1_250_000 + i * 137_500,
          Reference: `RS-${ymd(at(14 + i)).replaceAll('-', '')}-${c.IcdCorporationID}`,
          Comments: 'RS payouts of the pay period',
          CreatedAt: at(14 + i),
          UpdatedAt: at(14 + i),
        },
      ];
      if (i === 0)
        rows.push({
          ...base,
          TransferDate: ymd(at(3)),
          DirectionID: TransferDirection.FromCorporation,
          AmountCents: 84_050,
          Reference: `RS-${ymd(at(3)).replaceAll('-', '')}-${c.IcdCorporationID}-R`,
          Comments: 'Overpayment returned',
          CreatedAt: at(3),
          UpdatedAt: at(3),
        });
      return rows;
    });
    if (transfers.length) await tx.insert(rsPayoutTransfers).values(transfers);
  });
}
