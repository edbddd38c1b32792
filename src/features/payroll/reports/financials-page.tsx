// Payroll financials (back office, online only): for the payrolls paid in a date range, gross pay,
// wages, commission and premiums per month, division and corporation (or per program), sortable,
// totalled per currency.
import { Box, Button, Card, Group, Select, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinancialsRow, ProgramFinancialsRow } from '../../../contract/payroll-reports';
import { QueryView } from '../../../ui/query-view';
import { type ResponsiveColumn, ResponsiveTable, useTableLayout } from '../../../ui/responsive-table';
import { ScrollTable } from '../../../ui/scroll-table';
import { useDivisionOptions, useFinancials, useProgramFinancials } from './api';
import {
  type Currency,
  currencyOf,
  formatHours,
  formatMoney,
  formatMonth,
  nextSort,
  type Sort,
  sortRows,
  totalsByCurrency,
} from './format';
import { Num, SortTh } from './report-parts';

type DivisionColumn =
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
type ProgramColumn =
  | 'Month'
  | 'ProgramName'
  | 'ClientName'
  | 'EmployeeCount'
  | 'Hours'
  | 'Wages'
  | 'Commission'
  | 'GrossPay';

const pad = (n: number) => String(n).padStart(2, '0');
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The default range: the first day of the month five months back, to today (six pay months). */
export function defaultRange(day: string): { startDate: string; endDate: string } {
  const [y, m] = day.split('-').map(Number);
  const back = new Date(y, m - 1 - 5, 1);
  return { startDate: `${back.getFullYear()}-${pad(back.getMonth() + 1)}-01`, endDate: day };
}

export default function FinancialsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => defaultRange(today()));
  const [draft, setDraft] = useState(range);
  const [division, setDivision] = useState<string | null>(null);
  const [program, setProgram] = useState<string | null>(null);
  const divisions = useDivisionOptions();
  const byDivision = useFinancials(range, division ? Number(division) : null);
  const byProgram = useProgramFinancials(range, program ? Number(program) : null);
  const allPrograms = useProgramFinancials(range, null);
  const [divisionSort, setDivisionSort] = useState<Sort<DivisionColumn>>({
    column: 'Month',
    descending: false,
  });
  const [programSort, setProgramSort] = useState<Sort<ProgramColumn>>({ column: 'Month', descending: false });

  const rangeError =
    !draft.startDate || !draft.endDate
      ? t('payroll-reports.financials.rangeRequired')
      : draft.endDate < draft.startDate
        ? t('payroll-reports.financials.rangeOrder')
        : null;
  const divisionOptions = [
    ...(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name })),
  ];
  const programOptions = [
    ...new Map((allPrograms.data?.Rows ?? []).map((r) => [r.ProgramID, r.ProgramName])).entries(),
  ]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([id, name]) => ({ value: String(id), label: name }));

  return (
    <Stack gap="md" maw={1400}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('payroll-reports.financials.title')}
        </Title>
        <Text c="dimmed">{t('payroll-reports.financials.subtitle')}</Text>
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!rangeError) setRange(draft);
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={t('payroll-reports.financials.from')}
            value={draft.startDate}
            onChange={(e) => setDraft({ ...draft, startDate: e.currentTarget.value })}
            error={!draft.startDate ? rangeError : null}
          />
          <TextInput
            type="date"
            label={t('payroll-reports.financials.to')}
            value={draft.endDate}
            min={draft.startDate || undefined}
            onChange={(e) => setDraft({ ...draft, endDate: e.currentTarget.value })}
            error={draft.startDate ? rangeError : null}
          />
          <Button type="submit" mt={25} disabled={!!rangeError}>
            {t('payroll-reports.financials.show')}
          </Button>
        </Group>
      </form>
      <Tabs defaultValue="division" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="division">{t('payroll-reports.financials.byDivision')}</Tabs.Tab>
          <Tabs.Tab value="program">{t('payroll-reports.financials.byProgram')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="division" pt="sm">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Select
                label={t('payroll-reports.financials.division')}
                placeholder={t('payroll-reports.financials.allDivisions')}
                data={divisionOptions}
                value={division}
                onChange={setDivision}
                clearable
                w={{ base: '100%', sm: 240 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Text size="sm" c="dimmed" maw={520}>
                {t('payroll-reports.financials.divisionNote')}
              </Text>
            </Group>
            <QueryView
              query={byDivision}
              errorTitle={t('payroll-reports.loadFailed')}
              empty={t('payroll-reports.financials.empty')}
              isEmpty={(d) => d.Rows.length === 0}
              emptyTestId="financials-empty"
            >
              {(data) => (
                <DivisionTable
                  rows={data.Rows}
                  sort={divisionSort}
                  onSort={(c) => setDivisionSort(nextSort(divisionSort, c))}
                  setSort={setDivisionSort}
                />
              )}
            </QueryView>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="program" pt="sm">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Select
                label={t('payroll-reports.financials.program')}
                placeholder={t('payroll-reports.financials.allPrograms')}
                data={programOptions}
                value={program}
                onChange={setProgram}
                clearable
                searchable
                w={{ base: '100%', sm: 280 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Text size="sm" c="dimmed" maw={520}>
                {t('payroll-reports.financials.programNote')}
              </Text>
            </Group>
            <QueryView
              query={byProgram}
              errorTitle={t('payroll-reports.loadFailed')}
              empty={t('payroll-reports.financials.empty')}
              isEmpty={(d) => d.Rows.length === 0}
            >
              {(data) => (
                <ProgramTable
                  rows={data.Rows}
                  sort={programSort}
                  onSort={(c) => setProgramSort(nextSort(programSort, c))}
                  setSort={setProgramSort}
                />
              )}
            </QueryView>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const DIVISION_MONEY = ['Wages', 'Commission', 'Premiums', 'Other', 'GrossPay'] as const;
type MoneyColumn = (typeof DIVISION_MONEY)[number];

/** A row's month, its division or program, and its corporation with the currency of its amounts. */
function LeadCells({
  month,
  group,
  client,
  currency,
}: {
  month: string;
  group: string;
  client: string;
  currency: Currency;
}) {
  return (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(month)}</Table.Td>
      <Table.Td>{group}</Table.Td>
      <Table.Td>
        {client}{' '}
        <Text span size="xs" c="dimmed">
          {currency}
        </Text>
      </Table.Td>
    </>
  );
}

/** A row's hours and amounts (gross pay in bold). */
function HoursAndMoney<K extends MoneyColumn>({
  row,
  money,
  currency,
}: {
  row: { Hours: number } & Record<K, number>;
  money: readonly K[];
  currency: Currency;
}) {
  return (
    <>
      <Num>{formatHours(row.Hours)}</Num>
      {money.map((c) => (
        <Num key={c} bold={c === 'GrossPay'}>
          {formatMoney(row[c], currency)}
        </Num>
      ))}
    </>
  );
}

/** The totals per currency under a table: hours and each amount. */
function TotalsFoot<K extends MoneyColumn>({
  totals,
  money,
  labelSpan,
}: {
  totals: ReadonlyArray<{ currency: Currency; Hours: number } & Record<K, number>>;
  money: readonly K[];
  labelSpan: number;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tfoot>
      {totals.map((tot) => (
        <Table.Tr key={tot.currency}>
          <Table.Th colSpan={labelSpan}>{t('payroll-reports.totalIn', { currency: tot.currency })}</Table.Th>
          <Num bold>{formatHours(tot.Hours)}</Num>
          {money.map((c) => (
            <Num key={c} bold>
              {formatMoney(tot[c], tot.currency)}
            </Num>
          ))}
        </Table.Tr>
      ))}
    </Table.Tfoot>
  );
}

function DivisionTable({
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

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const PROGRAM_MONEY = ['Wages', 'Commission', 'GrossPay'] as const;

function ProgramTable({
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

/**
 * A phone's report (below the sm breakpoint): a card per row — its division or program, the month and
 * the corporation with its currency, then the counts, hours and amounts (gross pay in bold) — a
 * "Sort by" in place of the headers, and a card of totals per currency.
 */
function FinancialCards<
  R extends { Month: string; ClientName: string; CountryID: number; Hours: number },
  M extends string,
  K extends string,
>({
  testId,
  rows,
  rowKey,
  group,
  counts,
  money,
  sortable,
  totals,
  sort,
  setSort,
}: {
  testId: string;
  rows: readonly R[];
  rowKey: (r: R) => string;
  group: (r: R) => string;
  counts: { key: K; label: string; value: (r: R) => number }[];
  money: { key: M & keyof R; label: string }[];
  sortable: { key: K; label: string }[];
  totals: ReadonlyArray<{ currency: Currency; Hours: number } & Record<M, number>>;
  sort: Sort<K>;
  setSort: (s: Sort<K>) => void;
}) {
  const { t } = useTranslation();
  const hoursLabel = t('payroll-reports.financials.hours');
  const columns: ResponsiveColumn<R>[] = [
    ...sortable.map((c) => ({
      key: c.key,
      label: c.label,
      sortable: true,
      hideInCard: true,
      cell: () => null,
    })),
    ...counts.map((c) => ({ key: c.key, label: c.label, sortable: true, cell: (r: R) => c.value(r) })),
    { key: 'Hours', label: hoursLabel, sortable: true, cell: (r: R) => formatHours(r.Hours) },
    ...money.map((m) => ({
      key: m.key,
      label: m.label,
      sortable: true,
      cell: (r: R) => {
        const text = formatMoney(r[m.key] as number, currencyOf(r.CountryID));
        return m.key === 'GrossPay' ? <b>{text}</b> : text;
      },
    })),
  ];
  return (
    <Stack gap="sm">
      <ResponsiveTable
        layout="cards"
        label={t('payroll-reports.financials.title')}
        rows={rows}
        rowKey={rowKey}
        title={group}
        subtitle={(r) => `${formatMonth(r.Month)} · ${r.ClientName} (${currencyOf(r.CountryID)})`}
        columns={columns}
        sort={sort}
        onSortChange={(s) => setSort({ column: s.column as K, descending: s.descending })}
        testId={testId}
      />
      {totals.map((tot) => (
        <Card key={tot.currency} withBorder padding="sm" data-testid={`${testId}-total`}>
          <Text fw={700}>{t('payroll-reports.totalIn', { currency: tot.currency })}</Text>
          <Box
            component="dl"
            mt="xs"
            mb={0}
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(5.5rem, 38%) minmax(0, 1fr)',
              columnGap: 'var(--mantine-spacing-sm)',
              rowGap: 6,
            }}
          >
            {[
              { key: 'Hours', label: hoursLabel, text: formatHours(tot.Hours) },
              ...money.map((m) => ({
                key: m.key,
                label: m.label,
                text: formatMoney(tot[m.key], tot.currency),
              })),
            ].map((f) => (
              <div key={f.key} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" c="dimmed">
                  {f.label}
                </Text>
                <Text component="dd" m={0} size="sm" fw={f.key === 'GrossPay' ? 700 : undefined}>
                  {f.text}
                </Text>
              </div>
            ))}
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
