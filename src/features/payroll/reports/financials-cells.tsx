// Payroll financials: the cells both report tables share — a row's month, group and corporation, its
// hours and amounts, and the totals per currency under the table.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Currency, formatHours, formatMoney, formatMonth } from './format';
import { Num } from './report-parts';

export const DIVISION_MONEY = ['Wages', 'Commission', 'Premiums', 'Other', 'GrossPay'] as const;
export type MoneyColumn = (typeof DIVISION_MONEY)[number];

/** A row's month, its division or program, and its corporation with the currency of its amounts. */
export function LeadCells({
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
export function HoursAndMoney<K extends MoneyColumn>({
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
export function TotalsFoot<K extends MoneyColumn>({
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

/** A column's name as its i18n key under payroll-reports.financials (Wages → wages). */
export const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
