// The Reports hub (/reports, online only): every report and dashboard the user may open, grouped,
// with a search box. Dashboards come from GET home/dashboards; report screens from hub-entries.ts,
// each shown only when the app declares its state and the user may read it.
import {
  Alert,
  Badge,
  Card,
  CloseButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/errors';
import { hasGrant } from '../../../api/permissions';
import { useSessionData } from '../../../app/app-context';
import { Dashboard } from '../../../contract/access';
import { ROLE_DASHBOARDS } from '../../../contract/dashboards';
import { HUB_GROUPS, hubEntries, matchSearch, type ShownEntry } from './hub-entries';

const isRole = (id: string) => ROLE_DASHBOARDS.some((d) => d.DashboardID === id);

const RogersReportList = z.array(
  z.object({ ReportID: z.string(), Title: z.string(), Description: z.string(), Url: z.string() }),
);

/** The Rogers reports the user may run; none when they may not run reports (no call is made). */
function useRogersReports(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['home-dashboards', 'rogers-reports'],
    queryFn: ({ signal }) => api.get('reports/rogers', { signal, schema: RogersReportList }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function useDashboards() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['home-dashboards', 'list'],
    queryFn: ({ signal }) => api.get('home/dashboards', { signal, schema: z.array(Dashboard) }),
    staleTime: 5 * 60_000,
  });
}

export default function ReportsHubPage() {
  const { t } = useTranslation();
  const data = useSessionData();
  const dashboards = useDashboards();
  const rogers = useRogersReports(hasGrant(data?.grants ?? [], 'reports:read'));
  const [search, setSearch] = useState('');
  const readable = useMemo(
    () => new Set((data?.states ?? []).filter((s) => s.CanRead).map((s) => s.Name)),
    [data?.states],
  );
  const entries = useMemo(
    () => hubEntries(dashboards.data ?? [], (name) => readable.has(name), rogers.data ?? []),
    [dashboards.data, readable, rogers.data],
  );
  const title = (e: ShownEntry) =>
    e.report
      ? t(`rogers.reportTitles.${e.report.ReportID}`, { defaultValue: e.report.Title })
      : e.dashboard
        ? t(`home-dashboards.hub.dashboards.${e.dashboard.DashboardID}`, { defaultValue: e.dashboard.Title })
        : t(`home-dashboards.hub.entries.${e.entryId}.title`);
  const description = (e: ShownEntry) =>
    e.report
      ? t(`rogers.reportDescriptions.${e.report.ReportID}`, { defaultValue: e.report.Description })
      : e.dashboard
        ? t(
            `home-dashboards.hub.dashboardDescription.${isRole(e.dashboard.DashboardID) ? e.dashboard.DashboardID : 'rogers'}`,
          )
        : t(`home-dashboards.hub.entries.${e.entryId}.description`);
  const shown = matchSearch(
    entries,
    search,
    (e) => `${title(e)} ${description(e)} ${t(`home-dashboards.hub.groups.${e.group}`)}`,
  );

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('home-dashboards.hub.title')}
        </Title>
        <Text c="dimmed">{t('home-dashboards.hub.subtitle')}</Text>
      </Stack>
      <TextInput
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t('home-dashboards.hub.searchPlaceholder')}
        aria-label={t('home-dashboards.hub.search')}
        leftSection={<IconSearch size={16} />}
        rightSection={
          search ? (
            <CloseButton aria-label={t('home-dashboards.hub.clear')} onClick={() => setSearch('')} />
          ) : null
        }
        maw={480}
        data-testid="hub-search"
      />
      {dashboards.isError && (
        <Alert color="red" title={t('home-dashboards.hub.dashboardsFailed')}>
          {errorMessage(dashboards.error)}
        </Alert>
      )}
      {dashboards.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('home-dashboards.hub.loadingDashboards')}
          </Text>
        </Group>
      )}
      {shown.length === 0 && !dashboards.isPending ? (
        <Text c="dimmed" data-testid="hub-empty">
          {search ? t('home-dashboards.hub.noMatch', { search }) : t('home-dashboards.hub.nothing')}
        </Text>
      ) : (
        HUB_GROUPS.map((group) => {
          const inGroup = shown.filter((e) => e.group === group);
          if (!inGroup.length) return null;
          return (
            <Stack
              key={group}
              gap="xs"
              component="section"
              aria-label={t(`home-dashboards.hub.groups.${group}`)}
              data-hub-group={group}
            >
              <Group gap="xs">
                <Title order={2} size="h4">
                  {t(`home-dashboards.hub.groups.${group}`)}
                </Title>
                <Badge variant="light" color="gray">
                  {inGroup.length}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {inGroup.map((e) => (
                  <Card
                    key={e.key}
                    component={Link}
                    to={e.url}
                    withBorder
                    radius="md"
                    padding="md"
                    data-hub-entry={e.key}
                    data-state={e.state}
                  >
                    <Text fw={600}>{title(e)}</Text>
                    <Text size="sm" c="dimmed" lineClamp={3} title={description(e)}>
                      {description(e)}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
