// Payout policies (/commission/payout-policies, office, online only): the division and corporation
// payout policies (period, program, tiers of units) and the payout rate table report (one row per tier
// of each policy, optionally only those in force on a day).
import { Alert, Button, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import type { PayoutPolicy } from '../../contract/commission';
import { formatDay } from '../../lib/date-display';
import { ResponsiveTable } from '../../ui/responsive-table';
import { localDate } from '../orders/field/order-draft';
import { day, usePayoutPolicies, useRateTable } from './api';
import { nameColumn, PolicyList, usePagedSorted } from './list-paging';
import { PayoutEditor } from './payout-editor';
import { tierSummary } from './policies-page';

function PolicyTable({
  kind,
  canWrite,
  onEdit,
}: {
  kind: 'division' | 'corporation';
  canWrite: boolean;
  onEdit: (policy: PayoutPolicy | null) => void;
}) {
  const { t } = useTranslation();
  const policies = usePayoutPolicies(kind);
  const list = usePagedSorted(
    policies.data ?? [],
    {
      name: (p) => p.Name,
      division: (p) => p.DivisionName,
      corporation: (p) => p.CorporationName ?? null,
      start: (p) => day(p.StartDate),
    },
    'name',
  );
  if (policies.isLoading) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (policies.isError)
    return (
      <Alert color="red" variant="light">
        {t('commission.loadFailed')}
      </Alert>
    );
  const rows: PayoutPolicy[] = policies.data ?? [];
  const newButton = canWrite && (
    <Group justify="flex-end">
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={() => onEdit(null)}
        data-testid={`new-${kind}-payout-policy`}
      >
        {t('commission.newPolicy')}
      </Button>
    </Group>
  );
  if (!rows.length)
    return (
      <Stack gap="sm">
        {newButton}
        <Text c="dimmed">{t('commission.empty')}</Text>
      </Stack>
    );
  return (
    <Stack gap="sm">
      {newButton}
      <PolicyList
        list={list}
        label={t(`commission.tabs.${kind}`)}
        testId={`${kind}-payout-policies`}
        minWidth={860}
        rowKey={(p) => p.PayoutPolicyID}
        name={(p) => p.Name}
        onOpen={onEdit}
        columns={[
          nameColumn(t('commission.fields.name')),
          { key: 'division', label: t('commission.division'), sortable: true, cell: (p) => p.DivisionName },
          ...(kind === 'corporation'
            ? [
                {
                  key: 'corporation',
                  label: t('commission.corporation'),
                  sortable: true,
                  cell: (p: PayoutPolicy) => p.CorporationName,
                },
              ]
            : []),
          {
            key: 'start',
            label: t('commission.period'),
            sortable: true,
            nowrap: true,
            cell: (p) => `${formatDay(p.StartDate)} – ${formatDay(p.EndDate) || t('commission.open')}`,
          },
          {
            key: 'tiers',
            label: t('commission.tiers.title'),
            cell: (p) => <Text size="xs">{tierSummary(p.Tiers)}</Text>,
          },
        ]}
      />
    </Stack>
  );
}

function RateTable() {
  const { t } = useTranslation();
  const [date, setDate] = useState('');
  const rows = useRateTable(date || null);
  return (
    <Stack gap="sm">
      <TextInput
        type="date"
        label={t('commission.rateTable.inForceOn')}
        description={t('commission.rateTable.allWhenEmpty')}
        value={date}
        onChange={(e) => setDate(e.currentTarget.value)}
        w={220}
      />
      {rows.isLoading && <Loader size="sm" aria-label={t('common.loading')} />}
      {rows.isError && (
        <Alert color="red" variant="light">
          {t('commission.loadFailed')}
        </Alert>
      )}
      {rows.data && rows.data.length === 0 && <Text c="dimmed">{t('commission.empty')}</Text>}
      {!!rows.data?.length && (
        <ResponsiveTable
          label={t('commission.tabs.rates')}
          testId="payout-rate-table"
          tableProps={{ striped: true }}
          minWidth={860}
          rows={rows.data}
          rowKey={(r) => `${r.PayoutPolicyID}-${r.TierNumber}`}
          title={(r) => `${r.PolicyName} · ${t('commission.tiers.tierN', { n: r.TierNumber })}`}
          columns={[
            { key: 'name', label: t('commission.fields.name'), hideInCard: true, cell: (r) => r.PolicyName },
            { key: 'division', label: t('commission.division'), cell: (r) => r.DivisionName },
            { key: 'corporation', label: t('commission.corporation'), cell: (r) => r.CorporationName ?? '—' },
            {
              key: 'period',
              label: t('commission.period'),
              nowrap: true,
              cell: (r) => `${formatDay(r.StartDate)} – ${formatDay(r.EndDate) || t('commission.open')}`,
            },
            { key: 'tier', label: t('commission.tiers.tier'), hideInCard: true, cell: (r) => r.TierNumber },
            {
              key: 'from',
              label: t('commission.tiers.from'),
              align: 'right',
              cell: (r) => r.From.toLocaleString('en-CA'),
            },
            {
              key: 'to',
              label: t('commission.tiers.to'),
              align: 'right',
              cell: (r) => r.To.toLocaleString('en-CA'),
            },
            {
              key: 'rate',
              label: t('commission.tiers.rate'),
              align: 'right',
              cell: (r) => `$${r.Rate.toFixed(2)}`,
            },
          ]}
        />
      )}
    </Stack>
  );
}

export default function PayoutPoliciesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'division';
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'payout:write');
  const [editing, setEditing] = useState<{
    kind: 'division' | 'corporation';
    policy: PayoutPolicy | null;
  } | null>(null);
  return (
    <Stack gap="md" data-testid="payout-policies-page">
      <Title order={2}>{t('commission.payoutTitle')}</Title>
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="division">{t('commission.tabs.division')}</Tabs.Tab>
          <Tabs.Tab value="corporation">{t('commission.tabs.corporation')}</Tabs.Tab>
          <Tabs.Tab value="rates">{t('commission.tabs.rates')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="division" pt="md">
          <PolicyTable
            kind="division"
            canWrite={canWrite}
            onEdit={(policy) => setEditing({ kind: 'division', policy })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="corporation" pt="md">
          <PolicyTable
            kind="corporation"
            canWrite={canWrite}
            onEdit={(policy) => setEditing({ kind: 'corporation', policy })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="md">
          <RateTable />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <PayoutEditor
          kind={editing.kind}
          policy={editing.policy}
          today={localDate(new Date())}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
