// Lead groups for owners and managers (online only): the groups they run, and for the chosen group its
// territories (draw, edit, assign to an office/team with history), rep assignments, lead batch
// imports with their geocoding progress, and the division's leads policy.
import { Alert, Badge, Button, Center, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/errors';
import { ScrollTable } from '../../../ui/scroll-table';
import { AssignRepsPanel } from './assign-reps-panel';
import { BatchesPanel } from './batches-panel';
import { groupsQuery } from './manage-api';
import { PolicyPanel } from './policy-panel';
import { TerritoriesPanel } from './territories-panel';

const DIVISIONS: Record<number, string> = { 29: 'RoadShow', 31: 'Dtv', 35: 'Rogers' };

export default function LeadsManagePage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const groups = useQuery(groupsQuery(api));
  const [chosen, setChosen] = useState<number | null>(null);
  const [tab, setTab] = useState<string | null>('territories');
  const list = groups.data ?? [];
  const group = list.find((g) => g.LeadGroupID === chosen) ?? list[0] ?? null;

  return (
    <Stack maw={1300} gap="md" data-testid="leads-manage">
      <Title order={1} size="h2">
        {t('leads.manage.title')}
      </Title>
      {groups.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : groups.isError ? (
        <Alert color="red" title={t('leads.manage.groupsFailed')}>
          {errorMessage(groups.error)}
          <Button variant="light" size="xs" mt="sm" onClick={() => void groups.refetch()} display="block">
            {t('common.retry')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" py="lg">
          {t('leads.manage.noGroups')}
        </Text>
      ) : (
        <>
          <ScrollTable label={t('leads.manage.title')} minWidth={320}>
            <Table highlightOnHover verticalSpacing={6} data-testid="lead-groups">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('leads.manage.group')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('leads.manage.division')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('leads.manage.corporation')}</Table.Th>
                  <Table.Th ta="right">{t('leads.manage.leads')}</Table.Th>
                  <Table.Th>{t('leads.manage.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((g) => {
                  const active = g.LeadGroupID === group?.LeadGroupID;
                  return (
                    <Table.Tr
                      key={g.LeadGroupID}
                      bg={active ? 'var(--mantine-color-blue-light)' : undefined}
                      aria-selected={active}
                    >
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => setChosen(g.LeadGroupID)}
                          fw={active ? 700 : 500}
                        >
                          {g.Name}
                        </Button>
                        {/* On a phone the division and corporation columns fold under the name. */}
                        <Text size="xs" c="dimmed" hiddenFrom="sm" px={6}>
                          {DIVISIONS[g.DivisionID] ?? g.DivisionID} · {g.IcdCorporationName}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{DIVISIONS[g.DivisionID] ?? g.DivisionID}</Table.Td>
                      <Table.Td visibleFrom="sm">{g.IcdCorporationName}</Table.Td>
                      <Table.Td ta="right">{g.LeadsCount.toLocaleString()}</Table.Td>
                      <Table.Td miw={104}>
                        <Badge color={g.IsActive ? 'green' : 'gray'} variant="light">
                          {g.IsActive ? t('leads.manage.active') : t('leads.manage.inactive')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>

          {group && (
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="territories">{t('leads.manage.tabs.territories')}</Tabs.Tab>
                <Tabs.Tab value="reps">{t('leads.manage.tabs.reps')}</Tabs.Tab>
                <Tabs.Tab value="batches">{t('leads.manage.tabs.batches')}</Tabs.Tab>
                <Tabs.Tab value="policy">{t('leads.manage.tabs.policy')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="territories" pt="md">
                <TerritoriesPanel key={group.LeadGroupID} group={group} />
              </Tabs.Panel>
              <Tabs.Panel value="reps" pt="md">
                <AssignRepsPanel key={group.LeadGroupID} group={group} />
              </Tabs.Panel>
              <Tabs.Panel value="batches" pt="md">
                <BatchesPanel key={group.LeadGroupID} group={group} />
              </Tabs.Panel>
              <Tabs.Panel value="policy" pt="md">
                <PolicyPanel key={group.DivisionID} divisionId={group.DivisionID} />
              </Tabs.Panel>
            </Tabs>
          )}
        </>
      )}
    </Stack>
  );
}
