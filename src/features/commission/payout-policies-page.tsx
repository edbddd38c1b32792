// Payout policies (/commission/payout-policies, office, online only): the division and corporation
// payout policies (period, program, tiers of units) and the payout rate table report (one row per tier
// of each policy, optionally only those in force on a day).
import { Alert, Button, Group, Loader, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import type { PayoutPolicy } from '../../contract/commission';
import { localDate } from '../orders/field/order-draft';
import { day, usePayoutPolicies, useRateTable } from './api';
import { OpenRow, usePagedSorted } from './list-paging';
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
      <Table.ScrollContainer minWidth={860}>
        <Table highlightOnHover data-testid={`${kind}-payout-policies`}>
          <Table.Thead>
            <Table.Tr>
              {list.header('name', t('commission.fields.name'))}
              {list.header('division', t('commission.division'))}
              {kind === 'corporation' && list.header('corporation', t('commission.corporation'))}
              {list.header('start', t('commission.period'))}
              <Table.Th>{t('commission.tiers.title')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.pageRows.map((p) => (
              <OpenRow key={p.PayoutPolicyID} onOpen={() => onEdit(p)}>
                <Table.Td>{p.Name}</Table.Td>
                <Table.Td>{p.DivisionName}</Table.Td>
                {kind === 'corporation' && <Table.Td>{p.CorporationName}</Table.Td>}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {day(p.StartDate)} – {day(p.EndDate) ?? t('commission.open')}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{tierSummary(p.Tiers)}</Text>
                </Table.Td>
              </OpenRow>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.footer}
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
        <Table.ScrollContainer minWidth={860}>
          <Table striped data-testid="payout-rate-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('commission.fields.name')}</Table.Th>
                <Table.Th>{t('commission.division')}</Table.Th>
                <Table.Th>{t('commission.corporation')}</Table.Th>
                <Table.Th>{t('commission.period')}</Table.Th>
                <Table.Th>{t('commission.tiers.tier')}</Table.Th>
                <Table.Th ta="right">{t('commission.tiers.from')}</Table.Th>
                <Table.Th ta="right">{t('commission.tiers.to')}</Table.Th>
                <Table.Th ta="right">{t('commission.tiers.rate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.map((r) => (
                <Table.Tr key={`${r.PayoutPolicyID}-${r.TierNumber}`}>
                  <Table.Td>{r.PolicyName}</Table.Td>
                  <Table.Td>{r.DivisionName}</Table.Td>
                  <Table.Td>{r.CorporationName ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {day(r.StartDate)} – {day(r.EndDate) ?? t('commission.open')}
                  </Table.Td>
                  <Table.Td>{r.TierNumber}</Table.Td>
                  <Table.Td ta="right">{r.From.toLocaleString('en-CA')}</Table.Td>
                  <Table.Td ta="right">{r.To.toLocaleString('en-CA')}</Table.Td>
                  <Table.Td ta="right">${r.Rate.toFixed(2)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
