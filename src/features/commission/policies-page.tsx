// Commission policies (/commission/policies, office, online only): ICD commission policies per
// corporation (type, threshold, flags, period, tiers), product commission policies per division
// (program + product + line, period, tiers) and the division's multi-play policies, in tabs. A row
// opens the editor; "New policy" starts one. Duplicates and tier gaps/overlaps come back from the
// server by field and row.
import { Alert, Badge, Button, Group, Loader, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import type { MultiPlayPolicy, TierRow } from '../../contract/commission';
import { formatDay } from '../../lib/date-display';
import { CorporationSelect } from '../access/corporation-select';
import { useCorporations, useDivisions } from '../access/shared';
import { localDate } from '../orders/field/order-draft';
import {
  day,
  useCommissionPermissions,
  useDivisionCatalogue,
  useIcdPolicies,
  useMultiPlay,
  useProductPolicies,
} from './api';
import { nameColumn, PolicyList, programColumn, usePagedSorted } from './list-paging';
import { MultiPlayEditor } from './multi-play-editor';
import { type EditorTarget, PolicyEditor } from './policy-editor';

const today = () => localDate(new Date());

export function tierSummary(tiers: readonly TierRow[]): string {
  return tiers
    .map((r) => `${r.From.toLocaleString('en-CA')}–${r.To.toLocaleString('en-CA')}: $${r.Rate.toFixed(2)}`)
    .join(' · ');
}

function Period({ start, end }: { start: string; end: string | null }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDay(start)} – {end ? formatDay(end) : t('commission.open')}
    </Text>
  );
}

/** A policy's tiers on one line, small. */
function Tiers({ rows }: { rows: readonly TierRow[] }) {
  return <Text size="xs">{tierSummary(rows)}</Text>;
}

function ListState(props: { loading: boolean; error: boolean; empty: boolean }) {
  const { t } = useTranslation();
  if (props.loading) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (props.error)
    return (
      <Alert color="red" variant="light">
        {t('commission.loadFailed')}
      </Alert>
    );
  if (props.empty) return <Text c="dimmed">{t('commission.empty')}</Text>;
  return null;
}

function IcdTab({
  canWrite,
  onEdit,
}: {
  canWrite: boolean;
  onEdit: (t: EditorTarget, programs: { ProgramID: number; Name: string }[]) => void;
}) {
  const { t } = useTranslation();
  const corporations = useCorporations();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('corporation')) || corporations.data?.[0]?.IcdCorporationID || null;
  const policies = useIcdPolicies(chosen);
  const permissions = useCommissionPermissions(chosen);
  const programs = permissions.data?.Programs ?? [];
  const list = usePagedSorted(
    policies.data ?? [],
    {
      name: (p) => p.Name,
      program: (p) => p.ProgramName,
      type: (p) => p.CommissionTypeName,
      threshold: (p) => p.CommissionThreshold,
      start: (p) => day(p.StartDate),
    },
    'name',
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <CorporationSelect
          label={t('commission.corporation')}
          searchable={false}
          value={chosen ? String(chosen) : null}
          onChange={(v) => v && setParams((p) => ({ ...Object.fromEntries(p), corporation: v }))}
          allowDeselect={false}
          w={320}
          data-testid="icd-corporation"
        />
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!chosen || !permissions.data?.CanWrite}
            onClick={() => chosen && onEdit({ kind: 'icd', corporationId: chosen, policy: null }, programs)}
            data-testid="new-icd-policy"
          >
            {t('commission.newPolicy')}
          </Button>
        )}
      </Group>
      <ListState loading={policies.isLoading} error={policies.isError} empty={policies.data?.length === 0} />
      {!!policies.data?.length && (
        <PolicyList
          list={list}
          label={t('commission.tabs.icd')}
          testId="icd-policies"
          minWidth={900}
          rowKey={(p) => p.CommissionPolicyID}
          name={(p) => p.Name}
          onOpen={(p) => chosen && onEdit({ kind: 'icd', corporationId: chosen, policy: p }, programs)}
          columns={[
            nameColumn(t('commission.fields.name')),
            programColumn(t('commission.fields.program')),
            {
              key: 'type',
              label: t('commission.fields.type'),
              sortable: true,
              cell: (p) =>
                t(`commission.types.${p.CommissionTypeName}`, { defaultValue: p.CommissionTypeName }),
            },
            {
              key: 'threshold',
              label: t('commission.fields.threshold'),
              sortable: true,
              cell: (p) => `$${p.CommissionThreshold.toFixed(2)}`,
            },
            {
              key: 'start',
              label: t('commission.period'),
              sortable: true,
              cell: (p) => <Period start={day(p.StartDate) ?? ''} end={day(p.EndDate)} />,
            },
            { key: 'tiers', label: t('commission.tiers.title'), cell: (p) => <Tiers rows={p.Tiers} /> },
          ]}
        />
      )}
    </Stack>
  );
}

function DivisionPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const divisions = useDivisions();
  return (
    <Select
      label={t('commission.division')}
      data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
      value={value ? String(value) : null}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      w={240}
      data-testid="division-picker"
    />
  );
}

function ProductTab(props: {
  divisionId: number | null;
  setDivision: (id: number) => void;
  canWrite: boolean;
  onEdit: (t: EditorTarget) => void;
}) {
  const { t } = useTranslation();
  const { divisionId } = props;
  const policies = useProductPolicies(divisionId);
  const catalogue = useDivisionCatalogue(divisionId);
  const productName = useMemo(
    () => new Map((catalogue.data?.products ?? []).map((p) => [p.ProductID, p.Name])),
    [catalogue.data],
  );
  const lineName = useMemo(
    () => new Map((catalogue.data?.lines ?? []).map((l) => [l.ProductLineID, l.Name])),
    [catalogue.data],
  );
  const list = usePagedSorted(
    policies.data ?? [],
    {
      name: (p) => p.Name,
      program: (p) => p.ProgramName,
      product: (p) => productName.get(p.ProductID) ?? `#${p.ProductID}`,
      line: (p) => (p.ProductLineID ? (lineName.get(p.ProductLineID) ?? `#${p.ProductLineID}`) : null),
      start: (p) => day(p.StartDate),
    },
    'name',
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <DivisionPicker value={divisionId} onChange={props.setDivision} />
        {props.canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!divisionId}
            onClick={() => divisionId && props.onEdit({ kind: 'product', divisionId, policy: null })}
            data-testid="new-product-policy"
          >
            {t('commission.newPolicy')}
          </Button>
        )}
      </Group>
      <ListState loading={policies.isLoading} error={policies.isError} empty={policies.data?.length === 0} />
      {!!policies.data?.length && (
        <PolicyList
          list={list}
          label={t('commission.tabs.product')}
          testId="product-policies"
          minWidth={900}
          rowKey={(p) => p.ProductCommissionPolicyID}
          name={(p) => p.Name}
          onOpen={(p) => divisionId && props.onEdit({ kind: 'product', divisionId, policy: p })}
          columns={[
            nameColumn(t('commission.fields.name')),
            programColumn(t('commission.fields.program')),
            {
              key: 'product',
              label: t('commission.fields.product'),
              sortable: true,
              cell: (p) => productName.get(p.ProductID) ?? `#${p.ProductID}`,
            },
            {
              key: 'line',
              label: t('commission.fields.line'),
              sortable: true,
              cell: (p) =>
                p.ProductLineID
                  ? (lineName.get(p.ProductLineID) ?? `#${p.ProductLineID}`)
                  : t('commission.fields.anyLine'),
            },
            {
              key: 'start',
              label: t('commission.period'),
              sortable: true,
              cell: (p) => <Period start={day(p.StartDate) ?? ''} end={day(p.EndDate)} />,
            },
            { key: 'tiers', label: t('commission.tiers.title'), cell: (p) => <Tiers rows={p.Tiers} /> },
          ]}
        />
      )}
    </Stack>
  );
}

function MultiPlayTab(props: {
  divisionId: number | null;
  setDivision: (id: number) => void;
  canWrite: boolean;
  onEdit: (policy: MultiPlayPolicy | null) => void;
}) {
  const { t } = useTranslation();
  const policies = useMultiPlay(props.divisionId);
  const catalogue = useDivisionCatalogue(props.divisionId);
  const productName = new Map((catalogue.data?.products ?? []).map((p) => [p.ProductID, p.Name]));
  const list = usePagedSorted(
    policies.data ?? [],
    { name: (p) => p.Name, minimum: (p) => p.MinimumPlays, bonus: (p) => p.Bonus },
    'name',
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <DivisionPicker value={props.divisionId} onChange={props.setDivision} />
        {props.canWrite && (
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!props.divisionId || !catalogue.data}
            onClick={() => props.onEdit(null)}
            data-testid="new-multi-play-policy"
          >
            {t('commission.newPolicy')}
          </Button>
        )}
      </Group>
      <ListState loading={policies.isLoading} error={policies.isError} empty={policies.data?.length === 0} />
      {!!policies.data?.length && (
        <PolicyList
          list={list}
          label={t('commission.tabs.multiPlay')}
          testId="multi-play-policies"
          rowKey={(p) => p.MultiPlayCommissionPolicyID}
          name={(p) => p.Name}
          onOpen={(p) => catalogue.data && props.onEdit(p)}
          columns={[
            nameColumn(t('commission.fields.name')),
            {
              key: 'minimum',
              label: t('commission.multiPlay.minimum'),
              sortable: true,
              cell: (p) => p.MinimumPlays,
            },
            {
              key: 'bonus',
              label: t('commission.multiPlay.bonus'),
              sortable: true,
              cell: (p) => `$${p.Bonus.toFixed(2)}`,
            },
            {
              key: 'products',
              label: t('commission.multiPlay.products'),
              cell: (p) => p.Pairs.map((x) => productName.get(x.ProductID) ?? `#${x.ProductID}`).join(', '),
            },
            {
              key: 'status',
              label: t('commission.status'),
              cell: (p) =>
                p.IsActive ? (
                  t('commission.multiPlay.active')
                ) : (
                  <Badge color="gray">{t('commission.inactive')}</Badge>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

export default function CommissionPoliciesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'icd';
  const divisionId = Number(params.get('division')) || 35;
  const setDivision = (id: number) => setParams((p) => ({ ...Object.fromEntries(p), division: String(id) }));
  const [editing, setEditing] = useState<{
    target: EditorTarget;
    programs: { ProgramID: number; Name: string }[];
  } | null>(null);
  const [multiPlay, setMultiPlay] = useState<{ policy: MultiPlayPolicy | null } | null>(null);
  const session = useSessionData();
  const canWrite = hasGrant(session?.grants ?? [], 'commission:write');
  const editDivision =
    editing?.target.kind === 'product' ? editing.target.divisionId : multiPlay ? divisionId : null;
  const catalogue = useDivisionCatalogue(editDivision);
  return (
    <Stack gap="md" data-testid="commission-policies-page">
      <Title order={2}>{t('commission.policiesTitle')}</Title>
      <Tabs
        value={tab}
        onChange={(v) => v && setParams((p) => ({ ...Object.fromEntries(p), tab: v }))}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="icd">{t('commission.tabs.icd')}</Tabs.Tab>
          <Tabs.Tab value="product">{t('commission.tabs.product')}</Tabs.Tab>
          <Tabs.Tab value="multiPlay">{t('commission.tabs.multiPlay')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="icd" pt="md">
          <IcdTab canWrite={canWrite} onEdit={(target, programs) => setEditing({ target, programs })} />
        </Tabs.Panel>
        <Tabs.Panel value="product" pt="md">
          <ProductTab
            divisionId={divisionId}
            setDivision={setDivision}
            canWrite={canWrite}
            onEdit={(target) => setEditing({ target, programs: [] })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="multiPlay" pt="md">
          <MultiPlayTab
            divisionId={divisionId}
            setDivision={setDivision}
            canWrite={canWrite}
            onEdit={(policy) => setMultiPlay({ policy })}
          />
        </Tabs.Panel>
      </Tabs>
      {editing && (editing.target.kind === 'icd' || catalogue.data) && (
        <PolicyEditor
          target={editing.target}
          today={today()}
          programs={editing.target.kind === 'icd' ? editing.programs : (catalogue.data?.programs ?? [])}
          products={catalogue.data?.products ?? []}
          lines={catalogue.data?.lines ?? []}
          canWrite={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
      {multiPlay && catalogue.data && (
        <MultiPlayEditor
          divisionId={divisionId}
          policy={multiPlay.policy}
          products={catalogue.data.products}
          lines={catalogue.data.lines}
          canWrite={canWrite}
          onClose={() => setMultiPlay(null)}
        />
      )}
    </Stack>
  );
}
