// GET payrolls/processing.xlsx: the processor's spreadsheet of payroll entries (exceljs), opened by
// browser navigation (session cookie allowed). Formats (spec 001 §3 "Payroll export formats"):
// - Default: one row per entry (employee, office, hours by class, amounts by column, gross pay);
// - DefaultWithSsn: Default with the employee's SSN — only for a caller holding employees:viewSensitive
//   (403 otherwise, nothing is written);
// - Canada: the entries of Canadian offices with the province and the columns a Canadian provider
//   imports (regular/overtime hours, vacation-free gross, statutory holiday pay);
// - Pivoted: one row per earnings line (employee, line, rate, units, amount).
// Rows: the entries of one payroll (payrollID) or of every payroll the list query selects, in the
// caller's scope.

import { and, inArray } from 'drizzle-orm';
import { Country } from '../../../src/contract/common';
import type { PayrollEntry, PayrollExportQuery } from '../../../src/contract/payroll';
import { employees, icdOffices, payrollEntries } from '../../db/tables';
import { forbidden } from '../../errors';
import { excel } from '../../libraries';
import type { Actor } from '../access/service';
import { listPayrolls } from './payrolls-service';
import { type Conn, READ, readablePayroll } from './scope';
import { entryWires } from './wire';

export const SSN_PERMISSION = 'employees:viewSensitive';

type Item = { PayrollID: number; ClientName: string; StartDate: string; EndDate: string; PayDate: string };

const DEFAULT_COLUMNS: [string, (e: PayrollEntry) => number][] = [
  ['Regular Hours', (e) => e.Totals.RegularHours],
  ['Overtime Hours', (e) => e.Totals.OvertimeHours],
  ['Double Time Hours', (e) => e.Totals.DoubleTimeHours],
  ['Extra Hours Worked', (e) => e.Totals.ExtraHoursWorked],
  ['Total Hours Worked', (e) => e.Totals.TotalHoursWorked],
  ['Regular Hours Amount', (e) => e.Totals.RegularHoursAmount],
  ['Overtime Amount', (e) => e.Totals.OvertimeAmount],
  ['Double Time Amount', (e) => e.Totals.DoubleTimeAmount],
  ['Training Pay', (e) => e.Totals.TrainingPay],
  ['Salary', (e) => e.Totals.Salary],
  ['Total Paid Commission', (e) => e.Totals.TotalPaidCommission],
  ['Bonus', (e) => e.Totals.Bonus],
  ['Commission Bonus', (e) => e.Totals.CommissionBonus],
  ['Volume Bonus', (e) => e.Totals.VolumeBonus],
  ['Meal Period Premium', (e) => e.Totals.MealPeriodPremiumAmount],
  ['Paid Sick Leave', (e) => e.Totals.PaidSickLeave],
  ['Split Shift Premium', (e) => e.Totals.SplitShiftPremium],
  ['Reporting Time', (e) => e.Totals.ReportingTime],
  ['Holiday Pay', (e) => e.Totals.HolidayPay],
  ['Travel Allowance', (e) => e.Totals.TravelAllowance],
  ['Cell Allowance', (e) => e.Totals.CellAllowance],
  ['Tip', (e) => e.Totals.Tip],
  ['Minimum Wage Advance', (e) => e.Totals.MinimumWageAdvance],
  ['Chargeback', (e) => -e.Totals.Chargeback],
  ['Gross Pay', (e) => e.GrossPay],
  ['Net Pay Addition', (e) => e.NetPayAddition],
  ['Net Pay Deduction', (e) => e.NetPayDeduction],
];

const CANADA_COLUMNS: [string, (e: PayrollEntry) => number][] = [
  ['Regular Hours', (e) => e.Totals.RegularHours],
  ['Overtime Hours', (e) => e.Totals.OvertimeHours],
  ['Regular Earnings', (e) => e.Totals.RegularHoursAmount],
  ['Overtime Earnings', (e) => e.Totals.OvertimeAmount],
  ['Statutory Holiday Pay', (e) => e.Totals.HolidayPay],
  ['Commission', (e) => e.Totals.TotalPaidCommission],
  ['Salary', (e) => e.Totals.Salary],
  [
    'Other Earnings',
    (e) =>
      e.GrossPay -
      e.Totals.RegularHoursAmount -
      e.Totals.OvertimeAmount -
      e.Totals.HolidayPay -
      e.Totals.TotalPaidCommission -
      e.Totals.Salary,
  ],
  ['Gross Pay', (e) => e.GrossPay],
];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Builds the workbook; returns its bytes and a file name. */
export async function exportPayrolls(args: {
  db: Conn;
  actor: Actor;
  query: PayrollExportQuery;
}): Promise<{ bytes: Buffer; fileName: string }> {
  const { db, actor, query } = args;
  const withSsn = query.format === 'DefaultWithSsn';
  if (withSsn && !actor.has(SSN_PERMISSION)) throw forbidden();
  let items: Item[];
  if (query.payrollID) {
    const p = await readablePayroll(db, actor, query.payrollID);
    const [corp] = await listPayrolls({
      db,
      actor,
      query: { icdCorporationID: p.IcdCorporationID },
      flavour: 'list',
    }).then((list) => (list as Item[]).filter((i) => i.PayrollID === p.PayrollID));
    items = corp ? [corp] : [];
  } else {
    items = (await listPayrolls({ db, actor, query, flavour: 'list' })) as Item[];
  }
  const byId = new Map(items.map((i) => [i.PayrollID, i]));
  const scope = actor.offices(READ);
  const rows = items.length
    ? await db
        .select()
        .from(payrollEntries)
        .where(
          and(
            inArray(
              payrollEntries.PayrollID,
              items.map((i) => i.PayrollID),
            ),
            scope === 'all' ? undefined : inArray(payrollEntries.IcdOfficeID, scope.size ? [...scope] : [-1]),
          ),
        )
    : [];
  let entries = await entryWires(db, rows);
  const officeIds = [...new Set(entries.map((e) => e.IcdOfficeID))];
  const offices = new Map(
    officeIds.length
      ? (await db.select().from(icdOffices).where(inArray(icdOffices.IcdOfficeID, officeIds))).map((o) => [
          o.IcdOfficeID,
          o,
        ])
      : [],
  );
  if (query.format === 'Canada')
    entries = entries.filter((e) => offices.get(e.IcdOfficeID)?.CountryID === Country.Canada);
  entries.sort(
    (a, b) =>
      a.PayrollID - b.PayrollID ||
      (a.Employee?.LastName ?? '').localeCompare(b.Employee?.LastName ?? '') ||
      (a.Employee?.FirstName ?? '').localeCompare(b.Employee?.FirstName ?? '') ||
      a.PayPeriodID - b.PayPeriodID,
  );
  const ssn = new Map<number, string | null>();
  if (withSsn && entries.length) {
    const ids = [...new Set(entries.map((e) => e.EmployeeID))];
    for (const r of await db
      .select({ id: employees.EmployeeID, SSN: employees.SSN })
      .from(employees)
      .where(inArray(employees.EmployeeID, ids)))
      ssn.set(r.id, r.SSN);
  }

  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  book.creator = 'Apex';
  const sheet = book.addWorksheet(query.format === 'Pivoted' ? 'Payroll lines' : 'Payroll');
  const who = (e: PayrollEntry) => [
    byId.get(e.PayrollID)?.ClientName ?? '',
    e.StartDate,
    e.EndDate,
    byId.get(e.PayrollID)?.PayDate ?? '',
    e.EmployeeID,
    e.Employee?.ADPEmployeeID ?? '',
    e.Employee?.LastName ?? '',
    e.Employee?.FirstName ?? '',
    e.Employee?.OfficeName ?? '',
  ];
  const head = [
    'Client',
    'Period Start',
    'Period End',
    'Pay Date',
    'Employee ID',
    'ADP Employee ID',
    'Last Name',
    'First Name',
    'Office',
  ];
  if (query.format === 'Pivoted') {
    sheet.addRow([...head, 'Line', 'Caption', 'Rate', 'Units', 'Amount']);
    for (const e of entries)
      for (const l of e.Lines) sheet.addRow([...who(e), l.Kind, l.Caption, l.Rate, l.Units, l.Amount]);
  } else if (query.format === 'Canada') {
    sheet.addRow([...head, 'Province', ...CANADA_COLUMNS.map(([n]) => n)]);
    for (const e of entries)
      sheet.addRow([
        ...who(e),
        offices.get(e.IcdOfficeID)?.StateProvince ?? '',
        ...CANADA_COLUMNS.map(([, f]) => round2(f(e))),
      ]);
  } else {
    sheet.addRow([...head, ...(withSsn ? ['SSN'] : []), ...DEFAULT_COLUMNS.map(([n]) => n)]);
    for (const e of entries)
      sheet.addRow([
        ...who(e),
        ...(withSsn ? [ssn.get(e.EmployeeID) ?? ''] : []),
        ...DEFAULT_COLUMNS.map(([, f]) => round2(f(e))),
      ]);
  }
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  const one = query.payrollID && items[0] ? `-${items[0].StartDate}` : '';
  return { bytes, fileName: `payroll${one}-${query.format}.xlsx` };
}
