// Assign reps to leads (PATCH leads/bulk): pick leads of the group (by territory or search, page by
// page, or all on the page), pick reps, and replace, add or remove them as the leads' reps.

import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/errors';
import { type LeadBulkPatch, LeadBulkPatchResult, type LeadGroup } from '../../../contract/leads';
import { ListFooter } from '../../../ui/list-footer';
import { ScrollTable } from '../../../ui/scroll-table';
import { LeadStatusBadge } from '../components/status-badge';
import { LEADS_PAGE_SIZE, leadsQuery, repsQuery, territoriesQuery } from './manage-api';

type Mode = 'Replace' | 'Add' | 'Remove';

export function AssignRepsPanel({ group }: { group: LeadGroup }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [territoryId, setTerritoryId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [reps, setReps] = useState<string[]>([]);
  const [mode, setMode] = useState<Mode>('Add');
  const territories = useQuery(territoriesQuery(api, group.LeadGroupID));
  const people = useQuery(repsQuery(api, group.LeadGroupID));
  const leads = useQuery(
    leadsQuery(api, group.LeadGroupID, territoryId ? Number(territoryId) : null, page - 1, debounced),
  );

  // People the screen knows: the group's reps, and everyone already assigned on this page.
  const known = new Map<number, string>();
  for (const r of people.data ?? []) known.set(r.EmployeeID, r.FullName);
  for (const l of leads.data?.Items ?? [])
    for (const a of l.AssignedReps) known.set(a.EmployeeID, a.FullName);

  const save = useMutation({
    mutationFn: () => {
      const body: LeadBulkPatch = {
        LeadIDs: [...picked],
        AssignedReps: reps.map(Number),
        AssignmentMode: mode,
      };
      return api.patch('leads/bulk', body, { schema: LeadBulkPatchResult });
    },
    onSuccess: (result) => {
      notifications.show({
        color: 'green',
        message: t('leads.manage.reps.saved', { count: result.UpdatedCount }),
      });
      setPicked(new Set());
      void queryClient.invalidateQueries({ queryKey: ['leads-manage', 'leads', group.LeadGroupID] });
      void queryClient.invalidateQueries({ queryKey: ['leads-manage', 'reps', group.LeadGroupID] });
    },
    onError: (err) =>
      notifications.show({ color: 'red', title: t('leads.manage.reps.failed'), message: errorMessage(err) }),
  });

  const items = leads.data?.Items ?? [];
  const allOnPage = items.length > 0 && items.every((l) => picked.has(l.LeadID));
  const toggle = (id: number) =>
    setPicked((all) => {
      const next = new Set(all);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="sm" data-testid="assign-reps">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('leads.manage.reps.territory')}
          placeholder={t('leads.manage.reps.anyTerritory')}
          data={(territories.data ?? []).map((x) => ({ value: String(x.TerritoryID), label: x.Name }))}
          value={territoryId}
          onChange={(v) => {
            setTerritoryId(v);
            setPage(1);
          }}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('leads.manage.reps.search')}
          placeholder={t('leads.manage.reps.searchHint')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </SimpleGrid>

      {leads.isPending ? (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : leads.isError ? (
        <Alert color="red" title={t('leads.manage.reps.loadFailed')}>
          {errorMessage(leads.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('leads.manage.reps.none')}</Text>
      ) : (
        <>
          <ScrollTable label={t('leads.manage.reps.tableLabel')} minWidth={560}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('leads.manage.reps.pickPage')}
                      checked={allOnPage}
                      indeterminate={!allOnPage && items.some((l) => picked.has(l.LeadID))}
                      onChange={() =>
                        setPicked((all) => {
                          const next = new Set(all);
                          for (const l of items) {
                            if (allOnPage) next.delete(l.LeadID);
                            else next.add(l.LeadID);
                          }
                          return next;
                        })
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('leads.manage.reps.address')}</Table.Th>
                  <Table.Th>{t('leads.manage.reps.status')}</Table.Th>
                  <Table.Th>{t('leads.manage.reps.reps')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((l) => (
                  <Table.Tr key={l.LeadID}>
                    <Table.Td>
                      <Checkbox
                        aria-label={l.StreetLine1 ?? String(l.LeadID)}
                        checked={picked.has(l.LeadID)}
                        onChange={() => toggle(l.LeadID)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {l.StreetLine1 ?? '—'}
                      {l.City ? `, ${l.City}` : ''}
                    </Table.Td>
                    <Table.Td>{l.LeadStatus ? <LeadStatusBadge badge={l.LeadStatus} /> : '—'}</Table.Td>
                    <Table.Td>{l.AssignedReps.map((a) => a.FullName).join(', ') || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <ListFooter
            label={t('leads.manage.reps.total', { count: leads.data.TotalCount })}
            totalCount={leads.data.TotalCount}
            pageSize={LEADS_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            size="sm"
          />
        </>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MultiSelect
          label={t('leads.manage.reps.pickReps')}
          data={[...known].map(([id, fullName]) => ({ value: String(id), label: fullName }))}
          value={reps}
          onChange={setReps}
          searchable
          comboboxProps={{ withinPortal: true }}
          nothingFoundMessage={t('leads.manage.reps.nobody')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('leads.manage.reps.mode')}
          </Text>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as Mode)}
            data={(['Add', 'Replace', 'Remove'] as const).map((m) => ({
              value: m,
              label: t(`leads.manage.reps.modes.${m}`),
            }))}
          />
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end">
        <Text size="sm" c="dimmed">
          {t('leads.manage.reps.picked', { count: picked.size })}
        </Text>
        <Button
          disabled={picked.size === 0 || (reps.length === 0 && mode !== 'Replace')}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('leads.manage.reps.apply')}
        </Button>
      </Group>
    </Stack>
  );
}
