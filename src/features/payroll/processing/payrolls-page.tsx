// Payroll (back office, online only): the paged list of the payrolls in the caller's scope, with
// filters (corporation, pay window, status), the spec's sort orders, status badges and the pending /
// submitted messages the caller may dismiss; the Processing tab (payroll:process) lists what is to
// process and downloads the processing spreadsheet in a chosen format. A row opens the payroll.
import { Badge, Button, Card, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import {
  PAY_FREQUENCY_NAMES,
  PAYROLL_TYPE_NAMES,
  type PayrollListItem,
  type PayrollProcessingItem,
} from '../../../contract/payroll';
import { formatDay as formatSharedDay } from '../../../lib/date-display';
import { countSet, FilterPanel } from '../../../ui/filter-panel';
import { ListFooter } from '../../../ui/list-footer';
import { noItems, QueryView } from '../../../ui/query-view';
import { type ResponsiveColumn, ResponsiveTable, type TableSort } from '../../../ui/responsive-table';
import { CorporationSelect } from '../../access/corporation-select';
import {
  type ListQuery,
  usePayrollCorporations,
  usePayrollPage,
  usePayrollTypes,
  useProcessingPage,
} from '../api/payrolls';
import { currencyOf, formatDay, formatMoney, formatWindow, humanize } from './format';
import {
  activeFlags,
  type ExportFormat,
  exportFormats,
  type PayrollSortColumn,
  processingExportUrl,
  type SortState,
  wireSort,
} from './list-options';
import { Messages } from './payroll-messages';

const PAGE_SIZE = 25;
const STATUS_FILTERS = {
  visible: { isVisible: true },
  hidden: { isVisible: false },
  locked: { isLocked: true },
  unlocked: { isLocked: false },
  completed: { isCompleted: true },
  notCompleted: { isCompleted: false },
} as const satisfies Record<string, Partial<ListQuery>>;
type StatusFilter = keyof typeof STATUS_FILTERS;

const FLAG_COLORS = {
  visible: 'gray',
  locked: 'orange',
  disclosed: 'teal',
  pending: 'yellow',
  completed: 'green',
} as const;

export default function PayrollsPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const grants = session?.grants ?? [];
  const canProcess = hasGrant(grants, 'payroll:process');
  const canSeeSsn = hasGrant(grants, 'employees:viewSensitive');
  const [params, setParams] = useSearchParams();
  const tab = canProcess && params.get('tab') === 'processing' ? 'processing' : 'all';
  const [corporation, setCorporation] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<StatusFilter | null>(null);
  const [sort, setSort] = useState<SortState>({ sort: 'StartDate', descending: true });
  const [page, setPage] = useState(1);
  const [processingPage, setProcessingPage] = useState(1);
  const [format, setFormat] = useState<ExportFormat>('Default');

  const rangeError = from && to && from > to ? t('payroll.filters.rangeError') : undefined;
  const query: ListQuery = useMemo(
    () => ({
      icdCorporationID: corporation ? Number(corporation) : undefined,
      startDate: !rangeError && from ? from : undefined,
      endDate: !rangeError && to ? to : undefined,
      ...(status ? STATUS_FILTERS[status] : {}),
      sort: wireSort(sort),
      pageSize: PAGE_SIZE,
    }),
    [corporation, from, to, status, sort, rangeError],
  );
  const corporations = usePayrollCorporations();
  const types = usePayrollTypes();
  const list = usePayrollPage(query, page - 1);
  const processing = useProcessingPage(query, processingPage - 1, tab === 'processing');

  const typeName = (id: number) =>
    humanize(types.data?.find((x) => x.PayrollTypeID === id)?.Name ?? PAYROLL_TYPE_NAMES[id] ?? String(id));
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setProcessingPage(1);
    };
  const onSortChange = (next: TableSort) => {
    setSort({ sort: next.column as PayrollSortColumn, descending: next.descending });
    setPage(1);
    setProcessingPage(1);
  };

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1} size="h2">
        {t('payroll.title')}
      </Title>
      {list.data && <Messages items={list.data.Items} />}
      <FilterPanel
        count={countSet([corporation, from, to, status])}
        onClear={() => {
          setCorporation(null);
          setFrom('');
          setTo('');
          setStatus(null);
          setPage(1);
          setProcessingPage(1);
        }}
        clearOnWide
        testId="payroll-filters"
      >
        <CorporationSelect
          source={corporations}
          label={t('payroll.filters.corporation')}
          placeholder={t('payroll.filters.any')}
          value={corporation}
          onChange={filter(setCorporation)}
          clearable
          w={{ base: '100%', xs: 260 }}
        />
        <TextInput
          type="date"
          label={t('payroll.filters.from')}
          value={from}
          onChange={(e) => filter(setFrom)(e.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label={t('payroll.filters.to')}
          value={to}
          onChange={(e) => filter(setTo)(e.currentTarget.value)}
          error={rangeError}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label={t('payroll.filters.status')}
          placeholder={t('payroll.filters.any')}
          data={(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((k) => ({
            value: k,
            label: t(`payroll.statusFilter.${k}`),
          }))}
          value={status}
          onChange={(v) => filter(setStatus)(v as StatusFilter | null)}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
      </FilterPanel>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'processing' ? { tab: 'processing' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="all">{t('payroll.tabs.all')}</Tabs.Tab>
          {canProcess && <Tabs.Tab value="processing">{t('payroll.tabs.processing')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          <QueryView
            query={list}
            errorTitle={t('payroll.loadFailed')}
            empty={t('payroll.empty')}
            emptyTestId="payrolls-empty"
            isEmpty={noItems}
          >
            {(data) => (
              <Stack gap="sm">
                <PayrollTable
                  testId="payrolls-table"
                  sort={sort}
                  onSortChange={onSortChange}
                  typeName={typeName}
                  rows={data.Items}
                />
                <ListFooter
                  label={t('payroll.count', { count: data.TotalCount })}
                  totalCount={data.TotalCount}
                  pageSize={PAGE_SIZE}
                  page={page}
                  onPageChange={setPage}
                />
              </Stack>
            )}
          </QueryView>
        </Tabs.Panel>
        {canProcess && (
          <Tabs.Panel value="processing" pt="md">
            <Stack gap="sm">
              <Card withBorder padding="sm">
                <Group gap="sm" align="flex-end">
                  <Select
                    label={t('payroll.export.format')}
                    data={exportFormats(canSeeSsn).map((f) => ({
                      value: f,
                      label: t(`payroll.export.formats.${f}`),
                    }))}
                    value={format}
                    onChange={(v) => v && setFormat(v as ExportFormat)}
                    allowDeselect={false}
                    w={{ base: '100%', xs: 220 }}
                    data-testid="export-format"
                  />
                  <Button
                    component="a"
                    href={processingExportUrl(format, { ...query, pageSize: undefined })}
                    download
                    variant="default"
                    leftSection={<IconDownload size={16} />}
                    data-testid="export-download"
                  >
                    {t('payroll.export.download')}
                  </Button>
                </Group>
              </Card>
              <QueryView
                query={processing}
                errorTitle={t('payroll.loadFailed')}
                empty={t('payroll.processingEmpty')}
                isEmpty={noItems}
              >
                {(data) => (
                  <Stack gap="sm">
                    <PayrollTable
                      testId="processing-table"
                      sort={sort}
                      onSortChange={onSortChange}
                      typeName={typeName}
                      rows={data.Items}
                      processing
                    />
                    <ListFooter
                      label={t('payroll.count', { count: data.TotalCount })}
                      totalCount={data.TotalCount}
                      pageSize={PAGE_SIZE}
                      page={processingPage}
                      onPageChange={setProcessingPage}
                    />
                  </Stack>
                )}
              </QueryView>
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function PayrollTable({
  rows,
  sort,
  onSortChange,
  typeName,
  processing,
  testId,
}: {
  rows: (PayrollListItem | PayrollProcessingItem)[];
  sort: SortState;
  onSortChange: (sort: TableSort) => void;
  typeName: (id: number) => string;
  processing?: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const to = (p: PayrollListItem) => `/payroll/${p.PayrollID}`;
  const name = (p: PayrollListItem) => (
    <Text
      size="sm"
      fw={500}
      component={Link}
      to={to(p)}
      onClick={(ev) => ev.stopPropagation()}
      data-testid="payroll-link"
    >
      {p.ClientName}
    </Text>
  );
  const entries = (p: PayrollListItem | PayrollProcessingItem) =>
    processing && 'UnapprovedCount' in p && p.UnapprovedCount > 0 ? (
      <Text size="sm" c="orange.8">{`${p.ApprovedCount} / ${p.EntryCount}`}</Text>
    ) : (
      `${p.ApprovedCount} / ${p.EntryCount}`
    );
  const columns: ResponsiveColumn<PayrollListItem | PayrollProcessingItem>[] = [
    {
      key: 'ClientName',
      label: t('payroll.columns.corporation'),
      sortable: 'ascending',
      hideInCard: true,
      cell: name,
    },
    { key: 'Owner', label: t('payroll.columns.owner'), sortable: 'ascending', cell: (p) => p.Owner },
    {
      key: 'Division',
      label: t('payroll.columns.division'),
      sortable: 'ascending',
      cell: (p) => <Text size="xs">{p.Division || '—'}</Text>,
    },
    {
      key: 'StartDate',
      label: t('payroll.columns.start'),
      sortable: true,
      descendingFirst: true,
      nowrap: true,
      hideInCard: true,
      cell: (p) => (
        <>
          {formatDay(p.StartDate)}
          <Text size="xs" c="dimmed" title={typeName(p.PayrollTypeID)}>
            {PAY_FREQUENCY_NAMES[p.PayFrequencyID] ?? ''}
          </Text>
        </>
      ),
    },
    {
      key: 'EndDate',
      label: t('payroll.columns.end'),
      sortable: true,
      descendingFirst: true,
      nowrap: true,
      hideInCard: true,
      cell: (p) => (
        <>
          {formatDay(p.EndDate)}
          <Text size="xs" c="dimmed">
            {t('payroll.page.payDate', { date: formatDay(p.PayDate) })}
          </Text>
        </>
      ),
    },
    { key: 'entries', label: t('payroll.columns.entries'), align: 'right', cell: entries },
    {
      key: 'gross',
      label: t('payroll.columns.gross'),
      align: 'right',
      nowrap: true,
      cell: (p) => formatMoney(p.GrossPay, currencyOf(p.CountryID), i18n.language.replace('_', '-')),
    },
    { key: 'status', label: t('payroll.columns.status'), cell: (p) => <StatusBadges payroll={p} /> },
    {
      key: 'LockedDate',
      label: t('payroll.columns.locked'),
      sortable: true,
      descendingFirst: true,
      nowrap: true,
      cell: (p) => formatSharedDay(p.LockedDate, { empty: '—' }),
    },
    {
      key: 'CompletedDate',
      label: t('payroll.columns.completed'),
      sortable: true,
      descendingFirst: true,
      nowrap: true,
      cell: (p) => formatSharedDay(p.CompletedDate, { empty: '—' }),
    },
  ];
  return (
    <ResponsiveTable
      label={processing ? t('payroll.tabs.processing') : t('payroll.tabs.all')}
      testId={testId}
      minWidth={960}
      tableProps={{
        striped: true,
        highlightOnHover: true,
        verticalSpacing: 'xs',
        horizontalSpacing: 'xs',
        fz: 'sm',
      }}
      rows={rows}
      rowKey={(p) => p.PayrollID}
      columns={columns}
      sort={{ column: sort.sort, descending: sort.descending }}
      onSortChange={onSortChange}
      title={name}
      subtitle={(p) =>
        [
          formatWindow(p.StartDate, p.EndDate),
          PAY_FREQUENCY_NAMES[p.PayFrequencyID],
          t('payroll.page.payDate', { date: formatDay(p.PayDate) }),
        ]
          .filter(Boolean)
          .join(' · ')
      }
      onRowClick={(p) => navigate(to(p))}
      rowProps={(p) => ({
        'aria-label': t('payroll.open', { name: p.ClientName, window: formatWindow(p.StartDate, p.EndDate) }),
        'data-testid': 'payroll-row',
        'data-payroll-id': p.PayrollID,
      })}
    />
  );
}

function StatusBadges({ payroll: p }: { payroll: PayrollListItem }) {
  const { t } = useTranslation();
  const flags = activeFlags(p).filter((f) => f !== 'visible');
  return (
    <Stack gap={2} align="flex-start" miw={104}>
      {!p.IsVisible && (
        <Badge size="xs" color="gray" variant="outline">
          {t('payroll.status.hidden')}
        </Badge>
      )}
      {flags.length === 0 && (
        <Badge size="xs" color="blue" variant="light">
          {t('payroll.status.open')}
        </Badge>
      )}
      {flags.map((f) => (
        <Badge key={f} size="xs" color={FLAG_COLORS[f]} variant="light">
          {t(`payroll.status.${f}`)}
        </Badge>
      ))}
    </Stack>
  );
}
