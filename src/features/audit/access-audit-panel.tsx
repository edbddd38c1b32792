// The "Access changes" tab of the Audit logs screen: the access audit trail (proxy sign-ins, roles,
// employee and claim permissions, claim imports, onboarding) — who changed whose access and when —
// filtered by action, person concerned, who did it and dates, paged, newest first (When sorts).

import {
  Badge,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import {
  ACCESS_AUDIT_ACTIONS,
  type AccessAuditAction,
  type AccessAuditEntry,
} from '../../contract/access-audit';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { SortHeader } from '../time-management/components/sort-header';
import { type AccessFilters, accessAuditPageQuery, accessAuditPeopleQuery } from './access-api';
import { accessDetailSentence } from './access-detail';

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
              <Table.ScrollContainer minWidth={820}>
                <Table striped highlightOnHover verticalSpacing="xs" data-testid="access-audit-table">
                  <Table.Thead>
                    <Table.Tr>
                      <SortHeader
                        active
                        descending={filters.order === 'desc'}
                        onSort={() => change({ order: filters.order === 'desc' ? 'asc' : 'desc' })}
                      >
                        {t('audit.columns.when')}
                      </SortHeader>
                      <Table.Th>{t('audit.columns.action')}</Table.Th>
                      <Table.Th>{t('audit.access.columns.employee')}</Table.Th>
                      <Table.Th>{t('audit.columns.by')}</Table.Th>
                      <Table.Th>{t('audit.access.columns.what')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('audit.details')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.Items.map((r) => (
                      <Row
                        key={r.AccessAuditID}
                        row={r}
                        open={open === r.AccessAuditID}
                        onToggle={() => setOpen(open === r.AccessAuditID ? null : r.AccessAuditID)}
                        actionLabel={actionLabel}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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

function Row({
  row,
  open,
  onToggle,
  actionLabel,
}: {
  row: AccessAuditEntry;
  open: boolean;
  onToggle: () => void;
  actionLabel: (action: string) => string;
}) {
  const { t } = useTranslation();
  const sentence = accessDetailSentence(row, t);
  return (
    <Fragment>
      <Table.Tr data-access-audit-id={row.AccessAuditID} data-action={row.Action}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {format(new Date(row.OccurredAt), 'MMM d, yyyy h:mm a')}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Badge
            color={ACTION_COLOURS[row.Action] ?? 'gray'}
            variant="light"
            tt="none"
            styles={{ label: { overflow: 'visible' } }}
          >
            {actionLabel(row.Action)}
          </Badge>
        </Table.Td>
        <Table.Td>
          {row.EmployeeName ?? (
            <Text size="sm" c="dimmed">
              {t('audit.access.companyWide')}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {row.ActorName ?? '—'}
          {row.ProxyByName && (
            <Text size="xs" c="dimmed">
              {t('audit.proxy', { name: row.ProxyByName })}
            </Text>
          )}
        </Table.Td>
        <Table.Td maw={420}>
          <Text size="sm" lineClamp={2}>
            {sentence ?? '—'}
          </Text>
        </Table.Td>
        <Table.Td w={1}>
          {row.Detail && Object.keys(row.Detail).length > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={onToggle} aria-expanded={open}>
              {open ? t('audit.hide') : t('audit.details')}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={6}>
            {sentence && (
              <Text size="sm" mb={4}>
                {sentence}
              </Text>
            )}
            <Code block>{JSON.stringify(row.Detail, null, 2)}</Code>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
