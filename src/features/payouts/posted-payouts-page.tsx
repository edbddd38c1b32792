// Posted payouts (/payouts/posted, office, online only): filters (dates, division, corporation), the
// payouts grouped per ICD corporation with their totals and comparison badges, each group sortable
// and paged; a row opens the drawer (edit, history, delete); "Post a payout" opens it empty.
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import type { IcdPostedPayouts, PostedPayout } from '../../contract/payouts';
import { formatDay } from '../../lib/date-display';
import { ListFooter } from '../../ui/list-footer';
import { QueryView } from '../../ui/query-view';
import { ResponsiveTable } from '../../ui/responsive-table';
import { CorporationSelect } from '../access/corporation-select';
import { useDivisions } from '../access/shared';
import { localDate } from '../orders/field/order-draft';
import { type SortState, sortRows } from '../scheduling/tsu';
import { day, formatMoney, type PayoutFilters, useIcdPostedPayouts } from './api';
import { ComparisonBadge } from './comparison-badge';
import { PostedPayoutDrawer } from './posted-payout-drawer';

type Column =
  | 'PostedDate'
  | 'DivisionName'
  | 'Reference'
  | 'Quantity'
  | 'PostedAmount'
  | 'ExpectedAmount'
  | 'Difference';
const PAGE_SIZE = 10;
const NUMERIC_LABELS = {
  Quantity: 'units',
  PostedAmount: 'posted',
  ExpectedAmount: 'expected',
  Difference: 'difference',
} as const;

function sortValue(p: PostedPayout, c: Column): string | number {
  if (c === 'PostedDate') return day(p.PostedDate);
  if (c === 'DivisionName' || c === 'Reference') return p[c] ?? '';
  return p[c];
}

function IcdGroup({ group, onOpen }: { group: IcdPostedPayouts; onOpen: (p: PostedPayout) => void }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortState<Column>>({ column: 'PostedDate', direction: 'desc' });
  const [page, setPage] = useState(1);
  const rows = sortRows(group.Payouts, sort, sortValue);
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Card withBorder padding="md" data-testid="icd-group" data-corporation={group.CorporationName}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>{group.CorporationName}</Title>
        <Group gap="md">
          <Text size="sm">
            {t('payouts.groupTotals', {
              count: group.Count,
              posted: formatMoney(group.PostedAmount),
              expected: formatMoney(group.ExpectedAmount),
              difference: formatMoney(group.Difference),
            })}
          </Text>
          <ComparisonBadge comparison={group.PayoutComparison} />
        </Group>
      </Group>
      <ResponsiveTable
        label={group.CorporationName}
        testId="posted-payouts"
        tableProps={{ highlightOnHover: true }}
        minWidth={780}
        rows={shown}
        rowKey={(p) => p.PostedPayoutID}
        rowProps={() => ({ 'data-testid': 'posted-payout-row' })}
        onRowClick={onOpen}
        sort={{ column: sort.column, descending: sort.direction === 'desc' }}
        onSortChange={(s) =>
          setSort({ column: s.column as Column, direction: s.descending ? 'desc' : 'asc' })
        }
        title={(p) => `${formatDay(p.PostedDate)} · ${p.DivisionName}`}
        columns={[
          {
            key: 'PostedDate',
            label: t('payouts.fields.postedDate'),
            sortable: true,
            nowrap: true,
            hideInCard: true,
            cell: (p) => formatDay(p.PostedDate),
          },
          {
            key: 'DivisionName',
            label: t('payouts.fields.division'),
            sortable: true,
            hideInCard: true,
            cell: (p) => p.DivisionName,
          },
          {
            key: 'Comparison',
            label: t('payouts.fields.comparison'),
            cell: (p) => <ComparisonBadge comparison={p.PayoutComparison} />,
          },
          {
            key: 'Reference',
            label: t('payouts.fields.reference'),
            sortable: true,
            cell: (p) => p.Reference ?? '—',
          },
          ...(['Quantity', 'PostedAmount', 'ExpectedAmount', 'Difference'] as const).map((key) => ({
            key,
            label: t(`payouts.fields.${NUMERIC_LABELS[key]}`),
            sortable: true,
            align: 'right' as const,
            cell: (p: PostedPayout) => (key === 'Quantity' ? p.Quantity : formatMoney(p[key])),
          })),
        ]}
        actions={(p, layout) =>
          layout === 'cards' ? (
            <Button
              size="sm"
              variant="light"
              onClick={() => onOpen(p)}
              aria-label={t('payouts.openLabel', { date: formatDay(p.PostedDate), division: p.DivisionName })}
            >
              {t('payouts.open')}
            </Button>
          ) : null
        }
      />
      {rows.length > PAGE_SIZE && (
        <ListFooter
          totalCount={rows.length}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          size="sm"
        />
      )}
    </Card>
  );
}

const weeksBefore = (today: string, weeks: number) => {
  const d = new Date(`${today}T12:00:00`);
  d.setDate(d.getDate() - weeks * 7);
  return localDate(d);
};

export default function PostedPayoutsPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'payouts:write');
  const today = localDate(new Date());
  const [filters, setFilters] = useState<PayoutFilters>(() => ({
    startDate: weeksBefore(today, 8),
    endDate: today,
    divisionID: null,
    icdCorporationID: null,
  }));
  const [open, setOpen] = useState<{ payout: PostedPayout | null } | null>(null);
  const groups = useIcdPostedPayouts(filters);
  const divisions = useDivisions();
  const set = (patch: Partial<PayoutFilters>) => setFilters((f) => ({ ...f, ...patch }));
  return (
    <Stack gap="md" data-testid="posted-payouts-page">
      <Group justify="space-between">
        <Title order={2}>{t('payouts.title')}</Title>
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setOpen({ payout: null })}
            data-testid="new-payout"
          >
            {t('payouts.new')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="payout-filters">
        <TextInput
          type="date"
          label={t('payouts.filters.from')}
          value={filters.startDate}
          onChange={(e) => set({ startDate: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('payouts.filters.to')}
          value={filters.endDate}
          onChange={(e) => set({ endDate: e.currentTarget.value })}
          error={
            filters.startDate && filters.endDate && filters.endDate < filters.startDate
              ? t('payouts.endBeforeStart')
              : undefined
          }
        />
        <Select
          label={t('payouts.fields.division')}
          placeholder={t('payouts.filters.all')}
          data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
          value={filters.divisionID}
          onChange={(v) => set({ divisionID: v })}
          clearable
        />
        <CorporationSelect
          label={t('payouts.fields.corporation')}
          placeholder={t('payouts.filters.all')}
          value={filters.icdCorporationID}
          onChange={(v) => set({ icdCorporationID: v })}
          clearable
        />
      </SimpleGrid>
      <QueryView
        query={groups}
        errorTitle={t('payouts.loadFailed')}
        empty={t('payouts.empty')}
        isEmpty={(d) => d.length === 0}
        emptyTestId="payouts-empty"
      >
        {(data) => (
          <Stack gap="md">
            {data.map((g) => (
              <IcdGroup key={g.IcdCorporationID} group={g} onOpen={(payout) => setOpen({ payout })} />
            ))}
          </Stack>
        )}
      </QueryView>
      {open && (
        <PostedPayoutDrawer
          payout={open.payout}
          today={today}
          canWrite={canWrite}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}
