// Payroll financials, by division: per month, division and corporation, the payrolls, people, hours
// and amounts — a sortable table with totals per currency, cards on a phone.
import { Card, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FinancialsRow } from '../../../contract/payroll-reports';
import { useTableLayout } from '../../../ui/responsive-table';
import { ScrollTable } from '../../../ui/scroll-table';
import { FinancialCards } from './financials-cards';
import { DIVISION_MONEY, HoursAndMoney, LeadCells, lower, TotalsFoot } from './financials-cells';
import { currencyOf, type Sort, sortRows, totalsByCurrency } from './format';
import { Num, SortTh } from './report-parts';

export type DivisionColumn =
  | 'Month'
  | 'DivisionName'
  | 'ClientName'
  | 'PayrollCount'
  | 'EmployeeCount'
  | 'Hours'
  | 'Wages'
  | 'Commission'
  | 'Premiums'
  | 'Other'
  | 'GrossPay';

export function DivisionTable({
  rows,
  sort,
  onSort,
  setSort,
}: {
  rows: readonly FinancialsRow[];
  sort: Sort<DivisionColumn>;
  onSort: (c: DivisionColumn) => void;
  setSort: (s: Sort<DivisionColumn>) => void;
}) {
  const { t } = useTranslation();
  const layout = useTableLayout();
  const sorted = sortRows<FinancialsRow, DivisionColumn>(rows, sort, (r, c) =>
    c === 'Month' ? r.Month : c === 'DivisionName' ? (r.DivisionName ?? null) : r[c],
  );
  const totals = totalsByCurrency(rows, ['Hours', ...DIVISION_MONEY] as const);
  const label = (c: DivisionColumn) =>
    t(`payroll-reports.financials.${c === 'GrossPay' ? 'grossPay' : lower(c)}`);
  if (layout === 'cards')
    return (
      <FinancialCards
        testId="financials-division"
        rows={sorted}
        rowKey={(r) => `${r.Month}|${r.DivisionID ?? ''}|${r.IcdCorporationID}`}
        group={(r) => r.DivisionName ?? t('payroll-reports.financials.noDivision')}
        counts={[
          {
            key: 'PayrollCount',
            label: t('payroll-reports.financials.payrolls'),
            value: (r) => r.PayrollCount,
          },
          {
            key: 'EmployeeCount',
            label: t('payroll-reports.financials.people'),
            value: (r) => r.EmployeeCount,
          },
        ]}
        money={DIVISION_MONEY.map((c) => ({ key: c, label: label(c) }))}
        sortable={[
          { key: 'Month', label: t('payroll-reports.financials.month') },
          { key: 'DivisionName', label: t('payroll-reports.financials.division') },
          { key: 'ClientName', label: t('payroll-reports.financials.corporation') },
        ]}
        totals={totals}
        sort={sort}
        setSort={setSort}
      />
    );
  return (
    <Card withBorder padding={0}>
      <ScrollTable label={t('payroll-reports.financials.byDivision')} minWidth={1050}>
        <Table striped highlightOnHover fz="sm" horizontalSpacing="xs" data-testid="financials-division">
          <Table.Thead>
            <Table.Tr>
              <SortTh column="Month" sort={sort} onSort={onSort}>
                {t('payroll-reports.financials.month')}
              </SortTh>
              <SortTh column="DivisionName" sort={sort} onSort={onSort}>
                {t('payroll-reports.financials.division')}
              </SortTh>
              <SortTh column="ClientName" sort={sort} onSort={onSort}>
                {t('payroll-reports.financials.corporation')}
              </SortTh>
              <SortTh column="PayrollCount" sort={sort} onSort={onSort} numeric>
                {t('payroll-reports.financials.payrolls')}
              </SortTh>
              <SortTh column="EmployeeCount" sort={sort} onSort={onSort} numeric>
                {t('payroll-reports.financials.people')}
              </SortTh>
              <SortTh column="Hours" sort={sort} onSort={onSort} numeric>
                {t('payroll-reports.financials.hours')}
              </SortTh>
              {DIVISION_MONEY.map((c) => (
                <SortTh key={c} column={c} sort={sort} onSort={onSort} numeric>
                  {label(c)}
                </SortTh>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => {
              const currency = currencyOf(r.CountryID);
              return (
                <Table.Tr key={`${r.Month}|${r.DivisionID ?? ''}|${r.IcdCorporationID}`}>
                  <LeadCells
                    month={r.Month}
                    group={r.DivisionName ?? t('payroll-reports.financials.noDivision')}
                    client={r.ClientName}
                    currency={currency}
                  />
                  <Num>{r.PayrollCount}</Num>
                  <Num>{r.EmployeeCount}</Num>
                  <HoursAndMoney row={r} money={DIVISION_MONEY} currency={currency} />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <TotalsFoot totals={totals} money={DIVISION_MONEY} labelSpan={5} />
        </Table>
      </ScrollTable>
    </Card>
  );
}
