// Pieces the payroll report screens share: the header with the payroll's corporation and window, the
// print style, a sortable header cell and a small figure card.
import { Badge, Button, Card, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PayrollHeader } from '../../../contract/payroll-reports';
import { formatDay, formatWindow, type Sort } from './format';

/** While printing: no menu, header or controls, the report full width. */
export function PrintStyle() {
  return (
    <style>{`@media print {
  .mantine-AppShell-navbar, .mantine-AppShell-header, [data-print-hide] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; }
  [data-print-card] { break-inside: avoid; box-shadow: none !important; }
}`}</style>
  );
}

export function ReportHeader({
  title,
  payroll,
  actions,
}: {
  title: string;
  payroll: PayrollHeader | undefined;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {payroll && (
        <Group gap="xs" data-print-hide>
          <Button
            component={Link}
            to={`/payroll/${payroll.PayrollID}`}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChevronLeft size={14} />}
          >
            {t('payroll-reports.backToPayroll')}
          </Button>
        </Group>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {payroll && (
            <Group gap="xs">
              <Text c="dimmed">
                {payroll.ClientName} · {formatWindow(payroll.StartDate, payroll.EndDate)}
                {payroll.PayDate
                  ? ` · ${t('payroll-reports.paidOn', { date: formatDay(payroll.PayDate) })}`
                  : ''}
              </Text>
              <Badge variant="light" color={payroll.IsLocked ? 'gray' : 'blue'}>
                {payroll.IsLocked ? t('payroll-reports.locked') : t('payroll-reports.open')}
              </Badge>
            </Group>
          )}
        </Stack>
        {actions && (
          <Group gap="xs" data-print-hide>
            {actions}
          </Group>
        )}
      </Group>
    </Stack>
  );
}

export function SortTh<K extends string>({
  column,
  sort,
  onSort,
  numeric,
  children,
}: {
  column: K;
  sort: Sort<K>;
  onSort: (column: K) => void;
  numeric?: boolean;
  children: ReactNode;
}) {
  const active = sort.column === column;
  const Icon = active ? (sort.descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
  return (
    <Table.Th
      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
      style={numeric ? { textAlign: 'right' } : undefined}
    >
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : 'flex-start'}>
          {children}
          <Icon size={14} stroke={1.6} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function Figure({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <Card withBorder padding="sm" radius="md" data-print-card>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

/** Right-aligned numeric cell. */
export function Num({ children, bold }: { children: ReactNode; bold?: boolean }) {
  return (
    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} fw={bold ? 700 : undefined}>
      {children}
    </Table.Td>
  );
}
