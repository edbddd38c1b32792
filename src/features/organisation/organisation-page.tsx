// The organisation tree (online only): each corporation with its offices (and their divisions), and
// the divisions. Every record opens its detail page; new records start from here.
import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuilding, IconBuildingSkyscraper, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import type { Corporation, DivisionItem, Office } from '../../contract/organisation';
import { QueryView } from '../../ui/query-view';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useCorporations, useDivisions, useOffices } from './api';

const matches = (text: string, filter: string) => text.toLowerCase().includes(filter.trim().toLowerCase());

export default function OrganisationPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const isAdmin = hasGrant(session?.grants ?? [], 'organisation:admin');
  const corporations = useCorporations();
  const offices = useOffices();
  const divisions = useDivisions();
  const [filter, setFilter] = useState('');
  const divisionName = useMemo(
    () => new Map((divisions.data ?? []).map((d) => [d.DivisionID, d.Name])),
    [divisions.data],
  );

  const tree = useMemo(() => {
    // In name order, the corporations and each one's offices (the server's order is its ids').
    const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
    const list = [...(corporations.data ?? [])].sort((a, b) => byName(a.ClientName, b.ClientName));
    const all = [...(offices.data ?? [])].sort((a, b) => byName(a.OfficeName, b.OfficeName));
    return list
      .map((c) => ({ corp: c, offices: all.filter((o) => o.IcdCorporationID === c.IcdCorporationID) }))
      .map((n) =>
        !filter.trim() || matches(`${n.corp.ClientName} ${n.corp.Owner}`, filter)
          ? n
          : { ...n, offices: n.offices.filter((o) => matches(`${o.OfficeName} ${o.City}`, filter)) },
      )
      .filter(
        (n) =>
          !filter.trim() || n.offices.length > 0 || matches(`${n.corp.ClientName} ${n.corp.Owner}`, filter),
      );
  }, [corporations.data, offices.data, filter]);

  const query = {
    isPending: corporations.isPending || offices.isPending,
    isError: corporations.isError || offices.isError,
    error: corporations.error ?? offices.error,
    data: corporations.data && offices.data ? tree : undefined,
    refetch: () => {
      void corporations.refetch();
      void offices.refetch();
    },
  };

  return (
    <Stack gap="md" maw={1280}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t('organisation.title')}
        </Title>
        <Group gap="xs">
          {isAdmin ? (
            <>
              <Button
                component={Link}
                to="/organisation/corporations/new"
                leftSection={<IconPlus size={16} />}
              >
                {t('organisation.newCorporation')}
              </Button>
              <Button
                component={Link}
                to="/organisation/divisions/new"
                variant="default"
                leftSection={<IconPlus size={16} />}
              >
                {t('organisation.newDivision')}
              </Button>
            </>
          ) : null}
        </Group>
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        label={t('organisation.search')}
        placeholder={t('organisation.searchPlaceholder')}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={420}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <QueryView
            query={query}
            errorTitle={t('organisation.loadFailed')}
            empty={t('organisation.empty')}
            isEmpty={(d) => d.length === 0}
          >
            {(nodes) => (
              <Stack
                gap="md"
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
                aria-label={t('organisation.tree')}
              >
                {nodes.map((n) => (
                  <li key={n.corp.IcdCorporationID}>
                    <CorporationNode corp={n.corp} offices={n.offices} divisionName={divisionName} />
                  </li>
                ))}
              </Stack>
            )}
          </QueryView>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DivisionsCard query={divisions} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function CorporationNode({
  corp,
  offices,
  divisionName,
}: {
  corp: Corporation;
  offices: Office[];
  divisionName: Map<number, string>;
}) {
  const { t } = useTranslation();
  const columns: ResponsiveColumn<Office>[] = [
    {
      key: 'name',
      label: t('organisation.office.name'),
      hideInCard: true,
      cell: (o) => (
        <Group gap={6} wrap="nowrap">
          <IconBuilding size={16} aria-hidden />
          <Anchor component={Link} to={`/organisation/offices/${o.IcdOfficeID}`}>
            {o.OfficeName}
          </Anchor>
        </Group>
      ),
    },
    { key: 'place', label: t('organisation.office.place'), cell: (o) => `${o.City}, ${o.StateProvince}` },
    {
      key: 'timeZone',
      label: t('organisation.office.timeZone'),
      cell: (o) => (
        <Text size="sm" ff="monospace">
          {o.TimeZone}
        </Text>
      ),
    },
    {
      key: 'divisions',
      label: t('organisation.divisions'),
      cell: (o) => (
        <Group gap={4}>
          {o.DivisionIDs.map((d) => (
            <Badge key={d} size="sm" variant="outline">
              {divisionName.get(d) ?? d}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
  return (
    <Card withBorder padding="md" data-testid="corporation-node">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Group gap="sm" wrap="nowrap">
          <IconBuildingSkyscraper size={22} aria-hidden />
          <div>
            <Anchor component={Link} to={`/organisation/corporations/${corp.IcdCorporationID}`} fw={600}>
              {corp.ClientName}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('organisation.ownerIs', { owner: corp.Owner })} ·{' '}
              {t(`organisation.country.${corp.CountryID}`)}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          <Badge color={corp.CorporationStatusID === 1 ? 'green' : 'gray'} variant="light">
            {t(`organisation.status.${corp.CorporationStatusID}`)}
          </Badge>
          {corp.Access.CanUpdate ? (
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={`/organisation/offices/new?corporation=${corp.IcdCorporationID}`}
              leftSection={<IconPlus size={14} />}
            >
              {t('organisation.addOffice')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {offices.length === 0 ? (
        <Text size="sm" c="dimmed" pl="xl">
          {t('organisation.noOffices')}
        </Text>
      ) : (
        <ResponsiveTable
          label={t('organisation.officesOf', { name: corp.ClientName })}
          rows={offices}
          rowKey={(o) => o.IcdOfficeID}
          title={(o) => (
            <Anchor component={Link} to={`/organisation/offices/${o.IcdOfficeID}`}>
              {o.OfficeName}
            </Anchor>
          )}
          columns={columns}
          tableProps={{ verticalSpacing: 'xs', highlightOnHover: true }}
        />
      )}
    </Card>
  );
}

function DivisionsCard({ query }: { query: ReturnType<typeof useDivisions> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('organisation.divisions')}
      </Title>
      <QueryView
        query={query}
        errorTitle={t('organisation.divisionsLoadFailed')}
        empty={t('organisation.noDivisions')}
        isEmpty={(d: DivisionItem[]) => d.length === 0}
      >
        {(list) => (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((d) => (
              <Group key={d.DivisionID} component="li" justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/organisation/divisions/${d.DivisionID}`}>
                  {d.Name}
                </Anchor>
                <Group gap={6} wrap="nowrap">
                  {!d.IsActive ? (
                    <Badge size="sm" color="gray" variant="light">
                      {t('organisation.inactive')}
                    </Badge>
                  ) : null}
                  <Text size="sm" c="dimmed">
                    {t('organisation.officeCount', { count: d.OfficeCount })}
                  </Text>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </QueryView>
    </Card>
  );
}
