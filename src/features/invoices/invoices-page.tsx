// Payroll invoices (back office, online only): the paged list of the invoices in the caller's scope
// with filters (corporation, status, invoice dates), sorting and paging; New invoice (invoices:write)
// invoices a locked payroll. A row opens the invoice.
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import { type InvoiceSort, type PayrollInvoiceListItem, PayrollInvoiceStatus } from '../../contract/invoices';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { SortHeader } from '../../ui/sort-header';
import { useCorporations } from '../access/shared';
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
  const { t } = useTranslation();
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'invoices:write');
  const [corporation, setCorporation] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<SortState>({ sort: 'InvoiceDate', descending: true });
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const corporations = useCorporations();

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
  const header = (column: SortColumn, label: string, align?: 'right') => (
    <SortHeader
      active={sort.sort === column}
      descending={sort.descending}
      onSort={() => {
        setSort((s) => ({
          sort: column,
          descending: s.sort === column ? !s.descending : column !== 'ClientName',
        }));
        setPage(1);
      }}
    >
      <Text span fw={700} fz="sm" ta={align}>
        {label}
      </Text>
    </SortHeader>
  );

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
      <Card withBorder padding="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('invoices.filters.corporation')}
            placeholder={t('invoices.filters.any')}
            data={(corporations.data ?? []).map((c) => ({
              value: String(c.IcdCorporationID),
              label: c.ClientName,
            }))}
            value={corporation}
            onChange={filter(setCorporation)}
            clearable
            searchable
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
          {(corporation || status || from || to) && (
            <Button
              variant="subtle"
              onClick={() => {
                setCorporation(null);
                setStatus(null);
                setFrom('');
                setTo('');
                setPage(1);
              }}
            >
              {t('invoices.filters.clear')}
            </Button>
          )}
        </Group>
      </Card>
      <QueryView
        query={list}
        errorTitle={t('invoices.loadFailed')}
        empty={t('invoices.empty')}
        emptyTestId="invoices-empty"
        isEmpty={noItems}
      >
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={960}>
              <Table
                striped
                highlightOnHover
                verticalSpacing="xs"
                horizontalSpacing="xs"
                fz="sm"
                data-testid="invoices-table"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('invoices.columns.number')}</Table.Th>
                    {header('ClientName', t('invoices.columns.corporation'))}
                    {header('StartDate', t('invoices.columns.window'))}
                    {header('InvoiceDate', t('invoices.columns.invoiceDate'))}
                    {header('Status', t('invoices.columns.status'))}
                    <Table.Th>{t('invoices.columns.paymentMethod')}</Table.Th>
                    {header('Total', t('invoices.columns.total'), 'right')}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.Items.map((inv) => (
                    <InvoiceRow key={inv.PayrollInvoiceID} invoice={inv} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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

function InvoiceRow({ invoice: inv }: { invoice: PayrollInvoiceListItem }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const to = `/invoices/${inv.PayrollInvoiceID}`;
  const open = () => navigate(to);
  const posted = inv.StatusID === PayrollInvoiceStatus.Posted;
  return (
    <Table.Tr
      onClick={open}
      onKeyDown={(ev) => {
        if (ev.key === 'Enter' && ev.target === ev.currentTarget) open();
      }}
      tabIndex={0}
      style={{ cursor: 'pointer', opacity: inv.IsDismissed ? 0.6 : undefined }}
      aria-label={t('invoices.open', { number: inv.InvoiceNumber, name: inv.ClientName })}
      data-testid="invoice-row"
      data-invoice-id={inv.PayrollInvoiceID}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={500} component={Link} to={to} onClick={(ev) => ev.stopPropagation()}>
          {inv.InvoiceNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        {inv.ClientName}
        <Text size="xs" c="dimmed">
          {inv.Owner}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWindow(inv.StartDate, inv.EndDate)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(inv.InvoiceDate)}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge size="sm" variant="light" color={posted ? 'green' : 'blue'}>
            {t(`invoices.status.${STATUS_KEYS[inv.StatusID] ?? 'NotPosted'}`)}
          </Badge>
          {inv.IsDismissed && (
            <Badge size="sm" variant="outline" color="gray">
              {t('invoices.dismissed')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {t(`invoices.method.${METHOD_KEYS[inv.PaymentMethodID] ?? 'DrawFromLocalBankAccount'}`)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={500}>
        {formatMoney(inv.Total, currencyOf(inv.CountryID), i18n.language.replace('_', '-'))}
      </Table.Td>
    </Table.Tr>
  );
}
