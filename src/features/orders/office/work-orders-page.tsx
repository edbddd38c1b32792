// Work orders (back office, online only): the orders of the caller's offices filtered by division,
// office, rep, status, sales channel, sale dates and a search, sorted and paged; rows are selected for
// the bulk status change (all or nothing: a refusal names each failing row and changes nothing) and
// the work-order update alert. Tabs: work orders, bulk create, claims.
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { serverMessages } from '../../../api/field-errors';
import type { WORK_ORDER_SORTS, WorkOrder, WorkOrderQuery } from '../../../contract/orders';
import { countSet, FilterPanel } from '../../../ui/filter-panel';
import { PagedTable, SearchInput, useListControls } from '../../../ui/list-controls';
import { notify } from '../../../ui/notify';
import { useDivisions, useOffices } from '../../employees/api';
import {
  useBulkStatusChange,
  useRoster,
  useStatuses,
  useUpdateAlert,
  useWorkOrdersPage,
} from '../api/office';
import { BulkCreatePanel } from './bulk-create-panel';
import { ClaimsPanel } from './claims-panel';
import { formatDay, localDay, STATUS_KIND_COLOURS } from './helpers';
import { NewOrderModal } from './new-order-modal';

type SortColumn = 'saleDate' | 'customer' | 'orderNumber';

export default function WorkOrdersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('orders');
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md" maw={1440}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('orders.office.title')}
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/orders/catalogue" variant="light">
            {t('orders.office.catalogue')}
          </Button>
          <Button onClick={() => setCreating(true)}>{t('orders.create.new')}</Button>
        </Group>
      </Group>
      <NewOrderModal opened={creating} onClose={() => setCreating(false)} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="orders">{t('orders.office.tabs.orders')}</Tabs.Tab>
          <Tabs.Tab value="bulk">{t('orders.office.tabs.bulk')}</Tabs.Tab>
          <Tabs.Tab value="claims">{t('orders.office.tabs.claims')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="orders" pt="md">
          <WorkOrdersGrid />
        </Tabs.Panel>
        <Tabs.Panel value="bulk" pt="md">
          <BulkCreatePanel />
        </Tabs.Panel>
        <Tabs.Panel value="claims" pt="md">
          <ClaimsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function WorkOrdersGrid() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const controls = useListControls<SortColumn>({
    sort: 'saleDate',
    descendingFirst: (c) => c === 'saleDate',
  });
  const { filter, sort, descending, tableSort, onSortChange } = controls;
  const [division, setDivision] = useState<string | null>(null);
  const [office, setOffice] = useState<string | null>(null);
  const [employee, setEmployee] = useState<string | null>(null);
  const [statusKind, setStatusKind] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [selected, setSelected] = useState<Map<number, WorkOrder>>(new Map());
  const [action, setAction] = useState<'status' | 'alert' | null>(null);
  const divisions = useDivisions();
  const offices = useOffices();
  const roster = useRoster();
  const employees = [
    ...new Map((roster.data ?? []).map((r) => [r.EmployeeID, r.FullName] as const)).entries(),
  ].sort((a, b) => a[1].localeCompare(b[1]));
  const query: Partial<WorkOrderQuery> = {
    search: controls.searchQuery,
    divisionID: division ? Number(division) : undefined,
    icdOfficeID: office ? Number(office) : undefined,
    employeeID: employee ? Number(employee) : undefined,
    statusKind: statusKind ? Number(statusKind) : undefined,
    salesChannelID: channel !== null ? Number(channel) : undefined,
    from: from || undefined,
    to: to || undefined,
    sort: (descending ? `-${sort}` : sort) as (typeof WORK_ORDER_SORTS)[number],
    pageIndex: controls.pageIndex,
    pageSize: controls.pageSize,
  };
  const list = useWorkOrdersPage(query);
  const toggle = (order: WorkOrder) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(order.WorkOrderID)) next.delete(order.WorkOrderID);
      else next.set(order.WorkOrderID, order);
      return next;
    });
  const items = list.data?.Items ?? [];
  const allOnPage = items.length > 0 && items.every((o) => selected.has(o.WorkOrderID));
  const someOnPage = items.some((o) => selected.has(o.WorkOrderID));
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const o of items) {
        if (allOnPage) next.delete(o.WorkOrderID);
        else next.set(o.WorkOrderID, o);
      }
      return next;
    });
  const any = t('orders.office.any');
  const w = { base: '100%', xs: 180 } as const;

  return (
    <Stack gap="md">
      <FilterPanel
        search={
          <SearchInput
            label={t('orders.office.search')}
            placeholder={t('orders.office.searchPlaceholder')}
            value={controls.search}
            onChange={controls.setSearch}
            w={{ base: '100%', sm: 240 }}
          />
        }
        count={countSet([division, office, employee, statusKind, channel, from, to])}
        onClear={() => {
          setDivision(null);
          setOffice(null);
          setEmployee(null);
          setStatusKind(null);
          setChannel(null);
          setFrom('');
          setTo('');
          controls.firstPage();
        }}
        testId="work-orders-filters"
      >
        <Select
          label={t('orders.office.division')}
          placeholder={any}
          data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
          value={division}
          onChange={filter(setDivision)}
          clearable
          w={w}
        />
        <Select
          label={t('orders.office.office')}
          placeholder={any}
          data={(offices.data ?? []).map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
          value={office}
          onChange={filter(setOffice)}
          clearable
          searchable
          w={w}
        />
        <Select
          label={t('orders.office.employee')}
          placeholder={any}
          data={employees.map(([id, name]) => ({ value: String(id), label: name }))}
          value={employee}
          onChange={filter(setEmployee)}
          clearable
          searchable
          w={w}
        />
        <Select
          label={t('orders.office.status')}
          placeholder={any}
          data={[1, 2, 3, 4].map((k) => ({ value: String(k), label: t(`orders.statusKind.${k}`) }))}
          value={statusKind}
          onChange={filter(setStatusKind)}
          clearable
          w={{ base: '100%', xs: 150 }}
        />
        <Select
          label={t('orders.office.channel')}
          placeholder={any}
          data={[0, 1, 2].map((c) => ({ value: String(c), label: t(`orders.channel.${c}`) }))}
          value={channel}
          onChange={filter(setChannel)}
          clearable
          w={{ base: '100%', xs: 150 }}
        />
        <TextInput
          type="date"
          label={t('orders.office.from')}
          value={from}
          onChange={(e) => filter(setFrom)(e.currentTarget.value)}
          w={{ base: '48%', xs: 150 }}
        />
        <TextInput
          type="date"
          label={t('orders.office.to')}
          value={to}
          onChange={(e) => filter(setTo)(e.currentTarget.value)}
          w={{ base: '48%', xs: 150 }}
        />
      </FilterPanel>
      <Group gap="sm" data-testid="bulk-actions">
        <Text size="sm" c="dimmed">
          {t('orders.office.selected', { count: selected.size })}
        </Text>
        <Button size="xs" disabled={selected.size === 0} onClick={() => setAction('status')}>
          {t('orders.office.changeStatus')}
        </Button>
        <Button size="xs" variant="light" disabled={selected.size === 0} onClick={() => setAction('alert')}>
          {t('orders.office.sendAlert')}
        </Button>
        {selected.size > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
            {t('orders.office.clearSelection')}
          </Button>
        )}
      </Group>
      <PagedTable
        query={list}
        errorTitle={t('orders.office.loadFailed')}
        empty={t('orders.office.empty')}
        emptyTestId="work-orders-empty"
        minWidth={960}
        testId="work-orders-table"
        label={t('orders.office.tabs.orders')}
        rowKey={(o) => o.WorkOrderID}
        sort={tableSort}
        onSortChange={onSortChange}
        selection={{
          isSelected: (o) => selected.has(o.WorkOrderID),
          onToggle: toggle,
          label: (o) => t('orders.office.selectRow', { name: o.CustomerName }),
          all: {
            checked: allOnPage,
            indeterminate: someOnPage && !allOnPage,
            onToggle: togglePage,
            label: t('orders.office.selectPage'),
          },
        }}
        columns={[
          {
            key: 'orderNumber',
            label: t('orders.office.orderNumber'),
            sortable: true,
            hideInCard: true,
            cell: (o) => (
              <>
                <OrderLink order={o} />
                <Text size="xs" c="dimmed">
                  {t(`orders.channel.${o.SalesChannelID}`)}
                </Text>
              </>
            ),
          },
          {
            key: 'customer',
            label: t('orders.office.customer'),
            sortable: true,
            cell: (o) => (
              <>
                <Text size="sm">{o.CustomerName}</Text>
                <Text size="xs" c="dimmed">
                  {[o.City, o.StateProvince].filter(Boolean).join(', ')}
                </Text>
              </>
            ),
          },
          {
            key: 'employee',
            label: t('orders.office.employee'),
            cell: (o) => o.EmployeeName ?? t('orders.office.unclaimed'),
          },
          { key: 'office', label: t('orders.office.office'), cell: (o) => o.OfficeName },
          { key: 'program', label: t('orders.office.program'), cell: (o) => o.ProgramName },
          {
            key: 'products',
            label: t('orders.office.products'),
            cell: (o) => (
              <Group gap={4}>
                {o.ProductOrders.map((p) => (
                  <Badge
                    key={p.ProductOrderID}
                    size="sm"
                    variant="light"
                    color={STATUS_KIND_COLOURS[p.StatusKind] ?? 'gray'}
                    tt="none"
                    title={`${p.ProductName} — ${p.StatusName}`}
                    maw="100%"
                  >
                    {p.ProductName}: {p.StatusName}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            key: 'saleDate',
            label: t('orders.office.saleDate'),
            sortable: true,
            descendingFirst: true,
            cell: (o) => formatDay(o.SaleDate, i18n.language),
          },
        ]}
        title={(o) => <OrderLink order={o} />}
        subtitle={(o) => t(`orders.channel.${o.SalesChannelID}`)}
        onRowClick={(o) => navigate(`/orders/${o.WorkOrderID}`)}
        rowProps={(o) => ({ 'data-testid': `work-order-${o.WorkOrderID}` })}
        count={(count) => t('orders.office.count', { count })}
        footer={controls.footer}
      />
      <BulkStatusModal
        opened={action === 'status'}
        orders={[...selected.values()]}
        onClose={(done) => {
          setAction(null);
          if (done) setSelected(new Map());
        }}
      />
      <AlertModal
        opened={action === 'alert'}
        orders={[...selected.values()]}
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}

function OrderLink({ order: o }: { order: WorkOrder }) {
  const { t } = useTranslation();
  return (
    <Text
      size="sm"
      fw={500}
      component={Link}
      to={`/orders/${o.WorkOrderID}`}
      onClick={(ev) => ev.stopPropagation()}
    >
      {o.OrderNumber ?? t('orders.office.noNumber', { id: o.WorkOrderID })}
    </Text>
  );
}

/** One status for every product order of the selected work orders, on one day; all or nothing. */
function BulkStatusModal({
  opened,
  orders,
  onClose,
}: {
  opened: boolean;
  orders: WorkOrder[];
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const divisionIDs = [...new Set(orders.map((o) => o.DivisionID))];
  const statuses = useStatuses(divisionIDs[0]);
  const [status, setStatus] = useState<string | null>(null);
  const [day, setDay] = useState(() => localDay(new Date()));
  const [comments, setComments] = useState('');
  const change = useBulkStatusChange();
  const products = orders.flatMap((o) => o.ProductOrders);
  const close = (done: boolean) => {
    change.reset();
    setStatus(null);
    setComments('');
    onClose(done);
  };
  const submit = () => {
    if (!status) return;
    change.mutate(
      products.map((p) => ({
        ProductOrderID: p.ProductOrderID,
        ProductOrderStatusID: Number(status),
        StatusDate: day,
        Comments: comments.trim() || null,
        Version: p.Version,
      })),
      {
        onSuccess: (changed) => {
          void notify({
            message: t('orders.office.statusChanged', { count: changed.length }),
            color: 'green',
          });
          close(true);
        },
      },
    );
  };
  // "Row N: …" also names the work order and product of that row.
  const rows = orders.flatMap((o) =>
    o.ProductOrders.map(
      (p) => `${o.OrderNumber ?? t('orders.office.noNumber', { id: o.WorkOrderID })}, ${p.ProductName}`,
    ),
  );
  const messages = (change.isError ? serverMessages(change.error) : []).map((m) => {
    const row = /^Row (\d+):/.exec(m);
    const named = row ? rows[Number(row[1]) - 1] : undefined;
    return named ? m.replace(/^Row (\d+):/, `Row $1 (${named}):`) : m;
  });
  return (
    <Modal opened={opened} onClose={() => close(false)} title={t('orders.office.changeStatus')} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {t('orders.office.bulkStatusIntro', { count: products.length, orders: orders.length })}
        </Text>
        {divisionIDs.length > 1 && <Alert color="yellow">{t('orders.office.severalDivisions')}</Alert>}
        <Select
          label={t('orders.office.newStatus')}
          data={(statuses.data ?? []).map((s) => ({ value: String(s.ProductOrderStatusID), label: s.Name }))}
          value={status}
          onChange={setStatus}
          required
          data-autofocus
        />
        <TextInput
          type="date"
          label={t('orders.office.statusDate')}
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
          required
        />
        <Textarea
          label={t('orders.office.comments')}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {change.isError && (
          <Alert color="red" title={errorMessage(change.error)} data-testid="bulk-status-error">
            {messages.length > 0 && (
              <List size="sm">
                {messages.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close(false)}>
            {t('orders.office.cancel')}
          </Button>
          <Button onClick={submit} disabled={!status || !day} loading={change.isPending}>
            {t('orders.office.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AlertModal({
  opened,
  orders,
  onClose,
}: {
  opened: boolean;
  orders: WorkOrder[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const alert = useUpdateAlert();
  const close = () => {
    alert.reset();
    setMessage('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('orders.office.sendAlert')}>
      <Stack gap="sm">
        <Text size="sm">{t('orders.office.alertIntro', { count: orders.length })}</Text>
        <Textarea
          label={t('orders.office.alertMessage')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={3}
          data-autofocus
        />
        {alert.isError && <Alert color="red">{errorMessage(alert.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('orders.office.cancel')}
          </Button>
          <Button
            loading={alert.isPending}
            onClick={() =>
              alert.mutate(
                { WorkOrderIDs: orders.map((o) => o.WorkOrderID), Message: message.trim() || null },
                {
                  onSuccess: (r) => {
                    void notify({
                      message: t('orders.office.alertQueued', { count: r.Queued }),
                      color: 'green',
                    });
                    close();
                  },
                },
              )
            }
          >
            {t('orders.office.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
