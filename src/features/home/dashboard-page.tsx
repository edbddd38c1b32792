// A role dashboard on its own page (/dashboards/home/:dashboardId), with every list in full. A
// dashboard the user may not open (or that does not exist) says so.
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSessionData } from '../../app/app-context';
import { RoleDashboardCard } from './dashboards/dashboard-cards';
import { roleDashboardsOf } from './dashboards/which';

export default function DashboardPage() {
  const { t } = useTranslation();
  const { dashboardId } = useParams();
  const data = useSessionData();
  const def = roleDashboardsOf(data?.grants ?? []).find((d) => d.DashboardID === dashboardId);
  if (!def)
    return (
      <Stack maw={720}>
        <Alert color="gray" title={t('home-dashboards.unknown')} data-testid="dashboard-unknown">
          <Anchor component={Link} to="/">
            {t('home-dashboards.backHome')}
          </Anchor>
        </Alert>
      </Stack>
    );
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h2">
        {t(`home-dashboards.${titleKey(def.DashboardID)}.title`)}
      </Title>
      <RoleDashboardCard id={def.DashboardID} detail />
    </Stack>
  );
}

function titleKey(id: string): string {
  return id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
