// The "Access changes" tab of the Audit logs screen: the access audit trail (proxy sign-ins, roles,
// employee and claim permissions, claim imports, onboarding) — who changed whose access and when —
// filtered by action, person concerned, who did it and dates, paged, newest first; When, Action,
// Employee and By sort (on the server). A table from the sm breakpoint, cards on a phone.

import { Button, Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import {
  ACCESS_AUDIT_ACTIONS,
  type AccessAuditAction,
  type AccessAuditEntry,
  type AccessAuditSort,
} from '../../contract/access-audit';
import { formatDateTime } from '../../lib/date-display';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { ResponsiveTable } from '../../ui/responsive-table';
import { type AccessFilters, accessAuditPageQuery, accessAuditPeopleQuery } from './access-api';
import { accessDetailSentence } from './access-detail';
import { ActionBadge, ActorCell } from './action-badge';

const PAGE_SIZE = 25;

const ACTION_COLOURS: Record<AccessAuditAction, string> = {
  ProxySignIn: 'violet',
  ProxySignOut: 'gray',
  RoleCreated: 'teal',
  RoleUpdated: 'orange',
  RoleDeleted: 'red',
  EmployeePermissionSet: 'blue',
  EmployeePermissionRemoved: 'red',
  ClaimPermissionSet: 'cyan',
  ClaimPermissionRemoved: 'red',
  ClaimsImported: 'indigo',
  OnboardingSet: 'green',
  OnboardingRevoked: 'yellow',
};

export function AccessAuditPanel() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [filters, setFilters] = useState<AccessFilters>({
    action: null,
    employeeId: null,
    actorId: null,
    startDate: '',
    endDate: '',
    sort: 'OccurredAt',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const datesReversed = !!filters.startDate && !!filters.endDate && filters.endDate < filters.startDate;
  const query = useQuery({
    ...accessAuditPageQuery(api, filters, page - 1, PAGE_SIZE),
    enabled: !datesReversed,
  });
  const people = useQuery(accessAuditPeopleQuery(api));
  const change = (patch: Partial<AccessFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setOpen(null);
  };
  const personOptions = (people.data ?? []).map((p) => ({ value: String(p.EmployeeID), label: p.Name }));
  const actionLabel = (a: string) => t(`audit.access.actions.${a}`, { defaultValue: a });
  const when = (r: AccessAuditEntry) => formatDateTime(r.OccurredAt);

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('audit.access.subtitle')}</Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('audit.access.filters.action')}
          placeholder={t('audit.access.filters.anyAction')}
          data={ACCESS_AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
          value={filters.action}
          onChange={(v) => change({ action: (v as AccessAuditAction | null) ?? null })}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label={t('audit.access.filters.employee')}
          placeholder={t('audit.everyone')}
          data={personOptions}
          value={filters.employeeId === null ? null : String(filters.employeeId)}
          onChange={(v) => change({ employeeId: v ? Number(v) : null })}
          searchable
          clearable
          nothingFoundMessage={t('audit.noEmployee')}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label={t('audit.access.filters.actor')}
          placeholder={t('audit.everyone')}
          data={personOptions}
          value={filters.actorId === null ? null : String(filters.actorId)}
          onChange={(v) => change({ actorId: v ? Number(v) : null })}
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
      </Group>

      {datesReversed ? null : (
        <QueryView
          query={query}
          errorTitle={t('audit.access.loadFailed')}
          empty={t('audit.access.empty')}
          isEmpty={noItems}
          emptyTestId="access-audit-empty"
        >
          {(data) => (
            <>
              <ResponsiveTable
                label={t('audit.tabs.access')}
                testId="access-audit-table"
                tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
                minWidth={820}
                rows={data.Items}
                rowKey={(r) => r.AccessAuditID}
                rowProps={(r) => ({ 'data-access-audit-id': r.AccessAuditID, 'data-action': r.Action })}
                sort={{ column: filters.sort, descending: filters.order === 'desc' }}
                onSortChange={(s) =>
                  change({ sort: s.column as AccessAuditSort, order: s.descending ? 'desc' : 'asc' })
                }
                title={(r) => actionLabel(r.Action)}
                subtitle={(r) => when(r)}
                columns={[
                  {
                    key: 'OccurredAt',
                    label: t('audit.columns.when'),
                    sortable: true,
                    descendingFirst: true,
                    nowrap: true,
                    hideInCard: true,
                    cell: when,
                  },
                  {
                    key: 'Action',
                    label: t('audit.columns.action'),
                    sortable: true,
                    nowrap: true,
                    hideInCard: true,
                    cell: (r) => (
                      <ActionBadge color={ACTION_COLOURS[r.Action]}>{actionLabel(r.Action)}</ActionBadge>
                    ),
                  },
                  {
                    key: 'EmployeeName',
                    label: t('audit.access.columns.employee'),
                    sortable: true,
                    cell: (r) =>
                      r.EmployeeName ?? (
                        <Text size="sm" c="dimmed" span>
                          {t('audit.access.companyWide')}
                        </Text>
                      ),
                  },
                  {
                    key: 'ActorName',
                    label: t('audit.columns.by'),
                    sortable: true,
                    cell: (r) => <ActorCell name={r.ActorName} proxyBy={r.ProxyByName} />,
                  },
                  {
                    key: 'What',
                    label: t('audit.access.columns.what'),
                    maw: 420,
                    cell: (r) => (
                      <Text size="sm" lineClamp={2}>
                        {accessDetailSentence(r, t) ?? '—'}
                      </Text>
                    ),
                  },
                ]}
                actionsLabel={t('audit.details')}
                actions={(r, layout) =>
                  r.Detail && Object.keys(r.Detail).length > 0 ? (
                    <Button
                      size={layout === 'cards' ? 'sm' : 'compact-xs'}
                      variant={layout === 'cards' ? 'light' : 'subtle'}
                      onClick={() => setOpen(open === r.AccessAuditID ? null : r.AccessAuditID)}
                      aria-expanded={open === r.AccessAuditID}
                    >
                      {open === r.AccessAuditID ? t('audit.hide') : t('audit.details')}
                    </Button>
                  ) : null
                }
                detail={(r) => (open === r.AccessAuditID ? <Detail row={r} /> : null)}
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

/** What opens under a row: the sentence in full and the detail recorded with the change. */
function Detail({ row }: { row: AccessAuditEntry }) {
  const { t } = useTranslation();
  const sentence = accessDetailSentence(row, t);
  return (
    <>
      {sentence && (
        <Text size="sm" mb={4}>
          {sentence}
        </Text>
      )}
      <Code block>{JSON.stringify(row.Detail, null, 2)}</Code>
    </>
  );
}
