// Time approvals (state 'time.approvals', online only, tablet first): the team's pay periods — worked
// time, open entries, changes awaiting the employee's acknowledgement, late adjustments — with each
// employee's entries per day to review and correct, and Approve / Withdraw approval. A second tab
// lists the changes awaiting acknowledgement (counts per employee) with Dismiss.

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import type { TimeEntry } from '../../contract/time';
import {
  DISMISS_REASON_MAX,
  type PayPeriod,
  type PayPeriodSort,
  type TimeEntryModification,
  wireDay,
} from '../../contract/time-management';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { RelativeTime } from '../../ui/relative-time';
import { ResponsiveTable } from '../../ui/responsive-table';
import { ComplianceBadges, useComplianceFlags } from '../reports/jobs/compliance-flags';
import { countsQuery, modificationsQuery, payPeriodsQuery, periodEntriesQuery } from './api/queries';
import { ChangeList } from './components/change-list';
import { EntryForm, type EntryFormValues } from './components/entry-form';
import { dayLabel, hoursLabel, rangeLabel, shiftDay, spanMinutes, timeLabel, toWire } from './format';

const PAGE_SIZE = 10;
type StateFilter = 'all' | 'open' | 'approved' | 'locked';

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['time-management'] });
}

export default function ApprovalsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('periods');
  return (
    <Stack maw={1200} gap="md">
      <div>
        <Title order={1} size="h2">
          {t('time-management.approvals.title')}
        </Title>
        <Text c="dimmed">{t('time-management.approvals.subtitle')}</Text>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="periods">{t('time-management.approvals.periodsTab')}</Tabs.Tab>
          <Tabs.Tab value="modifications">{t('time-management.approvals.modificationsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="periods" pt="md">
          <PeriodsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="modifications" pt="md">
          <ModificationsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function stateColour(state: PayPeriod['State']) {
  return state === 'Locked' ? 'gray' : state === 'Approved' ? 'teal' : 'blue';
}

/**
 * Approving a pay period asks first, with what is being approved: whose time, which days, the hours
 * (and a warning when there are none), entries and what still waits. Escape or Cancel leaves it open.
 */
function ApproveConfirm({
  period,
  onCancel,
  onConfirm,
}: {
  period: PayPeriod | null;
  onCancel: () => void;
  onConfirm: (period: PayPeriod) => void;
}) {
  const { t } = useTranslation();
  const p = period;
  return (
    <Modal opened={!!p} onClose={onCancel} title={t('time-management.approvals.confirm.title')}>
      {p && (
        <Stack gap="sm" data-testid="approve-confirm">
          <Text size="sm">
            {t('time-management.approvals.confirm.body', {
              name: p.EmployeeName,
              office: p.OfficeName,
              period: rangeLabel(p.StartDate, p.EndDate),
            })}
          </Text>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.worked')}</Table.Th>
                <Table.Td data-testid="confirm-worked">{hoursLabel(p.WorkedMinutes)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.breaks')}</Table.Th>
                <Table.Td>{hoursLabel(p.BreakMinutes)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.weeks')}</Table.Th>
                <Table.Td>{p.Weeks.map((w) => hoursLabel(w.WorkedMinutes)).join(' + ')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('time-management.approvals.confirm.entries')}</Table.Th>
                <Table.Td>{p.EntryCount}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {p.WorkedMinutes === 0 && (
            <Alert color="yellow" data-testid="confirm-no-hours">
              {t('time-management.approvals.confirm.noHours')}
            </Alert>
          )}
          {p.PendingModificationCount > 0 && (
            <Text size="sm">
              {t('time-management.approvals.confirm.awaiting', { count: p.PendingModificationCount })}
            </Text>
          )}
          <Group justify="flex-end">
            {/* Enter confirms, except for a period with no hours: then Enter cancels. */}
            <Button variant="default" onClick={onCancel} data-autofocus={p.WorkedMinutes === 0 || undefined}>
              {t('common.cancel')}
            </Button>
            <Button
              color="teal"
              data-autofocus={p.WorkedMinutes !== 0 || undefined}
              onClick={() => onConfirm(p)}
            >
              {t('time-management.approvals.confirm.approve')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function PeriodsPanel() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionData();
  const invalidate = useInvalidate();
  const canApprove = hasGrant(session?.grants ?? [], 'time:approve');
  // A link from a compliance report (?date=YYYY-MM-DD&employeeId=N) opens that employee's period.
  const [params] = useSearchParams();
  const linkedDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '')
    ? (params.get('date') as string)
    : null;
  const linkedEmployee = Number(params.get('employeeId')) || null;
  const [anchor, setAnchor] = useState(() => linkedDate ?? toWire(new Date()));
  const [onlyEmployee, setOnlyEmployee] = useState<number | null>(linkedEmployee);
  const [state, setState] = useState<StateFilter>('all');
  const [sort, setSort] = useState<PayPeriodSort>('EmployeeName');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  /** The period whose approval waits for the user's confirmation. */
  const [confirming, setConfirming] = useState<PayPeriod | null>(null);
  const query = useQuery(
    payPeriodsQuery(api, {
      startDate: anchor,
      endDate: anchor,
      state: state === 'all' ? undefined : state,
      employeeId: onlyEmployee ?? undefined,
      sort,
      pageIndex: page - 1,
      pageSize: PAGE_SIZE,
    }),
  );
  const counts = useQuery(countsQuery(api));
  const flags = useComplianceFlags(query.data?.Items.map((p) => p.PayPeriodID) ?? []);
  const linkedPeriod = onlyEmployee
    ? query.data?.Items.find((p) => p.EmployeeID === onlyEmployee)?.PayPeriodID
    : undefined;
  useEffect(() => {
    if (linkedPeriod !== undefined) setOpen(linkedPeriod);
  }, [linkedPeriod]);
  const first = query.data?.Items[0];
  const length = first
    ? Math.round((Date.parse(wireDay(first.EndDate)) - Date.parse(wireDay(first.StartDate))) / 86_400_000) + 1
    : 14;
  const move = (days: number) => {
    setAnchor(shiftDay(anchor, days));
    setPage(1);
    setOpen(null);
  };

  async function approve(p: PayPeriod, approveIt: boolean) {
    setBusy(p.PayPeriodID);
    try {
      if (approveIt) await api.put(`pay-periods/${p.PayPeriodID}/approved`, { Version: p.Version });
      else await api.delete(`pay-periods/${p.PayPeriodID}/approved`);
      notifications.show({
        color: 'teal',
        message: approveIt
          ? t('time-management.approvals.approved', { name: p.EmployeeName })
          : t('time-management.approvals.withdrawn', { name: p.EmployeeName }),
      });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: approveIt
          ? t('time-management.approvals.approveFailed')
          : t('time-management.approvals.withdrawFailed'),
        message: errorMessage(err),
      });
    } finally {
      setBusy(null);
      void invalidate();
    }
  }

  return (
    <Stack gap="sm">
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              size="sm"
              px="xs"
              onClick={() => move(-length)}
              aria-label={t('time-management.approvals.previousPeriod')}
            >
              <IconChevronLeft size={18} />
            </Button>
            <Text fw={600} miw={190} ta="center" data-testid="period-label">
              {first ? rangeLabel(first.StartDate, first.EndDate) : dayLabel(anchor)}
            </Text>
            <Button
              variant="default"
              size="sm"
              px="xs"
              onClick={() => move(length)}
              aria-label={t('time-management.approvals.nextPeriod')}
            >
              <IconChevronRight size={18} />
            </Button>
            <Button
              variant="subtle"
              size="sm"
              onClick={() => {
                setAnchor(toWire(new Date()));
                setPage(1);
                setOpen(null);
              }}
            >
              {t('time-management.approvals.current')}
            </Button>
          </Group>
          {onlyEmployee !== null && (
            <Button
              variant="light"
              size="xs"
              onClick={() => setOnlyEmployee(null)}
              data-testid="show-everyone"
            >
              {t('report-jobs.showEveryone')}
            </Button>
          )}
          <SegmentedControl
            value={state}
            onChange={(v) => {
              setState(v as StateFilter);
              setPage(1);
            }}
            data={(['all', 'open', 'approved', 'locked'] as const).map((s) => ({
              value: s,
              label: t(`time-management.approvals.filter.${s}`),
            }))}
          />
        </Group>
      </Card>

      <QueryView
        query={query}
        errorTitle={t('time-management.approvals.loadFailed')}
        empty={t('time-management.approvals.empty')}
        isEmpty={noItems}
        emptyTestId="approvals-empty"
      >
        {(data) => (
          <>
            <ResponsiveTable
              label={t('time-management.approvals.periodsTab')}
              testId="pay-periods"
              tableProps={{ highlightOnHover: true, verticalSpacing: 'sm' }}
              minWidth={540}
              rows={data.Items}
              rowKey={(p) => p.PayPeriodID}
              rowProps={(p) => ({ 'data-period-id': p.PayPeriodID, 'data-employee-id': p.EmployeeID })}
              sort={{ column: sort.replace(/Desc$/, ''), descending: sort.endsWith('Desc') }}
              onSortChange={(s) => {
                setSort(
                  (s.descending && s.column !== 'State' ? `${s.column}Desc` : s.column) as PayPeriodSort,
                );
                setPage(1);
              }}
              title={(p) => p.EmployeeName}
              subtitle={(p) => (
                <>
                  {p.OfficeName}
                  {p.EmployeeID === session?.identity.EmployeeID &&
                    ` · ${t('time-management.approvals.ownPeriod')}`}
                </>
              )}
              columns={[
                {
                  key: 'EmployeeName',
                  label: t('time-management.approvals.employee'),
                  sortable: true,
                  hideInCard: true,
                  cell: (p) => (
                    <>
                      <Text fw={600}>{p.EmployeeName}</Text>
                      <Text size="xs" c="dimmed">
                        {p.OfficeName}
                      </Text>
                      {p.EmployeeID === session?.identity.EmployeeID && (
                        <Text size="xs" c="dimmed">
                          {t('time-management.approvals.ownPeriod')}
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  key: 'WorkedMinutes',
                  label: t('time-management.approvals.worked'),
                  sortable: true,
                  cell: (p) => (
                    <>
                      <Text fw={600} size="sm">
                        {hoursLabel(p.WorkedMinutes)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {p.Weeks.map((w) => hoursLabel(w.WorkedMinutes)).join(' + ')}
                        {p.LateAdjustmentMinutes !== 0 &&
                          ` · ${t('time-management.approvals.lateMinutes', { duration: hoursLabel(p.LateAdjustmentMinutes) })}`}
                      </Text>
                    </>
                  ),
                },
                {
                  key: 'State',
                  label: t('time-management.approvals.status'),
                  sortable: 'ascending',
                  cell: (p) => {
                    const awaiting =
                      counts.data?.find((c) => c.EmployeeID === p.EmployeeID)?.PendingCount ??
                      p.PendingModificationCount;
                    return (
                      <>
                        <Group gap={4}>
                          <Badge color={stateColour(p.State)} data-testid="period-state">
                            {t(`time-management.periodState.${p.State}`)}
                          </Badge>
                        </Group>
                        <ComplianceBadges
                          flags={(flags.data ?? []).filter((f) => f.PayPeriodID === p.PayPeriodID)}
                        />
                        {p.OpenEntryCount > 0 && (
                          <Text size="xs" fw={600} c="red.8">
                            {t('time-management.approvals.openEntries', { count: p.OpenEntryCount })}
                          </Text>
                        )}
                        {awaiting > 0 && (
                          <Text size="xs" fw={600} c="orange.8" data-testid="awaiting-count">
                            {t('time-management.approvals.awaiting', { count: awaiting })}
                          </Text>
                        )}
                        {p.PendingLateAdjustmentCount > 0 && (
                          <Text size="xs" fw={600} c="yellow.9">
                            {t('time-management.approvals.late', {
                              count: p.PendingLateAdjustmentCount,
                            })}
                          </Text>
                        )}
                        {p.ApprovedByName && (
                          <Text size="xs" c="dimmed">
                            {t('time-management.approvals.by', { name: p.ApprovedByName })}
                          </Text>
                        )}
                      </>
                    );
                  },
                },
              ]}
              actionsLabel={t('time-management.approvals.actions')}
              actions={(p, layout) => {
                const expanded = open === p.PayPeriodID;
                const mine = p.EmployeeID === session?.identity.EmployeeID;
                const size = layout === 'cards' ? 'sm' : 'xs';
                return (
                  <>
                    <Button
                      size={size}
                      variant={expanded ? 'filled' : 'light'}
                      onClick={() => setOpen(expanded ? null : p.PayPeriodID)}
                      aria-expanded={expanded}
                    >
                      {t('time-management.approvals.review')}
                    </Button>
                    {canApprove && p.State === 'Open' && !mine && (
                      <Button
                        size={size}
                        color="teal"
                        loading={busy === p.PayPeriodID}
                        onClick={() => setConfirming(p)}
                      >
                        {t('time-management.approvals.approve')}
                      </Button>
                    )}
                    {canApprove && p.State === 'Approved' && !mine && (
                      <Button
                        size={size}
                        variant="default"
                        loading={busy === p.PayPeriodID}
                        onClick={() => void approve(p, false)}
                      >
                        {t('time-management.approvals.withdraw')}
                      </Button>
                    )}
                  </>
                );
              }}
              detail={(p) => (open === p.PayPeriodID ? <PeriodDetail period={p} /> : null)}
            />
            <ListFooter
              label={t('time-management.approvals.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryView>
      <ApproveConfirm
        period={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(p) => {
          setConfirming(null);
          void approve(p, true);
        }}
      />
    </Stack>
  );
}

/** One employee's entries of a pay period, per day, with Edit (a correction by the manager). */
function PeriodDetail({ period }: { period: PayPeriod }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const invalidate = useInvalidate();
  const start = wireDay(period.StartDate);
  const end = wireDay(period.EndDate);
  const entries = useQuery(periodEntriesQuery(api, period.EmployeeID, start, end));
  const [editing, setEditing] = useState<TimeEntry | null>(null);

  async function save(values: EntryFormValues): Promise<string | null> {
    if (!editing) return null;
    const body = {
      EmployeeID: editing.EmployeeID,
      Date: editing.IsBreak ? wireDay(editing.Date) : values.Date,
      TimeEntryTypeID: editing.IsBreak ? editing.TimeEntryTypeID : values.TimeEntryTypeID,
      IcdOfficeID: editing.IcdOfficeID,
      ProgramID: editing.ProgramID,
      StoreID: editing.StoreID,
      Comments: editing.IsBreak ? editing.Comments : values.Comments,
      IsRealTime: editing.IsRealTime,
      TimeZoneOffset: editing.TimeZoneOffset,
      StartTime: values.StartTime,
      EndTime: values.EndTime,
      IsBreak: editing.IsBreak,
      ParentTimeEntryID: editing.ParentTimeEntryID,
      Latitude: editing.Latitude,
      Longitude: editing.Longitude,
      LocationAccuracy: editing.LocationAccuracy,
      Version: editing.Version,
    };
    try {
      const saved = await api.put<{ LateAdjustment?: unknown }>(`time-entries/${editing.Id}`, body);
      notifications.show({
        color: saved?.LateAdjustment ? 'orange' : 'teal',
        message: saved?.LateAdjustment
          ? t('time-management.approvals.sentToPayroll')
          : t('time-management.approvals.corrected', { name: period.EmployeeName }),
      });
      void invalidate();
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  }

  if (entries.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (entries.isError)
    return (
      <Alert color="red" title={t('time-management.approvals.entriesFailed')}>
        {errorMessage(entries.error)}
      </Alert>
    );
  const list = [...entries.data.Items].sort((a, b) =>
    `${wireDay(a.Date)} ${a.StartTime}`.localeCompare(`${wireDay(b.Date)} ${b.StartTime}`),
  );
  const days = [...new Set(list.map((e) => wireDay(e.Date)))];
  return (
    <Stack gap="xs" data-testid="period-detail">
      {days.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('time-management.approvals.noEntries')}
        </Text>
      )}
      {days.map((day) => {
        const ofDay = list.filter((e) => wireDay(e.Date) === day);
        const work = ofDay.filter((e) => !e.IsBreak).reduce((s, e) => s + e.Minutes, 0);
        const breaks = ofDay.filter((e) => e.IsBreak).reduce((s, e) => s + e.Minutes, 0);
        return (
          <Card key={day} withBorder padding="xs" radius="sm">
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {dayLabel(day)}
              </Text>
              <Text size="sm" fw={600}>
                {hoursLabel(Math.max(0, work - breaks))}
              </Text>
            </Group>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {ofDay.map((e) => (
                  <Table.Tr key={e.Id} data-entry-id={e.Id}>
                    <Table.Td pl={e.IsBreak ? 'lg' : undefined}>
                      {e.IsBreak ? t('time-management.timesheet.break') : t('time-management.timesheet.work')}
                    </Table.Td>
                    <Table.Td>
                      {timeLabel(e.StartTime)} –{' '}
                      {e.EndTime ? timeLabel(e.EndTime) : t('time-management.timesheet.open')}
                    </Table.Td>
                    <Table.Td>{hoursLabel(spanMinutes(e.StartTime, e.EndTime))}</Table.Td>
                    <Table.Td c="dimmed" maw={220} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {e.Comments}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setEditing(e)}
                        aria-label={t('time-management.approvals.correct', {
                          time: timeLabel(e.StartTime),
                          day: dayLabel(day),
                        })}
                      >
                        {t('time-management.timesheet.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        );
      })}
      <EntryForm
        opened={!!editing}
        mode={editing?.IsBreak ? 'break' : 'edit'}
        title={t('time-management.approvals.correctTitle', { name: period.EmployeeName })}
        initial={editing ? { ...editing, Date: wireDay(editing.Date) } : {}}
        notice={
          <Alert color="blue" variant="light">
            {period.State === 'Open'
              ? t('time-management.approvals.correctNotice', { name: period.EmployeeName })
              : t('time-management.approvals.correctClosedNotice')}
          </Alert>
        }
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
    </Stack>
  );
}

function ModificationsPanel() {
  const { t } = useTranslation();
  const api = useApiClient();
  const invalidate = useInvalidate();
  const [page, setPage] = useState(1);
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [dismissing, setDismissing] = useState<TimeEntryModification | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const counts = useQuery(countsQuery(api));
  const query = useQuery(
    modificationsQuery(api, {
      status: 'pending',
      employeeId: employeeId ?? undefined,
      sort: 'ModifiedAtDesc',
      pageIndex: page - 1,
      pageSize: PAGE_SIZE,
    }),
  );

  async function dismiss() {
    if (!dismissing) return;
    if (reason.length > DISMISS_REASON_MAX) {
      setFailure(t('time-management.approvals.reasonTooLong', { max: DISMISS_REASON_MAX }));
      return;
    }
    try {
      await api.put(`time-entries/modifications/${dismissing.TimeEntryModificationID}/dismiss`, {
        Version: dismissing.Version,
        Reason: reason.trim() || null,
      });
      setDismissing(null);
      void invalidate();
    } catch (err) {
      setFailure(errorMessage(err));
    }
  }

  return (
    <Stack gap="sm">
      {counts.data && counts.data.length > 0 && (
        <Group gap="xs" data-testid="counts-by-employee">
          <Button
            size="xs"
            variant={employeeId === null ? 'filled' : 'default'}
            onClick={() => {
              setEmployeeId(null);
              setPage(1);
            }}
          >
            {t('time-management.approvals.everyone')}
          </Button>
          {counts.data.map((c) => (
            <Button
              key={c.EmployeeID}
              size="xs"
              variant={employeeId === c.EmployeeID ? 'filled' : 'default'}
              onClick={() => {
                setEmployeeId(c.EmployeeID);
                setPage(1);
              }}
              rightSection={<Badge size="xs">{c.PendingCount}</Badge>}
            >
              {c.EmployeeName}
            </Button>
          ))}
        </Group>
      )}
      <QueryView
        query={query}
        errorTitle={t('time-management.approvals.loadFailed')}
        empty={t('time-management.approvals.noneAwaiting')}
        isEmpty={noItems}
      >
        {(data) => (
          <>
            <Stack gap="xs">
              {data.Items.map((m) => (
                <Card
                  key={m.TimeEntryModificationID}
                  withBorder
                  padding="sm"
                  radius="md"
                  data-modification-id={m.TimeEntryModificationID}
                >
                  <Group justify="space-between" align="flex-start">
                    <div>
                      <Text fw={600}>
                        {m.EmployeeName} · {dayLabel(m.EntryDate)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`time-management.modificationType.${m.ModificationTypeID}`)} ·{' '}
                        {t('time-management.approvals.by', { name: m.ModifiedByName })} ·{' '}
                        <RelativeTime date={new Date(m.ModifiedAt)} />
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        setDismissing(m);
                        setReason('');
                        setFailure(null);
                      }}
                    >
                      {t('time-management.approvals.dismiss')}
                    </Button>
                  </Group>
                  <ChangeList changes={m.Changes} />
                </Card>
              ))}
            </Stack>
            <ListFooter
              label={t('time-management.approvals.awaitingCount', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryView>
      <Modal
        opened={!!dismissing}
        onClose={() => setDismissing(null)}
        title={t('time-management.approvals.dismissTitle')}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('time-management.approvals.dismissBody', { name: dismissing?.EmployeeName ?? '' })}
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Textarea
            label={t('time-management.approvals.dismissReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={
              reason.length > DISMISS_REASON_MAX
                ? t('time-management.approvals.reasonTooLong', { max: DISMISS_REASON_MAX })
                : undefined
            }
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDismissing(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void dismiss()}>{t('time-management.approvals.dismiss')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
