// Payroll invoices (back office, online only): the paged list of the invoices in the caller's scope
// with filters (corporation, status, invoice dates), sorting and paging; New invoice (invoices:write)
// invoices a locked payroll. A row opens the invoice.
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import { type InvoiceSort, type PayrollInvoiceListItem, PayrollInvoiceStatus } from '../../contract/invoices';
import { countSet, FilterPanel } from '../../ui/filter-panel';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { CorporationSelect } from '../access/corporation-select';
import { currencyOf, formatDay, formatMoney, formatWindow } from '../payroll/processing/format';
import { type InvoiceListQuery, useInvoicePage } from './api';
import { METHOD_KEYS, STATUS_KEYS } from './format';
import { NewInvoiceModal } from './new-invoice';

const PAGE_SIZE = 25;
type SortColumn = 'InvoiceDate' | 'ClientName' | 'StartDate' | 'Total' | 'Status';
interface SortState {
  sort: SortColumn;
  descending: boolean;
}

export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'invoices:write');
  const [corporation, setCorporation] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<SortState>({ sort: 'InvoiceDate', descending: true });
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);

  const rangeError = from && to && from > to ? t('invoices.filters.rangeError') : undefined;
  const query: InvoiceListQuery = useMemo(
    () => ({
      icdCorporationID: corporation ? Number(corporation) : undefined,
      statusID: status ? Number(status) : undefined,
      startDate: !rangeError && from ? from : undefined,
      endDate: !rangeError && to ? to : undefined,
      sort: `${sort.sort}${sort.descending ? 'Desc' : ''}` as InvoiceSort,
      pageSize: PAGE_SIZE,
    }),
    [corporation, status, from, to, sort, rangeError],
  );
  const list = useInvoicePage(query, page - 1);

  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const columns: ResponsiveColumn<PayrollInvoiceListItem>[] = [
    {
      key: 'number',
      label: t('invoices.columns.number'),
      nowrap: true,
      hideInCard: true,
      cell: (inv) => <InvoiceLink invoice={inv} />,
    },
    {
      key: 'ClientName',
      label: t('invoices.columns.corporation'),
      sortable: true,
      hideInCard: true,
      cell: (inv) => (
        <>
          {inv.ClientName}
          <Text size="xs" c="dimmed">
            {inv.Owner}
          </Text>
        </>
      ),
    },
    {
      key: 'StartDate',
      label: t('invoices.columns.window'),
      sortable: true,
      descendingFirst: true,
      nowrap: true,
      cell: (inv) => formatWindow(inv.StartDate, inv.EndDate),
    },
    {
      key: 'InvoiceDate',
      label: t('invoices.columns.invoiceDate'),
      sortable: true,
      descendingFirst: true,
      nowrap: true,
      cell: (inv) => formatDay(inv.InvoiceDate),
    },
    {
      key: 'Status',
      label: t('invoices.columns.status'),
      sortable: true,
      descendingFirst: true,
      cell: (inv) => (
        <Group gap={4}>
          <Badge
            size="sm"
            variant="light"
            color={inv.StatusID === PayrollInvoiceStatus.Posted ? 'green' : 'blue'}
          >
            {t(`invoices.status.${STATUS_KEYS[inv.StatusID] ?? 'NotPosted'}`)}
          </Badge>
          {inv.IsDismissed && (
            <Badge size="sm" variant="outline" color="gray">
              {t('invoices.dismissed')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'method',
      label: t('invoices.columns.paymentMethod'),
      cell: (inv) => t(`invoices.method.${METHOD_KEYS[inv.PaymentMethodID] ?? 'DrawFromLocalBankAccount'}`),
    },
    {
      key: 'Total',
      label: t('invoices.columns.total'),
      sortable: true,
      descendingFirst: true,
      align: 'right',
      nowrap: true,
      cell: (inv) => (
        <Text span fz="sm" fw={500}>
          {formatMoney(inv.Total, currencyOf(inv.CountryID), i18n.language.replace('_', '-'))}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('invoices.title')}
        </Title>
        <Group gap="xs">
          <Button
            component={Link}
            to="/invoices/policies"
            variant="default"
            leftSection={<IconSettings size={16} />}
          >
            {t('invoices.policies.link')}
          </Button>
          {canWrite && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setCreating(true)}
              data-testid="new-invoice-button"
            >
              {t('invoices.new.button')}
            </Button>
          )}
        </Group>
      </Group>
      <FilterPanel
        count={countSet([corporation, status, from, to])}
        onClear={() => {
          setCorporation(null);
          setStatus(null);
          setFrom('');
          setTo('');
          setPage(1);
        }}
        clearOnWide
        testId="invoice-filters"
      >
        <CorporationSelect
          label={t('invoices.filters.corporation')}
          placeholder={t('invoices.filters.any')}
          value={corporation}
          onChange={filter(setCorporation)}
          clearable
          w={{ base: '100%', xs: 260 }}
          data-testid="filter-corporation"
        />
        <Select
          label={t('invoices.filters.status')}
          placeholder={t('invoices.filters.any')}
          data={Object.entries(STATUS_KEYS).map(([id, key]) => ({
            value: id,
            label: t(`invoices.status.${key}`),
          }))}
          value={status}
          onChange={filter(setStatus)}
          clearable
          w={{ base: '100%', xs: 180 }}
          data-testid="filter-status"
        />
        <TextInput
          type="date"
          label={t('invoices.filters.from')}
          value={from}
          onChange={(e) => filter(setFrom)(e.currentTarget.value)}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label={t('invoices.filters.to')}
          value={to}
          onChange={(e) => filter(setTo)(e.currentTarget.value)}
          error={rangeError}
          w={{ base: '100%', xs: 170 }}
        />
      </FilterPanel>
      <QueryView
        query={list}
        errorTitle={t('invoices.loadFailed')}
        empty={t('invoices.empty')}
        emptyTestId="invoices-empty"
        isEmpty={noItems}
      >
        {(data) => (
          <Stack gap="sm">
            <ResponsiveTable
              label={t('invoices.title')}
              testId="invoices-table"
              minWidth={960}
              tableProps={{
                striped: true,
                highlightOnHover: true,
                verticalSpacing: 'xs',
                horizontalSpacing: 'xs',
                fz: 'sm',
              }}
              rows={data.Items}
              rowKey={(inv) => inv.PayrollInvoiceID}
              sort={{ column: sort.sort, descending: sort.descending }}
              onSortChange={(next) => {
                setSort({ sort: next.column as SortColumn, descending: next.descending });
                setPage(1);
              }}
              columns={columns}
              title={(inv) => <InvoiceLink invoice={inv} />}
              subtitle={(inv) => inv.ClientName}
              onRowClick={(inv) => navigate(`/invoices/${inv.PayrollInvoiceID}`)}
              rowProps={(inv) => ({
                'aria-label': t('invoices.open', { number: inv.InvoiceNumber, name: inv.ClientName }),
                'data-testid': 'invoice-row',
                'data-invoice-id': inv.PayrollInvoiceID,
                style: inv.IsDismissed ? { opacity: 0.6 } : undefined,
              })}
            />
            <ListFooter
              label={t('invoices.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </Stack>
        )}
      </QueryView>
      {creating && <NewInvoiceModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function InvoiceLink({ invoice: inv }: { invoice: PayrollInvoiceListItem }) {
  return (
    <Text
      size="sm"
      fw={500}
      component={Link}
      to={`/invoices/${inv.PayrollInvoiceID}`}
      onClick={(ev) => ev.stopPropagation()}
    >
      {inv.InvoiceNumber}
    </Text>
  );
}
