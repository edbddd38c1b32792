// Statement of earnings (back office, online only): a payroll's earnings lines per employee in the
// spec's order, optionally for one program/store pair or one employee, with totals per line; made to
// be printed (no menu or controls on paper, one employee per block).
import { Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconChartBar, IconPrinter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ProgramStorePair, StatementEmployee } from '../../../contract/payroll-reports';
import { QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import { type StatementFilter, usePairs, usePayrollsBetween, useStatement } from './api';
import {
  type Currency,
  currencyOf,
  formatDay,
  formatHours,
  formatMoney,
  formatRate,
  formatWindow,
  shiftDay,
} from './format';
import { Num, PrintStyle, ReportHeader } from './report-parts';

/** The pair options: each program with all its stores, then each program/store pair worked. */
export function pairOptions(
  pairs: readonly ProgramStorePair[],
  labels: { allStores: (program: string) => string; pair: (program: string, store: string) => string },
) {
  const out: Array<{ value: string; label: string }> = [];
  const seen = new Set<number>();
  for (const p of pairs) {
    if (!seen.has(p.ProgramID)) {
      seen.add(p.ProgramID);
      out.push({ value: `${p.ProgramID}|`, label: labels.allStores(p.ProgramName) });
    }
    if (p.StoreID !== null && p.StoreName !== null)
      out.push({ value: `${p.ProgramID}|${p.StoreID}`, label: labels.pair(p.ProgramName, p.StoreName) });
  }
  return out;
}

function parsePair(value: string | null): { programID?: number; storeID?: number } {
  if (!value) return {};
  const [program, store] = value.split('|');
  return { programID: Number(program) || undefined, storeID: Number(store) || undefined };
}

export default function StatementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const payrollId = Number(useParams().id) || 0;
  const [params, setParams] = useSearchParams();
  const pair = params.get('pair');
  const employee = Number(params.get('employee')) || undefined;
  const base: StatementFilter = parsePair(pair);
  const all = useStatement(payrollId, base);
  const statement = useStatement(payrollId, { ...base, filteredEmployeeID: employee });
  const pairs = usePairs(payrollId);
  const payroll = all.data?.Payroll;
  const around = payroll
    ? { start: shiftDay(payroll.StartDate, -190), end: shiftDay(payroll.EndDate, 60) }
    : null;
  const payrolls = usePayrollsBetween(around?.start ?? null, around?.end ?? null);
  const currency = currencyOf(payroll?.CountryID);

  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'pair') next.delete('employee');
    setParams(next, { replace: true });
  };

  const payrollOptions = useMemo(
    () =>
      (payrolls.data ?? []).map((p) => ({
        value: String(p.PayrollID),
        label: `${p.ClientName} · ${formatWindow(p.StartDate, p.EndDate)}`,
      })),
    [payrolls.data],
  );
  const employeeOptions = (all.data?.Employees ?? []).map((e) => ({
    value: String(e.EmployeeID),
    label: `${e.EmployeeName} (${e.OfficeName})`,
  }));

  return (
    <Stack gap="md" maw={1100}>
      <PrintStyle />
      <ReportHeader
        title={t('payroll-reports.statement.title')}
        payroll={payroll}
        actions={
          payroll && (
            <>
              <Button
                component={Link}
                to={`/payroll/${payrollId}/analysis`}
                variant="default"
                leftSection={<IconChartBar size={16} />}
              >
                {t('payroll-reports.analysis.link')}
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
      {payroll && (
        <Group align="flex-end" gap="sm" data-print-hide wrap="wrap">
          <Select
            label={t('payroll-reports.statement.payroll')}
            data={
              payrollOptions.length
                ? payrollOptions
                : payroll
                  ? [{ value: String(payrollId), label: payroll.ClientName }]
                  : []
            }
            value={String(payrollId)}
            onChange={(v) => v && Number(v) !== payrollId && navigate(`/payroll/${v}/statement-of-earnings`)}
            allowDeselect={false}
            searchable
            w={{ base: '100%', sm: 420 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('payroll-reports.statement.pair')}
            placeholder={t('payroll-reports.statement.allPairs')}
            data={pairOptions(pairs.data ?? [], {
              allStores: (program) => t('payroll-reports.statement.allStores', { program }),
              pair: (program, store) => t('payroll-reports.statement.pairLabel', { program, store }),
            })}
            value={pair}
            onChange={(v) => set('pair', v)}
            clearable
            searchable
            w={{ base: '100%', sm: 320 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('payroll-reports.statement.employee')}
            placeholder={t('payroll-reports.statement.allEmployees')}
            data={employeeOptions}
            value={employee ? String(employee) : null}
            onChange={(v) => set('employee', v)}
            clearable
            searchable
            w={{ base: '100%', sm: 280 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      )}
      <QueryView
        query={statement}
        errorTitle={t('payroll-reports.loadFailed')}
        empty={t('payroll-reports.statement.empty')}
        isEmpty={(d) => d.Employees.length === 0}
        emptyTestId="statement-empty"
      >
        {(data) => (
          <Stack gap="md" data-testid="statement">
            <Text fw={600}>
              {t('payroll-reports.statement.summary', {
                count: data.Employees.length,
                gross: formatMoney(data.GrossPay, currency),
              })}
            </Text>
            {data.Employees.map((e) => (
              <EmployeeStatement key={e.PayPeriodID} employee={e} currency={currency} filtered={!!pair} />
            ))}
            <Card withBorder padding="md" data-print-card>
              <Text fw={700} mb="xs">
                {t('payroll-reports.statement.totalsTitle')}
              </Text>
              <ScrollTable label={t('payroll-reports.statement.totalsTitle')} minWidth={420}>
                <Table data-testid="statement-totals">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('payroll-reports.statement.caption')}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>
                        {t('payroll-reports.statement.units')}
                      </Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>
                        {t('payroll-reports.statement.amount')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.Totals.map((l) => (
                      <Table.Tr key={l.Caption}>
                        <Table.Td>{l.Caption}</Table.Td>
                        <Num>{l.Units === null ? '' : formatHours(l.Units)}</Num>
                        <Num>{formatMoney(l.Amount, currency)}</Num>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr>
                      <Table.Th>{t('payroll-reports.grossPay')}</Table.Th>
                      <Table.Th />
                      <Num bold>{formatMoney(data.GrossPay, currency)}</Num>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </ScrollTable>
            </Card>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

function EmployeeStatement({
  employee: e,
  currency,
  filtered,
}: {
  employee: StatementEmployee;
  currency: Currency;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  const someWhole = e.Lines.some((l) => !l.Attributed);
  return (
    <Card withBorder padding="md" data-print-card data-testid={`statement-employee-${e.EmployeeID}`}>
      <Group justify="space-between" align="baseline" mb="xs" wrap="wrap">
        <Stack gap={0}>
          <Text fw={700}>{e.EmployeeName}</Text>
          <Text size="sm" c="dimmed">
            {t('payroll-reports.statement.period', {
              office: e.OfficeName,
              window: `${formatDay(e.StartDate)} – ${formatDay(e.EndDate)}`,
            })}
          </Text>
        </Stack>
        {filtered && (
          <Text size="sm" c="dimmed">
            {t('payroll-reports.statement.share', { percent: `${Math.round(e.Share * 100)}%` })}
          </Text>
        )}
      </Group>
      {e.Lines.length === 0 ? (
        <Text c="dimmed">{t('payroll-reports.statement.noLines')}</Text>
      ) : (
        <ScrollTable label={t('payroll-reports.statement.linesOf', { name: e.EmployeeName })} minWidth={480}>
          <Table striped layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payroll-reports.statement.caption')}</Table.Th>
                <Table.Th w={110} style={{ textAlign: 'right' }}>
                  {t('payroll-reports.statement.rate')}
                </Table.Th>
                <Table.Th w={110} style={{ textAlign: 'right' }}>
                  {t('payroll-reports.statement.units')}
                </Table.Th>
                <Table.Th w={150} style={{ textAlign: 'right' }}>
                  {t('payroll-reports.statement.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.Lines.map((l) => (
                <Table.Tr
                  key={`${l.Caption}|${l.Rate ?? ''}|${l.Amount}`}
                  c={l.IsDetail ? 'dimmed' : undefined}
                >
                  <Table.Td pl={l.IsDetail ? 'xl' : undefined}>
                    {l.Caption}
                    {filtered && !l.Attributed ? ' *' : ''}
                    {l.IsDetail && (
                      <Text span size="xs" c="dimmed" ml={6}>
                        {t('payroll-reports.statement.detail')}
                      </Text>
                    )}
                  </Table.Td>
                  <Num>{l.Rate === null ? '' : formatRate(l.Rate)}</Num>
                  <Num>{l.Units === null ? '' : formatHours(l.Units)}</Num>
                  <Num>
                    {l.IsDetail ? `(${formatMoney(l.Amount, currency)})` : formatMoney(l.Amount, currency)}
                  </Num>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('payroll-reports.grossPay')}</Table.Th>
                <Table.Th />
                <Table.Th />
                <Num bold>{formatMoney(e.GrossPay, currency)}</Num>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      )}
      {filtered && someWhole && (
        <Text size="xs" c="dimmed" mt={4}>
          * {t('payroll-reports.statement.notAttributed')}
        </Text>
      )}
    </Card>
  );
}
