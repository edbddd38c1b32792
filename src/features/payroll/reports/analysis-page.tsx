// Payroll analysis (back office, online only): a payroll's figures (gross, people, hours, overtime,
// commission) beside the corporation's previous payroll, then sortable tables per office and per
// employee with each employee's change in gross.
import { Button, Card, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { IconFileInvoice, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AnalysisEmployee, AnalysisOffice, PayFigures } from '../../../contract/payroll-reports';
import { QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import { useAnalysis } from './api';
import {
  type Currency,
  currencyOf,
  formatChange,
  formatHours,
  formatMoney,
  formatWindow,
  nextSort,
  type Sort,
  sortRows,
} from './format';
import { Figure, Num, PrintStyle, ReportHeader, SortTh } from './report-parts';

type FigureColumn = Exclude<keyof PayFigures, 'EmployeeCount'>;
type OfficeColumn = 'OfficeName' | 'EmployeeCount' | FigureColumn;
type EmployeeColumn = 'EmployeeName' | 'OfficeName' | FigureColumn | 'PreviousGrossPay' | 'GrossPayChange';

const HOUR_COLUMNS = ['RegularHours', 'OvertimeHours', 'DoubleTimeHours', 'TotalHours'] as const;
const MONEY_COLUMNS = ['Wages', 'Commission', 'Premiums', 'Other', 'GrossPay'] as const;

export default function AnalysisPage() {
  const { t } = useTranslation();
  const payrollId = Number(useParams().id) || 0;
  const analysis = useAnalysis(payrollId);
  const payroll = analysis.data?.Payroll;
  const currency = currencyOf(payroll?.CountryID);
  const [officeSort, setOfficeSort] = useState<Sort<OfficeColumn>>({
    column: 'OfficeName',
    descending: false,
  });
  const [employeeSort, setEmployeeSort] = useState<Sort<EmployeeColumn>>({
    column: 'EmployeeName',
    descending: false,
  });
  const [search, setSearch] = useState('');

  const label: Record<FigureColumn | 'PreviousGrossPay' | 'GrossPayChange', string> = {
    RegularHours: t('payroll-reports.analysis.regularHours'),
    OvertimeHours: t('payroll-reports.analysis.overtimeHours'),
    DoubleTimeHours: t('payroll-reports.analysis.doubleTimeHours'),
    TrainingHours: t('payroll-reports.analysis.trainingHours'),
    TotalHours: t('payroll-reports.analysis.totalHours'),
    Wages: t('payroll-reports.analysis.wages'),
    Commission: t('payroll-reports.analysis.commission'),
    Premiums: t('payroll-reports.analysis.premiums'),
    Other: t('payroll-reports.analysis.other'),
    GrossPay: t('payroll-reports.grossPay'),
    PreviousGrossPay: t('payroll-reports.analysis.previousGross'),
    GrossPayChange: t('payroll-reports.analysis.grossChange'),
  };

  return (
    <Stack gap="md" maw={1400}>
      <PrintStyle />
      <ReportHeader
        title={t('payroll-reports.analysis.title')}
        payroll={payroll}
        actions={
          payroll && (
            <>
              <Button
                component={Link}
                to={`/payroll/${payrollId}/statement-of-earnings`}
                variant="default"
                leftSection={<IconFileInvoice size={16} />}
              >
                {t('payroll-reports.statement.link')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
              >
                {t('payroll-reports.print')}
              </Button>
            </>
          )
        }
      />
      <QueryView query={analysis} errorTitle={t('payroll-reports.loadFailed')}>
        {(data) => {
          const change = data.Change;
          const offices = sortRows<AnalysisOffice, OfficeColumn>(data.Offices, officeSort, (r, c) => r[c]);
          const needle = search.trim().toLowerCase();
          const employees = sortRows<AnalysisEmployee, EmployeeColumn>(
            data.Employees.filter(
              (e) => !needle || `${e.EmployeeName} ${e.OfficeName}`.toLowerCase().includes(needle),
            ),
            employeeSort,
            (r, c) => r[c],
          );
          const overtime = data.Totals.OvertimeHours + data.Totals.DoubleTimeHours;
          return (
            <Stack gap="md">
              <Text c="dimmed" size="sm" data-testid="analysis-previous">
                {data.Previous
                  ? t('payroll-reports.analysis.previous', {
                      window: formatWindow(data.Previous.StartDate, data.Previous.EndDate),
                    })
                  : t('payroll-reports.analysis.noPrevious')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="analysis-figures">
                <Figure
                  label={t('payroll-reports.grossPay')}
                  value={formatMoney(data.Totals.GrossPay, currency)}
                  note={
                    change
                      ? t('payroll-reports.analysis.change', {
                          change: formatChange(change.GrossPay, currency),
                        })
                      : null
                  }
                />
                <Figure
                  label={t('payroll-reports.analysis.employeeCount')}
                  value={String(data.Totals.EmployeeCount)}
                  note={
                    change
                      ? t('payroll-reports.analysis.change', {
                          change: `${change.EmployeeCount >= 0 ? '+' : '−'}${Math.abs(change.EmployeeCount)}`,
                        })
                      : null
                  }
                />
                <Figure
                  label={t('payroll-reports.analysis.hoursWorked')}
                  value={formatHours(data.Totals.TotalHours)}
                  note={
                    change
                      ? t('payroll-reports.analysis.change', {
                          change: `${change.TotalHours >= 0 ? '+' : '−'}${formatHours(Math.abs(change.TotalHours))}`,
                        })
                      : null
                  }
                />
                <Figure
                  label={t('payroll-reports.analysis.overtimeShare')}
                  value={formatHours(overtime)}
                  note={
                    data.Totals.TotalHours > 0
                      ? `${Math.round((overtime / data.Totals.TotalHours) * 1000) / 10}%`
                      : null
                  }
                />
                <Figure
                  label={t('payroll-reports.analysis.commission')}
                  value={formatMoney(data.Totals.Commission, currency)}
                  note={
                    change
                      ? t('payroll-reports.analysis.change', {
                          change: formatChange(change.Commission, currency),
                        })
                      : null
                  }
                />
              </SimpleGrid>
              {data.Employees.length === 0 ? (
                <Text c="dimmed" py="lg" data-testid="analysis-empty">
                  {t('payroll-reports.analysis.empty')}
                </Text>
              ) : (
                <Tabs defaultValue="offices" keepMounted={false}>
                  <Tabs.List data-print-hide>
                    <Tabs.Tab value="offices">{t('payroll-reports.analysis.byOffice')}</Tabs.Tab>
                    <Tabs.Tab value="employees">{t('payroll-reports.analysis.byEmployee')}</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="offices" pt="sm">
                    <Card withBorder padding={0}>
                      <ScrollTable label={t('payroll-reports.analysis.byOffice')} minWidth={900}>
                        <Table
                          striped
                          highlightOnHover
                          fz="sm"
                          horizontalSpacing="xs"
                          data-testid="analysis-offices"
                        >
                          <Table.Thead>
                            <Table.Tr>
                              <SortTh
                                column="OfficeName"
                                sort={officeSort}
                                onSort={(c) => setOfficeSort(nextSort(officeSort, c))}
                              >
                                {t('payroll-reports.office')}
                              </SortTh>
                              <SortTh
                                column="EmployeeCount"
                                sort={officeSort}
                                onSort={(c) => setOfficeSort(nextSort(officeSort, c))}
                                numeric
                              >
                                {t('payroll-reports.analysis.employeeCount')}
                              </SortTh>
                              {[...HOUR_COLUMNS, ...MONEY_COLUMNS].map((c) => (
                                <SortTh
                                  key={c}
                                  column={c}
                                  sort={officeSort}
                                  onSort={(col) => setOfficeSort(nextSort(officeSort, col))}
                                  numeric
                                >
                                  {label[c]}
                                </SortTh>
                              ))}
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {offices.map((o) => (
                              <Table.Tr key={o.IcdOfficeID}>
                                <Table.Td>{o.OfficeName}</Table.Td>
                                <Num>{o.EmployeeCount}</Num>
                                <FigureCells row={o} currency={currency} />
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                          <Table.Tfoot>
                            <Table.Tr>
                              <Table.Th>{t('payroll-reports.total')}</Table.Th>
                              <Num bold>{data.Totals.EmployeeCount}</Num>
                              <FigureCells row={data.Totals} currency={currency} bold />
                            </Table.Tr>
                          </Table.Tfoot>
                        </Table>
                      </ScrollTable>
                    </Card>
                  </Tabs.Panel>
                  <Tabs.Panel value="employees" pt="sm">
                    <Stack gap="sm">
                      <TextInput
                        aria-label={t('payroll-reports.analysis.search')}
                        placeholder={t('payroll-reports.analysis.search')}
                        leftSection={<IconSearch size={16} />}
                        value={search}
                        onChange={(e) => setSearch(e.currentTarget.value)}
                        w={{ base: '100%', sm: 320 }}
                        data-print-hide
                      />
                      {employees.length === 0 ? (
                        <Text c="dimmed">{t('payroll-reports.analysis.noMatch')}</Text>
                      ) : (
                        <Card withBorder padding={0}>
                          <ScrollTable label={t('payroll-reports.analysis.byEmployee')} minWidth={1200}>
                            <Table
                              striped
                              highlightOnHover
                              fz="sm"
                              horizontalSpacing="xs"
                              data-testid="analysis-employees"
                            >
                              <Table.Thead>
                                <Table.Tr>
                                  {(['EmployeeName', 'OfficeName'] as const).map((c) => (
                                    <SortTh
                                      key={c}
                                      column={c}
                                      sort={employeeSort}
                                      onSort={(col) => setEmployeeSort(nextSort(employeeSort, col))}
                                    >
                                      {c === 'EmployeeName'
                                        ? t('payroll-reports.employee')
                                        : t('payroll-reports.office')}
                                    </SortTh>
                                  ))}
                                  {(
                                    [
                                      ...HOUR_COLUMNS,
                                      ...MONEY_COLUMNS,
                                      'PreviousGrossPay',
                                      'GrossPayChange',
                                    ] as const
                                  ).map((c) => (
                                    <SortTh
                                      key={c}
                                      column={c}
                                      sort={employeeSort}
                                      onSort={(col) => setEmployeeSort(nextSort(employeeSort, col))}
                                      numeric
                                    >
                                      {label[c]}
                                    </SortTh>
                                  ))}
                                </Table.Tr>
                              </Table.Thead>
                              <Table.Tbody>
                                {employees.map((e) => (
                                  <Table.Tr key={e.PayPeriodID}>
                                    <Table.Td>{e.EmployeeName}</Table.Td>
                                    <Table.Td>{e.OfficeName}</Table.Td>
                                    <FigureCells row={e} currency={currency} />
                                    <Num>{formatMoney(e.PreviousGrossPay, currency)}</Num>
                                    <Table.Td
                                      style={{ textAlign: 'right', whiteSpace: 'nowrap' }}
                                      c={
                                        e.GrossPayChange === null || e.GrossPayChange === 0
                                          ? undefined
                                          : e.GrossPayChange > 0
                                            ? 'teal.8'
                                            : 'red.8'
                                      }
                                    >
                                      {formatChange(e.GrossPayChange, currency)}
                                    </Table.Td>
                                  </Table.Tr>
                                ))}
                              </Table.Tbody>
                            </Table>
                          </ScrollTable>
                        </Card>
                      )}
                    </Stack>
                  </Tabs.Panel>
                </Tabs>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}

function FigureCells({
  row,
  currency,
  bold,
}: {
  row: Pick<PayFigures, (typeof HOUR_COLUMNS)[number] | (typeof MONEY_COLUMNS)[number]>;
  currency: Currency;
  bold?: boolean;
}) {
  return (
    <>
      {HOUR_COLUMNS.map((c) => (
        <Num key={c} bold={bold}>
          {formatHours(row[c])}
        </Num>
      ))}
      {MONEY_COLUMNS.map((c) => (
        <Num key={c} bold={bold}>
          {formatMoney(row[c], currency)}
        </Num>
      ))}
    </>
  );
}
