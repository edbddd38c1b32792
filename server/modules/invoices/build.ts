// The lines of a payroll invoice from a locked payroll's totals and an invoice policy (pure: no I/O).
// The rules are described in src/contract/invoices.ts. Amounts in integer cents, percentages in
// thousandths of a percent; a percentage of an amount is rounded half-up (away from zero) to the cent.
import type { InvoiceFixedLineRow, InvoiceLineRow } from '../../db/schema/invoices';

export interface InvoicePolicyTerms {
  IncludeGrossPay: boolean;
  EmployerTaxRateMilli: number;
  GrossPayPercentMilli: number;
  FeePerEmployeeCents: number;
  FixedLines: readonly InvoiceFixedLineRow[];
}

export interface PayrollTotals {
  GrossPayCents: number;
  /** Employees with gross pay above zero. */
  EmployeeCount: number;
}

/** `cents × milli / 100 000` rounded half-up, away from zero for negatives. */
export function percentOf(cents: number, milli: number): number {
  const exact = (Math.abs(cents) * milli) / 100_000;
  const rounded = Math.floor(exact + 0.5 + 1e-9);
  return cents < 0 ? -rounded : rounded;
}

const percentText = (milli: number) => `${Number((milli / 1000).toFixed(3))}%`;
const dollars = (cents: number) =>
  `$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function buildInvoiceLines(
  totals: PayrollTotals,
  terms: InvoicePolicyTerms,
): { lines: InvoiceLineRow[]; subtotalCents: number } {
  const lines: Omit<InvoiceLineRow, 'LineNumber'>[] = [];
  const gross = totals.GrossPayCents;
  if (terms.IncludeGrossPay && gross !== 0)
    lines.push({
      Kind: 'GrossPay',
      Description: 'Gross pay',
      Quantity: null,
      Rate: null,
      AmountCents: gross,
    });
  const taxes = percentOf(gross, terms.EmployerTaxRateMilli);
  if (taxes !== 0)
    lines.push({
      Kind: 'EmployerTaxes',
      Description: `Employer taxes (${percentText(terms.EmployerTaxRateMilli)} of gross pay)`,
      Quantity: null,
      Rate: terms.EmployerTaxRateMilli / 1000,
      AmountCents: taxes,
    });
  const fee = percentOf(gross, terms.GrossPayPercentMilli);
  if (fee !== 0)
    lines.push({
      Kind: 'ServiceFee',
      Description: `Service fee (${percentText(terms.GrossPayPercentMilli)} of gross pay)`,
      Quantity: null,
      Rate: terms.GrossPayPercentMilli / 1000,
      AmountCents: fee,
    });
  const perEmployee = terms.FeePerEmployeeCents * totals.EmployeeCount;
  if (perEmployee !== 0)
    lines.push({
      Kind: 'EmployeeFee',
      Description: `Fee per employee paid (${totals.EmployeeCount} × ${dollars(terms.FeePerEmployeeCents)})`,
      Quantity: totals.EmployeeCount,
      Rate: terms.FeePerEmployeeCents / 100,
      AmountCents: perEmployee,
    });
  for (const f of terms.FixedLines)
    if (f.AmountCents !== 0)
      lines.push({
        Kind: 'Fixed',
        Description: f.Description,
        Quantity: null,
        Rate: null,
        AmountCents: f.AmountCents,
      });
  const numbered = lines.map((l, i) => ({ LineNumber: i + 1, ...l }));
  return { lines: numbered, subtotalCents: numbered.reduce((s, l) => s + l.AmountCents, 0) };
}
