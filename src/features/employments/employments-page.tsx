// Employment processing (/employments, office, online only): the queues of new hires, terminations,
// changes and direct-deposit changes the payroll provider must learn about. Each tab lists what
// awaits processing (or, with "Show processed", also who processed it and when), filtered by
// corporation, office, dates and name, sorted and paged; "Process" confirms in a dialog (optional
// comment) and sends the Version read — if someone changed or processed the item meanwhile, the
// dialog says so and the list reloads.
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../api/api-context';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import {
  COMMENTS_MAX,
  EMPLOYMENTS_PROCESS,
  type EmploymentChange,
  type EmploymentEvent,
  type EmploymentEventSort,
} from '../../contract/employments';
import { formatDateTime, formatDay } from '../../lib/date-display';
import { ListFooter } from '../../ui/list-footer';
import { notify } from '../../ui/notify';
import { noItems, QueryView } from '../../ui/query-view';
import { ResponsiveTable } from '../../ui/responsive-table';
import { CorporationSelect } from '../access/corporation-select';
import { useOffices } from '../access/shared';
import {
  EMPLOYMENTS_KEY,
  type Problem,
  problemOf,
  processItem,
  QUEUES,
  type Queue,
  type QueueFilters,
  useAwaitingCounts,
  useQueue,
} from './api';
import { changeValue } from './format';

const PAGE_SIZE = 25;

const isQueue = (v: string | null): v is Queue => QUEUES.includes(v as Queue);

function ChangeList({ changes }: { changes: EmploymentChange[] }) {
  const { t, i18n } = useTranslation();
  if (!changes.length) return <Text c="dimmed">—</Text>;
  const value = (field: string, v: string | null) => {
    if (v === null) return t('employments.none');
    if (v === 'Yes') return t('employments.values.yes');
    if (v === 'No') return t('employments.values.no');
    return changeValue(field, v, i18n.language);
  };
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {changes.map((c) => (
        <List.Item key={c.Field}>
          <Text span size="sm" fw={600}>
            {t(`employments.fields.${c.Field}`, { defaultValue: c.Field })}
          </Text>
          {': '}
          {c.Before !== null && (
            <>
              <Text span size="sm" td="line-through" c="dimmed">
                {value(c.Field, c.Before)}
              </Text>
              {' → '}
            </>
          )}
          <Text span size="sm">
            {value(c.Field, c.After)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function ProcessDialog({
  queue,
  item,
  onClose,
}: {
  queue: Queue;
  item: EmploymentEvent;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [comments, setComments] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const tooLong = comments.trim().length > COMMENTS_MAX;

  async function confirm() {
    if (tooLong) return;
    setBusy(true);
    setProblem(null);
    try {
      await processItem(api, queue, item, { Version: item.Version, Comments: comments.trim() || null });
      await queryClient.invalidateQueries({ queryKey: EMPLOYMENTS_KEY });
      void notify({
        color: 'green',
        message: t('employments.processedNotice', { name: item.EmployeeName }),
      });
      onClose();
    } catch (err) {
      const p = problemOf(err);
      setProblem(p);
      if (p.status === 409 || p.status === 404)
        await queryClient.invalidateQueries({ queryKey: EMPLOYMENTS_KEY });
    } finally {
      setBusy(false);
    }
  }

  const done = problem?.current?.IsProcessed === true || (problem !== null && problem.status === 404);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(`employments.confirmTitle.${queue}`, { name: item.EmployeeName })}
    >
      <Stack gap="sm" data-testid="process-dialog">
        {problem && (
          <Alert
            color={problem.status === 409 ? 'yellow' : 'red'}
            variant="light"
            data-testid="process-problem"
          >
            {problem.status === 409 && !problem.current?.IsProcessed
              ? t('employments.stale')
              : problem.message}
          </Alert>
        )}
        <Text size="sm">{t(`employments.confirmText.${queue}`)}</Text>
        <SimpleGrid cols={2} spacing="xs">
          <Text size="sm" c="dimmed">
            {t('employments.columns.office')}
          </Text>
          <Text size="sm">{item.OfficeName ?? '—'}</Text>
          {item.EffectiveDate && (
            <>
              <Text size="sm" c="dimmed">
                {t('employments.columns.effective')}
              </Text>
              <Text size="sm">{formatDay(item.EffectiveDate)}</Text>
            </>
          )}
          <Text size="sm" c="dimmed">
            {t('employments.columns.recorded')}
          </Text>
          <Text size="sm">
            {formatDateTime(item.OccurredAt)}
            {item.RecordedByName ? ` · ${item.RecordedByName}` : ''}
          </Text>
        </SimpleGrid>
        <ChangeList changes={item.Changes} />
        <Textarea
          label={t('employments.comments')}
          description={t('employments.commentsHelp')}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          autosize
          minRows={2}
          error={
            tooLong
              ? t('employments.commentsTooLong', { max: COMMENTS_MAX })
              : problem?.errors.Comments?.join(' ')
          }
          disabled={done}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {done || problem?.status === 409 ? t('employments.close') : t('common.cancel')}
          </Button>
          {!done && problem?.status !== 409 && (
            <Button
              leftSection={<IconCheck size={16} />}
              loading={busy}
              disabled={tooLong}
              onClick={() => void confirm()}
              data-testid="confirm-process"
            >
              {t('employments.markProcessed')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function QueueTable({
  queue,
  filters,
  setFilters,
  canProcess,
}: {
  queue: Queue;
  filters: QueueFilters;
  setFilters: (patch: Partial<QueueFilters>) => void;
  canProcess: boolean;
}) {
  const { t } = useTranslation();
  const result = useQueue(queue, filters);
  const [processing, setProcessing] = useState<EmploymentEvent | null>(null);
  return (
    <>
      <QueryView
        query={result}
        errorTitle={t('employments.loadFailed')}
        isEmpty={noItems}
        empty={filters.status === 'awaiting' ? t(`employments.empty.${queue}`) : t('employments.emptyAll')}
        emptyTestId="employments-empty"
      >
        {(data) => (
          <Stack gap="sm">
            <ResponsiveTable
              label={t(`employments.tabs.${queue}`)}
              testId={`queue-${queue}`}
              tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm' }}
              minWidth={960}
              rows={data.Items}
              rowKey={(item) => item.EmploymentEventID}
              rowProps={() => ({ 'data-testid': 'employment-row' })}
              sort={{ column: filters.sort, descending: filters.desc }}
              onSortChange={(s) =>
                setFilters({ sort: s.column as EmploymentEventSort, desc: s.descending, pageIndex: 0 })
              }
              title={(item) => item.EmployeeName}
              subtitle={(item) =>
                item.ADPEmployeeID ? t('employments.adp', { id: item.ADPEmployeeID }) : t('employments.noAdp')
              }
              columns={[
                {
                  key: 'EmployeeName',
                  label: t('employments.columns.employee'),
                  sortable: true,
                  hideInCard: true,
                  cell: (item) => (
                    <>
                      <Text size="sm" fw={600}>
                        {item.EmployeeName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {item.ADPEmployeeID
                          ? t('employments.adp', { id: item.ADPEmployeeID })
                          : t('employments.noAdp')}
                      </Text>
                    </>
                  ),
                },
                {
                  key: 'OfficeName',
                  label: t('employments.columns.office'),
                  sortable: true,
                  cell: (item) => (
                    <>
                      <Text size="sm">{item.OfficeName ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {item.CorporationName ?? ''}
                      </Text>
                    </>
                  ),
                },
                ...(queue !== 'direct-deposit' && queue !== 'changehistory'
                  ? [
                      {
                        key: 'EffectiveDate',
                        label: t(`employments.columns.effective_${queue}`),
                        sortable: true,
                        nowrap: true,
                        cell: (item: EmploymentEvent) => formatDay(item.EffectiveDate, { empty: '—' }),
                      },
                    ]
                  : []),
                {
                  key: 'What',
                  label: t(`employments.columns.what_${queue}`),
                  cell: (item) =>
                    queue === 'terminations' ? (
                      <Text size="sm">
                        {item.TerminationReason ?? '—'}
                        {item.TerminationReasonExtra ? ` — ${item.TerminationReasonExtra}` : ''}
                      </Text>
                    ) : (
                      <ChangeList changes={item.Changes} />
                    ),
                },
                {
                  key: 'OccurredAt',
                  label: t('employments.columns.recorded'),
                  sortable: true,
                  cell: (item) => (
                    <>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(item.OccurredAt)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {item.RecordedByName ?? t('employments.system')}
                      </Text>
                    </>
                  ),
                },
                {
                  key: 'ProcessedAt',
                  label: t('employments.columns.status'),
                  sortable: true,
                  cell: (item) => (
                    <Box data-testid="employment-status">
                      {item.IsProcessed ? (
                        <Stack gap={2}>
                          <Badge color="green" variant="light">
                            {t('employments.processed')}
                          </Badge>
                          <Text size="xs">
                            {t('employments.processedBy', {
                              name: item.ProcessedByName ?? '—',
                              when: formatDateTime(item.ProcessedAt),
                            })}
                          </Text>
                          {item.Comments && (
                            <Text size="xs" c="dimmed" fs="italic">
                              {item.Comments}
                            </Text>
                          )}
                        </Stack>
                      ) : (
                        <Badge color="orange" variant="light">
                          {t('employments.awaiting')}
                        </Badge>
                      )}
                    </Box>
                  ),
                },
              ]}
              actionsLabel={t('employments.columns.action')}
              actions={
                canProcess
                  ? (item, layout) =>
                      item.IsProcessed ? null : (
                        <Button
                          size={layout === 'cards' ? 'sm' : 'xs'}
                          variant="light"
                          onClick={() => setProcessing(item)}
                          aria-label={t('employments.processFor', { name: item.EmployeeName })}
                          data-testid="process-button"
                        >
                          {t('employments.process')}
                        </Button>
                      )
                  : undefined
              }
            />
            <ListFooter
              label={t('employments.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={filters.pageSize}
              page={filters.pageIndex + 1}
              onPageChange={(p) => setFilters({ pageIndex: p - 1 })}
            />
          </Stack>
        )}
      </QueryView>
      {processing && <ProcessDialog queue={queue} item={processing} onClose={() => setProcessing(null)} />}
    </>
  );
}

export default function EmploymentsPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const canProcess = hasGrant(session?.grants ?? [], EMPLOYMENTS_PROCESS);
  const [params, setParams] = useSearchParams();
  const tab = isQueue(params.get('tab')) ? (params.get('tab') as Queue) : 'new-hires';
  const counts = useAwaitingCounts();
  const offices = useOffices();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [filters, setFilterState] = useState<Omit<QueueFilters, 'search'>>({
    status: 'awaiting',
    icdCorporationId: null,
    icdOfficeId: null,
    from: '',
    to: '',
    sort: 'OccurredAt',
    desc: false,
    pageIndex: 0,
    pageSize: PAGE_SIZE,
  });
  const setFilters = (patch: Partial<QueueFilters>) => {
    if ('search' in patch) setSearch(patch.search ?? '');
    setFilterState((f) => ({ ...f, pageIndex: 0, ...patch }));
  };
  const datesBackwards = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const applied: QueueFilters = {
    ...filters,
    search: debounced,
    ...(datesBackwards ? { to: '' } : {}),
  };

  return (
    <Stack gap="md" p={{ base: 'sm', md: 'lg' }} maw={1600}>
      <div>
        <Title order={2}>{t('employments.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('employments.intro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <CorporationSelect
          label={t('employments.filters.corporation')}
          placeholder={t('employments.filters.all')}
          searchable={false}
          clearable
          value={filters.icdCorporationId}
          onChange={(v) => setFilters({ icdCorporationId: v })}
        />
        <Select
          label={t('employments.filters.office')}
          placeholder={t('employments.filters.all')}
          clearable
          searchable
          value={filters.icdOfficeId}
          onChange={(v) => setFilters({ icdOfficeId: v })}
          data={(offices.data ?? []).map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
        />
        <TextInput
          type="date"
          label={t('employments.filters.from')}
          value={filters.from}
          onChange={(e) => setFilters({ from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('employments.filters.to')}
          value={filters.to}
          onChange={(e) => setFilters({ to: e.currentTarget.value })}
          error={datesBackwards ? t('employments.filters.backwards') : undefined}
        />
        <TextInput
          label={t('employments.filters.search')}
          placeholder={t('employments.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setFilters({ search: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Switch
        label={t('employments.showProcessed')}
        checked={filters.status === 'all'}
        onChange={(e) => setFilters({ status: e.currentTarget.checked ? 'all' : 'awaiting' })}
        data-testid="show-processed"
      />
      <Tabs
        value={tab}
        onChange={(v) => {
          if (!isQueue(v)) return;
          setParams((p) => {
            const next = new URLSearchParams(p);
            next.set('tab', v);
            return next;
          });
          setFilterState((f) => ({ ...f, pageIndex: 0 }));
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {QUEUES.map((q, i) => (
            <Tabs.Tab
              key={q}
              value={q}
              data-testid={`tab-${q}`}
              rightSection={
                counts[i].data ? (
                  <Badge size="sm" variant="filled" color="orange" circle={counts[i].data < 10}>
                    {counts[i].data}
                  </Badge>
                ) : null
              }
            >
              {t(`employments.tabs.${q}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {QUEUES.map((q) => (
          <Tabs.Panel key={q} value={q} pt="md">
            <QueueTable queue={q} filters={applied} setFilters={setFilters} canProcess={canProcess} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
