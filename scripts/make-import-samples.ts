// Writes the example payroll import workbooks under docs/samples/, one per kind, from the demo company
// (seeded in memory exactly as `npm start` seeds it), so the import wizard shows real matches:
//   adp-employee-numbers.xlsx  12 employees (8 get a new ADP number, 4 keep theirs; by e-mail or by name)
//   terminations.xlsx          3 active employees terminated on 2026-11-20 (by ADP number)
//   direct-deposit.xlsx        5 accounts (3 as in Apex, 2 with another account number)
//   request-numbers.xlsx       the demo's manual requests (by request number and ADP number)
// Every sample has only good rows. Run: npx tsx scripts/make-import-samples.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, isNotNull, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../server/db/client';
import {
  bankAccounts,
  employees,
  employmentRecords,
  payrollEntries,
  payrollManualSubmissions,
} from '../server/db/tables';
import { seedDemo } from '../server/seed/demo';

const OUT = join(import.meta.dirname, '..', 'docs', 'samples');
/** The demo is built at a fixed clock so the samples do not depend on the day they are made. */
const NOW = new Date('2026-11-23T12:00:00Z');

async function write(name: string, rows: unknown[][]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Apex samples';
  wb.created = NOW;
  wb.modified = NOW;
  const ws = wb.addWorksheet('Export');
  for (const r of rows) ws.addRow(r);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 22;
  });
  writeFileSync(join(OUT, name), Buffer.from(await wb.xlsx.writeBuffer()));
  console.log(`docs/samples/${name}: ${rows.length - 1} rows`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const database = await openDatabase({ inMemory: true });
  try {
    const { db } = database;
    await seedDemo(db, { password: 'Demo!2026apex', costLog2: 4, now: NOW });
    // The seeded workforce (user names first.last), active, in id order.
    const people = await db
      .selectDistinct({
        EmployeeID: employees.EmployeeID,
        FirstName: employees.FirstName,
        LastName: employees.LastName,
        EmailAddress: employees.EmailAddress,
        ADPEmployeeID: employees.ADPEmployeeID,
      })
      .from(employees)
      .innerJoin(employmentRecords, eq(employmentRecords.EmployeeID, employees.EmployeeID))
      .where(and(eq(employmentRecords.EmployeeStatusID, 1), like(employees.UserName, '%.%')))
      .orderBy(asc(employees.EmployeeID));

    const adp = people.slice(0, 12);
    await write('adp-employee-numbers.xlsx', [
      ['Associate ID', 'Email', 'First Name', 'Last Name'],
      ...adp.map((p, i) => {
        const number = i < 8 ? `NWF${String(500100 + p.EmployeeID)}` : p.ADPEmployeeID;
        return i % 3 === 2 ? [number, '', p.FirstName, p.LastName] : [number, p.EmailAddress, '', ''];
      }),
    ]);

    const leaving = people.slice(12).slice(-3);
    await write('terminations.xlsx', [
      ['Associate ID', 'First Name', 'Last Name', 'Termination Date', 'Termination Reason', 'Comments'],
      ...leaving.map((p, i) => [
        p.ADPEmployeeID,
        p.FirstName,
        p.LastName,
        new Date(Date.UTC(2026, 10, 20)),
        ['Resigned', 'End of contract', 'Job abandonment'][i],
        i === 0 ? 'Moved to another city' : '',
      ]),
    ]);

    const accounts = await db
      .select({
        ADPEmployeeID: employees.ADPEmployeeID,
        RoutingNumber: bankAccounts.RoutingNumber,
        InstitutionNumber: bankAccounts.InstitutionNumber,
        AccountNumber: bankAccounts.AccountNumber,
      })
      .from(bankAccounts)
      .innerJoin(employees, eq(employees.EmployeeID, bankAccounts.EmployeeID))
      .where(
        and(
          eq(bankAccounts.IsDirectDeposit, true),
          like(employees.UserName, '%.%'),
          isNotNull(employees.ADPEmployeeID),
        ),
      )
      .orderBy(asc(bankAccounts.BankAccountID))
      .limit(5);
    await write('direct-deposit.xlsx', [
      ['Associate ID', 'Routing Number', 'Institution Number', 'Account Number'],
      ...accounts.map((a, i) => [
        a.ADPEmployeeID,
        a.RoutingNumber,
        a.InstitutionNumber ?? '',
        i < 3 ? a.AccountNumber : `${a.AccountNumber.slice(0, -3)}${String(900 + i)}`,
      ]),
    ]);

    const requests = await db
      .select({ n: payrollManualSubmissions.ManualSubmissionID, adp: employees.ADPEmployeeID })
      .from(payrollManualSubmissions)
      .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollManualSubmissions.PayrollEntryID))
      .innerJoin(employees, eq(employees.EmployeeID, payrollEntries.EmployeeID))
      .orderBy(asc(payrollManualSubmissions.ManualSubmissionID));
    await write('request-numbers.xlsx', [
      ['Request Number', 'Associate ID'],
      ...requests.map((r) => [r.n, r.adp ?? '']),
    ]);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
