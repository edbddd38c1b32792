// Payroll financials on a phone: the report as cards (one per row), a "Sort by", and a card of totals
// per currency.
import { Box, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/responsive-table';
import { type Currency, currencyOf, formatHours, formatMoney, formatMonth, type Sort } from './format';

/**
 * A phone's report (below the sm breakpoint): a card per row — its division or program, the month and
 * the corporation with its currency, then the counts, hours and amounts (gross pay in bold) — a
 * "Sort by" in place of the headers, and a card of totals per currency.
 */
export function FinancialCards<
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
