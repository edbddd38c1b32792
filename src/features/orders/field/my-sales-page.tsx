// "My sales" on the phone (/my-sales): the rep's work orders, newest first, each with its products'
// statuses, the commission paid so far and the commission expected once the booked products are
// installed. Orders drafted on the phone and not sent yet are shown on top as waiting. Readable
// offline once seen (the list is kept on the device).
import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionData, useSyncEngine } from '../../../app/app-context';
import { type MySale, StatusKind } from '../../../contract/orders';
import { listDrafts } from '../../../offline/db';
import { useSyncEngineStatus } from '../../../offline/use-sync-status';
import { RelativeTime } from '../../../ui/relative-time';
import { money } from '../../payroll/my-pay/format';
import { useMySales } from './api';
import { WORK_ORDER } from './commands';

const KIND_COLOR: Record<number, string> = {
  [StatusKind.Booked]: 'blue',
  [StatusKind.Installed]: 'green',
  [StatusKind.Cancelled]: 'gray',
  [StatusKind.Disconnect]: 'red',
};

interface Waiting {
  WorkOrderID: number;
  CustomerName?: string;
  ProgramName?: string;
  SaleDate?: string;
  ProductOrders?: { ProductName: string; ProductLineName: string; Quantity: number }[];
}

function SaleCard({ sale, lang }: { sale: MySale; lang: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="my-sale" data-work-order-id={sale.WorkOrderID}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {sale.CustomerName}
          </Text>
          <Text size="xs" c="dimmed">
            {[sale.ProgramName, sale.SaleDate, sale.OrderNumber ? `#${sale.OrderNumber}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600} data-testid="sale-paid">
            {money(sale.CommissionPaid, lang)}
          </Text>
          {sale.ExpectedCommission !== 0 &&
            sale.ProductOrders.some((p) => p.StatusKind === StatusKind.Booked) && (
              <Text size="xs" c="dimmed" data-testid="sale-expected">
                {t('orders-field.expected', { amount: money(sale.ExpectedCommission, lang) })}
              </Text>
            )}
        </Stack>
      </Group>
      <Stack gap={4} mt="xs">
        {sale.ProductOrders.map((p) => (
          <Group key={p.ProductOrderID} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              {p.Quantity > 1 ? `${p.Quantity} × ` : ''}
              {p.ProductName}{' '}
              <Text span size="xs" c="dimmed">
                {p.ProductLineName}
              </Text>
            </Text>
            <Badge
              color={KIND_COLOR[p.StatusKind] ?? 'gray'}
              variant="light"
              style={{ flexShrink: 0 }}
              data-testid="sale-status"
            >
              {p.StatusName}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export default function MySalesPage() {
  const { t, i18n } = useTranslation();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  const sales = useMySales(userId);
  const drafts = useLiveQuery(() => (userId ? listDrafts(userId, WORK_ORDER) : []), [userId]);
  const engine = useSyncEngine();
  const status = useSyncEngineStatus(engine);
  const queryClient = useQueryClient();
  const lang = i18n.language;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch after each completed sync only
  useEffect(() => {
    if (status.lastSyncAt) void queryClient.invalidateQueries({ queryKey: ['orders', 'my-sales', userId] });
  }, [status.lastSyncAt]);

  const list = sales.data?.data ?? [];
  const known = new Set(list.map((s) => s.WorkOrderID));
  const waiting = (drafts ?? [])
    .map((d) => d.data as Waiting)
    .filter((d) => d && typeof d.WorkOrderID === 'number' && !known.has(d.WorkOrderID));

  return (
    <Stack gap="md" maw={720} data-testid="my-sales-page">
      <Title order={2}>{t('orders-field.mySales')}</Title>
      {list.length > 0 && (
        <Group gap="xl" data-testid="my-sales-totals">
          <div>
            <Text size="xs" c="dimmed">
              {t('orders-field.totalPaid')}
            </Text>
            <Text fw={700}>
              {money(
                list.reduce((sum, s) => sum + s.CommissionPaid, 0),
                lang,
              )}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('orders-field.totalExpected')}
            </Text>
            <Text fw={700}>
              {money(
                list
                  .filter((s) => s.ProductOrders.some((p) => p.StatusKind === StatusKind.Booked))
                  .reduce((sum, s) => sum + s.ExpectedCommission, 0),
                lang,
              )}
            </Text>
          </div>
        </Group>
      )}
      {sales.data?.fromCache && (
        <Text size="xs" c="dimmed">
          {t('orders-field.savedCopy')} <RelativeTime date={new Date(sales.data.fetchedAt)} />
        </Text>
      )}
      {waiting.map((w) => (
        <Card key={w.WorkOrderID} withBorder padding="sm" data-testid="my-sale-waiting">
          <Group justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {w.CustomerName}
              </Text>
              <Text size="xs" c="dimmed">
                {[w.ProgramName, w.SaleDate].filter(Boolean).join(' · ')}
              </Text>
            </div>
            <Badge color="yellow" style={{ flexShrink: 0, overflow: 'visible' }} maw="none">
              {w.WorkOrderID < 0 ? t('orders-field.waiting') : t('orders-field.sentBadge')}
            </Badge>
          </Group>
          {(w.ProductOrders ?? []).map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the draft's rows have no id until sent
            <Text key={i} size="sm" mt={4}>
              {p.Quantity > 1 ? `${p.Quantity} × ` : ''}
              {p.ProductName}{' '}
              <Text span size="xs" c="dimmed">
                {p.ProductLineName}
              </Text>
            </Text>
          ))}
        </Card>
      ))}
      {sales.isPending && userId && <Loader size="sm" aria-label={t('common.loading')} />}
      {sales.isError && !sales.data && (
        <Alert color="red" variant="light" data-testid="my-sales-error">
          {t('orders-field.loadFailed')}
        </Alert>
      )}
      {sales.data && list.length === 0 && waiting.length === 0 && (
        <Text c="dimmed" data-testid="my-sales-empty">
          {t('orders-field.empty')}
        </Text>
      )}
      {list.map((s) => (
        <SaleCard key={s.WorkOrderID} sale={s} lang={lang} />
      ))}
    </Stack>
  );
}
