// The demo company's employment processing queues: the latest hires, the terminated employees, a few
// pay-rate and address changes and direct-deposit set-ups, some awaiting processing with the payroll
// provider and some already processed by Priya Shah (payroll). Written through the events' record
// function; nothing is dated after the seed's clock.
import { and, asc, count, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { maskAccountNumber } from '../../src/contract/bank';
import { EmployeeStatus } from '../../src/contract/common';
import { EmploymentEventType } from '../../src/contract/employments';
import type { Db } from '../db/client';
import { bankAccounts, employees, employmentEvents, employmentRecords } from '../db/tables';
import { recordEmploymentEvent } from '../modules/employments/record';

const DAY = 86_400_000;
const money = (v: string | null) => (v === null ? null : Number(v).toFixed(2));

export async function seedEmployments(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(employmentEvents);
  if (n > 0) return;
  const user = async (name: string) =>
    (await db.select({ id: employees.EmployeeID }).from(employees).where(eq(employees.UserName, name)))[0]
      ?.id ?? null;
  const payroll = await user('payroll');
  const admin = await user('admin');
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);
  const today = now.toISOString().slice(0, 10);
  const processed: Array<{ id: number; at: Date; comments: string | null }> = [];

  // New hires: the six latest hires (hired on or before today), the two oldest of them processed.
  const hires = await db
    .select()
    .from(employmentRecords)
    .where(
      and(
        eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
        isNotNull(employmentRecords.HireDate),
        lte(employmentRecords.HireDate, today),
      ),
    )
    .orderBy(desc(employmentRecords.HireDate), asc(employmentRecords.EmploymentRecordID))
    .limit(6);
  for (const [i, r] of hires.entries()) {
    const at = ago(12 - i * 2, 3);
    const id = await recordEmploymentEvent(db, {
      type: EmploymentEventType.NewHire,
      employeeId: r.EmployeeID,
      employmentRecordId: r.EmploymentRecordID,
      officeId: r.IcdOfficeID,
      effectiveDate: r.HireDate,
      changes: [
        { Field: 'PayRate', Before: null, After: money(r.PayRate) },
        { Field: 'Salary', Before: null, After: money(r.Salary) },
      ].filter((c) => c.After !== null),
      by: payroll,
      at,
    });
    if (i < 2) processed.push({ id, at: new Date(at.getTime() + DAY), comments: 'Entered in ADP' });
  }

  // Terminations: every terminated employee; the first two processed.
  const ended = await db
    .select()
    .from(employmentRecords)
    .where(
      and(
        eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Terminated),
        isNotNull(employmentRecords.TerminationDate),
        lte(employmentRecords.TerminationDate, today),
      ),
    )
    .orderBy(asc(employmentRecords.TerminationDate), asc(employmentRecords.EmploymentRecordID));
  for (const [i, r] of ended.entries()) {
    const at = ago(10 - i, 5);
    const id = await recordEmploymentEvent(db, {
      type: EmploymentEventType.Termination,
      employeeId: r.EmployeeID,
      employmentRecordId: r.EmploymentRecordID,
      officeId: r.IcdOfficeID,
      effectiveDate: r.TerminationDate,
      terminationReasonId: r.TerminationReasonID,
      terminationReasonExtra: r.TerminationReasonExtra,
      by: admin,
      at,
    });
    if (i < 2) processed.push({ id, at: new Date(at.getTime() + DAY), comments: null });
  }

  // Changes: pay-rate raises of three hourly employees (one processed) and an address change.
  const hired = new Set(hires.map((r) => r.EmployeeID));
  const hourly = (
    await db
      .select()
      .from(employmentRecords)
      .where(
        and(
          eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Active),
          isNotNull(employmentRecords.PayRate),
        ),
      )
      .orderBy(asc(employmentRecords.EmploymentRecordID))
  ).filter((r) => !hired.has(r.EmployeeID) && Number(r.PayRate) > 1);
  for (const [i, r] of hourly.slice(0, 3).entries()) {
    const at = ago(6 - i, 2);
    const id = await recordEmploymentEvent(db, {
      type: EmploymentEventType.Change,
      employeeId: r.EmployeeID,
      employmentRecordId: r.EmploymentRecordID,
      officeId: r.IcdOfficeID,
      changes: [{ Field: 'PayRate', Before: (Number(r.PayRate) - 0.75).toFixed(2), After: money(r.PayRate) }],
      by: payroll,
      at,
    });
    if (i === 0) processed.push({ id, at: new Date(at.getTime() + 2 * 3_600_000), comments: null });
  }
  const mover = hourly[3];
  if (mover) {
    const [e] = await db.select().from(employees).where(eq(employees.EmployeeID, mover.EmployeeID));
    await recordEmploymentEvent(db, {
      type: EmploymentEventType.Change,
      employeeId: mover.EmployeeID,
      officeId: mover.IcdOfficeID,
      changes: [
        { Field: 'StreetLine1', Before: '18 Old Mill Road', After: e.StreetLine1 ?? '250 Front Street West' },
        { Field: 'City', Before: 'Mississauga', After: e.City ?? 'Toronto' },
      ],
      by: mover.EmployeeID,
      at: ago(2, 4),
    });
  }

  // Direct deposit: four accounts set up on direct deposit (the first processed).
  const accounts = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.IsDirectDeposit, true))
    .orderBy(desc(bankAccounts.BankAccountID))
    .limit(4);
  const officesOf = await db
    .select({ EmployeeID: employmentRecords.EmployeeID, IcdOfficeID: employmentRecords.IcdOfficeID })
    .from(employmentRecords)
    .where(inArray(employmentRecords.EmployeeID, accounts.length ? accounts.map((a) => a.EmployeeID) : [0]))
    .orderBy(asc(employmentRecords.EmploymentRecordID));
  for (const [i, a] of accounts.entries()) {
    const at = ago(5 - i, 1);
    const id = await recordEmploymentEvent(db, {
      type: EmploymentEventType.DirectDeposit,
      employeeId: a.EmployeeID,
      bankAccountId: a.BankAccountID,
      officeId: officesOf.find((o) => o.EmployeeID === a.EmployeeID)?.IcdOfficeID ?? null,
      changes: [
        { Field: 'IsDirectDeposit', Before: 'No', After: 'Yes' },
        { Field: 'BankName', Before: null, After: a.BankName },
        { Field: 'RoutingNumber', Before: null, After: a.RoutingNumber },
        ...(a.InstitutionNumber
          ? [{ Field: 'InstitutionNumber', Before: null, After: a.InstitutionNumber }]
          : []),
        { Field: 'AccountNumber', Before: null, After: maskAccountNumber(a.AccountNumber) },
      ],
      by: payroll,
      at,
    });
    if (i === 0) processed.push({ id, at: new Date(at.getTime() + 3_600_000), comments: null });
  }

  for (const p of processed) {
    const at = p.at.getTime() > now.getTime() ? now : p.at;
    await db
      .update(employmentEvents)
      .set({ ProcessedAt: at, ProcessedByEmployeeID: payroll, Comments: p.comments, Version: 2 })
      .where(eq(employmentEvents.EmploymentEventID, p.id));
  }
}
