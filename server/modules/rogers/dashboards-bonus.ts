// Rogers recruiting bonus dashboards: the 'Bonus' earnings lines paid through payroll to people at
// offices of the Rogers division, per office or one line per person and pay period.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { Division } from '../../../src/contract/common';
import type { Db } from '../../db/client';
import {
  employees,
  icdOffices,
  officeDivisions,
  payPeriods,
  payrollEntries,
  payrollEntryLines,
  payrolls,
} from '../../db/tables';
import { col, fig, type Made } from './dashboards-parts';
import { entry, idIn, officeFilter, type Range, type RogersScope } from './scope';

export async function recruitingBonus(
  db: Db,
  scope: RogersScope,
  r: Range,
  officeId: number | undefined,
  detail: boolean,
): Promise<Made> {
  const offices = officeFilter(scope, officeId);
  const lines = await db
    .select({
      EmployeeID: payrollEntries.EmployeeID,
      EmployeeName: sql<string>`${employees.FirstName} || ' ' || ${employees.LastName}`,
      OfficeName: icdOffices.OfficeName,
      StartDate: payPeriods.StartDate,
      EndDate: payPeriods.EndDate,
      PayDate: payrolls.PayDate,
      Caption: payrollEntryLines.Caption,
      AmountCents: payrollEntryLines.AmountCents,
    })
    .from(payrollEntryLines)
    .innerJoin(payrollEntries, eq(payrollEntries.PayrollEntryID, payrollEntryLines.PayrollEntryID))
    .innerJoin(payrolls, eq(payrolls.PayrollID, payrollEntries.PayrollID))
    .innerJoin(payPeriods, eq(payPeriods.PayPeriodID, payrollEntries.PayPeriodID))
    .innerJoin(employees, eq(employees.EmployeeID, payrollEntries.EmployeeID))
    .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, payrollEntries.IcdOfficeID))
    .innerJoin(
      officeDivisions,
      and(
        eq(officeDivisions.IcdOfficeID, payrollEntries.IcdOfficeID),
        eq(officeDivisions.DivisionID, Division.Rogers),
      ),
    )
    .where(
      and(
        eq(payrollEntryLines.Kind, 'Bonus'),
        idIn(offices, payrollEntries.IcdOfficeID),
        gte(payrolls.PayDate, r.start),
        lte(payrolls.PayDate, r.end),
      ),
    )
    .orderBy(payrolls.PayDate, icdOffices.OfficeName, employees.LastName, employees.FirstName);
  const total = lines.reduce((n, l) => n + l.AmountCents, 0);
  const people = new Set(lines.map((l) => l.EmployeeID)).size;
  const figures = [fig('Amount', total / 100, 'money'), fig('People', people), fig('Lines', lines.length)];
  if (detail) {
    const rows = lines.map((l) => ({
      EmployeeName: l.EmployeeName,
      OfficeName: l.OfficeName,
      StartDate: l.StartDate,
      EndDate: l.EndDate,
      PayDate: l.PayDate,
      Caption: l.Caption,
      Amount: l.AmountCents / 100,
    }));
    const perPerson = new Map<string, number>();
    for (const l of lines)
      perPerson.set(l.EmployeeName, (perPerson.get(l.EmployeeName) ?? 0) + l.AmountCents);
    return {
      Figures: figures,
      Charts: [
        {
          Key: 'perPerson',
          Kind: 'bar',
          XKey: 'EmployeeName',
          Series: ['Amount'],
          Stacked: false,
          Format: 'money',
          Data: [...perPerson].map(([EmployeeName, c]) => ({ EmployeeName, Amount: c / 100 })),
        },
      ],
      Columns: [
        col('EmployeeName'),
        col('OfficeName'),
        col('StartDate', 'date'),
        col('EndDate', 'date'),
        col('PayDate', 'date'),
        col('Caption'),
        col('Amount', 'money'),
      ],
      Rows: rows,
    };
  }
  const per = new Map<string, { OfficeName: string; people: Set<number>; Lines: number; cents: number }>();
  for (const l of lines) {
    const a = entry(per, l.OfficeName, () => ({
      OfficeName: l.OfficeName,
      people: new Set(),
      Lines: 0,
      cents: 0,
    }));
    a.people.add(l.EmployeeID);
    a.Lines += 1;
    a.cents += l.AmountCents;
  }
  const rows = [...per.values()]
    .sort((a, b) => a.OfficeName.localeCompare(b.OfficeName))
    .map((a) => ({ OfficeName: a.OfficeName, People: a.people.size, Lines: a.Lines, Amount: a.cents / 100 }));
  return {
    Figures: figures,
    Charts: [
      {
        Key: 'perOffice',
        Kind: 'bar',
        XKey: 'OfficeName',
        Series: ['Amount'],
        Stacked: false,
        Format: 'money',
        Data: rows,
      },
    ],
    Columns: [col('OfficeName'), col('People', 'int'), col('Lines', 'int'), col('Amount', 'money')],
    Rows: rows,
  };
}
