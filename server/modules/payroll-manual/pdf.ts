// The earnings-statement PDF of a manual submission (spec 002 §7: "Earnings statement PDF at
// payroll-entries/{id}/manual-submission/"), drawn by the pay-stubs renderer. Lines: one per extra
// show day (hours at the employment record's hourly pay rate, plus that day's amount), the bonus and
// the net pay addition/deduction. The document's date is the submission's last change, never the clock.
import { eq } from 'drizzle-orm';
import { fromCents, toCents } from '../../../src/contract/payroll';
import type { ManualSubmission } from '../../../src/contract/payroll-manual';
import { employmentRecords, payrollEntries } from '../../db/tables';
import { type PdfLine, renderEarningsStatementPdf } from '../pay-stubs/pdf';
import type { DbOrTx } from '../scheduling/scope';

/** The statement's lines and gross pay (pure; rate null when the employee is not paid by the hour). */
export function statementLines(
  s: ManualSubmission,
  hourlyRate: number | null,
): { lines: PdfLine[]; gross: number } {
  const lines: PdfLine[] = s.ExtraShowHours.map((d) => {
    const hoursCents = hourlyRate === null ? 0 : toCents(d.Hours * hourlyRate);
    return {
      Caption: `Extra show hours ${d.Date}${d.Comments ? ` (${d.Comments})` : ''}`,
      Rate: hourlyRate,
      Units: d.Hours,
      Amount: fromCents(hoursCents + toCents(d.Amount)),
    };
  });
  if (s.Bonus) lines.push({ Caption: 'Bonus', Rate: null, Units: null, Amount: s.Bonus });
  const grossCents = lines.reduce((sum, l) => sum + toCents(l.Amount), 0);
  return { lines, gross: fromCents(grossCents) };
}

export async function manualSubmissionPdf(db: DbOrTx, s: ManualSubmission): Promise<Buffer> {
  const [rec] = await db
    .select({ PayRate: employmentRecords.PayRate })
    .from(payrollEntries)
    .leftJoin(employmentRecords, eq(employmentRecords.EmploymentRecordID, payrollEntries.EmploymentRecordID))
    .where(eq(payrollEntries.PayrollEntryID, s.PayrollEntryID));
  const rate = rec?.PayRate ? Number(rec.PayRate) : null;
  const { lines, gross } = statementLines(s, rate);
  const last = s.History.at(-1)?.At ?? s.SubmittedDate;
  return renderEarningsStatementPdf({
    EmployeeName: s.EmployeeName,
    EmployeeID: s.EmployeeID,
    CorporationName: s.ClientName,
    OfficeName: s.OfficeName,
    StartDate: s.PayPeriodStartDate,
    EndDate: s.PayPeriodEndDate,
    Lines: lines,
    GrossPay: gross,
    NetPayAddition: s.NetPayAddition,
    NetPayDeduction: s.NetPayDeduction,
    Subtitle: `Manual submission #${s.ManualSubmissionID} · ${s.Status}`,
    Comments: s.Comments || null,
    GeneratedAt: typeof last === 'string' ? last : last.toISOString(),
  });
}
