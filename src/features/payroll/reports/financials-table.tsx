// Payroll financials: one tab's report — per month, division or program, and corporation, the counts,
// hours and amounts — a sortable table with totals per currency, cards on a phone. The two tabs differ
// only in their report's definition (BY_DIVISION, BY_PROGRAM): the group column, counts and amounts.
import { Card, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FinancialsRow, ProgramFinancialsRow } from '../../../contract/payroll-reports';
import { useTableLayout } from '../../../ui/responsive-table';
import { ScrollTable } from '../../../ui/scroll-table';
import { FinancialCards } from './financials-cards';
import {
  DIVISION_MONEY,
  HoursAndMoney,
  LeadCells,
  lower,
  type MoneyColumn,
  TotalsFoot,
} from './financials-cells';
import { currencyOf, type Sort, sortRows, totalsByCurrency } from './format';
import { Num, SortTh } from './report-parts';

type CountColumn = 'PayrollCount' | 'EmployeeCount';
/** The i18n key (under payroll-reports.financials) of each count's header. */
const COUNT_LABEL: Record<CountColumn, string> = { PayrollCount: 'payrolls', EmployeeCount: 'people' };

/** What a tab's report shows besides the month, the corporation and the hours. */
export interface FinancialsReport<
  R extends { Month: string; ClientName: string; CountryID: number; Hours: number },
  G extends string,
  N extends CountColumn,
  M extends MoneyColumn,
> {
  testId: string;
  /** The i18n key of the table's name (the tab's label). */
  title: 'byDivision' | 'byProgram';
  minWidth: number;
  /** The row's division or program: its column, and the i18n key of its header. */
  group: G;
  groupLabel: 'division' | 'program';
  counts: readonly N[];
  money: readonly M[];
  rowKey: (r: R) => string;
}

/** A report's sortable columns, in their order on the screen. */
export type FinancialsColumn<G extends string, N extends CountColumn, M extends MoneyColumn> =
  | 'Month'
  | G
  | 'ClientName'
  | N
  | 'Hours'
  | M;

export const BY_DIVISION: FinancialsReport<
  FinancialsRow,
  'DivisionName',
  CountColumn,
  (typeof DIVISION_MONEY)[number]
> = {
  testId: 'financials-division',
  title: 'byDivision',
  minWidth: 1050,
  group: 'DivisionName',
  groupLabel: 'division',
  counts: ['PayrollCount', 'EmployeeCount'],
  money: DIVISION_MONEY,
  rowKey: (r) => `${r.Month}|${r.DivisionID ?? ''}|${r.IcdCorporationID}`,
};
export type DivisionColumn = FinancialsColumn<'DivisionName', CountColumn, (typeof DIVISION_MONEY)[number]>;

const PROGRAM_MONEY = ['Wages', 'Commission', 'GrossPay'] as const;
export const BY_PROGRAM: FinancialsReport<
  ProgramFinancialsRow,
  'ProgramName',
  'EmployeeCount',
  (typeof PROGRAM_MONEY)[number]
> = {
  testId: 'financials-program',
  title: 'byProgram',
  minWidth: 900,
  group: 'ProgramName',
  groupLabel: 'program',
  counts: ['EmployeeCount'],
  money: PROGRAM_MONEY,
  rowKey: (r) => `${r.Month}|${r.ProgramID}|${r.IcdCorporationID}`,
};
export type ProgramColumn = FinancialsColumn<'ProgramName', 'EmployeeCount', (typeof PROGRAM_MONEY)[number]>;

/** A report's row: its month, corporation and hours, its group's name, counts and amounts. */
type ReportRow<G extends string, N extends CountColumn, M extends MoneyColumn> = {
  Month: string;
  ClientName: string;
  CountryID: number;
  Hours: number;
} & Record<G, string | null> &
  Record<N | M, number>;

export function FinancialsTable<
  R extends ReportRow<G, N, M>,
  G extends string,
  N extends CountColumn,
  M extends MoneyColumn,
>({
  report,
  rows,
  sort,
  onSort,
  setSort,
}: {
  report: FinancialsReport<R, G, N, M>;
  rows: readonly R[];
  sort: Sort<FinancialsColumn<G, N, M>>;
  onSort: (c: FinancialsColumn<G, N, M>) => void;
  setSort: (s: Sort<FinancialsColumn<G, N, M>>) => void;
}) {
  const { t } = useTranslation();
  const layout = useTableLayout();
  const label = (key: string) => t(`payroll-reports.financials.${key}`);
  const group = (r: R) => r[report.group] ?? label('noDivision');
  const sorted = sortRows<R, FinancialsColumn<G, N, M>>(rows, sort, (r, c) => r[c]);
  const totals = totalsByCurrency(rows, ['Hours', ...report.money] as const);
  const leads = [
    { key: 'Month', label: label('month') },
    { key: report.group, label: label(report.groupLabel) },
    { key: 'ClientName', label: label('corporation') },
  ] as const;
  const counts = report.counts.map((c) => ({ key: c, label: label(COUNT_LABEL[c]), value: (r: R) => r[c] }));
  if (layout === 'cards')
    return (
      <FinancialCards
        testId={report.testId}
        rows={sorted}
        rowKey={report.rowKey}
        group={group}
        counts={counts}
        money={report.money.map((c) => ({ key: c, label: label(lower(c)) }))}
        sortable={[...leads]}
        totals={totals}
        sort={sort}
        setSort={setSort}
      />
    );
  return (
    <Card withBorder padding={0}>
      <ScrollTable label={label(report.title)} minWidth={report.minWidth}>
        <Table striped highlightOnHover fz="sm" horizontalSpacing="xs" data-testid={report.testId}>
          <Table.Thead>
            <Table.Tr>
              {leads.map((c) => (
                <SortTh key={c.key} column={c.key} sort={sort} onSort={onSort}>
                  {c.label}
                </SortTh>
              ))}
              {[...counts, { key: 'Hours' as const, label: label('hours') }].map((c) => (
                <SortTh key={c.key} column={c.key} sort={sort} onSort={onSort} numeric>
                  {c.label}
                </SortTh>
              ))}
              {report.money.map((c) => (
                <SortTh key={c} column={c} sort={sort} onSort={onSort} numeric>
                  {label(lower(c))}
                </SortTh>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => {
              const currency = currencyOf(r.CountryID);
              return (
                <Table.Tr key={report.rowKey(r)}>
                  <LeadCells month={r.Month} group={group(r)} client={r.ClientName} currency={currency} />
                  {counts.map((c) => (
                    <Num key={c.key}>{c.value(r)}</Num>
                  ))}
                  <HoursAndMoney row={r} money={report.money} currency={currency} />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <TotalsFoot totals={totals} money={report.money} labelSpan={3 + counts.length} />
        </Table>
      </ScrollTable>
    </Card>
  );
}
