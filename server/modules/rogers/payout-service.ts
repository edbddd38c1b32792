// Rogers payout reports (GET reports/rogers/live-payout-report, posted-payout-report,
// posted-payout-exceptions-report, hybrid-payout-report, owner-hybrid-payout-report).
// - Live payout: the payout expected for Rogers units installed in the dates and still installed that
//   no posted payout covers yet (installed after the corporation's latest posted payout of the
//   division), per corporation and payout policy (the policy in force on the install day: the
//   corporation's own before the division's, a program's before the all-programs one), the units paid
//   by the policy's tiers counted together.
// - Posted payout: the posted payouts of the Rogers division in the dates (server/modules/payouts
//   postedPayouts), each with its expected amount and comparison.
// - Posted payout exceptions (PostedDate, IcdCorporationID): the posted payouts of that day whose
//   posted amount differs from the expected one (PayoutComparison Positive or Negative).
// - Hybrid payout: each installed unit seen both ways at once — the payout policy amount owed for it
//   (its share of the tiers, in install order, counted per corporation and policy over the dates) and
//   the commission paid for it to the rep through payroll (pieces less chargebacks); Net is payout less
//   commission. Owner hybrid payout: the same per owner (corporation) and office.

import { eq } from 'drizzle-orm';
import { Division } from '../../../src/contract/common';
import { StatusKind } from '../../../src/contract/orders';
import type { Column, RogersReportQuery, Row } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import { payoutPolicies } from '../../db/tables';
import { payFor } from '../../domain/commission/tiers';
import { policyInForce, postedPayouts } from '../payouts/query';
import { commissionByOrder, rogersSales, type SaleRow } from './orders-data';
import { corporationFilter, entry, officeFilter, type Range, type RogersScope } from './scope';

export interface Table {
  Columns: Column[];
  Rows: Row[];
  Totals: Row;
}

const col = (Key: string, Format: Column['Format'] = 'text'): Column => ({ Key, Format });
const cents = (n: number) => Math.round(n) / 100;
/** A wire day that may arrive as a Date (the posted payouts' contract accepts both). */
const dayOf = (d: string | Date) => (typeof d === 'string' ? d : d.toISOString().slice(0, 10));

function sum(rows: Row[], keys: string[]): Row {
  const out: Row = {};
  for (const k of keys) out[k] = Math.round(rows.reduce((n, r) => n + Number(r[k] ?? 0), 0) * 100) / 100;
  return out;
}

async function rogersPolicies(db: Db) {
  return db.select().from(payoutPolicies).where(eq(payoutPolicies.DivisionID, Division.Rogers));
}

/** Units installed in the dates, still installed, in scope and filters. */
async function installedSales(
  db: Db,
  scope: RogersScope,
  q: RogersReportQuery,
  r: Range,
): Promise<SaleRow[]> {
  const offices = officeFilter(scope, q.icdOfficeID);
  const corps = corporationFilter(scope, q.icdCorporationID);
  const sales = await rogersSales(db, {
    offices,
    corporations: corps,
    installed: r,
    employeeID: q.employeeID,
  });
  return sales.filter((s) => s.InstallDate !== null && s.InstallDate >= r.start && s.InstallDate <= r.end);
}

interface Priced {
  sale: SaleRow;
  policyId: number | null;
  policyName: string | null;
  payoutCents: number;
}

/** Each installed unit's share of its payout policy's tiers, counted in install order per corporation and policy. */
async function price(db: Db, sales: readonly SaleRow[]): Promise<Priced[]> {
  const policies = await rogersPolicies(db);
  const counted = new Map<string, number>();
  const ordered = [...sales].sort(
    (a, b) => (a.InstallDate ?? '').localeCompare(b.InstallDate ?? '') || a.ProductOrderID - b.ProductOrderID,
  );
  return ordered.map((sale) => {
    const policy = policyInForce(policies, {
      DivisionID: sale.DivisionID,
      IcdCorporationID: sale.IcdCorporationID,
      ProgramID: sale.ProgramID,
      Date: sale.InstallDate ?? sale.SaleDate,
    });
    if (!policy || sale.StatusKind !== StatusKind.Installed)
      return {
        sale,
        policyId: policy?.PayoutPolicyID ?? null,
        policyName: policy?.Name ?? null,
        payoutCents: 0,
      };
    const key = `${sale.IcdCorporationID}|${policy.PayoutPolicyID}`;
    const prior = counted.get(key) ?? 0;
    counted.set(key, prior + sale.Quantity);
    return {
      sale,
      policyId: policy.PayoutPolicyID,
      policyName: policy.Name,
      payoutCents: payFor(policy.Tiers, sale.Quantity, prior).AmountCents,
    };
  });
}

export async function livePayout(db: Db, scope: RogersScope, q: RogersReportQuery, r: Range): Promise<Table> {
  const corps = corporationFilter(scope, q.icdCorporationID);
  const posted = await postedPayouts(db, { divisionId: Division.Rogers, corporations: corps });
  const lastPosted = new Map<number, string>();
  for (const p of posted)
    if ((lastPosted.get(p.IcdCorporationID) ?? '') < dayOf(p.PostedDate))
      lastPosted.set(p.IcdCorporationID, dayOf(p.PostedDate));
  const sales = (await installedSales(db, scope, q, r)).filter(
    (s) =>
      s.StatusKind === StatusKind.Installed &&
      (s.InstallDate ?? '') > (lastPosted.get(s.IcdCorporationID) ?? ''),
  );
  const priced = await price(db, sales);
  interface Group {
    CorporationName: string;
    PayoutPolicyName: string | null;
    LastPostedDate: string | null;
    Units: number;
    cents: number;
  }
  const groups = new Map<string, Group>();
  for (const p of priced) {
    const key = `${p.sale.IcdCorporationID}|${p.policyId ?? 0}`;
    const g = entry(groups, key, () => ({
      CorporationName: p.sale.CorporationName,
      PayoutPolicyName: p.policyName,
      LastPostedDate: lastPosted.get(p.sale.IcdCorporationID) ?? null,
      Units: 0,
      cents: 0,
    }));
    g.Units += p.sale.Quantity;
    g.cents += p.payoutCents;
  }
  const rows: Row[] = [...groups.values()]
    .map(({ cents: c, ...g }) => ({ ...g, ExpectedPayout: cents(c) }))
    .sort(
      (a, b) =>
        String(a.CorporationName).localeCompare(String(b.CorporationName)) ||
        String(a.PayoutPolicyName ?? '').localeCompare(String(b.PayoutPolicyName ?? '')),
    );
  return {
    Columns: [
      col('CorporationName'),
      col('PayoutPolicyName'),
      col('LastPostedDate', 'date'),
      col('Units', 'int'),
      col('ExpectedPayout', 'money'),
    ],
    Rows: rows,
    Totals: sum(rows, ['Units', 'ExpectedPayout']),
  };
}

const postedColumns = [
  col('PostedDate', 'date'),
  col('CorporationName'),
  col('Reference'),
  col('Quantity', 'int'),
  col('PostedAmount', 'money'),
  col('ExpectedAmount', 'money'),
  col('Difference', 'money'),
  col('PayoutComparison'),
];

function postedRow(p: Awaited<ReturnType<typeof postedPayouts>>[number]): Row {
  return {
    PostedPayoutID: p.PostedPayoutID,
    PostedDate: dayOf(p.PostedDate),
    CorporationName: p.CorporationName,
    Reference: p.Reference,
    Quantity: p.Quantity,
    PostedAmount: p.PostedAmount,
    ExpectedAmount: p.ExpectedAmount,
    Difference: p.Difference,
    PayoutComparison: p.PayoutComparison,
  };
}

export async function postedPayout(
  db: Db,
  scope: RogersScope,
  q: RogersReportQuery,
  r: Range,
): Promise<Table> {
  const corps = corporationFilter(scope, q.icdCorporationID);
  const list = await postedPayouts(db, {
    divisionId: Division.Rogers,
    corporations: corps,
    startDate: r.start,
    endDate: r.end,
  });
  const rows = list.map(postedRow);
  return {
    Columns: postedColumns,
    Rows: rows,
    Totals: sum(rows, ['Quantity', 'PostedAmount', 'ExpectedAmount', 'Difference']),
  };
}

export async function postedPayoutExceptions(
  db: Db,
  scope: RogersScope,
  q: RogersReportQuery,
): Promise<Table> {
  const corpId = q.IcdCorporationID ?? q.icdCorporationID;
  const corps = corporationFilter(scope, corpId);
  const day = q.PostedDate;
  const list = await postedPayouts(db, {
    divisionId: Division.Rogers,
    corporations: corps,
    startDate: day,
    endDate: day,
  });
  const rows = list.filter((p) => p.PayoutComparison !== 'Neutral').map(postedRow);
  return {
    Columns: postedColumns,
    Rows: rows,
    Totals: sum(rows, ['Quantity', 'PostedAmount', 'ExpectedAmount', 'Difference']),
  };
}

export async function hybridPayout(
  db: Db,
  scope: RogersScope,
  q: RogersReportQuery,
  r: Range,
  byOwner: boolean,
): Promise<Table> {
  const sales = await installedSales(db, scope, q, r);
  const priced = await price(db, sales);
  const paid = await commissionByOrder(
    db,
    sales.map((s) => s.ProductOrderID),
  );
  if (!byOwner) {
    const rows: Row[] = priced
      .map((p) => {
        const c = paid.get(p.sale.ProductOrderID) ?? 0;
        return {
          OrderNumber: p.sale.OrderNumber,
          InstallDate: p.sale.InstallDate,
          OfficeName: p.sale.OfficeName,
          EmployeeName: p.sale.EmployeeName,
          ProductName: p.sale.ProductName,
          StatusName: p.sale.StatusName,
          Units: p.sale.Quantity,
          PayoutPolicyName: p.policyName,
          Payout: cents(p.payoutCents),
          Commission: cents(c),
          Net: cents(p.payoutCents - c),
        };
      })
      .sort(
        (a, b) =>
          String(a.InstallDate).localeCompare(String(b.InstallDate)) ||
          String(a.OrderNumber ?? '').localeCompare(String(b.OrderNumber ?? '')),
      );
    return {
      Columns: [
        col('OrderNumber'),
        col('InstallDate', 'date'),
        col('OfficeName'),
        col('EmployeeName'),
        col('ProductName'),
        col('StatusName'),
        col('Units', 'int'),
        col('PayoutPolicyName'),
        col('Payout', 'money'),
        col('Commission', 'money'),
        col('Net', 'money'),
      ],
      Rows: rows,
      Totals: sum(rows, ['Units', 'Payout', 'Commission', 'Net']),
    };
  }
  const groups = new Map<
    string,
    { Owner: string; OfficeName: string; Units: number; p: number; c: number }
  >();
  for (const p of priced) {
    const key = `${p.sale.IcdCorporationID}|${p.sale.IcdOfficeID}`;
    const g = entry(groups, key, () => ({
      Owner: p.sale.CorporationName,
      OfficeName: p.sale.OfficeName,
      Units: 0,
      p: 0,
      c: 0,
    }));
    g.Units += p.sale.Quantity;
    g.p += p.payoutCents;
    g.c += paid.get(p.sale.ProductOrderID) ?? 0;
  }
  const rows: Row[] = [...groups.values()]
    .sort((a, b) => a.Owner.localeCompare(b.Owner) || a.OfficeName.localeCompare(b.OfficeName))
    .map((g) => ({
      CorporationName: g.Owner,
      OfficeName: g.OfficeName,
      Units: g.Units,
      Payout: cents(g.p),
      Commission: cents(g.c),
      Net: cents(g.p - g.c),
    }));
  return {
    Columns: [
      col('CorporationName'),
      col('OfficeName'),
      col('Units', 'int'),
      col('Payout', 'money'),
      col('Commission', 'money'),
      col('Net', 'money'),
    ],
    Rows: rows,
    Totals: sum(rows, ['Units', 'Payout', 'Commission', 'Net']),
  };
}
