// Payroll financials, by program: per month, program and corporation, the people, hours and amounts
// — a sortable table with totals per currency, cards on a phone.
import { Card, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProgramFinancialsRow } from '../../../contract/payroll-reports';
import { useTableLayout } from '../../../ui/responsive-table';
import { ScrollTable } from '../../../ui/scroll-table';
import { FinancialCards } from './financials-cards';
import { HoursAndMoney, LeadCells, lower, TotalsFoot } from './financials-cells';
import { currencyOf, type Sort, sortRows, totalsByCurrency } from './format';
import { Num, SortTh } from './report-parts';

export type ProgramColumn =
  | 'Month'
  | 'ProgramName'
  | 'ClientName'
  | 'EmployeeCount'
  | 'Hours'
  | 'Wages'
  | 'Commission'
  | 'GrossPay';

const PROGRAM_MONEY = ['Wages', 'Commission', 'GrossPay'] as const;

export function ProgramTable({
  rows,
  sort,
  onSort,
  setSort,
}: {
  rows: readonly ProgramFinancialsRow[];
  sort: Sort<ProgramColumn>;
  onSort: (c: ProgramColumn) => void;
  setSort: (s: Sort<ProgramColumn>) => void;
}) {
  const { t } = useTranslation();
  const layout = useTableLayout();
  const sorted = sortRows<ProgramFinancialsRow, ProgramColumn>(rows, sort, (r, c) => r[c]);
  const totals = totalsByCurrency(rows, ['Hours', ...PROGRAM_MONEY] as const);
  if (layout === 'cards')
    return (
      <FinancialCards
        testId="financials-program"
        rows={sorted}
        rowKey={(r) => `${r.Month}|${r.ProgramID}|${r.IcdCorporationID}`}
        group={(r) => r.ProgramName}
        counts={[
          {
            key: 'EmployeeCount',
            label: t('payroll-reports.financials.people'),
            value: (r) => r.EmployeeCount,
          },
        ]}
        money={PROGRAM_MONEY.map((c) => ({
          key: c,
          label: t(`payroll-reports.financials.${c === 'GrossPay' ? 'grossPay' : lower(c)}`),
        }))}
        sortable={[
          { key: 'Month', label: t('payroll-reports.financials.month') },
          { key: 'ProgramName', label: t('payroll-reports.financials.program') },
          { key: 'ClientName', label: t('payroll-reports.financials.corporation') },
        ]}
        totals={totals}
        sort={sort}
        setSort={setSort}
      />
    );
  return (
    <Card withBorder padding={0}>
      <ScrollTable label={t('payroll-reports.financials.byProgram')} minWidth={900}>
        <Table striped highlightOnHover fz="sm" horizontalSpacing="xs" data-testid="financials-program">
          <Table.Thead>
            <Table.Tr>
              <SortTh column="Month" sort={sort} onSort={onSort}>
                {t('payroll-reports.financials.month')}
              </SortTh>
              <SortTh column="ProgramName" sort={sort} onSort={onSort}>
                {t('payroll-reports.financials.program')}
              </SortTh>
              <SortTh column="ClientName" sort={sort} onSort={onSort}>
                {t('payroll-reports.financials.corporation')}
              </SortTh>
              <SortTh column="EmployeeCount" sort={sort} onSort={onSort} numeric>
                {t('payroll-reports.financials.people')}
              </SortTh>
              <SortTh column="Hours" sort={sort} onSort={onSort} numeric>
                {t('payroll-reports.financials.hours')}
              </SortTh>
              {PROGRAM_MONEY.map((c) => (
                <SortTh key={c} column={c} sort={sort} onSort={onSort} numeric>
                  {t(`payroll-reports.financials.${c === 'GrossPay' ? 'grossPay' : lower(c)}`)}
                </SortTh>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => {
              const currency = currencyOf(r.CountryID);
              return (
                <Table.Tr key={`${r.Month}|${r.ProgramID}|${r.IcdCorporationID}`}>
                  <LeadCells
                    month={r.Month}
                    group={r.ProgramName}
                    client={r.ClientName}
                    currency={currency}
                  />
                  <Num>{r.EmployeeCount}</Num>
                  <HoursAndMoney row={r} money={PROGRAM_MONEY} currency={currency} />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <TotalsFoot totals={totals} money={PROGRAM_MONEY} labelSpan={4} />
        </Table>
      </ScrollTable>
    </Card>
  );
}
