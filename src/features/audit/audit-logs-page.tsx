// Audit logs (state 'audit.logs', online only, desktop first): every change to time — who, when,
// before and after — in the three views of the spec's calls (timekeeping, modifications,
// acknowledgements), filtered by employee and dates, paged, with a CSV export of what is filtered.
// A second tab, "Access changes" (?tab=access), shows the access audit trail (access-audit-panel.tsx).

import { Button, Group, SegmentedControl, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import type { AuditLogEntry } from '../../contract/audit';
import { wireDay } from '../../contract/time-management';
import { formatDateTime, formatDay } from '../../lib/date-display';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { ResponsiveTable, useTableLayout } from '../../ui/responsive-table';
import { ChangeList, useChangeSummary } from '../time-management/components/change-list';
import { timeLabel } from '../time-management/format';
import { AccessAuditPanel } from './access-audit-panel';
import { ActionBadge, ActorCell } from './action-badge';
import {
  type AuditFilters,
  type AuditView,
  auditEmployeesQuery,
  auditPageQuery,
  fetchAllAuditRows,
} from './api';
import { auditCsv, download } from './csv';

const PAGE_SIZE = 25;

const ACTION_COLOURS: Record<string, string> = {
  TimeEntryCreated: 'teal',
  TimeEntryUpdated: 'orange',
  TimeEntryDeleted: 'red',
  ModificationAcknowledged: 'blue',
  ModificationDismissed: 'gray',
  PayPeriodApproved: 'green',
  PayPeriodApprovalWithdrawn: 'yellow',
  PayPeriodLocked: 'dark',
  PayPeriodUnlocked: 'gray',
  LateAdjustmentRequested: 'yellow',
  LateAdjustmentAccepted: 'green',
  LateAdjustmentRejected: 'red',
  LateAdjustmentWithdrawn: 'gray',
};

type AuditTab = 'time' | 'access';

export default function AuditLogsPage() {
  const { t } = useTranslation();
  // The tab is in the address (?tab=access), so a reload or Back opens the same one.
  const [params, setParams] = useSearchParams();
  const tab: AuditTab = params.get('tab') === 'access' ? 'access' : 'time';
  const setTab = (next: AuditTab) =>
    setParams((p) => {
      const changed = new URLSearchParams(p);
      if (next === 'time') changed.delete('tab');
      else changed.set('tab', next);
      return changed;
    });
  return (
    <Stack maw={1400} gap="md">
      <Title order={1} size="h2">
        {t('audit.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => setTab((v as AuditTab | null) ?? 'time')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="time">{t('audit.tabs.time')}</Tabs.Tab>
          <Tabs.Tab value="access">{t('audit.tabs.access')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="time" pt="md">
          <TimeAuditPanel />
        </Tabs.Panel>
        <Tabs.Panel value="access" pt="md">
          <AccessAuditPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The timekeeping audit (the screen's first tab). */
function TimeAuditPanel() {
  const { t } = useTranslation();
  const api = useApiClient();
  const summary = useChangeSummary();
  const [filters, setFilters] = useState<AuditFilters>({
    view: 'timekeeping',
    employeeId: null,
    startDate: '',
    endDate: '',
  });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const datesReversed = !!filters.startDate && !!filters.endDate && filters.endDate < filters.startDate;
  const query = useQuery({ ...auditPageQuery(api, filters, page - 1, PAGE_SIZE), enabled: !datesReversed });
  const employees = useQuery(auditEmployeesQuery(api));
  const change = (patch: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setOpen(null);
  };
  const actionLabel = (action: string) => t(`time-management.actions.${action}`, { defaultValue: action });
  const when = (r: AuditLogEntry) => formatDateTime(r.OccurredAt);
  /** A new or deleted entry in short ('Work · 9:00 AM – 5:00 PM'); a change as its changed fields. */
  const rowSummary = (r: AuditLogEntry) => {
    const copy = r.Before && r.After ? null : (r.After ?? r.Before);
    if (!copy || typeof copy.StartTime !== 'string') return summary(r.Changes);
    const changed = r.Changes.find((c) => c.Field === 'TimeEntryTypeID');
    const type =
      copy.IsBreak === true
        ? t('time-management.timesheet.break')
        : String(changed?.After ?? changed?.Before ?? '');
    const end =
      typeof copy.EndTime === 'string' ? timeLabel(copy.EndTime) : t('time-management.timesheet.open');
    return [type, `${timeLabel(copy.StartTime)} – ${end}`].filter(Boolean).join(' · ');
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const rows = await fetchAllAuditRows(api, filters);
      const text = auditCsv(rows, {
        headers: {
          when: t('audit.columns.when'),
          action: t('audit.columns.action'),
          employee: t('audit.columns.employee'),
          by: t('audit.columns.by'),
          office: t('audit.columns.office'),
          entryDate: t('audit.columns.entryDate'),
          changes: t('audit.columns.changes'),
          note: t('audit.columns.note'),
          timeEntry: t('audit.columns.timeEntry'),
          id: t('audit.columns.id'),
        },
        action: actionLabel,
        changes: (r) => summary(r.Changes),
      });
      download(text, `audit-logs-${filters.view}-${format(new Date(), 'yyyy-MM-dd')}.csv`);
      notifications.show({ color: 'teal', message: t('audit.exported', { count: rows.length }) });
    } catch (err) {
      notifications.show({ color: 'red', title: t('audit.exportFailed'), message: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  }

  const employeeLabel = t(`audit.employeeFilter.${filters.view}`);
  const phone = useTableLayout() === 'cards';

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('audit.subtitle')}</Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          // Stacked on a phone, where the three views do not fit side by side.
          orientation={phone ? 'vertical' : 'horizontal'}
          fullWidth={phone}
          w={phone ? '100%' : undefined}
          value={filters.view}
          onChange={(v) => change({ view: v as AuditView })}
          data={(['timekeeping', 'modification', 'acknowledged'] as const).map((v) => ({
            value: v,
            label: t(`audit.views.${v}`),
          }))}
        />
        <Select
          label={employeeLabel}
          placeholder={t('audit.everyone')}
          data={(employees.data ?? []).map((e) => ({ value: String(e.EmployeeID), label: e.Name }))}
          value={filters.employeeId === null ? null : String(filters.employeeId)}
          onChange={(v) => change({ employeeId: v ? Number(v) : null })}
          searchable
          clearable
          nothingFoundMessage={t('audit.noEmployee')}
          w={{ base: '100%', xs: 240 }}
        />
        <TextInput
          type="date"
          label={t('audit.from')}
          value={filters.startDate}
          onChange={(e) => change({ startDate: e.currentTarget.value })}
          w={{ base: 'calc(50% - 6px)', xs: 170 }}
        />
        <TextInput
          type="date"
          label={t('audit.to')}
          value={filters.endDate}
          onChange={(e) => change({ endDate: e.currentTarget.value })}
          error={datesReversed ? t('audit.datesReversed') : undefined}
          w={{ base: 'calc(50% - 6px)', xs: 170 }}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => void exportCsv()}
          loading={exporting}
          disabled={datesReversed || !query.data?.TotalCount}
          ml="auto"
        >
          {t('audit.export')}
        </Button>
      </Group>

      {datesReversed ? null : (
        <QueryView
          query={query}
          errorTitle={t('audit.loadFailed')}
          empty={t('audit.empty')}
          isEmpty={noItems}
          emptyTestId="audit-empty"
        >
          {(data) => (
            <>
              <ResponsiveTable
                label={t('audit.tabs.time')}
                testId="audit-table"
                tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
                minWidth={900}
                rows={data.Items}
                rowKey={(r) => r.AuditLogID}
                rowProps={(r) => ({
                  'data-audit-id': r.AuditLogID,
                  'data-action': r.Action,
                  'data-entry-id': r.TimeEntryID ?? undefined,
                })}
                title={(r) => actionLabel(r.Action)}
                subtitle={(r) => when(r)}
                columns={[
                  {
                    key: 'OccurredAt',
                    label: t('audit.columns.when'),
                    nowrap: true,
                    hideInCard: true,
                    cell: when,
                  },
                  {
                    key: 'Action',
                    label: t('audit.columns.action'),
                    nowrap: true,
                    hideInCard: true,
                    cell: (r) => (
                      <ActionBadge color={ACTION_COLOURS[r.Action]}>{actionLabel(r.Action)}</ActionBadge>
                    ),
                  },
                  {
                    key: 'Employee',
                    label: t('audit.columns.employee'),
                    cell: (r) => (
                      <>
                        <Text size="sm">{r.EmployeeName ?? '—'}</Text>
                        {r.OfficeName && (
                          <Text size="xs" c="dimmed">
                            {r.OfficeName}
                          </Text>
                        )}
                      </>
                    ),
                  },
                  {
                    key: 'By',
                    label: t('audit.columns.by'),
                    cell: (r) => <ActorCell name={r.ActorName} proxyBy={r.ProxyByName} />,
                  },
                  {
                    key: 'EntryDate',
                    label: t('audit.columns.entryDate'),
                    nowrap: true,
                    cell: (r) => (r.EntryDate ? formatDay(wireDay(r.EntryDate)) : '—'),
                  },
                  {
                    key: 'Changes',
                    label: t('audit.columns.changes'),
                    maw: 420,
                    cell: (r) => (
                      <Text size="sm" lineClamp={2}>
                        {rowSummary(r) || r.Note || '—'}
                      </Text>
                    ),
                  },
                ]}
                actionsLabel={t('audit.details')}
                actions={(r, layout) =>
                  r.Changes.length > 0 ? (
                    <Button
                      size={layout === 'cards' ? 'sm' : 'compact-xs'}
                      variant={layout === 'cards' ? 'light' : 'subtle'}
                      onClick={() => setOpen(open === r.AuditLogID ? null : r.AuditLogID)}
                      aria-expanded={open === r.AuditLogID}
                    >
                      {open === r.AuditLogID ? t('audit.hide') : t('audit.details')}
                    </Button>
                  ) : null
                }
                detail={(r) =>
                  open === r.AuditLogID ? (
                    <>
                      <ChangeList changes={r.Changes} />
                      {r.Note && (
                        <Text size="sm" c="dimmed" mt={4}>
                          {r.Note}
                        </Text>
                      )}
                    </>
                  ) : null
                }
              />
              <ListFooter
                label={t('audit.count', { count: data.TotalCount })}
                totalCount={data.TotalCount}
                pageSize={PAGE_SIZE}
                page={page}
                onPageChange={setPage}
              />
            </>
          )}
        </QueryView>
      )}
    </Stack>
  );
}
