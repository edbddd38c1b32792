// The demo company's payroll invoices (issue 18). Into a database with no invoice policy yet:
// - an invoice policy per demo corporation (Northwind: gross pay, 12.5 % employer taxes, 4 % service
//   fee, a monthly platform fee; Maple: gross pay, 11 % taxes, $18 per employee paid; Summit: gross
//   pay, 9.65 % taxes, 5 % service fee, out of security) and one division policy (RoadShow), used by
//   any corporation that has no policy of its own and works only that division among those with one;
// - an invoice for each corporation's oldest locked payroll that paid something, and for Summit's
//   second one, built by the same rules as the office's (server/modules/invoices/build.ts); Northwind's oldest is Posted. The
//   other locked payrolls are left for the office to invoice. Nothing is dated after `now`.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { Division } from '../../src/contract/common';
import { PaymentMethod, PayrollInvoiceStatus } from '../../src/contract/invoices';
import type { Db } from '../db/client';
import {
  corporations,
  employees,
  payrollEntries,
  payrollInvoicePolicies,
  payrollInvoices,
  payrolls,
} from '../db/tables';
import { buildInvoiceLines } from '../modules/invoices/build';

const earliest = (a: Date, b: Date) => (a < b ? a : b);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function seedInvoices(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(payrollInvoicePolicies);
  if (n > 0) return;
  const corps = await db.select().from(corporations).orderBy(asc(corporations.IcdCorporationID));
  const byName = (prefix: string) => corps.find((c) => c.ClientName.startsWith(prefix));
  const northwind = byName('Northwind');
  const maple = byName('Maple');
  const summit = byName('Summit');
  const policies: (typeof payrollInvoicePolicies.$inferInsert)[] = [];
  if (northwind)
    policies.push({
      Name: 'Northwind standard',
      IcdCorporationID: northwind.IcdCorporationID,
      IncludeGrossPay: true,
      EmployerTaxRateMilli: 12_500,
      GrossPayPercentMilli: 4_000,
      FixedLines: [{ Description: 'Payroll platform fee', AmountCents: 15_000 }],
      PaymentMethodID: PaymentMethod.DrawFromLocalBankAccount,
      CreatedAt: now,
      UpdatedAt: now,
    });
  if (maple)
    policies.push({
      Name: 'Maple per head',
      IcdCorporationID: maple.IcdCorporationID,
      IncludeGrossPay: true,
      EmployerTaxRateMilli: 11_000,
      FeePerEmployeeCents: 1_800,
      PaymentMethodID: PaymentMethod.DrawFromLocalBankAccount,
      CreatedAt: now,
      UpdatedAt: now,
    });
  if (summit)
    policies.push({
      Name: 'Summit US',
      IcdCorporationID: summit.IcdCorporationID,
      IncludeGrossPay: true,
      EmployerTaxRateMilli: 9_650,
      GrossPayPercentMilli: 5_000,
      PaymentMethodID: PaymentMethod.OutOfSecurity,
      CreatedAt: now,
      UpdatedAt: now,
    });
  policies.push({
    Name: 'RoadShow events',
    DivisionID: Division.RoadShow,
    IncludeGrossPay: true,
    EmployerTaxRateMilli: 12_000,
    GrossPayPercentMilli: 6_000,
    FeePerEmployeeCents: 2_500,
    CreatedAt: now,
    UpdatedAt: now,
  });
  const saved = await db.insert(payrollInvoicePolicies).values(policies).returning();
  const [processor] = await db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(sql`lower(${employees.UserName}) = 'payroll'`);

  for (const policy of saved) {
    if (policy.IcdCorporationID === null) continue;
    const locked = await db
      .select()
      .from(payrolls)
      .where(and(eq(payrolls.IcdCorporationID, policy.IcdCorporationID), eq(payrolls.IsLocked, true)))
      .orderBy(asc(payrolls.StartDate), asc(payrolls.PayrollID));
    const paying: { p: (typeof locked)[number]; totals: { GrossPayCents: number; EmployeeCount: number } }[] =
      [];
    for (const p of locked) {
      const [row] = await db
        .select({
          gross: sql<string>`coalesce(sum(${payrollEntries.GrossPayCents}), 0)`,
          paid: sql<number>`count(distinct ${payrollEntries.EmployeeID}) filter (where ${payrollEntries.GrossPayCents} > 0)`,
        })
        .from(payrollEntries)
        .where(eq(payrollEntries.PayrollID, p.PayrollID));
      const totals = { GrossPayCents: Number(row?.gross ?? 0), EmployeeCount: Number(row?.paid ?? 0) };
      if (totals.GrossPayCents > 0) paying.push({ p, totals });
    }
    // The oldest payrolls that paid something (Summit: two of them).
    const invoiced = paying.slice(0, policy.IcdCorporationID === summit?.IcdCorporationID ? 2 : 1);
    for (const [index, { p, totals }] of invoiced.entries()) {
      const { lines, subtotalCents } = buildInvoiceLines(totals, policy);
      const made = earliest(new Date((p.LockedAt ?? now).getTime() + 3_600_000), now);
      const posted =
        policy.IcdCorporationID === northwind?.IcdCorporationID && index === 0
          ? earliest(new Date(made.getTime() + 86_400_000), now)
          : null;
      await db.insert(payrollInvoices).values({
        PayrollID: p.PayrollID,
        IcdCorporationID: p.IcdCorporationID,
        PayrollInvoicePolicyID: policy.PayrollInvoicePolicyID,
        PolicyName: policy.Name,
        InvoiceDate: dayOf(made),
        StatusID: posted ? PayrollInvoiceStatus.Posted : PayrollInvoiceStatus.NotPosted,
        PaymentMethodID: policy.PaymentMethodID,
        GrossPayCents: totals.GrossPayCents,
        EmployeeCount: totals.EmployeeCount,
        Lines: lines,
        SubtotalCents: subtotalCents,
        HJComments: posted ? 'Drawn from the local account on the pay date.' : null,
        PostedAt: posted,
        PostedByEmployeeID: posted ? (processor?.id ?? null) : null,
        CreatedByEmployeeID: processor?.id ?? null,
        Version: posted ? 2 : 1,
        CreatedAt: made,
        UpdatedAt: posted ?? made,
      });
    }
  }
}
